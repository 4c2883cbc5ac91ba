"""Finding the printed map in a photo: several candidates, each kept only when it proves itself
(``proof.prove``: a square seen by a phone, the 12 printed lines each way, the side's printed
spaces where the side prints them).

The candidates: the quadrilaterals OpenCV finds among the outlines of the photo's dark ink (the
page's edge, the grid's thick frame, boxes and strips that look like grids, which the proof turns
down), largest first; and the largest connected structure of dark, unsaturated ink, whose four
sides are straight lines fitted to its outermost points."""

from __future__ import annotations

import numpy as np

from ..errors import CartorefError
from ..grid import SheetSide
from ..i18n import N_, _
from .channels import brightest, dimmest

WORK = 640  # the photo's longer side while looking for the grid, in pixels


class PhotoError(CartorefError):
    """A photo cartoref cannot read: no map found in it, or not a picture."""

    def __init__(self, message: str, *, code: str = "photo"):
        super().__init__(message, code=code)


def ink_mask(rgb: np.ndarray) -> np.ndarray:
    """The dark, unsaturated pixels (printed lines, pencil): darker than their neighbourhood's
    paper by a quarter, and not coloured."""
    img = rgb.astype(np.float32)
    grey = img.mean(axis=2)
    top = brightest(img)
    sat = (top - dimmest(img)) / np.maximum(top, 1)
    local = box_mean(grey, max(5, int(min(grey.shape) / 16) | 1))
    return (grey < local * 0.72) & (sat < 0.35)


def box_mean(a: np.ndarray, k: int) -> np.ndarray:
    """Each pixel's mean over a k x k box around it (edges repeated), by an integral image."""
    pad = k // 2
    p = np.pad(a, pad + 1, mode="edge").astype(np.float64)
    s = p.cumsum(0).cumsum(1)
    h, w = a.shape
    total = s[k:k + h, k:k + w] - s[:h, k:k + w] - s[k:k + h, :w] + s[:h, :w]
    return (total / (k * k)).astype(np.float32)


def dilate(mask: np.ndarray) -> np.ndarray:
    """The mask grown by one pixel each way: a thin line broken by the photo joins up again."""
    p = np.pad(mask, 1)
    h, w = mask.shape
    out = mask.copy()
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            out |= p[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]
    return out


def largest_component(mask: np.ndarray) -> np.ndarray:
    """The largest 8-connected region of a mask (OpenCV's connected components; of two as large,
    the one met first in reading order)."""
    import cv2

    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    if count < 2:
        return np.zeros(mask.shape, dtype=bool)
    return labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))


