"""Whether a space read empty is paper, the part of the last look (``doubt``) that judges the
spaces a reading found nothing in: they can only be turned into ``?``, never read otherwise.

- **paper that is not**: a space read as empty must show no strokes. Its strokes are what is
  darker than its surroundings within a few pixels (a black-hat of its grey picture, against the
  paper there, the square a little blurred first so that a sensor's grain is not a stroke): a
  shadow, a vignette or a light's gradient is smooth and shows none; a pencil line, however
  faint, does. A space read empty whose strokes (their 99th percentile) reach
  more than ``QUIET`` times the sheet's own quiet level (the lower quarter of the spaces read
  empty; ``QUIET_FLOOR`` when fewer than ``QUIET_FROM`` are, or when that lower quarter is
  beyond paper's noise, ``QUIET_MOST``: a sheet drawn full shows too little paper to learn it
  from, and its "empty" spaces may all be faint drawings; a ruins space's print is the reader's to
  take out) is ``?``: a faint drawing, a
  hatching too light to colour, a smudge a person should look at; and so is one whose middle is
  darker than its ring (``PATCH``): a drawing a blur made one grey patch, wider than a stroke,
  shows no stroke. A label's drawing, in grey, under ``FAINT_LABEL`` times what a space read
  empty may show tells that the hand draws as quietly as the paper: no space is said empty
  there. On a sheet coloured in, where
  what is drawn shows by its colour, the quiet level is also the paper's near the space (the
  lower quarter of the spaces read empty within ``QUIET_NEAR`` spaces, ``QUIET_NEAR_FROM`` of
  them at least, at most ``QUIET_MOST``): a shadow's dim paper, whose grain a small photo's
  compression makes coarser, is as quiet as the paper around it (on pencil symbols a field of
  faint furrows would be its own quiet level);
- **a photo too small**: with fewer than ``FINE_PX`` of the photo's pixels across a space, a
  faint pencil line is blurred into paper's noise and the sheet's empty spaces are hardly
  quieter than its faint drawings: on a sheet of pencil symbols, a space read empty there must
  show hardly more strokes than the paper's noise (``SMALL_QUIET`` times its lowest tenth
  among the spaces read empty; where that is unknown, no strokes at all, no more than
  ``QUIET_FLOOR``), or it is ``?``; under ``SMALL_LEAST`` pixels a space, a symbol drawn
  lightly is as quiet as the paper and no space is said empty (a sheet coloured in shows what
  is drawn on it by its colour, which a small photo keeps: its empty spaces are judged as on a
  large photo); and a ruins space read empty, whose print is itself strokes, is ``?``;
- **ruins that are not empty**: a ruins space read empty shows only its print, as the sheet's
  other empty ruins do; one with half as many strokes again as they, or the only one read
  empty (nothing to compare it with), is ``?``;
- **a tint off the light**: a space read empty whose colour is ``TINTED`` or more from the paper
  the light makes there (a plane of a* and b* across the spaces read empty) holds a pale
  colouring; on a sheet coloured in photographed under ``SMALL_LEAST`` pixels a space, so does
  one ``TINTED`` from the sheet's paper itself.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..grid import SIZE, Cell, SheetSide
from . import colours
from .colours import Ink

QUIET = 1.4  # a space read empty with strokes beyond this many times the sheet's quiet level is "?"
QUIET_FLOOR = 0.02  # the quiet level is at least this (a photo without noise is not perfectly flat)
QUIET_MOST = 0.05  # and at most this: paper's noise (a sheet whose every "empty" space is a faint drawing)
QUIET_FROM = 12  # with fewer spaces read empty, the sheet's quiet level is QUIET_FLOOR (too little paper to learn it)
FINE_PX = 32  # a photo with fewer pixels across a space than this: empty only without strokes
SMALL_QUIET, SMALL_QUIET_MOST = 1.4, 0.03  # there, beyond its paper's noise (see ``_small_quiet``)
SMALL_LEAST = 24  # and under this many pixels a space, none of its spaces is said empty
FAINT_LABEL = 2.0  # a labelled drawing under this many times what a space read empty may show: none is said empty
QUIET_NEAR, QUIET_NEAR_FROM = 2, 6  # on a sheet coloured in: the quiet level near a space (see above)
STROKE = 0.1  # a pixel this much darker than the paper within STROKE_PX is a stroke's
SMOOTH = 0.8  # pixels (of 48 a space) a space read empty is blurred by before its strokes are measured
STROKE_PX = 9  # strokes are what is darker than the paper within this many pixels (of 48 a space)
EDGE_BAND = 0.2  # of a space's inside, along each side, where a printed line may stray in
LINE_ALONG = 0.6  # a row or column of that band dark along this share of it is a line
MARGIN = 0.2  # of a space, left out on each side (its printed lines and a hand's overflow)
RING = (0.3, 0.42)  # a space's ring, from its centre (0.5 is its lines): a colouring reaches it
CENTRE = 0.2  # a space's middle, from its centre
RUINS_MORE = 1.5  # an empty ruins space with this many times the other empty ruins' strokes holds a drawing
TINTED = 5.5  # a space read empty whose colour is this far from the sheet's paper (a*-b*) is "?"
NOISY_PAPER = 3.0  # under SMALL_LEAST, empty spaces this tinted (their median) are no paper to tell a pale colouring from
TINT_BEYOND, TINT_BEYOND_LEAST = 3.0, 4.0  # under SMALL_LEAST, so many times the sheet's empty spaces' median tint is "?"
PATCH = 0.97  # a space read empty whose middle is darker than its ring (a share of its lightness) holds a drawing


def not_paper(symbols: list[list[str]], square: np.ndarray, side: SheetSide, cell: int,
              paints: list[list[Ink]] | None = None, source_px: float | None = None, coloured: bool = False,
              named: frozenset[Cell] | set[Cell] = frozenset(), dark: np.ndarray | None = None) -> set[Cell]:
    """The spaces of a reading read empty (``.``, or ``r`` for ruins) that a person must decide:
    strokes on them beyond the sheet's quiet level (any strokes when the photo gave fewer than
    ``FINE_PX`` pixels across a space, ``source_px``, unless the sheet is ``coloured`` in: such
    a sheet tells its faint colourings by their colour, which a small photo keeps; and its
    empty spaces are judged against the paper near them too), a middle darker than the ring,
    more strokes than the sheet's other empty ruins, or (with ``paints``, each space's ink of
    colour) a tint off the light's. ``named``: the spaces a person labelled, each a drawing: on
    a sheet of pencil symbols, when the faintest shows under ``FAINT_LABEL`` times the strokes a
    space read empty may show, a drawing half as strong would pass for paper, and no space is
    said empty. ``dark``: the square's ``darkness``, when it was worked out already."""
    printed = side.mountains | side.wastelands
    open_cells = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if not printed & Cell(r, c).bit]
    out: set[Cell] = set()
    # Read empty, yet its middle darker than its ring: a symbol drawn as a patch of strokes that
    # a blur made one grey, which shows no stroke (the second generator's 11533, 34 pixels a
    # space: three furrows hatched densely, their middles 0.93-0.94 of their rings, read empty
    # without labels; no empty space of 340 photos under 0.98).
    middles = middle_lightness(square, cell)
    out |= {cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col] == "." and middles[cell_.row, cell_.col] < PATCH}
    dark = darkness(square, cell) if dark is None else dark
    drawn = strokes(square, cell, dark=dark)
    small = source_px is not None and source_px < FINE_PX
    # On a photo too small, a faint pencil drawing is already as blurred as paper: hardly more
    # strokes than the paper's noise (``_small_quiet``).
    blurred = small and not coloured
    quiet_drawn = strokes(square, cell, dark=darkness(square, cell, smooth=True)) * _lit(square, cell)
    # A ruins space shows its print: the reader takes it out and looks at what is left.
    empty = [cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col] == "." and not side.ruins & cell_.bit]
    quiet = QUIET_FLOOR
    if empty:
        values = np.array([quiet_drawn[cell_.row, cell_.col] for cell_ in empty])
        learned = float(np.percentile(values, 25))
        paper_seen = len(empty) >= QUIET_FROM and learned < QUIET_MOST
        if paper_seen:
            quiet = max(QUIET_FLOOR, learned)
        most = QUIET * quiet
        measure = quiet_drawn
        if blurred and source_px < SMALL_LEAST:
            # So small that a symbol drawn lightly is no darker than the paper: none is said empty
            # (the second generator's 11506, 21 pixels a space: six faint waves and furrows whose
            # strokes were the paper's own, 0.012-0.02, read empty).
            most = -1.0
        elif blurred:
            noise = _small_quiet(values)
            if noise is None:
                # The paper's noise unknown: no strokes at all, unblurred.
                measure = drawn
                noise, values = QUIET_FLOOR, np.array([drawn[cell_.row, cell_.col] for cell_ in empty])
            most = noise
        # A person's label in grey hardly stronger than that (the second generator's 11526, 29
        # pixels a space: a wave labelled at 1.45 times it, another wave as quiet as the paper read
        # empty). A label in a colour shows by its colour too, which a tint off the paper's tells
        # (below): a pale yellow marker's furrows are hardly darker than the paper (10906).
        # And with no label at all, a small photo tells nothing of how faintly its hand draws.
        grey = [c for c in named if paints is None or not colours.shows_colour(paints[c.row][c.col])]
        if (blurred and not named) or (
                not coloured and grey and min(float(measure[c.row, c.col]) for c in grey) < FAINT_LABEL * most):
            most = -1.0
        stroked = {cell_: v for cell_, v in zip(empty, values) if v > most}
        if coloured and not blurred and paper_seen:
            stroked = {cell_: v for cell_, v in stroked.items() if v > QUIET * _quiet_near(cell_, empty, values, quiet)}
        out |= set(stroked)
    # An empty ruins space shows only its print, as the other empty ruins do: one with more
    # of its pixels in strokes than they (``RUINS_MORE`` times their median) holds a drawing; and one alone cannot
    # be told from a ruins space whose drawing was taken for the print.
    ruins = [cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col] == "r"]
    if len(ruins) == 1 or (ruins and small):
        out |= set(ruins)
    elif ruins:
        inked = strokes(square, cell, amount=True, dark=dark)
        prints = np.array([inked[cell_.row, cell_.col] for cell_ in ruins])
        out |= {cell_ for cell_, v in zip(ruins, prints) if v > RUINS_MORE * float(np.median(prints))}
    if paints is not None:
        # Read empty, yet coloured against the sheet's paper: a pale colouring among others like
        # it, which the paper near it was taken from (a field of light pink villages). The
        # sheet's paper is where the light makes it: a cast that changes across the sheet
        # (a lamp on one side) tints every space on that side alike, a colouring only its own.
        read_empty = [cell_ for cell_ in open_cells if symbols[cell_.row][cell_.col] in ".r"]
        tinted = _tint_off_the_light(paints, [cell_ for cell_ in read_empty if symbols[cell_.row][cell_.col] == "."])
        out |= {cell_ for cell_ in read_empty if tinted(cell_) >= TINTED}
        if coloured and source_px is not None and source_px < SMALL_LEAST:
            out |= _tinted_on_a_tiny_sheet(paints, symbols, read_empty)
    return out


