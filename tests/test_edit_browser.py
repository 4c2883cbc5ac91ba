"""The edit page in a real browser (headless Chromium, selenium): a photographed sheet read by
`cartoref read`, then on the page: align the photo by its four corners (clicked, then one
dragged away and back), paint a space, type a
whole row, fix every '?', save; the saved file is exactly the map typed, and check passes. On a
phone's screen (390x844) the grid and its buttons fit; the page says why the score is blank while
spaces are still '?', warns of the coin track as check does, and asks for a photo only when none
was given."""

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
from cartoref.mapfile import blank_map, read_map

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


PHONE = 390, 844


def on_a_phone(driver) -> None:
    """Give the page a 390x844 phone's screen. Headless Chromium's window is never narrower than
    500 px, so the screen is emulated; as on a phone, a page too wide for it widens the layout
    (and the scrolling) instead of being cut."""
    width, height = PHONE
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def map_file(path, spaces: dict[str, str], head: str = "") -> None:
    """A wilderness map of Ann's: blank but for ``spaces`` (``{"A1": "?"}``), ``head`` (lines such
    as ``season: spring``) just before the grid."""
    top, grid = blank_map(catalog().sheet_side("A"), "Ann").split("map: |\n")
    rows = [row.split() for row in grid.splitlines()]
    for label, symbol in spaces.items():
        cell = Cell.parse(label)
        rows[cell.row][cell.col] = symbol
    path.write_text(top + head + "map: |\n" + "".join("  " + " ".join(r) + "\n" for r in rows))


@pytest.fixture
def edit_page(tmp_path):
    """Open the edit page of a map (:func:`map_file`'s arguments) in headless Chromium, with a
    photographed sheet under the grid when ``photo``, on a phone's screen when ``phone``."""
    need_browser()
    from cartoref.web.editor import make_editor
    from cartoref.web.server import app_in_thread

    opened = []

    def open_page(spaces: dict[str, str], head: str = "", *, photo: bool = False, phone: bool = True):
        name = f"m{len(opened)}"
        map_file(tmp_path / f"{name}.yaml", spaces, head)
        photo_path = None
        if photo:
            shot = photograph(sheet_image(random_map(catalog().sheet_side("A"), 3), seed=3, cell=48), seed=3, size=1000)
            photo_path = str(tmp_path / f"{name}.png")
            shot.image.save(photo_path)
        base, stop = app_in_thread(make_editor(str(tmp_path / f"{name}.yaml"), photo_path=photo_path))
        driver = chromium(tmp_path / f"profile-{name}", 1280, 1200)
        opened.append((driver, stop))
        if phone:
            on_a_phone(driver)
        driver.get(base + "/")
        until(lambda: len(driver.find_elements("css selector", "#grid .sp")) == 121, what="the grid")
        until(lambda: driver.find_element("id", "problems").text, what="the first check")
        if photo:
            until(lambda: driver.find_element("id", "under").is_displayed(), what="the photo under the grid")
        return driver

    yield open_page
    for driver, stop in opened:
        driver.quit()
        stop()


def outside_the_screen(driver, css: str) -> list[str]:
    """The elements shown (``css``) not wholly within the phone's width, each with its box."""
    return driver.execute_script("""
        const out = [];
        for (const e of document.querySelectorAll(arguments[0])) {
          const r = e.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;  // not shown (display: none)
          if (r.left < 0 || r.right > arguments[1]) out.push(`${e.dataset.space || e.id || e.textContent}: ${r.left}-${r.right}`);
        }
        return out;""", css, PHONE[0])


DROP_HINT = "Drop a photo of the sheet on the grid to see it underneath."


def shown(driver) -> str:
    """The page's text as shown (none hidden)."""
    return driver.find_element("tag name", "body").text


@pytest.mark.campaign  # with a browser's start, about 3 s: CI runs it with the campaigns
def test_on_a_phone_the_grid_and_its_buttons_fit_the_screen(edit_page):
    driver = edit_page({"A1": "?", "E5": "?"}, photo=True)
    assert DROP_HINT not in shown(driver)  # the photo is there already
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert outside_the_screen(driver, "#grid .sp") == []
    assert outside_the_screen(driver, "button, input, select") == []
    # Every space is still a finger's size: 28 px or more each way.
    smallest = driver.execute_script("""
        const sizes = [...document.querySelectorAll('#grid .sp')].map((e) => e.getBoundingClientRect());
        return [Math.min(...sizes.map((r) => r.width)), Math.min(...sizes.map((r) => r.height))];""")
    assert min(smallest) >= 28
    # The whole photo, shown to align its corners, fits too, its corner handles with it.
    tap(driver, "#corners-start")
    until(lambda: driver.find_element("id", "whole").size["width"] > 0, what="the whole photo")
    until(lambda: len(driver.find_elements("css selector", ".corner")) == 4, what="the corner handles")
    assert outside_the_screen(driver, "#whole") == []
    assert driver.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]


EDICTS = "season: spring\nedicts: [sentinel-wood, canal-lake, wildholds, borderlands]\n"


