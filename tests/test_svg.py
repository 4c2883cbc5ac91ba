"""SVG pictures: `cartoref show MAP --svg FILE` and `cartoref score MAP --explain --svg FILE`.

A picture is read back with ElementTree: every space is one ``<g class="space ...">`` named by
its ``data-space``, every scored outline a ``<rect class="scored edict-X">``. The expected
classes and scoring spaces are worked out by hand from the maps below.
"""

from __future__ import annotations

import os
import re
from xml.etree import ElementTree as ET

import pytest
from conftest import REPO, SAMPLES
from maps import cells, sheet_from

from cartoref.grid import Terrain
from cartoref.views.svg import score_svg, sheet_svg

NS = {"s": "http://www.w3.org/2000/svg"}
ALICE = os.path.join(SAMPLES, "alice-spring.yaml")
GOLDEN = os.path.join(REPO, "tests", "golden")


def spaces(svg: str) -> dict[str, set[str]]:
    """Each space's classes, by label; fails if a space is drawn twice."""
    root = ET.fromstring(svg)
    out: dict[str, set[str]] = {}
    for g in root.iterfind(".//s:g[@data-space]", NS):
        label = g.get("data-space")
        assert label not in out, f"{label} is drawn twice"
        out[label] = set(g.get("class", "").split())
    return out


def scored(svg: str, edict: str) -> set[str]:
    root = ET.fromstring(svg)
    return {r.get("data-space") for r in root.iterfind(".//s:rect[@data-space]", NS)
            if f"edict-{edict}" in r.get("class", "").split()}


def letter(svg: str, label: str) -> str:
    """The letter written in a space (empty when none)."""
    root = ET.fromstring(svg)
    g = next(g for g in root.iterfind(".//s:g[@data-space]", NS) if g.get("data-space") == label)
    texts = [t.text or "" for t in g.iterfind("s:text", NS)]
    return texts[-1] if texts else ""


def test_every_space_is_drawn_once_with_its_terrain_and_marks():
    # Side A prints mountains at B4 C9 F6 I3 J8 and ruins at B6 C2 C10 I2 I10 J6.
    # Drawn: forest A1, village A2, farm B1, water B2, forest on the ruins B6 (lower case f);
    # hero K1; destroyed K5; a Dragon monster (initial D) at K11 and a plain monster at K10;
    # a hero's attack zone over K2 K3.
    sheet = sheet_from("FV/PW", "wilderness", at="A1")
    sheet = sheet.with_drawn(cells("B6"), Terrain.FOREST).with_drawn(cells("K1"), Terrain.HERO)
    sheet = sheet.with_drawn(cells("K11"), Terrain.MONSTER, "D").with_drawn(cells("K10"), Terrain.MONSTER)
    sheet = sheet.with_drawn(cells("K5"), Terrain.FOREST).with_destroyed(cells("K5")).with_attacks(cells("K2 K3"))
    svg = sheet_svg(sheet, "Ann", 2)
    got = spaces(svg)
    assert len(got) == 121
    expected_terrain = {"A1": "forest", "A2": "village", "B1": "farm", "B2": "water", "B6": "forest",
                        "K1": "hero", "K5": "destroyed", "K10": "monster", "K11": "monster",
                        "B4": "mountain", "C9": "mountain", "F6": "mountain", "I3": "mountain", "J8": "mountain"}
    for label, classes in got.items():
        assert "space" in classes
        assert expected_terrain.get(label, "empty") in classes, label
        assert ("ruins" in classes) == (label in {"B6", "C2", "C10", "I2", "I10", "J6"}), label
        assert ("attack" in classes) == (label in {"K2", "K3"}), label
        assert "penalty" not in classes  # a plain picture marks no monster penalty
    # Never colour alone: each terrain carries its letter; the monster its initial.
    assert [letter(svg, x) for x in ("A1", "A2", "B1", "B2", "K1", "K10", "K11", "C2")] == \
        ["F", "V", "P", "W", "H", "M", "D", "r"]
    root = ET.fromstring(svg)
    # Destroyed is crossed (two lines), the attack zone hatched, the coin track has 2 of 14 filled.
    k5 = next(g for g in root.iterfind(".//s:g[@data-space]", NS) if g.get("data-space") == "K5")
    assert len(k5.findall("s:line", NS)) == 2
    assert len(root.findall(".//s:rect[@class='hatch']", NS)) == 2
    coins = root.findall(".//s:circle", NS)
    coins = [c for c in coins if "coin" in c.get("class", "").split()]
    assert len(coins) == 14 and sum("filled" in c.get("class", "") for c in coins) == 2
    assert "Ann" in svg and "Wilderness (side A)" in svg


