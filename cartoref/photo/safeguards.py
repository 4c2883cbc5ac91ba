"""The spaces a reading would decide but a person should: each safeguard finds one kind of lie a
photo has told (a grey tinted by the light read as a colour, a chain of likeness that carried a
symbol to another terrain's letter and the twins of a symbol so doubted, more heroes than the game
has cards, a pale colouring read as paper among spaces left unread, a thumb's skin over one
colouring read as another), and the spaces it finds are
``?``. The reading itself is ``spaces``; the photo's own troubles (glare, marks between the
lines, a smudge) are ``doubt``.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..grid import SIZE, Cell
from . import colours, paper, symbols
from .appearance import COLOURS, DRAWN, HEAVY, Look

LABEL_LEAST = 0.7  # a symbol read is at least this like one of its letter's labels (else "?")
STEP_LEAST = 0.78  # or reached from them through drawings read so, each at least this like the next
UNTAUGHT_NEAREST = 2  # a label that taught no space its letter: the letters of its so many nearest are doubtful
TWINS = 0.85  # two drawings this alike are one symbol drawn twice: doubted alike
UNREAD_NEARER = 0.01  # a symbol more like a drawing left "?" than like its letter's by this much is "?"
HUE_OFF = 20.0  # a colour read this far from its terrain's on the sheet is "?"
DULL = 0.6  # a colour read this much duller than its terrain's on the sheet (saturation) is "?"
#: A space read by its colour with less than this share of it saturated, and more than
#: ``GREY_INK`` of it in dark ink, is a graphite drawing tinted by the light: "?".
GREY_COLOURED, GREY_INK = 0.1, 0.1
EMPTY_TINTED = 3.0  # under paper.SMALL_LEAST, an empty space this tinted at a terrain's hue is "?"
CROSS_COLOURED = 0.25  # a space read by its colour, less of it saturated than this, may be a tinted cross
PENCIL_COLOURED = 0.06  # on a sheet of pencil symbols, a colour read with less of it saturated is "?"
#: A colour read whose space's whole colour (its median), at least ``MIXED_CHROMA`` from the
#: paper, lies ``MIXED_TINT`` degrees or more from its terrain's on the sheet is "?".
MIXED_TINT, MIXED_CHROMA = 60.0, 8.0
#: Or whose whole colour, this far from the paper at least, reads surely (``TINT_SURE``) as
#: another terrain in the sheet's tints.
TINT_TELLS, TINT_SURE = 13.0, 0.7
#: A colour read whose space's halves (top and bottom, or left and right), each ``HALF_INKED``
#: ink of colour at least, lie ``HALVES_APART`` degrees or more apart is "?".
HALVES_APART, HALF_INKED = 35.0, 0.1
#: A space read blacked out whose middle is not this much darker than the sheet's spaces' is "?".
BLACKED_DARKER = 0.7


def more_heroes_than_cards(read: list[list[str]], named: Mapping[Cell, str]) -> set[Cell]:
    """The heroes read on a sheet that would hold more than the game's hero cards allow: a colour
    cast that moved the farms' yellow towards the heroes' orange reads a whole field of heroes;
    then none of them is trusted (those a person named stay)."""
    heroes = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if read[r][c] in ("H", "h")]
    if len(heroes) <= colours.HEROES_MOST:
        return set()
    return {cell for cell in heroes if cell not in named}


def grey_ink_read_as_colour(looks: list[list[Look]], paints: list[list[colours.Ink]], read: list[list[str]],
                            named: Mapping[Cell, str]) -> set[Cell]:
    """The spaces read by their colour (their ink of colour enough to be a colouring: a pencil
    symbol, read by its likeness, is grey whatever it is) that are dark ink hardly saturated at
    all: a big X in graphite under a warm lamp shows as much "ink of colour" as a pale hatching
    (11321: a destroyed space read as a hero's orange). A person decides them (those a person
    named stay)."""
    return {Cell(r, c) for r in range(SIZE) for c in range(SIZE)
            if read[r][c].upper() in COLOURS and Cell(r, c) not in named and paints[r][c].share >= colours.COLOURED
            and looks[r][c].coloured < GREY_COLOURED and looks[r][c].ink > GREY_INK}


def cross_read_as_colour(looks: list[list[Look]], read: list[list[str]], named: Mapping[Cell, str]) -> set[Cell]:
    """On a sheet with heroes, the spaces read by a colour whose pencil strokes are a big X
    (``symbols.crossed``): a destroyed space's cross in graphite, which a warm lamp tints as a
    pale hatching is (the second generator's 11674 at 640 x 480: a cross over a fifth of its
    space tinted yellow, read as a farm: 0.18 of it dark ink, 0.12 of it saturated). Only a
    space with ``GREY_INK`` of dark ink and less than ``CROSS_COLOURED`` of it saturated is
    looked at (a cross is graphite that a light tints; a dark green pencil's forest is 0.34
    saturated and more), which keeps the look quick: every colouring of a Heroes sheet looked
    at doubled a 12 MP photo's time. A person decides them (those a person named stay)."""
    return {Cell(r, c) for r in range(SIZE) for c in range(SIZE)
            if read[r][c].upper() in COLOURS and Cell(r, c) not in named and looks[r][c].ink > GREY_INK
            and looks[r][c].coloured < CROSS_COLOURED and symbols.crossed(looks[r][c].picture)}


