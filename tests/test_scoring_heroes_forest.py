"""Heroes forest scoring cards: Faunlost Thicket, Deepwood, Heart of the Forest, Sleepy Valley.

Each table row is a small map and the points worked out by hand from the card text
(docs/sources.md, Heroes scoring cards, and docs/rulings.md, "Heroes scoring cards"). "plain"
prints nothing but what the diagram shows; side A is "wilderness".

Each card also has its printed example: the picture on the card drawn as a diagram, scoring
the value the card prints. In those pictures a framed blank square is a filled space of no
concern to the card (drawn X here) and a dotted one an empty space.
"""

from __future__ import annotations

import pytest
from maps import case, cells, full, labels, score

# --- Faunlost Thicket: 2 stars per forest space of the single longest column run ---------------

FAUNLOST_THICKET = [
    case(0, "", id="empty"),
    case(2, "F", at="F6", id="a lone forest is a run of one"),
    case(6, "F/F/F", at="C3", id="one run of three"),
    case(2, "FFFF", at="F3", id="a row is no column run: each forest is a run of one"),
    case(6, "F/F/./F/F/F", at="A1", id="two runs in one column: 2 and 3, the 3 scores"),
    case(6, "F.F/F.F/F.F", at="C3", id="two runs of three tie: one scores"),
    case(8, "F./F./FF/FF/.F/.F", at="C3", id="runs of 4 and 4 side by side: one scores"),
    case(4, "F/F/V/F", at="A1", id="a village breaks the run: 2 and 1"),
    case(4, "F/F/^/F/F", at="D5", id="a mountain breaks the run"),
    case(4, "F/F/X/F", at="D5", id="a destroyed space breaks the run"),
    case(2, "F./.F/F./.F", at="E5", id="diagonal steps are no run"),
    case(22, "F/F/F/F/F/F/F/F/F/F/F", at="A11", id="a whole column: 11 spaces"),
    case(22, full("F"), id="full plain: every column is a run of 11"),
    case(22, full("F", "A"), id="full side A: columns without a mountain run 11"),
    case(6, "F/f/F", "A", at="A6", id="side A: a forest on the ruins B6 is forest"),
]


@pytest.mark.parametrize("diagram, side, at, points", FAUNLOST_THICKET)
def test_faunlost_thicket(diagram, side, at, points):
    assert score("faunlost-thicket", diagram, side, at).points == points


def test_faunlost_thicket_printed_example():
    # The card: a column of four forests beside a column of three, set one space lower; only
    # the four are starred: 4 x 2 = 8.
    result = score("faunlost-thicket", "F../F.F/F.F/F.F", at="C3")
    assert result.points == 8
    assert labels(result.cells) == {"C3", "D3", "E3", "F3"}
    assert result.reason == "longest unbroken column of forest has 4 spaces (C3, D3, E3, F3)"
    assert result.groups == (cells("C3 D3 E3 F3"),)


def test_faunlost_thicket_a_tie_scores_one_run_only():
    # C3-E3 and C5-E5 both run three: 6, not 12; the run that comes first in reading order
    # is the one shown.
    result = score("faunlost-thicket", "F.F/F.F/F.F", at="C3")
    assert result.points == 6
    assert result.cells == cells("C3 D3 E3")


def test_faunlost_thicket_no_forest():
    result = score("faunlost-thicket", "VVV", at="F3")
    assert (result.points, result.cells, result.reason) == (0, 0, "no forest")


# --- Deepwood: 6 stars per forest cluster of 5+ with no village next to any of its spaces -----

DEEPWOOD = [
    case(0, "", id="empty"),
    case(0, "FFFF", at="F3", id="four is not enough"),
    case(6, "FFFFF", at="F3", id="five in a row"),
    case(6, "FFFFF/FFFFF", at="E3", id="ten in one cluster still 6"),
    case(12, "FFFFF/...../FFFFF", at="D3", id="two clusters of five"),
    case(0, "FFFFF/....V", at="F3", id="a village below the last space spoils the cluster"),
    case(0, "VFFFFF", at="F3", id="a village beside the first space spoils it"),
    case(0, "FFFFF/V..../FFFFF", at="D3", id="one village touching both clusters spoils both"),
    case(6, "FFFFF./.....V", at="F3", id="a village diagonal to the cluster is fine"),
    case(6, "FFFFF.V", at="F3", id="a village one space away is fine"),
    case(6, "^FFFFFPWMHX", at="F1", id="other terrain beside the cluster is fine"),
    case(6, "FFFFF/...../FFFFV", at="D3", id="the cluster away from the village scores"),
    case(6, full("F"), id="full plain: one cluster"),
]


@pytest.mark.parametrize("diagram, side, at, points", DEEPWOOD)
def test_deepwood(diagram, side, at, points):
    assert score("deepwood", diagram, side, at).points == points


