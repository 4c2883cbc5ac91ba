"""`cartoref score`, `show`, `check`, `new-map`, `cards` and `card` as a user runs them.

Expected figures are worked out by hand from the card texts; the working is in the comments.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import SAMPLES

ALICE = os.path.join(SAMPLES, "alice-spring.yaml")
with open(ALICE, encoding="utf-8") as _f:
    ALICE_TEXT = _f.read()

# alice-spring.yaml, side A, 3 coins, edicts A-D: Sentinel Wood, Wildholds, Canal Lake, Broken Road.
#   Sentinel Wood: forest on the edge at A1 A2 B1 H1 I1 J1 = 6
#   Wildholds: one village cluster C7 C8 D7 D8 E7 E8 of 6 = 8
#   Canal Lake: water A8 (farm B8 below) and B7 (farm B8 right) + farm B8 = 3
#   The Broken Road: K1 is empty, so no diagonal is complete = 0
#   Monsters G6 G7: empty neighbours F7 G5 G8 H6 H7 (F6 is a mountain) = 5
SEASON_TOTALS = {"spring": 6 + 8 + 3 - 5, "summer": 8 + 3 + 3 - 5, "autumn": 3 + 0 + 3 - 5, "winter": 0 + 6 + 3 - 5}


@pytest.mark.parametrize("season,total", SEASON_TOTALS.items())
def test_score_json_each_season(cartoref, season, total):
    r = cartoref("score", ALICE, "--season", season, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["total"] == total
    assert data["season"] == season
    assert data["coins"] == 3 and data["monsters"] == 5
    assert set(data) == {"player", "sheet", "season", "cards", "coins", "monsters", "total"}


def test_score_uses_the_map_files_season_and_edicts(cartoref):
    data = json.loads(cartoref("score", ALICE, "--json").out)
    assert data == {
        "player": "Alice", "sheet": "wilderness", "season": "spring",
        "cards": [
            {"edict": "A", "id": "sentinel-wood", "name": "Sentinel Wood", "score": 6},
            {"edict": "B", "id": "wildholds", "name": "Wildholds", "score": 8},
        ],
        "coins": 3, "monsters": 5, "total": 12,
    }


def test_score_named_cards_can_go_negative(cartoref):
    # Treetower: only A1 has its four sides filled or off the map (up and left are the edge,
    # A2 and B1 are forest) = 1; Broken Road 0; 1 + 0 + 3 coins - 5 monsters = -1.
    data = json.loads(cartoref("score", ALICE, "--card", "treetower", "--card", "broken road", "--json").out)
    assert [(c["edict"], c["id"], c["score"]) for c in data["cards"]] == [
        (None, "treetower", 1), (None, "the-broken-road", 0)]
    assert data["total"] == -1


def test_score_edicts_option_overrides_the_file(cartoref):
    # Summer scores B and C: Greenbough (B) and Great City (C).
    # Greenbough: forest in rows A B C H I J (6) and columns 1 2 3 4 5 (5) = 11.
    # Great City: the only village cluster (C7-E8) touches the mountain C9? C8's right is C9 = ^,
    # so it is excluded: 0. Total 11 + 0 + 3 - 5 = 9.
    r = cartoref("score", ALICE, "--season", "summer", "--edicts",
                 "sentinel wood, greenbough, great city, the cauldrons", "--json")
    data = json.loads(r.out)
    assert [(c["edict"], c["score"]) for c in data["cards"]] == [("B", 11), ("C", 0)]
    assert data["total"] == 9


def test_several_maps_give_a_list_and_a_summary(cartoref, tmp_path):
    bob = tmp_path / "bob.yaml"
    bob.write_text(ALICE_TEXT.replace("Alice", "Bob").replace("coins: 3", "coins: 5"))
    data = json.loads(cartoref("score", ALICE, str(bob), "--json").out)
    assert [d["player"] for d in data] == ["Alice", "Bob"]
    assert [d["total"] for d in data] == [12, 14]
    human = cartoref("score", ALICE, str(bob)).out
    assert "Summary" in human and human.index("Bob", human.index("Summary")) < human.index("Alice", human.index("Summary"))


def test_human_output_shows_each_box_and_reason(cartoref):
    r = cartoref("score", ALICE)
    assert r.code == 0
    for text in ("Sentinel Wood", "6 forest spaces on the edge", "Wildholds", "Coins", "Monsters", "-5", "Total", "12"):
        assert text in r.out


def test_explain_marks_the_spaces_that_scored(cartoref):
    out = cartoref("score", ALICE, "--explain").out
    row_a = next(line for line in out.splitlines() if line.startswith("  A "))
    assert row_a.startswith("  A [F][F]")  # A1 and A2 scored for Sentinel Wood
    row_g = next(line for line in out.splitlines() if line.startswith("  G "))
    # G5 and G8 are empty next to the monsters G6 G7 (as are F7, H6, H7).
    assert row_g.split() == ["G", ".", ".", ".", ".", "!", "M", "M", "!", ".", ".", "."]


def test_missing_season_is_a_usage_error(cartoref, tmp_path):
    m = tmp_path / "m.yaml"
    m.write_text(ALICE_TEXT.replace("season: spring\n", ""))
    r = cartoref("score", str(m))
    assert r.code == 2
    assert "--season" in r.err and "Traceback" not in r.err


def test_missing_edicts_is_a_usage_error(cartoref, tmp_path):
    m = tmp_path / "m.yaml"
    m.write_text("\n".join(line for line in ALICE_TEXT.splitlines() if not line.startswith("edicts")))
    r = cartoref("score", str(m))
    assert r.code == 2 and "--edicts" in r.err


@pytest.mark.parametrize("edicts,expected", [
    ("wildholds,canal lake,borderlands", "four scoring cards"),
    ("wildholds,wildholds,canal lake,borderlands", "four different"),
    ("wildholds,canal lak,borderlands,sentinal wood", "did you mean"),
])
def test_bad_edicts_option(cartoref, edicts, expected):
    r = cartoref("score", ALICE, "--season", "spring", "--edicts", edicts)
    assert r.code == 2 and expected in r.err


def test_unknown_card_suggests(cartoref):
    r = cartoref("score", ALICE, "--card", "sentinal")
    assert r.code == 2 and "Sentinel Wood" in r.err


def test_missing_map_file(cartoref, tmp_path):
    r = cartoref("score", str(tmp_path / "nope.yaml"), "--season", "spring")
    assert r.code == 2 and "nope.yaml" in r.err and "cannot read" in r.err


def test_coin_warning(cartoref, tmp_path):
    # Surround the mountain B4 (A4, B3, B5, C4 all filled) with coins: 0 on the track.
    text = ALICE_TEXT.replace("coins: 3", "coins: 0").replace("  F F . . .", "  F F . F .", 1)
    m = tmp_path / "m.yaml"
    m.write_text(text)
    r = cartoref("score", str(m), "--json")
    assert r.code == 0
    assert "surrounds 1 mountain" in r.err and "warning" in r.err


def test_show_draws_rows_and_columns(cartoref):
    out = cartoref("show", ALICE).out
    assert "1  2  3  4  5  6  7  8  9 10 11" in out
    assert any(line.startswith("  K ") for line in out.splitlines())


def test_check_reports_ok(cartoref):
    r = cartoref("check", *(os.path.join(SAMPLES, f) for f in sorted(os.listdir(SAMPLES))))
    assert r.code == 0, r.err
    assert r.out.count(": ok") == len(os.listdir(SAMPLES))


def test_new_map_round_trips_and_has_printed_spaces(cartoref, tmp_path):
    from cartoref.mapfile import parse_map

    r = cartoref("new-map", "--sheet", "B", "--player", "Bob")
    mf = parse_map(r.out, "new.yaml")
    assert mf.player == "Bob" and mf.sheet.side.id == "wastelands" and mf.coins == 0
    assert "D6" not in r.out and "# " in r.out
    rows = [line.split() for line in r.out.splitlines() if line.startswith("  ")]
    assert rows[3][5] == "#" and rows[2][3] == "^" and rows[2][2] == "r"  # D6, C4, C3

    out = tmp_path / "bob.yaml"
    assert cartoref("new-map", "-o", str(out)).code == 0
    again = cartoref("new-map", "-o", str(out))
    assert again.code == 2 and "--force" in again.err


def test_cards_and_card(cartoref):
    listing = json.loads(cartoref("cards", "--category", "village", "--set", "base", "--json").out)
    assert [c["name"] for c in listing] == ["Wildholds", "Great City", "Greengold Plains", "Shieldgate"]
    river = json.loads(cartoref("card", "GREAT-river", "--json").out)
    assert river["time"] == 1 and river["options"][0]["coin"] is True
    assert river["options"][1]["shape"] == ["..X", ".XX", "XX."]
    text = cartoref("card", "bugbear").out
    assert "M - M" in text and "clockwise" in text
    assert "Solo number: 24" in cartoref("card", "the broken road").out
    assert cartoref("card", "g").code == 2  # ambiguous: Greenbough, Great City, ...


def test_score_with_a_game_takes_its_edicts_and_its_season(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "10", "--edicts",
             "sentinel wood,canal lake,wildholds,borderlands")
    # Alice's sample without its own edicts: spring scores A Sentinel Wood (6) and B Canal Lake
    # (3), plus 3 coins, minus 5 monsters = 7 (the working is at the top of this file).
    text = "\n".join(line for line in ALICE_TEXT.splitlines() if not line.startswith(("edicts", "season")))
    (tmp_path / "a.yaml").write_text(text + "\n")
    data = json.loads(cartoref("score", "a.yaml", "--game", "cartoref-game.yaml", "--json").out)
    assert [(c["edict"], c["id"], c["score"]) for c in data["cards"]] == [("A", "sentinel-wood", 6),
                                                                           ("B", "canal-lake", 3)]
    assert data["season"] == "spring" and data["total"] == 6 + 3 + 3 - 5
    # --season picks another season of the same game: summer scores B + C (3 + 8).
    summer = json.loads(cartoref("score", "a.yaml", "--game", "cartoref-game.yaml", "--season", "summer",
                                 "--json").out)
    assert summer["total"] == 3 + 8 + 3 - 5
