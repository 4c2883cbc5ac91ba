"""The printed ruins taken out of the ruins spaces' ink, so a symbol drawn over the print is
compared as the hand drew it; and the ruins spaces that show the print alone (``print_alone``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import NamedTuple

import numpy as np

from ..grid import Cell
from .appearance import DRAWN, EMPTY, GREY, Look
from .paper import darkness

PRINT_MOST, PRINT_FOUND = 0.035, 0.6  # the printed ruins alone: less ink than this, found this well elsewhere
PRINT_MARGIN = 2  # pixels around the printed ruins not read
# Two ruins spaces that show the print alone: their colours differ (by more than ``UNLIKE``
# in L*a*b*, their lightness matched) on less than ``SAME_COLOUR`` of them, and either's
# strokes are missing from the other on less than ``SAME_STROKES`` of them; and each shows
# the print's own strokes on ``PRINT_DETAIL`` of it at least (a flat colour shows none). A
# stroke's pixel is ``PRINT_STROKE`` darker than the paper near it at least (``paper.darkness``):
# half what a space read empty must not show, so that a light hand's furrows beside a small
# printed ruins are strokes the print lacks (the second generator's 11377).
UNLIKE, SAME_COLOUR, SAME_STROKES, PRINT_DETAIL, PRINT_STROKE = 10.0, 0.15, 0.01, 0.01, 0.05
# On a sheet coloured in, strokes may be missing on ``SAME_STROKES_COLOURED`` of them: what is
# drawn over a print there is a colouring or a star, which its colour tells, or an X, whose
# strokes cover about a tenth of a space; a sensor's grain on a dim, blurred photo leaves 1-2 %
# of a print's strokes unmatched (the second generator's 11006, each empty ruins ``?``).
SAME_STROKES_COLOURED = 0.03
ALONE_LEAST = 3  # spaces alike at least, to be the print (two pale markers alike are not)
ALONE_MARGIN = 0.12  # of a space, left out on each side when ruins spaces are compared
ALONE_SHIFT = 2  # pixels (of 48 a space) a space may lie off another (the grid is not exact)


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


def print_alone(square: np.ndarray, cell: int, ruins: Iterable[Cell], coloured: bool = False) -> set[Cell]:
    """The ruins spaces among ``ruins`` that show the sheet's print and nothing else: the largest
    group, ``ALONE_LEAST`` at least, of spaces alike (each pair the same colour and the same strokes, laid
    where they fit best within ``ALONE_SHIFT`` pixels), each showing the print's own strokes;
    none when two groups are as large (then the print cannot be told). A print is the same
    on every ruins space, so the empty ones look alike; a hatching's strokes fall anywhere, and
    a symbol drawn over the print adds strokes the others lack. Two spaces alike are not
    enough: a pale marker over the print, twice, shows the print's strokes in the same colour.
    ``coloured``: the sheet is coloured in (``SAME_STROKES_COLOURED``).
    A space's strokes are its pixels darker than the paper near them (``paper.darkness``, by
    ``PRINT_STROKE``, unblurred: a light hand's thin lines, which a blur would take out); its
    colour is seen a little blurred (a sensor's grain is no colour).

    Why: a print tinted all over (a tan square under the ruins drawing, the second generator's
    photos) is a pale colour, which a space read by its colour leaves ``?``: every empty ruins
    space of such a sheet was ``?`` (about 300 on 108 phone photos coloured in, as many among
    pencil symbols)."""
    import cv2

    lab = cv2.cvtColor(cv2.GaussianBlur(square, (0, 0), 0.8 * cell / 48).astype(np.float32) / 255.0, cv2.COLOR_RGB2Lab)
    stroked = darkness(square, cell) > PRINT_STROKE
    # Each stroke a pixel wider, for the leeway ``_alike`` gives the other space's strokes.
    grown = cv2.dilate(stroked.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    m = round(ALONE_MARGIN * cell)
    shift = max(1, round(ALONE_SHIFT * cell / 48))
    most = SAME_STROKES_COLOURED if coloured else SAME_STROKES
    crops = {}
    for space in ruins:
        y, x = space.row * cell + m - shift, space.col * cell + m - shift
        size = cell - 2 * m + 2 * shift
        there = (slice(y, y + size), slice(x, x + size))
        crops[space] = (lab[there], stroked[there], grown[there])
    shown = [space for space, (_lab, strokes, _grown) in crops.items()
             if float(strokes[shift:-shift, shift:-shift].mean()) >= PRINT_DETAIL]
    alike = {frozenset(pair) for pair in itertools.combinations(shown, 2)
             if _alike(crops[pair[0]], crops[pair[1]], shift, most)
             and _alike(crops[pair[1]], crops[pair[0]], shift, most)}
    for size in range(len(shown), ALONE_LEAST - 1, -1):
        groups = [group for group in itertools.combinations(shown, size)
                  if all(frozenset(pair) in alike for pair in itertools.combinations(group, 2))]
        if groups:
            return set(groups[0]) if len(groups) == 1 else set()
    return set()


Crop = tuple[np.ndarray, np.ndarray, np.ndarray]  # a space's colour (L*a*b*), strokes, strokes grown


def _alike(one: Crop, other: Crop, shift: int, most: float = SAME_STROKES) -> bool:
    """Whether ``one``'s middle (its crop without ``shift`` pixels around) is ``other`` laid
    somewhere within ``shift`` pixels: the same colour (``SAME_COLOUR``) and the same strokes
    (either's missing from the other on less than ``most`` of it, a pixel's leeway)."""
    lab, strokes, grown = one
    inner = (slice(shift, -shift), slice(shift, -shift))
    middle, marks = lab[inner], strokes[inner]
    lightness = float(np.median(middle[..., 0]))
    other_lab, other_strokes, other_grown = other
    h, w = marks.shape
    for dy in range(-shift, shift + 1):
        for dx in range(-shift, shift + 1):
            there = (slice(shift + dy, shift + dy + h), slice(shift + dx, shift + dx + w))
            laid = other_lab[there].copy()
            laid[..., 0] *= lightness / max(float(np.median(laid[..., 0])), 1.0)
            unlike = float((np.sqrt(((middle - laid) ** 2).sum(axis=2)) > UNLIKE).mean())
            if unlike >= SAME_COLOUR:
                continue
            missing = max(float((marks & ~other_grown[there]).mean()), float((other_strokes[there] & ~grown[inner]).mean()))
            if missing < most:
                return True
    return False