def test_deepwood_printed_example():
    # The card: five forests (a 2x2 with one more on top) starred 6; a lone forest; a forest
    # beside a village, crossed out. 6.
    diagram = """
    . . . . F
    . F . F F
    . . . F F
    F V . . .
    """
    result = score("deepwood", diagram, at="D3")
    assert result.points == 6
    assert labels(result.cells) == {"D7", "E6", "E7", "F6", "F7"}
    assert result.reason == "1 forest cluster of 5 or more with no village beside it"
    assert result.groups == (cells("D7 E6 E7 F6 F7"),)


def test_deepwood_a_village_anywhere_along_the_cluster_spoils_it_all():
    # Six forests F3-F8; a village under F8 alone spoils the whole cluster; moved away, 6.
    assert score("deepwood", "FFFFFF/.....V", at="F3").points == 0
    result = score("deepwood", "FFFFFF/......", at="F3")
    assert (result.points, result.cells) == (6, cells("F3 F4 F5 F6 F7 F8"))


# --- Heart of the Forest: 2 stars per forest whose 4 sides are forest or the map edge --------

HEART_OF_THE_FOREST = [
    case(0, "", id="empty"),
    case(0, "F", at="A1", id="a lone corner forest: two sides empty"),
    case(2, "FF/F.", at="A1", id="corner: two edge sides and two forests"),
    case(2, ".F./FFF/.F.", at="E5", id="a plus: the middle"),
    case(0, ".F./FFF/.V.", at="E5", id="a village on one side"),
    case(0, ".F./^FF/.F.", at="E5", id="a mountain on one side"),
    case(0, ".F./XFF/.F.", at="E5", id="a destroyed space on one side"),
    case(2, "FFF/FFF/FFF", at="E5", id="3x3 in the middle: only its centre"),
    case(8, "FFF/FFF/FFF", at="A1", id="3x3 in the corner: A1, A2, B1, B2"),
    case(2, "FFF/.F.", at="A5", id="top edge: A6 has the edge above"),
    case(242, full("F"), id="full plain: 121 x 2"),
    case(192, full("F", "A"), id="full side A: 116 forests less the 20 beside the 5 mountains"),
]


@pytest.mark.parametrize("diagram, side, at, points", HEART_OF_THE_FOREST)
def test_heart_of_the_forest(diagram, side, at, points):
    assert score("heart-of-the-forest", diagram, side, at).points == points


def test_heart_of_the_forest_printed_example():
    # The card: a 4x4 picture whose left column stands on the map edge. Starred: the second
    # row's first forest (edge, forest above, below and right) and third (forest all round).
    # 2 x 2 = 4.
    diagram = """
    F . F X
    F F F F
    F X F X
    . . X .
    """
    result = score("heart-of-the-forest", diagram, at="E1")
    assert result.points == 4
    assert labels(result.cells) == {"F1", "F3"}
    assert result.reason == "2 forest spaces with forest or the map edge on all four sides"


def test_heart_of_the_forest_the_map_edge_counts_as_forest():
    # F1 has the edge on its left and forest on its other three sides; moved to column 2
    # (F2), its left side is an empty space instead.
    assert score("heart-of-the-forest", "FF/FF/FF", at="E1").cells == cells("F1")
    assert score("heart-of-the-forest", "FF/FF/FF", at="E2").points == 0


# --- Sleepy Valley: 4 stars per row with 3 or more forest spaces ------------------------------

SLEEPY_VALLEY = [
    case(0, "", id="empty"),
    case(0, "FF", at="F3", id="two is not enough"),
    case(4, "FFF", at="F3", id="three"),
    case(4, "F.F.F", at="F3", id="three not touching"),
    case(4, "F...F...F", at="K1", id="three spread along the bottom row"),
    case(4, "FFFFFFFFFFF", at="A1", id="eleven: three or more, not exactly three"),
    case(4, "FFFF", at="F3", id="four"),
    case(8, "FFF/FFF", at="E3", id="two rows"),
    case(0, "F/F/F", at="C3", id="a column of three is three rows of one"),
    case(0, "FFV", at="F3", id="a village is not forest"),
    case(4, "FVFVF", at="F3", id="three with villages between"),
    case(44, full("F"), id="full plain: 11 rows"),
]


@pytest.mark.parametrize("diagram, side, at, points", SLEEPY_VALLEY)
def test_sleepy_valley(diagram, side, at, points):
    assert score("sleepy-valley", diagram, side, at).points == points


def test_sleepy_valley_printed_example():
    # The card: rows of 3 and 4 forests, starred 4 and 4; a row with a mountain, a framed
    # square and one forest, and a lone forest below, score nothing. 8.
    diagram = """
    F . F F
    F F F F
    ^ X F .
    . F . .
    """
    result = score("sleepy-valley", diagram, at="B2")
    assert result.points == 8
    assert labels(result.cells) == {"B2", "B4", "B5", "C2", "C3", "C4", "C5"}
    assert result.reason == "2 rows with 3 or more forest spaces"
    assert result.groups == (cells("B2 B4 B5"), cells("C2 C3 C4 C5"))
