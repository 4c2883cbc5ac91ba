"""Reading a photographed map sheet: pure functions over arrays (numpy, Pillow), each tested on
photos the tests make.

- ``find_grid(image) -> corners``: the printed map's four corners, found by its frame and lines;
- ``warp(image, corners) -> square``: the map seen from straight above, every space in its place;
- ``read_spaces(square, side, labels) -> Reading``: each space's symbol and how sure it is; a
  doubtful space is ``?`` (never a guess);
- ``read_map(image, corners, side, labels) -> Reading``: the three together on a photo, its
  light taken from the sheet (``light``).

No file, no command: ``cartoref.table.photos`` opens the photo and writes the map file.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..grid import SheetSide
from .grid import find_grid
from .spaces import Reading, read_spaces
from .warp import warp

__all__ = ["Reading", "find_grid", "read_map", "read_spaces", "warp"]


def read_map(rgb: np.ndarray, corners: np.ndarray, side: SheetSide, labels: Mapping[str, str] | None = None,
             heroes: bool | None = None) -> Reading:
    """The spaces of the map these corners frame in a photo: seen from above with the photo's
    cast taken out (``light.balanced_square``), each space from between its own printed lines
    (``snap``) when the photo shows them clearly, read knowing how many of the photo's pixels a
    space spans and where the photo clipped a colour (``light.clipped``)."""
    from .light import balanced_square, clipped
    from .paper import FINE_PX, SMALL_LEAST
    from .snap import bent, refitted, seen_crossings
    from .warp import CELL, space_px

    square = balanced_square(rgb, corners)
    seen = seen_crossings(square)
    # Corners a little off (a grid found on a small photo whose frame runs off its edge, a
    # person's click) are moved where the printed lines put them; not under SMALL_LEAST pixels
    # a space, where the printed lines are a pixel's faint dashes: of 124 readings of 640 x 480
    # photos, those seen there moved 9 corners that were right, or nearly, a tenth of a space
    # or more (a furrow on the map's edge read empty), and 1 nearer.
    moved = refitted(corners, seen, CELL) if space_px(corners) >= SMALL_LEAST else None
    if moved is not None:
        corners = moved
        square = balanced_square(rgb, corners)
        seen = seen_crossings(square)
    found = bent(seen, CELL)
    lines = None
    if space_px(corners) >= FINE_PX and np.any(found):
        # Each space taken from between its own printed lines (a curled sheet bends them).
        lines = found
        square = balanced_square(rgb, corners, lines)
    return read_spaces(square, side, labels, heroes=heroes, source_px=space_px(corners),
                       clipped=clipped(rgb, corners, lines))