def colour_among_pencil(looks: list[list[Look]], paints: list[list[colours.Ink]], read: list[list[str]],
                        named: Mapping[Cell, str], hues: Mapping[str, colours.Learned],
                        one_hue: bool = False) -> set[Cell]:
    """On a sheet of pencil symbols (not coloured in), the spaces read by their colour with hardly
    a saturated pixel (less than ``PENCIL_COLOURED`` of them): a pale tint over a pencil symbol,
    the light's or a thumb's (the second generator's 11330: a thumb's pink over a tree at a
    corner, read as a village), not a colouring; and those read as a colour the sheet's ``hues``
    learned from fewer than ``colours.TRUSTED`` of its spaces: among pencil symbols a colour
    seen once is a thumb's as likely as a pencil's (11367: a thumb's tip over a corner's water,
    saturated, read as a village). And all of them where the sheet's inks of colour are
    ``one_hue`` (``colours.one_hue``): a light's, over every pencil symbol alike (the second
    generator's 11618 at 640 x 480: a warm lamp yellowed the strokes of 29 symbols within 5
    degrees, and 7 trees and monsters read as farms). A person decides them (those a person
    named stay)."""
    return {Cell(r, c) for r in range(SIZE) for c in range(SIZE)
            if read[r][c].upper() in COLOURS and Cell(r, c) not in named and paints[r][c].share >= colours.COLOURED
            and (one_hue or looks[r][c].coloured < PENCIL_COLOURED or hues[read[r][c].upper()].members < colours.TRUSTED)}


