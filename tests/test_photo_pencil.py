"""Pencil symbols on small hand-made pictures of a map seen from above: graphite that the light
tints is read by its likeness, as grey pencil is, and a person's label stands."""

from __future__ import annotations

import cv2
import numpy as np
from test_photo_doubt import CELL, SIDE_A, box, paper, u8

from cartoref.grid import Cell
from cartoref.photo import colours, read_spaces

#: Graphite under a warm lamp, the paper made white: hardly saturated (HSV 0.27), yet 14.5 away
#: from the paper in Lab's a*-b*, between a pixel of ink of colour (12) and a pencil's colour (16).
WARM_GRAPHITE = (120, 112, 88)
WAVES = ["A1", "A3", "A5", "A7", "A9"]
TREES = ["E1", "E3", "E5", "E9", "E11"]


def wave(img: np.ndarray, label: str, colour: tuple[int, int, int] = WARM_GRAPHITE, width: int = 1) -> None:
    """Three waves across a space, as a hand draws water (strokes ``width`` pixels wide)."""
    y, x = box(label)
    xs = np.arange(x + 8, x + CELL - 8)
    for k, base in enumerate((14, 24, 34)):
        ys = y + base + 3 * np.sin((xs - x) / 4.0 + k)
        cv2.polylines(img, [np.stack([xs, ys], axis=1).astype(np.int32)], False, colour, width, cv2.LINE_AA)


def tree(img: np.ndarray, label: str, colour: tuple[int, int, int] = WARM_GRAPHITE, width: int = 1) -> None:
    """A triangle on a trunk, as a hand draws a forest."""
    y, x = box(label)
    points = np.array([(x + 24, y + 8), (x + 12, y + 32), (x + 36, y + 32)], dtype=np.int32)
    cv2.polylines(img, [points], True, colour, width, cv2.LINE_AA)
    cv2.line(img, (x + 24, y + 32), (x + 24, y + 41), colour, width, cv2.LINE_AA)


def sheet(colour: tuple[int, int, int] = WARM_GRAPHITE) -> np.ndarray:
    img = paper()
    for label in WAVES:
        wave(img, label, colour)
    for label in TREES:
        tree(img, label, colour)
    return u8(img)


def test_the_spaces_drawn_are_open_on_side_a():
    printed = SIDE_A.mountains | SIDE_A.wastelands | SIDE_A.ruins
    assert not any(printed & Cell.parse(label).bit for label in WAVES + TREES)


def test_graphite_a_warm_light_tints_is_read_by_its_likeness():
    img = sheet()
    ink = colours.inks(img, CELL)[0][2]  # A3: its strokes show as a pale ink of colour
    assert ink.share >= colours.COLOURED / 4 and colours.INK_CHROMA <= ink.chroma < colours.VIVID
    reading = read_spaces(img, SIDE_A, {"A1": "W", "E1": "F"})
    assert [reading.symbols[Cell.parse(label).row][Cell.parse(label).col] for label in WAVES] == ["W"] * 5
    assert [reading.symbols[Cell.parse(label).row][Cell.parse(label).col] for label in TREES] == ["F"] * 5
    assert reading.symbols[2][5] == "."  # C6, paper


def test_plain_grey_pencil_is_read_the_same():
    reading = read_spaces(sheet((105, 105, 105)), SIDE_A, {"A1": "W", "E1": "F"})
    assert reading.rows()[0].split()[:9:2] == ["W"] * 5
    assert reading.rows()[4].split()[:11:2] == ["F", "F", "F", ".", "F", "F"]


