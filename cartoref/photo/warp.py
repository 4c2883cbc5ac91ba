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


def warp(rgb: np.ndarray, corners: np.ndarray, cell: int = CELL, lines: np.ndarray | None = None) -> np.ndarray:
    """The square picture of the map (11 spaces of ``cell`` pixels a side) from a photo and its
    map's corners (top-left, top-right, bottom-right, bottom-left). ``lines``: where the printed
    lines' crossings lie in the square the corners alone make (``snap.crossings``, in pixels of
    ``CELL``): each space is then taken from between its own lines."""
    from PIL import Image

    side = SIZE * cell
    square = np.array([(0, 0), (side, 0), (side, side), (0, side)], dtype=np.float64)
    quad = np.asarray(corners, dtype=np.float64)
    if lines is not None:
        return _warp_along(rgb, homography(square, quad), lines * (cell / CELL), side)
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


def _warp_along(rgb: np.ndarray, to_photo: np.ndarray, lines: np.ndarray, side: int) -> np.ndarray:
    """The square as ``warp`` makes it, each pixel taken from where its space's own lines put it
    (``shifts``), in one resampling of the photo (OpenCV's remap, Pillow's pixel centres)."""
    import cv2

    a, b, c, d, e, f, g, h = to_photo
    moved = shifts(lines, side)
    centres = np.arange(side, dtype=np.float64) + 0.5
    x = centres[None, :] + moved[..., 0]
    y = centres[:, None] + moved[..., 1]
    w = g * x + h * y + 1
    map_x = ((a * x + b * y + c) / w - 0.5).astype(np.float32)
    map_y = ((d * x + e * y + f) / w - 0.5).astype(np.float32)
    return cv2.remap(np.ascontiguousarray(rgb), map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                     borderValue=0)


def shifts(found: np.ndarray, side: int) -> np.ndarray:
    """Each pixel of a square ``side`` pixels a side: how far (x, y) from it its picture is to be
    taken so that each crossing (``found``, from ``crossings``) lands on its regular place,
    bilinear between the crossings (side x side x 2)."""
    cell = side // SIZE
    at = (np.arange(side, dtype=np.float32) + 0.5) / cell  # each pixel's centre, in spaces
    k0 = np.clip(np.floor(at).astype(int), 0, SIZE - 1)
    t = (at - k0)[:, None, None]
    # Between the rows of crossings first (side x 12), then between their columns: bilinear in
    # two steps, a fifth of the time of the four corners weighed at every pixel.
    down = (1 - t) * found[k0] + t * found[k0 + 1]
    s = (at - k0)[None, :, None]
    return ((1 - s) * down[:, k0] + s * down[:, k0 + 1]).astype(np.float32)


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
