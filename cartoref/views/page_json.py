"""The table page's answers (``serve``): what the TV shows (``display``), the table a phone
reads (``table``: the status, the seats, the card on the table whole), the seats and who the
table waits for, and what a season's end did by itself. Built on ``--json``'s shapes
(``views.json``); the page's words are in the language the server speaks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Kind
from ..cardtypes import shown_name, shown_text
from .json import card, labels, record, season_ended, standings, status

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Table


def display(table: Table, name: str) -> dict[str, Any]:
    """What the table page shows: the status, the standings, the names of the edicts and seasons,
    the sentences of a season's end, what the table does with the card on the table (an ambush's
    passing order whole, pair by pair), the season just scored player by player (``recap``); its
    words are the page's, in the language the server speaks (unlike every ``--json``)."""
    from .. import game as games
    from ..cards import AmbushCard
    from . import record_words, words
    from .results import season_recap

    state = table.state
    hand = table.at_hand
    st = games.standings(state)
    scored = any(p.seasons for p in st.players)
    passes = (games.passes(state.setup.players, hand.card.arrow)
              if isinstance(hand.card, AmbushCard) and not state.setup.solo else [])
    return {
        "game": name,
        "status": status(state),
        "standings": standings(st),
        "verdict": record_words.standings_verdict(state, st) if scored else [],
        # The page's own words: names and texts in the language the server speaks (ids stay).
        "seasons": [{"id": s.id, "name": shown_name(s), "threshold": s.threshold, "edicts": list(s.edicts)}
                    for s in state.seasons],
        "edicts": {letter: {"id": c.id, "name": shown_name(c), "text": shown_text(c)}
                   for letter, c in zip("ABCD", hand.edicts)},
        "time_track": words.time_track(state),
        "season_end": words.season_end_lines(state) if hand.last_of_season else [],
        # The passing order is shown whole, pair by pair (``passes``), not in the note.
        "card_note": words.card_note(state, with_passes=False),
        "passes": [{"map_of": a, "drawn_by": b} for a, b in passes],
        "recap": season_recap(state),
    }


def table_answer(table: Table, seated: tuple[str, ...], wait: Any, pending: Any = ()) -> dict[str, Any]:
    """The table page's ``GET /api/table``: what ``status --json`` says, the seats, who drew the
    card on the table, and that card whole (its options, terrains, a hero's orientations), never
    a face-down card."""
    from ..moves.heroes import orientations
    from ..shapes import pattern_rows

    hand = table.at_hand
    from .. import game as games

    data = {**status(table.state), **seats(table, seated, wait, pending)}
    data["standings"] = standings(games.standings(table.state))
    data["last_of_season"] = hand.last_of_season
    data["turn"] = hand.turn.number if hand.turn else 0
    if hand.card is not None:
        whole = card(hand.card)
        if hand.card.kind is Kind.HERO:
            whole["orientations"] = [pattern_rows(o) for o in orientations(hand.card)]  # type: ignore[arg-type]
        if hand.card.kind is Kind.AMBUSH and not table.state.setup.solo:
            from ..game import passes

            whole["passes"] = [{"map_of": a, "drawn_by": b}
                               for a, b in passes(table.state.setup.players, hand.card.arrow)]  # type: ignore[union-attr]
        data["card"] = {**whole, "ruins": hand.ruins}
    else:
        data["card"] = None
    return data


def seats(table: Table, seated: tuple[str, ...], wait: Any, pending: Any = ()) -> dict[str, Any]:
    """The seats of the table page: each player's seat (taken or not), who has drawn the card on
    the table and who the table is waiting for (its drawing, or a troll's space to choose after
    the season's scoring), whether everyone seated has drawn, whether the game is finished
    (winter drawn and scored for every seat)."""
    from .. import game as games
    from ..table.seats import map_version, timer_of

    state = table.state
    everyone = bool(seated) and table.at_hand.card is not None and not wait.waiting
    finished = games.game_over(state) and everyone and not pending and all(
        p in games.recorded(state) for p in seated)
    return {"seats": [{"player": p, "taken": p in seated, "map": map_version(table, p)} for p in state.setup.players],
            "drawn": list(wait.drawn), "waiting": list(wait.waiting), "everyone_drawn": everyone,
            "pending": [{"player": p, "choice": "troll", "spaces": labels(m)} for p, m in pending],
            "finished": finished, "timer": timer_of(table)}


def season_scored(scored: Any) -> dict[str, Any]:
    """What a season's end did by itself: the records kept, the effects applied, the choices left."""
    return {"recorded": [record(r) for r in scored.recorded],
            "effects": [season_ended(e) for e in scored.effects],
            "choose_troll": [{"player": p, "spaces": labels(m)} for p, m in scored.choose]}
