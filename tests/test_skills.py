"""Skills Mini Expansion 1: three skills dealt face up, a drawing made with one checked by its
rule, paid with coins crossed out on the track (they score nothing), one skill a season, and
unplace giving the coins back.

The rules of each skill are tried on small hand-made sheets of a side with no printed spaces
(tests/maps.PLAIN), with the base game's Great River (water: a line of 3 with a coin, or a
staircase of 5) and Goblin Attack (a diagonal of 3), as the data sheet words each skill."""

from __future__ import annotations

import json

import pytest
from maps import PLAIN

from cartoref.cards import catalog
from cartoref.errors import IllegalPlacement
from cartoref.grid import Sheet, Terrain
from cartoref.moves.playermap import Kept
from cartoref.moves.skills import check_skill_drawing
from cartoref.notation import parse_spaces

CARDS = catalog()
RIVER = next(c for c in CARDS.explore if c.id == "great-river")
GOBLINS = next(c for c in CARDS.ambushes if c.id == "goblin-attack")
BLANK = Sheet.blank(PLAIN)
RIVER_ON_A1 = Kept("great-river", Terrain.WATER, parse_spaces("A1 B1 C1"), 1)  # this turn's drawing


def skill(name: str):
    return CARDS.skill(name)


# (skill, card, spaces, terrain, the turn's drawing so far, the sheet) -> (terrain drawn, coin)
ALLOWED = [
    # Knowledge: the card's own shape, in village.
    ("knowledge", RIVER, "A1 B1 C1", Terrain.VILLAGE, None, BLANK, (Terrain.VILLAGE, True)),
    ("knowledge", RIVER, "C1 B2 C2 A3 B3", None, None, BLANK, (Terrain.VILLAGE, False)),
    # Negotiate: a 2x2 square of the card's terrain, no coin.
    ("negotiate", RIVER, "E5 E6 F5 F6", None, None, BLANK, (Terrain.WATER, False)),
    # Move Silently: the line of 3 running up past row A leaves A1 alone, or A1 A2 lying along it.
    ("move silently", RIVER, "A1", None, None, BLANK, (Terrain.WATER, True)),
    ("move silently", RIVER, "A1 A2", None, None, BLANK, (Terrain.WATER, True)),
    ("move silently", RIVER, "K11", None, None, BLANK, (Terrain.WATER, True)),
    # A whole shape on the map is still the card's shape.
    ("move silently", RIVER, "E5 F5 G5", None, None, BLANK, (Terrain.WATER, True)),
    # Search: one more space next to the turn's drawing, in its terrain.
    ("search", RIVER, "D1", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER),
     (Terrain.WATER, False)),
    # Concentrate: the turn's shape again (turned), in its terrain.
    ("concentrate", RIVER, "E5 E6 E7", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER),
     (Terrain.WATER, False)),
    # Cure Wounds: a 2x1 next to a monster space, in the card's terrain.
    ("cure wounds", RIVER, "E6 E7", None, RIVER_ON_A1,
     BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER).with_drawn(parse_spaces("E5"), Terrain.MONSTER),
     (Terrain.WATER, False)),
    # Acrobatics: the ambush's monster as a 2x1 (here upright).
    ("acrobatics", GOBLINS, "E5 F5", None, None, BLANK, (Terrain.MONSTER, False)),
]


@pytest.mark.parametrize("name, card, cells, terrain, drawn, sheet, expected", ALLOWED)
def test_a_skill_allows_its_drawing(name, card, cells, terrain, drawn, sheet, expected):
    d = check_skill_drawing(sheet, skill(name), card, parse_spaces(cells), terrain, drawn=drawn)
    assert (d.terrain, d.coin_shape) == expected and d.mask == parse_spaces(cells)
    assert d.initial is None  # Acrobatics' 2x1 is a plain monster


