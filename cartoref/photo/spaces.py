"""Which spaces of a map seen from above are drawn, and with what.

Each space is looked at inside its lines (the printed lines and most of a hand's overflow left
out) against the paper around it (so uneven light and a shadow do not colour it):

- the printed spaces (mountains, wastelands) are the sheet side's, never read;
- a space coloured in is read by its ink of colour, in the sheet's own colours (``colours``:
  forest green, village red, farm yellow, water blue, monster purple, hero orange as this
  sheet's pencils draw them);
- a space with grey pencil strokes and no colour holds a drawn symbol: it is read by its likeness
  to the spaces a person labelled (one of each terrain is enough) and to the sheet's other
  drawings those labels spread to (``propagate``), else left ``?`` (always on a ruins space,
  where the print's strokes mix with the symbol's: unless labelled, a person decides);
- a space with neither is empty (``r`` on a printed ruins space).

Whenever the evidence is not clear enough, the space is ``?`` with its confidence: a person
decides it. Confidence is in 0..1; a space read with less than ``SURE`` is ``?``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..grid import SIZE, Cell, SheetSide, Terrain
from . import colours, doubt, symbols

SURE = 0.7
EMPTY = 0.007  # a space with less soft ink than this share of it is paper
DRAWN = 0.012  # and one with at least this much holds a symbol (between: "?")
FAINT = 0.06  # a space with no ink but this share of it a little darker than its paper is "?", not paper
ALIKE = 0.75  # a pencil symbol is read when its likeness to the sheet's spaces of one letter is at least this
GAP = 0.09  # and that much more than its likeness to those of any other
LABEL_LEAST = 0.7  # a symbol read is at least this like one of its letter's labels (else "?")
LEARN, LEARN_GAP = 0.7, 0.07  # so like one letter's spaces, and so much more than another's: the spread reads it
UNTAUGHT_NEAREST = 2  # a label that taught no space its letter: the letters of its so many nearest are doubtful
NEAREST = 6  # a space the spread read teaches only the spaces it is among the most like of
PRINT_MOST, PRINT_FOUND = 0.035, 0.6  # the printed ruins alone: less ink than this, found this well elsewhere
PRINT_MARGIN = 2  # pixels around the printed ruins not read
BLACKED = 0.8  # a space this much dark ink is blacked out: destroyed
CROSSED = 0.9  # how sure a big X on a sheet coloured in is read as destroyed (``symbols.crossed``)
HUE_OFF, LIGHT_OFF = 20.0, 0.15  # a colour read this far from its terrain's on the sheet is "?"
DULL = 0.6  # a colour read this much duller than its terrain's on the sheet (saturation) is "?"
#: A space read by its colour with less than this share of it saturated, and more than
#: ``GREY_INK`` of it in dark ink, is a graphite drawing tinted by the light: "?".
GREY_COLOURED, GREY_INK = 0.1, 0.1
#: A coloured pencil's hue, per terrain letter (degrees), and how light it is (0..1 of the paper).
COLOURS: dict[str, tuple[float, float]] = {
    "F": (125.0, 0.5), "V": (0.0, 0.75), "P": (49.0, 0.95), "W": (210.0, 0.75), "M": (280.0, 0.6),
    "H": (31.0, 0.95),
}


class Reading(NamedTuple):
    """Each space's symbol (map-file notation, ``?`` when undecided) and confidence, row A first."""

    symbols: list[list[str]]
    confidence: list[list[float]]

    def rows(self) -> list[str]:
        """The map's rows as a map file writes them."""
        return [" ".join(row) for row in self.symbols]

    @property
    def unread(self) -> list[str]:
        """The spaces left ``?``."""
        return [Cell(r, c).label for r in range(SIZE) for c in range(SIZE) if self.symbols[r][c] == "?"]


class Look(NamedTuple):
    """What one space shows: how much of it is coloured, and in which hue and lightness; how much
    grey ink; the ink as a small picture (for likeness)."""

    coloured: float
    hue: float
    light: float
    ink: float
    picture: np.ndarray  # soft ink (0..1) of the space inside its printed lines, for likeness
    strokes: np.ndarray | None = None  # the picture's strokes against their own darkness (for likeness)
    saturation: float = 0.0  # how vivid the coloured pixels are: a pencil's colour, not a grey in a tinted light
    faint: float = 0.0  # the share of it a little darker than its paper (``symbols.faint_of``): a faint drawing

    @property
    def stroke_picture(self) -> np.ndarray:
        """The strokes to compare (the picture itself where they were not worked out)."""
        return self.picture if self.strokes is None else self.strokes


