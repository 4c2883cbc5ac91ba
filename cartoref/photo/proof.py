"""Whether four points frame the printed map: a grid proves itself before a single space is read.

Four corners are kept only when
- they can be a square seen by a phone: four distinct points, a convex quadrilateral whose
  corners are not crossed or in a line, angles and sides a perspective gives, each space at
  least ``LEAST`` pixels a side (``shape_fault`` says why not, in words);
- the square they make shows the map's 12 printed lines each way where a grid of 11 spaces puts
  them (``lines_seen``), and hardly any across the spaces' middles (``lines_between``: a frame
  stretched over a page's many lines would find them there too): a printed line is darker than the paper beside it along its whole length,
  which hatching, symbols and a fully drawn sheet are not, and a margin, the coin track's circles
  or the season boxes have no 12 lines at that spacing;
- the side's printed spaces (its mountains and wastelands) show ink where the side prints them,
  in one of the four ways the sheet may lie in the photo (``upright``), which turns the corners so
  that the map's top-left comes first; and its mountains, one print, look alike there
  (``mountains_alike``: on a sheet drawn full every space shows ink, wherever a frame lies).

Plain numpy on the square ``warp`` makes; nothing here reads a space.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

import numpy as np

from ..grid import SIZE, SheetSide, iter_cells
from ..i18n import _

CELL = 24  # pixels a space in the square the proof looks at
LEAST = 6.0  # a space narrower than this in the photo cannot be read: no grid is proved there
LINE_STANDS_OUT = 6.0  # grey levels a printed line is darker than the spaces beside it, at least
NEAR = 0.2  # how far from where the grid puts it a line may be, in spaces
BETWEEN_MOST = 4  # of the 11 spaces each way, at most this many may show a line across their middle
BETWEEN_AS_LINES = 0.5  # a line across a space's middle stands out this share of the printed lines' median
ENOUGH_LINES = 10  # of the 12 lines each way (a thumb or a glare may hide one or two)
# The side's mountains are one print: seen where a grid puts them, they look alike (the median
# of their pairs' likeness, a correlation of their grey pictures laid within ``ALIKE_SHIFT``
# pixels of each other, ``MOUNTAINS_ALIKE`` at least). On a sheet drawn full every space shows
# ink, so the printed spaces seem inked wherever a frame puts them; a frame three rows off
# (the second generator's 11457, over the coin track and the season boxes) put the mountains
# on drawn spaces, 0.18-0.28 alike; true grids on the tuning photos 0.69 at the least.
MOUNTAINS_ALIKE, ALIKE_SHIFT = 0.5, 2
# Corners a person gave: on a photo taken at a steep angle the far rows' lines blur away, while
# the side's printed spaces, all where it prints them, say the frame is the map's (a frame one
# row off would put them elsewhere).
BY_HAND_LINES = 4  # the lines seen the blurred way
BY_HAND_PRINTED = 0.9  # the side's printed spaces with ink


class Proof(NamedTuple):
    """What four corners frame: the corners (turned: the map's top-left first, clockwise), the
    printed lines seen across and down (of 12 each), the share of the side's printed spaces that
    show ink, and whether that proves a grid."""

    corners: np.ndarray
    lines: tuple[int, int]
    printed: float
    proved: bool


def shape_fault(corners: np.ndarray) -> str | None:
    """Why four points (top-left, top-right, bottom-right, bottom-left) cannot be a map's
    corners in a photo, in words; None when they can."""
    p = np.asarray(corners, dtype=np.float64)
    if p.shape != (4, 2) or not np.all(np.isfinite(p)):
        return _("four corners are needed, each as X,Y")
    sides = [float(np.hypot(*(p[(i + 1) % 4] - p[i]))) for i in range(4)]
    if min(sides) < SIZE * LEAST:
        return _("two corners are {distance:.0f} pixels apart: the map's side is at least {least:.0f} pixels "
                 "(11 spaces of {space:.0f})").format(distance=min(sides), least=SIZE * LEAST, space=LEAST)
    edges = [p[(i + 1) % 4] - p[i] for i in range(4)]
    turns = [float(edges[i][0] * edges[(i + 1) % 4][1] - edges[i][1] * edges[(i + 1) % 4][0]) for i in range(4)]
    if not (all(t > 0 for t in turns) or all(t < 0 for t in turns)):
        return _("the corners cross or three of them are in a line: give them in order, top-left, top-right, "
                 "bottom-right, bottom-left")
    for i in range(4):
        a, b = p[i - 1] - p[i], p[(i + 1) % 4] - p[i]
        angle = float(np.degrees(np.arccos(np.clip(a @ b / (np.hypot(*a) * np.hypot(*b)), -1, 1))))
        if not 35 <= angle <= 145:
            return _("the corners make an angle of {angle:.0f}°: a map seen by a phone has angles between 35° and "
                     "145°").format(angle=angle)
    if max(sides[0], sides[2]) > 4 * min(sides[0], sides[2]) or max(sides[1], sides[3]) > 4 * min(sides[1], sides[3]):
        return _("one side of the map is over four times its opposite side: no phone sees a square so")
    return None


def darkness_beside(grey: np.ndarray, axis: int) -> np.ndarray:
    """How much darker than the paper beside it each pixel of the square is, along each column
    (``axis`` 1) or row (``axis`` 0): against the mean of one space's width around it, across
    the line, with the square's edge repeated outwards. One row of the result per place along
    the lines, one column per line."""
    g = grey if axis == 1 else grey.T
    k = CELL
    pad = np.pad(g, ((0, 0), (k // 2, k // 2)), mode="edge").astype(np.float64)
    s = np.cumsum(np.pad(pad, ((0, 0), (1, 0))), axis=1)
    beside = (s[:, k:k + g.shape[1]] - s[:, :g.shape[1]]) / k
    return beside - g


def line_profile(grey: np.ndarray, axis: int, part: slice = slice(None)) -> np.ndarray:
    """How much darker than the paper beside it each column (``axis`` 1) or row (``axis`` 0) of
    the square is, along most of its length (or of ``part`` of it): the median, over the line's
    length, of ``darkness_beside``."""
    return np.median(darkness_beside(grey, axis)[part], axis=0)


def lines_along(darkness: np.ndarray, whole: np.ndarray) -> int:
    """The lines seen one way (``darkness``: ``darkness_beside`` that way; ``whole``: its median
    along the lines' length): along the whole length, or in two of its three thirds (a sheet
    that curls, or corners a pixel or two off, bend a line across the square's columns, so
    that no single column holds it from end to end)."""
    n = darkness.shape[0]
    thirds = [lines_seen(np.median(darkness[k * n // 3:(k + 1) * n // 3], axis=0), each=True) for k in range(3)]
    in_two = int((np.sum(thirds, axis=0) >= 2).sum())
    return max(lines_seen(whole), in_two)


def lines_between(profile: np.ndarray) -> int:
    """How many of the 11 spaces show a line across their middle, standing out from the
    profile a quarter of a space either side of it (as a line is seen, ``_standing_out``). A
    space's middle holds no printed line: a frame stretched over a page's rows finds a line
    near most places it expects one (lines are everywhere there), and as often between them (a
    frame over 17 of a sheet's rows once proved itself so, with 11 and 10 lines seen). Such a
    line stands out as much as the printed lines do, by ``BETWEEN_AS_LINES`` of their median at
    least: a crayon's broad strokes, across every space of a sheet drawn full, are no line."""
    middles = [profile[int((k + 0.3) * CELL):int((k + 0.7) * CELL)] for k in range(SIZE)]
    level = [float(np.median(m)) for m in middles]
    texture = float(np.median(np.concatenate([np.abs(m - lv) for m, lv in zip(middles, level)]))) * 1.4826
    near = max(2, int(CELL * NEAR))
    lines = float(np.median(_stand_out_by(profile, level)))
    seen = 0
    for k in range(SIZE):
        m = int((k + 0.5) * CELL)
        peak = float(profile[m - near:m + near + 1].max())
        sides = max(float(np.median(profile[int(m - 0.45 * CELL):int(m - 0.25 * CELL)])),
                    float(np.median(profile[int(m + 0.25 * CELL):int(m + 0.45 * CELL)])))
        seen += peak > sides + max(LINE_STANDS_OUT, 4 * texture, BETWEEN_AS_LINES * lines)
    return seen


def lines_seen(profile: np.ndarray, each: bool = False):
    """How many of the 12 lines stand out (``each``: whether each one does)."""
    seen = _standing_out(profile)
    return seen if each else int(seen.sum())


def _standing_out(profile: np.ndarray) -> np.ndarray:
    """How many of the 12 lines stand out in a profile where a grid of 11 spaces of ``CELL``
    pixels puts them: each against the spaces on either side of it (their middles' level, and
    the texture within them), so that a sheet drawn full, whose spaces differ from each other
    more than blank paper does, still shows its lines."""
    middles = [profile[int((k + 0.3) * CELL):int((k + 0.7) * CELL)] for k in range(SIZE)]
    level = [float(np.median(m)) for m in middles]
    texture = float(np.median(np.concatenate([np.abs(m - lv) for m, lv in zip(middles, level)]))) * 1.4826
    return _stand_out_by(profile, level) > max(LINE_STANDS_OUT, 4 * texture)


def _stand_out_by(profile: np.ndarray, level: list[float]) -> np.ndarray:
    """How much each of the 12 places a grid of 11 spaces puts a line stands out of the profile:
    its darkest within ``NEAR`` of a space, against the darker level of the spaces' middles
    either side of it (``level``)."""
    n = len(profile)
    near = max(2, int(CELL * NEAR))
    out = np.zeros(SIZE + 1)
    for k in range(SIZE + 1):
        x = k * CELL
        peak = float(profile[max(0, x - near):min(n, x + near + 1)].max())
        out[k] = peak - max(level[max(0, k - 1)], level[min(SIZE - 1, k)])
    return out


TURN_BY = 0.15  # a quarter turn is taken when it shows the print this much more clearly
CLEAR_PRINT = 0.5  # and its printed spaces inked more often than its others by this much at least


def ink_at(grey: np.ndarray) -> np.ndarray:
    """Each space's share of dark pixels in its middle (its printed lines left out), as an 11 x
    11 array. The middles lie alike from either side of a space, so the array turned is the
    turned square's."""
    paper = float(np.percentile(grey, 90))
    edge = CELL // 5
    middles = grey.reshape(SIZE, CELL, SIZE, CELL)[:, edge:CELL - edge, :, edge:CELL - edge]
    return (middles < paper * 0.78).mean(axis=(1, 3))


def upright(grey: np.ndarray, side: SheetSide) -> tuple[int, float]:
    """Which quarter turn of the square shows the side's printed spaces where the side prints
    them (0: as it is), and the share of those spaces that show ink so turned. A turn is taken
    only when it shows the print clearly (its printed spaces inked more often than its other
    spaces, by ``CLEAR_PRINT`` at least) and better than the square as it lies (by ``TURN_BY``
    more): a sheet drawn full in dark
    markers shows ink everywhere, and one glare over a printed space once made a quarter turn
    look as good, so that every space was read in another's place."""
    printed = np.zeros((SIZE, SIZE), dtype=bool)
    for cell in iter_cells(side.mountains | side.wastelands):
        printed[cell.row, cell.col] = True
    if not printed.any():
        return 0, 1.0
    inked = ink_at(grey) > 0.06

    def seen(turn: int) -> tuple[float, float]:
        turned = np.rot90(inked, -turn)
        share = float(turned[printed].mean())
        return share, share - float(turned[~printed].mean())

    share0, contrast0 = seen(0)
    best = (0, share0, contrast0)
    for turn in (1, 2, 3):
        share, contrast = seen(turn)
        if contrast > best[2] + 1e-9:
            best = (turn, share, contrast)
    if best[0] != 0 and (best[2] - contrast0 < TURN_BY or best[2] < CLEAR_PRINT):
        return 0, share0
    return best[0], best[1]


def mountains_alike(grey: np.ndarray, side: SheetSide) -> float:
    """How alike the side's mountains look where the square (turned upright) puts them: the
    median, over their pairs, of the correlation of their middles' grey levels, each pair laid
    where it fits best within ``ALIKE_SHIFT`` pixels; 1.0 for a side that prints none."""
    edge = CELL // 6
    crops = [grey[cell.row * CELL:(cell.row + 1) * CELL, cell.col * CELL:(cell.col + 1) * CELL].astype(np.float64)
             for cell in iter_cells(side.mountains)]
    if len(crops) < 2:
        return 1.0

    def likeness(one: np.ndarray, other: np.ndarray) -> float:
        middle = one[edge:CELL - edge, edge:CELL - edge]
        middle = (middle - middle.mean()) / (middle.std() + 1e-6)
        best = -1.0
        for dy in range(-ALIKE_SHIFT, ALIKE_SHIFT + 1):
            for dx in range(-ALIKE_SHIFT, ALIKE_SHIFT + 1):
                laid = other[edge + dy:CELL - edge + dy, edge + dx:CELL - edge + dx]
                laid = (laid - laid.mean()) / (laid.std() + 1e-6)
                best = max(best, float((middle * laid).mean()))
        return best

    return float(np.median([likeness(a, b) for a, b in itertools.combinations(crops, 2)]))


def seen_from_above(rgb: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The square's grey levels at ``CELL`` pixels a space, each the mean of 4 x 4 samples: a
    printed line thinner than the square's pixels is averaged in, never stepped over by the
    samples (a photo's fine lines would come and go along their length)."""
    from .warp import grey_square

    return grey_square(rgb, corners, SIZE * CELL, fine=4)


def examine(rgb: np.ndarray, corners: np.ndarray, side: SheetSide | None) -> Proof:
    """What these corners frame (they have no ``shape_fault``): the lines seen, the printed
    spaces found, the corners turned so that the map's top-left comes first, and whether that
    proves the grid. Without a side, the lines alone prove it."""
    grey = seen_from_above(rgb, corners)
    darkness = [darkness_beside(grey, axis) for axis in (1, 0)]
    profiles = [np.median(d, axis=0) for d in darkness]
    lines = tuple(lines_along(d, profile) for d, profile in zip(darkness, profiles))
    between = max(lines_between(profile) for profile in profiles)
    turn, share = upright(grey, side) if side is not None else (0, 1.0)
    alike = mountains_alike(np.rot90(grey, -turn), side) if side is not None else 1.0
    # The square turned by ``turn`` quarters clockwise shows the map upright: its top-left corner
    # is the photo's corner that many places back round the ring.
    turned = np.roll(np.asarray(corners, dtype=np.float64), turn, axis=0)
    return Proof(turned, lines, share, min(lines) >= ENOUGH_LINES and between <= BETWEEN_MOST and share >= 0.75
                 and alike >= MOUNTAINS_ALIKE)


def proved_by_hand(proof: Proof) -> bool:
    """Whether corners a person gave frame the map: proved as a found grid is, or all the lines
    seen one way, some the other (a steep angle blurs the far rows) and the side's printed spaces
    where it prints them."""
    return proof.proved or (max(proof.lines) >= ENOUGH_LINES and min(proof.lines) >= BY_HAND_LINES
                            and proof.printed >= BY_HAND_PRINTED)


def onto_the_frame(rgb: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Corners found a little off the map's frame (an outline's polygon, a small photo) moved
    onto it: the frame's own lines are looked for within half a space of where the corners put
    them, on a square reaching half a space beyond them, and the corners follow."""
    from .warp import on_photo, warp

    reach = 0.5
    far = SIZE + reach
    wide = warp(rgb, on_photo(corners, [(-reach, -reach), (far, -reach), (far, far), (-reach, far)]), CELL)
    grey = wide.astype(np.float32).mean(axis=2)
    per = SIZE * CELL / (SIZE + 2 * reach)  # pixels a space in the wider square
    ends = []
    for axis in (1, 0):
        profile = line_profile(grey, axis)
        found = []
        for k in (0, SIZE):
            at = (k + reach) * per
            lo, hi = int(at - 0.45 * per), int(at + 0.45 * per) + 1
            found.append((lo + int(np.argmax(profile[max(0, lo):hi])) + (0 if lo >= 0 else -lo)) / per - reach)
        ends.append(found)
    (x0, x1), (y0, y1) = ends
    return on_photo(corners, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def prove(rgb: np.ndarray, corners: np.ndarray, side: SheetSide | None, *, refine: bool = True) -> Proof | None:
    """The grid these corners frame, proved (moved onto the frame's lines when they are a
    little off; when they prove as they are, only with ``refine``), or None when they do not
    frame the map."""
    if shape_fault(corners) is not None:
        return None
    proof = examine(rgb, corners, side)
    if proof.proved and not refine:
        return proof
    return on_the_frame(rgb, proof, side)


def on_the_frame(rgb: np.ndarray, proof: Proof, side: SheetSide | None) -> Proof | None:
    """A proof's corners moved onto the frame's lines when that proves too (lines a fifth of a
    space from where the corners put them are still seen, but the spaces would be read a fifth
    of a space off); the proof as it is otherwise, None when it proves nothing."""
    moved = onto_the_frame(rgb, proof.corners)
    if shape_fault(moved) is None:
        other = examine(rgb, moved, side)
        if other.proved:
            return other
    return proof if proof.proved else None
