"""The map seen from straight above: the photo's four map corners sent to a square's corners
(a perspective transform, so every space lands on its own square)."""

from __future__ import annotations

import numpy as np

from ..grid import SIZE

CELL = 48  # pixels per space in the square


def homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The eight coefficients (a..h) mapping each point of ``src`` onto ``dst``:
    u = (a x + b y + c) / (g x + h y + 1), v = (d x + e y + f) / (g x + h y + 1)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64))


def warp(rgb: np.ndarray, corners: np.ndarray, cell: int = CELL) -> np.ndarray:
    """The square picture of the map (11 spaces of ``cell`` pixels a side) from a photo and its
    map's corners (top-left, top-right, bottom-right, bottom-left)."""
    from PIL import Image

    side = SIZE * cell
    square = np.array([(0, 0), (side, 0), (side, side), (0, side)], dtype=np.float64)
    coeffs = homography(square, np.asarray(corners, dtype=np.float64))  # square -> photo, as PIL asks
    out = Image.fromarray(rgb).transform((side, side), Image.Transform.PERSPECTIVE, tuple(coeffs),
                                         Image.Resampling.BILINEAR)
    return np.asarray(out)


def on_photo(corners: np.ndarray, points: list[tuple[float, float]]) -> np.ndarray:
    """Points given in spaces on the map's square ((0, 0) its top-left corner, (11, 11) its
    bottom-right; beyond it too) as pixels of the photo, by the perspective the corners make."""
    side = float(SIZE)
    square = np.array([(0, 0), (side, 0), (side, side), (0, side)], dtype=np.float64)
    a, b, c, d, e, f, g, h = homography(square, np.asarray(corners, dtype=np.float64))
    return np.array([((a * x + b * y + c) / (g * x + h * y + 1), (d * x + e * y + f) / (g * x + h * y + 1))
                     for x, y in points])


def space_px(corners: np.ndarray) -> float:
    """How many of the photo's pixels a space spans: the map's four sides, on average, over 11."""
    c = np.asarray(corners, dtype=np.float64)
    return float(np.mean([np.hypot(*(c[(i + 1) % 4] - c[i])) for i in range(4)])) / SIZE
