"""Which spaces of a map seen from above are drawn, and with what.

Each space is looked at inside its lines against the paper around it (``appearance``):

- the printed spaces (mountains, wastelands) are the sheet side's, never read;
- a space coloured in is read by its ink of colour, in the sheet's own colours (``colours``:
  forest green, village red, farm yellow, water blue, monster purple, hero orange as this
  sheet's pencils draw them);
- a space with grey pencil strokes and no colour holds a drawn symbol: it is read by its likeness
  to the spaces a person labelled (one of each terrain is enough) and to the sheet's other
  drawings those labels spread to (``spread``), else left ``?`` (always on a ruins space,
  where the print's strokes mix with the symbol's: unless labelled, a person decides);
- a space with neither is empty (``r`` on a printed ruins space).

Whenever the evidence is not clear enough, the space is ``?`` with its confidence: a person
decides it; and so is a space a safeguard (``safeguards``) or the photo's own troubles
(``doubt``) put in doubt. Confidence is in 0..1; a space read with less than ``SURE`` is ``?``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..grid import SIZE, Cell, SheetSide, Terrain
from . import appearance, colours, doubt, paper, ruins_print, safeguards, spread, stars, symbols
from .sheet_kind import sheet_kind
from .spread import ALIKE

SURE = 0.7
GAP = 0.09  # a pencil symbol is read this much more like one letter's spaces than another's
BLACKED = 0.8  # a space this much dark ink is blacked out: destroyed
CROSSED = 0.9  # how sure a big X on a sheet coloured in is read as destroyed (``symbols.crossed``)
TINT_DARK = 0.1  # a space left "?" with this much dark ink is not read by its tint (a thumb's skin in shadow)
TINT_FINE_PX = 72  # on a photo this fine (pixels a space), a tint with too little ink of colour is read by nothing
TINT_TINY = 6.0  # under paper.SMALL_LEAST pixels a space, a tint read with too little ink is this far from the paper
TINT_CONFIRM = 13.0  # a tint this far from the paper (a*-b*) confirms a colour read unsure (a thumb's skin: 7.9)


class Reading(NamedTuple):
    """Each space's symbol (map-file notation, ``?`` when undecided) and confidence, row A first."""

    symbols: list[list[str]]
    confidence: list[list[float]]
    #: Spaces left ``?`` worth a label, each with the number of spaces left ``?`` it looks like
    #: (itself included), the largest group first: a person labelling them reads the others.
    asks: tuple[tuple[str, int], ...] = ()

    def rows(self) -> list[str]:
        """The map's rows as a map file writes them."""
        return [" ".join(row) for row in self.symbols]

    @property
    def unread(self) -> list[str]:
        """The spaces left ``?``."""
        return [Cell(r, c).label for r in range(SIZE) for c in range(SIZE) if self.symbols[r][c] == "?"]


