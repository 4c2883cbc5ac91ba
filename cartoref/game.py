"""A refereed game: its setup, the log of actions, ``apply``, undo, standings, save and load.

The state is never stored: a saved game holds the setup and the ordered log of what happened,
and loading replays the log through ``apply``, which checks every rule on the way. A file
edited into a game the rules do not allow is refused, naming the file and the log entry.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from typing import Any, Union

from . import deck as decks
from .cards import EDICTS, Catalog, ScoringCard, Season
from .cards import catalog as default_catalog
from .deck import DeckState
from .errors import CartorefError, IllegalAction, SaveFileError, UnknownCardError, UsageError
from .grid import Cell

FORMAT = 1
MAGIC = "cartoref-game"
MAX_PLAYERS = 100
HEADER = (
    "# A game of Cartographers refereed by cartoref (docs/game.md).\n"
    "# cartoref replays the log below on every load and refuses a game the rules do not allow:\n"
    "# step back with `cartoref undo` rather than by editing.\n"
)


@dataclass(frozen=True)
class Setup:
    """What is fixed when a game starts."""

    seed: int
    players: tuple[str, ...]
    solo: bool
    sheet: str
    edicts: tuple[str, str, str, str]  # scoring-card ids under edicts A, B, C, D
    map: str | None = None  # solo: the player's map file, relative to the game file


@dataclass(frozen=True)
class Draw:
    """Reveal the next card (and more after ruins); ``revealed`` is what the deck gave.

    In a solo game played on a map file, ``monster`` holds the spaces where cartoref drew an
    ambush's monster and ``monster_coins`` the coins that earned, so undo can rub them out.
    """

    revealed: tuple[str, ...] = ()
    monster: tuple[str, ...] = ()
    monster_coins: int = 0


@dataclass(frozen=True)
class Record:
    """One player's score boxes for one season."""

    player: str
    season: str
    edict1: int
    edict2: int
    coins: int
    monsters: int  # stars lost, >= 0
    replace: bool = False
    source: str | None = None  # the map file that was scored; None when hand-scored

    @property
    def total(self) -> int:
        """The season score: edicts + coins - monsters (may be negative)."""
        return self.edict1 + self.edict2 + self.coins - self.monsters


Action = Union[Draw, Record]


@dataclass(frozen=True)
class GameState:
    """A game after its log has been applied. Equal states compare equal (undo relies on it)."""

    setup: Setup
    deck: DeckState
    scores: tuple[tuple[Record | None, ...], ...]  # per player, per season index
    log: tuple[Action, ...] = ()
    cards: Catalog = field(default_factory=default_catalog, compare=False, repr=False)


# ---------------------------------------------------------------------------------- setup


def check_player_names(names: list[str]) -> tuple[str, ...]:
    """Validate player names: 1 to 100, none empty, no two alike ignoring case."""
    names = [n.strip() for n in names]
    if not names or names == [""]:
        raise UsageError("name the players: --players \"Ann,Bob,Cy\" (or --solo)")
    if len(names) > MAX_PLAYERS:
        raise UsageError(f"at most {MAX_PLAYERS} players, not {len(names)}")
    seen: dict[str, str] = {}
    for n in names:
        if not n:
            raise UsageError("a player name is empty (two commas in a row?)")
        if not n.isprintable() or "," in n:
            raise UsageError(f"player name {n!r} should be printable text without commas")
        if n.lower() in seen:
            raise UsageError(f"two players are called {n!r}")
        seen[n.lower()] = n
    return tuple(names)


def resolve_edicts(names: list[str], cards: Catalog) -> tuple[str, str, str, str]:
    """Four scoring cards by forgiving names, for edicts A to D."""
    if len(names) != 4:
        raise UsageError(f"--edicts takes four scoring cards, A to D, not {len(names)}")
    ids = [cards.scoring_card(n.strip()).id for n in names]
    if len(set(ids)) != 4:
        raise UsageError("--edicts should name four different scoring cards")
    a, b, c, d = ids
    return a, b, c, d


