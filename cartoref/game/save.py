"""The save file's text: ``format_game`` / ``parse_game``, a round-trip pair (no file I/O here).

Format 2 names the cards the game plays with (its explore, ruins and ambush cards in the order
its shuffles take them, and the set of its season cards), so card data can grow or change
without changing or breaking a saved game. Format 1 (cartoref 0.1) named none: it loads as a
base game whose cards are listed below in the order that release shuffled them, and so
replays exactly as it did.
"""

from __future__ import annotations

import json
from typing import Any

from ..cards import EDICTS, Catalog
from ..cards import catalog as default_catalog
from ..errors import CartorefError, SaveFileError, UsageError
from ..i18n import _
from ..texts import excerpt
from ..yamlsafe import Limits, find_excess, safe_loader
from .editions import edition_names
from .opening import check_setup, from_setup
from .state import apply
from .values import Action, Draw, GameState, Record, Setup

FORMAT = 2
#: Limits no real game comes near (a 100-player game is about 60 KB and 500 actions), so that
#: any file is answered quickly and in little memory.
MAX_BYTES = 16 << 20
MAX_NODES = 100_000  # YAML values
MAX_SCALAR = 10_000  # characters of one value (a name, a card id)
MAX_DEPTH = 16  # YAML nesting
MAX_LOG = 5_000  # actions in the log
LIMITS = Limits(MAX_NODES, MAX_DEPTH, MAX_SCALAR)
READS = (1, 2)
MAGIC = "cartoref-game"
HEADER = (
    "# A game of Cartographers refereed by cartoref (docs/game.md).\n"
    "# cartoref replays the log below on every load and refuses a game the rules do not allow:\n"
    "# step back with `cartoref undo` rather than by editing.\n"
)

#: The cards of every format-1 game, in the order cartoref 0.1 read them from its card files.
FORMAT1_EXPLORE = (
    "temple-ruins", "outpost-ruins", "great-river", "farmland", "hamlet", "forgotten-forest",
    "hinterland-stream", "homestead", "orchard", "treetop-village", "marshlands", "fishing-village",
    "rift-lands",
)
FORMAT1_AMBUSHES = ("goblin-attack", "bugbear-assault", "kobold-onslaught", "gnoll-raid")

SETUP_KEYS = {MAGIC, "seed", "players", "solo", "sheet", "wastelands", "edicts", "map", "log"}
CARD_KEYS = {"explore", "ambushes", "heroes", "seasons", "edition", "skills"}
RECORD_KEYS = {"player", "season", "edict1", "edict2", "coins", "monsters", "replace", "map"}


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _ids(ids: tuple[str, ...]) -> str:
    return "[" + ", ".join(ids) + "]"


def format_game(state: GameState) -> str:
    """The save file's text: one YAML document with the setup, the cards and the log."""
    s = state.setup
    lines = [HEADER.rstrip("\n"), f"{MAGIC}: {FORMAT}", f"seed: {s.seed}", "players:"]
    lines += [f"  - {_q(p)}" for p in s.players]
    lines.append(f"solo: {'true' if s.solo else 'false'}")
    if s.map is not None:
        lines.append(f"map: {_q(s.map)}")
    lines.append(f"sheet: {s.sheet}")
    if s.wastelands:
        lines.append("wastelands: true  # the dice placed wasteland spaces on the sheet too")
    lines.append("edicts: {" + ", ".join(f"{x}: {e}" for x, e in zip(EDICTS, s.edicts)) + "}")
    lines += ["cards:", f"  edition: {s.edition}", f"  explore: {_ids(s.explore)}", f"  ambushes: {_ids(s.ambushes)}"]
    if s.heroes:
        lines.append(f"  heroes: {_ids(s.heroes)}")
    lines.append(f"  seasons: {s.seasons}")
    if s.skills:
        lines.append(f"  skills: {_ids(s.skills)}              # face up for every player")
    lines.append("log:" if state.log else "log: []")
    for a in state.log:
        if isinstance(a, Draw):
            lines.append(f"  - draw: {_ids(a.revealed)}")
            if a.monster:
                lines.append(f"    monster: {_ids(a.monster)}")
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


def _show(value: Any) -> str:
    """A value as a message quotes it: its repr, cut short (a huge value is never printed whole)."""
    if isinstance(value, (dict, list)):
        return _("a mapping") if isinstance(value, dict) else _("a list")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return _("a number that long")
    return excerpt(repr(value))


