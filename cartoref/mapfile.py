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

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import Catalog
from .cards import catalog as default_catalog
from .errors import MapFileError, Problem, UnknownCardError, UsageError
from .files import excerpt, reason
from .grid import Sheet, SheetSide, Terrain, iter_cells
from .i18n import _, ngettext
from .notation import SYMBOLS, Grid, format_rows, read_rows, side_problems
from .tabula import MOUNTAIN, NEXT_TO, RUINS_PIECE, WASTELAND, layout_faults, side_of_game
from .yamlsafe import Limits, find_excess, safe_loader

if TYPE_CHECKING:  # pragma: no cover
    from .moves.playermap import Kept, PlayerMap
    from .store import Store

KEYS = ("player", "sheet", "roll", "coins", "coins_spent", "map", "edicts", "season", "attacks", "drawings", "resolved")
REQUIRED = ("sheet", "map")
#: A map file is about 1 KB; anything past these is refused before it can cost time or memory.
MAX_BYTES = 1 << 20
MAX_NODES = 2_000  # YAML values (a map written as a list of rows is about 20)
MAX_DEPTH = 16  # YAML nesting
MAX_SCALAR = 10_000  # characters of one value (the map is about 260)
MAX_PROBLEMS = 50  # problems listed for one file
MAX_ROWS = 40  # map rows looked at (11 are expected)
MAX_NAME = 80  # characters of a sheet, season or card name looked up
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


def _is_null(node: Any) -> bool:
    return node.tag.endswith(":null")


class _Reader:
    """Collects the problems of one file, each pointing at a YAML node or a raw position."""

    def __init__(self, name: str, text: str):
        self.name = name
        self.lines = text.splitlines()
        self.problems: list[Problem] = []
        self.more = 0  # problems found past MAX_PROBLEMS, counted only
        self.cut_lines: set[int] = set()  # map rows a YAML comment cut short (already reported)

    def at(self, line0: int, col0: int, message: str, space: str | None = None, code: str = "") -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.more += 1
            return
        source = self.lines[line0] if 0 <= line0 < len(self.lines) else None
        if source is not None and len(source) > 200:
            source = None  # a huge line is not quoted; its line and column say where
        self.problems.append(Problem(self.name, line0 + 1, col0 + 1, excerpt(message, 300), space, source, code))

    def error(self) -> MapFileError:
        """Every problem found (the first MAX_PROBLEMS, then how many more), in file order."""
        problems = sorted(self.problems, key=lambda p: (p.line, p.col))
        if self.more:
            problems.append(Problem(self.name, 0, 0, ngettext("... and {n} more problem", "... and {n} more problems",
                                                              self.more).format(n=self.more)))
        return MapFileError(problems)

    def at_node(self, node: Any, message: str) -> None:
        self.at(node.start_mark.line, node.start_mark.column, message)


def _map_rows(rd: _Reader, node: Any) -> list[tuple[int, int, str]] | None:
    """The map's rows as (line0, col0, row text), each placed where it stands in the file."""
    from yaml import ScalarNode, SequenceNode

    if isinstance(node, SequenceNode):
        if len(node.value) > MAX_ROWS:
            rd.at_node(node, _("the map has {n} rows; expected 11").format(n=len(node.value)))
            return None
        rows = []
        for item in node.value:
            if not isinstance(item, ScalarNode):
                rd.at_node(item, _("each map row should be a line of 11 symbols"))
                continue
            line0, col0 = item.start_mark.line, item.start_mark.column
            if item.style in ("'", '"'):
                col0 += 1
            after = rd.lines[line0][item.end_mark.column:] if line0 < len(rd.lines) else ""
            if not item.style and after.lstrip().startswith("#"):
                # In a YAML list " #" starts a comment, so a wasteland cuts the row short.
                rd.at(line0, item.end_mark.column + len(after) - len(after.lstrip()),
                      _("'#' after a space starts a YAML comment here; quote the row or write the map as 'map: |'"))
                rd.cut_lines.add(line0)
            rows.append((line0, col0, item.value))
        return rows
    if not isinstance(node, ScalarNode) or _is_null(node):
        rd.at_node(node, _("map should be a block of 11 lines of 11 symbols (write 'map: |' then the rows)"))
        return None
    if not node.style and node.end_mark.line > node.start_mark.line:
        # A plain multi-line scalar (style '' from libyaml, None from PyYAML): YAML has already
        # folded the rows into one line.
        rd.at_node(node, _("the map's rows run together; write 'map: |' and put the 11 rows on the lines below it"))
        return None
    rows = []
    search = node.start_mark.line + (1 if node.style in ("|", ">") else 0)
    texts = [t for t in node.value.splitlines() if t.strip()]
    if len(texts) > MAX_ROWS:
        rd.at_node(node, _("the map has {n} rows; expected 11").format(n=len(texts)))
        return None
    for text in texts:
        # Find this row in the raw file so every message can point at the exact symbol.
        line0, offset = node.start_mark.line, node.start_mark.column
        for i in range(search, min(len(rd.lines), node.end_mark.line + 1)):
            pos = rd.lines[i].find(text.strip())
            if pos >= 0:
                line0, offset, search = i, pos, i + 1
                break
        rows.append((line0, offset, text.strip()))
    return rows