def ink_unlike_its_space(paints: list[list[colours.Ink]], read: list[list[str]], named: Mapping[Cell, str],
                         tints: Mapping[str, colours.Learned]) -> set[Cell]:
    """On a sheet coloured in, the spaces read by their ink of colour whose whole colour (their median,
    ``colours.tint``) is clearly a colour (``MIXED_CHROMA`` from the paper at least) and lies
    ``MIXED_TINT`` degrees or more from their terrain's on the sheet (``tints``, learned from
    ``colours.LEARN_FROM`` of its spaces at least): what colours such a space is not one
    colouring. A thumb's tip over a farm's corner: its pink skin is the space's ink, read as a
    village; the space as a whole is a yellow, 71 degrees from the sheet's villages (the second
    generator's 11330 made at 12 MP). And a space read by its tint, too little ink of colour to
    be coloured in, whose little ink (a quarter of a colouring's share at least) lies so far
    from its terrain: a thumb's pink over a forest's corner, the space's tint read as a village,
    its few green strokes 130 degrees from the villages (11628). And a space read by its ink
    whose whole colour, ``TINT_TELLS`` from the paper at least, reads surely as another terrain
    in the sheet's tints: a lilac monster whose ink read as the sheet's water, its whole colour
    the sheet's monsters' (fresh 11706). On 173 phone photos the three doubted 5 right spaces of
    18,016. A person decides them (those a person named stay)."""
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            letter = read[r][c].upper()
            learned = tints.get(letter)
            one = paints[r][c]
            if (letter not in COLOURS or Cell(r, c) in named or learned is None
                    or learned.members < colours.LEARN_FROM or one.share < colours.COLOURED / 4):
                continue
            whole = colours.tint(one)
            if one.share >= colours.COLOURED:
                seen = whole  # read by its ink: the space's whole colour must be its terrain's too
            else:
                seen = one  # read by its tint: the little ink of colour it shows must be its terrain's
            if seen.chroma >= MIXED_CHROMA and colours.gap(seen.hue, learned.hue) >= MIXED_TINT:
                out.add(Cell(r, c))
            elif one.share >= colours.COLOURED and whole.chroma >= TINT_TELLS:
                # Or its ink and its whole colour each surely another terrain's.
                by_tint, sure = colours.tinted(one, tints)
                if by_tint not in ("?", letter) and sure >= TINT_SURE:
                    out.add(Cell(r, c))
    return out


def two_colours_in_one(paints: list[list[colours.Ink]], read: list[list[str]],
                       named: Mapping[Cell, str]) -> set[Cell]:
    """The spaces read by a colour whose two halves, top and bottom or left and right, show two
    colours (each half ``HALF_INKED`` ink of colour at least, their hues ``HALVES_APART``
    degrees apart or more: the nearest two terrains' usual pencils, water and monster, are 37
    apart): one pencil colours a space all over, and a space that shows two is read across a
    printed line, its halves two spaces' (a curled sheet whose lines bend off the grid's
    places). A forest's green over a village's red reads a farm's yellow (the second
    generator's 11691 at 640 x 480). Of 9,712 spaces read right on 213 phone photos, 2 show
    so. A person decides them (those a person named stay)."""
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            halves = paints[r][c].halves
            if read[r][c].upper() not in COLOURS or Cell(r, c) in named or not halves:
                continue
            for (one, hue), (other, other_hue) in ((halves[0], halves[1]), (halves[2], halves[3])):
                if min(one, other) >= HALF_INKED and colours.gap(hue, other_hue) >= HALVES_APART:
                    out.add(Cell(r, c))
    return out


def blacked_in_the_light(looks: list[list[Look]], square: np.ndarray, cell: int, read: list[list[str]],
                         open_cells: list[Cell], named: Mapping[Cell, str]) -> set[Cell]:
    """The spaces read as blacked out (destroyed) whose middle is not ``BLACKED_DARKER`` of the
    sheet's open spaces' middles (their median): a space is blacked out against the paper
    around it, and beside a glare that paper is the glare's bright halo, so that plain paper
    in the photo's dim light reads dark (the second generator's 11700 at 640 x 480: an empty
    space beside a glare, 0.84 of the sheet's, read destroyed). Graphite pressed over a whole
    space is darker than any paper on the sheet; of 1,246 printed mountains and wastelands
    read as blacked out on 250 phone photos, the darkest print's middle was 0.9 of the sheet's
    spaces'. A person decides them (those a person named stay)."""
    blacked = [one for one in open_cells if read[one.row][one.col] == "X" and one not in named
               and looks[one.row][one.col].ink >= HEAVY]
    if not blacked:
        return set()
    middles = paper.per_space(square.astype(np.float32).mean(axis=2), cell, lambda inside: float(np.median(inside)))
    sheet = float(np.median([middles[one.row, one.col] for one in open_cells]))
    return {one for one in blacked if middles[one.row, one.col] > BLACKED_DARKER * sheet}


