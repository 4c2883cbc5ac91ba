"""Reading and writing map files: ``parse_map`` / ``format_map``, a round-trip pair.

A map file is a small YAML mapping a player types while looking at their sheet::

    player: Alice
    sheet: wilderness
    coins: 3
    map: |
      . . F F . . . . . . .
      ...

Every problem of a file is collected and reported at once, each with its line, column and
space ("C4"), so a player fixes a file in one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from . import mapfields as fields
from .cards import Catalog
from .cards import catalog as default_catalog
from .errors import MapFileError, Problem, UnknownCardError
from .files import excerpt, reason
from .grid import Sheet, SheetSide
from .i18n import _, ngettext
from .mapfields import MAX_BYTES, MAX_NAME
from .notation import SYMBOLS, format_rows
from .yamlsafe import safe_loader

if TYPE_CHECKING:  # pragma: no cover
    from .moves.playermap import Kept, PlayerMap
    from .store import Store

KEYS = ("player", "sheet", "roll", "coins", "coins_spent", "map", "edicts", "season", "attacks", "drawings", "resolved")
REQUIRED = ("sheet", "map")
BOTH_LEGEND = "#               B farm and village at once (the Diplomacy skill)"
LEGEND = (
    "# cartoref map  . empty  F forest  V village  P farm  W water  M monster\n"
    "#               ^ mountain  # wasteland  r ruins (empty)  X destroyed  H hero\n"
    "#               D Z T G a monster with that initial (Dragon, Zombie, Troll, Gorgon)\n"
    "# Rows A-K from the top, columns 1-11 from the left; lower case: drawn on a ruins space.\n"
)


class MapFile(NamedTuple):
    """What a map file holds: the player, the sheet with its drawings, the coins, and the
    optional edicts (four scoring-card ids, A to D), season and the history of the drawings
    cartoref wrote into it (oldest first)."""

    sheet: Sheet
    player: str | None = None
    coins: int = 0
    edicts: tuple[str, ...] | None = None
    season: str | None = None
    name: str = "<map>"
    warnings: tuple[str, ...] = ()
    drawings: tuple[Kept, ...] = ()
    resolved: tuple[str, ...] = ()  # effects done once (dragon-inferno, gorgon-gaze) and seasons done
    spent: int = 0  # coins of the track crossed out to pay for skills: among ``coins``, scoring nothing

    @property
    def coins_scored(self) -> int:
        """The coins a season scores: those on the track, less those crossed out."""
        return self.coins - self.spent


def parse_map(text: str, name: str = "<map>", cards: Catalog | None = None) -> MapFile:
    """Read a map file's text; raise MapFileError listing every problem found."""
    import yaml

    cards = cards or default_catalog()
    text = text.removeprefix("\ufeff")  # a byte-order mark is not content
    rd = fields.Reader(name, text)
    try:
        fields.check_events(rd, text)  # before any tree is built
        if rd.problems:
            raise rd.error()
        root = yaml.compose(text, Loader=safe_loader())
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = excerpt(getattr(e, "problem", None) or str(e), 200)
        message = _("not valid YAML: {problem}").format(problem=problem)
        if mark is not None:
            rd.at(mark.line, mark.column, message)
        else:
            rd.problems.append(Problem(name, 0, 0, message))
        raise MapFileError(rd.problems) from None
    if not isinstance(root, yaml.MappingNode):
        where = root.start_mark if root is not None else None
        if where is None:
            rd.at(0, 0, _("the file is empty; expected a mapping with the keys sheet, map "
                          "(and player, coins, edicts, season)"))
        else:
            rd.at(where.line, where.column, _("expected a mapping with the keys sheet, map "
                                              "(and player, coins, edicts, season)"))
        raise MapFileError(rd.problems)

    values: dict[str, Any] = {}
    for key, value in root.value:
        k = str(key.value).strip().lower() if isinstance(key, yaml.ScalarNode) else ""
        if k not in KEYS:
            import difflib

            close = difflib.get_close_matches(k, KEYS, n=1) if len(k) <= MAX_NAME else []
            if not isinstance(key, yaml.ScalarNode):
                text = _("unknown key that is a list or mapping; expected {keys}")
            elif close:
                text = _("unknown key {key} (did you mean {close}?); expected {keys}")
            else:
                text = _("unknown key {key}; expected {keys}")
            shown = repr(excerpt(key.value)) if isinstance(key, yaml.ScalarNode) else ""
            rd.at_node(key, text.format(key=shown, close=repr(close[0]) if close else "", keys=", ".join(KEYS)))
        elif k in values:
            rd.at_node(key, _("key {key} is given twice").format(key=repr(k)))
        else:
            values[k] = value
    for k in REQUIRED:
        if k not in values:
            # Point at the top of the mapping: that is where the key belongs.
            rd.at(root.start_mark.line, root.start_mark.column,
                  _("missing key {key} (a map file needs sheet: and map:)").format(key=repr(k)))

    side = None
    if "sheet" in values:
        sheet_name = fields.scalar(rd, values["sheet"], "sheet")
        names = ", ".join(f"{s.id} ({s.letter})" for s in cards.sheets)
        if sheet_name is None:
            if isinstance(values["sheet"], yaml.ScalarNode):
                rd.at_node(values["sheet"], _("sheet is empty; expected one of {names}").format(names=names))
        else:
            try:
                if len(sheet_name) > MAX_NAME:
                    raise UnknownCardError(sheet_name, "too long")
                side = cards.sheet_side(sheet_name)
            except UnknownCardError:
                rd.at_node(values["sheet"], _("unknown sheet {name}; expected one of {names}").format(
                    name=repr(excerpt(sheet_name)), names=names))

    if "roll" in values:
        side = fields.read_roll(rd, values["roll"], side)
    coins = 0
    if "coins" in values:
        raw = fields.scalar(rd, values["coins"], "coins")
        limit = side.coin_track if side else 14
        digits = (raw or "").strip()
        # isdigit() alone accepts "²", which int() rejects; int() refuses 4,300 digits or more: a
        # coin count is a few digits ("03" passes, a number padded with thousands of zeros not).
        significant = digits.lstrip("0") or "0"
        if raw is not None and not (digits.isascii() and digits.isdigit() and len(digits) <= 8
                                    and int(significant) <= limit):
            rd.at_node(values["coins"], _("coins should be a whole number from 0 to {limit}, not {found}").format(
                limit=limit, found=repr(excerpt(raw))))
        elif raw is not None:
            coins = int(significant)

    spent = 0
    if "coins_spent" in values and (raw := fields.scalar(rd, values["coins_spent"], "coins_spent")) is not None:
        digits = raw.strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 2 and int(digits) <= coins):
            rd.at_node(values["coins_spent"], _("coins_spent should be a whole number from 0 to the coins on the "
                                                "track ({coins}), not {found}").format(coins=coins,
                                                                                      found=repr(excerpt(raw))))
        else:
            spent = int(digits)
    player = fields.scalar(rd, values["player"], "player") if "player" in values else None
    edicts = fields.read_edicts(rd, values["edicts"], cards) if "edicts" in values else None
    season = None
    if "season" in values and (raw := fields.scalar(rd, values["season"], "season")) is not None:
        try:
            if len(raw) > MAX_NAME:
                raise UnknownCardError(raw, "too long")
            season = cards.season(raw).id
        except UnknownCardError:
            rd.at_node(values["season"], _("unknown season {name}; expected {seasons} or {last}").format(
                name=repr(excerpt(raw)), seasons=", ".join(x.id for x in cards.seasons[:-1]),
                last=cards.seasons[-1].id))

    attacks = fields.read_attacks(rd, values["attacks"]) if "attacks" in values else 0
    printed = tuple(s for s in cards.sheets if not s.rolled)  # a map compared with the printed sides
    sheet = fields.read_grid(rd, values["map"], side, attacks, printed if side else (),
                       values.get("sheet")) if "map" in values else None
    if rd.problems or sheet is None:
        raise rd.error()
    drawings = fields.read_drawings(rd, values["drawings"]) if "drawings" in values else ()
    resolved = fields.read_resolved(rd, values["resolved"]) if "resolved" in values else ()
    if rd.problems:
        raise MapFileError(sorted(rd.problems, key=lambda p: (p.line, p.col)))
    return MapFile(sheet, player, coins, edicts, season, name, tuple(coin_warnings(sheet, coins)), drawings,
                   resolved, spent)