def read_spaces(square: np.ndarray, side: SheetSide, labels: Mapping[str, str] | None = None,
                cell_size: int | None = None, heroes: bool | None = None, source_px: float | None = None,
                clipped: np.ndarray | None = None) -> Reading:
    """Each space of the square picture of a map (from ``warp``): its symbol and confidence.
    ``labels``: spaces a person named, ``{"B3": "F"}`` (map-file letters), whose look teaches the
    likeness of pencil symbols. ``heroes``: whether heroes and destroyed spaces may be on the
    sheet (by default on the Heroes sides, C and D). ``source_px``: the photo's pixels across a
    space (``warp.space_px``), when the square was made from a photo: a small one's faint
    drawings cannot be told from paper, so its spaces read empty must show no strokes; under
    ``paper.FINE_PX`` no pencil symbol is read by likeness (only the labelled ones) and none is
    asked about; under ``paper.SMALL_LEAST`` only a pencil's own colour is read.
    ``clipped``: where the photo clipped a colour, each pixel of the square (``light.clipped``):
    a space read by a colour it lost is ``?``."""
    if heroes is None:
        heroes = side.letter in ("C", "D")
    cell_size = cell_size or square.shape[0] // SIZE
    looks = appearance.look(square, cell_size)
    printed = side.mountains | side.wastelands
    open_cells = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if not printed & Cell(r, c).bit]
    area = float(cell_size * cell_size)
    # How much of a drawing the photo's size shows (``paper.FINE_PX``, ``paper.SMALL_LEAST``).
    coarse = source_px is not None and source_px < paper.FINE_PX
    tiny = source_px is not None and source_px < paper.SMALL_LEAST
    pictures, strokes, print_out = ruins_print.without_ruins(looks, open_cells, side.ruins, area)
    mass = {cell: float(pictures[cell].sum()) / area for cell in open_cells}
    vectors: dict[Cell, np.ndarray] = {}
    named = {Cell.parse(label): letter.upper() for label, letter in (labels or {}).items()
             if Cell.parse(label) in pictures}
    paints = colours.inks(square, cell_size, clipped)
    print_tint = colours.print_tint([paints[cell.row][cell.col] for cell in open_cells if side.ruins & cell.bit])
    plain_cells = [cell for cell in open_cells if not side.ruins & cell.bit]
    drawn = _drawn(open_cells, looks, mass, labels or {})
    # A sheet coloured in or of pencil symbols (``sheet_kind``): read by its colours, or by the
    # likeness of its symbols.
    blown = doubt.glare(square, cell_size)
    coloured_in, inked = sheet_kind(paints, plain_cells, drawn, doubt.beside_glare(blown))
    if not coloured_in and not coarse:
        _by_faint_ink(plain_cells, looks, pictures, strokes, mass, area)
        drawn = _drawn(open_cells, looks, mass, labels or {})
    taught: dict[str, list[np.ndarray]] = {}
    for cell, letter in named.items():
        taught.setdefault(letter, []).extend(symbols.taught_views(strokes[cell]))
    labelled = {k: symbols.stack(v) for k, v in taught.items()}  # the person's examples alone
    scores: dict[Cell, list[tuple[float, str]]] = {}
    compared: list[Cell] = []
    likeness = np.zeros((0, 0))
    # Under FINE_PX pixels a space the blur is so coarse that an empty space's grain was like a
    # labelled tree, a tree like a labelled wave, paper like a wave (the second generator's
    # 11617, 11636 and 11658 at 640 x 480, 19-30 pixels a space): no likeness is trusted there,
    # and no label is asked for, which would read only its own space.
    if taught and not coarse:
        scores, compared, likeness, vectors = spread.sheet_likeness(drawn, strokes, named)
    hues = _sheet_hues(paints, plain_cells, labels or {}, heroes)
    tints = colours.learn([mixed for mixed in (colours.tint(paints[cell.row][cell.col]) for cell in plain_cells)
                           if mixed.chroma >= colours.TINT_LEAST], heroes) if coloured_in else {}
    symbols_out = [["?"] * SIZE for _ in range(SIZE)]
    confidence = [[0.0] * SIZE for _ in range(SIZE)]
    for r in range(SIZE):
        for c in range(SIZE):
            cell = Cell(r, c)
            b = cell.bit
            ruins = bool(side.ruins & b)
            if side.mountains & b:
                symbols_out[r][c], confidence[r][c] = "^", 1.0
                continue
            if side.wastelands & b:
                symbols_out[r][c], confidence[r][c] = "#", 1.0
                continue
            if labels and cell.label in labels:
                letter, sure = labels[cell.label].upper(), 1.0
            else:
                # A ruins space's print counts half when it could not be taken out.
                ink = mass[cell] / (2 if ruins and not print_out else 1)
                letter, sure = _decide(looks[r][c], ink, scores.get(cell), bool(taught), heroes, paints[r][c], hues,
                                       ruins, coloured_in)
                if coloured_in and not ruins and not taught:
                    letter, sure = _by_tint(letter, sure, looks[r][c], paints[r][c], tints, heroes,
                                            source_px is not None and source_px >= TINT_FINE_PX, tiny)
                if (cell in vectors and sure >= SURE and letter in labelled
                        and symbols.likeness(vectors[cell], labelled)[0][1] != letter):
                    sure = 0.5  # the sheet's own examples and the person's disagree: a person decides
                # The print tints the colouring over it: read without the print's own tint too, the
                # colour must be the same terrain's (a lilac monster over a tan print once read as a
                # pink village).
                if (ruins and letter in appearance.COLOURS and print_tint is not None and paints[r][c].share >= colours.COLOURED
                        and colours.read(colours.without(paints[r][c], print_tint), hues, True)[0] != letter):
                    sure = min(sure, 0.3)
            if letter == "." and ruins:
                letter = "r"
            elif ruins and letter not in ("?", "."):
                letter = letter.lower()
            symbols_out[r][c] = letter if sure >= SURE else "?"
            confidence[r][c] = round(sure, 3)
    # The ruins spaces that show the print alone are empty, whatever the print's tint
    # (``ruins_print.print_alone``), unless one of them was read as a colour (then what they
    # share is not the print); read so after the doubts, which take the print's tint and
    # strokes for a pale colouring's. Not on a sheet of pencil symbols photographed too small
    # (``paper.FINE_PX``), where a faint drawing is blurred into the paper.
    alone: set[Cell] = set()
    if coloured_in or not coarse:
        alone = ruins_print.print_alone(square, cell_size, [
            cell for cell in open_cells if side.ruins & cell.bit and cell not in named
            and blown[cell.row, cell.col] <= doubt.GLARE], coloured_in)
        if any(symbols_out[cell.row][cell.col] not in "?r" for cell in alone):
            alone = set()
    chained = (safeguards.taught_by_the_wrong_label(likeness, compared, named, symbols_out)
               | safeguards.far_from_their_label(likeness, compared, named, symbols_out)
               | safeguards.taught_by_faint_labels(compared, named, symbols_out, mass))
    chained |= safeguards.twins_of_the_doubted(likeness, compared, named, symbols_out, chained)
    chained |= safeguards.nearer_the_unread(likeness, compared, named, symbols_out, chained)
    doubtful = (safeguards.colours_unlike_their_own(looks, symbols_out) | chained
                | doubt.doubtful(symbols_out, square, side, cell_size, paints, source_px, coloured_in, set(named))
                | safeguards.more_heroes_than_cards(symbols_out, named)
                | safeguards.grey_ink_read_as_colour(looks, paints, symbols_out, named))
    doubtful |= (safeguards.two_colours_in_one(paints, symbols_out, named)
                 | safeguards.blacked_in_the_light(looks, square, cell_size, symbols_out, open_cells, named))
    if heroes:
        doubtful |= safeguards.cross_read_as_colour(looks, symbols_out, named)
    if coloured_in:
        doubtful |= (safeguards.ink_unlike_its_space(paints, symbols_out, named, tints)
                     | safeguards.pale_tint_on_the_edge(paints, symbols_out, named, tints))
        if tiny:
            doubtful |= safeguards.unsure_on_a_tiny_photo(paints, symbols_out, named, hues)
    else:
        doubtful |= safeguards.colour_among_pencil(looks, paints, symbols_out, named, hues, colours.one_hue(inked))
    # A space a person labelled is read as they said, whatever the photo shows there.
    _leave_to_a_person(doubtful - set(named), symbols_out, confidence)
    for cell in alone:
        symbols_out[cell.row][cell.col], confidence[cell.row][cell.col] = "r", SURE
    if heroes and coloured_in:
        _heroes_drawn_as_stars(square, cell_size, [
            cell for cell in plain_cells if cell not in named and blown[cell.row, cell.col] <= doubt.GLARE
            and symbols_out[cell.row][cell.col] == "?"], symbols_out, confidence)
    if coloured_in:
        # A sheet coloured in: its pale colourings can pass for paper, and a space read empty
        # where nothing around it is, among spaces left "?", is left to a person. Its colours
        # are what it is read by: a label there would teach pencil symbols and change how its
        # grey marks are read (on the phone photos, labelling what such a sheet asked about
        # read fewer spaces right), so nothing is asked.
        _leave_to_a_person(safeguards.empty_among_the_unread(symbols_out, printed), symbols_out, confidence)
        if tiny:
            _leave_to_a_person(safeguards.too_few_to_be_paper(symbols_out)
                               | safeguards.empty_at_a_colours_hue(paints, symbols_out, tints), symbols_out, confidence)
        return Reading(symbols_out, confidence)
    if coarse:
        return Reading(symbols_out, confidence)
    return Reading(symbols_out, confidence, spread.asks(drawn, strokes, compared, likeness, symbols_out, side.ruins))


