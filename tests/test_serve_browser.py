"""The table display in a real browser: headless Chromium (Debian's chromium and
chromium-driver) driven by selenium loads the page, reads the card on the table, sees it change
after a `cartoref draw` in "another terminal", and takes screenshots at 1280x720 and 1920x1080
into tests/screenshots/ (kept as CI artefacts).

Without a browser the test is skipped on a developer's machine, and fails under CI (CI=true),
where .ci/run installs one.
"""

from __future__ import annotations

import os
import shutil
import struct
import time

import pytest
from conftest import REPO

from cartoref.web.server import serve_in_thread

SHOTS = os.path.join(REPO, "tests", "screenshots")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def need_browser() -> None:
    missing = [name for name, path in (("chromium", CHROMIUM), ("chromedriver", DRIVER)) if not path]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install '.[test]')")
    if missing:
        message = f"the browser test needs {', '.join(missing)} (apt-get install chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
def browser(tmp_path):
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'chromium'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def inner(driver, width: int, height: int) -> None:
    """Size the window so that the page itself (not the window's frame) is width x height."""
    driver.set_window_size(width, height)
    extra_w, extra_h = driver.execute_script(
        "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]")
    driver.set_window_size(width + extra_w, height + extra_h)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        if driver.execute_script("return [window.innerWidth, window.innerHeight]") == [width, height]:
            break
        time.sleep(0.05)
    time.sleep(0.2)


def wait_for(driver, element_id: str, predicate, timeout: float = 5.0) -> str:
    """The element's text once ``predicate`` holds for it (fails after ``timeout`` seconds)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        try:  # the page redraws as events come: an element read mid-redraw is a "not yet"
            text = driver.find_element("id", element_id).text
        except (StaleElementReferenceException, NoSuchElementException):
            text = ""
        if predicate(text):
            return text
        time.sleep(0.05)
    raise AssertionError(f"#{element_id} still reads {text!r} after {timeout} s")


def test_the_page_shows_the_card_and_follows_a_draw(cartoref, tmp_path, monkeypatch, browser):
    from cartoref.table import read_game

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "11").code == 0
    assert cartoref("draw").code == 0
    running = serve_in_thread(str(tmp_path / "cartoref-game.yaml"))
    try:
        url = running.urls.table
        browser.get(url)
        inner(browser, 1280, 720)
        state = read_game("cartoref-game.yaml")
        first = state.card(state.deck.column[-1]).name
        wait_for(browser, "card-name", lambda t: t == first)
        assert browser.find_element("id", "season").text.startswith("Spring ")
        scoring = [e.text for e in browser.find_elements("css selector", "#edicts li.now")]
        assert [t[:2] for t in scoring] == ["A:", "B:"]
        # A draw in another terminal shows within a second, with no reload.
        assert cartoref("draw").code == 0
        state = read_game("cartoref-game.yaml")
        now = state.card(state.deck.column[-1]).name
        wait_for(browser, "card-name", lambda t: t == now and t != "Waiting for the first card", timeout=3)
        os.makedirs(SHOTS, exist_ok=True)
        for width, height in ((1280, 720), (1920, 1080)):
            inner(browser, width, height)
            path = os.path.join(SHOTS, f"table-{width}x{height}.png")
            assert browser.save_screenshot(path)
            assert os.path.getsize(path) > 10_000
            with open(path, "rb") as f:
                header = f.read(24)
            assert struct.unpack(">II", header[16:24]) == (width, height)  # the PNG's own size
            # Readable from the back of the room: the card's name is large and on screen.
            name = browser.find_element("id", "card-name")
            assert name.is_displayed() and int(name.value_of_css_property("font-size")[:-2].split(".")[0]) >= 40
    finally:
        running.stop()


@pytest.mark.campaign  # about 8 s: CI runs it with the campaigns
def test_the_tv_keeps_a_heroes_ambush_and_a_hundred_players_recap_on_screen(cartoref, tmp_path, monkeypatch, browser):
    from test_table_browser import inside

    from cartoref.table import HandScores, Table

    monkeypatch.chdir(tmp_path)
    players = ",".join(f"Player {i}" for i in range(1, 101))
    assert cartoref("new", "--players", players, "--seed", "8", "--edition", "heroes").code == 0
    for _ in range(3):  # the third card is Gorgon Gaze
        assert cartoref("draw").code == 0
    running = serve_in_thread(str(tmp_path / "cartoref-game.yaml"))
    try:
        browser.get(running.urls.table)
        os.makedirs(SHOTS, exist_ok=True)
        for width, height in ((1280, 720), (1920, 1080)):
            inner(browser, width, height)
            wait_for(browser, "card-name", lambda t: t == "Gorgon Gaze")
            time.sleep(0.3)  # the picture loads
            for css in ("#card-name", "#card-picture", "#join svg"):
                assert inside(browser, css), (css, width, height)
            assert browser.save_screenshot(os.path.join(SHOTS, f"table-ambush-{width}x{height}.png"))
        while not Table.read("cartoref-game.yaml").at_hand.last_of_season:
            assert cartoref("draw").code == 0
        with Table.open("cartoref-game.yaml") as table:
            for i in range(1, 101):
                table.record(f"Player {i}", scores=HandScores(i % 7, i % 5, i % 3, i % 4))
        for width, height in ((1280, 720), (1920, 1080)):
            inner(browser, width, height)
            # The season's recap, eight players a page: 13 pages turning by themselves.
            wait_for(browser, "recap-page", lambda t: t.startswith("page ") and t.endswith(" of 13"))
            assert inside(browser, "#recap-cards"), (width, height)
            assert len(browser.find_elements("css selector", "#recap-cards .recap")) == 8
            assert browser.save_screenshot(os.path.join(SHOTS, f"table-standings-{width}x{height}.png"))
    finally:
        running.stop()
