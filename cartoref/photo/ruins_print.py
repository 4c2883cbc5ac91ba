"""The printed ruins taken out of the ruins spaces' ink, so a symbol drawn over the print is
compared as the hand drew it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..grid import Cell
from .appearance import DRAWN, EMPTY, GREY, Look

PRINT_MOST, PRINT_FOUND = 0.035, 0.6  # the printed ruins alone: less ink than this, found this well elsewhere
PRINT_MARGIN = 2  # pixels around the printed ruins not read


class Ruins(NamedTuple):
    """The open spaces' ink and strokes with the printed ruins taken out of the ruins spaces, and
    whether it was."""

    pictures: dict[Cell, np.ndarray]
    strokes: dict[Cell, np.ndarray]
    taken_out: bool


def without_ruins(looks: list[list[Look]], cells: list[Cell], ruins: int, area: float) -> Ruins:
    """Each open space's ink and strokes, the printed ruins taken out of a ruins space. The
    ruins space with the least ink shows the print alone when it is not drawn on (less ink than
    a symbol; or, in a darker photo, little ink found in most of the other ruins spaces too,
    where it is), and that print, grown by a pixel, is taken out of each ruins space where it
    fits best (within 3 pixels: the photo's alignment is not exact)."""
    pictures = {cell: looks[cell.row][cell.col].picture for cell in cells}
    strokes = {cell: looks[cell.row][cell.col].stroke_picture for cell in cells}
    on_ruins = [cell for cell in cells if ruins & cell.bit]
    if not on_ruins or len({pictures[cell].shape for cell in on_ruins}) != 1:
        return Ruins(pictures, strokes, False)
    # A coloured ruins space shows little grey ink, and no print: the print is looked for in
    # the others.
    grey = [cell for cell in on_ruins if looks[cell.row][cell.col].coloured < GREY]
    if not grey:
        return Ruins(pictures, strokes, False)
    least = min(grey, key=lambda cell: float(pictures[cell].sum()))
    printed = pictures[least]
    if float(printed.sum()) / area < EMPTY / 2:
        return Ruins(pictures, strokes, False)  # no print seen: nothing to take out
    around = (strokes[least] > 0.1) | (printed > 0.1)
    if float(printed.sum()) / area >= DRAWN:
        found = sorted(_covered(printed, pictures[cell]) for cell in on_ruins if cell != least)
        if float(printed.sum()) / area >= PRINT_MOST or not found or found[len(found) // 2] < PRINT_FOUND:
            # Every ruins space drawn on: the print is the ink they all have in common.
            common = _common(pictures, grey)
            if common is None or not EMPTY / 2 <= float(common.sum()) / area < PRINT_MOST:
                return Ruins(pictures, strokes, False)
            printed = common
            around = printed > 0.1
    grown = _grow(np.where(printed > 0.2, printed, 0))
    # Where the print is, with a margin (its edges, fainter or cut in another space, are not
    # left behind as a stroke): nothing there is read.
    for _ in range(PRINT_MARGIN):
        around = _grow(around.astype(np.float32)) > 0
    shifts = [(dy, dx) for dy in range(-3, 4) for dx in range(-3, 4)]
    for cell in on_ruins:
        shift = min(shifts, key=lambda d: float(np.clip(pictures[cell] - np.roll(grown, d, axis=(0, 1)), 0, 1).sum()))
        there = np.roll(around, shift, axis=(0, 1))
        pictures[cell] = np.where(there, 0, pictures[cell]).astype(np.float32)
        strokes[cell] = np.where(there, 0, strokes[cell]).astype(np.float32)
    return Ruins(pictures, strokes, True)


def _common(pictures: Mapping[Cell, np.ndarray], cells: list[Cell]) -> np.ndarray | None:
    """The ink that the ruins spaces ``cells`` all have (each laid where it fits best, within 2
    pixels): the print alone when at least three of them hold different symbols; ``None`` with
    fewer than three."""
    if len(cells) < 3:
        return None
    ordered = sorted(cells, key=lambda cell: float(pictures[cell].sum()))
    common = pictures[ordered[0]]
    for cell in ordered[1:]:
        common = max((np.minimum(common, np.roll(pictures[cell], (dy, dx), axis=(0, 1)))
                      for dy in range(-2, 3) for dx in range(-2, 3)), key=lambda a: float(a.sum()))
    return common.astype(np.float32)


def _covered(printed: np.ndarray, other: np.ndarray) -> float:
    """How much of ``printed``'s ink ``other`` holds where it is (within 3 pixels)."""
    total = max(float(printed.sum()), 1e-6)
    grown = _grow(other)
    return max(float(np.minimum(printed, np.roll(grown, (dy, dx), axis=(0, 1))).sum()) / total
               for dy in range(-3, 4) for dx in range(-3, 4))


def _grow(picture: np.ndarray) -> np.ndarray:
    """Each pixel the most ink of its 3 x 3 neighbours."""
    p = np.pad(picture, 1)
    h, w = picture.shape
    return np.max([p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)], axis=0)
