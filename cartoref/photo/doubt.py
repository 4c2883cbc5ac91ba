"""What a person must decide: the last look at a reading before it is given, which can only turn
a space into ``?``, never read it otherwise. The ways a reader may lie that these catch:

- **glare**: where the light blew the paper out (every channel at its top), what was drawn is
  gone; a space with more than ``GLARE`` of it so is ``?``; and a space read by its colour
  beside one mostly so (``GLARE_NEAR``) whose colour is pale (under ``TINT``): the halo
  mixes the light into it (the second generator's 11388: two villages beside a glare read as
  monsters, its tint read as water on empty paper). (Every space beside a glare was ``?``
  once: on 120 phone photos that cost 299 right spaces, most of them empty or pencil symbols,
  which the halo does not turn; and every colour beside one, 126 vivid ones more on 134.)
- **a colour the photo clipped**: where one channel is at its top and the colour is pale (a
  warm lamp's red on white paper, a glare's halo), the colour is unknown, and taking the cast
  out turns it (paper with its red held at the top turns blue); and a pencil's faint strokes
  are washed out with the paper. A space read as a terrain with more than ``CLIPPED_MOST`` of
  its ink so (of the space, when it has hardly any ink) is ``?`` (pencil symbols on a
  warm-lit sheet, read without labels, were read as waters; a faint wave in a washed-out
  column, as a house);
- **a mark, not a colouring**: colour in the middle of a space with paper all around it (a star,
  a coin, a dot of colour) is not a terrain coloured in, whatever its hue (a hero's yellow star
  read as a farm): such a space is ``?``;
- **a tint, not a pencil**: a space read by its colour, a pale one (less than ``TINT`` from the
  paper, or read by its tint) with no strokes in it (less than ``TINT_STROKES``), shows the
  light's or the paper's tint (a warm lamp's yellow in a shadow) or a thumb over the sheet,
  not a pencil's hatching, which shows its strokes: such a space is ``?``. (A pale colour whose printed lines were
  hidden was ``?`` too, for a thumb: the smoothness alone tells a thumb, and pale hatching
  pressed over the lines lost 153 right spaces on the tuning photos to it, catching no lie.)

Whether a space read empty is paper (strokes on it, a grey patch, a ruins space holding more
than its print, a tint off the light, a photo too small to tell) is ``paper``'s look.
"""

from __future__ import annotations

import numpy as np

from ..grid import SIZE, Cell, SheetSide
from . import paper
from .appearance import marked_colour
from .channels import dimmest
from .colours import COLOURED, Ink, shows_colour
from .paper import RING, per_space, zones

BLOWN = 250  # a pixel at least this bright in every channel is blown out by glare
GLARE = 0.02  # a space with more of it blown out than this is "?"
GLARE_NEAR = 0.25  # a space read by its colour beside one with more than this blown out is "?"
CLIPPED_MOST = 0.5  # a terrain read where more of the space's ink than this is clipped pale is "?"
CLIPPED_NEAR = 0.25  # and beside a glare, more than this (its halo's light reached the ink)
TINT = 25.0  # a colour paler than this (a*-b* from the paper) must show strokes to be a pencil's
TINT_STROKES = 0.08  # strokes this strong at least (a hatching's are twice that)
MARK_RING, MARK_CENTRE = 0.15, 0.5  # colour on less of the ring than this and more of the middle: a mark
MARK_HUE = 30.0  # the ring's colour counts as the middle's within so many degrees of its hue (HSV)


def glare(square: np.ndarray, cell: int) -> np.ndarray:
    """Each space's share of pixels blown out (at least ``BLOWN`` in every channel) (SIZE x SIZE)."""
    blown = (dimmest(square) >= BLOWN).astype(np.float32)
    return per_space(blown, cell, lambda inside: float(inside.mean()))