def test_the_scored_picture_outlines_exactly_the_spaces_that_scored():
    # Alice, spring: A Sentinel Wood scores the forests on the edge A1 A2 B1 H1 I1 J1 (6);
    # B Wildholds the village cluster C7 C8 D7 D8 E7 E8 (8). Monsters G6 G7: their empty
    # neighbours F7 G5 G8 H6 H7 cost 5 (F6 is a mountain). 3 coins. 6 + 8 + 3 - 5 = 12.
    from cartoref.cards import catalog
    from cartoref.mapfile import read_map
    from cartoref.scoring import choose_cards, score_sheet

    mf = read_map(ALICE)
    season = catalog().season("spring")
    chosen = choose_cards(season, mf.edicts, [], cards=catalog(), source=mf.name)
    report = score_sheet(mf.sheet, chosen, mf.coins, player=mf.player, season="spring")
    svg = score_svg(report, "alice-spring.yaml")
    assert scored(svg, "A") == {"A1", "A2", "B1", "H1", "I1", "J1"}
    assert scored(svg, "B") == {"C7", "C8", "D7", "D8", "E7", "E8"}
    assert scored(svg, "C") == set() and scored(svg, "D") == set()
    penalty = {label for label, classes in spaces(svg).items() if "penalty" in classes}
    assert penalty == {"F7", "G5", "G8", "H6", "H7"}
    assert letter(svg, "F7") == "!"
    root = ET.fromstring(svg)
    total = root.find(".//s:g[@class='total']/s:text", NS)
    assert total is not None and total.text == "12"
    legend = " ".join(t.text or "" for t in root.iterfind(".//s:g[@class='legend']/s:text", NS))
    assert "A: Sentinel Wood: 6 stars" in legend and "B: Wildholds: 8 stars" in legend
    assert "Monsters: -5" in legend and "Coins: 3" in legend


def test_a_space_that_scores_for_two_cards_shows_both_outlines():
    # One forest at A1 on the plain side: Sentinel Wood (edge forest, 1) and Greenbough
    # (a row and a column with a forest: row A and column 1, 2) both score A1.
    from cartoref.scoring import score_sheet

    sheet = sheet_from("F", at="A1")
    report = score_sheet(sheet, [("A", "sentinel-wood", "Sentinel Wood"), ("B", "greenbough", "Greenbough")], 0)
    assert [c.score.points for c in report.cards] == [1, 2]
    svg = score_svg(report, "one.yaml")
    assert scored(svg, "A") == {"A1"} and scored(svg, "B") == {"A1"}
    root = ET.fromstring(svg)
    a, b = (r for r in root.iterfind(".//s:rect[@data-space='A1']", NS))
    assert float(a.get("width")) != float(b.get("width"))  # nested, both visible


# ------------------------------------------------------------------------ the commands


def test_show_svg_to_standard_output_is_a_small_self_contained_picture(cartoref):
    r = cartoref("show", ALICE, "--svg", "-")
    assert r.code == 0, r.err
    root = ET.fromstring(r.out.split("\n", 1)[1])
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(r.out.encode()) < 100_000
    # Nothing fetched from elsewhere: no images, no links, no style sheets, no web fonts.
    assert "<image" not in r.out and "http://" not in r.out.replace("http://www.w3.org/2000/svg", "")
    assert "@import" not in r.out and "<style" not in r.out
    assert all(ref.startswith("#") for ref in re.findall(r"url\(([^)]*)\)", r.out))


