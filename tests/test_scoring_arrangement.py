"""Arrangement scoring cards: Borderlands, Lost Barony, The Broken Road, The Cauldrons.

"Filled" is anything drawn, a mountain or a wasteland; an undrawn ruins space is empty.
Points worked out by hand from the card text (docs/sources.md, scoring cards).
"""

from __future__ import annotations

import pytest
from maps import case, full, labels, score

CROSS = "\n".join("FFFFFFFFFFF" if r == 5 else ".....F....." for r in range(11))
MAIN_DIAGONAL = "\n".join("." * i + "F" + "." * (10 - i) for i in range(11))
ANTI_DIAGONAL = "\n".join("." * (10 - i) + "F" + "." * i for i in range(11))
ABOVE_DIAGONAL = "\n".join("." * (i + 1) + "F" + "." * (9 - i) for i in range(10)) + "\n..........."
LOWER_TRIANGLE = "\n".join("F" * (i + 1) + "." * (10 - i) for i in range(11))

# Side B, the diagonal from C1 down to K9 runs through the mountain H6.
SIDE_B_DIAGONAL = """
. . . . . . . . . . .
. . . . . . r . ^ . .
F . r ^ . . . . . . .
. F . . . # . . . . .
. . F . # # r . . . .
. . . F # # # . . . .
. r . . F # . . . . .
. . . . . ^ . . r . .
. . . . . . F . . ^ .
. . ^ r . . . F . . .
. . . . . . . . F . .
"""

# Side A, the diagonal H1 I2 J3 K4 crosses the ruins I2.
SIDE_A_DIAGONAL = """
. . . . . . . . . . .
. . . ^ . r . . . . .
. r . . . . . . ^ r .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . ^ . . . . .
. . . . . . . . . . .
F . . . . . . . . . .
. {ruin} ^ . . . . . . r .
. . F . . r . ^ . . .
. . . F . . . . . . .
"""

BORDERLANDS = [
    case(0, "", id="empty plain"),
    case(0, "", "B", id="empty side B"),
    case(6, "FFFFFFFFFFF", at="A1", id="top row"),
    case(6, "VVVVVVVVVVV", at="F1", id="middle row"),
    case(0, "FFFFFFFFFF.", at="F1", id="one space short"),
    case(6, "F/V/P/W/M/F/V/P/W/M/X", at="A6", id="a column of mixed terrain"),
    case(12, CROSS, id="a row and a column"),
    case(132, full("F"), id="full plain: 11 rows + 11 columns"),
    case(132, full("W", "A"), id="full side A"),
    case(6, "FFFF###FFFF", "B", at="F1", id="side B: row F through the chasm"),
    case(0, "FFFF###FFF.", "B", at="F1", id="side B: row F one short"),
    case(6, "F/f/F/F/F/^/F/F/F/f/F", "A", at="A6", id="side A: column 6, mountain and drawn ruins"),
    case(0, "F/r/F/F/F/^/F/F/F/f/F", "A", at="A6", id="side A: column 6 with empty ruins B6"),
]


@pytest.mark.parametrize("diagram, side, at, points", BORDERLANDS)
def test_borderlands(diagram, side, at, points):
    assert score("borderlands", diagram, side, at).points == points


def test_borderlands_cells():
    result = score("borderlands", "FFFF###FFFF", "B", at="F1")
    assert labels(result.cells) == {f"F{c}" for c in range(1, 12)}


LOST_BARONY = [
    case(0, "", id="empty plain"),
    case(3, "", "A", id="empty side A: a mountain is a 1x1 filled square"),
    case(6, "", "B", id="empty side B: wastelands E5 E6 F5 F6 are a 2x2"),
    case(3, "F", at="F6", id="single filled space: 3"),
    case(3, "F", at="K11", id="single space in the corner"),
    case(6, "FF/FF", at="E5", id="card art: 2x2 is 3 + 3"),
    case(9, "FFF/FFF/FFF", at="E5", id="3x3 gives 9, not 27"),
    case(9, "FFFF/FFFF/FFFF", at="E5", id="3x4 rectangle holds a 3x3"),
    case(3, "FF/F.", at="E5", id="L of three: no 2x2"),
    case(3, "FFF/F.F/FFF", at="E5", id="ring of eight: every 2x2 needs the hole"),
    case(6, "FV/PM", at="E5", id="mixed terrain is filled"),
    case(6, "FF.FF/FF.FF", at="E5", id="two 2x2: the largest counts, once"),
    case(3, "F./.F", at="E5", id="diagonal neighbours are no square"),
    case(33, full("F"), id="full plain: 11x11"),
    case(33, full("F", "B"), id="full side B"),
    case(9, "FFF/F^F/FFF", "A", at="A3", id="side A: mountain B4 inside a 3x3"),
    case(3, "FF/Fr", "A", at="A5", id="side A: empty ruins B6 breaks the 2x2"),
    case(6, "FF/Ff", "A", at="A5", id="side A: drawn ruins B6 completes it"),
    case(9, "F#F/##f/###", "B", at="D5", id="side B: D5-F7 holds five wastelands and drawn ruins E7"),
]