def unsure_on_a_tiny_photo(paints: list[list[colours.Ink]], read: list[list[str]],
                           named: Mapping[Cell, str], hues: Mapping[str, colours.Learned]) -> set[Cell]:
    """On a sheet coloured in photographed under ``paper.SMALL_LEAST`` pixels a space, the spaces
    read by a colour paler than a pencil's (``colours.VIVID``) or by their tint alone: so small a
    photo blurs a light hand's hatching into the light's cast, and a warm lamp turned pale
    waters purple (read as monsters), a vignette's corners pink (read as villages: the second
    generator's 11668 and 11672 at 640 x 480, 19-22 pixels a space). On 84 readings of
    photos that small, this left 751 right spaces of 5,831 to a person, and 10 of 13 wrong.
    And the heroes read by their colour: their orange lies between the villages' red and the
    farms' yellow, which a warm light or a vignette moves there (11593 at 640 x 480, 16
    pixels a space: a farm read as a hero; its heroes' orange is never learned from the sheet,
    a few spaces at most). And a colour read as a terrain the sheet did not teach (fewer than
    ``colours.LEARN_FROM`` of its spaces, ``hues``): its hue is then a usual pencil's, and so
    small a photo moves a pale one to it (fresh 11786 at 640 x 480: a light hand's
    yellow-green forest read as a farm, of which the sheet showed one). A person decides them
    (those a person named stay)."""
    return {Cell(r, c) for r in range(SIZE) for c in range(SIZE)
            if read[r][c].upper() in COLOURS and Cell(r, c) not in named
            and (paints[r][c].share < colours.COLOURED or paints[r][c].chroma < colours.VIVID
                 or read[r][c].upper() == "H" or hues[read[r][c].upper()].members < colours.LEARN_FROM)}


def empty_at_a_colours_hue(paints: list[list[colours.Ink]], read: list[list[str]],
                           tints: Mapping[str, colours.Learned]) -> set[Cell]:
    """On a sheet coloured in photographed under ``paper.SMALL_LEAST`` pixels a space, the spaces
    read empty whose tint, ``EMPTY_TINTED`` from the paper at least, lies within one spread of a
    terrain's hue in the sheet's tints (learned from ``colours.TRUSTED`` spaces at least): so
    small a photo blurs a light hand's colouring into a tint as faint as the paper's noise, but
    on its pencil's hue (fresh 11811 at 640 x 480, 20 pixels a space: a forest 3.7 from the
    paper, 0.4 of a spread from the sheet's forests, read empty). Of 1,504 empty spaces on 32
    photos that small, 6 are so. A person decides them."""
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            if read[r][c] != ".":
                continue
            whole = colours.tint(paints[r][c])
            if whole.chroma >= EMPTY_TINTED and any(
                    k != "H" and learned.members >= colours.TRUSTED and colours.gap(whole.hue, learned.hue) <= learned.spread
                    for k, learned in tints.items()):
                out.add(Cell(r, c))
    return out


def pale_tint_on_the_edge(paints: list[list[colours.Ink]], read: list[list[str]], named: Mapping[Cell, str],
                          tints: Mapping[str, colours.Learned]) -> set[Cell]:
    """On a sheet coloured in, the spaces on the map's edge read by their tint alone (too little
    ink of colour) less than half as strong (``colours.PALE_SHARE``) as their terrain's tints on
    the sheet: a hand holds a sheet by its edge, and a thumb's skin over an edge space tints
    it as a pale colouring does (fresh 11810 at 640 x 480: a thumb's pink over a corner, 10
    from the paper, read as a village among felt-tip villages three times as strong). Inside
    the map a pale hatching among strong ones is read by its tint as before. A person decides
    them (those a person named stay)."""
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            letter = read[r][c].upper()
            learned = tints.get(letter)
            if (learned is None or Cell(r, c) in named or paints[r][c].share >= colours.COLOURED
                    or (0 < r < SIZE - 1 and 0 < c < SIZE - 1)):
                continue
            if colours.tint(paints[r][c]).chroma < colours.PALE_SHARE * learned.chroma:
                out.add(Cell(r, c))
    return out