def test_show_svg_writes_the_file_and_says_so(cartoref, tmp_path):
    out = tmp_path / "alice.svg"
    r = cartoref("show", ALICE, "--svg", str(out))
    assert r.code == 0, r.err
    assert r.out == "" and f"wrote {out}" in r.err
    assert len(spaces(out.read_text(encoding="utf-8"))) == 121
    assert os.listdir(tmp_path) == ["alice.svg"]  # nothing left beside it
    # Drawing again replaces the picture.
    r = cartoref("show", ALICE, "--svg", str(out))
    assert r.code == 0, r.err


def test_svg_never_overwrites_the_map_or_a_file_that_is_not_a_picture(cartoref, tmp_path):
    mine = tmp_path / "alice.yaml"
    with open(ALICE, encoding="utf-8") as f:
        mine.write_text(f.read(), encoding="utf-8")
    before = mine.read_text(encoding="utf-8")
    r = cartoref("show", str(mine), "--svg", str(mine))
    assert r.code == 2 and "is the file being read" in r.err and "Traceback" not in r.err
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    r = cartoref("score", str(mine), "--explain", "--svg", str(notes))
    assert r.code == 2 and "not an SVG picture" in r.err
    assert mine.read_text(encoding="utf-8") == before and notes.read_text(encoding="utf-8") == "my notes\n"
    r = cartoref("show", str(mine), "--svg", str(tmp_path))
    assert r.code == 2 and "is a folder" in r.err


@pytest.mark.parametrize("args,message", [
    (["--svg", "-"], "add --explain"),
    (["--explain", "--json", "--svg", "-"], "cannot be combined with --json"),
    (["--explain", "--svg", "-", ALICE], "give one MAP"),
])
def test_score_svg_usage_errors(cartoref, args, message):
    r = cartoref("score", ALICE, *args)
    assert r.code == 2 and message in r.err, r.err


def test_score_explain_svg_from_the_command(cartoref):
    r = cartoref("score", ALICE, "--explain", "--svg", "-")
    assert r.code == 0, r.err
    svg = r.out
    assert scored(svg, "A") == {"A1", "A2", "B1", "H1", "I1", "J1"}
    assert ">12</text>" in svg