def _by_faint_ink(cells: list[Cell], looks: list[list[appearance.Look]], pictures: dict[Cell, np.ndarray],
                  strokes: dict[Cell, np.ndarray], mass: dict[Cell, float], area: float) -> None:
    """The grey spaces among ``cells`` drawn by a light hand (``appearance.Look.faintly``) given
    their faint ink as their picture, strokes and ink, so that they are read as a heavy hand's
    symbols are (the second generator's 11335: a sheet's furrows and trees, 0.1-0.9 % of ink
    each, a tenth of them a little darker than the paper, each ``?``). Only on a sheet of pencil
    symbols (a sheet coloured in shows what is drawn by its colour, and its pale hatching is a
    colour's), never on a ruins space (its print is what ``ruins_print`` takes out), and only on
    a photo large enough to show a faint drawing's shape (``paper.FINE_PX``: at 22 pixels a
    space, 11426, a faint round tree was as like the label's round house as the trees)."""
    for cell in cells:
        one = looks[cell.row][cell.col]
        if one.faintly is not None and one.coloured < appearance.GREY:
            pictures[cell], strokes[cell] = one.faintly
            mass[cell] = float(one.faintly[0].sum()) / area  # as every space's: of the whole space


def _drawn(cells: list[Cell], looks: list[list[appearance.Look]], mass: Mapping[Cell, float],
           labels: Mapping[str, str]) -> list[Cell]:
    """The spaces holding a pencil symbol to compare: grey (hardly a saturated pixel), ink enough
    to be a drawing (``appearance.DRAWN``) and not a space blacked out; not one a person labelled."""
    return [cell for cell in cells if looks[cell.row][cell.col].coloured < appearance.GREY
            and mass[cell] >= appearance.DRAWN and looks[cell.row][cell.col].ink < appearance.HEAVY and cell.label not in labels]


