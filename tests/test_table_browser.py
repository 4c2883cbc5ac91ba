"""A season at the table in real browsers: the TV and three phones (three browser profiles of
headless Chromium, driven by selenium). The phones join through the join URL, draw by tapping
spaces, draw an ambush's monster on the neighbour's map; the season scores itself and the TV
shows its recap. The TV is measured at 1280x720 and 1920x1080 (the card, its picture and the
standings inside the window); screenshots go to tests/screenshots/ (CI artefacts)."""

from __future__ import annotations

import json
import os
import time
import urllib.request

import pytest
from conftest import REPO
from test_serve_browser import CHROMIUM, DRIVER, inner, need_browser

from cartoref.grid import iter_cells
from cartoref.table import Table
from cartoref.table.seats import seat_map
from cartoref.web.server import serve_in_thread

SHOTS = os.path.join(REPO, "tests", "screenshots")


def chromium(profile, width: int, height: int):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def until(predicate, timeout: float = 8.0, what: str = "") -> None:
    """Wait until ``predicate`` holds. The pages redraw on every event from the table, so an
    element found may be gone (stale) or not yet there when it is read: that is a "not yet"."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except (StaleElementReferenceException, NoSuchElementException):
            pass
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


def referee(base: str, token: str, path: str) -> dict:
    req = urllib.request.Request(base + path, data=b"{}", method="POST",
                                 headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def inside(driver, css: str) -> bool:
    """Whether the element lies wholly inside the window."""
    return driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0"
        " && r.right <= window.innerWidth + 1 && r.bottom <= window.innerHeight + 1;", css)


def tap(phone, css: str, text: str | None = None) -> None:
    """Click an element, found again should the page have redrawn it meanwhile (it redraws on
    every event from the table)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(20):
        try:
            found = [b for b in phone.find_elements("css selector", css) if text is None or b.text == text]
            found[0].click()
            return
        except (StaleElementReferenceException, IndexError):
            time.sleep(0.05)
    raise AssertionError(f"no {css} {text or ''} to tap")


def tap_drawing(phone, player: str, owner: str) -> None:
    """Draw the advisor's first drawing of the card on the table on ``owner``'s map, by tapping."""
    game = Table.read("cartoref-game.yaml")
    best = game.hint(seat_map(game, owner), None, quick=True).ranked[0]
    terrain = getattr(best.drawing, "terrain", None)
    if terrain is not None and game.at_hand.card.kind == "explore":
        tap(phone, "#terrains button", terrain.word)
    for cell in iter_cells(best.mask):
        tap(phone, f'#grid button[data-space="{cell.label}"]')
    tap(phone, "#draw")
    until(lambda: phone.find_element("id", "message").text.startswith("Drawn"), timeout=30,
          what=f"{player}'s drawing")


@pytest.fixture
def browsers(tmp_path):
    need_browser()
    opened = []

    def open_one(name: str, width: int, height: int):
        driver = chromium(tmp_path / f"profile-{name}", width, height)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


@pytest.mark.campaign  # about 25 s: CI runs it with the campaigns
def test_three_phones_and_a_tv_play_a_season(cartoref, tmp_path, monkeypatch, browsers):
    monkeypatch.chdir(tmp_path)
    # Seed 12: Goblin Attack (counterclockwise) is spring's first card.
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "12").code == 0
    running = serve_in_thread(str(tmp_path / "cartoref-game.yaml"))
    try:
        tv = browsers("tv", 1280, 720)
        tv.get(running.urls.table)
        inner(tv, 1280, 720)
        phones = {}
        for player in ("Ann", "Bob", "Cy"):
            phone = browsers(player, 412, 915)
            phone.get(running.urls.join)
            until(lambda p=phone: p.find_elements("css selector", "#seat-list button"), what="the seats")
            tap(phone, "#seat-list button", player)
            until(lambda p=phone, n=player: p.find_element("id", "who").text == n, what=f"{player}'s seat")
            phones[player] = phone
        until(lambda: "At the table: Ann, Bob, Cy" in tv.find_element("id", "seats").text, what="the TV's seats")
        ambush_seen = False
        for _ in range(20):
            drawn = referee(running.base, running.referee_token, "/api/draw")
            card = drawn["revealed"][-1]["name"]
            for phone in phones.values():
                until(lambda p=phone, c=card: p.find_element("id", "card-name").text == c, what=card)
            passes = {p["drawn_by"]: p["map_of"] for p in drawn["passes"]}
            if passes:
                ambush_seen = True
                # Each phone shows the map passed to it.
                until(lambda t=f"You draw on {passes['Ann']}'s map now.": phones["Ann"].find_element("id", "target").text == t,
                      what="Ann's phone naming the map passed to her")
            for player, phone in phones.items():
                tap_drawing(phone, player, passes.get(player, player))
            if drawn["status"]["season_over"]:
                break
        assert ambush_seen
        # The season scored itself: every phone shows its score, the TV the standings.
        until(lambda: all(row[0] is not None for row in Table.read("cartoref-game.yaml").state.scores),
              timeout=30, what="every seat's spring recorded")
        until(lambda: len(tv.find_elements("css selector", "#recap-cards .recap")) == 3, what="the season's recap")
        for player, phone in phones.items():
            until(lambda p=phone: p.find_element("css selector", "#score h3").text.startswith("Your spring score"),
                  what=f"{player}'s score")
        os.makedirs(SHOTS, exist_ok=True)
        phones["Ann"].save_screenshot(os.path.join(SHOTS, "phone-ann.png"))
        # The map's colours are the sheet's: a mountain is drawn brown, not white on white.
        def mountain_drawn_brown() -> bool:
            mountain = phones["Ann"].find_element("css selector", '#grid button[data-space="B4"]')
            return mountain.text == "^" and mountain.value_of_css_property("background-color") == "rgba(141, 110, 99, 1)"

        until(mountain_drawn_brown, what="B4 drawn as a brown mountain on Ann's phone")
        for width, height in ((1280, 720), (1920, 1080)):
            inner(tv, width, height)
            assert inside(tv, "#recap-cards"), (width, height)
            assert tv.save_screenshot(os.path.join(SHOTS, f"table-season-end-{width}x{height}.png"))
    finally:
        running.stop()
