"""The one grid notation of cartoref: map files, sheet layouts, test diagrams and the
plain-text picture all read and write an 11 x 11 grid the same way.

One symbol per space, rows A-K from the top, columns 1-11 from the left::

    .  empty        F forest   V village   P farm   W water   M monster   H hero   X destroyed
    D Z T G         a monster drawn by Dragon Inferno, Zombie Plague, Giant Troll Ravage or
                    Gorgon Gaze: a monster space with that initial written in it
    ^  mountain     #  wasteland           r  an empty ruins space
    f v p w m h x   (lower case) that terrain drawn ON a ruins space (the ruins stay under it)

Rows stand on separate lines (or are joined by "/" in short diagrams); spaces between symbols
are optional. The labelled picture ``format_grid(sheet, labels=True)`` prints (a header of
column numbers 1-11, each row led by its letter) reads back too, so printed output pastes
straight into a test. Plain library: no file, YAML or terminal here.

The formatting half (``sheet_symbols``, ``format_rows``, ``format_grid``) is written in
``grid``, below this module, so that a Sheet prints as its picture without importing the
notation; it is re-exported here, with the parser, as the one notation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .errors import IllegalPlacement
from .grid import (
    BOARD,
    BOTH,
    DRAWN,
    EMPTY,
    MONSTER_INITIALS,
    ROW_LETTERS,
    RUINS,
    SIZE,
    STRIDE,
    Cell,
    Sheet,
    SheetSide,
    Terrain,
    cells_label,
    format_grid,
    format_rows,
    iter_cells,
    mask_of,
    mask_repr,
    sheet_symbols,
)
from .i18n import N_, _, clauses, ngettext

#: Every symbol (terrain letters upper case) and the terrain it stands for; ``r`` and ``.`` hold none.
SYMBOLS: dict[str, Terrain | None] = {EMPTY: None, **{t.value: t for t in Terrain}, RUINS: None,
                                     **dict.fromkeys(MONSTER_INITIALS, Terrain.MONSTER), BOTH: Terrain.FARM}
#: The symbols in the order messages list them.
SYMBOL_LIST = ". F V P W M ^ # r X H D Z T G B"
# What may be typed, to its symbol: terrain letters in either case (lower case: on ruins), r or R.
_TYPED: dict[str, str] = {
    **{s: s for s in SYMBOLS},
    **{s.lower(): s for s in SYMBOLS if s.isalpha()},
    RUINS.upper(): RUINS,
}
_ON_RUINS = frozenset(ch for ch, s in _TYPED.items() if s == RUINS or ch.islower())
#: A space a photo did not let ``cartoref read`` decide: a person types its symbol (never scored).
UNREAD = "?"
#: What a space still '?' is, where the way to read it beside the photo goes without saying.
UNREAD_SAID = N_("not read yet ('?', left by cartoref read): type what the space holds")
_HEADER = [str(c + 1) for c in range(SIZE)]


class Symbol(NamedTuple):
    """One symbol as typed, with its place in the text (0-based line and column)."""

    text: str
    line: int
    col: int


class GridProblem(NamedTuple):
    """One problem of a grid text: where (0-based; None for the grid as a whole), what, and the
    space concerned. ``code`` names the kind: rows, row-length, label, symbol, off-map, side."""

    line: int | None
    col: int | None
    message: str
    space: str | None = None
    code: str = ""

    def render(self) -> str:
        """``line 3, column 5: C4: message`` (or ``C4: message`` for the whole grid)."""
        if self.line is None:
            return f"{self.space}: {self.message}" if self.space else self.message
        line, column = self.line + 1, (self.col or 0) + 1
        if self.space:
            return _("line {line}, column {column}: {space}: {message}").format(
                line=line, column=column, space=self.space, message=self.message)
        return _("line {line}, column {column}: {message}").format(line=line, column=column, message=self.message)


class NotationError(ValueError):
    """A grid text that cannot be read: every problem in it."""

    def __init__(self, problems: Iterable[GridProblem]):
        self.problems = tuple(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


class Row(NamedTuple):
    """One row of a grid text: its line, the column of its first character, its text, and
    where in that text each symbol stands."""

    line: int
    col: int
    text: str
    at: list[int]

    @property
    def symbols(self) -> list[Symbol]:
        """The row's symbols as typed, each with its place."""
        return [Symbol(self.text[i], self.line, self.col + i) for i in self.at]