def _leave_to_a_person(cells: set[Cell], read: list[list[str]], confidence: list[list[float]]) -> None:
    """These spaces made ``?``, their confidence at most a half."""
    for cell in cells:
        read[cell.row][cell.col] = "?"
        confidence[cell.row][cell.col] = min(confidence[cell.row][cell.col], 0.5)


def _heroes_drawn_as_stars(square: np.ndarray, cell_size: int, unread: list[Cell], symbols_out: list[list[str]],
                           confidence: list[list[float]]) -> None:
    """On a Heroes sheet coloured in, the spaces left ``?`` whose drawing is a hero's star
    (``stars``; ``doubt.marks`` leaves a mark in a space's middle to a person) are heroes, when
    with the heroes read they are no more than a game's hero cards (``colours.HEROES_MOST``):
    more stars than that are not all heroes, and none is read."""
    drawn = stars.stars(square, cell_size, unread)
    read = sum(letter in ("H", "h") for row in symbols_out for letter in row)
    if not drawn or read + len(drawn) > colours.HEROES_MOST:
        return
    for cell in drawn:
        symbols_out[cell.row][cell.col], confidence[cell.row][cell.col] = "H", SURE


def _sheet_hues(paints: list[list[colours.Ink]], cells: list[Cell], labels: Mapping[str, str],
                heroes: bool) -> dict[str, colours.Learned]:
    """The sheet's colour of each terrain (``colours.learn``) from ``cells`` (not the ruins: their
    print tints them), a coloured space a person labelled giving its terrain's hue outright (a
    brand whose village is pink)."""
    named = {Cell.parse(label): letter.upper() for label, letter in labels.items()}
    coloured = [paints[cell.row][cell.col] for cell in cells
                if paints[cell.row][cell.col].share >= colours.COLOURED and cell not in named]
    hues = colours.learn(coloured, heroes)
    for cell, letter in named.items():
        if letter in hues and paints[cell.row][cell.col].share >= colours.COLOURED:
            hues[letter] = hues[letter]._replace(hue=paints[cell.row][cell.col].hue, crowded=False)
    return hues


