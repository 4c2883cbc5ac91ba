"""Farm and water scoring cards: Canal Lake, Mages Valley, The Golden Granary, Shoreside Expanse.

Points worked out by hand from the card text (docs/sources.md, scoring cards). In diagrams a
lower-case letter is that terrain drawn on a ruins space, and "r" an empty ruins space.
"""

from __future__ import annotations

import pytest
from maps import case, full, labels, score

CHECKERBOARD = "\n".join(
    " ".join("P" if (r + c) % 2 == 0 else "W" for c in range(11)) for r in range(11)
)

CANAL_LAKE = [
    case(0, "", id="empty"),
    case(2, "PW", at="F5", id="one farm, one water"),
    case(3, "PWP", at="F5", id="water touching two farms counts once"),
    case(5, ".W./WPW/.W.", at="E5", id="farm touching four waters counts once"),
    case(6, "PPP/WWW", at="E5", id="two rows side by side"),
    case(0, "P./.W", at="E5", id="diagonal never counts"),
    case(0, "PFW", at="E5", id="a forest between"),
    case(0, full("P"), id="full of farm, no water"),
    case(121, CHECKERBOARD, id="checkerboard: every space touches the other"),
    case(2, "PW", at="A10", id="corner of the map"),
    case(0, "P", "B", at="D5", id="side B: farm next to wastelands only"),
    case(2, "pW", "A", at="B6", id="farm on ruins B6 counts as farm"),
]


@pytest.mark.parametrize("diagram, side, at, points", CANAL_LAKE)
def test_canal_lake(diagram, side, at, points):
    assert score("canal-lake", diagram, side, at).points == points


def test_canal_lake_across_the_side_b_chasm():
    # Row F of side B: F4 farm, F5-F7 wasteland, F8 water: the chasm keeps them apart.
    assert score("canal-lake", "P###W", "B", at="F4").points == 0


def test_canal_lake_cells():
    result = score("canal-lake", "PWP/..F", at="E5")
    assert result.points == 3
    assert labels(result.cells) == {"E5", "E6", "E7"}


MAGES_VALLEY = [
    case(0, "", id="empty"),
    case(0, "", "A", id="empty side A"),
    case(2, "^W", at="F5", id="water next to a mountain: 2"),
    case(1, "^P", at="F5", id="farm next to a mountain: 1"),
    case(2, "^W^", at="F5", id="water touching two mountains counts once"),
    case(1, "^P^", at="F5", id="farm touching two mountains counts once"),
    case(3, "W^P", at="F5", id="one of each"),
    case(6, ".W./P^P/.W.", at="E5", id="mountain ringed by 2 water and 2 farm"),
    case(0, "^./.W", at="E5", id="diagonal never counts"),
    case(0, "^F", at="F5", id="forest is neither"),
    case(0, "^.W", at="F5", id="two spaces away"),
    case(8, ".W./W^W/.W.", "A", at="A3", id="side A: B4 ringed by water"),
    case(2, "w^", "A", at="I2", id="side A: water on ruins I2 next to mountain I3"),
    case(6, ".#/W^W/.W.", "B", at="G5", id="side B: H6 has wasteland above, water on 3 sides"),
    case(0, full("P"), id="full plain: no mountain"),
    case(20, full("P", "A"), id="full side A farm: 5 mountains x 4 farms"),
    case(38, full("W", "B"), id="full side B water: 19 spaces next to mountains x 2"),
]


@pytest.mark.parametrize("diagram, side, at, points", MAGES_VALLEY)
def test_mages_valley(diagram, side, at, points):
    assert score("mages-valley", diagram, side, at).points == points


def test_mages_valley_cells():
    result = score("mages-valley", "W^P/.F.", at="E5")
    assert labels(result.cells) == {"E5", "E7"}


GOLDEN_GRANARY = [
    case(0, "", id="empty plain"),
    case(0, "", "A", id="empty side A"),
    case(1, "rW", at="F5", id="water next to an empty ruins space"),
    case(4, "pW", at="F5", id="card art: water next to a farm-covered ruin scores"),
    case(0, "w", at="F5", id="water on ruins with no other ruins beside it"),
    case(1, "wr", at="F5", id="water on ruins next to another ruins space"),
    case(2, "ww", at="F5", id="two waters on two ruins side by side"),
    case(3, "p", at="F5", id="farm on ruins: 3"),
    case(0, "rP", at="F5", id="farm next to ruins earns nothing"),
    case(1, "fW", at="F5", id="forest-covered ruins still ruins"),
    case(0, "f", at="F5", id="forest on ruins earns nothing"),
    case(0, "r./.W", at="F5", id="diagonal never counts"),
    case(2, "WrW", at="F5", id="a water on each side of one ruin"),
    case(1, "rWr", at="F5", id="water between two ruins counts once"),
    case(18, full("P", "A"), id="side A: farm on all six ruins"),
    case(18, full("P", "B"), id="side B: farm on all six ruins"),
    case(22, full("W", "A"), id="side A full water: 22 waters beside ruins, none on"),
]


@pytest.mark.parametrize("diagram, side, at, points", GOLDEN_GRANARY)
def test_the_golden_granary(diagram, side, at, points):
    assert score("the-golden-granary", diagram, side, at).points == points


def test_golden_granary_filled_ruins_stay_ruins():
    # Side A: the ruins B6 under a farm (3) and water at A6 and B7 beside it (1 each); the
    # forest at B5 earns nothing.
    result = score("the-golden-granary", ".W/FpW", "A", at="A5")
    assert result.points == 5
    assert labels(result.cells) == {"A6", "B6", "B7"}


SHORESIDE_EXPANSE = [
    case(0, "", id="empty"),
    case(3, "P", at="F6", id="one inland farm"),
    case(3, "W", at="F6", id="one inland water"),
    case(0, "P", at="A1", id="farm in the corner"),
    case(0, "P/P", at="A5", id="one space of the cluster on the edge"),
    case(0, "PW", at="F6", id="farm and water touching: both out"),
    case(6, "P./.W", at="F6", id="touching only diagonally"),
    case(6, "P.P", at="F5", id="two farm clusters"),
    case(3, "PPP/P.P/PPP", at="E5", id="a ring is one cluster"),
    case(0, "WWW/WPW/WWW", at="E5", id="farm inside a lake: both out"),
    case(6, "PFW", at="F5", id="forest between them: both score"),
    case(0, full("P"), id="full plain farm: on the edge"),
    case(3, "P", "B", at="D5", id="side B: wasteland is not the edge"),
    case(3, "P", "A", at="B3", id="side A: mountain is not the edge"),
    case(3, "p", "A", at="C2", id="side A: farm on ruins C2"),
]


@pytest.mark.parametrize("diagram, side, at, points", SHORESIDE_EXPANSE)
def test_shoreside_expanse(diagram, side, at, points):
    assert score("shoreside-expanse", diagram, side, at).points == points


def test_shoreside_expanse_cells():
    result = score("shoreside-expanse", "PP..W/....W/P....", at="E5")
    # The farm cluster E5-E6 and the water cluster E9-F9 score; G5 is a third cluster.
    assert result.points == 9
    assert labels(result.cells) == {"E5", "E6", "E9", "F9", "G5"}