class Grid(NamedTuple):
    """What a grid text holds: one mask per symbol, the spaces written on ruins, and the rows
    as typed (``symbol_at`` finds what was typed on a space, and where)."""

    masks: dict[str, int]  # symbol of SYMBOLS -> the spaces written with it (either case)
    ruins: int  # spaces written 'r' or with a lower-case letter
    rows: tuple[Row, ...]  # only the first 11 of a whole grid count
    origin: Cell = Cell(0, 0)  # the space of the first row's first symbol
    problems: tuple[GridProblem, ...] = ()

    def __repr__(self) -> str:
        masks = "{" + ", ".join(f"{k!r}: {mask_repr(m)}" for k, m in self.masks.items() if m) + "}"
        return (f"Grid(masks={masks}, ruins={mask_repr(self.ruins)}, rows={self.rows!r}, "
                f"origin={self.origin!r}, problems={self.problems!r})")

    @property
    def drawn(self) -> tuple[int, ...]:
        """The drawn terrains' masks, in the order of ``Sheet.drawn`` (a monster with an
        initial is a monster space)."""
        out = [self.masks[t.value] for t in DRAWN]
        k = DRAWN.index(Terrain.MONSTER)
        for m in self.initials:
            out[k] |= m
        for t in (Terrain.FARM, Terrain.VILLAGE):  # B: a space both farm and village
            out[DRAWN.index(t)] |= self.masks[BOTH]
        return tuple(out)

    @property
    def initials(self) -> tuple[int, ...]:
        """The monster spaces written with each of ``MONSTER_INITIALS``."""
        return tuple(self.masks[x] for x in MONSTER_INITIALS)

    def sheet(self, side: SheetSide, attacks: int = 0) -> Sheet:
        """The sheet this grid draws on a printed side (checked by ``side_problems``)."""
        return Sheet(side, self.drawn, self.initials, attacks)

    @property
    def spaces(self) -> int:
        """Every space holding a known symbol."""
        out = 0
        for m in self.masks.values():
            out |= m
        return out

    def symbol_at(self, cell: Cell) -> Symbol | None:
        """What was typed on a space, with its place; None when nothing was."""
        r, c = cell.row - self.origin.row, cell.col - self.origin.col
        if not (0 <= r < len(self.rows) and 0 <= c < len(self.rows[r].at)):
            return None
        row = self.rows[r]
        i = row.at[c]
        return Symbol(row.text[i], row.line, row.col + i)

    @property
    def symbols(self) -> dict[Cell, Symbol]:
        """Every space holding a known symbol, with that symbol as typed."""
        return {cell: sym for cell in iter_cells(self.spaces) if (sym := self.symbol_at(cell))}


def split_lines(text: str) -> list[tuple[int, int, str]]:
    """The non-blank rows of a text as (line, column, row text); "/" also ends a row."""
    rows = []
    for line0, line in enumerate(text.splitlines()):
        start = 0
        for part in line.split("/"):
            if part.strip():
                rows.append((line0, start, part))
            start += len(part) + 1
    return rows


def read_grid(text: str, at: str | Cell | None = None) -> Grid:
    """Read a grid text without raising: a whole 11 x 11 map, or with ``at`` a smaller patch
    whose top-left symbol stands on that space. Problems are in ``Grid.problems``."""
    return read_rows(split_lines(text), at)