def too_few_to_be_paper(read: list[list[str]]) -> set[Cell]:
    """On a sheet coloured in photographed under ``paper.SMALL_LEAST`` pixels a space, the spaces
    read empty when fewer than ``paper.QUIET_FROM`` are: a sheet drawn nearly full, whose few
    "empty" spaces are as likely a light hand's pale colourings, which so small a photo makes a
    smooth tint hardly off the paper (the second generator's 11628, 17.6 pixels a space: five
    read empty, two of them a water and a forest hatched lightly under a cool cast, 4.3-4.6
    from the paper). A person decides them."""
    empty = {Cell(r, c) for r in range(SIZE) for c in range(SIZE) if read[r][c] == "."}
    return empty if len(empty) < paper.QUIET_FROM else set()


def colours_unlike_their_own(looks: list[list[Look]], read: list[list[str]]) -> set[Cell]:
    """The spaces read by their colour whose colour is not their terrain's on this sheet: its hue
    far from the median of the spaces read as that terrain, by more than three times their
    spread and at least ``HUE_OFF`` degrees, or far duller than them (below ``DULL`` of their
    median saturation). A dark grey in a bluish shadow is no water. With fewer than three
    spaces read as a terrain, its hue is the usual pencil's, and a space far duller than the
    sheet's colours, all terrains together, is doubted. Lightness is not doubted: a brand's
    markers are darker than its pencils, a light hand's hatching paler, a shadow darkens a
    colouring and a lamp lightens it (the sheet's balance takes out a cast, not every shade).
    On 134 phone photos of the second generator a lightness far from the terrain's left 105
    right spaces ``?`` and caught no misreading, nor on the project's own 80."""
    by_letter: dict[str, list[Cell]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            letter = read[r][c].upper()
            if letter in COLOURS and looks[r][c].coloured >= 0.25:
                by_letter.setdefault(letter, []).append(Cell(r, c))
    out = set()
    every = [looks[cell.row][cell.col].saturation for cells in by_letter.values() for cell in cells]
    for letter, cells in by_letter.items():
        hues = np.array([looks[cell.row][cell.col].hue for cell in cells])
        if len(cells) >= 3:
            angles = np.deg2rad(hues)
            hue = float(np.rad2deg(np.arctan2(np.median(np.sin(angles)), np.median(np.cos(angles)))) % 360)
        else:
            hue = COLOURS[letter][0]
        hue_gaps = np.array([colours.gap(h, hue) for h in hues])
        hue_off = max(HUE_OFF, 3 * float(np.median(hue_gaps)) * 1.4826) if len(cells) >= 3 else HUE_OFF
        out |= {cell for cell, h in zip(cells, hue_gaps) if h > hue_off}
        # A grey (a destroyed space, a shadow) tinted by the light is far duller than the
        # pencil's own colour on this sheet, however near its hue: it is not read as it.
        vivid = np.array([looks[cell.row][cell.col].saturation for cell in cells])
        typical = float(np.median(vivid if len(cells) >= 3 else every))
        out |= {cell for cell, v in zip(cells, vivid) if v < typical * DULL}
    return out


def far_from_their_label(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                         read: list[list[str]]) -> set[Cell]:
    """The pencil symbols read as a letter whose labels they are little like (below
    ``LABEL_LEAST``): reached through a chain of drawings, a second hand's symbols of another
    terrain (round trees, faces) can end up read as the houses the chain started from; a person
    decides them. Unless the chain holds at every step: a symbol reached from its letter's
    labels through spaces read so, each at least ``STEP_LEAST`` like the next, is a hand's
    drawing changing little by little (a tree drawn rounder each time). On the second
    generator's 134 pencil tuning photos, 93 % of the symbols so doubted were read right; the
    chains that carried trees to houses, or houses to trees, each held a step under 0.75."""
    def read_as(cell: Cell) -> str:
        return labelled.get(cell) or read[cell.row][cell.col].upper()

    # A label that taught no space its letter is one whose hand's drawings a chain of another
    # letter took (the project's photo 203: its houses, read as trees through steps 0.788
    # alike, its house label teaching none): then no chain is trusted on the sheet.
    taught = {read_as(cell) for cell in cells if cell not in labelled}
    trusted = set(labelled.values()) <= taught
    steps = {letter: _widest_steps(likeness, [i for i, cell in enumerate(cells) if read_as(cell) == letter],
                                   [i for i, cell in enumerate(cells) if labelled.get(cell) == letter])
             if trusted else {} for letter in set(labelled.values())}
    out = set()
    for i, cell in enumerate(cells):
        letter = read[cell.row][cell.col].upper()
        if cell in labelled or letter == "?":
            continue
        examples = [j for j, other in enumerate(cells) if labelled.get(other) == letter]
        if examples and float(likeness[examples, i].max()) < LABEL_LEAST and steps[letter].get(i, 0.0) < STEP_LEAST:
            out.add(cell)
    return out


def _widest_steps(likeness: np.ndarray, among: list[int], start: list[int]) -> dict[int, float]:
    """For each of ``among`` reached, the weakest step of the strongest chain from ``start``
    through ``among`` alone (a step: the likeness of two spaces), each passed on strongest first."""
    best = {i: 1.0 for i in start}
    left = set(among) - set(start)
    passing = list(start)
    while passing:
        for i in passing:
            for j in left:
                best[j] = max(best.get(j, -1.0), min(best[i], float(likeness[i, j])))
        ready = [j for j in left if j in best]
        if not ready:
            break
        passing = [max(ready, key=best.__getitem__)]
        left.discard(passing[0])
    return best


def taught_by_faint_labels(cells: list[Cell], labelled: Mapping[Cell, str], read: list[list[str]],
                           mass: Mapping[Cell, float]) -> set[Cell]:
    """The pencil symbols read as a letter whose every label shows hardly a drawing (less ink
    than ``appearance.DRAWN``: too faint to be told from paper): such a label teaches faintness,
    and the sheet's faint drawings of any terrain are most like it (the second generator's
    11364: a faint wave labelled, a faint farm and a faint tree read as waters). A person
    decides them; a clearer label of that letter teaches it."""
    faint = {letter for letter in set(labelled.values())
             if all(mass[cell] < DRAWN for cell, other in labelled.items() if other == letter)}
    return {cell for cell in cells if cell not in labelled and read[cell.row][cell.col].upper() in faint}


def taught_by_the_wrong_label(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                              read: list[list[str]]) -> set[Cell]:
    """The pencil symbols read as a letter that took a labelled space's nearest likeness: when the
    space read surely that is most like the person's label K (``likeness`` between ``cells``,
    labelled and drawn) is read as L, not K, either K's label is not how this hand draws K (a
    printed ruins left in it, say) or L's is: every space read as L is left to a person. A label
    that taught no space its letter is unlike every drawing of it on the sheet (a faint house
    beside a heavy printed line, the sheet's houses read as trees): the letters of its
    ``UNTAUGHT_NEAREST`` nearest spaces, those at least ``LABEL_LEAST`` like it, are left to a
    person."""
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
        if letter in read_as.values():
            near = ranked[:1]
        else:
            # Only a space like the label as much as a symbol read as its letter must be
            # (``LABEL_LEAST``) can be one of its drawings read wrong: a label under a glare or
            # a hand's only house teaches no space, and its nearest tree, 0.65 like it, is no
            # house (the second generator's 11332: every tree of a sheet was ``?`` so).
            near = [i for i in ranked[:UNTAUGHT_NEAREST] if float(likeness[examples, i].max()) >= LABEL_LEAST]
        doubtful |= {read_as[i] for i in near if read_as[i] != letter}
    return {cells[i] for i, letter in read_as.items() if letter in doubtful}


def empty_among_the_unread(read: list[list[str]], printed: int) -> set[Cell]:
    """The spaces read empty with no space around them read empty, and at least half of the
    open spaces around them (not ``printed``) left ``?``: nothing near shows paper as this space
    does, and the reader was unsure all round it. On a sheet coloured in, that is a pale
    colouring read as paper (phone photo 11330: a pale farm beside a thumb, in a warm cast, at
    640 x 480); a person decides it."""
    out = set()
    for r in range(SIZE):
        for c in range(SIZE):
            if read[r][c] not in (".", "r"):
                continue
            around = [Cell(rr, cc) for rr in range(max(0, r - 1), min(SIZE, r + 2))
                      for cc in range(max(0, c - 1), min(SIZE, c + 2)) if (rr, cc) != (r, c)]
            open_ = [cell for cell in around if not printed & cell.bit]
            if open_ and not any(read[cell.row][cell.col] in (".", "r") for cell in open_) \
                    and 2 * sum(read[cell.row][cell.col] == "?" for cell in open_) >= len(open_):
                out.add(Cell(r, c))
    return out


def nearer_the_unread(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                      read: list[list[str]], doubted: set[Cell]) -> set[Cell]:
    """The pencil symbols read by their likeness that are more like a drawing left ``?`` (or
    ``doubted``) than like any drawing read as their letter or labelled so: their kind of
    drawing is undecided, and they are one of it (fresh 11800: a second hand's round trees,
    little like the label's triangle tree, were left ``?`` but one, read as a house, 0.767
    like the nearest house and 0.780 like a round tree doubted). More like by ``UNREAD_NEARER``
    at least: likeness differs by a hundredth from one look to the next, and the strict rule
    cost the project's own pencil photos 1 % of their spaces (a hundredth: 0.6 %; on 188 phone
    photos, 92 right spaces of 13,900). A person decides them (those a person named stay)."""
    out = set()
    letters = [labelled.get(cell) or ("?" if cell in doubted else read[cell.row][cell.col].upper()) for cell in cells]
    for i, cell in enumerate(cells):
        letter = letters[i]
        if cell in labelled or letter not in COLOURS:
            continue
        same = [float(likeness[i, j]) for j in range(len(cells)) if j != i and letters[j] == letter]
        unread = [float(likeness[i, j]) for j in range(len(cells)) if j != i and letters[j] == "?"]
        if unread and (not same or max(unread) > max(same) + UNREAD_NEARER):
            out.add(cell)
    return out


def twins_of_the_doubted(likeness: np.ndarray, cells: list[Cell], labelled: Mapping[Cell, str],
                         read: list[list[str]], doubted: set[Cell]) -> set[Cell]:
    """The pencil symbols read as the same letter as their most alike drawing (at least
    ``TWINS`` alike), when that drawing is ``doubted``, and so on from those: two drawings so
    alike are one symbol drawn twice, and what doubts one reading doubts the other (phone photo
    11346: a hand's round trees reached the houses' label through each other; all but one were
    left "?" as little like it, and that one, a hair above, was read a house)."""
    out: set[Cell] = set()
    others = [j for j, cell in enumerate(cells) if cell not in labelled]
    twin = {}
    for i, cell in enumerate(cells):
        if cell in labelled or read[cell.row][cell.col] == "?" or len(others) < 2:
            continue  # a drawing alone has no twin
        j = max((k for k in others if k != i), key=lambda k: float(likeness[i, k]))
        if float(likeness[i, j]) >= TWINS and read[cells[j].row][cells[j].col].upper() == read[cell.row][cell.col].upper():
            twin[cell] = cells[j]
    grown = True
    while grown:
        grown = False
        for cell, other in twin.items():
            if cell not in out and cell not in doubted and (other in doubted or other in out):
                out.add(cell)
                grown = True
    return out
