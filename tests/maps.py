"""Build sheets for tests from small ASCII diagrams: the diagram IS the test data.

Symbols, one per space (spaces between them optional; rows on separate lines or joined by
"/"):

    .  empty            F forest   V village   P farm   W water   M monster   X destroyed   H hero
    ^  mountain         #  wasteland           r  an empty ruins space
    f v p w m x h       (lower case) that terrain drawn ON a ruins space

On the printed sides ("wilderness"/"A", "wastelands"/"B") the diagram must agree with the
sheet: ``^``/``#`` exactly where the side prints them, ``r`` or a lower-case letter exactly on
its ruins. On the ``"plain"`` side nothing is printed except what the diagram itself shows, so
a rule can be tried on a tiny pattern with no printed space getting in the way.

A diagram of 11 rows of 11 symbols is a whole map, and "" is the blank side. A smaller one is a patch and needs
``at="E5"``, the space its top-left symbol stands on; everything else is left as the side
prints it. Naming the corner keeps the map edges visible in the test.

It is cartoref's one grid notation (``cartoref.notation``): a map file's rows, ``repr(sheet)``
and the picture ``cartoref show`` prints (header of column numbers, row letters) paste in as
they are.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cartoref.cards import catalog
from cartoref.grid import (
    BOARD,
    DRAWN,
    SIZE,
    Cell,
    Sheet,
    SheetSide,
    Terrain,
    iter_cells,
    mask_of,
)
from cartoref.notation import (
    NotationError,
    format_rows,
    parse_spaces,
    read_grid,
    sheet_symbols,
    side_problems,
    split_lines,
    split_rows,
)
from cartoref.scoring import RULES, CardScore

PLAIN = SheetSide("plain", "Plain", "P", mountains=0, wastelands=0, ruins=0)
LETTERS = {t.value: t for t in DRAWN}


def side_named(name: str | SheetSide) -> SheetSide:
    """The plain test side, or a printed side of the catalog by a forgiving name."""
    if isinstance(name, SheetSide):
        return name
    return PLAIN if name == "plain" else catalog().sheet_side(name)


def parse_rows(diagram: str) -> list[list[str]]:
    """The rows of a diagram as lists of symbols (a labelled picture without its labels)."""
    rows, _ = split_rows(split_lines(diagram))
    return [[s.text for s in row.symbols] for row in rows]


def sheet_from(diagram: str, side: str | SheetSide = "plain", at: str | None = None) -> Sheet:
    """A sheet drawn from a diagram on the plain side or a printed side (see module doc)."""
    printed = side_named(side)
    if at is None and not diagram.strip():
        return Sheet.blank(PLAIN if printed is PLAIN else printed)
    grid = read_grid(diagram, at)
    problems = list(grid.problems)
    if printed is not PLAIN:
        problems += side_problems(grid, printed)
    if problems:
        hint = ("\n(a diagram smaller than 11 x 11 needs at=, the space of its top-left symbol)"
                if at is None and any(p.code in ("rows", "row-length") for p in problems) else "")
        raise ValueError(str(NotationError(problems)) + hint)
    if printed is PLAIN:
        printed = SheetSide("plain", "Plain", "P", grid.masks["^"], grid.masks["#"], grid.ruins)
    return grid.sheet(printed)


def explain_sheets(op: str, left: object, right: object) -> list[str] | None:
    """Two unequal sheets drawn side by side with the spaces that differ, for conftest's
    ``pytest_assertrepr_compare`` (None for anything else)."""
    if op != "==" or not (isinstance(left, Sheet) and isinstance(right, Sheet)):
        return None
    a, b = format_rows(left, labels=True), format_rows(right, labels=True)
    width = max(map(len, a))
    lines = [f"Sheet({left.side.id}) == Sheet({right.side.id}): left | right"]
    lines += [f"{x:<{width}}  |  {y}" for x, y in zip(a, b)]
    differ = [f"{Cell(r, c).label} {x}/{y}"
              for r, (row_a, row_b) in enumerate(zip(sheet_symbols(left), sheet_symbols(right)))
              for c, (x, y) in enumerate(zip(row_a, row_b)) if x != y]
    if differ:
        lines.append("spaces that differ (left/right): " + ", ".join(differ))
    if left.side != right.side:
        lines += ["the sides differ:", f"  {left.side!r}", f"  {right.side!r}"]
    return lines


def full(terrain: str, side: str | SheetSide = "plain") -> Sheet:
    """A sheet with every space its side leaves open drawn with one terrain letter."""
    printed = side_named(side)
    open_ = BOARD & ~(printed.mountains | printed.wastelands)
    return Sheet.blank(printed).with_drawn(open_, LETTERS[terrain])


def case(points: int, diagram: str | Sheet, side: str = "plain", at: str | None = None, *, id: str):
    """One row of a scoring table: a diagram (or a ready sheet) and its hand-worked points."""
    return pytest.param(diagram, side, at, points, id=id)


def score(card_id: str, diagram: str | Sheet, side: str = "plain", at: str | None = None) -> CardScore:
    """Score one card on a diagram (or a ready sheet)."""
    sheet = diagram if isinstance(diagram, Sheet) else sheet_from(diagram, side, at)
    return RULES[card_id](sheet)


def cells(labels: str) -> int:
    """The mask of spaces written as labels: "A1 B2" or "A1, B2" (as a player names them)."""
    return parse_spaces(labels)


def labels(mask: int) -> set[str]:
    """The labels of a mask's spaces, for comparing with a set like {"A1", "B2"}."""
    return {c.label for c in iter_cells(mask)}