def parse_grid(text: str, at: str | Cell | None = None) -> Grid:
    """Read a grid text as ``read_grid`` does; raise NotationError listing every problem."""
    grid = read_grid(text, at)
    if grid.problems:
        raise NotationError(grid.problems)
    return grid


def split_rows(rows: Iterable[tuple[int, int, str]], *, labels: bool = True
               ) -> tuple[list[Row], list[GridProblem]]:
    """Each row given as (line, column, row text) with where its symbols stand, and the problems
    of the labelled picture: when ``labels`` allows it and the first row is the header of
    column numbers, that header and each row's leading letter are taken off."""
    rows = list(rows)
    problems: list[GridProblem] = []
    labelled = labels and bool(rows) and rows[0][2].split() == _HEADER
    out = []
    for r, (line0, col0, text) in enumerate(rows[1:] if labelled else rows):
        skip = _label_width(text, col0, r, line0, problems) if labelled and r < SIZE else 0
        out.append(Row(line0, col0, text, [i for i in range(skip, len(text)) if not text[i].isspace()]))
    return out, problems


def _label_width(text: str, col0: int, r: int, line0: int, problems: list[GridProblem]) -> int:
    """How many characters a labelled row's leading letter takes (0 when it has none)."""
    body = text.lstrip()
    lead = len(text) - len(body)
    letter = ROW_LETTERS[r]
    labelled = bool(body) and body[0] in ROW_LETTERS and (len(body) == 1 or body[1].isspace())
    if not (labelled and body[0] == letter):
        problems.append(GridProblem(line0, col0 + lead, _("row {letter} should start with its letter "
                                    "{letter} (the grid has a header of column numbers)").format(letter=letter),
                                    code="label"))
    # A wrong letter is still a letter: read the symbols after it rather than report them all.
    return lead + 1 if labelled else 0


def read_rows(rows: Iterable[tuple[int, int, str]], at: str | Cell | None = None) -> Grid:
    """Read rows given as (line, column, row text), each with the place of its first character,
    so every problem and symbol points into the caller's own text (a map file, say)."""
    whole = at is None
    origin = Cell(0, 0) if at is None else (Cell.parse(at) if isinstance(at, str) else at)
    top, left = origin
    typed_rows, problems = split_rows(rows, labels=whole)
    if whole:
        if len(typed_rows) != SIZE:
            n = len(typed_rows)
            problems.append(GridProblem(None, None, ngettext("the map has {n} row, expected 11 (rows A to K)",
                                                             "the map has {n} rows, expected 11 (rows A to K)",
                                                             n).format(n=n),
                                        code="rows"))
        typed_rows = typed_rows[:SIZE]
    masks = dict.fromkeys(SYMBOLS, 0)
    ruins = 0
    for r, (line0, col0, text, at_) in enumerate(typed_rows):
        n = len(at_)
        if whole and n != SIZE:
            # Point at the first symbol too many, or just after the last one.
            where = col0 + (at_[SIZE] if n > SIZE else at_[-1] + 2) if n else 0
            message = ngettext("row {letter} has {n} symbol, expected 11 (one per column)",
                               "row {letter} has {n} symbols, expected 11 (one per column)", n)
            problems.append(GridProblem(line0, where, message.format(letter=ROW_LETTERS[r], n=n),
                                        code="row-length"))
            n = min(n, SIZE)
        shift = (top + r) * STRIDE + left
        for c in range(n):
            ch = text[at_[c]]
            if not whole and (top + r >= SIZE or left + c >= SIZE):
                problems.append(GridProblem(line0, col0 + at_[c], _("{symbol} falls off the map "
                                            "(the diagram starts at {space})").format(symbol=repr(ch),
                                                                                      space=origin.label),
                                            code="off-map"))
                continue
            known = _TYPED.get(ch)
            if ch == UNREAD:
                # The first one says how to read them beside the photo; the others, what it is.
                first = not any(p.code == "unread" for p in problems)
                said = (_("not read yet ('?', left by cartoref read): type what the space holds, or read the "
                          "spaces left beside the photo: cartoref edit MAP --photo PHOTO") if first
                        else _(UNREAD_SAID))
                problems.append(GridProblem(line0, col0 + at_[c], said, Cell(top + r, left + c).label, "unread"))
                continue
            if known is None:
                problems.append(GridProblem(line0, col0 + at_[c], _("{symbol} is not a map symbol "
                                            "(expected one of {symbols})").format(symbol=repr(ch), symbols=SYMBOL_LIST),
                                            Cell(top + r, left + c).label, "symbol"))
                continue
            b = 1 << (shift + c)
            masks[known] |= b
            if ch in _ON_RUINS:
                ruins |= b
    problems.sort(key=lambda p: (-1, -1) if p.line is None else (p.line, p.col or 0))
    return Grid(masks, ruins, tuple(typed_rows), origin, tuple(problems))