def _hsv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r, g, b = (rgb[..., i] for i in range(3))
    top = rgb.max(axis=-1)
    low = rgb.min(axis=-1)
    d = np.maximum(top - low, 1e-6)
    hue = np.where(top == r, ((g - b) / d) % 6, np.where(top == g, (b - r) / d + 2, (r - g) / d + 4)) * 60
    sat = (top - low) / np.maximum(top, 1e-6)
    return hue, sat, top


def look(square: np.ndarray, cell_size: int) -> list[list[Look]]:
    """Every space's look, each against the paper of the spaces around it."""
    img = square.astype(np.float32)
    m = int(cell_size * 0.2)
    wide = max(2, int(cell_size * 0.1))  # a symbol reaches nearer the lines than a colour is looked for
    patches = [[img[r * cell_size + m:(r + 1) * cell_size - m, c * cell_size + m:(c + 1) * cell_size - m]
                for c in range(SIZE)] for r in range(SIZE)]

    # The paper's colour near each space: the brightest unsaturated pixels of its 5 x 5 spaces.
    bright = np.zeros((SIZE, SIZE, 3), dtype=np.float32)
    for r in range(SIZE):
        for c in range(SIZE):
            p = patches[r][c].reshape(-1, 3)
            _, sat, val = _hsv(p)
            # Glare (blown pixels) is no paper's colour: paper measured under it is too bright,
            # and the spaces beside it, read against it, too dark (a farm's furrows read as a
            # space blacked out).
            calm = p[(sat < 0.15) & (p.max(axis=1) < 250)]
            bright[r, c] = np.percentile(calm, 90, axis=0) if len(calm) > 20 else np.nan
    grey = img.mean(axis=2)
    ratio = grey / np.maximum(symbols.paper_of(grey, max(3, int(cell_size * 0.19)) | 1), 1.0)
    out = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            near = bright[max(0, r - 2):r + 3, max(0, c - 2):c + 3].reshape(-1, 3)
            near = near[~np.isnan(near).any(axis=1)]
            paper = np.median(near, axis=0) if len(near) else np.array([235.0, 232.0, 222.0])
            p = np.clip(patches[r][c] / np.maximum(paper, 1) * 235.0, 0, 255)
            hue, sat, val = _hsv(p)
            coloured = (sat > 0.3) & (val > 90)  # a dark pixel is ink, whatever its tint
            share = float(coloured.mean())
            if share > 0:
                angles = np.deg2rad(hue[coloured])
                mean_hue = float(np.rad2deg(np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())) % 360)
                light = float(np.median(val[coloured]) / 235.0)
                vivid = float(np.median(sat[coloured]))
            else:
                mean_hue, light, vivid = 0.0, 1.0, 0.0
            dark = (val < 235 * 0.62) & ((sat < 0.3) | (val <= 90))
            ink = float(dark.mean())
            whole = ratio[r * cell_size + wide:(r + 1) * cell_size - wide, c * cell_size + wide:(c + 1) * cell_size - wide]
            picture = symbols.strip_lines(symbols.ink_of(whole))
            row.append(Look(share, mean_hue, light, ink, picture, symbols.strokes_of(whole, picture),
                            vivid, symbols.faint_of(whole)))
        out.append(row)
    return out


