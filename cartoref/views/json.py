"""Every ``--json`` shape cartoref prints, in one place: plain dicts and lists, no I/O.

The shapes are documented in README.md and docs/game.md; scripts rely on them, so a key once
printed keeps its name and meaning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..cards import EDICTS, AmbushCard, ExploreCard, HeroCard, ScoringCard, SkillCard
from ..effectrules import ALSO, SKILL_RULES
from ..grid import Sheet, SheetSide, iter_cells

if TYPE_CHECKING:  # pragma: no cover
    from ..errors import Problem
    from ..game import Action, GameState, Record, Standings
    from ..game.forecast import Forecast
    from ..moves import Candidate, Fits
    from ..moves.advice import Hint
    from ..scoring import ScoreReport
    from ..table import (
        Drawn,
        Hinted,
        Placed,
        PlacedHero,
        Recorded,
        SeasonEnded,
        SoloMonster,
        Undone,
        Unplaced,
    )


def labels(mask: int) -> list[str]:
    """The spaces of a mask as printed labels, in reading order."""
    return [c.label for c in iter_cells(mask)]


#: Characters a terminal acts on that JSON leaves raw with UTF-8 kept: DEL, the C1 controls and
#: the bidirectional overrides. Written as JSON escapes (they occur only inside strings).
_ACTED_ON = {c: f"\\u{c:04x}" for c in (*range(0x7f, 0xa0), *range(0x202a, 0x202f), *range(0x2066, 0x206a))}


def dump(data: Any) -> str:
    """One JSON document as cartoref prints it (indented, UTF-8 kept, every character a terminal
    would act on escaped: the same document to a JSON reader)."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False).translate(_ACTED_ON)


# ---------------------------------------------------------------------------------- cards


