"""A map file's fields read one by one (the map's rows, the dice's roll, attacks, drawings,
effects resolved, edicts), each problem collected with its line and column by a ``Reader`` so
that ``mapfile.parse_map`` reports them all at once; and the limits past which a file is refused
before it can cost time or memory.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .cards import Catalog
from .errors import MapFileError, Problem, UnknownCardError, UsageError
from .files import excerpt
from .grid import Sheet, SheetSide, Terrain, iter_cells
from .i18n import _, ngettext
from .notation import Grid, read_rows, side_problems
from .tabula import MOUNTAIN, NEXT_TO, RUINS_PIECE, WASTELAND, layout_faults, side_of_game
from .yamlsafe import Limits, find_excess

if TYPE_CHECKING:  # pragma: no cover
    from .moves.playermap import Kept

#: A map file is about 1 KB; anything past these is refused before it can cost time or memory.
MAX_BYTES = 1 << 20
MAX_NODES = 2_000  # YAML values (a map written as a list of rows is about 20)
MAX_DEPTH = 16  # YAML nesting
MAX_SCALAR = 10_000  # characters of one value (the map is about 260)
MAX_PROBLEMS = 50  # problems listed for one file
MAX_ROWS = 40  # map rows looked at (11 are expected)
MAX_NAME = 80  # characters of a sheet, season or card name looked up


def is_null(node: Any) -> bool:
    return node.tag.endswith(":null")


class Reader:
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


def _map_rows(rd: Reader, node: Any) -> list[tuple[int, int, str]] | None:
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
    if not isinstance(node, ScalarNode) or is_null(node):
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


def read_grid(rd: Reader, node: Any, side: SheetSide | None, attacks: int = 0,
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


def read_roll(rd: Reader, node: Any, side: SheetSide | None) -> SheetSide | None:
    """``roll: 17`` or ``roll: 17 with wastelands``: the seed a rolled side's dice were thrown
    by (the game's), so the map is checked against the sheet they make."""
    raw = scalar(rd, node, "roll")
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


def _hand_rolled(rd: Reader, grid: Grid, side: SheetSide, node: Any) -> SheetSide:
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


def read_attacks(rd: Reader, node: Any) -> int:
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
        text = "" if is_null(node) else node.value
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


def read_drawings(rd: Reader, node: Any) -> tuple[Kept, ...]:
    """The history of drawings: one line each, ``card-id, terrain on SPACES[, +N coins]...``."""
    import yaml

    if isinstance(node, yaml.ScalarNode) and is_null(node):
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


def read_resolved(rd: Reader, node: Any) -> tuple[str, ...]:
    """The special effects this map has resolved (``dragon-inferno``, ``gorgon-gaze``) and the
    seasons whose after-scoring effects it has applied."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        items = [n.value for n in node.value if isinstance(n, yaml.ScalarNode)]
    elif isinstance(node, yaml.ScalarNode):
        items = [] if is_null(node) else [p.strip() for p in node.value.split(",") if p.strip()]
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


def scalar(rd: Reader, node: Any, what: str) -> str | None:
    from yaml import ScalarNode

    if not isinstance(node, ScalarNode):
        rd.at_node(node, _("{key} should be a single value").format(key=what))
        return None
    return None if is_null(node) else node.value


def check_events(rd: Reader, text: str) -> None:
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


def read_edicts(rd: Reader, node: Any, cards: Catalog) -> tuple[str, ...] | None:
    import yaml

    # Each name with the (line0, col0) to point at when it is unknown.
    items: list[tuple[int, int, str]]
    if isinstance(node, yaml.SequenceNode):
        items = [(n.start_mark.line, n.start_mark.column, n.value if isinstance(n, yaml.ScalarNode) else "")
                 for n in node.value]
    elif isinstance(node, yaml.ScalarNode) and not is_null(node):
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
