"""Lies that photos of 640 x 480 told (the second generator's, 16-23 pixels a space), each now a
space left to a person: a space read across a printed line, a grid moved by lines too faint to
see, an empty space beside a glare read blacked out, a farm a warm light turned orange read as
a hero, a pale farm read empty, a cross a lamp tinted read as a farm."""

from __future__ import annotations

import numpy as np
from phone_reads import read_phone_photo
from test_photo_doubt import CELL, SIDE_A, blank_reading, box, paper, u8
from test_photo_tint import hatch

from cartoref.cards import catalog
from cartoref.grid import SIZE, Cell
from cartoref.photo import colours, paper as paper_look, safeguards, snap
from cartoref.photo.appearance import HEAVY, Look

SIDE_C = catalog().sheet_side("C")


def _no_paints() -> list[list[colours.Ink]]:
    return [[colours.Ink(0.0, 0.0, 0.0)] * SIZE for _ in range(SIZE)]


def test_a_space_whose_halves_show_two_colours_is_a_persons():
    # A curled sheet's lines bend off the grid's places: a space read across its printed line
    # shows a forest's green above and a village's red below, and the two together read as a
    # farm's yellow (11691). One pencil colours a space all over.
    paints, read = _no_paints(), [["."] * SIZE for _ in range(SIZE)]
    green_over_red = ((0.9, 130.0), (0.8, 25.0), (0.85, 80.0), (0.85, 75.0))  # top, bottom, left, right
    paints[0][0], read[0][0] = colours.Ink(0.85, 84.0, 30.0, halves=green_over_red), "P"
    # A farm hatched unevenly: its halves 20 degrees apart, one colour.
    paints[0][1], read[0][1] = colours.Ink(0.7, 92.0, 30.0, halves=((0.9, 100.0), (0.5, 80.0), (0.7, 90.0), (0.7, 92.0))), "P"
    # Water and monster side by side, left and right: 37 degrees, the nearest two terrains.
    paints[0][2], read[0][2] = colours.Ink(0.8, 296.0, 25.0, halves=((0.8, 296.0), (0.8, 297.0), (0.8, 278.0), (0.8, 315.0))), "W"
    # One half hardly coloured (a hand's stroke over the line): its hue tells nothing.
    paints[0][3], read[0][3] = colours.Ink(0.5, 130.0, 25.0, halves=((0.9, 130.0), (0.05, 20.0), (0.5, 130.0), (0.5, 128.0))), "F"
    assert safeguards.two_colours_in_one(paints, read, {}) == {Cell.parse("A1"), Cell.parse("A3")}
    assert safeguards.two_colours_in_one(paints, read, {Cell.parse("A1"): "P"}) == {Cell.parse("A3")}