REFUSED = [
    # Knowledge draws village, not the card's water; and only the card's shapes.
    ("knowledge", RIVER, "A1 B1 C1", Terrain.WATER, None, BLANK, ""),
    ("knowledge", RIVER, "A1 A2 B1 B2", Terrain.VILLAGE, None, BLANK, ""),
    # Negotiate is a 2x2, not the card's line.
    ("negotiate", RIVER, "A1 B1 C1", None, None, BLANK, ""),
    # Move Silently: E5 alone is no shape running off the map; nor is A1 C1.
    ("move silently", RIVER, "E5", None, None, BLANK, "skill-shape"),
    ("move silently", RIVER, "A1 A3", None, None, BLANK, "skill-shape"),
    # Search: next to the turn's drawing only; its terrain only; after it only.
    ("search", RIVER, "E5", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER),
     "skill-beside"),
    ("search", RIVER, "D1", Terrain.FOREST, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER),
     ""),
    ("search", RIVER, "D1", None, None, BLANK, "skill-draw-first"),
    # Concentrate: the same shape, not another.
    ("concentrate", RIVER, "E5 E6", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER), ""),
    # Cure Wounds: next to a monster (there is none here).
    ("cure wounds", RIVER, "E6 E7", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER),
     "skill-beside"),
    # Acrobatics only with an ambush; other skills never with one.
    ("acrobatics", RIVER, "E5 F5", None, None, BLANK, "skill-not-now"),
    ("negotiate", GOBLINS, "E5 E6 F5 F6", None, None, BLANK, "skill-not-now"),
    ("acrobatics", GOBLINS, "E5 F6", None, None, BLANK, ""),
    # Diplomacy: one space, after the card's drawing, farm and village (not water).
    ("diplomacy", RIVER, "D1 D2", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER), ""),
    ("diplomacy", RIVER, "D1", Terrain.WATER, RIVER_ON_A1,
     BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER), "skill-terrain"),
    ("diplomacy", RIVER, "A1", None, RIVER_ON_A1, BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER), ""),
]


def test_diplomacy_draws_one_space_both_farm_and_village_anywhere_empty():
    sheet = BLANK.with_drawn(parse_spaces("A1 B1 C1"), Terrain.WATER)
    d = check_skill_drawing(sheet, skill("diplomacy"), RIVER, parse_spaces("K11"), drawn=RIVER_ON_A1)
    after = d.after
    assert after.farm == after.village == after.farm_and_village == parse_spaces("K11")
    assert after.filled & parse_spaces("K11") and d.coin_shape is False