def _tinted_on_a_tiny_sheet(paints: list[list[Ink]], symbols: list[list[str]], read_empty: list[Cell]) -> set[Cell]:
    """On a sheet coloured in photographed under ``SMALL_LEAST`` pixels a space, the spaces read
    empty (``read_empty``) whose tint may be a light hand's colouring: so small a photo makes a
    pale hatching a smooth tint hardly off the paper."""
    # A field of pale colourings bends the light's plane to itself: against the sheet's paper
    # (the second generator's 11590 at 640 x 480, 18.5 pixels a space: four pale pink villages
    # beside a glare read empty, 6.7-9.4 from the paper, 0.9-3.9 from the plane; 14 of 894
    # empty spaces of 24 such photos are 5.5 or more).
    out = {cell_ for cell_ in read_empty if paints[cell_.row][cell_.col].tint >= TINTED}
    plain = [cell_ for cell_ in read_empty if symbols[cell_.row][cell_.col] == "."]  # no print's tint
    if len(plain) < QUIET_FROM:
        return out
    # And one tinted well beyond the sheet's other empty spaces (``TINT_BEYOND`` times the
    # median of theirs, which the pale colourings among them do not move, ``TINT_BEYOND_LEAST``
    # at least): a dim photo's pale farm (11671 at 640 x 480, 20 pixels a space: 5.2 from the
    # paper, the sheet's other empty spaces 2.7 at most); a pale water under a cool cast (fresh
    # 11759 at 640 x 480, 23 pixels a space: 5.0, the sheet's empty spaces' median 1.3).
    tints = [paints[cell_.row][cell_.col].tint for cell_ in plain]
    noise = float(np.median(tints))
    out |= {cell_ for cell_, tint in zip(plain, tints) if tint >= max(TINT_BEYOND_LEAST, TINT_BEYOND * noise)}
    if noise >= NOISY_PAPER:
        # Paper as tinted as a light hand's colouring at that size: none is said empty (fresh
        # 11785 at 640 x 480, 18 pixels a space: two pale waters 3.6 and 3.9 from the paper
        # read empty, the sheet's empty spaces' median 3.5).
        out |= set(plain)
    return out


