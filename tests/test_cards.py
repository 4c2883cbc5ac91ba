"""The card data in cards/<set>/*.yaml against the facts of docs/sources.md, and its loader."""

from __future__ import annotations

import os
import shutil

import pytest

from cartoref.cards import Catalog, card_id, cards_dir, catalog
from cartoref.errors import CardDataError, UnknownCardError
from cartoref.grid import Cell, mask_of


def labels(*names: str) -> int:
    return mask_of(Cell.parse(n) for n in names)


def test_explore_cards_as_printed():
    cards = {c.id: c for c in catalog().of_set("base").explore}
    assert len(cards) == 13
    # time values: four at 1, six at 2, three at 0 (two ruins and Rift Lands), 16 in all
    assert sorted(c.time for c in cards.values()) == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert [c.id for c in cards.values() if c.kind == "ruins"] == ["temple-ruins", "outpost-ruins"]
    # the coin always goes with the smaller option of the four time-1 cards
    for cid, sizes in {"great-river": (3, 5), "farmland": (2, 5), "hamlet": (3, 5), "forgotten-forest": (2, 4)}.items():
        c = cards[cid]
        assert c.time == 1
        assert [(o.shape.size, o.coin) for o in c.options] == [(sizes[0], True), (sizes[1], False)]
    assert cards["treetop-village"].options[0].shape.render() == ["..XX", "XXX."]
    assert cards["forgotten-forest"].options[0].shape.render() == ["X.", ".X"]
    assert [t.word for t in cards["rift-lands"].terrains] == ["forest", "village", "farm", "water", "monster"]
    assert [t.word for t in cards["hinterland-stream"].terrains] == ["farm", "water"]


def test_ambush_cards_as_printed():
    a = {c.id: c for c in catalog().of_set("base").ambushes}
    assert [(c.arrow, c.corner, c.shape.size) for c in a.values()] == [
        ("ccw", "se", 3), ("cw", "ne", 4), ("cw", "sw", 4), ("ccw", "nw", 5)]
    assert a["bugbear-assault"].shape.render() == ["X-X", "X-X"]
    assert a["goblin-attack"].shape.render() == ["X..", ".X.", "..X"]


def test_scoring_cards_and_solo_numbers():
    s = catalog().of_set("base").scoring
    assert len(s) == 16
    by_cat = {}
    for c in s:
        by_cat.setdefault(c.category, []).append(c.solo)
    assert by_cat == {"forest": [25, 22, 17, 18], "farm-water": [24, 22, 20, 27],
                      "village": [16, 16, 21, 20], "arrangement": [24, 24, 24, 20]}
    assert [c.number for c in s] == list(range(26, 42))


def test_seasons_and_titles():
    cat = catalog()
    assert [(s.id, s.threshold, s.edicts) for s in cat.seasons] == [
        ("spring", 8, ("A", "B")), ("summer", 8, ("B", "C")), ("autumn", 7, ("C", "D")), ("winter", 6, ("D", "A"))]
    assert cat.season("Fall").id == "autumn"
    assert [(cat.solo_title(r)) for r in (30, 29, 10, 0, -1, -5, -10, -29, -30, -31, -100)] == [
        "Legendary Cartographer", "Master Mapsmith", "Journeyman Topographer", "Apprentice Surveyor",
        "Amateur Assessor", "Amateur Assessor", "Inept Assistant", "Oblivious Inkdrinker",
        "Oblivious Inkdrinker", "Oblivious Inkdrinker", "Oblivious Inkdrinker"]


def test_sheet_sides_match_the_printed_sheets():
    a, b = catalog().sheets[:2]
    assert (a.id, a.letter, b.id, b.letter) == ("wilderness", "A", "wastelands", "B")
    assert a.mountains == labels("B4", "C9", "F6", "I3", "J8")
    assert a.ruins == labels("B6", "C2", "C10", "I2", "I10", "J6")
    assert a.wastelands == 0
    assert b.mountains == labels("B9", "C4", "H6", "I10", "J3")
    assert b.ruins == labels("B7", "C3", "E7", "G2", "H9", "J4")
    assert b.wastelands == labels("D6", "E5", "E6", "F5", "F6", "F7", "G6")
    assert a.coin_track == b.coin_track == 14


