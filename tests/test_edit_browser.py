"""The edit page in a real browser (headless Chromium, selenium): a photographed sheet read by
`cartoref read`, then on the page: align the photo by its four corners (clicked, then one
dragged away and back), paint a space, type a
whole row, fix every '?', save; the saved file is exactly the map typed, and check passes."""

from __future__ import annotations

import os

import numpy as np
import pytest
from conftest import REPO
from photos import photograph, random_map, sheet_image
from test_serve_browser import CHROMIUM, DRIVER, need_browser  # noqa: F401
from test_table_browser import chromium, tap, until

from cartoref.cards import catalog
from cartoref.grid import SIZE, Cell, Terrain
from cartoref.mapfile import read_map

SHOTS = os.path.join(REPO, "tests", "screenshots")


@pytest.mark.campaign  # about 10 s: CI runs it with the campaigns
def test_a_read_sheet_is_fixed_and_saved_on_the_edit_page(cartoref, tmp_path):
    need_browser()
    from cartoref.web.editor import make_editor
    from cartoref.web.server import app_in_thread

    side = catalog().sheet_side("A")
    truth = random_map(side, 3)
    photo = photograph(sheet_image(truth, seed=3, cell=48), seed=3, size=1000)
    photo.image.save(tmp_path / "sheet.png")
    assert cartoref("read", str(tmp_path / "sheet.png"), "--sheet", "A", "-o", str(tmp_path / "m.yaml")).code == 0
    text = (tmp_path / "m.yaml").read_text()
    head, grid = text.split("map: |\n")
    rows = [row.split() for row in grid.splitlines()]
    # Two more spaces left '?' (C3 and E6), as a less clear photo would leave them.
    for cell in (Cell.parse("C3"), Cell.parse("E6")):
        rows[cell.row][cell.col] = "?"
    (tmp_path / "m.yaml").write_text(head + "map: |\n" + "".join("  " + " ".join(r) + "\n" for r in rows))
    unread = [Cell(r, c) for r, row in enumerate(rows) for c, s in enumerate(row) if s == "?"]
    app = make_editor(str(tmp_path / "m.yaml"), photo_path=str(tmp_path / "sheet.png"))
    base, stop = app_in_thread(app)
    driver = chromium(tmp_path / "profile", 1280, 1200)
    try:
        driver.get(base + "/")
        until(lambda: len(driver.find_elements("css selector", "#grid .sp")) == 121, what="the grid")
        # Align the photo by its corners: click them on the whole photo, as a person would.
        tap(driver, "#corners-start")
        whole = driver.find_element("id", "whole")
        until(lambda: whole.size["width"] > 0, what="the photo")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", whole)  # a person scrolls to it
        width, height = photo.image.size
        from selenium.webdriver.common.action_chains import ActionChains

        for x, y in photo.corners:
            ox = x * whole.size["width"] / width - whole.size["width"] / 2
            oy = y * whole.size["height"] / height - whole.size["height"] / 2
            ActionChains(driver).move_to_element_with_offset(whole, int(ox), int(oy)).click().perform()
        until(lambda: driver.find_element("id", "corner-help").text == "Aligned.", what="the corners")
        # Then drag the grid's top-left corner 60 screen pixels right and down: the photo is
        # aligned with that corner there; dragged back onto the map's corner, aligned again.
        shown = whole.size["width"] / width  # screen pixels per photo pixel
        handle = driver.find_element("css selector", '.corner[data-corner="top-left"]')
        ActionChains(driver).click_and_hold(handle).move_by_offset(30, 30).move_by_offset(30, 30).release().perform()
        until(lambda: abs(app.state.editing.corners[0][0] - (photo.corners[0][0] + 60 / shown)) < 3 / shown,
              what="the dragged corner")
        assert abs(app.state.editing.corners[0][1] - (photo.corners[0][1] + 60 / shown)) < 3 / shown
        handle = driver.find_element("css selector", '.corner[data-corner="top-left"]')
        ActionChains(driver).click_and_hold(handle).move_by_offset(-30, -30).move_by_offset(-30, -30).release().perform()
        until(lambda: abs(app.state.editing.corners[0][0] - photo.corners[0][0]) < 3 / shown, what="the corner back")
        until(lambda: driver.find_element("id", "corner-help").text == "Aligned.", what="the alignment")
        # Every corner within two screen pixels of the map's own: each space over its space.
        assert abs(app.state.editing.corners - np.array(photo.corners)).max() < 2.5 / shown
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, "edit-page-aligned.png"))
        # Paint A1 water, then type row K whole (forest everywhere), then fix every '?'.
        tap(driver, '#palette button[data-symbol="W"]')
        tap(driver, '#grid .sp[data-space="A1"]')
        from selenium.webdriver.common.keys import Keys

        body = driver.find_element("tag name", "body")
        body.send_keys(Keys.ARROW_UP)  # from A1 up round to K1
        body.send_keys("F" * SIZE)  # typing moves on: row K, then back round to A1
        printed = side.mountains | side.wastelands
        at = 0
        for cell in unread:
            if cell.row == SIZE - 1:
                continue  # row K was typed whole
            index = cell.row * SIZE + cell.col
            body.send_keys(Keys.ARROW_RIGHT * ((index - at) % 121))
            wanted = truth.terrain_at(cell)
            body.send_keys(wanted.value if wanted else " ")
            at = (index + 1) % 121
            while printed & (1 << (at // SIZE * 12 + at % SIZE)):  # typing skips the printed spaces
                at = (at + 1) % 121
        tap(driver, "#save")
        until(lambda: driver.find_element("id", "saved").text == "saved", what="the save")
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, "edit-page.png"))
    finally:
        driver.quit()
        stop()
    # The file says exactly what was typed: the truth, A1 water, row K forest.
    target = truth.erased(Cell(0, 0).bit).with_drawn(Cell(0, 0).bit, Terrain.WATER)
    row_k = sum(Cell(SIZE - 1, c).bit for c in range(SIZE))
    target = target.erased(row_k).with_drawn(row_k, Terrain.FOREST)
    saved = read_map(str(tmp_path / "m.yaml"))
    assert saved.sheet == target
    assert cartoref("check", str(tmp_path / "m.yaml")).code == 0