def read_spaces(square: np.ndarray, side: SheetSide, labels: Mapping[str, str] | None = None,
                cell_size: int | None = None, heroes: bool | None = None, source_px: float | None = None) -> Reading:
    """Each space of the square picture of a map (from ``warp``): its symbol and confidence.
    ``labels``: spaces a person named, ``{"B3": "F"}`` (map-file letters), whose look teaches the
    likeness of pencil symbols. ``heroes``: whether heroes and destroyed spaces may be on the
    sheet (by default on the Heroes sides, C and D). ``source_px``: the photo's pixels across a
    space (``warp.space_px``), when the square was made from a photo: a small one's faint
    drawings cannot be told from paper, so its spaces read empty must show no strokes."""
    if heroes is None:
        heroes = side.letter in ("C", "D")
    cell_size = cell_size or square.shape[0] // SIZE
    looks = look(square, cell_size)
    printed = side.mountains | side.wastelands
    open_cells = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if not printed & Cell(r, c).bit]
    area = float(cell_size * cell_size)
    pictures, strokes, print_out = _without_ruins(looks, open_cells, side.ruins, area)
    mass = {cell: float(pictures[cell].sum()) / area for cell in open_cells}
    vectors: dict[Cell, np.ndarray] = {}
    taught: dict[str, list[np.ndarray]] = {}
    for label, letter in (labels or {}).items():
        cell = Cell.parse(label)
        if cell in pictures:
            taught.setdefault(letter.upper(), []).extend(symbols.taught_views(strokes[cell]))
    drawn = [cell for cell in open_cells if looks[cell.row][cell.col].coloured < 0.06 and mass[cell] >= DRAWN
             and looks[cell.row][cell.col].ink < 0.35 and cell.label not in (labels or {})]
    labelled = {k: symbols.stack(v) for k, v in taught.items()}  # the person's examples alone
    scores: dict[Cell, list[tuple[float, str]]] = {}
    named = {Cell.parse(label): letter.upper() for label, letter in (labels or {}).items()
             if Cell.parse(label) in pictures}
    compared: list[Cell] = []
    likeness = np.zeros((0, 0))
    if taught:
        scores, compared, likeness, vectors = _sheet_likeness(drawn, strokes, named)
    paints = colours.inks(square, cell_size)
    print_tint = colours.print_tint([paints[cell.row][cell.col] for cell in open_cells if side.ruins & cell.bit])
    hues = _sheet_hues(paints, [cell for cell in open_cells if not side.ruins & cell.bit], labels or {}, heroes)
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
                                       ruins)
                if cell in vectors and sure >= SURE and symbols.likeness(vectors[cell], labelled)[0][1] != letter:
                    sure = 0.5  # the sheet's own examples and the person's disagree: a person decides
                # The print tints the colouring over it: read without the print's own tint too, the
                # colour must be the same terrain's (a lilac monster over a tan print once read as a
                # pink village).
                if (ruins and letter in COLOURS and print_tint is not None and paints[r][c].share >= colours.COLOURED
                        and colours.read(colours.without(paints[r][c], print_tint), hues, True)[0] != letter):
                    sure = min(sure, 0.3)
            if letter == "." and ruins:
                letter = "r"
            elif ruins and letter not in ("?", "."):
                letter = letter.lower()
            symbols_out[r][c] = letter if sure >= SURE else "?"
            confidence[r][c] = round(sure, 3)
    doubtful = (_colours_unlike_their_own(looks, symbols_out) | _taught_by_the_wrong_label(likeness, compared, named, symbols_out)
                | _far_from_their_label(likeness, compared, named, symbols_out)
                | doubt.doubtful(symbols_out, square, side, cell_size, paints, source_px, bool(taught)) | _more_heroes_than_cards(symbols_out, named)
                | _grey_ink_read_as_colour(looks, paints, symbols_out, named))
    for cell in doubtful:
        symbols_out[cell.row][cell.col] = "?"
        confidence[cell.row][cell.col] = min(confidence[cell.row][cell.col], 0.5)
    return Reading(symbols_out, confidence)


def _more_heroes_than_cards(read: list[list[str]], named: Mapping[Cell, str]) -> set[Cell]:
    """The heroes read on a sheet that would hold more than the game's hero cards allow: a colour
    cast that moved the farms' yellow towards the heroes' orange reads a whole field of heroes;
    then none of them is trusted (those a person named stay)."""
    heroes = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if read[r][c] in ("H", "h")]
    if len(heroes) <= colours.HEROES_MOST:
        return set()
    return {cell for cell in heroes if cell not in named}