def coin_warnings(sheet: Sheet, coins: int) -> list[str]:
    """Warn when the coin track shows fewer coins than the mountains the map surrounds."""
    surrounded = sheet.surrounded_mountains().bit_count()
    if coins >= surrounded:
        return []
    message = _("the map surrounds {mountains} but the coin track shows only {coins}: each surrounded "
                "mountain earns one").format(
        mountains=ngettext("{n} mountain", "{n} mountains", surrounded).format(n=surrounded),
        coins=ngettext("{n} coin", "{n} coins", coins).format(n=coins))
    return [message]


def format_grid(sheet: Sheet) -> list[str]:
    """The 11 rows of the map as symbols separated by spaces (lower case on ruins, empty ruins r)."""
    return format_rows(sheet)


def format_map(mf: MapFile) -> str:
    """A map file's canonical text; ``parse_map(format_map(m))`` gives ``m`` back."""
    import yaml

    legend = LEGEND.rstrip("\n").splitlines()
    if mf.sheet.farm_and_village:  # before the legend's last line, as an update in place puts it
        legend.insert(len(legend) - 1, BOTH_LEGEND)
    lines = ["\n".join(legend)]
    if mf.player is not None:  # a map without a player has no player: line
        # yaml quotes and escapes what JSON would not (a name with an emoji, a line separator).
        player = yaml.safe_dump(mf.player, allow_unicode=True, default_style='"', width=1 << 30).strip()
        lines.append(f"player: {player}")
    lines.append(f"sheet: {mf.sheet.side.id}")
    if mf.sheet.side.roll is not None:
        seed, wastelands = mf.sheet.side.roll
        lines.append(f"roll: {seed}{' with wastelands' if wastelands else ''}        # the dice that placed its "
                     "mountains and ruins")
    lines.append(f"coins: {mf.coins}                 # coins filled on the coin track, 0-{mf.sheet.side.coin_track}")
    if mf.spent:
        lines.append(f"coins_spent: {mf.spent}           # of them crossed out, paid for skills: they score nothing")
    if mf.edicts:
        lines.append(f"edicts: [{', '.join(mf.edicts)}]")
    if mf.season:
        lines.append(f"season: {mf.season}")
    if mf.sheet.attacks:
        lines.append(f"attacks: {format_attacks(mf.sheet.attacks)}    # spaces marked by heroes' attack patterns")
    if mf.resolved:
        lines.append(f"resolved: [{', '.join(mf.resolved)}]    # special effects done, seasons' effects applied")
    if mf.drawings:
        lines.append("drawings:                # written by cartoref place; cartoref unplace takes back the last")
        lines += [f"  - {d.text()}" for d in mf.drawings]
    lines.append("map: |")
    lines.extend("  " + row for row in format_grid(mf.sheet))
    return "\n".join(lines) + "\n"


