"""Heroes village scoring cards: Traylo Monastery, Outer Enclave, Gnomish Colony, Caravansary.

Each table row is a small map and the points worked out by hand from the card text
(docs/sources.md, Heroes scoring cards, and docs/rulings.md, "Heroes scoring cards"). "plain"
prints nothing but what the diagram shows; side A is "wilderness".

Each card also has its printed example: the picture on the card drawn as a diagram, scoring
the value the card prints. In those pictures a framed blank square is a filled space of no
concern to the card (drawn X here) and a dotted one an empty space.
"""

from __future__ import annotations

import pytest
from maps import case, cells, full, labels, score, sheet_from

# Villages at A10, A11 and B1, B2 (and A11 above B11, B11 beside nothing): spaces that follow
# each other in reading order across the end of row A, but no line and no square.
ROUND_THE_EDGE = """
. . . . . . . . . V V
V V . . . . . . . . V
V . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
"""

# Row F and column 6 all village: one cluster in every row and every column.
CROSS = "\n".join("VVVVVVVVVVV" if r == 5 else ".....V....." for r in range(11))

# --- Traylo Monastery: 7 stars per village cluster with 4 spaces in a straight line ----------

TRAYLO_MONASTERY = [
    case(0, "", id="empty"),
    case(0, "VVV", at="F3", id="three in a row"),
    case(7, "VVVV", at="F3", id="four in a row"),
    case(7, "V/V/V/V", at="C3", id="four in a column"),
    case(7, "VVVVV", at="F3", id="five hold four in a line"),
    case(7, "VVVV/V.../VVVV", at="E3", id="two lines in one cluster score once"),
    case(14, "VVVV/..../VVVV", at="E3", id="two clusters, one line each"),
    case(0, "VVV/V../V..", at="E3", id="an L of 3 and 3"),
    case(0, "VV/VV", at="E3", id="a 2x2"),
    case(0, "VV^VV", at="F3", id="a mountain breaks the line"),
    case(0, "VVXV", at="F3", id="a destroyed space breaks the line"),
    case(0, "V.../.V../..V./...V", at="E3", id="a diagonal is no straight line"),
    case(7, "VVVV", at="A8", id="against the right edge"),
    case(0, ROUND_THE_EDGE, id="no line wraps round from A11 to B1"),
    case(7, full("V"), id="full plain: one cluster"),
]


@pytest.mark.parametrize("diagram, side, at, points", TRAYLO_MONASTERY)
def test_traylo_monastery(diagram, side, at, points):
    assert score("traylo-monastery", diagram, side, at).points == points


def test_traylo_monastery_printed_example():
    # The card: a cluster of seven with a column of four, starred 7; beside it a cluster of
    # six whose column of four is broken by a framed square: nothing. 7.
    diagram = """
    V . . V .
    V V . V V
    V V . X V
    V V . V V
    """
    result = score("traylo-monastery", diagram, at="E2")
    assert result.points == 7
    assert labels(result.cells) == {"E2", "F2", "G2", "H2", "F3", "G3", "H3"}
    assert result.reason == "1 village cluster with 4 in a straight line"
    assert result.groups == (cells("E2 F2 G2 H2 F3 G3 H3"),)


# --- Outer Enclave: 1 star per distinct empty space next to the best village cluster ----------

OUTER_ENCLAVE = [
    case(0, "", id="empty"),
    case(4, "V", at="F6", id="one village in the middle"),
    case(2, "V", at="A1", id="a corner village"),
    case(6, "VV", at="F5", id="two villages"),
    case(13, "VVV/V.V/VVV", at="E5", id="a ring: the hole F6 touches four villages, counts once"),
    case(2, "FVF", at="F5", id="filled spaces do not count"),
    case(1, ".X./XVX/...", at="E5", id="destroyed spaces are filled"),
    case(6, "V..VV", at="F3", id="the best cluster scores, not the sum: 4 or 6"),
    case(4, ".V./V.V/.V.", at="E5", id="four single villages round one hole: 4 each"),
    case(3, "V", "A", at="B5", id="side A: the mountain B4 is filled, the ruins B6 empty"),
    case(0, full("V"), id="full plain: nothing empty"),
]


@pytest.mark.parametrize("diagram, side, at, points", OUTER_ENCLAVE)
def test_outer_enclave(diagram, side, at, points):
    assert score("outer-enclave", diagram, side, at).points == points


