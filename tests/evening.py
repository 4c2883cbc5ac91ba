"""A table's evening in real browsers, driven as its people would drive it: phones that pick a
seat and tap spaces, the referee's page and its buttons, the TV. Nothing but the pages is used
to play; the game and map files are only read, to know what to tap and to check what was kept.

``Evening`` holds the server (stopped and started again on the same port, as a table's laptop
may be), the TV, the referee's page and the phones; ``Phone.draw`` taps the advisor's drawing of
the card on the table (its terrain, a hero's turn, the gorgon's space when asked)."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from typing import Any

from test_table_browser import SHOTS, chromium, tap, until

from cartoref.grid import iter_cells
from cartoref.mapfile import read_map
from cartoref.moves.legal import legal_drawings
from cartoref.table import Table
from cartoref.table.seats import seat_map
from cartoref.web.server import serve_in_thread


def table_now(base: str) -> dict[str, Any]:
    with urllib.request.urlopen(base + "/api/table", timeout=10) as r:
        return json.loads(r.read())


def text(driver, css: str) -> str:
    found = driver.find_elements("css selector", css)
    return found[0].text if found else ""


def empty_around(game: Table, owner: str, mask: int) -> int:
    """How many empty spaces lie next to the spaces of ``mask`` on ``owner``'s map."""
    from cartoref.grid import neighbours
    from cartoref.mapfile import read_map

    sheet = read_map(seat_map(game, owner, create=False)).sheet
    return bin(neighbours(mask) & ~mask & sheet.empty).count("1")


class Phone:
    """A player's phone (390x844): its browser and its player."""

    def __init__(self, evening: Evening, player: str):
        self.evening, self.player = evening, player
        self.driver = evening.browser(f"phone-{player}", 390, 844)

    def sit(self) -> None:
        self.driver.get(self.evening.run.urls.join)
        until(lambda: self.driver.find_elements("css selector", "#seat-list button"), what="the seats")
        tap(self.driver, "#seat-list button", self.player)
        until(lambda: text(self.driver, "#who") == self.player, what=f"{self.player}'s seat")

    def sees(self, card: str, timeout: float = 8.0) -> None:
        until(lambda: text(self.driver, "#card-name") == card, timeout=timeout, what=f"{self.player} sees {card}")

    def draw(self) -> None:
        """Tap a drawing of the card on the table on the map this phone draws on now (the
        advisor's, or the first legal one), then Draw (and the gorgon's space when asked)."""
        game = Table.read(self.evening.game)
        card = game.at_hand.card
        cells, terrain, orientation = self.choose(game, self.target())
        d = self.driver
        if card.kind == "explore":
            word = terrain
            if not d.find_elements("css selector", f'#terrains button[data-terrain="{word}"]'):
                if not d.find_element("id", "fallback").get_attribute("open"):
                    tap(d, "#fallback summary")
            tap(d, f'button[data-terrain="{word}"]')
        for cell in iter_cells(cells):
            tap(d, f'#grid button[data-space="{cell.label}"]')
        if card.kind == "hero":
            tap(d, "#orientations button:nth-child(%d)" % orientation)
        tap(d, "#draw")
        until(lambda: text(d, "#message").startswith(("Drawn", "The gorgon")),
              timeout=20, what=lambda: f"{self.player}'s drawing of {card.name} (the page says {text(d, '#message')!r})")
        if text(d, "#message").startswith("The gorgon"):  # the gorgon's space, asked for (lit)
            self.evening.gorgons += 1
            tap(d, "#grid .choice")
            until(lambda: text(d, "#message").startswith("Drawn"), timeout=20,
                  what=lambda: f"{self.player}'s gorgon on {self.target()}'s map (the page says "
                               f"{text(d, '#message')!r}, {text(d, '#status')!r}, {text(d, '#target')!r})")

    def choose(self, game: Table, owner: str) -> tuple[int, str | None, int | None]:
        """The drawing to tap: its spaces, its terrain's word (an explore card), a hero's turn."""
        card = game.at_hand.card
        if self.evening.first_legal:  # no advice to wait for
            sheet = read_map(seat_map(game, owner)).sheet
            first = next(iter(legal_drawings(sheet, card, ruins=game.at_hand.ruins)))
            return first.mask, first.terrain.word, None
        ranked = game.hint(seat_map(game, owner), None, quick=True).ranked
        best = ranked[0]
        if card.kind == "ambush" and self.evening.open_monsters:
            # The monster where it has the most empty spaces around it (a troll or a gorgon
            # with spaces to choose from), as a neighbour who does not spare you draws it.
            best = max(ranked, key=lambda h: empty_around(game, owner, h.mask))
        terrain = getattr(best.drawing, "terrain", None)
        return best.mask, terrain.word if terrain is not None else None, getattr(best.drawing, "orientation", None)

    def target(self) -> str:
        t = table_now(self.evening.run.base)
        passes = {p["drawn_by"]: p["map_of"] for p in (t["card"] or {}).get("passes", [])}
        return passes.get(self.player, self.player)

    def shot(self, name: str) -> None:
        os.makedirs(SHOTS, exist_ok=True)
        assert self.driver.save_screenshot(os.path.join(SHOTS, name))


