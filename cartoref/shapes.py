"""Polyominoes of the cards: rotate, mirror, orientations, placements on a sheet.

A ``Shape`` is a frozen set of ``(row, col)`` offsets normalised so that its bounding box
starts at (0, 0). Its spaces need not be connected (Forgotten Forest's coin option, Goblin
Attack and Bugbear Assault are not).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from .grid import SIZE, STRIDE

Offset = tuple[int, int]


def _normalise(cells: Iterable[Offset]) -> frozenset[Offset]:
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
        if bad or not cells:
            raise ValueError(
                "a shape is drawn with X (a space), - (a gap) and . (nothing)"
                + (f", not {''.join(sorted(bad))!r}" if bad else " and needs at least one X")
            )
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return cls(
            _normalise(cells),
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
        return Shape(_normalise(turn(self.cells)), _shift_like(turn(self.gaps), turn(self.cells)))

    def mirror(self) -> Shape:
        """The shape flipped left to right."""
        w = self.width
        flip = lambda cs: frozenset((r, w - 1 - c) for r, c in cs)
        return Shape(_normalise(flip(self.cells)), _shift_like(flip(self.gaps), flip(self.cells)))

    def orientations(self) -> tuple[Shape, ...]:
        """The distinct shapes reachable by rotating and mirroring (1, 2, 4 or 8 of them)."""
        seen: dict[frozenset[Offset], Shape] = {}
        s = self
        for _ in range(2):
            for _ in range(4):
                seen.setdefault(s.cells, s)
                s = s.rotate()
            s = s.mirror()
        return tuple(seen.values())

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


def placements(shape: Shape, free: int, *, rotate: bool = True) -> Iterator[int]:
    """Every distinct set of spaces (as a mask) where ``shape`` fits inside ``free``.

    With ``rotate`` the shape may be turned and mirrored. Orientations are distinct as sets of
    offsets, so each (orientation, position) pair is a distinct set of spaces.
    """
    for o in shape.orientations() if rotate else (shape,):
        for _, _, m in o.iter_positions():
            if m & free == m:
                yield m