def beside_glare(blown: np.ndarray) -> np.ndarray:
    """Whether each space is within one space of one more than ``GLARE_NEAR`` blown out (from
    ``glare``): where the glare's halo mixes its light into what the space shows (SIZE x SIZE)."""
    import cv2

    return cv2.dilate((blown > GLARE_NEAR).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0


def marks(square: np.ndarray, cell: int) -> np.ndarray:
    """Whether each space's colour is a mark in its middle (more than ``MARK_CENTRE`` of the
    middle coloured, less than ``MARK_RING`` of its ring in the middle's colour (within
    ``MARK_HUE`` of its hue) on two of its four sides at least: a colouring reaches all four in
    its own colour, and the grid found may be a few pixels off, so that one side's ring shows
    the next space, and on a curled sheet two sides do, each in its own colour: a yellow star
    with a village's orange above it and a forest's green below, photo 11387 of the second
    generator), not a colouring (SIZE x SIZE, bool)."""
    coloured, hue = marked_colour(square.astype(np.float32))
    yy, xx, middle, ring = zones(cell)
    sides = [ring & (yy < -RING[0]), ring & (yy > RING[0]), ring & (xx < -RING[0]), ring & (xx > RING[0])]
    out = np.zeros((SIZE, SIZE), dtype=bool)
    for r in range(SIZE):
        for c in range(SIZE):
            where = (slice(r * cell, (r + 1) * cell), slice(c * cell, (c + 1) * cell))
            space = coloured[where]
            if space[middle].mean() <= MARK_CENTRE:
                continue
            hues = hue[where]
            centre = float(np.median(hues[middle & space]))
            alike = space & (np.abs((hues - centre + 180) % 360 - 180) <= MARK_HUE)
            out[r, c] = sum(alike[side].mean() < MARK_RING for side in sides) >= 2
    return out


def doubtful(symbols: list[list[str]], square: np.ndarray, side: SheetSide, cell: int,
             paints: list[list[Ink]] | None = None, source_px: float | None = None, coloured: bool = False,
             named: frozenset[Cell] | set[Cell] = frozenset()) -> set[Cell]:
    """The spaces of a reading (map-file symbols, ``?`` where undecided) that a person must
    decide: under glare, a colour the photo clipped, a mark of colour read as a colouring, a
    tint read as a colour (with ``paints``, each space's ink of colour), and those read empty
    that may not be paper (``paper.not_paper``, told the photo's pixels across a space,
    ``source_px``, whether the sheet is ``coloured`` in and the spaces a person ``named``)."""
    printed = side.mountains | side.wastelands
    open_cells = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if not printed & Cell(r, c).bit]
    blown = glare(square, cell)
    halo = beside_glare(blown)
    out = {cell_ for cell_ in open_cells if blown[cell_.row, cell_.col] > GLARE}
    if paints is not None:
        # A colour, or pencil strokes, where the photo washed the paper out: neither is the sheet's.
        out |= {cell_ for cell_ in open_cells if paints[cell_.row][cell_.col].lost > CLIPPED_MOST
                and symbols[cell_.row][cell_.col].upper() in "FVPWMH"}
        # Beside a glare, its halo mixes the light into a colour: a pale one (its ink paler than
        # ``TINT``, or too little of it, read by its tint) may be the halo's own; a vivid ink
        # is a pencil's (beside the second generator's glares, the halo's tint read as water on
        # empty paper and turned a village purple at 13-18 from the paper; 126 colourings
        # beside them, 25 and more, were all read right).
        out |= {cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col].upper() in "FVPWMH"
                and shows_colour(paints[cell_.row][cell_.col])
                and (paints[cell_.row][cell_.col].share < COLOURED or paints[cell_.row][cell_.col].chroma < TINT
                     or paints[cell_.row][cell_.col].lost > CLIPPED_NEAR)
                and halo[cell_.row, cell_.col]}
    marked = marks(square, cell)
    out |= {cell_ for cell_ in open_cells if marked[cell_.row, cell_.col] and symbols[cell_.row][cell_.col] != "?"}
    dark = paper.darkness(square, cell)
    out |= paper.not_paper(symbols, square, side, cell, paints, source_px, coloured, named, dark)
    if paints is not None:
        # Read by its colour (a pencil symbol, read by its likeness, is grey whatever it is).
        # A space of a sheet coloured in read with less ink than a colouring was read by its
        # tint (``colours.tinted``), paler than any ink: it must show strokes too.
        pale = {cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col].upper() in "FVPWMH"
                and (paints[cell_.row][cell_.col].chroma < TINT if paints[cell_.row][cell_.col].share >= COLOURED
                     else coloured)}
        drawn = paper.strokes(square, cell, dark=dark)
        out |= {cell_ for cell_ in pale if drawn[cell_.row, cell_.col] < TINT_STROKES}
    return out