@pytest.mark.parametrize("diagram, side, at, points", LOST_BARONY)
def test_lost_barony(diagram, side, at, points):
    assert score("lost-barony", diagram, side, at).points == points


def test_lost_barony_cells():
    result = score("lost-barony", "FF./FFF/.F.", at="E5")
    assert result.points == 6
    assert labels(result.cells) == {"E5", "E6", "F5", "F6"}


BROKEN_ROAD = [
    case(0, "", id="empty plain"),
    case(0, "", "A", id="empty side A"),
    case(3, "F", at="K1", id="card art: the corner K1 alone is a diagonal"),
    case(0, "F", at="K11", id="the other bottom corner"),
    case(0, "F", at="A11", id="top right corner"),
    case(0, "F", at="J1", id="J1 alone is half a diagonal"),
    case(3, "F./.F", at="J1", id="J1 K2"),
    case(3, MAIN_DIAGONAL, id="A1 to K11"),
    case(3, ANTI_DIAGONAL, id="A11 to K1: only K1's own diagonal"),
    case(0, ABOVE_DIAGONAL, id="A2 to J11 never reaches the left and bottom edges"),
    case(33, LOWER_TRIANGLE, id="all 11 diagonals"),
    case(33, full("F"), id="full plain"),
    case(3, SIDE_B_DIAGONAL, "B", id="side B: C1-K9 through the mountain H6"),
    case(3, SIDE_A_DIAGONAL.replace("{ruin}", "f"), "A", id="side A: H1-K4 over drawn ruins I2"),
    case(0, SIDE_A_DIAGONAL.replace("{ruin}", "r"), "A", id="side A: H1-K4 with empty ruins I2"),
]


@pytest.mark.parametrize("diagram, side, at, points", BROKEN_ROAD)
def test_the_broken_road(diagram, side, at, points):
    assert score("the-broken-road", diagram, side, at).points == points


def test_broken_road_corner_cells():
    result = score("the-broken-road", "F./FF", at="J1")
    # J1-K2 and K1 are complete; J2 lies on no diagonal that reaches the left edge.
    assert result.points == 6
    assert labels(result.cells) == {"J1", "K1", "K2"}


def test_broken_road_has_eleven_diagonals():
    from cartoref.scoring.arrangement import DIAGONALS

    assert len(DIAGONALS) == 11
    assert [len(labels(d)) for d in DIAGONALS] == list(range(11, 0, -1))
    assert labels(DIAGONALS[-1]) == {"K1"}


CAULDRONS = [
    case(0, "", id="empty plain"),
    case(0, "", "A", id="empty side A"),
    case(0, "", "B", id="empty side B"),
    case(1, ".F/F.", at="A1", id="corner: off-map sides count as filled"),
    case(1, ".F./F.F/.F.", at="E5", id="middle"),
    case(1, ".M./^.X/.W.", at="E5", id="monster, mountain, destroyed, water"),
    case(0, ".FF./F..F/.FF.", at="E5", id="two empty spaces side by side"),
    case(0, ".F./F.F/...", at="E5", id="three sides"),
    case(0, full("F"), id="full plain: no empty space"),
    case(1, "F.F", "A", at="A3", id="side A: A4 between forests, mountain B4 below"),
    case(1, ".F./FrF/.F.", "A", at="A5", id="side A: empty ruins B6 is a cauldron"),
    case(0, ".F./FfF/.F.", "A", at="A5", id="side A: drawn ruins is not empty"),
    case(1, "F/rF", "B", at="D7", id="side B: ruins E7 beside two wastelands"),
]


@pytest.mark.parametrize("diagram, side, at, points", CAULDRONS)
def test_the_cauldrons(diagram, side, at, points):
    assert score("the-cauldrons", diagram, side, at).points == points


def test_cauldrons_holes_in_a_full_map():
    rows = ["FFFFFFFFFFF"] * 11
    rows[5] = "FFFFF.F.FFF"  # F6 and F8
    rows[0] = ".FFFFFFFFFF"  # the corner A1
    result = score("the-cauldrons", "\n".join(rows))
    assert result.points == 3
    assert labels(result.cells) == {"A1", "F6", "F8"}