def _read_grid(rd: _Reader, node: Any, side: SheetSide | None, attacks: int = 0,
               sides: tuple[SheetSide, ...] = (), sheet_node: Any = None) -> Sheet | None:
    rows = _map_rows(rd, node)
    if rows is None:
        return None
    grid = read_rows(rows)
    whole_rows = True
    for p in grid.problems:
        if p.line is None or p.col is None:  # the grid as a whole: its row count
            rd.at_node(node, p.message)
            whole_rows = False
        elif not (p.code == "row-length" and p.line in rd.cut_lines):  # already reported
            rd.at(p.line, p.col, p.message, p.space, p.code)
    if side is None or not whole_rows:
        # A missing or extra row shifts every row after it: comparing them with the printed
        # side would only repeat that one mistake space by space.
        return None
    if side.rolled and side.roll is None:
        side = _hand_rolled(rd, grid, side, node)
        return None if rd.problems else grid.sheet(side, attacks)
    # A map file may write a drawing on ruins in either case: the side knows its ruins.
    wrong = side_problems(grid, side, exact_ruins=False)
    # Only a map with several wrong spaces is compared with the other sides (it costs time).
    other = next((o for o in sides if o != side and not side_problems(grid, o, exact_ruins=False)),
                 None) if len(wrong) > 1 else None
    if other is not None and sheet_node is not None:
        rd.at_node(sheet_node, _("the map's printed spaces are those of the {name} side ({letter}, {id}), "
                                 "not {wrong}: check sheet:").format(name=other.name, letter=other.letter,
                                                                      id=other.id, wrong=side.id))
        return None
    for p in wrong:
        rd.at(p.line or 0, p.col or 0, p.message, p.space)
    if rd.problems:
        return None
    return grid.sheet(side, attacks)


def _read_roll(rd: _Reader, node: Any, side: SheetSide | None) -> SheetSide | None:
    """``roll: 17`` or ``roll: 17 with wastelands``: the seed a rolled side's dice were thrown
    by (the game's), so the map is checked against the sheet they make."""
    raw = _scalar(rd, node, "roll")
    if raw is None:
        return side
    found = re.fullmatch(r"\s*(\d{1,18})(\s+with\s+wastelands)?\s*", raw, re.IGNORECASE)
    if found is None:
        rd.at_node(node, _("roll should be the seed the sheet was rolled by, as in 17 or 17 with wastelands, "
                           "not {found}").format(found=repr(excerpt(raw))))
        return side
    if side is not None and not side.rolled:
        rd.at_node(node, _("the {side} side prints its spaces: only a sheet the dice make (tabula-rasa) "
                           "has a roll").format(side=side.id))
        return side
    return side_of_game(side, int(found.group(1)), bool(found.group(2))) if side is not None else None


def _hand_rolled(rd: _Reader, grid: Grid, side: SheetSide, node: Any) -> SheetSide:
    """A rolled side with no roll: its spaces as the map shows them (``^``, ``#``, ruins as 'r'
    or a lower-case letter), each count and distance the dice keep checked."""
    mine = side._replace(mountains=grid.masks[Terrain.MOUNTAIN.value], wastelands=grid.masks[Terrain.WASTELAND.value],
                         ruins=grid.ruins)
    counts = {MOUNTAIN: _("mountains"), RUINS_PIECE: _("ruins"), WASTELAND: _("wasteland spaces")}
    for what, expected, found in layout_faults(mine):
        if what in counts:
            text = (_("the dice place 0 or {n} {what} on the {side} sheet; the map shows {found}") if what == WASTELAND
                    else _("the dice place {n} {what} on the {side} sheet; the map shows {found}"))
            rd.at_node(node, text.format(n=expected, what=counts[what], side=side.name, found=found))
        else:
            cell = next(iter_cells(expected))
            sym = grid.symbol_at(cell)
            text = (_("two mountains side by side: the dice never put them so") if what == NEXT_TO[MOUNTAIN]
                    else _("two ruins side by side: the dice never put them so"))
            if sym is not None:
                rd.at(sym.line, sym.col, text, cell.label)
            else:
                rd.at_node(node, f"{cell.label}: {text}")
    return mine


