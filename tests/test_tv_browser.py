"""The TV through a season and to the game's end, in a real browser (headless Chromium driven by
selenium): three seats draw through the API, the TV ticks each player as they draw and says
"Everyone has drawn.", shows each player's recap with their map at the season's end, and at the
game's end the results screen (the winner, the standings, the BG Stats QR code). The referee's
page is looked at on a phone (390x844) too. Measured at 1280x720 and 1920x1080; screenshots go to
tests/screenshots/ (tv-*.png, referee-*.png)."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request

import pytest
from conftest import REPO
from test_serve_browser import inner, need_browser
from test_table_browser import chromium, inside, referee, until

from cartoref.grid import iter_cells
from cartoref.table import Table
from cartoref.table.seats import seat_map
from cartoref.web.server import serve_in_thread

SHOTS = os.path.join(REPO, "tests", "screenshots")
SIZES = ((1280, 720), (1920, 1080))


def call(base: str, method: str, path: str, token: str | None = None, body: dict | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        raise AssertionError(f"{method} {path}: {e.code} {e.read().decode()}") from None


def draw_best(base: str, token: str, owner: str) -> None:
    """Draw the advisor's first drawing of the card on the table on ``owner``'s map."""
    game = Table.read("cartoref-game.yaml")
    best = game.hint(seat_map(game, owner), None, quick=True).ranked[0]
    terrain = getattr(best.drawing, "terrain", None)
    body = {"cells": [c.label for c in iter_cells(best.mask)]}
    if terrain is not None:
        body["terrain"] = terrain.word
    call(base, "POST", f"/api/maps/{owner}/drawings", token, body)


def shots(tv, name: str, css: tuple[str, ...]) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    for width, height in SIZES:
        inner(tv, width, height)
        for selector in css:
            assert inside(tv, selector), (selector, width, height)
        assert tv.save_screenshot(os.path.join(SHOTS, f"tv-{name}-{width}x{height}.png"))


@pytest.mark.campaign  # about 15 s: CI runs it with the campaigns
def test_the_tv_ticks_recaps_and_shows_the_results(cartoref, tmp_path, monkeypatch):
    need_browser()
    monkeypatch.chdir(tmp_path)
    # Seed 12: Goblin Attack (counterclockwise) is spring's first card.
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "12").code == 0
    running = serve_in_thread(str(tmp_path / "cartoref-game.yaml"))
    base = running.base
    tv = chromium(tmp_path / "profile-tv", 1280, 720)
    phone = chromium(tmp_path / "profile-referee", 390, 844)
    try:
        tokens = {p: call(base, "POST", "/api/seats", body={"player": p})["token"] for p in ("Ann", "Bob", "Cy")}
        tv.get(running.urls.table)
        inner(tv, 1280, 720)
        phone.get(running.urls.referee)
        inner(phone, 390, 844)
        first = True
        for _ in range(20):
            drawn = referee(base, running.referee_token, "/api/draw")
            passes = {p["drawn_by"]: p["map_of"] for p in drawn["passes"]}
            card = drawn["revealed"][-1]["name"]
            until(lambda c=card: tv.find_element("id", "card-name").text == c, what=card)
            if passes:
                # The whole passing order, pair by pair.
                until(lambda: len(tv.find_elements("css selector", "#passes div")) == 3, what="the passing order")
            for n, (player, token) in enumerate(tokens.items()):
                draw_best(base, token, passes.get(player, player))
                if first and n == 0:
                    # One tick: Ann has drawn, Bob and Cy not yet.
                    until(lambda: [e.get_attribute("class") for e in tv.find_elements("css selector", "#ticks div")]
                          == ["drawn", "", ""], what="Ann's tick")
                    assert "Waiting for 2 players to draw: Bob, Cy" in tv.find_element("id", "state").text
                    shots(tv, "ticks", ("#ticks", "#state", "#card-picture"))
                    until(lambda: "Waiting for 2 players" in phone.find_element("id", "state").text,
                          what="the referee's waiting line")
                    assert phone.find_element("css selector", '#seats li[data-player="Ann"]').get_attribute("class") == "drawn"
                    phone.save_screenshot(os.path.join(SHOTS, "referee-390x844.png"))
            if first:
                until(lambda: tv.find_element("id", "state").text == "Everyone has drawn.", what="everyone drawn")
                first = False
            if drawn["status"]["season_over"]:
                break
        # The season scored itself: the recap, one card per player, each with its map.
        until(lambda: len(tv.find_elements("css selector", "#recap-cards .recap")) == 3, timeout=20, what="the recap")
        until(lambda: tv.find_element("id", "recap-title").text == "Spring is scored.", what="the recap's title")
        until(lambda: all(tv.execute_script("return arguments[0].naturalWidth", img) > 0
                          for img in tv.find_elements("css selector", "#recap-cards img")), what="the maps")
        spring = Table.read("cartoref-game.yaml").state.scores
        ann = tv.find_element("css selector", '.recap[data-player="Ann"] .total').text
        assert ann == str(spring[0][0].total)
        shots(tv, "recap", ("#recap-cards", "#recap-title"))
        # To the game's end: the referee forces each draw (the seasons score the maps as they
        # stand), and the seats draw winter's last card (the game's last scoring is theirs).
        for _ in range(60):
            drawn = call(base, "POST", "/api/draw", running.referee_token, {"force": True})
            if drawn["status"]["game_over"]:
                passes = {p["drawn_by"]: p["map_of"] for p in drawn["passes"]}
                for player, token in tokens.items():
                    draw_best(base, token, passes.get(player, player))
                break
        until(lambda: call(base, "GET", "/api/table")["finished"], timeout=20, what="the game's end")
        results = call(base, "GET", "/results.json")
        assert results["final"] and results["winners"]
        until(lambda: tv.find_element("id", "results-screen").is_displayed(), what="the results screen")
        winner = tv.find_element("id", "winner").text
        assert winner.startswith(("Winner: ", "Winners, sharing first place: "))
        assert len(tv.find_elements("css selector", "#final-table div")) == 3
        until(lambda: tv.execute_script("return document.getElementById('bgstats-qr').naturalWidth") > 0,
              what="the BG Stats QR code")
        shots(tv, "results", ("#winner", "#final-table", "#bgstats-qr"))
        until(lambda: phone.find_element("id", "end").is_displayed(), what="the referee's game end")
        until(lambda: phone.find_element("id", "bgstats").is_displayed(), what="the referee's BG Stats link")
        phone.save_screenshot(os.path.join(SHOTS, "referee-end-390x844.png"))
    finally:
        tv.quit()
        phone.quit()
        running.stop()