def _by_tint(letter: str, sure: float, one: appearance.Look, paint: colours.Ink, tints: Mapping[str, colours.Learned],
             heroes: bool, fine: bool = False, tiny: bool = False) -> tuple[str, float]:
    """A space's reading (``_decide``'s) with its ``tint`` (``colours.tinted``, in the sheet's
    ``tints``) heard too, on a sheet no pencil symbol was taught on: a space left ``?`` for too
    little or too pale an ink is read by its tint when that is sure; a colour read unsure (a hue
    between two of the sheet's colours) is read when its tint says the same, surely. Neither
    for a space blacked out, nor for one read empty: the tint never reads paper. A tint confirms
    a colour only when it is ``TINT_CONFIRM`` from the paper at least: a thumb's skin over a
    corner of the map tints both the ink and the space alike (the second generator's 11367, a
    water under a thumb's tip read as a village). ``fine``: the photo gave ``TINT_FINE_PX``
    pixels a space or more, so that a space with too little ink of colour is read by nothing;
    ``tiny``: under ``paper.SMALL_LEAST``, where such a space is read by a tint ``TINT_TINY`` from
    the paper at least (the second generator's 11593 at 640 x 480, 16.7 pixels a space: a water
    under a glare's halo, 5.1 from the paper, read as a monster; 5 of 91 right spaces so read
    on 26 such photos were under 6)."""
    if heroes and one.ink >= appearance.HEAVY and one.coloured < 0.5:
        return letter, sure  # blacked out, or heavy ink: ``_decide``'s business
    vivid = paint.share >= colours.COLOURED and paint.chroma >= colours.VIVID
    # Too little or too pale an ink. An ink enough to colour the space but paler than a
    # pencil's is read by a tint clearly a colour's only (``TINT_CONFIRM``), as a colour read
    # unsure is: a thumb's skin over a water's hatching shows such an ink, and tints the space
    # 7.1 (the second generator's 11367, read along its printed lines: a village).
    # Nor a space with dark ink over a tenth of it (``TINT_DARK``): a thumb over a corner, its
    # skin in shadow, tints the space as a pale pencil does (6.1 from the paper, read as a
    # village, the second generator's 11388); a pale hatching shows hardly any dark ink.
    # On a ``fine`` photo (``TINT_FINE_PX``) a pencil's strokes show as ink: a tint with too
    # little ink of colour there is no colouring's (a thumb's pink skin over an empty corner
    # space of a 3264 x 2448 photo, 78 pixels a space, was read as a village: the second
    # generator's 11493; of 134 photos' spaces read by such a tint, 6 were that fine).
    little = paint.share < colours.COLOURED
    unread = letter == "?" and not vivid and one.ink < TINT_DARK and (
        (not fine and (not tiny or colours.tint(paint).chroma >= TINT_TINY)) if little
        else colours.tint(paint).chroma >= TINT_CONFIRM)
    unsure = (letter in colours.HUES and paint.share >= colours.COLOURED and sure < SURE
              and colours.tint(paint).chroma >= TINT_CONFIRM)
    if unread or unsure:
        by_tint, tint_sure = colours.tinted(paint, tints)
        if by_tint != "?" and tint_sure >= SURE and (letter == "?" or by_tint == letter):
            return by_tint, tint_sure
    return letter, sure