def format_attacks(mask: int) -> str:
    """The attack marks as a map file writes them: "D5, E4, E6" (a YAML plain scalar)."""
    from .grid import cells_label

    return cells_label(mask)


def blank_map(side: SheetSide, player: str | None = None, edicts: tuple[str, ...] | None = None) -> str:
    """The text of a fresh map file for a sheet side: printed spaces filled in, legend on top
    (and a game's edicts, A to D, when given)."""
    return format_map(MapFile(Sheet.blank(side), player, 0, edicts))


def map_text(side: SheetSide, rows: list[str], player: str | None = None) -> str:
    """A map file's text from rows of symbols as typed (``?`` allowed: a space still to type)."""
    lines = [LEGEND.rstrip("\n")]
    if any("?" in row for row in rows):
        lines.append("# ? a space cartoref read could not decide: type what it holds (check refuses a ?)")
    if player is not None:
        lines.append(f"player: {player}")
    lines += [f"sheet: {side.id}", f"coins: 0                 # coins filled on the coin track, 0-{side.coin_track}",
              "map: |"]
    lines += ["  " + row for row in rows]
    return "\n".join(lines) + "\n"


def read_map_text(path: str, store: Store | None = None) -> str:
    """A map file's text, line endings kept (from ``store``, the run's by default); an
    unreadable or too large file is a MapFileError."""
    from .files import TooLarge, size_text

    try:
        return (store or run_store()).read(path, MAX_BYTES)
    except TooLarge:
        raise MapFileError([Problem(path, 0, 0, _("the file is larger than {size}, the limit for a map file "
                                                  "(one is about 1 KB)").format(size=size_text(MAX_BYTES)))]) from None
    except UnicodeDecodeError:
        raise MapFileError([Problem(path, 0, 0, _("not a text file (expected UTF-8 YAML)"))]) from None
    except OSError as e:
        raise MapFileError([Problem(path, 0, 0, _("cannot read the map file: {reason}").format(
            reason=reason(e)))]) from None


def read_map(path: str, cards: Catalog | None = None, store: Store | None = None) -> MapFile:
    """Read and parse a map file (from ``store``, the run's by default); an unreadable file is a
    MapFileError."""
    return parse_map(read_map_text(path, store), path, cards)


def run_store() -> Store:
    """The store this run works on (the files unless ``--db`` named another)."""
    from .store import current

    return current()


def player_map(mf: MapFile) -> PlayerMap:
    """The rules' value of the player's map a map file holds."""
    from .moves.playermap import PlayerMap

    return PlayerMap(mf.sheet, mf.coins, mf.drawings, mf.resolved, mf.spent)


def with_player_map(mf: MapFile, pm: PlayerMap) -> MapFile:
    """The same map file holding the player's map ``pm`` (warnings recomputed)."""
    return with_sheet(mf, pm.sheet, pm.coins)._replace(drawings=pm.drawings, resolved=pm.resolved, spent=pm.spent)


def with_sheet(mf: MapFile, sheet: Sheet, coins: int) -> MapFile:
    """The same map file with a new sheet and coin count (warnings recomputed)."""
    return mf._replace(sheet=sheet, coins=coins, warnings=tuple(coin_warnings(sheet, coins)))


__all__ = [
    "LEGEND",
    "SYMBOLS",
    "MapFile",
    "blank_map",
    "coin_warnings",
    "format_attacks",
    "format_grid",
    "format_map",
    "map_text",
    "parse_map",
    "player_map",
    "read_map",
    "read_map_text",
    "with_player_map",
    "with_sheet",
]