class Evening:
    """The server, the TV, the referee's page and the phones of one game."""

    def __init__(self, game: str, tmp_path, opened: list, name: str = "game", tv: bool = True):
        self.game, self.tmp_path, self.opened, self.name = game, tmp_path, opened, name
        self.trolls = 0  # troll's spaces chosen on a phone
        self.gorgons = 0  # gorgon's spaces chosen on a phone
        self.open_monsters = False  # a monster drawn where it has the most empty spaces around it
        self.first_legal = False  # each phone draws the first legal drawing, not the advisor's
        self.run = serve_in_thread(game)
        self.port = int(self.run.base.rsplit(":", 1)[1])
        self.token = self.run.referee_token
        self.tv = self.browser("tv", 1280, 720) if tv else None
        if self.tv:
            self.tv.get(self.run.urls.table)
        self.referee = self.browser("referee", 390, 844)
        self.referee.get(self.run.urls.referee)

    def browser(self, name: str, width: int, height: int):
        driver = chromium(self.tmp_path / f"profile-{name}", width, height)
        self.opened.append(driver)
        return driver

    def restart(self, down: float = 1.0) -> None:
        """``serve`` stopped and started again on the same port (its referee URL kept)."""
        self.run.stop()
        time.sleep(down)
        self.run = serve_in_thread(self.game, port=self.port)

    def reveal(self, *, force: bool = False) -> dict[str, Any]:
        """The referee's page draws the next card (ticking "even if not everyone has drawn" when
        ``force``); the table as it is after."""
        before = table_now(self.run.base)["turn"]
        box = self.referee.find_element("id", "force")
        if box.is_selected() != force:
            box.click()
        tap(self.referee, "#draw")
        try:
            until(lambda: table_now(self.run.base)["turn"] != before or "refused" in (
                self.referee.find_element("id", "message").get_attribute("class") or ""), timeout=15)
        except AssertionError:
            raise AssertionError(f"the referee's draw: the page says {text(self.referee, '#message')!r}, "
                                 f"its log {self.referee.get_log('browser')}") from None
        return table_now(self.run.base)

    def by_itself(self, turn: int) -> dict[str, Any]:
        """The referee's page draws the next card by itself (its box ticked): a countdown shown,
        then the card; the table after."""
        until(lambda: "The next card in" in text(self.referee, "#countdown"), what="the countdown")
        until(lambda: table_now(self.run.base)["turn"] != turn, timeout=10, what="the card drawn by itself")
        return table_now(self.run.base)

    def shot(self, name: str) -> None:
        if self.tv:
            os.makedirs(SHOTS, exist_ok=True)
            assert self.tv.save_screenshot(os.path.join(SHOTS, name))

    def stop(self) -> None:
        self.run.stop()