@pytest.mark.campaign  # with a browser's start, about 3 s: CI runs it with the campaigns
def test_a_blank_score_says_why_and_check_warns_as_the_command_line_does(edit_page):
    # B4's mountain has forest on its four sides (A4, C4, B3, B5), the coin track shows none;
    # two spaces are still '?'.
    driver = edit_page({"A4": "F", "C4": "F", "B3": "F", "B5": "F", "E5": "?", "H8": "?"}, EDICTS, phone=False)
    assert DROP_HINT in shown(driver)  # no photo given: how to put one under the grid
    score, problems = driver.find_element("id", "score"), driver.find_element("id", "problems")
    until(lambda: score.text == '2 spaces are still "?": type what they hold to see the score.',
          what=lambda: f"the two '?' named, not {score.text!r}")
    # Emptied one by one: the count follows, then the score itself shows.
    tap(driver, '#palette button[data-symbol="."]')
    tap(driver, '#grid .sp[data-space="E5"]')
    until(lambda: score.text == '1 space is still "?": type what it holds to see the score.',
          what=lambda: f"the last '?' named, not {score.text!r}")
    tap(driver, '#grid .sp[data-space="H8"]')
    # Spring scores Sentinel Wood (A4, on the top edge, is the one forest on the edge: 1) and
    # Canal Lake (no water: 0); no coin, no monster: 1. And the warning `cartoref check` gives
    # for the mountain surrounded.
    until(lambda: "Total 1" in score.text, what=lambda: f"the score, not {score.text!r}")
    warning = ("warning: the map surrounds 1 mountain but the coin track shows only 0 coins: "
               "each surrounded mountain earns one")
    until(lambda: warning in problems.text.splitlines(), what=lambda: f"the warning, not {problems.text!r}")
    # 15 coins: more than the track's 14 holds, a problem that is no '?' space keeps it back too.
    coins = driver.find_element("id", "coins")
    coins.clear()
    coins.send_keys("15")
    until(lambda: score.text == "Fix the problems above to see the score.",
          what=lambda: f"the problem named, not {score.text!r}")
    coins.clear()
    coins.send_keys("1")
    until(lambda: problems.text == "No problem.", what=lambda: f"the warning gone, not {problems.text!r}")


@pytest.mark.campaign  # a browser and three readings of a photo, about 8 s: CI runs it with the campaigns
def test_the_spaces_a_reading_asks_about_are_outlined_and_typing_them_reads_their_look_alikes(tmp_path):
    need_browser()
    from cartoref.notation import sheet_symbols
    from cartoref.web.editor import make_editor
    from cartoref.web.server import app_in_thread

    side = catalog().sheet_side("A")
    truth = sheet_symbols(random_map(side, 5))
    photograph(sheet_image(random_map(side, 5), style="pencil", seed=5, cell=48), seed=5, size=1000).image.save(
        tmp_path / "sheet.png")
    map_file(tmp_path / "m.yaml", {})
    base, stop = app_in_thread(make_editor(str(tmp_path / "m.yaml"), photo_path=str(tmp_path / "sheet.png")))
    driver = chromium(tmp_path / "profile", 1280, 1200)

    def grid() -> dict[str, str]:
        return {e.get_attribute("data-space"): e.text or "." for e in driver.find_elements("css selector", "#grid .sp")}

    def tally() -> tuple[int, list[str]]:
        """The spaces shown as the truth, and those shown as something else than '?'."""
        shown_now = grid()
        def empty_alike(symbol: str) -> str:
            return symbol.upper().replace("R", ".")

        right = [s for s, v in shown_now.items()
                 if empty_alike(v) == empty_alike(truth[Cell.parse(s).row][Cell.parse(s).col])]
        wrong = [s for s, v in shown_now.items() if v != "?" and s not in right]
        return len(right), wrong

    try:
        driver.get(base + "/")
        until(lambda: len(driver.find_elements("css selector", "#grid .sp")) == 121, what="the grid")
        until(lambda: driver.find_element("id", "under").is_displayed(), what="the photo under the grid")
        tap(driver, "#read")
        # No space labelled yet: every pencil symbol is '?', and the largest groups of look-alikes
        # are asked about, outlined on the grid and named under it.
        until(lambda: driver.find_elements("css selector", "#grid .sp.unread.ask"), what="the spaces asked about")
        help_text = driver.find_element("id", "corner-help").text
        assert help_text.startswith("Type what the outlined spaces hold and read the photo again")
        asked = [e.get_attribute("data-space") for e in driver.find_elements("css selector", "#grid .sp.ask")]
        assert all(f"{space} (" in help_text for space in asked)
        before, wrong = tally()
        assert wrong == []
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, "edit-page-asked.png"))
        # Type what each asked space holds (click it, then its letter), and read again.
        for space in asked:
            tap(driver, f'#grid .sp[data-space="{space}"]')
            cell = Cell.parse(space)
            driver.find_element("tag name", "body").send_keys(truth[cell.row][cell.col].upper())
        tap(driver, "#read")
        until(lambda: tally()[0] > before + len(asked), what="the look-alikes of the typed spaces read")
        _, wrong = tally()
        assert wrong == [] and not set(asked) & {e.get_attribute("data-space") for e in
                                                 driver.find_elements("css selector", "#grid .sp.ask")}
        driver.save_screenshot(os.path.join(SHOTS, "edit-page-asked-then.png"))
    finally:
        driver.quit()
        stop()