def side_problems(grid: Grid, side: SheetSide, *, exact_ruins: bool = True) -> list[GridProblem]:
    """Where the symbols of a grid disagree with a printed side: ``^`` and ``#`` must stand
    exactly where it prints them, ``r`` only on its ruins; with ``exact_ruins`` a lower-case
    letter too, and every ruins space must be written 'r' or in lower case."""
    problems = []
    printed = side.mountains | side.wastelands
    seen = grid.spaces
    for kind, where in ((Terrain.MOUNTAIN, side.mountains), (Terrain.WASTELAND, side.wastelands)):
        mine = grid.masks[kind.value]
        for cell, sym in _located(grid, mine & ~where):
            if side.ruins & cell.bit:
                text = _("the {side} side prints no {terrain} here; expected 'r' (ruins), '.' or a drawn terrain")
            else:
                text = _("the {side} side prints no {terrain} here; expected '.' or a drawn terrain")
            problems.append(_at(sym, cell, text.format(side=side.name, terrain=kind.spoken)))
        for cell, sym in _located(grid, where & seen & ~mine):
            problems.append(_at(sym, cell, _("the {side} side prints a {terrain} here; expected {symbol}, "
                                             "not {typed}").format(side=side.name, terrain=kind.spoken,
                                                                   symbol=repr(kind.value), typed=repr(sym.text))))
    for cell, sym in _located(grid, grid.masks[RUINS] & ~side.ruins & ~printed):
        problems.append(_at(sym, cell, _("the {side} side has no ruins here; expected '.' or a "
                                         "drawn terrain").format(side=side.name)))
    if exact_ruins:
        for cell, sym in _located(grid, grid.ruins & ~grid.masks[RUINS] & ~side.ruins & ~printed):
            problems.append(_at(sym, cell, _("the {side} side has no ruins here; expected {symbol}, not {typed} "
                                             "(lower case is a drawing on ruins)").format(
                                                 side=side.name, symbol=repr(sym.text.upper()), typed=repr(sym.text))))
        typed_printed = grid.masks[Terrain.MOUNTAIN.value] | grid.masks[Terrain.WASTELAND.value]
        for cell, sym in _located(grid, side.ruins & seen & ~grid.ruins & ~printed & ~typed_printed):
            if sym.text == EMPTY:
                text = _("the {side} side prints ruins here; expected 'r' (empty ruins), not {typed}")
            else:
                text = _("the {side} side prints ruins here; expected {symbol}, not {typed}")
            problems.append(_at(sym, cell, text.format(side=side.name, symbol=repr(sym.text.lower()),
                                                       typed=repr(sym.text))))
    return sorted(problems, key=lambda p: (p.line or 0, p.col or 0))


def _located(grid: Grid, mask: int) -> Iterator[tuple[Cell, Symbol]]:
    for cell in iter_cells(mask & BOARD):
        sym = grid.symbol_at(cell)
        if sym is not None:
            yield cell, sym


def _at(sym: Symbol, cell: Cell, message: str) -> GridProblem:
    return GridProblem(sym.line, sym.col, message, cell.label, "side")