@pytest.mark.parametrize("name,expected", [
    ("Sentinel Wood", "sentinel-wood"), ("sentinel-wood", "sentinel-wood"), ("SENTINELWOOD", "sentinel-wood"),
    ("golden granary", "the-golden-granary"), ("The-Golden-Granary", "the-golden-granary"),
    ("broken", "the-broken-road"), ("cauld", "the-cauldrons"), ("shield", "shieldgate"),
    ("greenb", "greenbough"), ("mages", "mages-valley"),
])
def test_forgiving_scoring_card_names(name, expected):
    assert catalog().scoring_card(name).id == expected


def test_ids_follow_the_naming_rule():
    assert card_id("The Broken Road") == "the-broken-road"
    assert card_id("Mages' Valley") == "mages-valley"
    for c in catalog().cards:
        assert c.id == card_id(c.name)


@pytest.mark.parametrize("name,words", [
    ("sentinal wod", ["unknown", "Sentinel Wood"]),
    ("gre", ["ambiguous", "Greenbough", "Great City", "Greengold Plains"]),
    ("zzz", ["unknown", "'zzz'"]),
])
def test_unknown_or_ambiguous_names(name, words):
    with pytest.raises(UnknownCardError) as e:
        catalog().scoring_card(name)
    for w in words:
        assert w in str(e.value)


def test_a_name_like_no_card_points_at_the_card_list_on_the_command_line(cartoref):
    r = cartoref("card", "zzz")
    assert r.code == 2 and r.err.strip() == "unknown card 'zzz' (`cartoref cards` lists them all)"


def test_any_card_and_sheet_by_letter():
    cat = catalog()
    assert cat.any_card("gnoll").id == "gnoll-raid"
    assert cat.any_card("rift").id == "rift-lands"
    assert cat.sheet_side("b").id == "wastelands"
    assert cat.sheet_side("Wilderness").id == "wilderness"


