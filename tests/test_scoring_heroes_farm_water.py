"""Heroes farm and water scoring cards: Craylund, Ulem's Wallow, Clawsgrave Peaks, Jorekburg.

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

# --- Craylund: 7 stars per farm cluster touching 3+ different water spaces --------------------

CRAYLUND = [
    case(0, "", id="empty"),
    case(7, ".W./WPW", at="E5", id="one farm, three waters"),
    case(0, "WPW", at="F5", id="two waters"),
    case(0, "WW/PP", at="F5", id="a farm pair under two waters"),
    case(7, "WWW/PPP", at="F5", id="three waters of one water cluster are three waters"),
    case(7, "W.W/PPP/.W.", at="E5", id="three waters on three sides of the cluster"),
    case(0, "PPP/PWP", at="F5", id="one water touching four farm spaces is one water"),
    case(0, "W.W/.P./W.W", at="E5", id="diagonal waters do not touch"),
    case(14, ".W.W./WPWPW", at="E4", id="two clusters; the water between counts for both"),
    case(0, "PPP/WXW", at="F5", id="two waters and a destroyed space"),
    case(7, "WWWW/PPPP", at="A1", id="four waters: 3 or more"),
    case(0, full("P"), id="full plain: no water"),
]


@pytest.mark.parametrize("diagram, side, at, points", CRAYLUND)
def test_craylund(diagram, side, at, points):
    assert score("craylund", diagram, side, at).points == points


def test_craylund_printed_example():
    # The card: a farm cluster of three (an L) touching three different waters, two of which
    # touch each other, starred 7; a lone water below touches nothing. 7.
    diagram = """
    . W .
    X P W
    P P W
    . . .
    . W .
    """
    result = score("craylund", diagram, at="E5")
    assert result.points == 7
    assert labels(result.cells) == {"F6", "G5", "G6"}
    assert result.reason == "1 farm cluster touching 3 or more water spaces"
    assert result.groups == (cells("F6 G5 G6"),)


# --- Ulem's Wallow: 4 stars per water space with 2+ farm spaces next to it --------------------

ULEMS_WALLOW = [
    case(0, "", id="empty"),
    case(4, "PWP", at="F5", id="a farm on each side"),
    case(0, "PW", at="F5", id="one farm"),
    case(4, "P/W/P", at="E5", id="above and below"),
    case(4, ".P./PWP/.P.", at="E5", id="four farms: one water"),
    case(0, "PP/WW", at="F5", id="two waters, one farm each"),
    case(0, "PWWP", at="F5", id="a farm at each end of two waters"),
    case(8, "PWP/PWP", at="F5", id="two waters, two farms each"),
    case(0, "P.P/.W.", at="E5", id="diagonal farms do not count"),
    case(4, "PP/PW", at="F5", id="two farms of one cluster are two farms"),
    case(4, "WP/P.", at="A1", id="corner water: two farms beside it, the edge on two sides"),
    case(0, "PW", at="A10", id="corner water: one farm, the edge is no farm"),
    case(0, full("W"), id="full plain: no farm"),
]


@pytest.mark.parametrize("diagram, side, at, points", ULEMS_WALLOW)
def test_ulems_wallow(diagram, side, at, points):
    assert score("ulems-wallow", diagram, side, at).points == points


def test_ulems_wallow_printed_example():
    # The card: two waters each beside two farms are starred 4 and 4; the water at the top
    # touches no farm; a lone farm below. 8.
    diagram = """
    . W .
    X W P
    P P W
    . . .
    . P .
    """
    result = score("ulems-wallow", diagram, at="E5")
    assert result.points == 8
    assert labels(result.cells) == {"F6", "G7"}
    assert result.reason == "2 water spaces next to 2 or more farm spaces"


# --- Clawsgrave Peaks: 5 stars per mountain next to a water cluster that touches a farm ------

CLAWSGRAVE_PEAKS = [
    case(0, "", id="empty"),
    case(5, "^WP", at="F5", id="mountain, water, farm"),
    case(0, "^P", at="F5", id="a farm beside the mountain, no water"),
    case(0, "^W", at="F5", id="water with no farm"),
    case(0, "^W.P", at="F5", id="the farm does not touch the water"),
    case(5, "^WWWP", at="F3", id="a long water cluster joins them"),
    case(10, "^W^/.P.", at="E5", id="two mountains on one water"),
    case(5, "W^W/P.P", at="E5", id="a mountain on two such waters scores once"),
    case(0, "P^W", at="F5", id="farm on one side, dry water on the other"),
    case(0, "^./.W/.P", at="E5", id="water diagonal to the mountain"),
    case(0, "^W./..P", at="E5", id="farm diagonal to the water"),
    case(0, "^WXP", at="F5", id="a destroyed space breaks the water"),
    case(5, "Wp", "A", at="B5", id="side A: B4 beside water beside a farm on ruins B6"),
    case(0, full("W", "A"), id="full side A: water everywhere, no farm"),
]


@pytest.mark.parametrize("diagram, side, at, points", CLAWSGRAVE_PEAKS)
def test_clawsgrave_peaks(diagram, side, at, points):
    assert score("clawsgrave-peaks", diagram, side, at).points == points


def test_clawsgrave_peaks_printed_example():
    # The card (5x5): three mountains starred 5 each, joined to a farm by water: E4 by F4-G4
    # (G4 beside the farm G5), E7 by F7 (beside G7), I7 by H5-I5-I6 (H5 below G5). The
    # mountain I3 has only a farm beside it: nothing. 15.
    diagram = """
    . ^ . . ^
    . W . . W
    . W P . P
    P . W . .
    ^ . W W ^
    """
    result = score("clawsgrave-peaks", diagram, at="E3")
    assert result.points == 15
    assert labels(result.cells) == {"E4", "E7", "I7"}
    assert result.reason == "3 mountains joined to a farm by a water cluster"
    assert set(result.groups) == {cells("E4 F4 G4"), cells("E7 F7"), cells("H5 I5 I6 I7")}


def test_clawsgrave_peaks_counts_each_mountain_once():
    result = score("clawsgrave-peaks", "W^W/P.P", at="E5")
    assert result.cells == cells("E6")
    assert result.reason == "1 mountain joined to a farm by a water cluster"


# --- Jorekburg: 4 stars per column with as many farms as waters, at least one each -----------

JOREKBURG = [
    case(0, "", id="empty: 0 = 0 but none of each"),
    case(4, "P/W", at="F5", id="one of each"),
    case(0, "PW", at="F5", id="a row: each column has one and none"),
    case(4, "P/W/P/W", at="E5", id="two of each"),
    case(4, "P/P/W/W", at="E5", id="two of each, grouped"),
    case(0, "P/W/P", at="E5", id="two farms, one water"),
    case(0, "W/W", at="E5", id="waters and no farm"),
    case(8, "P.P/W.W", at="F5", id="two columns"),
    case(4, "P/M/W/X/H", at="E5", id="other spaces do not matter"),
    case(4, "P/./././././././././W", at="A11", id="far apart in one column"),
    case(0, "P/W/P/W/P/W/P/W/P/W/P", at="A1", id="a full column of 6 farms and 5 waters"),
    case(0, full("P"), id="full plain: no water"),
]


@pytest.mark.parametrize("diagram, side, at, points", JOREKBURG)
def test_jorekburg(diagram, side, at, points):
    assert score("jorekburg", diagram, side, at).points == points


def test_jorekburg_printed_example():
    # The card (4 columns): stars over the first column (a water, a farm) and the third (two
    # of each); the second has two waters and one farm, the fourth nothing. 8.
    diagram = """
    . . . .
    W W W .
    . W P .
    P P P .
    . . W .
    """
    result = score("jorekburg", diagram, at="D2")
    assert result.points == 8
    assert labels(result.cells) == {"E2", "G2", "E4", "F4", "G4", "H4"}
    assert result.reason == "2 columns with as many farm as water spaces (at least one each)"
    assert result.groups == (cells("E2 G2"), cells("E4 F4 G4 H4"))
