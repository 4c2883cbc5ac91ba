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
    bit,
    iter_cells,
    mask_of,
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
    """The rows of a diagram as lists of symbols."""
    lines = [line.strip() for line in diagram.strip("\n").replace("/", "\n").splitlines()]
    return [line.split() if " " in line else list(line) for line in lines if line]


def sheet_from(diagram: str, side: str | SheetSide = "plain", at: str | None = None) -> Sheet:
    """A sheet drawn from a diagram on the plain side or a printed side (see module doc)."""
    rows = parse_rows(diagram)
    whole = not rows or (len(rows) == SIZE and all(len(r) == SIZE for r in rows))
    if at is None and not whole:
        raise ValueError("a diagram smaller than 11 x 11 needs at= (the space of its top-left symbol)")
    top, left = Cell.parse(at) if at else (0, 0)
    printed = side_named(side)
    plain = printed is PLAIN
    masks = {"^": 0, "#": 0, "r": 0}
    drawn = {t: 0 for t in DRAWN}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            cell = Cell(top + r, left + c)
            if not (0 <= cell.row < SIZE and 0 <= cell.col < SIZE):
                raise ValueError(f"symbol {ch!r} of the diagram falls off the map")
            b = bit(*cell)
            on_ruins = ch == "r" or ch.islower()
            if ch in "^#":
                masks[ch] |= b
            elif ch.upper() in LETTERS:
                drawn[LETTERS[ch.upper()]] |= b
            elif ch not in ".r":
                raise ValueError(f"{cell.label}: {ch!r} is not a diagram symbol")
            if on_ruins:
                masks["r"] |= b
            if not plain:
                _check_printed(printed, cell, ch, on_ruins)
    if plain:
        printed = SheetSide("plain", "Plain", "P", masks["^"], masks["#"], masks["r"])
    return Sheet(printed, tuple(drawn[t] for t in DRAWN))


def _check_printed(side: SheetSide, cell: Cell, ch: str, on_ruins: bool) -> None:
    b = cell.bit
    for sym, where in (("^", side.mountains), ("#", side.wastelands)):
        if (ch == sym) != bool(where & b):
            raise ValueError(f"{cell.label}: {ch!r} disagrees with the {side.name} side ('{sym}' is printed "
                             f"{'here' if where & b else 'elsewhere'})")
    if on_ruins != bool(side.ruins & b):
        raise ValueError(f"{cell.label}: {ch!r} disagrees with the {side.name} side's ruins "
                         "(write 'r' or a lower-case letter exactly on its ruins)")


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
    """The mask of spaces written as labels: "A1 B2" or "A1, B2"."""
    return mask_of(Cell.parse(x) for x in labels.replace(",", " ").split())


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
    "Terrain",
    "anti_transpose_mask",
    "case",
    "cells",
    "full",
    "labels",
    "mirror_mask",
    "parse_rows",
    "score",
    "sheet_from",
    "side_named",
    "transform",
]