def test_on_a_photo_under_32_pixels_a_space_only_the_labelled_symbols_are_read():
    # The second generator's 11617, 11636 and 11658 at 640 x 480 (19-30 pixels a space): a
    # blur so coarse that an empty space's grain was like a labelled tree (read as a forest), a
    # tree like a labelled wave, paper like a wave. Likeness is not trusted there: a person
    # types the rest.
    img = sheet((105, 105, 105))
    labels = {"A1": "W", "E1": "F"}
    large = read_spaces(img, SIDE_A, labels, source_px=40.0)
    tiny = read_spaces(img, SIDE_A, labels, source_px=30.0)
    at = {label: Cell.parse(label) for label in WAVES + TREES}
    assert [large.symbols[at[label].row][at[label].col] for label in WAVES + TREES] == ["W"] * 5 + ["F"] * 5
    assert [tiny.symbols[at[label].row][at[label].col] for label in WAVES + TREES] == ["W"] + ["?"] * 4 + ["F"] + ["?"] * 4
    assert tiny.asks == ()  # a label would read only itself: nothing is asked


def test_a_vivid_colour_over_a_symbol_is_not_taken_for_graphite():
    # A3's waves drawn in a blue pencil (vivid): a colour, not graphite; with no coloured
    # space around it to teach the sheet's blue, it is not read by its likeness to the waves.
    img = paper()
    for label in WAVES:
        wave(img, label, WARM_GRAPHITE if label != "A3" else (60, 110, 200))
    for label in TREES:
        tree(img, label)
    assert colours.inks(u8(img), CELL)[0][2].chroma >= colours.VIVID
    reading = read_spaces(u8(img), SIDE_A, {"A1": "W", "E1": "F"})
    assert reading.symbols[0][2] == "?"
    assert reading.symbols[0][4] == "W"


def test_a_labelled_space_is_read_as_the_person_said_whatever_the_photo_shows():
    # A1, labelled water, lies under a glare (blown white in its middle): the person saw it.
    img = sheet().astype(np.float64)
    y, x = box("A1")
    img[y + 10:y + 38, x + 10:x + 38] = 255
    reading = read_spaces(u8(img), SIDE_A, {"A1": "W", "E1": "F"})
    assert reading.symbols[0][0] == "W"


def test_symbols_drawn_by_a_light_hand_are_read_by_their_faint_ink():
    # Every symbol drawn lightly with a soft, broad pencil (91 % of the paper's lightness), so
    # that no pixel is ink by ``ink_of`` (88 % at most): read by their faint ink, as a heavy
    # hand's by theirs.
    light = (214, 214, 214)
    img = paper()
    for label in WAVES:
        wave(img, label, light, 2)
    for label in TREES:
        tree(img, label, light, 2)
    from cartoref.photo import appearance

    u = u8(img)
    looks = appearance.look(u, CELL)
    a3 = looks[0][2]
    assert float(a3.picture.mean()) < appearance.EMPTY and a3.faint >= appearance.FAINT
    reading = read_spaces(u, SIDE_A, {"A1": "W", "E1": "F"})
    assert [reading.symbols[Cell.parse(label).row][Cell.parse(label).col] for label in WAVES] == ["W"] * 5
    assert [reading.symbols[Cell.parse(label).row][Cell.parse(label).col] for label in TREES] == ["F"] * 5
    assert reading.symbols[2][5] == "."
    # The same square from a photo of 22 pixels a space (640 x 480): too small to tell a faint
    # drawing's shape, so they are left to a person.
    small = read_spaces(u, SIDE_A, {"A1": "W", "E1": "F"}, source_px=22.0)
    assert [small.symbols[Cell.parse(label).row][Cell.parse(label).col] for label in WAVES[1:] + TREES[1:]] == ["?"] * 8


def test_a_light_hands_symbol_on_a_sheet_coloured_in_is_not_read_by_its_faint_ink():
    # The same faint waves on a sheet whose other spaces are coloured in: there, what is drawn
    # shows by its colour, and faint grey strokes are no terrain's.
    from test_photo_tint import forest_sheet

    img = forest_sheet()
    for label in ("E5", "E7", "E9"):
        wave(img, label, (214, 214, 214), 2)
    reading = read_spaces(u8(img), SIDE_A, {"E5": "W"})
    assert reading.symbols[4][6] == "?" and reading.symbols[4][8] == "?"
    assert reading.symbols[0][0] == "F"