def new_game(
    seed: int,
    players: tuple[str, ...],
    *,
    solo: bool = False,
    sheet: str = "wilderness",
    edicts: tuple[str, str, str, str] | None = None,
    map: str | None = None,
    cards: Catalog | None = None,
) -> GameState:
    """Set up a game: edicts drawn from the seed unless given, spring's deck shuffled."""
    cards = cards or default_catalog()
    players = check_player_names(list(players))
    if solo and len(players) != 1:
        raise UsageError("a solo game has exactly one player")
    if not solo and len(players) < 2:
        raise UsageError("one player plays the solo game: use --solo")
    if map is not None and not solo:
        raise UsageError("--map is for solo games (the monster is placed on the solo player's map)")
    side = cards.sheet_side(sheet).id
    edicts = edicts or decks.draw_edicts(seed, cards)
    for e in edicts:
        if e not in {s.id for s in cards.scoring}:
            raise UsageError(f"unknown scoring card {e!r}")
    if len(set(edicts)) != 4:
        raise UsageError("the four edicts should be four different scoring cards")
    setup = Setup(seed, players, solo, side, edicts, map)
    empty = tuple((None,) * len(cards.seasons) for _ in players)
    return GameState(setup, decks.start(seed, cards), empty, (), cards)


def from_setup(setup: Setup, cards: Catalog | None = None) -> GameState:
    """The state at the start of a game with this setup."""
    return new_game(setup.seed, setup.players, solo=setup.solo, sheet=setup.sheet, edicts=setup.edicts,
                    map=setup.map, cards=cards)


def edicts_apart_from_categories(state: GameState) -> bool:
    """True when the edicts are not one scoring card from each category (a house choice)."""
    by_id = {c.id: c for c in state.cards.scoring}
    return len({by_id[e].category for e in state.setup.edicts}) != 4


# ---------------------------------------------------------------------------------- queries


def season(state: GameState) -> Season:
    """The current season card (the one running or just ended)."""
    return state.cards.seasons[state.deck.season]


def season_over(state: GameState) -> bool:
    """True when the current season's time has reached its threshold."""
    return decks.season_over(state.deck, state.cards)


def game_over(state: GameState) -> bool:
    """True once winter has ended."""
    return decks.game_over(state.deck, state.cards)


def edict_card(state: GameState, letter: str) -> ScoringCard:
    """The scoring card under an edict letter."""
    by_id = {c.id: c for c in state.cards.scoring}
    return by_id[state.setup.edicts[EDICTS.index(letter)]]


def scoring_now(state: GameState) -> list[tuple[str, str, str]]:
    """The current season's two edicts as ``(letter, card id, card name)``."""
    return [(x, edict_card(state, x).id, edict_card(state, x).name) for x in season(state).edicts]


def recorded(state: GameState, index: int | None = None) -> list[str]:
    """The players who have recorded a season (the current one by default)."""
    i = state.deck.season if index is None else index
    return [p for p, row in zip(state.setup.players, state.scores) if row[i] is not None]


def player_index(state: GameState, name: str) -> int:
    """A player's index by name, any case; an unknown name suggests the closest ones."""
    wanted = name.strip().lower()
    for i, p in enumerate(state.setup.players):
        if p.lower() == wanted:
            return i
    import difflib

    lower = {p.lower(): p for p in state.setup.players}
    close = [lower[c] for c in difflib.get_close_matches(wanted, list(lower), n=3, cutoff=0.5)]
    hint = " (did you mean " + " or ".join(repr(c) for c in close) + "?)" if close else ""
    raise IllegalAction(f"no player called {name!r} in this game{hint}; the players are "
                        + ", ".join(state.setup.players))


def card_json(card_id: str, cards: Catalog) -> dict[str, Any]:
    """The documented CARD shape: id, name, kind, time."""
    c = decks.deck_cards(cards)[card_id]
    return {"id": c.id, "name": c.name, "kind": c.kind, "time": c.time}


