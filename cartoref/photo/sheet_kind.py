"""Whether a sheet is coloured in or drawn with pencil symbols: the two are read differently
(``spaces``). A sheet coloured in is read by its colours, its pencil marks no terrain's, and its
empty spaces judged by their colour too; a sheet of pencil symbols by the symbols' likeness to
the spaces a person labelled.

A sheet is coloured in when some of its spaces show ink of colour (``colours.COLOURED`` of
them, ``colours.LEARN_FROM`` spaces at least), at least as many as hold grey pencil symbols,
and those colours are not what a light or a glare gives a sheet of pencil symbols: one pale hue
over the whole sheet (a lamp's cast, ``colours.the_lights_tint``), or the ring of tint around a
glare (its halo, ``doubt.beside_glare``). A printed ruins space is left out (its print is
tinted), and so is a space whose tint is clearly a colour's from the grey ones
(``TINT_COLOURED``): it holds no grey pencil symbol, whatever its strokes (a small photo's
hatching, its colour lost to the paper near it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..grid import Cell
from . import colours

TINT_COLOURED = 10.0  # a space's tint this far from the paper (a*-b*) is a colour's, not a grey's


class SheetKind(NamedTuple):
    """What the sheet's colours say of it."""

    coloured_in: bool
    #: The inks of colour counted (not the ruins', nor a glare's halo's): among pencil symbols,
    #: colours all of one hue are the light's (``colours.one_hue``).
    inked: list[colours.Ink]


def sheet_kind(paints: list[list[colours.Ink]], plain: Sequence[Cell], drawn: Sequence[Cell],
               halo: np.ndarray) -> SheetKind:
    """Whether the sheet is coloured in, from each space's ink of colour (``paints``), its
    spaces that are no printed ruins (``plain``), those holding a drawing in grey ink
    (``drawn``) and those beside a glare (``halo``, from ``doubt.beside_glare``)."""
    grey = [cell for cell in drawn if colours.tint(paints[cell.row][cell.col]).chroma < TINT_COLOURED]
    # Not a glare's halo, whose tint (a cool lamp's blue, 19-28 from the paper) ringed the
    # glare on a sheet of pencil symbols, taken for one coloured in: under 24 pixels a space
    # its faint furrows in a shadow were then said empty (fresh 11725 at 480 x 640).
    inked = [paints[cell.row][cell.col] for cell in plain
             if paints[cell.row][cell.col].share >= colours.COLOURED and not halo[cell.row, cell.col]]
    # Nor one or two spaces of colour with nothing else drawn: a thumb, a coin, a stray mark
    # (the second generator's 11648 at 640 x 480: one, on a sheet of faint pencil symbols too
    # small to show, whose empty spaces were then judged as a sheet coloured in shows them).
    coloured_in = len(inked) >= max(colours.LEARN_FROM, len(grey)) and not colours.the_lights_tint(inked)
    return SheetKind(coloured_in, inked)
