"""Where a curled sheet's printed lines lie, so that each space is read from between its own.

One perspective puts a flat sheet's every space in its place; a sheet that curls or bulges bends
its printed lines a few pixels off where that perspective puts them (up to 9 of a space's 48 on
the second generator's 11387), and a space's edge then shows its neighbour's colour or a piece of
the printed line, which a pencil symbol's likeness takes for part of the drawing (there, furrows
came 0.72 like a face). ``crossings`` finds each printed line near where the perspective puts it,
piece by piece (a space's side at a time: the darkest row across it, a valley clearly darker
than the paper beside it and lighter again on both sides, so that the edge of a printed mountain
or of a dark colouring, a step, is not taken for a line), places each crossing of two lines by
the pieces that meet there, and keeps the sheet's bend smooth (a cubic surface through them,
fitted twice). ``warp.warp`` then takes each space from between its own lines, in one
resampling of the photo.
"""

from __future__ import annotations

import numpy as np

from ..grid import SIZE

REACH = 0.2  # of a space: how far from where the perspective puts it a printed line is looked for
ALONG = 0.2  # of a space, left out at each end of a side (the crossing lines, a hand's overflow)
CONTRAST = 0.12  # a line's row is this much darker than the paper beside it (a share of its lightness)
WIDE = 3  # pixels (of 48 a space) either side of a line's darkest row where the paper shows again
ODD = 0.08  # of a space: a piece of line this far from its neighbours', or a crossing from the sheet's bend, is a stroke's
OFF = 0.1  # of a space: corners this far from where the printed lines put them are moved there
SEEN_LEAST, SEEN_SPAN = 24, 8  # only by so many crossings seen at least, spanning so many spaces each way


def crossings(square: np.ndarray) -> np.ndarray:
    """How far each crossing of the map's printed lines lies from its regular place, in pixels
    (12 x 12 x 2: x and y), found from the square itself: where no line was found near it, as
    the sheet's smooth bend through those found places it (``bent``); 0 with too few found."""
    cell = square.shape[0] // SIZE
    return bent(seen_crossings(square), cell)


def seen_crossings(square: np.ndarray) -> np.ndarray:
    """How far each crossing of the map's printed lines was seen from its regular place, in
    pixels (12 x 12 x 2: x and y); NaN where no line was found near it."""
    cell = square.shape[0] // SIZE
    grey = square.astype(np.float32).mean(axis=2)
    across = _odd_out(_offsets(grey, cell), cell)  # [k, c]: line k (rows) over column c
    down = _odd_out(_offsets(grey.T, cell), cell)  # [l, r]: line l (columns) over row r
    out = np.zeros((SIZE + 1, SIZE + 1, 2), dtype=np.float32)
    for k in range(SIZE + 1):
        for l in range(SIZE + 1):
            dy = [across[k, c] for c in (l - 1, l) if 0 <= c < SIZE]
            dx = [down[l, r] for r in (k - 1, k) if 0 <= r < SIZE]
            out[k, l, 1] = _mean(dy)
            out[k, l, 0] = _mean(dx)
    return out


def _offsets(grey: np.ndarray, cell: int) -> np.ndarray:
    """For each printed line running across the square (12) and each space it borders (11): how
    far (pixels, down) its darkest row lies from where the perspective puts it; NaN where no row
    near it is clearly darker than the paper beside it."""
    import cv2

    side = grey.shape[0]
    reach = max(2, round(REACH * cell))
    skip = round(ALONG * cell)
    out = np.full((SIZE + 1, SIZE), np.nan, dtype=np.float32)
    for c in range(SIZE):
        strip = grey[:, c * cell + skip:(c + 1) * cell - skip].mean(axis=1)
        strip = cv2.GaussianBlur(strip.reshape(-1, 1), (1, 3), 0).ravel()
        for k in range(SIZE + 1):
            lo, hi = max(0, k * cell - reach), min(side, k * cell + reach)
            if hi - lo < 3:
                continue
            window = strip[lo:hi]
            at = int(np.argmin(window))
            paper = float(np.percentile(window, 90))
            if paper <= 0 or (paper - float(window[at])) / paper < CONTRAST:
                continue
            # A line is a valley, lighter a few pixels away on both sides; the edge of a dark
            # colouring or of a printed mountain is a step, dark on one side.
            sides = [strip[y] for y in (lo + at - WIDE, lo + at + WIDE) if 0 <= y < side]
            if len(sides) < 2 or min(sides) - float(window[at]) < CONTRAST / 2 * paper:
                continue
            out[k, c] = lo + at + 0.5 + _vertex(window, at) - k * cell
    return out