def card(c: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> dict[str, Any]:
    """A card as plain data (shapes as rows of X, - and .; a hero's pattern as rows of H, x and
    .), for ``cards`` and ``card``."""
    if isinstance(c, ScoringCard):
        return {"id": c.id, "name": c.name, "kind": "scoring", "number": c.number,
                "category": c.category, "text": c.text, "solo": c.solo, "set": c.set}
    if isinstance(c, SkillCard):
        return {**skill(c), "kind": "skill", "number": c.number, "acts": c.acts,
                "shape": c.shape.render() if c.shape else None, "set": c.set}
    if isinstance(c, AmbushCard):
        return {"id": c.id, "name": c.name, "kind": "ambush", "number": c.number, "time": 0,
                "arrow": c.arrow, "corner": c.corner, "shape": c.shape.render(), "set": c.set,
                "initial": c.initial, "effect": c.effect}
    if isinstance(c, HeroCard):
        return {"id": c.id, "name": c.name, "kind": "hero", "number": c.number, "time": 0,
                "set": c.set, "pattern": c.render()}
    return {"id": c.id, "name": c.name, "kind": c.kind, "number": c.number, "time": c.time,
            "terrains": [t.word for t in c.terrains],
            "options": [{"shape": o.shape.render(), "coin": o.coin} for o in c.options],
            "set": c.set}


def skill(c: SkillCard) -> dict[str, Any]:
    """A skill as the game, the table page and ``card`` show it: its cost and effect, whether it
    adds a drawing to the card's own, the terrain it draws (its rule's word) and the card it is
    used with (ambush or explore)."""
    rule = SKILL_RULES[c.acts]
    return {"id": c.id, "name": c.name, "cost": c.cost, "effect": c.effect, "adds_a_drawing": rule.when == ALSO,
            "terrain": rule.terrain, "with": rule.card}


def deck_card(state: GameState, card_id: str) -> dict[str, Any]:
    """A card of the game's deck, as ``draw`` and ``status`` show it: id, name, kind, time."""
    c = state.card(card_id)
    return {"id": c.id, "name": c.name, "kind": c.kind, "time": c.time}


# ---------------------------------------------------------------------------------- a map's score


def score(report: ScoreReport, *, reasons: bool = False) -> dict[str, Any]:
    """The ``score --json`` shape of one map (``reasons``: each card's reason in words too)."""
    return {
        "player": report.player,
        "sheet": report.sheet.side.id,
        "season": report.season,
        "cards": [{"edict": c.edict, "id": c.id, "name": c.name, "score": c.score.points,
                   **({"reason": c.score.reason} if reasons else {})} for c in report.cards],
        "coins": report.coins,
        "monsters": report.monsters,
        "total": report.total,
    }


def problem(p: Problem) -> dict[str, Any]:
    """One problem of a file: where it is and what is wrong."""
    return {"file": p.file, "line": p.line, "col": p.col, "space": p.space, "message": p.message}


class MapValues(Protocol):
    """What a view reads of a map file (the table's ``MapFile`` is one)."""

    sheet: Sheet
    player: str | None
    coins: int
    spent: int
    edicts: tuple[str, ...] | None
    season: str | None
    warnings: tuple[str, ...]


def map_file(mf: MapValues) -> dict[str, Any]:
    """The ``show --json`` shape: what a script needs to read the map back. ``grid``: 11 rows
    of 11 symbols, row A first, no spaces, upper case but ``r`` for an empty ruins space;
    ``zones``: the spaces of heroes' attack zones, A1..K11 order."""
    from ..notation import RUINS, sheet_symbols

    rows = ["".join(x if x == RUINS else x.upper() for x in row) for row in sheet_symbols(mf.sheet)]
    return {"player": mf.player, "sheet": mf.sheet.side.id, "coins": mf.coins, "coins_spent": mf.spent, "grid": rows,
            "zones": labels(mf.sheet.attacks), "edicts": list(mf.edicts) if mf.edicts else None,
            "season": mf.season, "warnings": list(mf.warnings)}


def checked(path: str, mf: MapValues | None, problems: list[Problem]) -> dict[str, Any]:
    """One file of ``check --json``: whether it is good, and every problem in it."""
    return {"file": path, "ok": mf is not None, "player": mf.player if mf else None,
            "sheet": mf.sheet.side.id if mf else None, "coins": mf.coins if mf else None,
            "problems": [problem(p) for p in problems], "warnings": list(mf.warnings) if mf else []}


# ---------------------------------------------------------------------------------- the game


def status(state: GameState) -> dict[str, Any]:
    """The ``status --json`` shape (the deck's order is never part of it)."""
    from .. import deck as decks
    from .. import game as games

    d = state.deck
    s = games.season(state)
    return {
        "season": s.id,
        "time": decks.time_used(d),
        "threshold": s.threshold,
        "season_over": games.season_over(state),
        "game_over": games.game_over(state),
        "column": [deck_card(state, c) for c in d.column],
        "deck_size": len(d.remaining),
        "ambushes_in_deck": len(decks.ambushes_in(d, d.remaining)),
        "edicts": list(state.setup.edicts),
        "scoring_now": list(s.edicts),
        "ruins_required": d.ruins_card is not None or d.ruins_pending,
        "ruins_pending": d.ruins_pending,
        "ruins_card": d.ruins_card,
        "players": list(state.setup.players),
        "recorded": games.recorded(state),
        "solo": state.setup.solo,
        "sheet": state.setup.sheet,
        "sheet_roll": sheet_roll(state.side),
        "skills": [skill(state.catalog.skill(i)) for i in state.setup.skills],
        "on_table": on_table(state),
        "edition": state.setup.edition,
        "heroes_in_deck": len(decks.heroes_in(d, d.remaining)),
        "after_scoring": games.after_scoring(state),
        "unrecorded": [{"season": sid, "players": names} for sid, names in games.unrecorded(state)],
    }


def sheet_roll(side: SheetSide) -> dict[str, Any] | None:
    """Where a rolled side's dice put its printed spaces (None for a printed side)."""
    if side.roll is None:
        return None
    return {"seed": side.roll[0], "wastelands": side.roll[1], "mountains": labels(side.mountains),
            "ruins": labels(side.ruins), "wasteland_spaces": labels(side.wastelands)}


def on_table(state: GameState) -> dict[str, Any] | None:
    """The card every player draws now, with its ruins obligation; None before the first card."""
    from ..game import card_on_table

    card_id, ruins = card_on_table(state)
    return None if card_id is None else {**deck_card(state, card_id), "ruins": ruins}


def season_record(r: Record) -> dict[str, Any]:
    """One recorded season in the standings."""
    return {"season": r.season, "edict1": r.edict1, "edict2": r.edict2, "coins": r.coins,
            "monsters": r.monsters, "total": r.total}


def standings(st: Standings) -> dict[str, Any]:
    """The ``standings --json`` shape: seasons, totals, ranks, winners, solo rating."""
    players = [{"name": p.name, "seasons": [season_record(r) for r in p.seasons], "total": p.total,
                "monsters": p.monsters, "rank": p.rank, "missing": list(p.missing), "complete": p.complete}
               for p in st.players]
    solo = None if st.solo is None else {"rating": st.solo.rating, "title": st.solo.title,
                                          "handicap": st.solo.handicap}
    return {"players": players, "winners": list(st.winners), "leaders": list(st.leaders), "final": st.final,
            "complete": st.complete, "solo": solo}


def solo_monster(m: SoloMonster | None, warning: str | None) -> dict[str, Any] | None:
    """Where cartoref drew a solo ambush's monster (spaces empty when it fits nowhere)."""
    if m is None or m.error is not None:
        return None
    return {"map": m.map, "cells": labels(m.spaces), "spaces": labels(m.spaces), "coins": m.coins,
            "warning": warning, "yours": m.yours}


def draw(result: Drawn) -> dict[str, Any]:
    """The ``draw --json`` shape."""
    from ..game import coin_track, passes
    from .phrases import coin_track_full
    from .words import pass_word as pass_word_of

    ambush_card = result.state.card(result.event.ambush) if result.event.ambush else None
    pass_word = pass_word_of(ambush_card, result.state.setup.solo) if ambush_card else None  # type: ignore[arg-type]
    warning = coin_track_full(coin_track(result.state), result.solo.lost if result.solo else 0)
    st = status(result.state)
    ambush = result.event.ambush
    pairs = [] if ambush is None or pass_word is None else passes(
        result.state.setup.players, result.state.card(ambush).arrow)  # type: ignore[union-attr]
    return {
        "revealed": [deck_card(result.state, c) for c in result.event.revealed],
        "ruins_required": st["ruins_required"],
        "pass": pass_word,
        "passes": [{"map_of": a, "drawn_by": b} for a, b in pairs],
        "unrecorded": list(result.event.unrecorded),
        "season_started": result.event.season_started,
        "solo_monster": solo_monster(result.solo, warning),
        "status": st,
    }


def action(a: Action) -> dict[str, Any]:
    """An action as the mapping stored in the save file's log."""
    from ..game import Draw

    if isinstance(a, Draw):
        drawn: dict[str, Any] = {"draw": list(a.revealed)}
        if a.monster:
            drawn.update(monster=list(a.monster), coins=a.monster_coins)
        return drawn
    out: dict[str, Any] = {"player": a.player, "season": a.season, "edict1": a.edict1,
                           "edict2": a.edict2, "coins": a.coins, "monsters": a.monsters}
    if a.replace:
        out["replace"] = True
    if a.source is not None:
        out["map"] = a.source
    return {"record": out}


def record(result: Recorded) -> dict[str, Any]:
    """The ``record --json`` shape."""
    r = result.event.record
    return {"player": r.player, "season": r.season, "edict1": r.edict1, "edict2": r.edict2,
            "coins": r.coins, "monsters": r.monsters, "total": r.total, "map": r.source,
            "replaced": r.replace, "status": status(result.state)}


def undo(result: Undone, note: str | None) -> dict[str, Any]:
    """The ``undo --json`` shape."""
    return {"undone": action(result.undone), "note": note, "status": status(result.state),
            "kept": [{"card": k.card, "cells": labels(k.cells)} for k in result.later]}


def log(entries: list[tuple[Action, str]]) -> dict[str, Any]:
    """The ``log --json`` shape: every action with its number and season."""
    return {"actions": [{"n": n, "season": s, **action(a)} for n, (a, s) in enumerate(entries, 1)]}


# ---------------------------------------------------------------------------------- drawings


def placed(result: Placed | PlacedHero, warnings: list[str]) -> dict[str, Any]:
    """The ``place --json`` shape: the drawing (a shape or a hero) and all it did."""
    from ..table import PlacedHero
    from .map_words import coin_reasons

    out = result.outcome
    assert out is not None and result.drawing is not None
    common = {"coins_gained": len(out.earned), "coin_reasons": coin_reasons(out), "dragon_coins": out.dragon,
              "destroyed": labels(out.destroyed), "coins": result.coins, "written": result.written,
              "warnings": warnings, "skill": out.entry.skill or None, "coins_spent": out.after.spent}
    if isinstance(result, PlacedHero):
        h = result.drawing
        return {"map": result.path, "card": h.hero.name, "card_id": h.hero.id, "cells": labels(h.mask),
                "terrain": "hero", "orientation": h.orientation, "attacks": labels(h.attacks), **common}
    d = result.drawing
    return {"map": result.path, "card": d.card.name, "card_id": d.card.id, "cells": labels(d.mask),
            "terrain": d.terrain.word, "option": d.option, "fallback": d.fallback, **common}


def season_ended(result: SeasonEnded) -> dict[str, Any]:
    """The ``season-end --json`` shape."""
    from .map_words import coin_reasons

    return {"map": result.path, "season": result.season, "order": list(result.order),
            "zombies": labels(result.zombies), "zombies_destroyed": labels(result.zombies_destroyed),
            "troll": labels(result.troll), "dragon_coins": result.dragon_coins,
            "coins_gained": len(result.outcome.earned), "coin_reasons": coin_reasons(result.outcome),
            "coins": result.coins, "written": result.written}


def unplaced(result: Unplaced) -> dict[str, Any]:
    """The ``unplace --json`` shape: the drawing taken back and the coins after."""
    d = result.drawn
    return {"map": result.path, "card_id": d.card, "terrain": d.terrain.word if d.terrain else None,
            "cells": labels(d.cells), "erased": labels(result.erased), "restored": labels(d.destroyed_mask),
            "marks": labels(d.marks), "coins_back": d.coins, "coins": result.coins,
            "left": len(result.before.drawings) - 1, "written": result.written}


def fits(f: Fits) -> dict[str, Any]:
    """The ``fits --json`` shape."""
    return {"options": [{"option": o.option, "placements": o.placements, "cells": labels(o.example) or None,
                         "example": labels(o.example) or None} for o in f.options],
            "fallback": f.fallback,
            "without_ruins": list(f.unbound) if f.unbound is not None else None}


def solo_ambush(candidate: Candidate | None) -> dict[str, Any]:
    """The ``solo-ambush --json`` shape."""
    return {"cells": labels(candidate.mask) if candidate else None, "ignored": candidate is None}


def title(score_: int, chosen: list[ScoringCard], rating: int, name: str) -> dict[str, Any]:
    """The ``title --json`` shape."""
    return {"score": score_,
            "cards": [{"edict": e, "id": c.id, "name": c.name, "solo": c.solo} for e, c in zip(EDICTS, chosen)],
            "solo_total": score_ - rating, "rating": rating, "title": name}


def forecast(f: Forecast | None) -> dict[str, Any]:
    """The ``forecast --json`` shape: floats for scripts, the exact fractions under "exact"."""
    if f is None:
        return {"season": None, "game_over": True}
    return {
        "season": f.season, "time": f.time, "threshold": f.threshold, "game_over": False,
        "ends_next": float(f.ends_next),
        "draws_left": {str(n): float(p) for n, p in f.draws_left.items()},
        "expected_draws_left": float(f.expected_draws_left),
        "exact": {"ends_next": str(f.ends_next), "draws_left": {str(n): str(p) for n, p in f.draws_left.items()},
                  "expected_draws_left": str(f.expected_draws_left)},
    }


def hints(result: Hinted, shown: int) -> dict[str, Any]:
    """The ``hint --json`` shape: the card, and its drawings best first."""
    from ..moves.heroes import HeroDrawing
    from .advice import ahead_reason, hint_reasons, ruins_reason

    def drawing(h: Hint) -> dict[str, Any]:
        d = h.drawing
        if isinstance(d, HeroDrawing):
            shape = {"terrain": "hero", "orientation": d.orientation, "attacks": labels(d.attacks),
                     "destroyed": labels(d.destroyed), "protects": h.protects}
        else:
            shape = {"terrain": d.terrain.word, "option": d.option}
        out = {"cells": labels(h.mask), **shape, "coins": h.coins, "dragon_coins": h.dragon,
               "monsters": h.monsters, "now": h.now, "later": h.later, "total": h.total, "why": hint_reasons(h)}
        if h.ahead is not None:
            a = h.ahead
            ruins = None if a.ruins is None else {**a.ruins._asdict(), "why": ruins_reason(a.ruins)}
            out["ahead"] = {"next": a.next, "value": round(h.value, 2), "card": a.card.id if a.card else None,
                            "more": a.more, "chance": round(a.chance, 4), "face_down": a.face_down,
                            "why": ahead_reason(a), "ruins": ruins}
        return out

    card = result.card
    return {"card": {"id": card.id, "name": card.name}, "season": result.season, "count": len(result.ranked),
            "drawings": [drawing(h) for h in result.ranked[:shown]]}


def photo_read(result: Any) -> dict[str, Any]:
    """The ``read --json`` shape: the side, the corners used and whether cartoref found them, every
    space's symbol and confidence (row A first), the spaces left ``?``, and those of them worth
    a label (each with how many spaces left ``?`` look like it, itself included), and the
    photo's own pixels across a space."""
    from ..grid import SIZE, Cell

    return {"sheet": result.sheet, "corners": [list(p) for p in result.corners], "found": result.found,
            "spaces": [{"space": Cell(r, c).label, "symbol": result.symbols[r][c],
                        "confidence": result.confidence[r][c]} for r in range(SIZE) for c in range(SIZE)],
            "unread": result.unread, "ask": [{"space": space, "alike": n} for space, n in result.asks],
            "space_px": result.space_px}


def moved(result: Any) -> dict[str, Any]:
    """A game copied between stores (``export``, ``import``): each text, from where to where."""
    return {"game": result.game, "to": result.to, "texts": [{"from": a, "to": b} for a, b in result.texts]}