def darkness(square: np.ndarray, cell: int, smooth: bool = False) -> np.ndarray:
    """How much darker each pixel is than the lightest pixels within ``STROKE_PX`` of it (a
    morphological closing), as a share of them: a stroke is dark, a smooth shadow is not.
    ``smooth``: the square first blurred by ``SMOOTH`` pixels (of 48 a space): a sensor's noise,
    whose brightest grains the closing takes as the paper, then no longer reads as strokes,
    while a pencil line, a few pixels long, keeps most of its darkness."""
    import cv2

    grey = square.astype(np.float32).mean(axis=2)
    if smooth:
        grey = cv2.GaussianBlur(grey, (0, 0), SMOOTH * cell / 48)
    k = max(3, round(STROKE_PX * cell / 48) | 1)
    closed = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return np.clip((closed - grey) / np.maximum(closed, 1.0), 0.0, 1.0)


def strokes(square: np.ndarray, cell: int, *, amount: bool = False, dark: np.ndarray | None = None) -> np.ndarray:
    """Each space's strokes (SIZE x SIZE): the 99th percentile of its ``darkness`` inside its
    lines; or (``amount``) the share of its pixels darker so by ``STROKE`` at least. ``dark``:
    the square's darkness, when it was worked out already."""
    dark = darkness(square, cell) if dark is None else dark
    if amount:
        return per_space(dark, cell, lambda inside: float((_off_the_lines(inside) > STROKE).mean()))
    return per_space(dark, cell, lambda inside: float(np.percentile(_off_the_lines(inside), 99)))