def mirror_mask(mask: int) -> int:
    """A mask reflected left to right (column 1 <-> column 11)."""
    return mask_of(Cell(c.row, SIZE - 1 - c.col) for c in iter_cells(mask))


def anti_transpose_mask(mask: int) -> int:
    """A mask reflected in the diagonal from A11 to K1: (row, col) -> (10 - col, 10 - row)."""
    return mask_of(Cell(SIZE - 1 - c.col, SIZE - 1 - c.row) for c in iter_cells(mask))


def transform(sheet: Sheet, fn: Callable[[int], int]) -> Sheet:
    """The sheet with every printed and drawn mask mapped through ``fn`` (on a custom side)."""
    s = sheet.side
    side = SheetSide(f"{s.id}-moved", s.name, s.letter, fn(s.mountains), fn(s.wastelands), fn(s.ruins))
    return Sheet(side, tuple(fn(m) for m in sheet.drawn))


__all__ = [
    "PLAIN",
    "SIDE_A_BLANK",
    "SIDE_A_RUINS_SHUT_IN",
    "Terrain",
    "anti_transpose_mask",
    "case",
    "cells",
    "explain_sheets",
    "full",
    "labels",
    "mirror_mask",
    "parse_rows",
    "score",
    "sheet_from",
    "side_named",
    "transform",
]


# Two whole maps of side A used by the drawing tests.
SIDE_A_BLANK = """
. . . . . . . . . . .
. . . ^ . r . . . . .
. r . . . . . . ^ r .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . ^ . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. r ^ . . . . . . r .
. . . . . r . ^ . . .
. . . . . . . . . . .
"""

# Side A with every ruins space shut in by forest: the ruins are empty but no shape of two
# or more touching spaces can reach one.
SIDE_A_RUINS_SHUT_IN = """
. . . . . F . . . . .
. F . ^ F r F . . F .
F r F . . F . . ^ r F
. F . . . . . . . F .
. . . . . . . . . . .
. . . . . ^ . . . . .
. . . . . . . . . . .
. F . . . . . . . F .
F r ^ . . F . . F r F
. F . . F r F ^ . F .
. . . . . F . . . . .
"""


def typed_from_paper(text: str) -> str:
    """A map file's text as a person types it from the paper sheet: the grid and the coins, no
    ``drawings:`` (paper keeps no history)."""
    import re

    typed = re.sub(r"drawings:\n(  - .*\n)+", "", text)
    assert "drawings:" not in typed
    return typed


def draw_on_empty(path, row: int, symbol: str) -> int:
    """Draw ``symbol`` on the first empty space of grid row ``row`` (0 for A) of the map file at
    ``path``, by hand on its text (no card drew it); the space's column index (0 for 1)."""
    head, _, grid = path.read_text().partition("map: |\n")
    rows = grid.split("\n")
    symbols = rows[row].split()
    col = symbols.index(".")
    symbols[col] = symbol
    rows[row] = "  " + " ".join(symbols)
    path.write_text(head + "map: |\n" + "\n".join(rows))
    return col
