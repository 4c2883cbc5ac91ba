"""Forest scoring cards: Sentinel Wood, Greenbough, Treetower, Stoneside Forest.

Each table row is a small map and the points worked out by hand from the card text
(docs/sources.md, scoring cards, and docs/rulings.md). Side A is "wilderness", side B
"wastelands"; "plain" prints nothing but what the diagram shows.
"""

from __future__ import annotations

import pytest
from maps import case, full, labels, score

EVERY_CORNER = """
F . . . . . . . . . F
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
F . . . . . . . . . F
"""

MAIN_DIAGONAL = "\n".join("." * i + "F" + "." * (10 - i) for i in range(11))

# Side A: a forest path B5..B9 joins the mountain B4 (left of B5) to C9 (below B9); B6 is a
# ruins space with forest drawn on it. F6, I3 and J8 are mountains the forest does not reach.
SIDE_A_LINK = """
. . . . . . . . . . .
. . . ^ F f F F F . .
. r . . . . . . ^ r .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . ^ . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. r ^ . . . . . . r .
. . . . . r . ^ . . .
. . . . . . . . . . .
"""

SENTINEL_WOOD = [
    case(0, "", id="empty plain"),
    case(0, "", "A", id="empty side A"),
    case(1, "F", at="A1", id="corner counts once"),
    case(4, EVERY_CORNER, id="four corners"),
    case(1, "F", at="K6", id="bottom edge"),
    case(0, "F", at="F6", id="middle"),
    case(0, "F", at="B2", id="one space in from the corner"),
    case(11, "FFFFFFFFFFF", at="A1", id="whole top row"),
    case(11, "F/F/F/F/F/F/F/F/F/F/F", at="A11", id="whole right column"),
    case(6, "FVFPFWFMFXF", at="A1", id="only forest counts"),
    case(40, full("F"), id="full plain: 40 edge spaces"),
    case(40, full("F", "A"), id="full side A"),
    case(40, full("F", "B"), id="full side B"),
    case(0, "F", "B", at="D5", id="next to wasteland is not the edge"),
    case(0, "F", "A", at="B3", id="next to a mountain is not the edge"),
]


@pytest.mark.parametrize("diagram, side, at, points", SENTINEL_WOOD)
def test_sentinel_wood(diagram, side, at, points):
    assert score("sentinel-wood", diagram, side, at).points == points


def test_sentinel_wood_corner_counts_once():
    result = score("sentinel-wood", "FF/F.", at="A1")
    assert result.points == 3
    assert labels(result.cells) == {"A1", "A2", "B1"}


GREENBOUGH = [
    case(0, "", id="empty"),
    case(2, "F", at="F6", id="one forest: its row and its column"),
    case(4, EVERY_CORNER, id="corners: 2 rows, 2 columns"),
    case(3, "F.F", at="A1", id="same row: 1 row + 2 columns"),
    case(4, "FF/FF", at="E5", id="2x2 block"),
    case(12, "FFFFFFFFFFF", at="A1", id="whole row: 1 row + 11 columns"),
    case(22, MAIN_DIAGONAL, id="diagonal reaches the maximum 22"),
    case(22, full("F"), id="full plain"),
    case(22, full("F", "B"), "B", id="full side B"),
    case(0, "VPWMX", at="A1", id="other terrain does not count"),
    case(2, "f", "A", at="B6", id="forest on ruins B6"),
    case(0, "", "B", id="side B printed spaces are not forest"),
]


@pytest.mark.parametrize("diagram, side, at, points", GREENBOUGH)
def test_greenbough(diagram, side, at, points):
    assert score("greenbough", diagram, side, at).points == points


