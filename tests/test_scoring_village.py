"""Village scoring cards: Wildholds, Great City, Greengold Plains, Shieldgate.

Points worked out by hand from the card text (docs/sources.md, scoring cards).
"""

from __future__ import annotations

import pytest
from maps import case, cells, full, labels, score

STAIRCASE = "V...../.V..../..V.../...V../....V./.....V"

WILDHOLDS = [
    case(0, "", id="empty"),
    case(0, "VVVVV", at="F3", id="five is not enough"),
    case(8, "VVVVVV", at="F3", id="six in a row"),
    case(8, "VVV/VVV", at="F3", id="six in a block"),
    case(8, "VVVVVV/VVVVVV", at="E3", id="twelve in one cluster still 8"),
    case(16, "VVVVVV/....../VVVVVV", at="E3", id="two clusters of six"),
    case(0, STAIRCASE, at="E3", id="six touching only diagonally"),
    case(0, "VVV^VVV", at="F2", id="split by a mountain: 3 + 3"),
    case(8, "VVVVVV", at="A1", id="along the top edge"),
    case(8, full("V"), id="full plain: one cluster"),
    case(8, full("V", "B"), id="full side B: one cluster around the chasm"),
    case(8, "VvVVVV", "A", at="B5", id="side A: village on ruins B6 counts"),
]


@pytest.mark.parametrize("diagram, side, at, points", WILDHOLDS)
def test_wildholds(diagram, side, at, points):
    assert score("wildholds", diagram, side, at).points == points


def test_wildholds_cells():
    result = score("wildholds", "VVVVVV/....../VVV...", at="E3")
    assert labels(result.cells) == {"E3", "E4", "E5", "E6", "E7", "E8"}


GREAT_CITY = [
    case(0, "", id="empty"),
    case(4, "VVVV", at="F3", id="one cluster of four"),
    case(3, "VVVVV^/....../VVV...", at="E3", id="largest touches a mountain; next is 3"),
    case(4, "VVVV.VVVV", at="F2", id="tie for largest: its size"),
    case(0, "V^V", at="F5", id="every cluster touches a mountain"),
    case(1, "^./.V", at="F5", id="diagonal to a mountain is fine"),
    case(0, full("V", "A"), id="full side A: the one cluster touches mountains"),
    case(121, full("V"), id="full plain"),
    case(2, "VV", "B", at="E3", id="side B: next to wasteland is fine"),
    case(0, "VV", "B", at="D3", id="side B: D4 is below the mountain C4"),
]


@pytest.mark.parametrize("diagram, side, at, points", GREAT_CITY)
def test_great_city(diagram, side, at, points):
    assert score("great-city", diagram, side, at).points == points


def test_great_city_cells():
    result = score("great-city", "VVVVV^/....../VVV...", at="E3")
    assert labels(result.cells) == {"G3", "G4", "G5"}


GREENGOLD_PLAINS = [
    case(0, "", id="empty"),
    case(3, ".F./PVW", at="E5", id="forest, farm, water"),
    case(0, "FVF/.P.", at="E5", id="two forests are one type: 2 types"),
    case(3, "^VM/.F.", at="E5", id="mountains and monsters count"),
    case(3, "FVVP/..W.", at="E5", id="types counted over the whole cluster"),
    case(6, ".F./PVW/.../.F./PVW", at="E5", id="two clusters"),
    case(0, "FVX/.P.", at="E5", id="destroyed has no terrain type"),
    case(0, "rVF/.P.", at="E5", id="empty ruins are not a type"),
    case(3, "wVF/.P.", at="E5", id="water on ruins counts as water"),
    case(0, "FV", at="A10", id="map edge is not a type"),
    case(0, full("V"), id="full plain"),
    case(0, "^F/PV#", "B", at="C4", id="side B: wasteland is not a type"),
    case(3, "r^F/WVV#", "B", at="C3", id="side B: mountain, forest, water"),
]


@pytest.mark.parametrize("diagram, side, at, points", GREENGOLD_PLAINS)
def test_greengold_plains(diagram, side, at, points):
    assert score("greengold-plains", diagram, side, at).points == points


def test_greengold_plains_counts_mountain_and_monster_not_wasteland():
    # Side B. A village at D5 touches wastelands D6 and E5, a monster C5 and a forest D4:
    # two types, nothing. Grown to D4-D5 it also touches the mountain C4: three types.
    assert score("greengold-plains", "r^M/.FV#", "B", at="C3").points == 0
    result = score("greengold-plains", "r^M/FVV#", "B", at="C3")
    assert result.points == 3
    assert labels(result.cells) == {"D4", "D5"}


SHIELDGATE = [
    case(0, "", id="empty"),
    case(0, "VVV", at="F3", id="a single cluster has no second"),
    case(10, "VVVVV/...../VVVVV/...../VVV..", at="C3", id="sizes 5, 5, 3: tie for largest"),
    case(4, "VVVV..VV", at="F2", id="sizes 4, 2"),
    case(6, "VVVVVV/....../VVV.VV/.....V", at="E3", id="sizes 6, 3, 3"),
    case(2, "V.V.V", at="F3", id="three single spaces"),
    case(0, full("V"), id="full plain: one cluster"),
    case(4, "VVV^VV", "A", at="F3", id="side A: split by the mountain F6"),
    case(2, "V./.V", at="F5", id="diagonal: two clusters of one"),
]


@pytest.mark.parametrize("diagram, side, at, points", SHIELDGATE)
def test_shieldgate(diagram, side, at, points):
    assert score("shieldgate", diagram, side, at).points == points


def test_shieldgate_tie_scores_a_largest_cluster():
    result = score("shieldgate", "VVVVV/...../VVVVV/...../VVV..", at="C3")
    assert result.points == 10
    assert result.cells in (cells("C3 C4 C5 C6 C7"), cells("E3 E4 E5 E6 E7"))


def test_shieldgate_cells():
    result = score("shieldgate", "VVVV..VV", at="F2")
    assert labels(result.cells) == {"F8", "F9"}