def _need(data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in data:
        raise _Bad(where + _("missing {key}").format(key=repr(key)))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        if kind is int:
            raise _Bad(where + _("{key} should be a whole number, not {value}").format(key=repr(key),
                                                                                     value=_show(value)))
        # The YAML value's type, as Python names it (list, dict, str, bool).
        raise _Bad(where + _("{key} should be {type}, not {value}").format(key=repr(key), type=kind.__name__,
                                                                            value=_show(value)))
    return value


def _id_list(data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = _need(data, key, list, where)
    if not all(isinstance(v, str) for v in value):
        raise _Bad(where + _("{key} should list card ids").format(key=repr(key)))
    return tuple(value)


def _parse_action(entry: Any, n: int) -> Action:
    # Where the problem is, compiler-style, before what it is: "log entry 3: ...".
    where = _("log entry {n}").format(n=n) + ": "
    if isinstance(entry, dict) and "draw" in entry:
        body = entry["draw"]
        if not isinstance(body, list) or not body or not all(isinstance(c, str) for c in body):
            raise _Bad(where + _("a draw lists the card ids it revealed"))
        extra = set(entry) - {"draw", "monster", "coins"}
        if extra:
            raise _Bad(where + _("unknown key {key} in a draw").format(key=_show(min(map(str, extra)))))
        monster = entry.get("monster", [])
        if not isinstance(monster, list) or not all(isinstance(c, str) for c in monster):
            raise _Bad(where + _("'monster' lists the spaces of the monster drawn"))
        coins = _need(entry, "coins", int, where) if "coins" in entry else 0
        return Draw(tuple(body), tuple(monster), coins)
    if not isinstance(entry, dict) or len(entry) != 1:
        raise _Bad(where + _("expected one 'draw: [...]' or 'record: {...}'"))
    (kind, body), = entry.items()
    if kind == "record":
        if not isinstance(body, dict):
            raise _Bad(where + _("a record is a mapping of player, season, edict1, edict2, coins, monsters"))
        extra = set(body) - RECORD_KEYS
        if extra:
            raise _Bad(where + _("unknown key {key} in a record").format(key=_show(min(map(str, extra)))))
        source = body.get("map")
        if source is not None and not isinstance(source, str):
            raise _Bad(where + _("'map' should be a file name"))
        rep = body.get("replace", False)
        if not isinstance(rep, bool):
            raise _Bad(where + _("'replace' should be true or false"))
        e1, e2, coins, monsters = (_need(body, k, int, where) for k in ("edict1", "edict2", "coins", "monsters"))
        return Record(_need(body, "player", str, where), _need(body, "season", str, where), e1, e2, coins, monsters,
                      replace=rep, source=source)
    raise _Bad(where + _("unknown action {action} (expected draw or record)").format(action=_show(kind)))


def _parse_setup(data: dict[str, Any], version: int) -> Setup:
    keys = SETUP_KEYS | ({"cards"} if version >= 2 else set())
    extra = set(map(str, data)) - keys
    if extra:
        raise _Bad(_("unknown key {key}").format(key=_show(min(extra))))
    seed = _need(data, "seed", int)
    players = _need(data, "players", list)
    if not all(isinstance(p, str) for p in players):
        raise _Bad(_("'players' should be a list of names"))
    solo = _need(data, "solo", bool)
    sheet = _need(data, "sheet", str)
    wastelands = data.get("wastelands", False)
    if not isinstance(wastelands, bool):
        raise _Bad(_("'wastelands' should be true or false"))
    ed = _need(data, "edicts", dict)
    if sorted(map(str, ed)) != list(EDICTS) or not all(isinstance(v, str) for v in ed.values()):
        raise _Bad(_("'edicts' should map A, B, C and D to scoring-card ids"))
    map_ = data.get("map")
    if map_ is not None and not isinstance(map_, str):
        raise _Bad(_("'map' should be a file name"))
    explore: tuple[str, ...]
    ambushes: tuple[str, ...]
    heroes: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    edition = "base"
    if version == 1:
        explore, ambushes, seasons = FORMAT1_EXPLORE, FORMAT1_AMBUSHES, "base"
    else:
        cards = _need(data, "cards", dict)
        extra = set(map(str, cards)) - CARD_KEYS
        if extra:
            raise _Bad("cards: " + _("unknown key {key}").format(key=_show(min(extra))))
        explore, ambushes = _id_list(cards, "explore", "cards: "), _id_list(cards, "ambushes", "cards: ")
        heroes = _id_list(cards, "heroes", "cards: ") if "heroes" in cards else ()
        skills = _id_list(cards, "skills", "cards: ") if "skills" in cards else ()
        seasons = _need(cards, "seasons", str, "cards: ")
        edition = _need(cards, "edition", str, "cards: ") if "edition" in cards else "base"
        if edition not in edition_names(default_catalog()):
            raise _Bad("cards: " + _("edition should be one of {editions}, not {value}").format(
                editions=", ".join(edition_names(default_catalog())), value=_show(edition)))
    edicts = (ed["A"], ed["B"], ed["C"], ed["D"])
    return Setup(seed, tuple(players), solo, sheet, edicts, map_, explore, ambushes, seasons, heroes, edition,
                 wastelands, skills)


def _check_events(text: str) -> str | None:
    """What makes the text no saved game before any value is built: an alias, too many values,
    too deep a nesting (None when nothing does); ``yamlsafe`` walks the YAML."""
    found = find_excess(text, LIMITS)
    if found is None:
        return None
    line = found.line + 1
    if found.what == "alias":
        return _("it uses a YAML alias (line {line}), which cartoref never writes").format(line=line)
    if found.what == "scalar":
        return _("a value longer than {limit:,} characters (line {line})").format(limit=MAX_SCALAR, line=line)
    if found.what == "nodes":
        return _("more than {limit:,} values").format(limit=MAX_NODES)
    return _("nested more than {limit} levels deep (line {line})").format(limit=MAX_DEPTH, line=line)


def load_data(text: str, name: str = "<game>") -> Any:
    """The YAML values of a save file's text, read within limits; SaveFileError naming the file."""
    import yaml

    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise SaveFileError(_("{file}: not a cartoref game file (larger than {mb} MB, the limit for a game file)")
                            .format(file=name, mb=MAX_BYTES >> 20))
    try:
        why = _check_events(text)
        if why is None:
            return yaml.load(text, Loader=safe_loader())
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        if mark is not None:
            raise SaveFileError(_("{file}: not a cartoref game: the file is not valid YAML (line {line})")
                                .format(file=name, line=mark.line + 1)) from None
        raise SaveFileError(_("{file}: not a cartoref game: the file is not valid YAML").format(file=name)) from None
    except ValueError:  # int() refuses more than 4,300 digits
        why = _("a number in it has more than 4,300 digits")
    except RecursionError:
        why = _("it is nested too deeply")
    raise SaveFileError(_("{file}: not a cartoref game file ({reason})").format(file=name, reason=why))


def parse_game(text: str, name: str = "<game>", cards: Catalog | None = None) -> GameState:
    """Read a save file's text, replay its log and re-check it; SaveFileError naming the file."""
    cards = cards or default_catalog()
    data = load_data(text, name)
    if not isinstance(data, dict) or MAGIC not in data:
        raise SaveFileError(_("{file}: not a cartoref game file (it has no '{magic}:' line)").format(
            file=name, magic=MAGIC))
    version = data[MAGIC]
    if version not in READS or isinstance(version, bool):
        raise SaveFileError(_("{file}: game file format {version} is not one this cartoref reads "
                              "(it reads formats {formats})").format(file=name, version=_show(version),
                                                                     formats=", ".join(map(str, READS))))
    try:
        setup = _parse_setup(data, version)
        log = data.get("log")
        if log is None:
            log = []
        if not isinstance(log, list):
            raise _Bad(_("'log' should be a list of actions"))
        if len(log) > MAX_LOG:
            raise _Bad(_("the log holds {n:,} actions; no game has more than {limit:,}").format(
                n=len(log), limit=MAX_LOG))
        actions = [_parse_action(e, n) for n, e in enumerate(log, 1)]
    except _Bad as e:
        raise SaveFileError(f"{name}: {e}") from None
    try:
        checked = check_setup(setup, cards)
        if checked.players != setup.players:
            raise UsageError(_("player names should have no spaces around them"))
        state = from_setup(checked, cards)
    except CartorefError as e:
        raise SaveFileError(_("{file}: impossible setup: {reason}").format(file=name, reason=excerpt(str(e), 300))
                            ) from None
    for n, action in enumerate(actions, 1):
        try:
            state, _event = apply(state, action)
        except CartorefError as e:
            raise SaveFileError(_("{file}: log entry {n} is impossible: {reason}").format(
                file=name, n=n, reason=excerpt(str(e), 300))) from None
    return state