def _off_the_lines(inside: np.ndarray) -> np.ndarray:
    """A space's inside without a printed line that strays into its edge: a row or column of
    its outer ``EDGE_BAND`` dark nearly all along (a curled sheet's lines bend a few pixels off
    where the grid puts them, and their edge read as a stroke left plain paper "?")."""
    h, w = inside.shape
    band = max(1, int(min(h, w) * EDGE_BAND))
    dark = inside > STROKE
    rows, cols = dark.mean(axis=1) > LINE_ALONG, dark.mean(axis=0) > LINE_ALONG
    rows[band:h - band] = False  # only along the edges: a furrow across the middle is a drawing
    cols[band:w - band] = False
    if not (rows.any() or cols.any()):
        return inside
    keep = ~rows[:, None] & ~cols[None, :]
    return inside[keep] if keep.any() else inside.ravel()


def zones(cell: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A space of ``cell`` pixels: each pixel's place from its centre (rows, columns, -0.5..0.5),
    its middle (``CENTRE``) and its ring (``RING``)."""
    yy, xx = (np.mgrid[0:cell, 0:cell] + 0.5) / cell - 0.5
    away = np.maximum(abs(yy), abs(xx))
    return yy, xx, away < CENTRE, (away > RING[0]) & (away < RING[1])


def middle_lightness(square: np.ndarray, cell: int) -> np.ndarray:
    """Each space's middle (``CENTRE`` from its centre) as light as its ring (``RING``), a share:
    the medians of their greys (SIZE x SIZE). Paper is even across a space, and a shadow's edge
    or a vignette darkens the middle no more than the ring."""
    grey = square.astype(np.float32).mean(axis=2)
    _yy, _xx, middle, ring = zones(cell)
    out = np.ones((SIZE, SIZE), dtype=np.float32)
    for r in range(SIZE):
        for c in range(SIZE):
            space = grey[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell]
            out[r, c] = float(np.median(space[middle])) / max(float(np.median(space[ring])), 1.0)
    return out


def per_space(values: np.ndarray, cell: int, summary: object) -> np.ndarray:
    m = int(cell * MARGIN)
    out = np.zeros((SIZE, SIZE), dtype=np.float64)
    for r in range(SIZE):
        for c in range(SIZE):
            out[r, c] = summary(values[r * cell + m:(r + 1) * cell - m, c * cell + m:(c + 1) * cell - m])  # type: ignore[operator]
    return out


def _tint_off_the_light(paints: list[list[Ink]], paper: list[Cell]) -> Callable[[Cell], float]:
    """Each space's tint against the paper the light makes there: a plane of the sheet's colour
    (a* and b*) across the spaces read empty, fitted twice (the second time without the quarter
    furthest from the first, a field of pale colouring among them); against the sheet's paper
    itself when fewer than ``QUIET_FROM`` spaces were read empty."""
    if len(paper) < QUIET_FROM:
        return lambda cell_: paints[cell_.row][cell_.col].tint
    from .light import fitted_twice

    where = np.array([(1.0, cell_.row, cell_.col) for cell_ in paper])
    colour = np.array([(paints[cell_.row][cell_.col].a, paints[cell_.row][cell_.col].b) for cell_ in paper])
    fit = fitted_twice(where, colour)

    def tinted(cell_: Cell) -> float:
        ink = paints[cell_.row][cell_.col]
        return float(np.hypot(*(np.array([ink.a, ink.b]) - np.array([1.0, cell_.row, cell_.col]) @ fit)))

    return tinted


def _lit(square: np.ndarray, cell: int) -> np.ndarray:
    """How brightly each space's paper is lit against the sheet's middle (SIZE x SIZE; its
    lightest tenth against the median space's). A sensor's grain stands out the more against
    paper the less light there is: on the shaded half of a sheet the grain of empty paper read
    as strokes 1.5 times the lit half's, where the light was strongest and its grain clipped
    (the second generator's 11476, a sheet with nothing drawn: 53 of its empty spaces ``?``).
    Strokes are weighed by it, so that grain counts alike across the sheet; a pencil line is
    dark wherever it is."""
    grey = square.astype(np.float32).mean(axis=2)
    lit = per_space(grey, cell, lambda inside: float(np.percentile(inside, 90)))
    return lit / max(float(np.median(lit)), 1.0)


def _small_quiet(values: np.ndarray) -> float | None:
    """The most strokes (a little blurred) a space read empty may show on a photo too small
    (``FINE_PX``) of a sheet of pencil symbols: ``SMALL_QUIET`` times the sheet's paper noise,
    the lowest tenth of its spaces read empty (``values``, ``QUIET_FROM`` of them at least),
    when that is paper's (under ``SMALL_QUIET_MOST``: a sheet whose faint drawings read empty
    outnumber its paper shows their strokes there); None when it is not known. (No strokes at
    all, as once, left every empty space of such a photo ``?`` but for the quietest: 366 on
    eleven 640x480 photos of the second generator.)"""
    if len(values) < QUIET_FROM:
        return None
    noise = float(np.percentile(values, 10))
    return None if noise >= SMALL_QUIET_MOST else max(QUIET_FLOOR, SMALL_QUIET * noise)


def _quiet_near(cell: Cell, empty: list[Cell], values: np.ndarray, quiet: float) -> float:
    """The quiet level near a space read empty: the lower quarter of the strokes of the other
    spaces read empty within ``QUIET_NEAR`` of it, between the sheet's ``quiet`` level and
    ``QUIET_MOST``; the sheet's with fewer than ``QUIET_NEAR_FROM`` of them."""
    near = [v for other, v in zip(empty, values) if other != cell
            and max(abs(other.row - cell.row), abs(other.col - cell.col)) <= QUIET_NEAR]
    if len(near) < QUIET_NEAR_FROM:
        return quiet
    return min(QUIET_MOST, max(quiet, float(np.percentile(near, 25))))