def status(state: GameState) -> dict[str, Any]:
    """The documented ``status --json`` shape (the deck's order is never part of it)."""
    d, cards = state.deck, state.cards
    s = season(state)
    return {
        "season": s.id,
        "time": decks.time_used(d, cards),
        "threshold": s.threshold,
        "season_over": season_over(state),
        "game_over": game_over(state),
        "column": [card_json(c, cards) for c in d.column],
        "deck_size": len(d.remaining),
        "ambushes_in_deck": len(decks.ambushes_in(d.remaining, cards)),
        "edicts": list(state.setup.edicts),
        "scoring_now": list(s.edicts),
        "ruins_required": d.ruins_card is not None or d.ruins_pending,
        "ruins_pending": d.ruins_pending,
        "ruins_card": d.ruins_card,
        "players": list(state.setup.players),
        "recorded": recorded(state),
        "solo": state.setup.solo,
        "sheet": state.setup.sheet,
    }


# ---------------------------------------------------------------------------------- actions


def apply(state: GameState, action: Action) -> GameState:
    """The game after one action; IllegalAction when the rules do not allow it now."""
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, Record):
        return _record(state, action)
    raise IllegalAction(f"unknown action {action!r}")


def _draw(state: GameState, action: Draw) -> GameState:
    d = state.deck
    if game_over(state):
        raise IllegalAction("the game is over after winter: see `cartoref standings`")
    if decks.season_over(d, state.cards):
        missing = [p for p in state.setup.players if p not in recorded(state)]
        if missing:
            shown = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
            raise IllegalAction(f"{season(state).name} is over but not every score is recorded: "
                                f"record {shown} first (`cartoref record PLAYER MAP`)")
        d = decks.next_season(d, state.cards)
    d, revealed = decks.reveal(d, state.cards)
    if action.revealed and action.revealed != revealed:
        raise IllegalAction("the cards this draw names are not the ones the deck holds for this seed")
    if action.monster or action.monster_coins:
        ambushes = {a.id for a in state.cards.ambushes}
        if not (state.setup.solo and state.setup.map and ambushes & set(revealed)):
            raise IllegalAction("a monster is drawn by cartoref only on a solo map, after an ambush")
        if action.monster_coins < 0 or any(not _is_space(x) for x in action.monster):
            raise IllegalAction(f"the monster's spaces {list(action.monster)} are not spaces of the map")
    return replace(state, deck=d, log=state.log + (replace(action, revealed=revealed),))


def _is_space(label: str) -> bool:
    try:
        Cell.parse(label)
    except ValueError:
        return False
    return True


def check_season_over(state: GameState) -> None:
    """Refuse (IllegalAction) while the current season is still running."""
    s = season(state)
    if not season_over(state):
        raise IllegalAction(f"{s.name} is still running (time {decks.time_used(state.deck, state.cards)}/"
                            f"{s.threshold}): record scores when it ends")