@pytest.fixture
def broken_cards(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    return folder


@pytest.mark.parametrize("file,old,new,expected", [
    ("explore.yaml", "    time: 2\n", "    time: two\n", "'time' should be int"),
    ("explore.yaml", "          XXXX\n", "          XXQX\n", "not 'Q'"),
    ("explore.yaml", "terrains: [water]", "terrains: [lava]", "unknown terrain 'lava'"),
    ("ambush.yaml", "arrow: ccw", "arrow: up", "arrow should be one of cw, ccw, not 'up'"),
    ("scoring.yaml", "category: forest", "category: trees", "category should be one of"),
    ("scoring.yaml", "id: wildholds", "id: wild-holds", "id should be 'wildholds'"),
    ("sheets.yaml", "      . . ^ r . . . . . . .\n", "      . . ^ r . . . . . .\n", "11 rows of 11"),
    ("seasons.yaml", "edicts: [A, B]", "edicts: [A, E]", "edicts should be two of"),
    ("scoring.yaml", "cards:", "cards: [", "not valid YAML"),
    ("ambush.yaml", "set: base ", "set: deluxe ", "set should be one of base, not 'deluxe'"),
    ("explore.yaml", "set: base ", "set: heroes ", "set should be one of base, not 'heroes'"),
    ("seasons.yaml", "    name: Summer\n", "    name: Summer\n    set: heroes\n", "set should be one of base, not 'heroes'"),
])
def test_broken_card_files_are_clear_errors(broken_cards, file, old, new, expected):
    path = broken_cards / "base" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    cat = Catalog(str(broken_cards))
    with pytest.raises(CardDataError) as e:
        _ = (cat.explore, cat.ambushes, cat.scoring, cat.seasons, cat.sheets)
    assert expected in e.value.render() and file in e.value.render()


def test_every_card_of_the_base_folder_belongs_to_the_base_set():
    cat = catalog()
    base = cat.of_set("base")
    assert [len(kind) for kind in base] == [13, 4, 0, 16, 4]
    # The sets in their manifests' order: base first, then Heroes, then the promo cards.
    assert cat.set_names == ("base", "heroes", "promos")
    assert cat.explore[:13] == base.explore and cat.ambushes[:4] == base.ambushes
    assert cat.scoring[:16] == base.scoring
    rest = [*cat.explore[13:], *cat.ambushes[4:8], *cat.scoring[16:], *cat.heroes]
    assert {c.set for c in rest} == {"heroes"}
    assert {c.set for c in cat.ambushes[8:]} == {"promos"}
    assert cat.season_cards("base") == cat.seasons


def test_broken_card_file_through_the_cli(broken_cards, cartoref, monkeypatch):
    path = broken_cards / "base" / "scoring.yaml"
    path.write_text(path.read_text().replace("solo: 25", "solo: lots"))
    monkeypatch.setenv("CARTOREF_CARDS", str(broken_cards))
    import cartoref.cards as cards_module

    monkeypatch.setattr(cards_module, "_catalog", None)
    r = cartoref("cards")
    assert r.code == 2
    assert "scoring.yaml" in r.err and "sentinel-wood: 'solo' should be int" in r.err
    assert "Traceback" not in r.err


# A broken card names its file, line and column, compiler-style: (file, old, new, the message,
# the column reported (0: not checked), the text of the line reported when it is not new's).
@pytest.mark.parametrize("file,old,new,expected,col,at", [
    ("explore.yaml", "    time: 2\n", "    time: two\n", "'time' should be int, not 'two'", 11, ""),
    ("explore.yaml", "terrains: [water]", "terrains: [lava]", "unknown terrain 'lava'", 16, ""),
    ("explore.yaml", "          XXXX\n", "          XXQX\n", "not 'Q'", 13, ""),
    ("ambush.yaml", "arrow: ccw", "arrow: up", "arrow should be one of cw, ccw, not 'up'", 0, ""),
    ("scoring.yaml", "category: forest", "category: trees", "category should be one of", 0, ""),
    ("scoring.yaml", "solo: 25", "solo: lots", "sentinel-wood: 'solo' should be int", 0, ""),
    ("scoring.yaml", "id: wildholds", "id: wild-holds", "id should be 'wildholds'", 5, ""),
    ("seasons.yaml", "edicts: [A, B]", "edicts: [A, E]", "edicts should be two of", 0, ""),
    ("sheets.yaml", "      . . ^ r . . . . . . .\n", "      . . ^ r . . . . . .\n",
     "11 rows of 11 symbols (. ^ # r); row J has 10 symbols, expected 11", 27, ""),
    ("sheets.yaml", "      . . ^ r . . . . . . .\n", "      . . ^ r . Q . . . . .\n", "J6: 'Q' is not a map symbol", 17, ""),
    ("explore.yaml", "set: base ", "set: heroes ", "set should be one of base, not 'heroes'", 6, "set: heroes"),
    ("heroes/heroes.yaml", "      xHx\n", "      xHH\n", "a pattern is drawn with one H", 9, ""),
])
def test_a_broken_card_names_its_file_line_and_column(broken_cards, file, old, new, expected, col, at):
    path = broken_cards / (file if "/" in file else f"base/{file}")
    text = path.read_text()
    assert old in text
    where = text.index(old)
    text = text.replace(old, new, 1)
    path.write_text(text)
    with pytest.raises(CardDataError) as e:
        cat = Catalog(str(broken_cards))
        _ = (cat.explore, cat.ambushes, cat.heroes, cat.scoring, cat.seasons, cat.sheets)
    (problem,) = [p for p in e.value.problems if expected in p.message]
    lines = text.splitlines()
    line = next(n for n, s in enumerate(lines, 1) if at in s) if at else text[:where].count("\n") + 1
    assert (problem.file, problem.line) == (str(path), line), problem.render()
    if col:
        assert problem.col == col, problem.render()
    head, source, caret = problem.render().splitlines()
    assert head.startswith(f"{path}:{line}:{problem.col}: ")
    assert source.strip() == lines[line - 1].strip() and caret.index("^") == 4 + problem.col - 1


def test_a_fifo_among_the_card_files_is_refused_at_once(broken_cards):
    import signal

    path = broken_cards / "base" / "explore.yaml"
    path.unlink()
    os.mkfifo(path)
    signal.alarm(10)  # opened for a blocking read, it would wait here for a writer forever
    try:
        with pytest.raises(CardDataError) as e:
            _ = Catalog(str(broken_cards)).explore
    finally:
        signal.alarm(0)
    assert "FIFO" in e.value.problems[0].message and e.value.problems[0].file == str(path)


def test_every_problem_of_a_broken_card_file_has_a_line(broken_cards):
    path = broken_cards / "base" / "explore.yaml"
    text = path.read_text()
    for old, new in (("    time: 2\n", "    time: -2\n"), ("terrains: [water]", "terrains: []"),
                     ("name: Hamlet", "name: Hamlets"), ("coin: true", "coin: maybe"), ("kind: ruins", "kind: ruin")):
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text)
    with pytest.raises(CardDataError) as e:
        _ = Catalog(str(broken_cards)).explore
    assert len(e.value.problems) >= 5
    assert all(p.line > 0 and p.col > 0 for p in e.value.problems), e.value.render()


