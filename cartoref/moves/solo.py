"""Solo play: where the monster of an ambush goes, and the solo rating.

The rules say only: start at the card's corner, go along the map edge in the arrow's
direction, shape never turned or mirrored, first legal spot; if none, one space inward and
again from the same corner; if nowhere, the ambush is ignored. The exact order is our ruling,
defined here and drawn in docs/solo.md:

* Ring k is the border of the rectangle rows k..10-k by columns k..10-k (0-based; ring 0 is
  the map edge).
* The shape's bounding box (its spaces only; gap spaces lie inside it and are ignored) starts
  flush in ring k's corner named by the card, then slides one space at a time along the first
  side the arrow points to, staying flush with that side; at each corner it turns and slides
  flush along the next side, until it is back at the start.
* The first position where no space of the shape is filled wins; then ring k + 1 is tried.

Every position of the box on the map belongs to exactly one ring (its distance to the nearest
map edge), so a shape that fits anywhere in its printed orientation is always found.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..cards import AmbushCard, ScoringCard
from ..grid import SIZE, STRIDE, Sheet, Terrain, repr_masks
from ..shapes import Shape
from .drawing import Drawing

#: Corners of a rectangle in clockwise order, starting top-left (north-west).
CORNERS = ("nw", "ne", "se", "sw")


class Candidate(NamedTuple):
    """One position tried for the monster: its ring, the top-left of its box, and its spaces."""

    ring: int
    row: int
    col: int
    mask: int

    def __repr__(self) -> str:
        return repr_masks(self, "mask")


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def iter_perimeter(top: int, bottom: int, left: int, right: int, corner: str,
                   arrow: str) -> Iterator[tuple[int, int]]:
    """The points of a rectangle's border, each once, from ``corner`` turning ``arrow`` (cw/ccw)."""
    corners = [(top, left), (top, right), (bottom, right), (bottom, left)]
    i = CORNERS.index(corner)
    step = 1 if arrow == "cw" else -1
    pos = corners[i]
    seen: set[tuple[int, int]] = set()
    for _ in range(4):
        target = corners[(i + step) % 4]
        while True:
            if pos not in seen:
                seen.add(pos)
                yield pos
            if pos == target:
                break
            pos = (pos[0] + _sign(target[0] - pos[0]), pos[1] + _sign(target[1] - pos[1]))
        i = (i + step) % 4


def iter_ring(shape: Shape, corner: str, arrow: str, ring: int) -> Iterator[Candidate]:
    """The positions tried in ring ``ring``, in order; none when the box no longer fits in it."""
    top, left = ring, ring
    bottom, right = SIZE - ring - shape.height, SIZE - ring - shape.width
    if bottom < top or right < left:
        return
    base = shape.base_mask()
    for r, c in iter_perimeter(top, bottom, left, right, corner, arrow):
        yield Candidate(ring, r, c, base << (r * STRIDE + c))


def iter_scan(shape: Shape, corner: str, arrow: str) -> Iterator[Candidate]:
    """Every position of the shape in the solo scan order, ring 0 first."""
    for ring in range((SIZE + 1) // 2):
        yield from iter_ring(shape, corner, arrow, ring)


def solo_candidate(sheet: Sheet, ambush: AmbushCard) -> Candidate | None:
    """The first position in the scan order where the monster fits, or None when it fits nowhere."""
    filled = sheet.filled
    for cand in iter_scan(ambush.shape, ambush.corner, ambush.arrow):
        if not cand.mask & filled:
            return cand
    return None


def solo_ambush(sheet: Sheet, ambush: AmbushCard) -> int | None:
    """The spaces where the solo procedure draws the ambush's monster; None: it is ignored."""
    cand = solo_candidate(sheet, ambush)
    return cand.mask if cand else None


def solo_drawing(sheet: Sheet, ambush: AmbushCard) -> tuple[Candidate, Drawing] | None:
    """The solo procedure's position and the monster drawn there; None: the ambush is ignored."""
    cand = solo_candidate(sheet, ambush)
    if cand is None:
        return None  # docs/solo.md: no single-space fallback in solo
    # The printed shape on empty spaces is one of the ambush's legal drawings (option 1, no
    # ruins obligation for a monster), so no check is needed.
    return cand, Drawing(ambush, cand.mask, Terrain.MONSTER, 1, False, sheet)


def scan_picture(ambush: AmbushCard, ring: int = 0, limit: int | None = None) -> list[str]:
    """An 11 x 11 picture numbering the positions of one ring in the order they are tried.

    Each number sits on the top-left space of the shape's box at that position; ``limit``
    keeps only the first positions.
    """
    grid = [["." for _ in range(SIZE)] for _ in range(SIZE)]
    for n, cand in enumerate(iter_ring(ambush.shape, ambush.corner, ambush.arrow, ring), 1):
        if limit is not None and n > limit:
            break
        grid[cand.row][cand.col] = str(n)
    width = max(len(x) for row in grid for x in row)
    header = "    " + " ".join(str(c + 1).rjust(width) for c in range(SIZE))
    return [header] + [f"{'ABCDEFGHIJK'[r]}   " + " ".join(x.rjust(width) for x in row)
                       for r, row in enumerate(grid)]


def solo_rating(score: int, edicts: Sequence[ScoringCard]) -> int:
    """The solo rating: the final score minus the solo numbers of the four scoring cards."""
    return score - sum(card.solo for card in edicts)
