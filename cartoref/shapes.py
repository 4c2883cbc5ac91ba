"""Polyominoes of the cards: rotate, mirror, orientations, placements on a sheet; and the
patterns drawn around one space (a hero's attack pattern), turned and mirrored alike.

A ``Shape`` is a frozen set of ``(row, col)`` offsets normalised so that its bounding box
starts at (0, 0). Its spaces need not be connected (Forgotten Forest's coin option, Goblin
Attack and Bugbear Assault are not). A ``Pattern`` is a frozen set of offsets from its centre
(the hero), never normalised: it turns about the centre.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import NamedTuple, TypeVar

from . import i18n
from .grid import SIZE, STRIDE, Cell, bit

Offset = tuple[int, int]
Pattern = frozenset[Offset]
T = TypeVar("T")


def _orientations(start: T, turn: Callable[[T], T], mirror: Callable[[T], T],
                  key: Callable[[T], Hashable]) -> tuple[T, ...]:
    """The distinct values reached by turning four times, mirroring, turning four times again,
    each once (the first met of those alike under ``key``), in that order."""
    seen: dict[Hashable, T] = {}
    x = start
    for _ in range(2):
        for _ in range(4):
            seen.setdefault(key(x), x)
            x = turn(x)
        x = mirror(x)
    return tuple(seen.values())


def normalise(cells: Iterable[Offset]) -> frozenset[Offset]:
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


class Shape(NamedTuple):
    """A shape as a normalised set of offsets; ``gaps`` are drawn-dashed spaces, not part of it."""

    cells: frozenset[Offset]
    gaps: frozenset[Offset] = frozenset()

    @classmethod
    def parse(cls, text: str) -> Shape:
        """Read a small ASCII drawing: X a space of the shape, - a gap space, . nothing."""
        rows = [line.strip() for line in text.strip("\n").splitlines() if line.strip()]
        cells = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch in "Xx"}
        gaps = {(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "-"}
        bad = {ch for line in rows for ch in line if ch not in "Xx-."}
        if bad:
            raise ValueError(i18n._("a shape is drawn with X (a space), - (a gap) and . (nothing), "
                               "not {found}").format(found=repr("".join(sorted(bad)))))
        if not cells:
            raise ValueError(i18n._("a shape is drawn with X (a space), - (a gap) and . (nothing) "
                               "and needs at least one X"))
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return cls(
            normalise(cells),
            frozenset((r - r0, c - c0) for r, c in gaps),
        )

    @property
    def size(self) -> int:
        """Number of spaces in the shape."""
        return len(self.cells)

    @property
    def height(self) -> int:
        """Rows spanned by the shape's spaces."""
        return 1 + max(r for r, _ in self.cells)

    @property
    def width(self) -> int:
        """Columns spanned by the shape's spaces."""
        return 1 + max(c for _, c in self.cells)

    def rotate(self) -> Shape:
        """The shape turned a quarter clockwise."""
        h = self.height
        turn = lambda cs: frozenset((c, h - 1 - r) for r, c in cs)
        return Shape(normalise(turn(self.cells)), _shift_like(turn(self.gaps), turn(self.cells)))

    def mirror(self) -> Shape:
        """The shape flipped left to right."""
        w = self.width
        flip = lambda cs: frozenset((r, w - 1 - c) for r, c in cs)
        return Shape(normalise(flip(self.cells)), _shift_like(flip(self.gaps), flip(self.cells)))

    def orientations(self) -> tuple[Shape, ...]:
        """The distinct shapes reachable by rotating and mirroring (1, 2, 4 or 8 of them)."""
        return _orientations(self, Shape.rotate, Shape.mirror, lambda s: s.cells)

    def base_mask(self) -> int:
        """The shape as a bit mask with its bounding box in the top-left corner of the map."""
        m = 0
        for r, c in self.cells:
            m |= 1 << (r * STRIDE + c)
        return m

    def iter_positions(self) -> Iterator[tuple[int, int, int]]:
        """Every ``(row, col, mask)`` where the shape's box, top-left at (row, col), lies on the map."""
        base = self.base_mask()
        for r in range(SIZE - self.height + 1):
            for c in range(SIZE - self.width + 1):
                yield r, c, base << (r * STRIDE + c)

    def render(self) -> list[str]:
        """The shape as rows of X (space), - (gap) and . (nothing)."""
        every = self.cells | self.gaps
        h = 1 + max(r for r, _ in every)
        w = 1 + max(c for _, c in every)
        return [
            "".join("X" if (r, c) in self.cells else "-" if (r, c) in self.gaps else "." for c in range(w))
            for r in range(h)
        ]


def _shift_like(gaps: frozenset[Offset], cells: frozenset[Offset]) -> frozenset[Offset]:
    """Move ``gaps`` by the same offset that normalises ``cells``."""
    if not gaps:
        return frozenset()
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in gaps)


def turn_pattern(pattern: Pattern) -> Pattern:
    """The pattern turned a quarter clockwise about its centre."""
    return frozenset((c, -r) for r, c in pattern)


def mirror_pattern(pattern: Pattern) -> Pattern:
    """The pattern flipped left to right about its centre."""
    return frozenset((r, -c) for r, c in pattern)


def pattern_orientations(pattern: Pattern) -> tuple[Pattern, ...]:
    """The distinct orientations of a pattern (turned and mirrored), the printed one first."""
    return _orientations(pattern, turn_pattern, mirror_pattern, lambda p: p)


def pattern_marks(pattern: Pattern, centre: Cell) -> int:
    """The spaces a pattern marks around ``centre``, as a mask (those beyond the map edge are lost)."""
    mask = 0
    for dr, dc in pattern:
        r, c = centre.row + dr, centre.col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            mask |= bit(r, c)
    return mask


def pattern_rows(pattern: Pattern) -> list[str]:
    """A pattern as rows of H (the centre: the hero), x (marked) and . (neither)."""
    every = pattern | {(0, 0)}
    r0, c0 = min(r for r, _ in every), min(c for _, c in every)
    r1, c1 = max(r for r, _ in every), max(c for _, c in every)
    return ["".join("H" if (r, c) == (0, 0) else "x" if (r, c) in pattern else "." for c in range(c0, c1 + 1))
            for r in range(r0, r1 + 1)]


def placements(shape: Shape, free: int, *, rotate: bool = True) -> Iterator[int]:
    """Every distinct set of spaces (as a mask) where ``shape`` fits inside ``free``.

    With ``rotate`` the shape may be turned and mirrored. Orientations are distinct as sets of
    offsets, so each (orientation, position) pair is a distinct set of spaces.
    """
    for o in shape.orientations() if rotate else (shape,):
        for _, _, m in o.iter_positions():
            if m & free == m:
                yield m