def _fit(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
    """y = a x + b, least squares after dropping the points furthest from a first fit."""
    a, b = np.polyfit(xs, ys, 1)
    err = np.abs(ys - (a * xs + b))
    keep = err <= np.percentile(err, 80)
    if keep.sum() >= 2:
        a, b = np.polyfit(xs[keep], ys[keep], 1)
    return float(a), float(b)


NO_GRID = N_("no map grid found in the photo: give its four corners, or align it in cartoref edit")


def find_grid(rgb: np.ndarray, side: SheetSide | None = None) -> np.ndarray:
    """The printed map's corners in the photo, proved: top-left, top-right, bottom-right,
    bottom-left of the map as it is printed (a sheet photographed upside down is turned), as
    (x, y) pixels; PhotoError when no candidate proves itself."""
    from .proof import on_the_frame

    ink, scale = _dark_ink(rgb)
    best = _best_proof(rgb, candidates(rgb, ink, scale), side)
    if best is None:
        # No outline proved: a thumb or a shadow over the frame joins it to the page. The blank
        # spaces between the printed lines still place the map.
        from .lattice import lattice_frames

        best = _best_proof(rgb, lattice_frames(ink, scale), side)
    if best is None:
        raise PhotoError(_(NO_GRID), code="no-grid")
    # The best one moved onto the frame's lines, when that proves too.
    return (on_the_frame(rgb, best, side) or best).corners


def _best_proof(rgb: np.ndarray, frames: list[np.ndarray], side: SheetSide | None):
    """Of these frames, the proof that sees the most lines, then the most printed spaces (the
    first that sees them all); None when none proves."""
    from .proof import prove

    best = None
    for corners in frames:
        proof = prove(rgb, corners, side, refine=False)
        if proof is not None and (best is None or (sum(proof.lines), proof.printed) > (sum(best.lines), best.printed)):
            best = proof
            if sum(proof.lines) == 24 and proof.printed == 1.0:
                break
    return best


def candidates(rgb: np.ndarray, ink: np.ndarray | None = None, scale: float = 1.0) -> list[np.ndarray]:
    """Four-cornered outlines that may be the map's frame, largest first (at most a dozen), then
    the frame fitted to the largest ink structure. ``ink``: the photo's dark ink as
    ``_dark_ink`` gives it (and its ``scale``), when it was worked out already."""
    if ink is None:
        ink, scale = _dark_ink(rgb)
    found = _outlines(rgb, ink, scale)
    try:
        found.append(_structure_frame(rgb))
    except PhotoError:
        pass
    return found


def _outlines(rgb: np.ndarray, ink: np.ndarray, scale: float, most: int = 12) -> list[np.ndarray]:
    """The convex quadrilaterals among the outlines of dark ink (``_dark_ink``: an adaptive
    threshold; OpenCV's contours, each simplified to a polygon), in the photo's pixels."""
    import cv2

    h, w = rgb.shape[:2]
    contours, _hierarchy = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    least = 0.01 * ink.shape[0] * ink.shape[1]
    quads = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < least:
            continue
        hull = cv2.convexHull(contour)
        poly = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
        if len(poly) == 4 and cv2.isContourConvex(poly):
            quads.append((area, _clockwise(poly.reshape(4, 2).astype(np.float64) / scale)))
    quads.sort(key=lambda q: -q[0])
    kept: list[np.ndarray] = []
    for _area, q in quads:  # the two edges of one printed line are one candidate
        if all(np.abs(q - k).max() > 0.01 * max(h, w) for k in kept):
            kept.append(q)
    return kept[:most]


def _dark_ink(rgb: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo's dark ink as a mask (OpenCV: an adaptive threshold on the grey, small gaps
    closed) at most 1000 pixels a side, and the scale it was brought down by."""
    import cv2

    h, w = rgb.shape[:2]
    scale = min(1.0, 1000 / max(h, w))
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    if scale < 1:
        grey = cv2.resize(grey, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA)
    block = max(15, (min(grey.shape) // 20) | 1)
    ink = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 10)
    return cv2.morphologyEx(ink, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)), scale


def _clockwise(points: np.ndarray) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left (clockwise on the screen,
    from the one nearest the photo's top-left)."""
    centre = points.mean(axis=0)
    order = np.argsort(np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0]))
    ring = points[order]
    start = int(np.argmin(ring.sum(axis=1)))
    return np.roll(ring, -start, axis=0)


def _structure_frame(rgb: np.ndarray) -> np.ndarray:
    """The frame fitted to the largest connected structure of dark, unsaturated ink (PhotoError
    when there is none to speak of)."""
    h, w = rgb.shape[:2]
    scale = WORK / max(h, w)
    from PIL import Image

    small = np.asarray(Image.fromarray(rgb).resize((max(1, int(w * scale)), max(1, int(h * scale))),
                                                   Image.Resampling.BILINEAR))
    grid = largest_component(dilate(ink_mask(small)))
    ys, xs = np.nonzero(grid)
    sh, sw = grid.shape
    if xs.size < 200 or (xs.max() - xs.min()) < sw * 0.2 or (ys.max() - ys.min()) < sh * 0.2:
        raise PhotoError(_(NO_GRID), code="no-grid")
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    # Each side: the structure's outermost point along every column (top, bottom) or row (left,
    # right), the middle 70 % of them (the corners are where two sides compete).
    cols = np.arange(int(x0 + 0.15 * (x1 - x0)), int(x1 - 0.15 * (x1 - x0)))
    rows = np.arange(int(y0 + 0.15 * (y1 - y0)), int(y1 - 0.15 * (y1 - y0)))
    top = [(x, np.nonzero(grid[:, x])[0]) for x in cols]
    left = [(y, np.nonzero(grid[y, :])[0]) for y in rows]
    tx = np.array([x for x, found in top if found.size])
    top_y = np.array([found.min() for _, found in top if found.size])
    bottom_y = np.array([found.max() for _, found in top if found.size])
    ly = np.array([y for y, found in left if found.size])
    left_x = np.array([found.min() for _, found in left if found.size])
    right_x = np.array([found.max() for _, found in left if found.size])
    if tx.size < 10 or ly.size < 10:
        raise PhotoError(_(NO_GRID), code="no-grid")
    t, b = _fit(tx, top_y), _fit(tx, bottom_y)  # y = a x + b
    lft, rgt = _fit(ly, left_x), _fit(ly, right_x)  # x = a y + b

    def meet(horizontal: tuple[float, float], vertical: tuple[float, float]) -> tuple[float, float]:
        a, b = horizontal
        c, d = vertical
        y = (a * d + b) / (1 - a * c)
        return (c * y + d, y)

    corners = np.array([meet(t, lft), meet(t, rgt), meet(b, rgt), meet(b, lft)], dtype=np.float64)
    return corners / scale
