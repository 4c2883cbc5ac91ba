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
    quad = np.asarray(corners, dtype=np.float64)
    # Only the part of the photo the square is taken from goes to Pillow (which copies what it
    # is given: a whole 12 MP photo took longer than the warp).
    h, w = rgb.shape[:2]
    x0, y0 = (max(0, int(np.floor(v)) - 2) for v in quad.min(axis=0))
    x0, y0 = min(x0, w - 1), min(y0, h - 1)  # corners beyond the photo: its last pixels, the rest black
    x1, y1 = (int(np.ceil(v)) + 3 for v in quad.max(axis=0))
    x1, y1 = min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
    coeffs = homography(square, quad - (x0, y0))  # square -> photo, as PIL asks
    out = Image.fromarray(np.ascontiguousarray(rgb[y0:y1, x0:x1])).transform(
        (side, side), Image.Transform.PERSPECTIVE, tuple(coeffs), Image.Resampling.BILINEAR)
    return np.asarray(out)


def grey_square(rgb: np.ndarray, corners: np.ndarray, side: int, fine: int = 1) -> np.ndarray:
    """The square these corners frame, ``side`` pixels a side, in grey levels (the mean of the
    three colours), each pixel the mean of ``fine`` x ``fine`` samples: what the grid's proof
    looks at. OpenCV's warp (a fraction of Pillow's time on a large photo, which Pillow copies
    first) with Pillow's pixel centres (OpenCV puts them on whole coordinates, Pillow half a
    pixel in)."""
    import cv2

    big = side * fine
    square = np.array([(0, 0), (big, 0), (big, big), (0, big)], dtype=np.float64)
    to_photo = np.append(homography(square, np.asarray(corners, dtype=np.float64)), 1.0).reshape(3, 3)
    centres = np.array([[1.0, 0.0, 0.5], [0.0, 1.0, 0.5], [0.0, 0.0, 1.0]])
    shift_back = np.array([[1.0, 0.0, -0.5], [0.0, 1.0, -0.5], [0.0, 0.0, 1.0]])
    sampled = cv2.warpPerspective(rgb, shift_back @ to_photo @ centres, (big, big),
                                  flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
    # The three colours added (exact in float32), each block's mean (OpenCV's area resize by a
    # whole factor), then a third: numpy's own sums over these axes took 20 ms a square.
    colours = sampled[..., 0].astype(np.float32) + sampled[..., 1] + sampled[..., 2]
    if fine > 1:
        colours = cv2.resize(colours, (side, side), interpolation=cv2.INTER_AREA)
    return colours / np.float32(3)


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