def test_greenbough_two_forests_on_two_ruins():
    # B6 and C2 are ruins on side A: rows B and C, columns 6 and 2.
    diagram = """
    . . . . . . . . . . .
    . . . ^ . f . . . . .
    . f . . . . . . ^ r .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . . . . . ^ . . . . .
    . . . . . . . . . . .
    . . . . . . . . . . .
    . r ^ . . . . . . r .
    . . . . . r . ^ . . .
    . . . . . . . . . . .
    """
    result = score("greenbough", diagram, "A")
    assert result.points == 4
    assert labels(result.cells) == {"B6", "C2"}


TREETOWER = [
    case(0, "", id="empty"),
    case(0, "F", at="A1", id="lone corner forest"),
    case(1, "FV/P.", at="A1", id="corner: two off-map sides count as filled"),
    case(1, ".V./VFV/.V.", at="E5", id="middle, four villages, empty diagonals"),
    case(0, ".V./VFV/...", at="E5", id="three sides filled"),
    case(1, ".M./^FW/.X.", at="E5", id="monster, mountain, destroyed count as filled"),
    case(4, "FFW/FFW/WW.", at="A1", id="2x2 in the corner, water around"),
    case(0, "FF/FF", at="E5", id="2x2 in the middle, nothing around"),
    case(121, full("F"), id="full plain"),
    case(116, full("F", "A"), id="full side A: 121 - 5 mountains"),
    case(109, full("F", "B"), id="full side B: 121 - 5 mountains - 7 wastelands"),
    case(1, "VFV", "A", at="A3", id="side A: top edge, mountain B4 below"),
    case(0, "VFV", "A", at="A5", id="side A: empty ruins B6 below is empty"),
    case(1, "VFV/.v.", "A", at="A5", id="side A: drawn ruins B6 below is filled"),
    case(1, "^P/VF#", "B", at="C4", id="side B: two wastelands and two drawn spaces"),
]


@pytest.mark.parametrize("diagram, side, at, points", TREETOWER)
def test_treetower(diagram, side, at, points):
    assert score("treetower", diagram, side, at).points == points


def test_treetower_cells():
    result = score("treetower", "FFW/FFW/WW.", at="A1")
    assert labels(result.cells) == {"A1", "A2", "B1", "B2"}


STONESIDE_FOREST = [
    case(0, "", id="empty plain"),
    case(0, "", "A", id="empty side A"),
    case(6, "^F^", at="F5", id="one forest joins two mountains"),
    case(6, "^F^.^", at="F3", id="card art: third unconnected mountain scores 0"),
    case(0, "^F.F^", at="F3", id="two clusters each touching one mountain"),
    case(0, "F^/FF", at="F5", id="one cluster touching one mountain twice"),
    case(9, "^F^/.F./.^.", at="E5", id="one cluster touching three mountains"),
    case(9, "^F^F^", at="F3", id="middle mountain linked twice scores once"),
    case(6, "^F^/F.F/FFF", at="E5", id="two paths between the same two mountains"),
    case(0, "^../.F./..^", at="E5", id="diagonal contact never links"),
    case(0, "^FV^", at="F3", id="a village breaks the path"),
    case(6, SIDE_A_LINK, "A", id="side A: B4 to C9 over forest on ruins"),
    case(0, full("F"), id="full plain: no mountain"),
    case(15, full("F", "A"), id="full side A: all 5 mountains"),
    case(15, full("F", "B"), id="full side B: all 5 mountains (H6 touched below)"),
]


@pytest.mark.parametrize("diagram, side, at, points", STONESIDE_FOREST)
def test_stoneside_forest(diagram, side, at, points):
    assert score("stoneside-forest", diagram, side, at).points == points


def test_stoneside_forest_needs_a_second_mountain():
    # The three cases side by side.
    assert score("stoneside-forest", "^F.F^", at="F3").points == 0
    assert score("stoneside-forest", "^F^", at="F3").points == 6
    assert score("stoneside-forest", "^F^....^", at="F3").points == 6


def test_stoneside_forest_scores_the_mountains():
    result = score("stoneside-forest", SIDE_A_LINK, "A")
    assert labels(result.cells) == {"B4", "C9"}