def parse_sheet(text: str, side: SheetSide, at: str | Cell | None = None) -> Sheet:
    """A sheet of a printed side from a grid text (or a patch of one at ``at``) that must agree
    with the side exactly, ruins included; raise NotationError listing every problem."""
    grid = read_grid(text, at)
    problems = list(grid.problems) + side_problems(grid, side)
    if problems:
        raise NotationError(problems)
    return grid.sheet(side)


_LABEL = re.compile(r"([A-Za-z])(\d+)")


def _one_space(item: str, problems: list[str]) -> Cell | None:
    """A space named as printed ("c4"), or None with the problem said."""
    # A label is 2 or 3 characters; a longer one is never passed to int() (4,300 digits).
    m = _LABEL.fullmatch(item) if len(item) <= 8 else None
    if not m:
        shown = item if len(item) <= 20 else item[:17] + "..."
        problems.append(_("{name} is not a space (write a row letter A-K and a column 1-11, "
                          "like C4)").format(name=repr(shown)))
        return None
    letter, col = m.group(1).upper(), int(m.group(2))
    if letter not in ROW_LETTERS or not 1 <= col <= SIZE:
        problems.append(_("{name} is off the map (rows A-K, columns 1-11)").format(name=item))
        return None
    return Cell(ROW_LETTERS.index(letter), col - 1)


def _run(item: str, problems: list[str]) -> list[Cell]:
    """The spaces of a straight run "D3-D6" or "D3..D6" (a row or a column, either way round)."""
    first, last = (x for x in re.split(r"\.\.|-", item, maxsplit=1))
    a, b = _one_space(first, problems), _one_space(last, problems)
    if a is None or b is None:
        return []
    if a.row != b.row and a.col != b.col:
        problems.append(_("{run} is not a straight run (name its ends in one row or one column)").format(run=item))
        return []
    rows = range(min(a.row, b.row), max(a.row, b.row) + 1)
    cols = range(min(a.col, b.col), max(a.col, b.col) + 1)
    return [Cell(r, c) for r in rows for c in cols]


def parse_spaces(text: str) -> int:
    """Read spaces named as printed ("B4,B5,C5", "b4 b5 c5", "B4;C5", a straight run "D3-D6"
    or "D3..D6") into a mask; refuse bad, off-map and repeated names and an empty list, every
    problem at once (IllegalPlacement)."""
    items = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    problems: list[str] = []
    seen: set[Cell] = set()
    for i, item in enumerate(items):
        if len(problems) >= 10:  # a message of a few lines, however long the text
            more = len(items) - i
            problems.append(ngettext("{n} more name not looked at", "{n} more names not looked at",
                                     more).format(n=more))
            break
        if ("-" in item or ".." in item) and len(item) <= 20:
            named = _run(item, problems)
        else:
            one = _one_space(item, problems)
            named = [one] if one is not None else []
        for cell in named:
            if cell in seen:
                problems.append(_("{space} is named twice").format(space=cell.label))
            seen.add(cell)
    if not items:
        problems.append(_("no spaces named (give them like B4,B5,C5)"))
    if problems:
        raise IllegalPlacement(clauses(problems), code="bad-spaces", spaces=mask_of(seen))
    return mask_of(seen)


def format_spaces(mask: int) -> str:
    """The spaces of a mask as printed, in reading order: "B4, B5, C5" (read back by parse_spaces)."""
    return cells_label(mask)


__all__ = [
    "SYMBOLS",
    "SYMBOL_LIST",
    "Grid",
    "GridProblem",
    "NotationError",
    "Row",
    "Symbol",
    "format_grid",
    "format_rows",
    "format_spaces",
    "parse_grid",
    "parse_sheet",
    "parse_spaces",
    "read_grid",
    "read_rows",
    "sheet_symbols",
    "side_problems",
    "split_lines",
    "split_rows",
]