def test_a_space_coloured_in_two_halves_is_not_read_from_a_picture():
    # Wired through the reading: a space hatched green above and red below (a square whose
    # grid runs half a space off), among forests and villages the sheet teaches.
    img = paper()
    for label in ("A1", "A2", "A3", "B1"):
        hatch(img, label, (60, 150, 80))
    for label in ("D1", "D2", "D3", "E1"):
        hatch(img, label, (200, 60, 60))
    hatch(img, "G7", (200, 60, 60))
    y, x = box("G7")
    img[y + 3:y + CELL // 2, x + 3:x + CELL - 3] = 235
    for k in range(3, CELL - 3, 4):
        img[y + 3:y + CELL // 2, x + k:x + k + 2] = (60, 150, 80)
    from cartoref.photo import read_spaces

    reading = read_spaces(u8(img), SIDE_A)
    assert reading.symbols[0][0] == "F" and reading.symbols[3][0] == "V"
    assert reading.symbols[6][6] == "?"


def test_lines_seen_only_in_part_of_the_map_do_not_move_its_corners():
    # A 640 x 480 photo of a curled sheet (11691, 22 pixels a space) showed 14 pieces of its
    # faint printed lines, all in its top half; the bend through them, run on to the bottom,
    # moved right corners half a space. Crossings seen across the map move corners a quarter of
    # a space off (test_photo_snap); the same seen in its top half only leave them.
    from test_photo_snap import _photo_of_a_flat_sheet

    from cartoref.photo.light import balanced_square
    from cartoref.photo.warp import CELL as SQUARE_CELL

    img, truth = _photo_of_a_flat_sheet()
    off = truth.copy()
    off[2] += (6.5, 4.0)
    seen = snap.seen_crossings(balanced_square(img, off))
    assert snap.refitted(off, seen, SQUARE_CELL) is not None
    top = seen.copy()
    top[SIZE // 2:] = np.nan
    assert snap.refitted(off, top, SQUARE_CELL) is None
    few = np.full_like(seen, np.nan)
    few[::3, ::3] = seen[::3, ::3]  # 16 crossings spread over the map: too few
    assert snap.refitted(off, few, SQUARE_CELL) is None


def test_a_space_as_light_as_the_sheet_is_not_blacked_out():
    # Beside a glare the paper near a space is the glare's bright halo, and plain paper in the
    # photo's dim light reads dark against it (11700: an empty space read destroyed, its middle
    # 0.84 of the sheet's spaces'). Graphite pressed over a whole space is darker than any
    # paper on the sheet.
    img = paper() * 0.64  # a dim photo: paper at 150
    y, x = box("E5")
    img[y + 2:y + CELL - 2, x + 2:x + CELL - 2] = 60  # blacked out in pencil: 0.4 of the sheet's
    u = u8(img)
    heavy = Look(0.0, 0.0, 1.0, 0.99, np.zeros((4, 4)))  # dark ink over 0.99 of it: read as blacked out
    assert heavy.ink >= HEAVY
    looks = [[Look(0.0, 0.0, 1.0, 0.0, np.zeros((4, 4)))] * SIZE for _ in range(SIZE)]
    looks[4][4], looks[1][0] = heavy, heavy
    read = blank_reading()
    read[4][4], read[1][0] = "X", "X"  # E5 blacked out; B1 plain paper read so against a halo
    printed = SIDE_A.mountains | SIDE_A.wastelands
    open_cells = [Cell(r, c) for r in range(SIZE) for c in range(SIZE) if not printed & Cell(r, c).bit]
    assert safeguards.blacked_in_the_light(looks, u, CELL, read, open_cells, {}) == {Cell.parse("B1")}
    assert safeguards.blacked_in_the_light(looks, u, CELL, read, open_cells, {Cell.parse("B1"): "X"}) == set()


def test_on_a_tiny_photo_a_hero_read_by_its_colour_is_a_persons():
    # A hero's orange lies between the villages' red and the farms' yellow, which a warm light
    # or a vignette moves there: a farm read as a hero (11593, 16 pixels a space).
    paints, read = _no_paints(), [["."] * SIZE for _ in range(SIZE)]
    taught = colours.learn([colours.Ink(0.8, hue, 25.0) for hue in (90, 92, 95, 130, 135, 140)], heroes=True)
    assert taught["P"].members == 3 and taught["H"].members == 0
    paints[0][0], read[0][0] = colours.Ink(0.85, 71.0, 20.0), "H"
    paints[0][1], read[0][1] = colours.Ink(0.85, 92.0, 24.0), "P"  # a vivid farm stays
    assert safeguards.unsure_on_a_tiny_photo(paints, read, {}, taught) == {Cell.parse("A1")}


def test_on_a_tiny_photo_a_colour_the_sheet_did_not_teach_is_a_persons():
    # A light hand's yellow-green forest at 640 x 480 read as a farm, of which the sheet showed
    # one (fresh 11786): the farms' hue was the usual pencil's, not the sheet's own.
    taught = colours.learn([colours.Ink(0.8, hue, 25.0) for hue in (130, 135, 140, 20, 22, 25, 92)], heroes=False)
    assert taught["F"].members == 3 and taught["V"].members == 3 and taught["P"].members == 1
    paints, read = _no_paints(), [["."] * SIZE for _ in range(SIZE)]
    paints[0][0], read[0][0] = colours.Ink(0.33, 104.0, 18.8), "P"
    paints[0][1], read[0][1] = colours.Ink(0.8, 133.0, 24.0), "F"  # a forest the sheet taught stays
    assert safeguards.unsure_on_a_tiny_photo(paints, read, {}, taught) == {Cell.parse("A1")}


def _washed(tint: float, where: str, paler: tuple[str, ...] = (), seed: int = 3) -> np.ndarray:
    """A sheet with a few vivid colourings and one space washed over in a pale yellow this far
    from the paper (about, in a*-b*); and the ``paler`` spaces washed at 3."""
    img = paper(seed)
    for label in ("A1", "A2", "A3"):
        hatch(img, label, (60, 150, 80))
    for label in ("G1", "G2", "G3"):
        hatch(img, label, (200, 60, 60))
    for label, amount in ((where, tint), *((other, 3.0) for other in paler)):
        y, x = box(label)
        img[y + 2:y + CELL - 2, x + 2:x + CELL - 2] -= (0.0, 0.0, 1.8 * amount)  # blue taken out: a yellow
    return u8(img)


def test_on_a_tiny_photo_a_space_read_empty_tinted_beyond_the_sheets_others_is_a_persons():
    # A dim 640 x 480 photo's pale farm read empty (11671, 20 pixels a space): 5.2 from the
    # paper, below the 5.5 that always doubts, but the sheet's other empty spaces were 2.7 at
    # most (and a pale water under a cool cast, fresh 11759: 5.0, their median 1.3). Under 24
    # pixels a space, three times their median (4 at least) is a person's.
    # Fourteen more spaces read empty washed at 3 (pale colourings among them): the median of the
    # sheet's empty spaces does not move, their ninth tenth would.
    paler = ("I1", "I2", "I3", "I5", "I6", "K1", "K2", "K3", "K4", "K5", "K6", "K7", "K9", "K11")
    for tint, tiny, doubted in ((4.8, True, True), (3.2, True, False), (4.8, False, False)):
        u = _washed(tint, "E8", paler)
        paints = colours.inks(u, CELL)
        seen = paints[4][7].tint
        assert abs(seen - tint) < 0.8, seen
        assert seen < paper_look.TINTED
        read = blank_reading()
        for label in ("A1", "A2", "A3", "G1", "G2", "G3"):
            cell = Cell.parse(label)
            read[cell.row][cell.col] = "F" if cell.row == 0 else "V"
        found = paper_look.not_paper(read, u, SIDE_A, CELL, paints, source_px=20 if tiny else 40, coloured=True)
        assert (Cell.parse("E8") in found) is doubted


def test_on_a_tiny_photo_paper_as_tinted_as_a_pale_colouring_says_no_space_empty():
    # 18 pixels a space (fresh 11785): the sheet's empty spaces 3.5 from the paper, their median,
    # and two pale waters 3.6 and 3.9 among them read empty. Paper that noisy is nothing to
    # tell a light hand's colouring from: none is said empty. A quiet sheet's are.
    rng = np.random.default_rng(5)
    img = paper(7)
    for label in ("A1", "A2", "A3"):
        hatch(img, label, (60, 150, 80))
    for label in ("G1", "G2", "G3"):
        hatch(img, label, (200, 60, 60))
    noisy = img.copy()
    for r in range(SIZE):
        for c in range(SIZE):
            y, x = r * CELL, c * CELL
            angle = rng.uniform(0, 2 * np.pi)  # a tint of its own, every way, around the paper
            noisy[y + 2:y + CELL - 2, x + 2:x + CELL - 2] += (8.5 * np.cos(angle), 8.5 * np.sin(angle), 0.0)
    read = blank_reading()
    for label in ("A1", "A2", "A3", "G1", "G2", "G3"):
        cell = Cell.parse(label)
        read[cell.row][cell.col] = "F" if cell.row == 0 else "V"
    empty = {Cell(r, c) for r in range(SIZE) for c in range(SIZE) if read[r][c] == "."}
    for picture, all_doubted in ((noisy, True), (img, False)):
        u = u8(picture)
        paints = colours.inks(u, CELL)
        noise = float(np.median([paints[cell.row][cell.col].tint for cell in empty]))
        assert (noise >= paper_look.NOISY_PAPER) is all_doubted, noise
        found = paper_look.not_paper(read, u, SIDE_A, CELL, paints, source_px=18, coloured=True)
        assert (empty <= found) is all_doubted


def test_a_cross_a_lamp_tinted_is_not_read_as_a_colour():
    # A destroyed space's cross in graphite under a warm lamp shows as a pale yellow hatching
    # over a fifth of the space (11674, read as a farm). Its strokes are a big X.
    picture = np.zeros((30, 30))
    for k in range(30):
        picture[k, max(0, k - 1):k + 2] = 1.0
        picture[k, max(0, 28 - k):31 - k] = 1.0
    cross = Look(0.12, 93.0, 0.8, 0.18, picture)
    hatched = np.zeros((30, 30))
    hatched[:, ::4] = 1.0  # upright strokes: a farm's hatching
    farm = Look(0.6, 93.0, 0.8, 0.0, hatched)
    looks = [[farm] * SIZE for _ in range(SIZE)]
    looks[2][6] = cross
    read = [["P"] * SIZE for _ in range(SIZE)]
    assert safeguards.cross_read_as_colour(looks, read, {}) == {Cell.parse("C7")}


def test_the_640_photo_of_a_curled_sheet_reads_no_space_wrong(tmp_path):
    # The second generator's 11691 at 640 x 480 (22 pixels a space, a warm lamp, a sheet
    # curled at its bottom edge), with its true corners: its last rows were read across their
    # printed lines, villages as farms.
    _photo, done, wrong = read_phone_photo(11691, "coloured", tmp_path, size=(640, 480))
    assert wrong == []
    assert sum(symbol in "FVPWM" for row in done.symbols for symbol in row) >= 20  # its vivid colourings read


def test_a_glares_halo_does_not_make_a_sheet_of_pencil_symbols_one_coloured_in():
    # A cool lamp's glare rings itself with blue, 19-28 from the paper: nine spaces beside it
    # showed "ink of colour", and the sheet of pencil symbols was taken for one coloured in,
    # whose empty spaces are judged by their colour; its faint furrows and waves in a shadow,
    # 21 pixels a space, were then read empty. The spaces beside a glare are its halo's.
    from cartoref.photo import doubt

    blown = np.zeros((SIZE, SIZE))
    blown[3, 3], blown[3, 4] = 0.9, doubt.GLARE_NEAR / 2
    halo = doubt.beside_glare(blown)
    assert {Cell(r, c).label for r, c in zip(*np.nonzero(halo))} == {
        "C3", "C4", "C5", "D3", "D4", "D5", "E3", "E4", "E5"}


def test_faint_symbols_in_a_shadow_beside_a_glare_are_not_read_empty(tmp_path):
    # The second generator's 11725, pencil (fresh, 480 x 640, a glare, a deep shadow): 15
    # furrows and waves read empty, unmarked.
    photo, _done, wrong = read_phone_photo(11725, "pencil", tmp_path, jpeg=True)  # its own size, 480 x 640
    assert photo.notes["glare"] and photo.notes["shadow"]
    assert wrong == []



def test_a_symbol_more_like_a_drawing_left_unread_than_like_its_letter_is_a_persons():
    # Fresh 11800 (phone size, two hands): the label's tree a triangle, a second hand's trees
    # round on a stem, all left "?" as little like it, but one read as a house: 0.767 like
    # the nearest house, 0.780 like a round tree the safeguards doubted.
    cells = [Cell.parse(label) for label in ("D3", "E3", "H2", "H3", "C9")]
    likeness = np.array([
        [1.00, 0.90, 0.70, 0.74, 0.50],  # D3, the houses' label
        [0.90, 1.00, 0.72, 0.767, 0.50],  # E3, a house read so
        [0.70, 0.72, 1.00, 0.780, 0.60],  # H2, a round tree, doubted
        [0.74, 0.767, 0.780, 1.00, 0.61],  # H3, a round tree read as a house
        [0.50, 0.50, 0.60, 0.61, 1.00],  # C9, the trees' label
    ])
    read = [["."] * SIZE for _ in range(SIZE)]
    for label, letter in (("D3", "V"), ("E3", "V"), ("H2", "V"), ("H3", "V"), ("C9", "F")):
        cell = Cell.parse(label)
        read[cell.row][cell.col] = letter
    labelled = {Cell.parse("D3"): "V", Cell.parse("C9"): "F"}
    doubted = {Cell.parse("H2")}
    assert safeguards.nearer_the_unread(likeness, cells, labelled, read, doubted) == {Cell.parse("H3")}
    # Only clearly more like (a hundredth): H2 at 0.775, a hair above the house, leaves H3.
    nearly = likeness.copy()
    nearly[3, 2] = nearly[2, 3] = 0.775
    assert safeguards.nearer_the_unread(nearly, cells, labelled, read, doubted) == set()
    # H2 read as a house too, and trusted: H3 is most like a drawing read as its letter.
    assert safeguards.nearer_the_unread(likeness, cells, labelled, read, set()) == set()


def test_on_a_tiny_photo_an_empty_space_tinted_at_a_colours_hue_is_a_persons():
    # Fresh 11811 at 640 x 480 (20 pixels a space): a light hand's forest 3.7 from the paper,
    # as faint as the paper's noise but at the sheet's forests' own hue, read empty.
    tints = colours.learn([colours.Ink(1.0, hue, 9.0) for hue in (158, 160, 163, 165, 168, 20, 22, 25, 27, 30)],
                          heroes=False)
    assert tints["F"].members == 5 and tints["V"].members == 5

    def tinted(chroma: float, hue: float) -> colours.Ink:
        a, b = chroma * np.cos(np.radians(hue)), chroma * np.sin(np.radians(hue))
        return colours.Ink(0.0, 0.0, 0.0, chroma, a, b)

    paints, read = _no_paints(), [["."] * SIZE for _ in range(SIZE)]
    paints[2][10] = tinted(3.7, 160.0)  # C11: the pale forest
    paints[2][0] = tinted(3.7, 90.0)  # C1: as tinted, at no terrain's hue the sheet taught
    paints[2][1] = tinted(2.0, 163.0)  # C2: at the forests' hue, as faint as paper
    assert safeguards.empty_at_a_colours_hue(paints, read, tints) == {Cell.parse("C11")}


def test_a_pale_tint_on_the_maps_edge_is_a_persons():
    # Fresh 11810 at 640 x 480: a thumb's pink skin over a corner, 10 from the paper, read by
    # its tint as a village among felt-tip villages three times as strong. On the map's edge,
    # where a hand holds the sheet, a tint read alone must be half its terrain's tints.
    def at(chroma: float, hue: float, share: float = 0.0) -> colours.Ink:
        return colours.Ink(share, hue, chroma, chroma, chroma * np.cos(np.radians(hue)), chroma * np.sin(np.radians(hue)))

    tints = colours.learn([colours.Ink(1.0, hue, 30.0) for hue in (15, 18, 20, 22, 25, 130, 135, 140, 145, 150)],
                          heroes=False)
    paints, read = _no_paints(), [["."] * SIZE for _ in range(SIZE)]
    paints[0][0], read[0][0] = at(10.0, 9.0), "V"  # A1: the thumb
    paints[4][4], read[4][4] = at(10.0, 20.0), "V"  # E5: a pale hatching inside the map
    paints[0][5], read[0][5] = at(16.0, 20.0), "V"  # A6: on the edge, as strong as half its terrain's
    paints[10][3], read[10][3] = at(10.0, 20.0, share=0.6), "V"  # K4: read by its ink, not its tint
    assert safeguards.pale_tint_on_the_edge(paints, read, {}, tints) == {Cell.parse("A1")}
    assert safeguards.pale_tint_on_the_edge(paints, read, {Cell.parse("A1"): "V"}, tints) == set()


def test_a_colour_beside_a_glare_whose_ink_it_clipped_is_a_persons():
    # Fresh 11833 (768 x 1024): a village's red hatching beside a glare, its halo's light over
    # it, 36 % of its ink clipped: read as a monster's magenta, 25.5 from the paper (a vivid
    # ink beside a glare is read: the halo's own tint is paler).
    from cartoref.photo import doubt

    img = paper()
    y, x = box("G5")
    img[y:y + 2 * CELL, x:x + CELL] = 255  # the glare over G5 and H5
    u = u8(img)
    read = blank_reading()
    read[6][3] = read[6][5] = "V"  # G4, G6: beside the glare
    paints = _no_paints()
    paints[6][3] = colours.Ink(0.78, 324.0, 25.5, 20.6, 16.7, -12.1, lost=0.37)
    paints[6][5] = colours.Ink(0.78, 15.0, 25.5, 20.6, 20.0, 5.0, lost=0.1)
    found = doubt.doubtful(read, u, SIDE_A, CELL, paints)
    assert Cell.parse("G4") in found
    assert Cell.parse("G6") not in found
