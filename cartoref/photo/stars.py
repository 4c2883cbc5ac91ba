"""Heroes drawn as stars on a sheet coloured in.

On a Heroes sheet whose terrains are coloured in, a hero is often drawn as a small figure rather
than a colouring: a gold or orange star, outlined in pencil, in the middle of its space, the
paper bare around it. ``doubt.marks`` leaves such a mark to a person (a mark of colour is not a
colouring); this tells the heroes among them. A star is one blob of the heroes' colour
(``HUE``, as HSV measures it), covering ``AREA`` of its space, clear of the space's sides
(``SIDES``), with hardly any other colour in the space (``ALONE``), and outlined: ``OUTLINE`` of the
pixels just around it at least are dark. A farm hatched lightly in the middle of its space is
yellow too, but neither outlined nor alone (the second generator's 11425 I8: outline 0.02,
other colour 0.12 of the space).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..grid import Cell
from .appearance import marked_colour

HUE = (25.0, 65.0)  # the heroes' gold to orange (HSV degrees)
AREA = (0.12, 0.34)  # of the space, the star's blob
OUTLINE = 0.1  # of the pixels within two of the blob, dark at least (a pencil's outline)
DARK = 0.75  # darker than this share of the space's paper is dark
SIDES = 0.05  # of the space, along each side, the star stays clear of
ALONE = 0.06  # of the space, coloured outside the star at most


def stars(square: np.ndarray, cell: int, cells: Iterable[Cell]) -> set[Cell]:
    """Those of ``cells`` (spaces of the square picture, ``cell`` pixels a side) whose drawing is
    a hero's star."""
    return {space for space in cells
            if _is_star(square[space.row * cell:(space.row + 1) * cell, space.col * cell:(space.col + 1) * cell])}


def _is_star(space: np.ndarray) -> bool:
    import cv2

    rgb = space.astype(np.float32)
    seen, hue = marked_colour(rgb)
    coloured = seen.astype(np.uint8)
    count, labels, stats, _centres = cv2.connectedComponentsWithStats(coloured, connectivity=8)
    if count <= 1:
        return False
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, size = (int(v) for v in stats[biggest])
    n = space.shape[0]
    blob = labels == biggest
    edge = SIDES * n
    if not AREA[0] <= size / n ** 2 <= AREA[1] or min(x, y) < edge or max(x + w, y + h) > n - edge:
        return False
    if (int(coloured.sum()) - size) / n ** 2 > ALONE:
        return False
    if not HUE[0] <= float(np.median(hue[blob])) <= HUE[1]:
        return False
    around = (cv2.dilate(blob.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0) & ~blob
    grey = rgb.mean(axis=2)
    paper = float(np.percentile(grey, 90))
    return float((grey[around] < paper * DARK).mean()) >= OUTLINE