def test_an_id_in_two_sets_names_the_line_of_the_second(broken_cards):
    path = broken_cards / "heroes" / "explore.yaml"
    text = path.read_text()
    first = text.index("  - id: ")
    name = text.index("name: ", first)
    text = (text[:first] + "  - id: great-river" + text[text.index("\n", first):name]
            + "name: Great River" + text[text.index("\n", name):])
    path.write_text(text)
    with pytest.raises(CardDataError) as e:
        _ = Catalog(str(broken_cards)).explore
    line = text.splitlines().index("  - id: great-river") + 1
    assert f"{path}:{line}:5: great-river: id already used in" in e.value.render()


def test_a_broken_card_file_through_the_cli_names_the_line(broken_cards, cartoref, monkeypatch):
    path = broken_cards / "base" / "scoring.yaml"
    text = path.read_text().replace("solo: 25", "solo: lots")
    path.write_text(text)
    monkeypatch.setenv("CARTOREF_CARDS", str(broken_cards))
    import cartoref.cards as cards_module

    monkeypatch.setattr(cards_module, "_catalog", None)
    r = cartoref("cards")
    line = next(n for n, s in enumerate(text.splitlines(), 1) if "solo: lots" in s)
    assert r.code == 2
    assert f"scoring.yaml:{line}:" in r.err and "sentinel-wood: 'solo' should be int" in r.err


def test_kinds_sets_and_categories_print_and_dump_as_their_plain_words():
    import json
    from enum import Enum

    from cartoref.cards import CardSet, Category, Kind
    from cartoref.views.json import card as card_json

    def plain(value):
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, dict):
            return {plain(k): plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    for member in (*Kind, *Category):
        assert str(member) == f"{member}" == member.value and member == member.value
        assert json.dumps({member: [member]}) == json.dumps({member.value: [member.value]})
    cat = catalog()
    assert {c.kind for c in cat.cards} == set(Kind) and {c.set for c in cat.cards} == set(cat.set_names)
    assert json.dumps(card_json(cat.ambush("ogre charge"))["set"]) == '"promos"' == json.dumps(CardSet.PROMOS)
    assert {c.category for c in cat.scoring} == set(Category)
    for c in cat.cards:
        data = card_json(c)
        assert json.dumps(data, indent=2) == json.dumps(plain(data), indent=2)
        assert type(json.loads(json.dumps(data))["kind"]) is str
