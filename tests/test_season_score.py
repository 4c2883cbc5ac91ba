"""Season score = the season's two edicts + coins - monsters, and the worked examples of the
rule texts (docs/sources.md, JA) and of the card art (docs/sources.md, scoring cards).
"""

from __future__ import annotations

import pytest
from maps import labels, score, sheet_from

from cartoref.cards import catalog
from cartoref.mapfile import parse_map
from cartoref.scoring import monster_spaces, score_sheet
from cartoref.views.json import score as score_json

# The Japanese seed (002): "edicts worth 8 and 5, 2 coins, 4 empty spaces next to monsters:
# spring is 8 + 5 + 2 - 4 = 11". Side A. Edict A Wildholds: the village cluster E1-E6 is six
# spaces, 8. Edict B Sentinel Wood: forest A1-A5 on the top edge, 5. The monster H9 has four
# empty neighbours G9, I9, H8, H10. Canal Lake (C) and Borderlands (D) score 0 here.
JAPANESE_EXAMPLE = """\
# the Japanese seed's spring
player: Hanako
sheet: wilderness
coins: 2
edicts: wildholds, sentinel wood, canal lake, borderlands
season: spring
map: |
  F F F F F . . . . . .
  . . . ^ . r . . . . .
  . r . . . . . . ^ r .
  . . . . . . . . . . .
  V V V V V V . . . . .
  . . . . . ^ . . . . .
  . . . . . . . . . . .
  . . . . . . . . M . .
  . r ^ . . . . . . r .
  . . . . . r . ^ . . .
  . . . . . . . . . . .
"""


def season_report(text: str, season: str | None = None):
    """Score a map file's text for a season (its own, unless given) the way the sheet does."""
    cards = catalog()
    mf = parse_map(text, "example.yaml")
    chosen = cards.season(season or mf.season)
    edicts = dict(zip("ABCD", mf.edicts))
    picked = [(e, edicts[e], cards.scoring_card(edicts[e]).name) for e in chosen.edicts]
    return score_sheet(mf.sheet, picked, mf.coins, player=mf.player, season=chosen.id)


def test_japanese_worked_example_8_5_2_4():
    report = season_report(JAPANESE_EXAMPLE)
    assert [c.score.points for c in report.cards] == [8, 5]
    assert report.coins == 2
    assert report.monsters == 4
    assert labels(report.monster_cells) == {"G9", "I9", "H8", "H10"}
    assert report.total == 11


def test_japanese_example_as_json():
    assert score_json(season_report(JAPANESE_EXAMPLE)) == {
        "player": "Hanako",
        "sheet": "wilderness",
        "season": "spring",
        "cards": [
            {"edict": "A", "id": "wildholds", "name": "Wildholds", "score": 8},
            {"edict": "B", "id": "sentinel-wood", "name": "Sentinel Wood", "score": 5},
        ],
        "coins": 2,
        "monsters": 4,
        "total": 11,
    }


@pytest.mark.parametrize("season, edicts, total", [
    ("spring", ("A", "B"), 8 + 5 + 2 - 4),
    ("summer", ("B", "C"), 5 + 0 + 2 - 4),
    ("autumn", ("C", "D"), 0 + 0 + 2 - 4),
    ("winter", ("D", "A"), 0 + 8 + 2 - 4),
])
def test_each_season_scores_its_two_edicts(season, edicts, total):
    report = season_report(JAPANESE_EXAMPLE, season)
    assert tuple(c.edict for c in report.cards) == edicts
    assert report.total == total


def test_the_season_total_can_go_negative():
    report = score_sheet(sheet_from("M", at="F6"), [], 0)
    assert report.monsters == 4
    assert report.total == -4
    assert score_json(report)["monsters"] == 4


def test_coins_add_one_each():
    assert score_sheet(sheet_from(""), [], 14).total == 14


MONSTERS = [
    pytest.param("", "plain", None, 0, id="no monster"),
    pytest.param("M", "plain", "F6", 4, id="four empty sides"),
    pytest.param("M", "plain", "A1", 2, id="corner: the edge costs nothing"),
    pytest.param("M", "plain", "A6", 3, id="edge"),
    pytest.param("M.M", "plain", "F5", 7, id="a space next to two monsters costs once"),
    pytest.param("MM", "plain", "F5", 6, id="a monster next to a monster is not empty"),
    pytest.param("M./.M", "plain", "F5", 6, id="diagonal spaces never count"),
    pytest.param("PM", "plain", "F5", 3, id="filled spaces never count"),
    pytest.param(".P./PMP/.P.", "plain", "E5", 0, id="surrounded monster"),
    pytest.param("M", "A", "B5", 3, id="side A: mountain B4 is filled, empty ruins B6 is empty"),
    pytest.param("m", "A", "B6", 4, id="side A: monster on ruins"),
    pytest.param("M", "B", "D5", 2, id="side B: wastelands D6 and E5 are filled"),
]


@pytest.mark.parametrize("diagram, side, at, stars", MONSTERS)
def test_monster_penalty(diagram, side, at, stars):
    sheet = sheet_from(diagram, side, at)
    assert monster_spaces(sheet).bit_count() == stars
    assert score_sheet(sheet, [], 0).monsters == stars


def test_monster_penalty_spaces():
    assert labels(monster_spaces(sheet_from("M.M", at="F5"))) == {"E5", "G5", "F4", "F6", "E7", "G7", "F8"}


# Worked examples from the rule texts and the card art, each as (card, diagram, points).
WORKED = [
    # Japanese seed (002)
    pytest.param("lost-barony", "FFF/FFF/FFF", 9, id="JP: a 3x3 square is 9, not 3 per space"),
    pytest.param("shieldgate", "VVVVV/...../VVVVV/...../VVV..", 10,
                 id="JP: two largest clusters tie, one of them is the second"),
    pytest.param("shieldgate", "VVVV", 0, id="JP: a single cluster has no second"),
    pytest.param("greenbough", "F", 2, id="JP/FR: one forest counts for its row and its column"),
    pytest.param("mages-valley", "^W^", 2, id="JP: a water next to two mountains is still 2"),
    pytest.param("canal-lake", "WPW", 3, id="JP: a farm next to two waters counts once"),
    pytest.param("greengold-plains", "FFF/WVP", 3, id="JP: three forests are one type"),
    pytest.param("shoreside-expanse", "PP/.P/PW", 0, id="JP: one space touching water spoils the cluster"),
    pytest.param("stoneside-forest", "^F^", 6, id="JP: each mountain joined to another by forest, 3"),
    # Card art (docs/sources.md, scoring cards)
    pytest.param("stoneside-forest", "^F^..^", 6, id="art: two linked mountains 6, the third 0"),
    pytest.param("lost-barony", "FF/FF", 6, id="art: a 2x2 square is 3 + 3"),
    pytest.param("the-golden-granary", "pW", 4, id="art: water next to a farm-covered ruin scores"),
    pytest.param("great-city", "VV^", 0, id="art: a village next to a mountain is crossed out"),
]


@pytest.mark.parametrize("card, diagram, points", WORKED)
def test_worked_examples(card, diagram, points):
    assert score(card, diagram, at="E4").points == points


def test_broken_road_card_art_corner():
    assert score("the-broken-road", "F", at="K1").points == 3


def test_sentinel_wood_card_art_corner_once():
    assert score("sentinel-wood", "F", at="K11").points == 1


def test_japanese_solo_rating_example():
    # "final 71 points, solo numbers totalling 60: rating 11" -> at least 10, below 20.
    assert catalog().solo_title(71 - 60) == "Journeyman Topographer"