def _decide(one: appearance.Look, mass: float, scores: list[tuple[float, str]] | None, taught: bool,
            heroes: bool, paint: colours.Ink, hues: Mapping[str, colours.Learned],
            ruins: bool = False, coloured_in: bool = True) -> tuple[str, float]:
    """One space: empty, a colour's terrain, or a taught symbol (``scores``: its likeness to each,
    best first; ``taught``: whether any symbol was); and how sure. ``paint``: its ink of colour,
    read in the sheet's ``hues`` (``colours``). ``coloured_in``: the sheet is coloured in, its
    pencil marks no terrain's."""
    if heroes and one.ink >= appearance.HEAVY and one.coloured < 0.5:
        # A space blacked out in dark pencil: destroyed. Heavy ink short of that is a symbol
        # drawn hard (a house's walls, a face) as much as a cross: a person decides.
        # Dark ink that is also ink of colour is a dark marker as much as a cross under a
        # light's cast: a person decides too.
        if one.ink < BLACKED or paint.share >= colours.COLOURED:
            return "?", 0.3
        return "X", max(0.0, min(1.0, SURE + (one.ink - BLACKED) / 0.1 * (1 - SURE)))
    if not coloured_in and _graphite(one, mass, paint):
        paint = paint._replace(share=0.0)  # its "colour" is the pencil's grey under the light: no colour
    if paint.share >= colours.COLOURED:
        return colours.read(paint, hues, ruins)
    if paint.share >= colours.COLOURED / 4 or one.coloured >= 0.25:
        return "?", 0.3  # some colour, too little to be a space coloured in
    if one.coloured < appearance.GREY and mass < appearance.EMPTY:
        if one.faint >= appearance.FAINT:
            return "?", 0.4  # hardly any ink, but strokes a little darker than the paper: drawn faintly
        # Paper: the surer the less ink there is on it.
        return ".", min(1.0, SURE + (1 - SURE) * (appearance.EMPTY - mass) / (appearance.EMPTY / 2))
    if not taught and one.coloured < appearance.GREY and one.ink < 0.012 and mass < appearance.DRAWN:
        # No pencil symbol taught (a coloured sheet): little soft ink and dark ink under 1.2 % is paper.
        return ".", max(0.0, min(1.0, 1 - one.coloured / appearance.GREY * 0.5 - one.ink / 0.012 * 0.5 + 0.3))
    if one.coloured >= appearance.GREY or mass < appearance.DRAWN:
        return "?", 0.3  # a little colour, or a little ink: a stray stroke or a half-coloured space
    if heroes and not ruins and symbols.crossed(one.picture):
        # A big X, corner to corner: destroyed. Among pencil symbols too, where no label
        # teaches it (a person labels terrains) and a hero's stick figure, whose limbs slant
        # as its strokes do, stands clear of the corners.
        return "X", CROSSED
    if not taught or not scores:
        return "?", 0.0  # a pencil symbol, and nothing to compare it with
    if ruins:
        return "?", 0.3  # a pencil symbol over the ruins' print: seldom read, and wrong when it is
    best, letter = scores[0]
    second = scores[1][0] if len(scores) > 1 else 0.0
    # Taken only when it is clearly like one taught symbol and clearly unlike the others.
    sure = min(max(0.0, min(1.0, SURE + (best - ALIKE) * 3)), max(0.0, min(1.0, SURE + (best - second - GAP) * 3)))
    return letter, sure


def _graphite(one: appearance.Look, mass: float, paint: colours.Ink) -> bool:
    """Whether a space's ink of colour is a pencil drawing's grey, as a light and the paper's
    cast tint it: a symbol drawn (``appearance.DRAWN``) with hardly a saturated pixel (less than
    ``appearance.GREY`` of it), whose ink is paler than any pencil's colour (``colours.VIVID``).
    On a sheet of pencil symbols such a space is read by its likeness: graphite under a warm
    lamp, its paper made white, shows as a pale ink over up to a tenth of the space (the second
    generator's 11327: a sheet's waves and trees, chroma 14-15 over 3-11 % of them, were "some
    colour, too little to be coloured in", each ``?``)."""
    return one.coloured < appearance.GREY and mass >= appearance.DRAWN and paint.chroma < colours.VIVID


TERRAIN_LETTERS = {t.word: t.value for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER,
                                            Terrain.MONSTER, Terrain.HERO, Terrain.DESTROYED)}