def test_outer_enclave_printed_example():
    # The card: a cluster of five at the top of the map; five empty spaces touch it and are
    # starred once each, B4 once although three villages touch it. 5.
    diagram = """
    . V V .
    . . V X
    . V V X
    X X . X
    """
    result = score("outer-enclave", diagram, at="A3")
    assert result.points == 5
    assert labels(result.cells) == {"A3", "A6", "B4", "C3", "D5"}
    assert result.reason == "best village cluster (5 spaces) has 5 empty spaces next to it"
    assert result.groups == (cells("A4 A5 B5 C4 C5"),)


def test_outer_enclave_names_the_best_cluster_and_its_spaces():
    result = score("outer-enclave", "V..VV", at="F3")
    assert result.cells == cells("E6 E7 F5 F8 G6 G7")
    assert result.groups == (cells("F6 F7"),)


def test_outer_enclave_with_no_empty_space_beside_a_village():
    result = score("outer-enclave", full("V"))
    assert (result.points, result.cells, result.reason) == (
        0, 0, "no village cluster next to an empty space")


# --- Gnomish Colony: 6 stars per village cluster holding a 2x2 square -------------------------

GNOMISH_COLONY = [
    case(0, "", id="empty"),
    case(6, "VV/VV", at="E5", id="a 2x2"),
    case(6, "VVV/VVV/VVV", at="E5", id="a 3x3 holds four squares: once"),
    case(0, "VVVV", at="F3", id="a 1x4"),
    case(0, "VV/V.", at="E5", id="three of a square"),
    case(0, "VVV/V.V/VVV", at="E5", id="a ring holds no square"),
    case(12, "VV.VV/VV.VV", at="E3", id="two clusters"),
    case(6, "VVVVV/VV.VV", at="E3", id="two squares in one cluster"),
    case(6, "VV^/VV.", at="E5", id="a mountain beside it does not matter"),
    case(0, "VV/VX", at="E5", id="a destroyed corner"),
    case(6, "VV/VV", at="J10", id="in the bottom-right corner"),
    case(0, ROUND_THE_EDGE, id="no square wraps round from A11 to B1"),
    case(6, full("V"), id="full plain: one cluster"),
]


@pytest.mark.parametrize("diagram, side, at, points", GNOMISH_COLONY)
def test_gnomish_colony(diagram, side, at, points):
    assert score("gnomish-colony", diagram, side, at).points == points


def test_gnomish_colony_printed_example():
    # The card: a 2x2 starred 6, a 2x2 with one more village starred 6, and a 1x4 crossed
    # out. 12.
    diagram = """
    V V . . V
    V V . . V
    . . . . V
    V V . . V
    V V V . .
    """
    result = score("gnomish-colony", diagram, at="B2")
    assert result.points == 12
    assert labels(result.cells) == {"B2", "B3", "C2", "C3", "E2", "E3", "F2", "F3", "F4"}
    assert result.reason == "2 village clusters with a 2x2 square"
    assert result.groups == (cells("B2 B3 C2 C3"), cells("E2 E3 F2 F3 F4"))


# --- Caravansary: 1 star per row and column the best village cluster reaches ------------------

CARAVANSARY = [
    case(0, "", id="empty"),
    case(2, "V", at="F6", id="one village: a row and a column"),
    case(5, "VVVV", at="F3", id="a row of four: 1 + 4"),
    case(4, "V/V/V", at="E5", id="a column of three: 3 + 1"),
    case(4, "VV/VV", at="E5", id="a 2x2: 2 + 2"),
    case(2, "V./.V", at="E5", id="diagonal: two clusters of 1 + 1"),
    case(3, "V...VV", at="F1", id="the best cluster scores, not the sum"),
    case(6, "VV./.VV/..V", at="E5", id="a staircase: 3 + 3"),
    case(4, "VVV^VVV", at="F3", id="split by a mountain: 1 + 3 each"),
    case(22, CROSS, id="row F and column 6: every row and every column"),
    case(22, full("V"), id="full plain"),
]


@pytest.mark.parametrize("diagram, side, at, points", CARAVANSARY)
def test_caravansary(diagram, side, at, points):
    assert score("caravansary", diagram, side, at).points == points


def test_caravansary_printed_example():
    # The card: one cluster of six over three rows and four columns; a star beside each row
    # and under each column. 7.
    diagram = """
    . . V V
    V V V .
    V . . .
    """
    result = score("caravansary", diagram, at="E3")
    assert result.points == 7
    assert labels(result.cells) == {"E5", "E6", "F3", "F4", "F5", "G3"}
    assert result.reason == "best village cluster reaches 3 rows and 4 columns"
    assert result.groups == (cells("E5 E6 F3 F4 F5 G3"),)


def test_caravansary_no_village():
    result = score("caravansary", sheet_from("FPW", at="F5"))
    assert (result.points, result.cells, result.reason) == (0, 0, "no village")
