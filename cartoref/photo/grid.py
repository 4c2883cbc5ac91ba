"""Finding the printed map in a photo: its frame and lines are the largest connected structure
of dark, unsaturated ink on the sheet; its four sides are straight lines (a flat sheet seen at an
angle), fitted to that structure's outermost points; the corners are where they meet."""

from __future__ import annotations

import numpy as np

from ..errors import CartorefError
from ..i18n import _

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
    top = img.max(axis=2)
    sat = (top - img.min(axis=2)) / np.maximum(top, 1)
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
    """The largest 8-connected region of a mask (a breadth-first walk over its pixels)."""
    from collections import deque

    h, w = mask.shape
    flat = mask.ravel()
    seen = np.zeros(h * w, dtype=bool)
    best: list[int] = []
    steps = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
    for start in np.flatnonzero(flat):
        if seen[start]:
            continue
        seen[start] = True
        region = [int(start)]
        queue = deque(region)
        while queue:
            i = queue.popleft()
            x = i % w
            for step in steps:
                j = i + step
                if 0 <= j < h * w and flat[j] and not seen[j] and abs(j % w - x) <= 1:
                    seen[j] = True
                    region.append(j)
                    queue.append(j)
        if len(region) > len(best):
            best = region
    out = np.zeros(h * w, dtype=bool)
    out[best] = True
    return out.reshape(h, w)


def _fit(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
    """y = a x + b, least squares after dropping the points furthest from a first fit."""
    a, b = np.polyfit(xs, ys, 1)
    err = np.abs(ys - (a * xs + b))
    keep = err <= np.percentile(err, 80)
    if keep.sum() >= 2:
        a, b = np.polyfit(xs[keep], ys[keep], 1)
    return float(a), float(b)


def find_grid(rgb: np.ndarray) -> np.ndarray:
    """The printed map's corners in the photo: top-left, top-right, bottom-right, bottom-left, as
    (x, y) pixels; PhotoError when no map is found."""
    h, w = rgb.shape[:2]
    scale = WORK / max(h, w)
    from PIL import Image

    small = np.asarray(Image.fromarray(rgb).resize((max(1, int(w * scale)), max(1, int(h * scale))),
                                                   Image.Resampling.BILINEAR))
    grid = largest_component(dilate(ink_mask(small)))
    ys, xs = np.nonzero(grid)
    sh, sw = grid.shape
    if xs.size < 200 or (xs.max() - xs.min()) < sw * 0.2 or (ys.max() - ys.min()) < sh * 0.2:
        raise PhotoError(_("no map sheet's grid found in the photo: give its four corners"), code="no-grid")
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
        raise PhotoError(_("no map sheet's grid found in the photo: give its four corners"), code="no-grid")
    t, b = _fit(tx, top_y), _fit(tx, bottom_y)  # y = a x + b
    lft, rgt = _fit(ly, left_x), _fit(ly, right_x)  # x = a y + b

    def meet(horizontal: tuple[float, float], vertical: tuple[float, float]) -> tuple[float, float]:
        a, b = horizontal
        c, d = vertical
        y = (a * d + b) / (1 - a * c)
        return (c * y + d, y)

    corners = np.array([meet(t, lft), meet(t, rgt), meet(b, rgt), meet(b, lft)], dtype=np.float64)
    return corners / scale