def _read_attacks(rd: _Reader, node: Any) -> int:
    """The spaces marked by heroes' attack patterns: space labels as printed ("D5 E4 E6")."""
    import yaml

    from .errors import IllegalPlacement
    from .notation import parse_spaces

    if isinstance(node, yaml.SequenceNode):
        if not all(isinstance(n, yaml.ScalarNode) for n in node.value):
            rd.at_node(node, _("attacks should list spaces as printed, like D5 E4 E6"))
            return 0
        text = " ".join(n.value for n in node.value)
    elif isinstance(node, yaml.ScalarNode):
        text = "" if _is_null(node) else node.value
    else:
        rd.at_node(node, _("attacks should list spaces as printed, like D5 E4 E6"))
        return 0
    if not text.strip():
        return 0
    try:
        return parse_spaces(text)
    except IllegalPlacement as e:
        rd.at_node(node, _("attacks: {problem}").format(problem=e))
        return 0


def _read_drawings(rd: _Reader, node: Any) -> tuple[Kept, ...]:
    """The history of drawings: one line each, ``card-id, terrain on SPACES[, +N coins]...``."""
    import yaml

    if isinstance(node, yaml.ScalarNode) and _is_null(node):
        return ()
    if not isinstance(node, yaml.SequenceNode):
        rd.at_node(node, _("drawings should list the drawings cartoref wrote, one a line"))
        return ()
    from .moves.playermap import parse_kept

    out = []
    for item in node.value:
        kept = parse_kept(item.value) if isinstance(item, yaml.ScalarNode) else None
        if kept is None:
            rd.at_node(item, _("a drawing is written 'card-id, terrain on SPACES' (and ', +N coins'), "
                               "like 'hamlet, village on B4 B5 C5, +1 coin', not {text}").format(
                                   text=repr(excerpt(str(item.value)))))
            continue
        out.append(kept)
    return tuple(out)


def _read_resolved(rd: _Reader, node: Any) -> tuple[str, ...]:
    """The special effects this map has resolved (``dragon-inferno``, ``gorgon-gaze``) and the
    seasons whose after-scoring effects it has applied."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        items = [n.value for n in node.value if isinstance(n, yaml.ScalarNode)]
    elif isinstance(node, yaml.ScalarNode):
        items = [] if _is_null(node) else [p.strip() for p in node.value.split(",") if p.strip()]
    else:
        items = []
    from .moves.playermap import RESOLVABLE as RESOLVED

    bad = [x for x in items if x not in RESOLVED]
    if bad or not isinstance(node, (yaml.SequenceNode, yaml.ScalarNode)):
        if bad:
            text = _("resolved lists what cartoref has resolved on this map ({names}), not {found}")
        else:
            text = _("resolved lists what cartoref has resolved on this map ({names})")
        rd.at_node(node, text.format(names=", ".join(RESOLVED), found=repr(excerpt(bad[0])) if bad else ""))
        return ()
    return tuple(dict.fromkeys(items))


def _scalar(rd: _Reader, node: Any, what: str) -> str | None:
    from yaml import ScalarNode

    if not isinstance(node, ScalarNode):
        rd.at_node(node, _("{key} should be a single value").format(key=what))
        return None
    return None if _is_null(node) else node.value


def parse_map(text: str, name: str = "<map>", cards: Catalog | None = None) -> MapFile:
    """Read a map file's text; raise MapFileError listing every problem found."""
    import yaml

    cards = cards or default_catalog()
    text = text.removeprefix("\ufeff")  # a byte-order mark is not content
    rd = _Reader(name, text)
    try:
        _check_events(rd, text)  # before any tree is built
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
        sheet_name = _scalar(rd, values["sheet"], "sheet")
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
        side = _read_roll(rd, values["roll"], side)
    coins = 0
    if "coins" in values:
        raw = _scalar(rd, values["coins"], "coins")
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
    if "coins_spent" in values and (raw := _scalar(rd, values["coins_spent"], "coins_spent")) is not None:
        digits = raw.strip()
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 2 and int(digits) <= coins):
            rd.at_node(values["coins_spent"], _("coins_spent should be a whole number from 0 to the coins on the "
                                                "track ({coins}), not {found}").format(coins=coins,
                                                                                      found=repr(excerpt(raw))))
        else:
            spent = int(digits)
    player = _scalar(rd, values["player"], "player") if "player" in values else None
    edicts = _read_edicts(rd, values["edicts"], cards) if "edicts" in values else None
    season = None
    if "season" in values and (raw := _scalar(rd, values["season"], "season")) is not None:
        try:
            if len(raw) > MAX_NAME:
                raise UnknownCardError(raw, "too long")
            season = cards.season(raw).id
        except UnknownCardError:
            rd.at_node(values["season"], _("unknown season {name}; expected {seasons} or {last}").format(
                name=repr(excerpt(raw)), seasons=", ".join(x.id for x in cards.seasons[:-1]),
                last=cards.seasons[-1].id))

    attacks = _read_attacks(rd, values["attacks"]) if "attacks" in values else 0
    printed = tuple(s for s in cards.sheets if not s.rolled)  # a map compared with the printed sides
    sheet = _read_grid(rd, values["map"], side, attacks, printed if side else (),
                       values.get("sheet")) if "map" in values else None
    if rd.problems or sheet is None:
        raise rd.error()
    drawings = _read_drawings(rd, values["drawings"]) if "drawings" in values else ()
    resolved = _read_resolved(rd, values["resolved"]) if "resolved" in values else ()
    if rd.problems:
        raise MapFileError(sorted(rd.problems, key=lambda p: (p.line, p.col)))
    return MapFile(sheet, player, coins, edicts, season, name, tuple(coin_warnings(sheet, coins)), drawings,
                   resolved, spent)


