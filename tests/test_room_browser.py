"""The room of a club night in a real browser (headless Chromium): six tables of three on one
deal served by one ``serve --event`` (SQLite). The room's screen lists every table; a phone
joins table 2 under /t/2/ and draws there; the referee reveals the next card at every table from
the room's screen. Screenshots in tests/screenshots/ (room-*.png, room-phone-*.png)."""

from __future__ import annotations

import os

import pytest
from conftest import REPO
from test_serve_browser import inner, need_browser
from test_table_browser import chromium, tap, until

SHOTS = os.path.join(REPO, "tests", "screenshots")


@pytest.mark.campaign
def test_a_room_of_six_tables_on_one_screen_and_a_phone_at_table_two(cartoref, tmp_path, monkeypatch):
    need_browser()
    from cartoref import store
    from cartoref.grid import iter_cells
    from cartoref.table import Table
    from cartoref.table.seats import seat_map
    from cartoref.web.server import room_in_thread

    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "club.db")
    players = ",".join(f"{n}{i}" for i in range(1, 4) for n in ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay"))
    assert cartoref("event", "new", "club-night", "--tables", "6", "--players", players, "--seed", "5",
                    "--db", db).code == 0
    s = store.use(db)
    running = room_in_thread("club-night", store=s)
    os.makedirs(SHOTS, exist_ok=True)
    screen = chromium(tmp_path / "screen", 1920, 1080)
    phone = chromium(tmp_path / "phone", 390, 844)
    try:
        screen.get(running.urls.referee)
        until(lambda: len(screen.find_elements("css selector", "#tables .tile")) == 6, what="six tables")
        tiles = screen.find_elements("css selector", "#tables .tile")
        seated = [e.text for e in tiles[1].find_elements("css selector", ".players span")]
        assert len(seated) == 3, tiles[1].text
        phone.get(running.base + "/t/2/join")
        until(lambda: phone.find_elements("css selector", "#seat-list button"), what="table 2's seats")
        names = [b.text for b in phone.find_elements("css selector", "#seat-list button")]
        assert sorted(names) == sorted(seated)  # table 2's phones see table 2's players
        tap(phone, "#seat-list button", seated[0])
        until(lambda: phone.find_element("id", "who").text == seated[0], what="the seat")
        # The referee reveals at every table from the room's screen.
        screen.find_element("id", "reveal").click()
        until(lambda: "6" in screen.find_element("id", "said").text, what="six tables drew")
        game = Table.read("club-night/round-1/table-2/game.yaml", store=s)
        card = game.at_hand.card
        until(lambda: phone.find_element("id", "card-name").text == card.name, what="the card on the phone")
        until(lambda: all(t.text.split("\n")[1] == card.name
                          for t in screen.find_elements("css selector", "#tables .tile")), what="every table's card")
        # The phone draws the advisor's drawing: table 2's tile ticks its player.
        best = game.hint(seat_map(game, seated[0]), None, quick=True).ranked[0]
        terrain = getattr(best.drawing, "terrain", None)
        if terrain is not None and card.kind == "explore":
            tap(phone, "#terrains button", terrain.word)
        for cell in iter_cells(best.mask):
            tap(phone, f'#grid button[data-space="{cell.label}"]')
        tap(phone, "#draw")
        until(lambda: phone.find_element("id", "message").text.startswith("Drawn"), timeout=20, what="drawn")
        until(lambda: screen.find_elements("css selector", "#tables .tile")[1]
              .find_elements("css selector", ".players span.drawn"), what="the tick at table 2")
        for width, height in ((1920, 1080), (1280, 720)):
            inner(screen, width, height)
            assert screen.save_screenshot(os.path.join(SHOTS, f"room-{width}x{height}.png"))
        assert phone.save_screenshot(os.path.join(SHOTS, "room-phone-390x844.png"))
    finally:
        screen.quit()
        phone.quit()
        running.stop()