def _record(state: GameState, action: Record) -> GameState:
    i = player_index(state, action.player)
    s = season(state)
    if action.season != s.id:
        try:
            asked = state.cards.season(action.season).name
        except UnknownCardError:
            raise IllegalAction(f"unknown season {action.season!r}") from None
        raise IllegalAction(f"cannot record {asked}: the season to score is {s.name}"
                            + ("" if season_over(state) else ", and it is still running"))
    check_season_over(state)
    player = state.setup.players[i]
    if state.scores[i][state.deck.season] is not None and not action.replace:
        raise IllegalAction(f"{player} already has a score for {s.name}; use --replace to change it")
    coin_track = state.cards.sheet_side(state.setup.sheet).coin_track
    for what, value, low, high in (("edict1", action.edict1, 0, None), ("edict2", action.edict2, 0, None),
                                   ("coins", action.coins, 0, coin_track), ("monsters", action.monsters, 0, None)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            hint = " (the stars lost, as a positive number)" if what == "monsters" else ""
            raise IllegalAction(f"{what} should be a whole number {span}{hint}, not {value!r}")
    rec = replace(action, player=player)
    row = list(state.scores[i])
    row[state.deck.season] = rec
    scores = state.scores[:i] + (tuple(row),) + state.scores[i + 1 :]
    return replace(state, scores=scores, log=state.log + (rec,))


def replay(setup: Setup, log: tuple[Action, ...] | list[Action], cards: Catalog | None = None) -> GameState:
    """The state reached by applying the log to a fresh game with this setup."""
    state = from_setup(setup, cards)
    for action in log:
        state = apply(state, action)
    return state


def undo(state: GameState) -> GameState:
    """The game without its last action (replayed from the start)."""
    if not state.log:
        raise IllegalAction("nothing to undo: the game has just been set up")
    return replay(state.setup, state.log[:-1], state.cards)


def iter_log(state: GameState) -> list[tuple[Action, str]]:
    """Each action of the log with the id of the season it belongs to."""
    out: list[tuple[Action, str]] = []
    step = from_setup(state.setup, state.cards)
    for action in state.log:
        step = apply(step, action)
        out.append((action, action.season if isinstance(action, Record) else season(step).id))
    return out


def record_from_map(state: GameState, player: str, mf: Any, *, replace_: bool = False,
                    source: str | None = None) -> tuple[Record, Any]:
    """Score a player's map file for the season that just ended with the game's edicts.

    Returns the record and the score report (for showing the working)."""
    from .scoring import score_sheet

    name = state.setup.players[player_index(state, player)]
    s = season(state)
    if mf.sheet.side.id != state.setup.sheet:
        raise IllegalAction(f"{mf.name}: the map is on the {mf.sheet.side.id} side but this game uses {state.setup.sheet}")
    if mf.season is not None and mf.season != s.id:
        raise IllegalAction(f"{mf.name}: the map file says season {mf.season} but the season to score is {s.id}")
    if mf.edicts is not None and tuple(mf.edicts) != state.setup.edicts:
        raise IllegalAction(f"{mf.name}: the map file's edicts are not this game's ({', '.join(state.setup.edicts)})")
    if mf.player is not None and mf.player.strip().lower() != name.lower():
        raise IllegalAction(f"{mf.name}: the map file belongs to {mf.player!r}, not {name!r}")
    edicts: list[tuple[str | None, str, str]] = [(x, i, n) for x, i, n in scoring_now(state)]
    report = score_sheet(mf.sheet, edicts, mf.coins, player=name, season=s.id)
    e1, e2 = (c.score.points for c in report.cards)
    rec = Record(name, s.id, e1, e2, mf.coins, report.monsters, replace_, source)
    return rec, report


# ---------------------------------------------------------------------------------- standings


def standings(state: GameState) -> dict[str, Any]:
    """The documented ``standings --json`` shape: seasons, totals, ranks, winners, solo rating."""
    rows: list[dict[str, Any]] = []
    for name, row in zip(state.setup.players, state.scores):
        seasons = [
            {"season": r.season, "edict1": r.edict1, "edict2": r.edict2, "coins": r.coins,
             "monsters": r.monsters, "total": r.total}
            for r in row if r is not None
        ]
        rows.append({"name": name, "seasons": seasons, "total": sum(s["total"] for s in seasons),
                     "monsters": sum(s["monsters"] for s in seasons)})
    # Official tie-break: fewest stars lost to monsters; still tied, the rank is shared.
    for r in rows:
        r["rank"] = 1 + sum((o["total"], -o["monsters"]) > (r["total"], -r["monsters"]) for o in rows)
    final = game_over(state) and all(all(x is not None for x in row) for row in state.scores)
    leaders = [r["name"] for r in rows if r["rank"] == 1]
    solo = None
    if state.setup.solo:
        by_id = {c.id: c for c in state.cards.scoring}
        handicap = sum(by_id[e].solo for e in state.setup.edicts)
        rating = rows[0]["total"] - handicap
        solo = {"rating": rating, "title": state.cards.solo_title(rating), "handicap": handicap}
    return {"players": rows, "winners": leaders if final else [], "leaders": leaders, "final": final, "solo": solo}


# ---------------------------------------------------------------------------------- save / load


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def action_json(action: Action) -> dict[str, Any]:
    """An action as the mapping stored in the save file's log."""
    if isinstance(action, Draw):
        drawn: dict[str, Any] = {"draw": list(action.revealed)}
        if action.monster:
            drawn.update(monster=list(action.monster), coins=action.monster_coins)
        return drawn
    out: dict[str, Any] = {"player": action.player, "season": action.season, "edict1": action.edict1,
                           "edict2": action.edict2, "coins": action.coins, "monsters": action.monsters}
    if action.replace:
        out["replace"] = True
    if action.source is not None:
        out["map"] = action.source
    return {"record": out}


def format_game(state: GameState) -> str:
    """The save file's text: one YAML document with the setup and the log."""
    s = state.setup
    lines = [HEADER.rstrip("\n"), f"{MAGIC}: {FORMAT}", f"seed: {s.seed}", "players:"]
    lines += [f"  - {_q(p)}" for p in s.players]
    lines.append(f"solo: {'true' if s.solo else 'false'}")
    if s.map is not None:
        lines.append(f"map: {_q(s.map)}")
    lines.append(f"sheet: {s.sheet}")
    lines.append("edicts: {" + ", ".join(f"{x}: {e}" for x, e in zip(EDICTS, s.edicts)) + "}")
    lines.append("log:" if state.log else "log: []")
    for a in state.log:
        if isinstance(a, Draw):
            lines.append(f"  - draw: [{', '.join(a.revealed)}]")
            if a.monster:
                lines.append(f"    monster: [{', '.join(a.monster)}]")
                lines.append(f"    coins: {a.monster_coins}")
        else:
            parts = [f"player: {_q(a.player)}", f"season: {a.season}", f"edict1: {a.edict1}",
                     f"edict2: {a.edict2}", f"coins: {a.coins}", f"monsters: {a.monsters}"]
            if a.replace:
                parts.append("replace: true")
            if a.source is not None:
                parts.append(f"map: {_q(a.source)}")
            lines.append("  - record: {" + ", ".join(parts) + "}")
    return "\n".join(lines) + "\n"


class _Bad(Exception):
    pass


def _need(data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in data:
        raise _Bad(f"{where}missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad(f"{where}{key!r} should be {'a whole number' if kind is int else kind.__name__}, not {value!r}")
    return value


SETUP_KEYS = {MAGIC, "seed", "players", "solo", "sheet", "edicts", "map", "log"}
RECORD_KEYS = {"player", "season", "edict1", "edict2", "coins", "monsters", "replace", "map"}


def _parse_action(entry: Any, n: int) -> Action:
    where = f"log entry {n}: "
    if isinstance(entry, dict) and "draw" in entry:
        body = entry["draw"]
        if not isinstance(body, list) or not body or not all(isinstance(c, str) for c in body):
            raise _Bad(f"{where}a draw lists the card ids it revealed")
        extra = set(entry) - {"draw", "monster", "coins"}
        if extra:
            raise _Bad(f"{where}unknown key {min(map(str, extra))!r} in a draw")
        monster = entry.get("monster", [])
        if not isinstance(monster, list) or not all(isinstance(c, str) for c in monster):
            raise _Bad(f"{where}'monster' lists the spaces of the monster drawn")
        coins = _need(entry, "coins", int, where) if "coins" in entry else 0
        return Draw(tuple(body), tuple(monster), coins)
    if not isinstance(entry, dict) or len(entry) != 1:
        raise _Bad(f"{where}expected one 'draw: [...]' or 'record: {{...}}'")
    (kind, body), = entry.items()
    if kind == "record":
        if not isinstance(body, dict):
            raise _Bad(f"{where}a record is a mapping of player, season, edict1, edict2, coins, monsters")
        extra = set(body) - RECORD_KEYS
        if extra:
            raise _Bad(f"{where}unknown key {min(map(str, extra))!r} in a record")
        source = body.get("map")
        if source is not None and not isinstance(source, str):
            raise _Bad(f"{where}'map' should be a file name")
        rep = body.get("replace", False)
        if not isinstance(rep, bool):
            raise _Bad(f"{where}'replace' should be true or false")
        e1, e2, coins, monsters = (_need(body, k, int, where) for k in ("edict1", "edict2", "coins", "monsters"))
        return Record(_need(body, "player", str, where), _need(body, "season", str, where), e1, e2, coins, monsters,
                      replace=rep, source=source)
    raise _Bad(f"{where}unknown action {kind!r} (expected draw or record)")


def parse_game(text: str, name: str = "<game>", cards: Catalog | None = None) -> GameState:
    """Read a save file's text, replay its log and re-check it; SaveFileError naming the file."""
    import yaml

    cards = cards or default_catalog()
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise SaveFileError(f"{name}: not a cartoref game: the file is not valid YAML{where}") from None
    if not isinstance(data, dict) or MAGIC not in data:
        raise SaveFileError(f"{name}: not a cartoref game file (it has no '{MAGIC}:' line)")
    if data[MAGIC] != FORMAT:
        raise SaveFileError(f"{name}: game file format {data[MAGIC]!r} is not one this cartoref reads "
                            f"(it reads format {FORMAT})")
    try:
        extra = set(map(str, data)) - SETUP_KEYS
        if extra:
            raise _Bad(f"unknown key {min(extra)!r}")
        seed = _need(data, "seed", int)
        players = _need(data, "players", list)
        if not all(isinstance(p, str) for p in players):
            raise _Bad("'players' should be a list of names")
        solo = _need(data, "solo", bool)
        sheet = _need(data, "sheet", str)
        ed = _need(data, "edicts", dict)
        if sorted(map(str, ed)) != list(EDICTS) or not all(isinstance(v, str) for v in ed.values()):
            raise _Bad("'edicts' should map A, B, C and D to scoring-card ids")
        ids = {c.id for c in cards.scoring}
        for letter in EDICTS:
            if ed[letter] not in ids:
                raise _Bad(f"edict {letter}: {ed[letter]!r} is not a scoring-card id")
        map_ = data.get("map")
        if map_ is not None and not isinstance(map_, str):
            raise _Bad("'map' should be a file name")
        log = data.get("log")
        if log is None:
            log = []
        if not isinstance(log, list):
            raise _Bad("'log' should be a list of actions")
        actions = [_parse_action(e, n) for n, e in enumerate(log, 1)]
    except _Bad as e:
        raise SaveFileError(f"{name}: {e}") from None
    try:
        setup_edicts = tuple(ed[x] for x in EDICTS)
        state = new_game(seed, tuple(players), solo=solo, sheet=sheet, edicts=setup_edicts,
                         map=map_, cards=cards)
        if state.setup.players != tuple(players):
            raise UsageError("player names should have no spaces around them")
    except CartorefError as e:
        raise SaveFileError(f"{name}: impossible setup: {e}") from None
    for n, action in enumerate(actions, 1):
        try:
            state = apply(state, action)
        except CartorefError as e:
            raise SaveFileError(f"{name}: log entry {n} is impossible: {e}") from None
    return state


def read_game(path: str, cards: Catalog | None = None) -> GameState:
    """Read and check a saved game; a missing, unreadable or foreign file is a SaveFileError."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no game file here; start a game with `cartoref new`") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path}: not a cartoref game file (not UTF-8 text)") from None
    except OSError as e:
        raise SaveFileError(f"{path}: cannot read the game file: {e.strerror}") from None
    return parse_game(text, path, cards)


def map_path(state: GameState, game_path: str) -> str | None:
    """A solo game's map file, as a path usable from the current directory."""
    if state.setup.map is None:
        return None
    return os.path.join(os.path.dirname(game_path), state.setup.map)