# Hand-counted: a B space counts as a farm and as a village for every scoring card.
# The Golden Granary (3 stars a farm space on ruins): b on ruins C2 of side A -> 3.
# Wildholds (8 stars a cluster of six or more village spaces): V V V V V B on C3-C8 -> 8.
@pytest.mark.parametrize("row_c, card, stars", [
    (". b . . . . . . ^ r .", "the golden granary", 3),
    (". r V V V V V B ^ r .", "wildholds", 8),
    (". r V V V V V . ^ r .", "wildholds", 0),
])
def test_a_farm_and_village_space_scores_as_both(cartoref, tmp_path, row_c, card, stars):
    from cartoref.mapfile import blank_map

    text = blank_map(CARDS.sheet_side("A")).replace(". r . . . . . . ^ r .", row_c, 1)
    assert row_c in text
    (tmp_path / "m.yaml").write_text(text)
    r = cartoref("score", str(tmp_path / "m.yaml"), "--card", card, "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["cards"][0]["score"] == stars


@pytest.mark.parametrize("name, card, cells, terrain, drawn, sheet, code", REFUSED)
def test_a_skill_refuses_what_it_does_not_allow(name, card, cells, terrain, drawn, sheet, code):
    with pytest.raises(IllegalPlacement) as e:
        check_skill_drawing(sheet, skill(name), card, parse_spaces(cells), terrain, drawn=drawn)
    if code:
        assert e.value.code == code


def test_a_skill_keeps_the_cards_ruins_obligation():
    ruined = Sheet.blank(PLAIN._replace(ruins=parse_spaces("E5")))
    with pytest.raises(IllegalPlacement):
        check_skill_drawing(ruined, skill("negotiate"), RIVER, parse_spaces("A1 A2 B1 B2"), ruins=True)
    d = check_skill_drawing(ruined, skill("negotiate"), RIVER, parse_spaces("E5 E6 F5 F6"), ruins=True)
    assert d.mask & parse_spaces("E5")


# ------------------------------------------------------------------------------ in a game


@pytest.fixture
def game(cartoref, tmp_path, monkeypatch):
    """Ann and Bob, seed 3: Great River is the first card; Ann's map holds 3 coins from paper."""
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--skills", "negotiate,search,knowledge").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    text = (tmp_path / "ann.yaml").read_text().replace("coins: 0 ", "coins: 3 ")
    (tmp_path / "ann.yaml").write_text(text)
    assert cartoref("draw").code == 0
    assert json.loads(cartoref("status", "--json").out)["on_table"]["id"] == "great-river"
    return tmp_path


def test_skills_are_dealt_three_face_up_by_the_seed_or_named(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dealt = []
    for seed in ("3", "3", "4"):
        assert cartoref("new", "--players", "Ann,Bob", "--seed", seed, "--skills", "--force").code == 0
        dealt.append([s["id"] for s in json.loads(cartoref("status", "--json").out)["skills"]])
    assert dealt[0] == dealt[1] and len(set(dealt[0])) == 3 and dealt[0] != dealt[2]
    assert set(dealt[0]) <= {s.id for s in CARDS.skills}
    r = cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--skills", "Acrobatics, search,Negotiate", "--force")
    assert r.code == 0 and "Skills (one a season each" in r.out and "Negotiate (1 coin)" in r.out
    skills = json.loads(cartoref("status", "--json").out)["skills"]
    assert [(s["id"], s["cost"]) for s in skills] == [("acrobatics", 2), ("search", 0), ("negotiate", 1)]
    assert "skills: [acrobatics, search, negotiate]" in (tmp_path / "cartoref-game.yaml").read_text()
    # Without --skills, none.
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--force").code == 0
    assert json.loads(cartoref("status", "--json").out)["skills"] == []


@pytest.mark.parametrize("named, said", [("search,knowledge", "3 different skills"),
                                         ("search,search,knowledge", "3 different skills"),
                                         ("search,knowledge,flying", "unknown skill 'flying'")])
def test_skills_named_wrong_are_a_usage_error(cartoref, tmp_path, monkeypatch, named, said):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--players", "Ann,Bob", "--skills", named)
    assert r.code == 2 and said in r.err and not (tmp_path / "cartoref-game.yaml").exists()


def test_a_skill_is_paid_with_coins_crossed_out_and_unplace_gives_them_back(cartoref, game):
    r = cartoref("place", "ann.yaml", "--cells", "D5", "D6", "E5", "E6", "--skill", "negotiate", "--json")
    assert r.code == 0, r.err
    placed = json.loads(r.out)
    assert placed["skill"] == "negotiate" and placed["coins"] == 3 and placed["coins_spent"] == 1
    text = (game / "ann.yaml").read_text()
    assert "coins_spent: 1" in text and "skill negotiate paid 1 in spring" in text
    shown = json.loads(cartoref("show", "ann.yaml", "--json").out)
    assert (shown["coins"], shown["coins_spent"]) == (3, 1)
    # The picture shows one coin crossed out of three.
    assert cartoref("show", "ann.yaml", "--svg", "ann.svg").code == 0
    svg = (game / "ann.svg").read_text()
    assert svg.count('class="coin filled spent"') == 1 and svg.count('class="coin filled"') == 2
    # A spent coin scores nothing: 3 on the track, 1 crossed out, 2 scored.
    scored = json.loads(cartoref("score", "ann.yaml", "--card", "sentinel wood", "--json").out)
    assert scored["coins"] == 2
    # Taken back: the square rubbed out, the coin no longer crossed out.
    assert cartoref("unplace", "ann.yaml").code == 0
    text = (game / "ann.yaml").read_text()
    assert "coins_spent: 0" in text and "coins: 3 " in text and "skill negotiate" not in text


def test_one_skill_a_season_and_the_cost_is_on_the_track(cartoref, game):
    assert cartoref("place", "ann.yaml", "--cells", "A1", "B1", "C1", "--skill", "knowledge").code == 0
    r = cartoref("place", "ann.yaml", "--cells", "D1", "--skill", "search")
    assert r.code == 2 and "used Knowledge in spring already: one skill a season" in r.err
    # Bob has no coin: Negotiate (1 coin) is refused, his file untouched.
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Bob", "-o", "bob.yaml").code == 0
    before = (game / "bob.yaml").read_text()
    r = cartoref("place", "bob.yaml", "--cells", "D5", "D6", "E5", "E6", "--skill", "negotiate")
    assert r.code == 2 and "costs 1 coin and the track has 0 not crossed out" in r.err
    assert (game / "bob.yaml").read_text() == before


def test_a_skill_adding_a_drawing_follows_the_cards_own(cartoref, game):
    r = cartoref("place", "ann.yaml", "--cells", "D1", "--skill", "search")
    assert r.code == 2 and "draw Great River first" in r.err
    assert cartoref("place", "ann.yaml", "--cells", "A1", "B1", "C1").code == 0
    r = cartoref("place", "ann.yaml", "--cells", "D1", "--skill", "search")
    assert r.code == 0, r.err
    history = (game / "ann.yaml").read_text().split("drawings:")[1]
    assert "great-river, water on D1, skill search paid 0 in spring, turn 1 of game 3" in history
    # Without the skill, a second drawing of the same card is still refused.
    r = cartoref("place", "ann.yaml", "--cells", "E5", "E6", "E7")
    assert r.code == 2 and "already drawn Great River" in r.err


@pytest.mark.parametrize("args, said", [
    (("--skill", "acrobatics"), "Acrobatics is not face up in this game"),
    (("--skill", "flying"), "unknown skill 'flying'"),
    (("--skill", "search", "--no-game"), "skills are played in a game set up with them"),
])
def test_a_skill_not_at_the_table_is_a_usage_error(cartoref, game, args, said):
    r = cartoref("place", "ann.yaml", *(["great river"] if "--no-game" in args else []), "--cells", "D1", *args)
    assert r.code == 2 and said in r.err and "Traceback" not in r.err


def test_a_game_without_skills_refuses_one(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    assert cartoref("draw").code == 0
    r = cartoref("place", "ann.yaml", "--cells", "A1", "B1", "C1", "--skill", "knowledge")
    assert r.code == 2 and "set up without skills" in r.err


def test_coins_spent_in_a_map_file(cartoref, tmp_path):
    from cartoref.mapfile import blank_map, parse_map

    text = blank_map(CARDS.sheet_side("A")).replace("coins: 0 ", "coins: 5 ")
    mf = parse_map(text.replace("map: |", "coins_spent: 2\nmap: |"), "m.yaml")
    assert (mf.coins, mf.spent, mf.coins_scored) == (5, 2, 3)
    bad = tmp_path / "m.yaml"
    bad.write_text(text.replace("map: |", "coins_spent: 6\nmap: |"))
    r = cartoref("check", str(bad))
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("map: |")) + 1
    assert r.code == 2 and f"m.yaml:{at}:14: coins_spent should be a whole number from 0 to the coins on the track (5)" \
        in r.err


@pytest.mark.parametrize("change, said", [
    (("acts: one-more", "acts: fly"), "acts should be one of monster-instead"),
    (("    acts: one-more\n    shape: X\n", "    acts: one-more\n"), "the effect one-more draws the skill's own shape"),
])
def test_a_skill_card_naming_an_effect_the_rules_lack_is_refused_when_read(tmp_path, change, said):
    import os
    import shutil

    from cartoref.cards import Catalog, cards_dir
    from cartoref.errors import CardDataError

    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    path = folder / "promos" / "skills.yaml"
    text = path.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(*change), encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        _ = Catalog(str(folder)).skills
    assert os.path.join("promos", "skills.yaml") in str(e.value) and "search" in str(e.value) and said in str(e.value)


# ------------------------------------------------------------------------ on the phones


@pytest.fixture
def phones(cartoref, tmp_path, monkeypatch):
    """Ann and Bob at the table page, seed 3 (Great River first), three skills face up."""
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--skills", "negotiate,search,knowledge").code == 0
    app = make_app(str(tmp_path / "cartoref-game.yaml"))
    with TestClient(app) as client:
        client.referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        yield client


def test_the_phones_see_the_skills_and_draw_with_one(phones):
    seats = {}
    for name in ("Ann", "Bob"):
        r = phones.post("/api/seats", json={"player": name})
        seats[name] = {"Authorization": "Bearer " + r.json()["token"]}
    assert phones.post("/api/draw", json={}, headers=phones.referee).status_code == 200
    table = phones.get("/api/table").json()
    assert [(s["id"], s["cost"], s["adds_a_drawing"]) for s in table["skills"]] == [
        ("negotiate", 1, False), ("search", 0, True), ("knowledge", 0, False)]
    # Knowledge: Great River's line of 3 in village, on Ann's own map.
    r = phones.post("/api/maps/Ann/drawings", json={"cells": ["A1", "B1", "C1"], "terrain": "village",
                                                      "skill": "knowledge"}, headers=seats["Ann"])
    assert r.status_code == 200, r.text
    assert r.json()["skill"] == "knowledge" and r.json()["terrain"] == "village"
    # A second skill this season is refused; so is a skill on another player's map.
    r = phones.post("/api/maps/Ann/drawings", json={"cells": ["D1"], "skill": "search"}, headers=seats["Ann"])
    assert (r.status_code, r.json()["error"]["code"]) == (422, "skill-used")
    r = phones.post("/api/maps/Ann/drawings", json={"cells": ["D2"], "skill": "search"}, headers=seats["Bob"])
    assert (r.status_code, r.json()["error"]["code"]) == (403, "not-your-map")
    r = phones.post("/api/maps/Bob/drawings", json={"cells": ["A1", "B1", "C1"], "skill": 3}, headers=seats["Bob"])
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad-request")
    # The phone page offers them.
    page = phones.get("/join").text
    assert 'id="skill-choice"' in page and "Skill:" in page
    tv = phones.get("/").text
    assert 'id="skills"' in tv and "Skills (one a season)" in tv


def test_diplomacy_in_a_game_writes_a_b_and_unplace_rubs_it_out(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--skills", "diplomacy,search,knowledge").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    (tmp_path / "ann.yaml").write_text((tmp_path / "ann.yaml").read_text().replace("coins: 0 ", "coins: 2 "))
    assert cartoref("draw").code == 0
    assert cartoref("place", "ann.yaml", "--cells", "A1", "B1", "C1").code == 0
    r = cartoref("place", "ann.yaml", "--cells", "E5", "--skill", "diplomacy")
    assert r.code == 0, r.err
    text = (tmp_path / "ann.yaml").read_text()
    row_e = text.split("map: |\n")[1].splitlines()[4].split()
    assert row_e[4] == "B" and "B farm and village at once" in text and "coins_spent: 1" in text
    shown = json.loads(cartoref("show", "ann.yaml", "--json").out)
    assert shown["grid"][4][4] == "B"
    assert cartoref("show", "ann.yaml", "--svg", "ann.svg").code == 0
    assert 'class="space village ruins' not in (tmp_path / "ann.svg").read_text()
    assert 'data-space="E5"' in (tmp_path / "ann.svg").read_text() and "farm-half" in (tmp_path / "ann.svg").read_text()
    assert cartoref("unplace", "ann.yaml").code == 0
    row_e = (tmp_path / "ann.yaml").read_text().split("map: |\n")[1].splitlines()[4].split()
    assert row_e[4] == "." and "coins_spent: 0" in (tmp_path / "ann.yaml").read_text()


def test_acrobatics_in_solo_replaces_the_monster_cartoref_drew_where_the_procedure_puts_a_2x1(cartoref, tmp_path,
                                                                                              monkeypatch):
    """Seed 12, solo: Goblin Attack first, drawn by its procedure from the bottom-right corner at
    I9 J10 K11. With Acrobatics the monster is a 2x1 the procedure places from the same corner,
    turned as the player chooses: lying, K10 K11; standing, J11 K11."""
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--solo", "--seed", "12", "--map", "solo.yaml", "--skills",
                    "acrobatics,search,negotiate").code == 0
    path = tmp_path / "solo.yaml"
    path.write_text(path.read_text().replace("coins: 0 ", "coins: 3 "))
    assert cartoref("draw").code == 0
    assert "goblin-attack, monster on I9 J10 K11" in path.read_text()
    r = cartoref("place", "solo.yaml", "--cells", "A1", "A2", "--skill", "acrobatics")
    assert r.code == 2 and "at K10, K11 or J11, K11" in r.err
    assert "goblin-attack, monster on I9 J10 K11" in path.read_text()  # refused: the map as it was
    r = cartoref("place", "solo.yaml", "--cells", "J11", "K11", "--skill", "acrobatics")
    assert r.code == 0, r.err
    text = path.read_text()
    rows = text.split("map: |\n")[1].splitlines()
    assert rows[8].split()[8] == "." and rows[9].split()[9] == "."  # I9, J10 rubbed out
    assert rows[9].split()[10] == "M" and rows[10].split()[10] == "M"  # J11, K11
    assert "coins_spent: 2" in text and "skill acrobatics paid 2 in spring" in text
    # Undo takes the draw back with the monster drawn for it, the coins given back.
    assert cartoref("undo").code == 0
    text = path.read_text()
    assert "coins_spent: 0" in text and "skill acrobatics" not in text
    assert "M" not in "".join(text.split("map: |\n")[1].splitlines())


def test_on_the_phones_the_neighbour_draws_acrobatics_monster_on_the_map_passed_to_it(cartoref, tmp_path, monkeypatch):
    """Seed 12: Goblin Attack first; with two players Ann's map goes to Bob. Ann chooses
    Acrobatics (across the table), Bob draws the 2x1 on her map, her coins pay; Bob may not spend
    her coins on another skill."""
    from starlette.testclient import TestClient

    from cartoref.table import Table
    from cartoref.table.seats import seat_map
    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "12", "--skills", "acrobatics,search,negotiate").code == 0
    app = make_app(str(tmp_path / "cartoref-game.yaml"))
    with TestClient(app) as client:
        referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        seats = {name: {"Authorization": "Bearer " + client.post("/api/seats", json={"player": name}).json()["token"]}
                 for name in ("Ann", "Bob")}
        assert client.post("/api/draw", json={}, headers=referee).json()["revealed"][0]["id"] == "goblin-attack"
        path = seat_map(Table.read("cartoref-game.yaml"), "Ann")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("coins: 0 ", "coins: 3 "))
        table = client.get("/api/table").json()
        assert [(s["id"], s["with"]) for s in table["skills"]] == [
            ("acrobatics", "ambush"), ("search", "explore"), ("negotiate", "explore")]
        r = client.post("/api/maps/Ann/drawings", json={"cells": ["E5", "E6"], "skill": "negotiate"},
                        headers=seats["Bob"])
        assert (r.status_code, r.json()["error"]["code"]) == (403, "not-your-skill")
        r = client.post("/api/maps/Ann/drawings", json={"cells": ["E5", "E6"], "skill": "acrobatics"},
                        headers=seats["Bob"])
        assert r.status_code == 200, r.text
        assert r.json()["skill"] == "acrobatics" and r.json()["coins_spent"] == 2
