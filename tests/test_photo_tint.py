"""What a sheet's kind and a photo's light change in a reading, on small hand-made pictures of a
map seen from above: a sheet coloured in is read by its spaces' tint where their ink is lost, and
judges its empty spaces against the paper near them; a sheet of pencil symbols reads no X
without labels, nor a pale tint as a terrain; a colour the photo clipped is never read."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw
from phone_reads import read_phone_photo
from test_photo_doubt import CELL, SIDE_A, blank_reading, box, paper, u8

from cartoref.cards import catalog
from cartoref.grid import SIZE, Cell
from cartoref.photo import colours, doubt, read_spaces, safeguards
from cartoref.photo.appearance import Look
from cartoref.photo.light import clipped

FORESTS = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "D1", "D2", "D3"]


def hatch(img: np.ndarray, label: str, colour: tuple[int, int, int], step: int = 4, width: int = 2) -> None:
    """Upright strokes of a coloured pencil over a space, ``step`` pixels apart."""
    y, x = box(label)
    for k in range(3, CELL - 3, step):
        img[y + 3:y + CELL - 3, x + k:x + k + width] = colour


def forest_sheet(forests: list[str] = FORESTS) -> np.ndarray:
    img = paper()
    for label in forests:
        hatch(img, label, (60, 150, 80))  # a vivid green pencil
    return img


def test_a_hatching_too_pale_for_ink_is_read_by_its_tint_among_the_sheets_forests():
    img = forest_sheet()
    hatch(img, "E2", (205, 228, 205), step=3)  # the same green, pressed lightly
    u = u8(img)
    pale = colours.inks(u, CELL)[4][1]
    assert pale.chroma < colours.VIVID  # too pale to be read as ink
    assert colours.tint(pale).chroma >= colours.TINT_LEAST
    reading = read_spaces(u, SIDE_A)
    assert reading.symbols[4][1] == "F"
    assert reading.symbols[0][0] == "F" and reading.symbols[4][4] == "."


def test_a_sheet_coloured_in_whose_colour_the_paper_near_its_spaces_took_is_read_by_tint():
    # Rows F-H hatched in grey strokes over a pale green (a small photo's hatching, its strokes
    # grey and its colour everywhere between them): the paper near each is taken from the green
    # itself, so no ink of colour is seen, only grey strokes, as a sheet of pencil symbols
    # shows. Their tint is clearly a colour's: the sheet is coloured in, and read by it.
    img = forest_sheet()
    for label in (f"{row}{col}" for row in "FGH" for col in range(1, SIZE + 1)):
        y, x = box(label)
        img[y + 2:y + CELL - 2, x + 2:x + CELL - 2] = (214, 232, 208)
        hatch(img, label, (165, 180, 160), step=6)
    u = u8(img)
    assert colours.inks(u, CELL)[6][0].share == 0.0  # no ink of colour seen in G1
    reading = read_spaces(u, SIDE_A)
    assert reading.rows()[6] == " ".join("F" * SIZE)
    assert reading.symbols[0][0] == "F" and reading.symbols[9][0] == "."


def test_a_tint_is_read_only_as_a_terrain_the_sheet_shows_enough_of():
    # Three forests only: too few to teach the sheet's forest tint (colours.TRUSTED spaces).
    img = forest_sheet(["A1", "A2", "A3"])
    hatch(img, "E2", (205, 228, 205), step=3)
    assert read_spaces(u8(img), SIDE_A).symbols[4][1] == "?"


def test_a_smooth_tint_with_no_strokes_is_no_pencil():
    # The same pale green, but smooth (a lamp's tint, a thumb): a person decides.
    img = forest_sheet()
    y, x = box("E2")
    img[y + 3:y + CELL - 3, x + 3:x + CELL - 3] = (205, 228, 205)
    assert read_spaces(u8(img), SIDE_A).symbols[4][1] == "?"


def grainy_shadow(sigma: float = 3.0) -> np.ndarray:
    """Paper whose lower half is in a shadow (a third darker, fading in over a space and a
    half) with a coarse grain (a small photo's compression), and a faint tree in J3."""
    img = paper()
    rng = np.random.default_rng(7)
    ramp = np.clip((np.arange(SIZE * CELL) - 5 * CELL) / (1.5 * CELL), 0, 1)[:, None, None]
    img *= 1 - 0.33 * ramp
    grain = rng.normal(0, sigma, (SIZE * CELL // 4, SIZE * CELL // 4, 1)).repeat(4, 0).repeat(4, 1)
    img += grain * ramp
    y, x = box("J3")
    img[y + 12:y + 36, x + 23:x + 25] *= 0.8
    img[y + 14:y + 16, x + 16:x + 32] *= 0.8
    return img


def test_a_sheet_coloured_in_judges_its_empty_spaces_against_the_paper_near_them():
    reading = blank_reading()
    u = u8(grainy_shadow())
    shadowed = {Cell(r, c) for r in range(8, SIZE) for c in range(SIZE) if reading[r][c] == "."}
    # Pencil symbols: the grain, even weighed by the shadow's dimmer light (paper._lit), is
    # beyond the sheet's quiet level in most shadowed spaces; the faint tree stands out.
    pencil = doubt.doubtful(reading, u, SIDE_A, CELL)
    assert len(pencil & shadowed) > 3 * len(shadowed) // 4 and Cell.parse("J3") in pencil
    # A sheet coloured in: the grain is the paper's near them; the faint tree stands out still.
    found = doubt.doubtful(reading, u, SIDE_A, CELL, coloured=True)
    assert Cell.parse("J3") in found
    assert len(found & shadowed) < len(shadowed) // 2


def test_a_colour_the_photo_clipped_is_not_read():
    img = paper()
    hatch(img, "E5", (60, 90, 200))  # a blue pencil
    u = u8(img)
    reading = blank_reading()
    reading[4][4] = "W"
    lost = np.zeros(u.shape[:2], dtype=bool)
    y, x = box("E5")
    lost[y:y + CELL, x:x + CELL] = True  # its ink's colour clipped (the photo's red at its top)
    paints = colours.inks(u, CELL, lost)
    assert paints[4][4].lost == 1.0
    assert Cell.parse("E5") in doubt.doubtful(reading, u, SIDE_A, CELL, paints)
    # Clipped only on the paper between its strokes: its ink keeps its colour.
    between = np.zeros_like(lost)
    between[y:y + CELL, x:x + CELL] = u[y:y + CELL, x:x + CELL].min(axis=2) > 200
    paints = colours.inks(u, CELL, between)
    assert paints[4][4].lost == 0.0
    assert Cell.parse("E5") not in doubt.doubtful(reading, u, SIDE_A, CELL, paints)


def test_a_pale_colour_the_photo_clipped_is_lost_a_vivid_one_is_not():
    # A warm lamp over-exposing the photo: the paper's red and green at their top, its blue
    # below (a cast the reader takes out, turning that paper blue); a village's red at its top,
    # its green and blue far below (its hue holds).
    photo = u8(paper())
    y, x = box("B2")
    photo[:, :, :] = (255, 252, 180)  # the paper, warm
    photo[y:y + CELL, x:x + CELL] = (255, 150, 100)  # a village in B2
    corners = np.array([(0, 0), (SIZE * CELL, 0), (SIZE * CELL, SIZE * CELL), (0, SIZE * CELL)], dtype=float)
    lost = clipped(photo, corners)
    assert lost[y + 10:y + CELL - 10, x + 10:x + CELL - 10].sum() == 0
    assert lost[6 * CELL:, 6 * CELL:].all()


def pencil_square() -> np.ndarray:
    """A Heroes sheet of pencil symbols (48 pixels a space): trees in A1-A6, a big X in E5 and a
    hero's stick figure in E8; no colour anywhere."""
    img = Image.new("RGB", (SIZE * CELL, SIZE * CELL), (235, 233, 228))
    d = ImageDraw.Draw(img)
    for k in range(SIZE + 1):
        d.line((0, k * CELL, SIZE * CELL, k * CELL), fill=(90, 90, 90), width=2)
        d.line((k * CELL, 0, k * CELL, SIZE * CELL), fill=(90, 90, 90), width=2)
    for col in range(6):
        x0 = col * CELL
        d.ellipse((x0 + 14, 6, x0 + 34, 24), outline=(80, 80, 80), width=2)
        d.line((x0 + 24, 24, x0 + 24, 42), fill=(80, 80, 80), width=2)
    y0, x0 = 4 * CELL, 4 * CELL
    d.line((x0 + 5, y0 + 5, x0 + CELL - 5, y0 + CELL - 5), fill=(70, 70, 70), width=2)
    d.line((x0 + CELL - 5, y0 + 5, x0 + 5, y0 + CELL - 5), fill=(70, 70, 70), width=2)
    x0 = 7 * CELL  # the figure: a head, a body, slanting arms and legs
    d.ellipse((x0 + 19, y0 + 7, x0 + 29, y0 + 17), outline=(80, 80, 80), width=2)
    d.line((x0 + 24, y0 + 17, x0 + 24, y0 + 30), fill=(80, 80, 80), width=2)
    d.line((x0 + 11, y0 + 18, x0 + 37, y0 + 25), fill=(80, 80, 80), width=2)
    d.line((x0 + 24, y0 + 30, x0 + 13, y0 + 41), fill=(80, 80, 80), width=2)
    d.line((x0 + 24, y0 + 30, x0 + 35, y0 + 41), fill=(80, 80, 80), width=2)
    return np.asarray(img)


def test_among_pencil_symbols_read_without_labels_a_big_x_is_destroyed_and_a_figure_is_not():
    # Nobody labels a destroyed space (a person labels terrains), so among pencil symbols a big
    # X is told by its shape: two strokes from corner to corner. A hero's stick figure, whose
    # legs and arms slant as those strokes do, stands clear of the corners: a person decides.
    reading = read_spaces(pencil_square(), catalog().sheet_side("C"))
    assert reading.symbols[4][4] == "X"
    assert reading.symbols[4][7] == "?"
    assert reading.symbols[0][0] == "?"  # a tree, and nothing to compare it with


def test_among_pencil_symbols_a_colour_with_hardly_a_saturated_pixel_is_a_persons():
    # The second generator's 11330: a thumb's pink over a tree, read as a village. A colour is
    # read where most pixels differ from the paper (``colours.inks``); a colouring also shows
    # saturated pixels (``appearance.Look.coloured``), a pale tint over a pencil drawing hardly any.
    blank = np.zeros((CELL, CELL), np.float32)
    looks = [[Look(0.0, 0.0, 1.0, 0.0, blank)] * SIZE for _ in range(SIZE)]
    paints = [[colours.Ink(0.0, 0.0, 0.0)] * SIZE for _ in range(SIZE)]
    read = [["?"] * SIZE for _ in range(SIZE)]
    for col, saturated in ((0, 0.02), (1, 0.4)):  # A1 a tint, A2 a colouring
        looks[0][col] = Look(saturated, 20.0, 0.8, 0.0, blank)
        paints[0][col] = colours.Ink(0.6, 25.0, 18.0)
        read[0][col] = "V"
    many = {"V": colours.Learned(20.0, 6.0, members=8)}  # the sheet shows villages coloured in
    assert safeguards.colour_among_pencil(looks, paints, read, {}, many) == {Cell.parse("A1")}
    assert safeguards.colour_among_pencil(looks, paints, read, {Cell.parse("A1"): "V"}, many) == set()  # named
    # 11367: a thumb's tip, saturated, over a corner. Among pencil symbols a colour the sheet
    # shows in fewer than colours.TRUSTED spaces is a person's to decide, however saturated.
    few = {"V": colours.Learned(20.0, 6.0, members=2)}
    assert safeguards.colour_among_pencil(looks, paints, read, {}, few) == {Cell.parse("A1"), Cell.parse("A2")}


def test_on_a_sheet_coloured_in_an_ink_of_one_colour_over_a_space_of_another_is_a_persons():
    # A thumb's tip over a pale farm's corner: the pixels that differ from the paper are the
    # skin's pink (the space's ink, a village's hue), while the space as a whole, its median,
    # is yellow: not one colouring. The sheet's tints (learned from its spaces) place villages
    # at 20 degrees and farms at 85.
    paints = [[colours.Ink(0.0, 0.0, 0.0)] * SIZE for _ in range(SIZE)]
    read = [["?"] * SIZE for _ in range(SIZE)]
    tints = {"V": colours.Learned(20.0, 8.0, members=12), "P": colours.Learned(85.0, 8.0, members=9),
             "W": colours.Learned(250.0, 8.0, members=2)}
    # a* and b* of each space's median against the paper: its hue atan2(b, a), its chroma hypot.
    yellow = (1.0, 9.7)  # hue 84, chroma 9.75: a farm's
    for col, whole in ((0, yellow),  # A1: the thumb's pink ink over a farm
                       (1, (9.0, 3.5)),  # A2: a village, pink through and through (hue 21)
                       (2, (1.0, 5.0)),  # A3: the same pink ink over a space hardly tinted (chroma 5.1)
                       (3, yellow)):  # A4: a farm, yellow as its ink is
        paints[0][col] = colours.Ink(0.34, 8.0 if col < 3 else 86.0, 14.6, 0.0, *whole)
        read[0][col] = "V" if col < 3 else "P"
    assert safeguards.ink_unlike_its_space(paints, read, {}, tints) == {Cell.parse("A1")}
    assert safeguards.ink_unlike_its_space(paints, read, {Cell.parse("A1"): "V"}, tints) == set()  # named
    # Waters learned from two spaces only: their tint is no measure of the sheet's waters.
    paints[1][0], read[1][0] = colours.Ink(0.5, 250.0, 20.0, 0.0, *yellow), "W"
    assert safeguards.ink_unlike_its_space(paints, read, {}, tints) == {Cell.parse("A1")}
    # Read by its tint (too little ink to colour it): the little ink there is must be its
    # terrain's. The second generator's 11628: a thumb's pink over a forest's corner, the
    # space's tint read as a village, its few green strokes at 143 degrees (C1). C2: a pale
    # village whose few strokes are pink.
    pink = (6.1, 1.0)
    paints[2][0], read[2][0] = colours.Ink(0.096, 143.0, 15.9, 0.0, *pink), "V"
    paints[2][1], read[2][1] = colours.Ink(0.096, 15.0, 15.9, 0.0, *pink), "V"
    paints[2][2], read[2][2] = colours.Ink(0.02, 143.0, 15.9, 0.0, *pink), "V"  # too little to tell
    assert safeguards.ink_unlike_its_space(paints, read, {}, tints) == {Cell.parse("A1"), Cell.parse("C1")}
    # Its ink one terrain's, its whole colour surely another's: fresh 11706, a lilac monster
    # whose ink read as the sheet's water (286 degrees, the waters' 285) and whose whole colour
    # (15 from the paper at 318) is the sheet's monsters' tint. D2: a water, its whole colour a
    # water's too.
    read[1][0] = "?"  # (B1 above was a water the sheet's tints hardly knew)
    tints = {**tints, "W": colours.Learned(279.0, 8.0, members=25), "M": colours.Learned(317.0, 8.0, members=11)}
    paints[3][0], read[3][0] = colours.Ink(0.98, 286.0, 17.8, 0.0, 11.1, -10.1), "W"
    paints[3][1], read[3][1] = colours.Ink(0.98, 286.0, 17.8, 0.0, 2.4, -14.8), "W"  # hue 279
    assert safeguards.ink_unlike_its_space(paints, read, {}, tints) == {Cell.parse(s) for s in ("A1", "C1", "D1")}


@pytest.mark.parametrize(("hues", "chroma", "lights"), [
    ([100.0, 102.0, 104.0, 104.0, 106.0, 108.0] * 3, 15.0, True),  # one pale yellow: a warm lamp's
    ([100.0, 102.0, 104.0, 104.0, 106.0, 108.0] * 3, 20.0, False),  # one vivid yellow: farms coloured in
    ([96.0, 130.0, 280.0, 20.0, 315.0, 98.0] * 3, 15.0, False),  # pale, but five terrains' hues
    ([100.0, 104.0], 15.0, False),  # two spaces: too few to tell
])
def test_one_pale_hue_over_a_sheet_is_the_lights_cast(hues, chroma, lights):
    assert colours.the_lights_tint([colours.Ink(0.5, hue, chroma) for hue in hues]) is lights


@pytest.mark.parametrize("seed", [
    # 11577: a warm lamp beside a glare left the paper yellow around every drawing, 13-17 from
    # the white paper under the glare, its hue one (6 degrees apart on 19 spaces); the sheet
    # was taken for one coloured in and 33 of its pencil symbols, and the paper between them,
    # read as farms, unmarked.
    11577,
    # 11618: a sheet of pencil symbols, known as one, whose warm lamp yellowed the strokes of 29
    # symbols within 5 degrees of one hue, vivid enough to be a pencil's: 7 trees and monsters
    # read as farms.
    11618,
])
def test_pencil_symbols_under_a_lamps_yellow_are_not_read_as_farms(tmp_path, seed):
    # The second generator's photos made at 640 x 480, read without labels.
    _photo, done, wrong = read_phone_photo(seed, "pencil", tmp_path, size=(640, 480), corners=False)
    assert wrong == []
    assert sum(row.count("P") for row in done.symbols) == 0  # its farms are drawn, not coloured


@pytest.mark.campaign  # a 12 MP phone photo made and read, about 15 s: CI runs it with the campaigns
def test_a_thumb_over_a_farms_corner_is_not_read_as_a_village(tmp_path):
    # The second generator's photo 11330 made at 4032 x 3024: a thumb's tip over A1, a pale
    # farm. Its pink was read as a village, unmarked.
    photo, done, wrong = read_phone_photo(11330, "coloured", tmp_path, size=(4032, 3024), corners=False, jpeg=True)
    assert photo.grid[0][0] == "P"
    assert done.symbols[0][0] in ("P", "?")
    assert wrong == []


def test_a_pale_colour_beside_a_glare_is_a_persons_a_vivid_one_and_an_empty_space_are_read():
    # 11388: the glare's halo mixed its light into a village beside it (18 from the paper),
    # read as a monster; elsewhere its tint read as water on empty paper. A pencil's vivid
    # colour is its own: a halo's tint is pale beside it.
    def beside_glare(colour: tuple[int, int, int]) -> set[str]:
        img = paper()
        hatch(img, "E6", colour)  # a village, below D6
        y, x = box("D6")
        img[y - 2:y + CELL + 2, x - 2:x + CELL + 2] = 255  # D6 blown out
        u = u8(img)
        reading = blank_reading()
        reading[4][5] = "V"
        return {c.label for c in doubt.doubtful(reading, u, SIDE_A, CELL, colours.inks(u, CELL))}

    pale = beside_glare((220, 170, 150))  # 23 from the paper: paler than doubt.TINT
    assert {"D6", "E6"} <= pale
    assert "D7" not in pale and "C6" not in pale  # paper beside it: read
    vivid = beside_glare((200, 110, 60))  # 53 from the paper
    assert "D6" in vivid and "E6" not in vivid


def test_a_pencil_symbol_where_the_photo_washed_the_paper_out_is_a_persons():
    # 11387: a faint wave in a column the warm light over-exposed, read as a house by likeness.
    img = paper()
    y, x = box("F1")
    img[y + 20:y + 22, x + 10:x + 38] *= 0.8
    u = u8(img)
    reading = blank_reading()
    reading[5][0] = "V"  # read by its strokes' likeness: no colour in it
    washed = np.zeros(u.shape[:2], dtype=bool)
    washed[:, :CELL] = True  # column 1 clipped pale
    paints = colours.inks(u, CELL, washed)
    assert paints[5][0].share == 0.0 and paints[5][0].lost == 1.0
    assert Cell.parse("F1") in doubt.doubtful(reading, u, SIDE_A, CELL, paints)
    assert Cell.parse("F1") not in doubt.doubtful(reading, u, SIDE_A, CELL, colours.inks(u, CELL))


def test_on_a_ruins_space_the_heroes_orange_is_never_read():
    # 11395: an orange brand's village over a ruins print's tan read 62 degrees, the heroes' 65.
    learned = colours.learn([colours.Ink(0.9, h, 40.0) for h in (38.0, 40.0, 41.0, 42.0, 44.0)], heroes=True)
    orange = colours.Ink(0.95, 63.0, 30.0)
    assert colours.read(orange, learned)[0] == "H"  # off the ruins, an orange between red and yellow
    _letter, sure = colours.read(orange, learned, ruins=True)
    assert sure < 0.7


def test_a_star_with_two_neighbours_colours_in_its_ring_is_still_a_mark():
    # 11387: on a curled sheet the grid was off by a few pixels; a yellow star's ring showed a
    # village's orange above it and a forest's green below: two of its sides were not bare.
    img = paper()
    y, x = box("D3")
    img[y + 12:y + 36, x + 12:x + 36] = (230, 200, 40)  # the star's body, in its middle
    img[y:y + 9, x:x + CELL] = (210, 70, 60)  # the village above, seen in its top ring
    img[y + CELL - 9:y + CELL, x:x + CELL] = (50, 140, 70)  # the forest below, in its bottom ring
    assert doubt.marks(u8(img), CELL)[3][2]
    # Coloured to its lines in its own yellow, it is a colouring.
    img[y + 3:y + CELL - 3, x + 3:x + CELL - 3] = (230, 200, 40)
    assert not doubt.marks(u8(img), CELL)[3][2]


def test_an_ink_enough_to_colour_yet_pale_is_read_by_a_tint_clearly_a_colours_only():
    # E2 hatched over most of it in a green paler than a pencil's (12.3 from the paper): ink
    # enough to colour the space, its tint as pale. Such an ink is a thumb's skin over a
    # hatching as much as a pale pencil (the second generator's 11367: 7.1): it is read by its
    # tint only from TINT_CONFIRM (13) away. Too little ink of colour but a tint (the same
    # green, fainter still: no pixel 12 from the paper) is read by its tint as before.
    from cartoref.photo.spaces import TINT_CONFIRM

    img = forest_sheet()
    hatch(img, "E2", (210, 228, 208), step=3)
    u = u8(img)
    ink = colours.inks(u, CELL)[4][1]
    assert ink.share >= colours.COLOURED and ink.chroma < colours.VIVID
    assert colours.TINT_LEAST <= colours.tint(ink).chroma < TINT_CONFIRM
    assert read_spaces(u, SIDE_A).symbols[4][1] == "?"
    img = forest_sheet()
    hatch(img, "E2", (210, 226, 206), step=3)
    u = u8(img)
    assert colours.inks(u, CELL)[4][1].share < colours.COLOURED
    assert read_spaces(u, SIDE_A).symbols[4][1] == "F"


def test_a_brands_villages_nearer_the_heroes_orange_teach_the_villages_colour():
    # A Heroes sheet whose villages were drawn in an orange-red marker (hue 42-51): nearer the
    # heroes' usual orange (65) than the usual village red (20). Ten spaces nearest the orange
    # are more than a sheet holds heroes: they are the villages', which learn their hue there;
    # the orange is not read (a space at 62 is a person's).
    from cartoref.photo.colours import Ink

    inks = ([Ink(0.9, h, 55.0) for h in (42, 43, 44, 45, 46, 47, 48, 49, 50, 51)]
            + [Ink(0.9, h, 60.0) for h in (86, 87, 88, 89, 90)]
            + [Ink(0.9, h, 25.0) for h in (140, 144, 148, 152, 156)]
            + [Ink(0.9, h, 25.0) for h in (248, 250, 252)] + [Ink(0.9, h, 40.0) for h in (318, 320, 322)])
    learned = colours.learn(inks, heroes=True)
    assert abs(learned["V"].hue - 46.5) < 1.0 and learned["V"].members == 10
    assert learned["H"].crowded
    letter, sure = colours.read(Ink(0.9, 46.0, 55.0), learned)
    assert letter == "V" and sure >= 0.7
    letter, sure = colours.read(Ink(0.9, 62.0, 55.0), learned)
    assert sure < 0.7
    # Three heroes among villages of the usual red: the orange is learned as ever, and read.
    usual = [Ink(0.9, h, 55.0) for h in (18, 19, 20, 21, 22, 23)] + [Ink(0.9, h, 50.0) for h in (63, 65, 67)] + inks[10:]
    learned = colours.learn(usual, heroes=True)
    assert not learned["H"].crowded and abs(learned["V"].hue - 20.5) < 1.0
    letter, sure = colours.read(Ink(0.9, 65.0, 50.0), learned)
    assert letter == "H" and sure >= 0.7


def test_a_thumb_in_shadow_is_not_read_by_its_tint():
    # The second generator's 11388: a thumb over A11, its skin in shadow. Hardly any ink of
    # colour (1 %), a tint 6.1 from the paper at hue 38, near the sheet's villages (48): read
    # as a village. Its dark ink (17 % of the space) tells a thumb or a drawing from a pale
    # hatching, which shows hardly any: a person decides. The same tint without it is read.
    from cartoref.photo.colours import Ink, Learned
    from cartoref.photo.spaces import _by_tint

    tints = {k: Learned(h, 6.0, members=n) for k, h, n in
             (("V", 48.0, 9), ("P", 85.0, 7), ("F", 148.0, 9), ("W", 280.0, 7), ("M", 319.0, 7))}
    tints["H"] = Learned(65.0, 6.0, crowded=True)
    skin = Ink(0.0095, 76.3, 12.6, 6.1, 4.79, 3.76)
    thumb = Look(0.196, 0.0, 0.5, 0.168, np.zeros((4, 4)))
    assert _by_tint("?", 0.3, thumb, skin, tints, True)[0] == "?"
    pale = thumb._replace(ink=0.0)
    letter, sure = _by_tint("?", 0.3, pale, skin, tints, True)
    assert letter == "V" and sure >= 0.7


def test_a_pale_colour_read_unsure_is_read_surely_when_its_tint_says_the_same():
    # A pale forest (ink 14 from the paper, over half the forests' 20: read, but between the
    # sheet's forests and farms, unsure) whose tint, 14 from the paper, lies among the sheet's
    # forest tints: the tint confirms it. A tint of the farms' does not.
    from cartoref.photo.appearance import Look
    from cartoref.photo.spaces import SURE, _by_tint

    tints = colours.learn([colours.Ink(1.0, 138.0 + d, 14.0) for d in (-4, -2, 0, 2, 4, 0)], heroes=False)
    blank = Look(0.0, 0.0, 0.9, 0.0, np.zeros((4, 4)))
    forest_tint = colours.Ink(0.6, 118.0, 14.0, 14.0, 14.0 * np.cos(np.radians(138)), 14.0 * np.sin(np.radians(138)))
    letter, sure = _by_tint("F", 0.3, blank, forest_tint, tints, False)
    assert letter == "F" and sure >= SURE
    farm_tint = forest_tint._replace(a=14.0 * np.cos(np.radians(90)), b=14.0 * np.sin(np.radians(90)))
    assert _by_tint("F", 0.3, blank, farm_tint, tints, False) == ("F", 0.3)


def test_a_tint_with_too_little_ink_is_read_only_on_a_photo_too_coarse_to_show_strokes():
    # 11493: a thumb's pink skin over an empty corner space of a 3264 x 2448 photo (78 pixels a
    # space): a tenth of the space ink of colour, its tint a village's; read as a village. On a
    # photo that fine a pencil's strokes show as ink; on a coarse one they blur into a tint.
    from cartoref.photo.appearance import Look
    from cartoref.photo.spaces import SURE, TINT_FINE_PX, _by_tint

    assert 64 < TINT_FINE_PX <= 78
    tints = colours.learn([colours.Ink(1.0, 20.0 + d, 14.0) for d in (-4, -2, 0, 2, 4, 0)], heroes=False)
    blank = Look(0.0, 0.0, 0.9, 0.0, np.zeros((4, 4)))
    skin = colours.Ink(0.12, 22.0, 12.3, 10.6, 10.6 * np.cos(np.radians(22)), 10.6 * np.sin(np.radians(22)))
    letter, sure = _by_tint("?", 0.3, blank, skin, tints, False, fine=False)
    assert letter == "V" and sure >= SURE  # coarse: read by its tint, as pale hatching is
    assert _by_tint("?", 0.3, blank, skin, tints, False, fine=True) == ("?", 0.3)


def test_one_space_of_colour_does_not_make_a_sheet_of_faint_pencil_symbols_coloured_in(tmp_path):
    # The second generator's 11648 at 640 x 480 (18.8 pixels a space): faint pencil symbols,
    # none showing as a drawing, and one space showing a little colour. Taken for a sheet
    # coloured in, its empty spaces were judged as such a sheet shows them, and ten symbols
    # too faint for so small a photo were read empty. A sheet of pencil symbols that small
    # says no space is empty.
    _photo, done, _wrong = read_phone_photo(11648, "pencil", tmp_path, size=(640, 480))
    assert all(symbol != "." for row in done.symbols for symbol in row)


def test_on_a_tiny_photo_a_tint_barely_off_the_paper_is_not_read():
    # The second generator's 11593 at 640 x 480 (16.7 pixels a space): a water under a glare's
    # halo, hardly any ink of colour, its tint 5.1 from the paper at a monster's hue: read as a
    # monster. Under 24 pixels a space a tint read so is 6 from the paper at least.
    from cartoref.photo.appearance import Look
    from cartoref.photo.spaces import SURE, _by_tint

    tints = colours.learn([colours.Ink(1.0, 330.0 + d, 8.0) for d in (-4, -2, 0, 2, 4, 0)], heroes=False)
    blank = Look(0.0, 0.0, 0.9, 0.0, np.zeros((4, 4)))
    for chroma, tiny, read in ((5.1, False, "M"), (5.1, True, "?"), (6.5, True, "M")):
        faint = colours.Ink(0.003, 0.0, 0.0, chroma, chroma * np.cos(np.radians(330)), chroma * np.sin(np.radians(330)))
        letter, sure = _by_tint("?", 0.3, blank, faint, tints, False, fine=False, tiny=tiny)
        assert (letter if sure >= SURE else "?") == read


def test_on_a_tiny_photo_only_a_pencils_own_colour_is_read():
    # Under 24 pixels a space a light hand's hatching blurs into the light's cast: a warm lamp
    # turned pale waters purple, read as monsters, and a vignette's corners pink, read as
    # villages (the second generator's 11668 and 11672 at 640 x 480). There a colour paler
    # than a pencil's (colours.VIVID, 16), or a tint alone, is a person's.
    paints = [[colours.Ink(0.0, 0.0, 0.0)] * SIZE for _ in range(SIZE)]
    read = [["."] * SIZE for _ in range(SIZE)]
    paints[0][0], read[0][0] = colours.Ink(0.6, 318.0, 13.9), "M"  # a pale water gone purple
    paints[0][1], read[0][1] = colours.Ink(0.6, 318.0, 26.0), "M"  # a monster's own lilac
    paints[0][2], read[0][2] = colours.Ink(0.05, 20.0, 14.0, 6.2, 6.0, 1.5), "V"  # a pink corner, read by its tint
    taught = colours.learn([colours.Ink(0.6, 318.0, 26.0)] * 3 + [colours.Ink(0.6, 20.0, 26.0)] * 3, heroes=False)
    assert safeguards.unsure_on_a_tiny_photo(paints, read, {}, taught) == {Cell.parse("A1"), Cell.parse("A3")}
    assert safeguards.unsure_on_a_tiny_photo(paints, read, {Cell.parse("A1"): "M"}, taught) == {Cell.parse("A3")}
    # Wired to the size: a sheet of forests hatched lightly, each read on a photo of 40 pixels
    # a space (its terrain's spaces no stronger), none on a photo of 20.
    img = paper()
    for label in FORESTS:
        hatch(img, label, (185, 210, 188), step=3)
    u = u8(img)
    pale = colours.inks(u, CELL)[0][0]
    assert colours.PALE_LEAST <= pale.chroma < colours.VIVID and pale.share >= colours.COLOURED
    assert read_spaces(u, SIDE_A, source_px=40).symbols[0][0] == "F"
    assert read_spaces(u, SIDE_A, source_px=20).symbols[0][0] == "?"