def _vertex(values: np.ndarray, at: int) -> float:
    """Where between pixels the bottom of a valley lies, from the pixel at its bottom and its two
    neighbours (a parabola through the three): a line two pixels wide lies between them."""
    if not 0 < at < len(values) - 1:
        return 0.0
    left, middle, right = float(values[at - 1]), float(values[at]), float(values[at + 1])
    curve = left - 2 * middle + right
    return 0.0 if curve <= 0 else max(-0.5, min(0.5, (left - right) / (2 * curve)))


def _odd_out(offsets: np.ndarray, cell: int) -> np.ndarray:
    """The pieces of line placed far from the pieces around them (the same line's next pieces,
    the lines beside it over the same space; a stroke near the line taken for it) made unknown."""
    out = offsets.copy()
    rows, cols = offsets.shape
    for k in range(rows):
        for c in range(cols):
            near = offsets[max(0, k - 1):k + 2, max(0, c - 1):c + 2].ravel()
            near = near[~np.isnan(near)]
            if len(near) >= 3 and abs(offsets[k, c] - float(np.median(near))) > ODD * cell:
                out[k, c] = np.nan
    return out


def _mean(values: list[float]) -> float:
    known = [v for v in values if not np.isnan(v)]
    return float(np.mean(known)) if known else float("nan")


def bent(found: np.ndarray, cell: int) -> np.ndarray:
    """The crossings as the sheet's smooth bend places them (from ``seen_crossings``, on a
    square of ``cell`` pixels a space): a cubic surface through the crossings found (fitted twice, the second time without the quarter furthest from the first:
    a printed mountain's or a dark colouring's edge taken for a line, a whole group of them
    together), each crossing kept where it was found within ``ODD`` of that surface, else
    placed on it (and where no line was found). A sheet curls smoothly; a stroke does not."""
    from .light import fitted_twice

    n = SIZE + 1
    k, l = np.mgrid[0:n, 0:n].astype(np.float64) / SIZE - 0.5
    terms = np.stack([np.ones_like(k), k, l, k * k, k * l, l * l, k ** 3, k * k * l, k * l * l, l ** 3], axis=-1)
    out = np.zeros_like(found)
    for axis in range(2):
        values = found[..., axis]
        known = ~np.isnan(values)
        if known.sum() < 2 * terms.shape[-1]:
            continue  # too few lines seen to tell a bend: the perspective's places
        fit = fitted_twice(terms[known], values[known])
        smooth = terms @ fit
        out[..., axis] = np.where(known & (np.abs(np.nan_to_num(values) - smooth) <= ODD * cell), values, smooth)
    return out.astype(np.float32)


def refitted(corners: np.ndarray, seen: np.ndarray, cell: int) -> np.ndarray | None:
    """The map's corners where its printed lines put them: the perspective fitted (least squares)
    to the crossings ``seen_crossings`` found (``seen``, on a square of ``cell`` pixels a space
    made from ``corners``), when it moves a corner by more than ``OFF`` of a space; None when
    the corners already lie where the lines do, or when too few crossings were seen, or not
    across the map (``SEEN_LEAST``, ``SEEN_SPAN``), to place its corners. A grid found by itself
    on a small photo whose frame runs off its edge can sit a quarter of a space off at one
    corner (the second generator's 11364: 6.4 pixels at 24 a space, a house read as a tree
    after a label), which the lines across the whole map tell. Only the crossings seen: on a
    640 x 480 photo of a curled sheet (its 11691, 22 pixels a space), 14 pieces of line were
    found, all in its top half; the sheet's bend through them, run on to its bottom, moved
    right corners half a space and every space of its last rows was read from two.)"""
    import cv2

    from .warp import on_photo, space_px

    both = ~np.isnan(seen).any(axis=2)
    rows, cols = np.nonzero(both)
    if len(rows) < SEEN_LEAST or np.ptp(rows) < SEEN_SPAN or np.ptp(cols) < SEEN_SPAN:
        return None
    grid = [(l, k) for k, l in zip(rows, cols)]
    at = on_photo(corners, [(l + seen[k, l, 0] / cell, k + seen[k, l, 1] / cell) for l, k in grid])
    fit, _ = cv2.findHomography(np.array(grid, dtype=np.float64), at, 0)
    if fit is None:
        return None
    ends = np.array([[(0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE)]], dtype=np.float64)
    moved = cv2.perspectiveTransform(ends, fit)[0]
    corners = np.asarray(corners, dtype=np.float64)
    if np.hypot(*(moved - corners).T).max() <= OFF * space_px(corners):
        return None
    return moved