def _check_events(rd: _Reader, text: str) -> None:
    """Refuse aliases, more than MAX_NODES values and nesting deeper than MAX_DEPTH before any
    tree is built (``yamlsafe`` walks the YAML event by event, so a bomb costs nothing)."""
    found = find_excess(text, Limits(MAX_NODES, MAX_DEPTH, MAX_SCALAR))
    if found is not None:
        rd.at(found.line, found.column, {
            "alias": _("a YAML alias (*name) is not allowed in a map file; write the value itself"),
            "scalar": _("a value longer than {n:,} characters; no map file holds one").format(n=MAX_SCALAR),
            "nodes": _("too many values for a map file (more than {n:,})").format(n=MAX_NODES),
            "depth": _("nested too deeply for a map file (more than {n} levels)").format(n=MAX_DEPTH),
        }[found.what])


def _read_edicts(rd: _Reader, node: Any, cards: Catalog) -> tuple[str, ...] | None:
    import yaml

    # Each name with the (line0, col0) to point at when it is unknown.
    items: list[tuple[int, int, str]]
    if isinstance(node, yaml.SequenceNode):
        items = [(n.start_mark.line, n.start_mark.column, n.value if isinstance(n, yaml.ScalarNode) else "")
                 for n in node.value]
    elif isinstance(node, yaml.ScalarNode) and not _is_null(node):
        # A one-line plain "a, b, c, d" lets each name be pointed at; otherwise the value's start.
        exact = not node.style and node.start_mark.line == node.end_mark.line
        line0, col0 = node.start_mark.line, node.start_mark.column
        items = [(line0, col0 + start * exact, part.strip()) for part, start in _split_commas(node.value)]
    else:
        rd.at_node(node, _("edicts should list four scoring cards, A to D"))
        return None
    too_long = [text for _, _, text in items if len(text) > MAX_NAME]
    if too_long and len(items) == 4:
        rd.at_node(node, _("edicts: {name} is not a scoring card's name").format(name=repr(excerpt(too_long[0]))))
        return None
    try:
        return cards.edict_ids([text for _, _, text in items])
    except UsageError as e:  # how many, or a card named twice
        rd.at_node(node, str(e))
    except UnknownCardError:  # point at each unknown name
        for line0, col0, text in items:
            try:
                cards.scoring_card(text)
            except UnknownCardError as e:
                rd.at(line0, col0, _("edicts: {problem}").format(problem=e))
    return None


def _split_commas(text: str) -> list[tuple[str, int]]:
    """The comma-separated parts of a text, each with the index where it starts."""
    parts, start = [], 0
    for part in text.split(","):
        parts.append((part, start + len(part) - len(part.lstrip())))
        start += len(part) + 1
    return parts


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
