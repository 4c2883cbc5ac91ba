"""The game's screens for the terminal, with rich: a card revealed and what every player does with
it, a draw, a record, the standings, the status. rich is imported inside the functions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Kind
from ..cardtypes import season_in_sentence
from ..grid import Terrain
from ..i18n import _
from . import record_words, words
from .terminal import Items, console, report_title, score_table, table_box
from .terminal_cards import explore_card_view, pattern_text, shape_text

if TYPE_CHECKING:  # pragma: no cover
    from ..game import GameState, Standings
    from ..game.forecast import Forecast
    from ..table import Drawn, Recorded


def card_items(card: Any, state: GameState, *, pending_after: bool, must_cover_ruins: bool) -> Items:
    """A revealed card as the table reads it: its drawing and what every player does with it."""
    from ..cards import AmbushCard, HeroCard

    if isinstance(card, AmbushCard):
        head, lines = words.ambush_lines(card, state, pending_after)
        return [head, shape_text(card.shape, Terrain.MONSTER, symbol=card.initial), *lines]
    if isinstance(card, HeroCard):
        head, lines = words.hero_lines(card, pending_after, state.setup.solo)
        return [head, pattern_text(card), *lines]
    if card.kind == Kind.RUINS:
        return [words.ruins_card_line(card)]
    return [explore_card_view(card)] + ([words.ruins_obligation(card)] if must_cover_ruins else [])


def draw_items(result: Drawn) -> Items:
    """What ``draw`` prints: the cards revealed, what to do, the time track, the season's end."""
    from .. import game as games

    state, event = result.state, result.event
    items: Items = []
    if event.season_started:
        items += [words.season_begins(state), ""]
    for n, cid in enumerate(event.revealed):
        items += card_items(state.card(cid), state, pending_after=n == len(event.revealed) - 1 and event.ruins_pending,
                            must_cover_ruins=cid == event.ruins_card)
    items += ["", words.time_track(state)]
    if event.season_started and event.unrecorded:
        ended = state.seasons[state.deck.season - 1]
        items.append(record_words.unrecorded_line(season_in_sentence(ended), ended.id, event.unrecorded))
    if games.season_over(state):
        items += [""] + words.season_end_lines(state)
    extra = words.solo_monster_lines(result.solo, games.coin_track(state))
    return items + ([""] + extra if extra else [])


def record_items(result: Recorded) -> Items:
    """What ``record`` prints: the breakdown (from a map) and who is still to record."""
    rec = result.event.record
    items: Items = []
    if result.report is not None:
        items.append(score_table(result.report, title=report_title(result.report, rec.source or rec.player)))
    return items + record_words.recorded_lines(rec, result.state)


def standings_items(state: GameState, st: Standings) -> Items:
    """What ``standings`` prints: the title, a table of each player's seasons, the verdict.
    Too narrow a terminal for every season's boxes gets each season's total only."""
    from rich.table import Table
    from rich.text import Text

    header, rows = record_words.standings_table(state, st)
    first = 1 if state.setup.solo else 2  # the first season's column: after the rank (none solo) and the player
    seasons = range(first, len(header) - 2)

    def width(h: list[str], rs: list[list[str]]) -> int:
        return sum(max(len(r[i]) for r in [h, *rs]) + 3 for i in range(len(h))) + 1

    title = record_words.standings_title(state, st)
    if width(header, rows) > console().width:
        header = [h[:3] if i in seasons else h for i, h in enumerate(header)]
        rows = [[c.split("=")[-1] if i in seasons else c for i, c in enumerate(r)] for r in rows]
        title[1] = _("Each season: its score (a wider terminal shows each season's boxes)")
    right = {0 if first == 2 else -1, len(header) - 2, len(header) - 1}
    t = Table(box=table_box())
    for i, h in enumerate(header):
        t.add_column(h, justify="right" if i in right else "left", no_wrap=i != first - 1)
    for r in rows:
        t.add_row(*(Text(c) for c in r))
    return [*title, t, *record_words.standings_verdict(state, st)]


def status_items(state: GameState, odds: Forecast | None = None) -> Items:
    """What ``status`` prints: the state of the game (with the forecast ``odds``), then the card
    on the table, drawn."""
    from .. import game as games

    items: Items = list(words.status_lines(state, odds))
    card_id, ruins = games.card_on_table(state)
    if card_id is None:
        return items
    items += ["", _("On the table:")]
    return items + card_items(state.card(card_id), state, pending_after=state.deck.ruins_pending,
                              must_cover_ruins=ruins)