@pytest.mark.parametrize("name,args", [
    ("show_alice.svg", ["show", ALICE, "--svg", "-"]),
    ("score_alice_spring.svg", ["score", ALICE, "--explain", "--svg", "-"]),
    ("show_bob_wastelands.svg", ["show", os.path.join(SAMPLES, "bob-wastelands.yaml"), "--svg", "-"]),
    ("pad_ann_bob.svg", ["pad", "--players", "Ann,Bob", "--svg", "-"]),
])
def test_golden_pictures(cartoref, name, args):
    """The pictures byte for byte (regenerate with CARTOREF_REGEN_GOLDEN=1 after a change
    that is meant, and look at them)."""
    r = cartoref(*args)
    assert r.code == 0, r.err
    path = os.path.join(GOLDEN, name)
    if os.environ.get("CARTOREF_REGEN_GOLDEN"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(r.out)
    with open(path, encoding="utf-8") as f:
        assert r.out == f.read()


def test_a_picture_is_written_one_element_a_line_and_its_texts_as_they_are():
    from cartoref.views.svg import el, picture, serialise, text_at

    svg = picture(100, 40, "Two  spaces")
    text_at(el(svg, "g", class_="outer"), 4, 20, "  F  W ")
    out = serialise(svg)
    body = out.split("\n", 1)[1]
    assert '\n    <text x="4" y="20" font-size="14">  F  W </text>\n  </g>\n</svg>\n' in out
    texts = [t.text for t in ET.fromstring(body).iter("{http://www.w3.org/2000/svg}text")]
    assert texts == ["  F  W "] and ET.fromstring(body).find("s:title", NS).text == "Two  spaces"
    # The goldens too, so that a diff of two pictures reads line by line.
    for name in sorted(os.listdir(GOLDEN)):
        if name.endswith(".svg"):
            with open(os.path.join(GOLDEN, name), encoding="utf-8") as f:
                lines = f.read().splitlines()[1:]
            assert all(len(re.findall(r"<[^/]", line)) <= 1 for line in lines), name


# ------------------------------------------------------------------------------ cards


def classes_of(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def test_an_explore_cards_options_shapes_and_coin():
    # Great River (explore 07, time 1, water): option 1 a line of 3 with a coin, option 2 a
    # staircase of 5 spaces without.
    from cartoref.cards import catalog
    from cartoref.views.svg_card import card_svg

    root = ET.fromstring(card_svg(catalog().any_card("great river")))
    one, two = classes_of(root, "option-1"), classes_of(root, "option-2")
    assert len(one) == 1 and len(two) == 1
    assert len(classes_of(one[0], "shape-space")) == 3 and "coin" in one[0].get("class").split()
    assert len(classes_of(two[0], "shape-space")) == 5 and "coin" not in two[0].get("class").split()
    assert [t.text for t in one[0].iter("{http://www.w3.org/2000/svg}text")].count("W") == 3
    assert [e.get("class") for e in classes_of(root, "terrain")] == ["terrain water"]
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Great River" in texts and "explore card 07, time 1" in texts


def test_an_ambush_its_gaps_arrow_and_corner_and_a_hero_its_pattern():
    # Bugbear Assault: 4 monster spaces in two columns with a gap column between them (2 gaps),
    # sheets pass clockwise, the solo monster starts top-right. Dobrik: the 4 orthogonal spaces.
    from cartoref.cards import catalog
    from cartoref.views.svg_card import card_svg

    root = ET.fromstring(card_svg(catalog().any_card("bugbear")))
    assert len(classes_of(root, "shape-space")) == 4 and len(classes_of(root, "shape-gap")) == 2
    corner = classes_of(root, "corner")
    assert len(corner) == 1 and set(corner[0].get("class").split()) == {"corner", "ne", "cw"}
    assert any("clockwise" in (t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text"))
    root = ET.fromstring(card_svg(catalog().any_card("dobrik")))
    assert len(classes_of(root, "hero-space")) == 1 and len(classes_of(root, "attack-space")) == 4


@pytest.mark.parametrize("name,golden", [
    ("great river", "card_great_river.svg"), ("bugbear assault", "card_bugbear_assault.svg"),
    ("dobrik", "card_dobrik.svg"), ("sentinel wood", "card_sentinel_wood.svg"),
])
def test_card_svg_golden(cartoref, name, golden):
    r = cartoref("card", name, "--svg", "-")
    assert r.code == 0, r.err
    ET.fromstring(r.out.split("\n", 1)[1])
    path = os.path.join(GOLDEN, golden)
    if os.environ.get("CARTOREF_REGEN_GOLDEN"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(r.out)
    with open(path, encoding="utf-8") as f:
        assert r.out == f.read()


def test_card_svg_with_json_is_a_usage_error(cartoref):
    r = cartoref("card", "great river", "--svg", "-", "--json")
    assert r.code == 2 and "cannot be combined with --json" in r.err


# --------------------------------------------------------------------------- score pad


def pad_values(svg: str) -> dict[tuple[str, str], list[str]]:
    """Each (player, season)'s filled-in boxes, in column order."""
    root = ET.fromstring(svg)
    out = {}
    for block in classes_of(root, "player-pad"):
        for row in classes_of(block, "season"):
            out[(block.get("data-player"), row.get("data-season"))] = [
                t.text for t in row.iter("{http://www.w3.org/2000/svg}text") if "value" in t.get("class", "")]
    return out


def test_the_pad_fills_in_the_recorded_scores(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "5").code == 0
    while "season over" not in cartoref("status").out:
        assert cartoref("draw").code == 0
    r = cartoref("record", "Ann", "--edict1", "4", "--edict2", "3", "--coins", "1", "--monsters", "2")
    assert r.code == 0, r.err
    r = cartoref("pad", "--svg", "pad.svg")
    assert r.code == 0, r.err
    svg = (tmp_path / "pad.svg").read_text(encoding="utf-8")
    values = pad_values(svg)
    # Ann, spring: 4 + 3 + 1 coin - 2 monsters = 6; nothing else is in yet.
    assert values[("Ann", "spring")] == ["4", "3", "1", "-2", "6"]
    assert values[("Bob", "spring")] == [] and values[("Ann", "winter")] == []
    assert len(values) == 8
    root = ET.fromstring(svg)
    assert classes_of(root, "game-total") == []  # only when all four seasons are in
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    # The edicts of the game are named at the top, and each season's row carries its letters.
    edicts = classes_of(root, "edicts")[0].text
    assert edicts.startswith("Edicts: A: ") and " D: " in edicts
    spring = [t.text for t in classes_of(root, "edict-letter")][:2]
    assert spring == ["A", "B"]


def test_a_blank_pad_for_many_players_on_letter_paper_takes_several_pages(cartoref, tmp_path):
    names = ",".join(f"P{i}" for i in range(12))
    out = tmp_path / "pad.svg"
    r = cartoref("pad", "--players", names, "--paper", "letter", "--svg", str(out))
    assert r.code == 0, r.err
    pages = sorted(os.listdir(tmp_path))
    # 4 players to a Letter page (each takes 55 mm of the 239 mm below the heading): 3 pages.
    assert pages == ["pad-2.svg", "pad-3.svg", "pad.svg"]
    players = []
    for name in ("pad.svg", "pad-2.svg", "pad-3.svg"):
        root = ET.fromstring((tmp_path / name).read_text(encoding="utf-8"))
        assert root.get("width") == "215.9mm"
        players += [b.get("data-player") for b in classes_of(root, "player-pad")]
    assert players == [f"P{i}" for i in range(12)]
    r = cartoref("pad", "--players", names, "--paper", "letter", "--svg", "-")
    assert r.code == 2 and "3 pages" in r.err
    # A third page's file that is not a picture: refused before any page is written.
    (tmp_path / "pad-3.svg").write_text("my notes\n")
    before = (tmp_path / "pad.svg").read_text(encoding="utf-8")
    r = cartoref("pad", "--players", names.replace("P0", "Q0"), "--paper", "letter", "--svg", str(out))
    assert r.code == 2 and "pad-3.svg" in r.err
    assert (tmp_path / "pad.svg").read_text(encoding="utf-8") == before
    assert (tmp_path / "pad-3.svg").read_text() == "my notes\n"


@pytest.mark.parametrize("args,message", [
    (["--players", "Ann,ann", "--svg", "-"], "two players are called"),
    (["--svg", "-"], "name the game with --game FILE"),
    (["--players", "Ann", "--game", "x.yaml", "--svg", "-"], "give one of them"),
])
def test_pad_usage_errors(cartoref, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    r = cartoref("pad", *args)
    assert r.code == 2 and message in r.err, r.err


def test_the_game_total_appears_once_all_four_seasons_are_in():
    from cartoref.game import Record
    from cartoref.views.svg_pad import PadSeason, pad_pages

    seasons = [PadSeason("spring", "Spring", ("A", "B")), PadSeason("summer", "Summer", ("B", "C")),
               PadSeason("autumn", "Autumn", ("C", "D")), PadSeason("winter", "Winter", ("D", "A"))]
    boxes = [(4, 3, 1, 2), (5, 0, 2, 0), (6, 6, 3, 4), (2, 9, 3, 1)]
    # 6 + 7 + 11 + 13 = 37
    ann = [Record("Ann", s.id, *b) for s, b in zip(seasons, boxes)]
    (page,) = pad_pages(["Ann", "Bob"], seasons, [ann, [None] * 4], ["W", "X", "Y", "Z"])
    root = ET.fromstring(page)
    totals = classes_of(root, "game-total")
    assert [t.text for t in totals] == ["37"]
    assert pad_values(page)[("Ann", "winter")] == ["2", "9", "3", "-1", "13"]
    assert classes_of(root, "edicts")[0].text == "Edicts: A: W \u00b7 B: X \u00b7 C: Y \u00b7 D: Z"