def _grey_ink_read_as_colour(looks: list[list[Look]], paints: list[list[colours.Ink]], read: list[list[str]],
                             named: Mapping[Cell, str]) -> set[Cell]:
    """The spaces read by their colour (their ink of colour enough to be a colouring: a pencil
    symbol, read by its likeness, is grey whatever it is) that are dark ink hardly saturated at
    all: a big X in graphite under a warm lamp shows as much "ink of colour" as a pale hatching
    (11321: a destroyed space read as a hero's orange). A person decides them (those a person
    named stay)."""
    return {Cell(r, c) for r in range(SIZE) for c in range(SIZE)
            if read[r][c].upper() in COLOURS and Cell(r, c) not in named and paints[r][c].share >= colours.COLOURED
            and looks[r][c].coloured < GREY_COLOURED and looks[r][c].ink > GREY_INK}


def _colours_unlike_their_own(looks: list[list[Look]], read: list[list[str]]) -> set[Cell]:
    """The spaces read by their colour whose colour is not their terrain's on this sheet: its hue
    or lightness far from the median of the spaces read as that terrain (the pencil's own colour
    when fewer than three are), by more than three times their spread and at least ``HUE_OFF``
    degrees or ``LIGHT_OFF``, or far duller than them (below ``DULL`` of their median saturation).
    A dark grey in a bluish shadow is no water."""
    by_letter: dict[str, list[Cell]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            letter = read[r][c].upper()
            if letter in COLOURS and looks[r][c].coloured >= 0.25:
                by_letter.setdefault(letter, []).append(Cell(r, c))
    out = set()
    for letter, cells in by_letter.items():
        hues = np.array([looks[cell.row][cell.col].hue for cell in cells])
        lights = np.array([looks[cell.row][cell.col].light for cell in cells])
        if len(cells) >= 3:
            angles = np.deg2rad(hues)
            hue = float(np.rad2deg(np.arctan2(np.median(np.sin(angles)), np.median(np.cos(angles)))) % 360)
            light = float(np.median(lights))
        else:
            hue, light = COLOURS[letter]
        hue_gaps = np.array([colours.gap(h, hue) for h in hues])
        light_gaps = np.abs(lights - light)
        hue_off = max(HUE_OFF, 3 * float(np.median(hue_gaps)) * 1.4826) if len(cells) >= 3 else HUE_OFF
        light_off = max(LIGHT_OFF, 3 * float(np.median(light_gaps)) * 1.4826) if len(cells) >= 3 else LIGHT_OFF
        out |= {cell for cell, h, g in zip(cells, hue_gaps, light_gaps) if h > hue_off or g > light_off}
        if len(cells) >= 3:
            # A grey (a destroyed space, a shadow) tinted by the light is far duller than the
            # pencil's own colour on this sheet, however near its hue: it is not read as it.
            vivid = np.array([looks[cell.row][cell.col].saturation for cell in cells])
            typical = float(np.median(vivid))
            out |= {cell for cell, v in zip(cells, vivid) if v < typical * DULL}
    return out


def _far_from_their_label(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                          read: list[list[str]]) -> set[Cell]:
    """The pencil symbols read as a letter whose labels they are little like (below
    ``LABEL_LEAST``): reached through a chain of drawings, a second hand's symbols of another
    terrain (round trees, faces) can end up read as the houses the chain started from; a person
    decides them."""
    out = set()
    for i, cell in enumerate(cells):
        letter = read[cell.row][cell.col].upper()
        if cell in labelled or letter == "?":
            continue
        examples = [j for j, other in enumerate(cells) if labelled.get(other) == letter]
        if examples and float(likeness[examples, i].max()) < LABEL_LEAST:
            out.add(cell)
    return out


def _taught_by_the_wrong_label(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                               read: list[list[str]]) -> set[Cell]:
    """The pencil symbols read as a letter that took a labelled space's nearest likeness: when the
    space read surely that is most like the person's label K (``likeness`` between ``cells``,
    labelled and drawn) is read as L, not K, either K's label is not how this hand draws K (a
    printed ruins left in it, say) or L's is: every space read as L is left to a person. A label
    that taught no space its letter is unlike every drawing of it on the sheet (a faint house
    beside a heavy printed line, the sheet's houses read as trees): the letters of its
    ``UNTAUGHT_NEAREST`` nearest spaces are left to a person."""
    read_as = {i: read[cell.row][cell.col].upper() for i, cell in enumerate(cells)
               if cell not in labelled and read[cell.row][cell.col] != "?"}
    if not read_as:
        return set()
    doubtful = set()
    for letter in set(labelled.values()):
        examples = [i for i, cell in enumerate(cells) if labelled.get(cell) == letter]
        ranked = sorted(read_as, key=lambda i: -float(likeness[examples, i].max()))
        # A label that taught no space its letter is unlike this hand's drawings of it: those are
        # likely read as the letters of the spaces nearest it.
        near = ranked[:UNTAUGHT_NEAREST] if letter not in read_as.values() else ranked[:1]
        doubtful |= {read_as[i] for i in near if read_as[i] != letter}
    return {cells[i] for i, letter in read_as.items() if letter in doubtful}


class Ruins(NamedTuple):
    """The open spaces' ink and strokes with the printed ruins taken out of the ruins spaces, and
    whether it was."""

    pictures: dict[Cell, np.ndarray]
    strokes: dict[Cell, np.ndarray]
    taken_out: bool


def _without_ruins(looks: list[list[Look]], cells: list[Cell], ruins: int, area: float) -> Ruins:
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
    grey = [cell for cell in on_ruins if looks[cell.row][cell.col].coloured < 0.06]
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


def _sheet_likeness(drawn: list[Cell], strokes: Mapping[Cell, np.ndarray], labelled: Mapping[Cell, str]
                    ) -> tuple[dict[Cell, list[tuple[float, str]]], list[Cell], np.ndarray, dict[Cell, np.ndarray]]:
    """Each drawn space's likeness to each labelled symbol as this sheet's hand draws it, best
    first. Every drawn and labelled space is compared with every other (``symbols.alike``); the
    labels spread over the drawn spaces (``propagate``); then each space is scored against the
    others' letters, not its own: the best likeness to a space of each letter. A space the spread
    reached with another letter than its scores give is given no scores (it is ``?``). Also the
    spaces compared (labelled first), their likeness, and each drawn space's features as it is."""
    cells = list(labelled) + [cell for cell in drawn if cell not in labelled]
    if not cells:
        return {}, cells, np.zeros((0, 0)), {}
    views = np.stack([symbols.seen_views(strokes[cell]) for cell in cells])
    likeness = symbols.alike(views)
    plain = {cell: views[i, len(symbols.SEEN) // 2] for i, cell in enumerate(cells) if cell not in labelled}
    known = {i: labelled[cell] for i, cell in enumerate(cells) if cell in labelled}
    # The letter of the labelled space each is most like: the spread reads a space as no other.
    alone = {i: known[max(known, key=lambda j: float(likeness[i, j]))] for i in range(len(cells))}
    read = propagate(likeness, known, LEARN, LEARN_GAP, alone)
    letters = sorted(set(labelled.values()))
    out: dict[Cell, list[tuple[float, str]]] = {}
    for i, cell in enumerate(cells):
        if cell in labelled:
            continue
        others = [j for j in read if j != i]
        best = {letter: max((float(likeness[i, j]) for j in others if read[j] == letter), default=0.0)
                for letter in letters}
        ranked = sorted(((v, k) for k, v in best.items()), reverse=True)
        if i in read and ranked[0][1] == read[i]:
            out[cell] = ranked
        elif i not in read:
            out[cell] = [(min(v, ALIKE - 0.1), k) for v, k in ranked]  # the spread did not reach it
    return out, cells, likeness, plain


def propagate(likeness: np.ndarray, known: Mapping[int, str], least: float, margin: float,
              alone: Mapping[int, str] | None = None) -> dict[int, str]:
    """Letters spread from the spaces ``known`` (index: letter) over the others, one space at a
    time: of the spaces not read yet, the one whose likeness to a read space of one letter most
    exceeds its likeness to any read space of another (by at least ``margin``, the likeness at
    least ``least``) is read as that letter, and so becomes an example itself. A symbol drawn in
    a way far from its label is then reached through the drawings between them, and the surest
    are read first, so that a doubtful one is judged with the most examples. ``alone``: the
    letter the labels alone give each space (``known``'s letter most like it); a space is read
    only as that letter, so that one drawing read wrong cannot carry its likes with it (a house
    read as a tree, then every house more like it than like the labelled house). And a space
    read by the spread teaches only the ``NEAREST`` spaces most like it: a house read among the
    faces, less like any face than the faces are like each other, does not bring the other
    houses with it."""
    letters = sorted(set(known.values()))
    n = likeness.shape[0]
    read = dict(known)
    # A drawn space teaches only its nearest few (the spaces it is among the most like too).
    order = np.argsort(-np.where(np.eye(n, dtype=bool), -np.inf, likeness), axis=1)
    near = np.zeros((n, n), dtype=bool)
    np.put_along_axis(near, order[:, :NEAREST], True, axis=1)
    teaches = np.where(near, likeness, -1.0)
    nearest = np.full((len(letters), n), -1.0)  # each letter's best likeness to each space
    for i, letter in known.items():
        k = letters.index(letter)
        nearest[k] = np.maximum(nearest[k], likeness[i])
    if len(letters) < 2:
        nearest = np.vstack([nearest, np.zeros((1, n))])
    while len(read) < n:
        ordered = np.sort(nearest, axis=0)
        top, gap = ordered[-1], ordered[-1] - ordered[-2]
        # Clearly like one letter; or less like it but twice as clearly unlike the others.
        clear = ((top >= least) & (gap >= margin)) | ((top >= least - 0.1) & (gap >= 2 * margin))
        ready = np.array([i not in read for i in range(n)]) & clear
        if alone is not None:
            ready &= np.array([k < len(letters) and alone.get(i, letters[k]) == letters[k]
                               for i, k in enumerate(nearest.argmax(axis=0))])
        if not ready.any():
            break
        i = int(np.argmax(np.where(ready, gap, -np.inf)))
        k = int(np.argmax(nearest[:, i]))
        read[i] = letters[k]
        nearest[k] = np.maximum(nearest[k], teaches[i])
    return read


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


def _decide(one: Look, mass: float, scores: list[tuple[float, str]] | None, taught: bool,
            heroes: bool, paint: colours.Ink, hues: Mapping[str, colours.Learned],
            ruins: bool = False) -> tuple[str, float]:
    """One space: empty, a colour's terrain, or a taught symbol (``scores``: its likeness to each,
    best first; ``taught``: whether any symbol was); and how sure. ``paint``: its ink of colour,
    read in the sheet's ``hues`` (``colours``)."""
    if heroes and one.ink >= 0.35 and one.coloured < 0.5:
        # A space blacked out in dark pencil: destroyed. Heavy ink short of that is a symbol
        # drawn hard (a house's walls, a face) as much as a cross: a person decides.
        # Dark ink that is also ink of colour is a dark marker as much as a cross under a
        # light's cast: a person decides too.
        if one.ink < BLACKED or paint.share >= colours.COLOURED:
            return "?", 0.3
        return "X", max(0.0, min(1.0, SURE + (one.ink - BLACKED) / 0.1 * (1 - SURE)))
    if paint.share >= colours.COLOURED:
        return colours.read(paint, hues, ruins)
    if paint.share >= colours.COLOURED / 4 or one.coloured >= 0.25:
        return "?", 0.3  # some colour, too little to be a space coloured in
    if one.coloured < 0.06 and mass < EMPTY:
        if one.faint >= FAINT:
            return "?", 0.4  # hardly any ink, but strokes a little darker than the paper: drawn faintly
        # Paper: the surer the less ink there is on it.
        return ".", min(1.0, SURE + (1 - SURE) * (EMPTY - mass) / (EMPTY / 2))
    if not taught and one.coloured < 0.06 and one.ink < 0.012 and mass < DRAWN:
        # No pencil symbol taught (a coloured sheet): little soft ink and dark ink under 1.2 % is paper.
        return ".", max(0.0, min(1.0, 1 - one.coloured / 0.06 * 0.5 - one.ink / 0.012 * 0.5 + 0.3))
    if one.coloured >= 0.06 or mass < DRAWN:
        return "?", 0.3  # a little colour, or a little ink: a stray stroke or a half-coloured space
    if heroes and not taught and not ruins and symbols.crossed(one.picture):
        # A big X in pencil on a sheet coloured in (where pencil marks no terrain): destroyed.
        # Among pencil symbols an X is told by its likeness, as the others are.
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


TERRAIN_LETTERS = {t.word: t.value for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER,
                                            Terrain.MONSTER, Terrain.HERO, Terrain.DESTROYED)}
