"""A curled sheet's printed lines found where they bend, on small hand-made squares: each space
is then read from between its own lines (``photo.snap``)."""

from __future__ import annotations

import numpy as np
from test_photo_doubt import CELL

from cartoref.grid import SIZE
from cartoref.photo import snap

PAPER, LINE = 235, 90


def bent_square(bend: float, mountain: bool = False) -> np.ndarray:
    """A square of paper whose printed lines bow down by up to ``bend`` pixels in its middle (a
    sheet bulging towards the phone), 2 pixels wide; ``mountain``: a dark space printed at D4,
    whose edges are steps, not lines."""
    side = SIZE * CELL
    img = np.full((side, side, 3), PAPER, dtype=np.float64)
    x = np.arange(side)
    for k in range(SIZE + 1):
        y = k * CELL + bend * np.sin(np.pi * x / side) * np.sin(np.pi * min(k, SIZE - 0.5) / SIZE)
        for dy in (-1, 0):
            rows = np.clip(np.round(y).astype(int) + dy, 0, side - 1)
            img[rows, x] = LINE
        img[:, np.clip(k * CELL + np.array([-1, 0]), 0, side - 1)] = LINE
    if mountain:
        img[3 * CELL + 4:4 * CELL - 4, 3 * CELL + 4:4 * CELL - 4] = 70
    return img.astype(np.uint8)


def expected(bend: float) -> np.ndarray:
    """Where bent_square puts each crossing, down from its regular place."""
    k = np.arange(SIZE + 1)[:, None]
    x = np.arange(SIZE + 1)[None, :] * CELL
    return bend * np.sin(np.pi * np.minimum(x, SIZE * CELL - 1) / (SIZE * CELL)) * np.sin(np.pi * np.minimum(k, SIZE - 0.5) / SIZE)


def test_a_flat_sheets_lines_are_where_the_perspective_puts_them():
    found = snap.crossings(bent_square(0.0))
    assert np.abs(found).max() <= 1.0


def test_a_bulging_sheets_lines_are_found_where_they_bend():
    found = snap.crossings(bent_square(6.0))
    inner = (slice(1, SIZE), slice(1, SIZE))  # the frame lies at the square's edge, half outside
    assert np.abs(found[..., 1][inner] - expected(6.0)[inner]).max() <= 1.5
    assert found[5, 5, 1] >= 4.5  # the middle bows down by 6 pixels: found within 1.5
    assert np.abs(found[..., 0]).max() <= 1.0  # the upright lines are straight


def test_a_printed_mountains_edge_is_no_line():
    found = snap.crossings(bent_square(0.0, mountain=True))
    assert np.abs(found).max() <= 1.0


def test_each_space_is_taken_from_between_its_own_lines():
    # The bulging square as a photo whose corners are its own: seen along the lines found, each
    # horizontal printed line lies on its regular row again, and no space's inside (3 pixels in
    # from its lines) shows a line; seen by the corners alone, the middle spaces' tops do.
    from cartoref.photo.warp import warp

    photo = bent_square(6.0)
    side = SIZE * CELL
    corners = np.array([(0, 0), (side, 0), (side, side), (0, side)], dtype=np.float64)
    found = snap.crossings(warp(photo, corners))

    def line_inside(square: np.ndarray) -> bool:
        grey = square.mean(axis=2)
        for r in range(1, SIZE - 1):
            for c in range(1, SIZE - 1):
                inside = grey[r * CELL + 3:(r + 1) * CELL - 3, c * CELL + 3:(c + 1) * CELL - 3]
                if (inside < (PAPER + LINE) / 2).mean(axis=1).max() > 0.5:
                    return True
        return False

    assert line_inside(warp(photo, corners))
    along = warp(photo, corners, lines=found)
    assert not line_inside(along)
    middle = along[:, 5 * CELL + CELL // 2].mean(axis=1)
    assert all(middle[k * CELL - 2:k * CELL + 2].min() < (PAPER + LINE) / 2 for k in range(1, SIZE))


def _photo_of_a_flat_sheet(px: int = 26, margin: int = 60) -> tuple[np.ndarray, np.ndarray]:
    """A small photo of a flat sheet seen from straight above: paper with the map's printed
    lines, ``px`` pixels a space, the map ``margin`` pixels from the photo's edges; and its true
    corners."""
    side = SIZE * px
    img = np.full((side + 2 * margin, side + 2 * margin, 3), PAPER, dtype=np.uint8)
    for k in range(SIZE + 1):
        at = margin + k * px
        img[at - 1:at + 1, margin - 1:margin + side + 1] = LINE
        img[margin - 1:margin + side + 1, at - 1:at + 1] = LINE
    corners = np.array([(margin, margin), (margin + side, margin), (margin + side, margin + side),
                        (margin, margin + side)], dtype=np.float64)
    return img, corners


def test_corners_a_quarter_space_off_are_moved_where_the_printed_lines_put_them():
    # A grid found on a small photo (26 px a space) whose bottom-right corner sits 6.5 pixels,
    # a quarter of a space, off (the second generator's 11364 at 24 px a space: 6.4). The
    # printed lines across the whole map tell the perspective: the corners go back within a
    # pixel and a half. Corners right, or off by a pixel, stay as they are.
    from cartoref.photo.light import balanced_square
    from cartoref.photo.warp import CELL as SQUARE_CELL

    img, truth = _photo_of_a_flat_sheet()
    off = truth.copy()
    off[2] += (6.5, 4.0)
    moved = snap.refitted(off, snap.seen_crossings(balanced_square(img, off)), SQUARE_CELL)
    assert moved is not None
    assert np.abs(moved - truth).max() < 1.5
    for corners in (truth, truth + (1.0, 0.0)):
        assert snap.refitted(corners, snap.seen_crossings(balanced_square(img, corners)), SQUARE_CELL) is None
