"""Skills on the phones, in a real browser (headless Chromium): the skills face up are offered
on a player's own map; Knowledge draws Great River in village, then a second skill in the same
season is refused on the phone with the game's sentence; the TV lists the skills."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import REPO
from test_serve_browser import CHROMIUM, DRIVER, need_browser  # noqa: F401
from test_table_browser import browsers, referee, tap, until  # noqa: F401

from cartoref.table import Table
from cartoref.table.seats import seat_map
from cartoref.web.server import serve_in_thread

SHOTS = os.path.join(REPO, "tests", "screenshots")


@pytest.mark.campaign  # two browsers, about 8 s: CI runs it with the campaigns
def test_a_phone_draws_with_a_skill_and_is_refused_a_second_one(cartoref, tmp_path, monkeypatch, browsers):  # noqa: F811 (the fixture, imported)
    from selenium.webdriver.support.ui import Select

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--skills", "negotiate,search,knowledge").code == 0
    running = serve_in_thread(str(tmp_path / "cartoref-game.yaml"))
    try:
        tv = browsers("tv", 1280, 720)
        tv.get(running.urls.table)
        phone = browsers("Ann", 412, 915)
        phone.get(running.urls.join)
        until(lambda: phone.find_elements("css selector", "#seat-list button"), what="the seats")
        tap(phone, "#seat-list button", "Ann")
        until(lambda: phone.find_element("id", "who").text == "Ann", what="Ann's seat")
        assert referee(running.base, running.referee_token, "/api/draw")["revealed"][0]["id"] == "great-river"
        until(lambda: phone.find_element("id", "card-name").text == "Great River", what="the card")
        until(lambda: phone.find_element("id", "skills").is_displayed(), what="the skills offered")
        choice = Select(phone.find_element("id", "skill-choice"))
        assert [o.text for o in choice.options] == ["none", "Negotiate (1 coin)", "Search (0 coins)",
                                                    "Knowledge (0 coins)"]
        choice.select_by_value("knowledge")
        for space in ("A1", "B1", "C1"):
            tap(phone, f'#grid button[data-space="{space}"]')
        tap(phone, "#draw")
        until(lambda: "Drawn with Knowledge." in phone.find_element("id", "message").text, what="the drawing")
        game = Table.read("cartoref-game.yaml")
        assert "skill knowledge paid 0 in spring" in Path(seat_map(game, "Ann")).read_text(encoding="utf-8")
        # Search adds a drawing after the card's own: offered again, and refused by the season's limit.
        Select(phone.find_element("id", "skill-choice")).select_by_value("search")
        until(lambda: phone.find_element("id", "draw").is_enabled(), what="the draw button for Search")
        tap(phone, '#grid button[data-space="D1"]')
        tap(phone, "#draw")
        until(lambda: "one skill a season" in phone.find_element("id", "message").text, what="the refusal")
        until(lambda: "Search (0 coins)" in tv.find_element("id", "skills").text, what="the TV's skills")
        os.makedirs(SHOTS, exist_ok=True)
        phone.save_screenshot(os.path.join(SHOTS, "skills-phone.png"))
        tv.save_screenshot(os.path.join(SHOTS, "skills-tv.png"))
    finally:
        running.stop()
