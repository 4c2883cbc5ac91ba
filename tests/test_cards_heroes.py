"""The Cartographers Heroes card data (cards/heroes/) against the facts of docs/sources.md
("Cartographers Heroes"), its loader, forgiving names and the card commands."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from cartoref.cards import (
    CATEGORIES,
    PLAYABLE_TERRAINS,
    AmbushCard,
    Catalog,
    HeroCard,
    card_id,
    cards_dir,
    catalog,
)
from cartoref.errors import CardDataError, UnknownCardError
from cartoref.grid import Cell, Terrain, mask_of

HEROES = catalog().of_set("heroes")


def labels(*names: str) -> int:
    return mask_of(Cell.parse(n) for n in names)


def by_id(cards):
    return {c.id: c for c in cards}


# --- explore cards --------------------------------------------------------------------------------

#: id: (name, time, terrains, [(shape as drawn, coin), ...]); "-" a gap space, "." nothing.
EXPLORE = {
    "lagoon": ("Lagoon", 1, ["water"], [([".X", "X."], True), (["XXX", ".X."], False)]),
    "pasture": ("Pasture", 1, ["farm"], [(["X-X"], True), ([".XX", "XX."], False)]),
    "settlement": ("Settlement", 1, ["village"],
                   [(["X", "X"], True), (["..X", ".XX", "XX."], False)]),
    "timber-grove": ("Timber Grove", 1, ["forest"],
                     [(["X.", "XX"], True), (["X-X", "X-X"], False)]),
    "hillside-terrace": ("Hillside Terrace", 2, ["farm", "water"], [(["XX", "XX"], False)]),
    "frontier-dwelling": ("Frontier Dwelling", 2, ["village", "farm"],
                          [(["XXX", ".X.", ".X."], False)]),
    "wildwood-garden": ("Wildwood Garden", 2, ["forest", "farm"], [([".XX", "X.."], False)]),
    "woodland-crossroads": ("Woodland Crossroads", 2, ["forest", "village"],
                            [([".X.", "XXX", ".X."], False)]),
    "coastal-encampment": ("Coastal Encampment", 2, ["village", "water"],
                           [(["XXX", "X.."], False)]),
    "mangrove-swamp": ("Mangrove Swamp", 2, ["forest", "water"], [(["XXX", "X.X"], False)]),
    "kethras-gates": ("Kethra's Gates", 0, ["forest", "village", "farm", "water", "monster"],
                      [(["X"], False)]),
}


def test_the_eleven_explore_cards_in_order_with_our_numbers():
    assert [c.id for c in HEROES.explore] == list(EXPLORE)
    assert [c.number for c in HEROES.explore] == list(range(1, 12))
    assert all(c.kind == "explore" and c.set == "heroes" for c in HEROES.explore)  # no ruins cards


@pytest.mark.parametrize("cid", list(EXPLORE))
def test_explore_card_as_printed(cid):
    name, time, terrains, options = EXPLORE[cid]
    c = by_id(HEROES.explore)[cid]
    assert (c.name, c.time, [t.word for t in c.terrains]) == (name, time, terrains)
    assert [(o.shape.render(), o.coin) for o in c.options] == options


def test_explore_sizes_time_and_coins():
    sizes = {c.id: [o.shape.size for o in c.options] for c in HEROES.explore}
    assert sizes == {"lagoon": [2, 4], "pasture": [2, 4], "settlement": [2, 5],
                     "timber-grove": [3, 4],
                     "hillside-terrace": [4], "frontier-dwelling": [5], "wildwood-garden": [3],
                     "woodland-crossroads": [5], "coastal-encampment": [4], "mangrove-swamp": [5],
                     "kethras-gates": [1]}
    # four time-1 cards, six time-2 cards and Kethra's Gates at 0: 16 in all
    assert sorted(c.time for c in HEROES.explore) == [0] + [1] * 4 + [2] * 6
    assert sum(c.time for c in HEROES.explore) == 16
    # the coin is on the small option of each time-1 card, and only there
    coins = {c.id for c in HEROES.explore for o in c.options if o.coin}
    assert coins == {c.id for c in HEROES.explore if c.time == 1}
    assert all(c.options[0].coin and not c.options[1].coin for c in HEROES.explore if c.time == 1)


def test_gap_spaces_are_not_part_of_the_shape():
    ex = by_id(HEROES.explore)
    pasture = ex["pasture"].options[0].shape
    assert pasture.cells == frozenset({(0, 0), (0, 2)}) and pasture.gaps == frozenset({(0, 1)})
    grove = ex["timber-grove"].options[1].shape
    assert grove.cells == frozenset({(0, 0), (1, 0), (0, 2), (1, 2)})
    assert grove.gaps == frozenset({(0, 1), (1, 1)})
    # Mangrove Swamp is a U of five, not a 2 x 3 block (docs/rulings.md)
    u = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)})
    assert ex["mangrove-swamp"].options[0].shape.cells == u


def test_kethras_gates_is_like_rift_lands():
    gates = by_id(HEROES.explore)["kethras-gates"]
    rift = catalog().deck_card("rift-lands")
    assert (gates.time, gates.terrains, gates.options) == (rift.time, rift.terrains, rift.options)


# --- hero cards -----------------------------------------------------------------------------------

PATTERNS = {
    "dobrik-of-lorkheim": ("Dobrik of Lorkheim", {(-1, 0), (1, 0), (0, -1), (0, 1)},
                           [".x.", "xHx", ".x."]),
    "wren-the-lioness": ("Wren the Lioness", {(-1, 2), (0, 2), (1, 2)}, ["..x", "H.x", "..x"]),
    "freyla-the-true": ("Freyla the True", {(0, 1), (0, 2), (0, 3)}, ["Hxxx"]),
    "dal-of-jolev": ("Dal of Jolev", {(-1, -1), (-1, 1), (1, -1), (1, 1)}, ["x.x", ".H.", "x.x"]),
}


def test_the_four_hero_cards_and_their_patterns():
    assert [h.id for h in catalog().heroes] == list(PATTERNS)
    for n, h in enumerate(catalog().heroes, 1):
        name, offsets, rows = PATTERNS[h.id]
        assert isinstance(h, HeroCard)
        assert (h.name, h.number, h.kind, h.time, h.set) == (name, n, "hero", 0, "heroes")
        assert h.pattern == frozenset(offsets)
        assert h.render() == rows
    assert HEROES.heroes == catalog().heroes
    assert catalog().of_set("base").heroes == ()


@pytest.mark.parametrize("hero,space,attacked", [
    ("dobrik-of-lorkheim", "F6", ("E6", "G6", "F5", "F7")),
    ("dobrik-of-lorkheim", "A1", ("A2", "B1")),  # the rest is off the map
    ("wren-the-lioness", "F6", ("E8", "F8", "G8")),
    ("wren-the-lioness", "K10", ()),
    ("wren-the-lioness", "A9", ("A11", "B11")),
    ("freyla-the-true", "C1", ("C2", "C3", "C4")),
    ("freyla-the-true", "C9", ("C10", "C11")),
    ("dal-of-jolev", "F6", ("E5", "E7", "G5", "G7")),
    ("dal-of-jolev", "K11", ("J10",)),
])
def test_attacked_spaces_are_clipped_to_the_map(hero, space, attacked):
    assert catalog().deck_card(hero).attacks(Cell.parse(space)) == labels(*attacked)


# --- ambush cards ---------------------------------------------------------------------------------

AMBUSHES = {
    "dragon-inferno": ("Dragon Inferno", ["..X", "XXX", "X.."], 5, "D", "ccw", "sw"),
    "zombie-plague": ("Zombie Plague", ["X"], 1, "Z", "ccw", "nw"),
    "giant-troll-ravage": ("Giant Troll Ravage", ["XXX", ".X."], 4, "T", "cw", "ne"),
    "gorgon-gaze": ("Gorgon Gaze", ["X-X", ".X."], 3, "G", "cw", "se"),
}


def test_the_four_special_ambushes_as_printed():
    assert [a.id for a in HEROES.ambushes] == list(AMBUSHES)
    for n, a in enumerate(HEROES.ambushes, 1):
        name, rows, size, initial, arrow, corner = AMBUSHES[a.id]
        assert (a.name, a.number, a.kind, a.time) == (name, n, "ambush", 0)
        assert (a.shape.render(), a.shape.size) == (rows, size)
        assert (a.initial, a.arrow, a.corner) == (initial, arrow, corner)
        assert a.effect  # our own words


def test_the_effects_say_what_the_special_monsters_do():
    effects = {a.id: a.effect for a in HEROES.ambushes}
    assert "3 coins" in effects["dragon-inferno"]
    assert "every empty space next to a zombie" in effects["zombie-plague"]
    assert "one empty space next to the troll is destroyed" in effects["giant-troll-ravage"]
    assert "not a mountain" in effects["gorgon-gaze"]


def test_base_ambushes_are_plain_monsters():
    for a in catalog().of_set("base").ambushes:
        assert (a.initial, a.effect) == ("", "")
    assert AmbushCard("x", 1, "X", catalog().ambushes[0].shape, "cw", "nw").initial == ""


# --- scoring cards --------------------------------------------------------------------------------

#: category: [(name, solo), ...] in the reference's order; "general" is our arrangement.
SCORING = {
    "forest": [("Faunlost Thicket", 16), ("Deepwood", 18), ("Heart of the Forest", 22),
               ("Sleepy Valley", 24)],
    "farm-water": [("Craylund", 12), ("Ulem's Wallow", 14), ("Clawsgrave Peaks", 15),
                   ("Jorekburg", 18)],
    "village": [("Traylo Monastery", 14), ("Outer Enclave", 12), ("Gnomish Colony", 12),
                ("Caravansary", 16)],
    "arrangement": [("Dwarvenholds", 28), ("Silos", 30), ("Banded Hills", 28),
                    ("Starlit Sigil", 30)],
}


def test_the_sixteen_scoring_cards_categories_and_solo_numbers():
    s = HEROES.scoring
    assert len(s) == 16 and [c.number for c in s] == list(range(1, 17))
    found: dict[str, list[tuple[str, int]]] = {}
    for c in s:
        found.setdefault(c.category, []).append((c.name, c.solo))
        assert c.text and c.id == card_id(c.name)
    assert found == SCORING
    assert [c.id for c in s] == [
        "faunlost-thicket", "deepwood", "heart-of-the-forest", "sleepy-valley", "craylund",
        "ulems-wallow", "clawsgrave-peaks", "jorekburg", "traylo-monastery", "outer-enclave",
        "gnomish-colony", "caravansary", "dwarvenholds", "silos", "banded-hills", "starlit-sigil"]


def test_general_is_the_arrangement_category_so_a_mixed_game_deals_one_per_category():
    from cartoref import deck as decks

    assert {c.category for c in HEROES.scoring} == set(CATEGORIES)
    every = catalog().scoring
    for seed in range(30):
        edicts = [catalog().scoring_by_id(i) for i in decks.draw_edicts(seed, every)]
        assert sorted(c.category for c in edicts) == sorted(CATEGORIES)
    sets = {catalog().scoring_by_id(i).set for s in range(30) for i in decks.draw_edicts(s, every)}
    assert sets == {"base", "heroes"}


# --- seasons and sheets ---------------------------------------------------------------------------

def test_heroes_seasons_differ_from_the_base_ones_only_in_summer():
    cat = catalog()
    assert [(s.id, s.threshold, s.edicts, s.set) for s in cat.season_cards("heroes")] == [
        ("spring", 8, ("A", "B"), "heroes"), ("summer", 7, ("B", "C"), "heroes"),
        ("autumn", 7, ("C", "D"), "heroes"), ("winter", 6, ("D", "A"), "heroes")]
    assert [s.threshold for s in cat.seasons] == [8, 8, 7, 6]  # still the base game's
    assert HEROES.seasons == cat.season_cards("heroes")
    assert len(cat.solo_titles) == 8  # the solo titles stay the base game's


def test_sheet_sides_c_and_d():
    cat = catalog()
    assert [(s.id, s.letter) for s in cat.sheets] == [
        ("wilderness", "A"), ("wastelands", "B"), ("heroes-wilderness", "C"),
        ("heroes-wastelands", "D"), ("tabula-rasa", "T")]
    c, d = cat.sheet_side("c"), cat.sheet_side("D")
    assert (c.id, c.name) == ("heroes-wilderness", "Wilderness")
    assert (d.id, d.name) == ("heroes-wastelands", "Wastelands")
    assert c.mountains == labels("B2", "D9", "F4", "I10", "J6")
    assert c.ruins == labels("B5", "D8", "G7", "H3", "J9", "K1")
    assert c.wastelands == 0
    assert d.mountains == labels("B10", "D4", "F7", "I3", "I10")
    assert d.wastelands == labels("B2", "C2", "F10", "F11", "G10", "J1", "J2")
    assert d.ruins == labels("B4", "B9", "F2", "G8", "G11", "J6")
    assert c.coin_track == d.coin_track == 14
    assert cat.sheet_side("heroes-wastelands") == d
    assert cat.sheet_side("wilderness").letter == "A" and cat.sheet_side("Wastelands").letter == "B"


# --- the catalog ----------------------------------------------------------------------------------

def test_every_kind_holds_base_then_heroes():
    cat = catalog()
    assert [len(k) for k in cat.of_set("heroes")] == [11, 4, 4, 16, 4]
    assert [len(k) for k in (cat.explore, cat.ambushes, cat.heroes, cat.scoring)] == [24, 12, 4, 32]
    assert len(cat.cards) == 24 + 12 + 4 + 32 + 8 and len({c.id for c in cat.cards}) == len(cat.cards)
    with pytest.raises(UnknownCardError, match="deluxe"):
        cat.of_set("deluxe")


def test_deck_card_finds_every_set_and_heroes():
    cat = catalog()
    for cid in ("lagoon", "kethras-gates", "gorgon-gaze", "dal-of-jolev", "rift-lands",
                "gnoll-raid"):
        assert cat.deck_card(cid).id == cid
    assert cat.deck_card("freyla-the-true").kind == "hero"
    with pytest.raises(KeyError):
        cat.deck_card("silos")


# --- forgiving names ------------------------------------------------------------------------------

@pytest.mark.parametrize("name,expected", [
    ("ulem's wallow", "ulems-wallow"), ("Ulems Wallow", "ulems-wallow"),
    ("kethra", "kethras-gates"), ("Kethra's Gates", "kethras-gates"), ("the gorgon", "gorgon-gaze"),
    ("dragon", "dragon-inferno"), ("dobrik", "dobrik-of-lorkheim"), ("wren", "wren-the-lioness"),
    ("Dal of Jolev", "dal-of-jolev"), ("heart of the forest", "heart-of-the-forest"),
    ("mangrove", "mangrove-swamp"), ("silos", "silos"),
    # a later word of the name, when no name starts so
    ("troll", "giant-troll-ravage"), ("lioness", "wren-the-lioness"), ("gates", "kethras-gates"),
    # the base names of the README and the tests resolve as before
    ("shield", "shieldgate"), ("broken road", "the-broken-road"), ("gnoll", "gnoll-raid"),
    ("greenbough", "greenbough"), ("hamlet", "hamlet"), ("goblin attack", "goblin-attack"),
    ("sentinel wood", "sentinel-wood"), ("rift", "rift-lands"), ("bugbear", "bugbear-assault"),
    ("GREAT-river", "great-river"), ("The-Golden-Granary", "the-golden-granary"),
    ("cauld", "the-cauldrons"), ("treetop village", "treetop-village"), ("mages", "mages-valley"),
    ("borderlands", "borderlands"),
])
def test_forgiving_names_across_both_sets(name, expected):
    assert catalog().any_card(name).id == expected


def test_hero_and_scoring_lookups():
    cat = catalog()
    assert cat.hero("freyla").id == "freyla-the-true"
    assert cat.scoring_card("ulem").id == "ulems-wallow"
    assert cat.ambush("zombie").id == "zombie-plague"
    edicts = cat.edict_ids(["deepwood", "craylund", "caravansary", "starlit sigil"])
    assert edicts == ("deepwood", "craylund", "caravansary", "starlit-sigil")


@pytest.mark.parametrize("name,words", [
    ("dal of joleu", ["unknown", "Dal of Jolev"]),  # the other spelling gets a did-you-mean
    ("gno", ["ambiguous", "Gnoll Raid", "Gnomish Colony"]),
    ("wild", ["ambiguous", "Wildwood Garden", "Wildholds"]),
])
def test_unknown_or_ambiguous_heroes_names(name, words):
    with pytest.raises(UnknownCardError) as e:
        catalog().any_card(name)
    for w in words:
        assert w in str(e.value)


# --- the card commands ----------------------------------------------------------------------------

def test_card_draws_a_hero_and_its_pattern(cartoref):
    r = cartoref("card", "dobrik")
    assert r.code == 0
    lines = [line.rstrip() for line in r.out.rstrip().splitlines()]
    assert "Dobrik of Lorkheim   hero card 01, time 0" in lines
    assert lines[-3:] == [". x .", "x H x", ". x ."]
    assert "x . x" in cartoref("card", "jolev").out


def test_card_json_of_a_hero(cartoref):
    data = json.loads(cartoref("card", "wren", "--json").out)
    assert data == {"id": "wren-the-lioness", "name": "Wren the Lioness", "kind": "hero",
                    "number": 2, "time": 0, "set": "heroes", "pattern": ["..x", "H.x", "..x"]}


def test_card_shows_an_ambush_with_its_initial_and_effect(cartoref):
    out = cartoref("card", "dragon").out
    assert "Dragon Inferno   ambush card 01, time 0" in out
    assert "counterclockwise" in out and "bottom-left" in out
    assert "Write D in each monster space" in out and "Effect: Once every dragon space" in out
    assert [line.rstrip() for line in out.rstrip().splitlines()][-3:] == ["    D", "D D D", "D"]
    gorgon = cartoref("card", "the gorgon").out
    assert "G - G" in gorgon
    # a base ambush is shown as before
    bugbear = cartoref("card", "bugbear").out
    assert "M - M" in bugbear and "Effect" not in bugbear


def test_card_json_keeps_the_old_keys_and_adds_set_initial_effect(cartoref):
    data = json.loads(cartoref("card", "dragon", "--json").out)
    assert data == {"id": "dragon-inferno", "name": "Dragon Inferno", "kind": "ambush",
                    "number": 1, "time": 0, "arrow": "ccw", "corner": "sw",
                    "shape": ["..X", "XXX", "X.."], "set": "heroes", "initial": "D",
                    "effect": by_id(HEROES.ambushes)["dragon-inferno"].effect}
    gnoll = json.loads(cartoref("card", "gnoll", "--json").out)
    assert [gnoll[k] for k in ("set", "initial", "effect", "arrow")] == ["base", "", "", "ccw"]
    pasture = json.loads(cartoref("card", "pasture", "--json").out)
    assert pasture["set"] == "heroes" and pasture["options"][0] == {"shape": ["X-X"], "coin": True}
    silos = json.loads(cartoref("card", "silos", "--json").out)
    assert (silos["category"], silos["solo"], silos["set"]) == ("arrangement", 30, "heroes")


def test_cards_by_set_and_category(cartoref):
    def listing(*args):
        r = cartoref("cards", *args, "--json")
        assert r.code == 0, r.err
        return json.loads(r.out)

    heroes = listing("--set", "heroes")
    assert len(heroes) == 11 + 4 + 4 + 16 and {c["set"] for c in heroes} == {"heroes"}
    kinds = ["explore"] * 11 + ["ambush"] * 4 + ["hero"] * 4 + ["scoring"] * 16
    assert [c["kind"] for c in heroes] == kinds
    base = listing("--set", "base")
    assert len(base) == 13 + 4 + 16 and {c["set"] for c in base} == {"base"}
    promos = listing("--set", "promos")
    assert [c["id"] for c in promos] == ["flayer-incursion", "insectoid-invasion", "ratman-strike", "ogre-charge",
                                         "acrobatics", "concentrate", "cure-wounds", "diplomacy", "knowledge",
                                         "move-silently", "negotiate", "search"]
    assert [(c["id"], c["cost"]) for c in listing("--category", "skill")][:3] == [
        ("acrobatics", 2), ("concentrate", 3), ("cure-wounds", 1)]
    assert len(listing()) == len(heroes) + len(base) + len(promos)
    assert [c["id"] for c in listing("--category", "hero")] == list(PATTERNS)
    assert [c["name"] for c in listing("--set", "heroes", "--category", "village")] == [
        "Traylo Monastery", "Outer Enclave", "Gnomish Colony", "Caravansary"]
    assert [c["name"] for c in listing("--set", "base", "--category", "village")] == [
        "Wildholds", "Great City", "Greengold Plains", "Shieldgate"]
    assert listing("--set", "base", "--category", "hero") == []
    table = cartoref("cards", "--category", "hero").out
    assert "Dobrik of Lorkheim" in table and "attacks 3 spaces" in table
    assert cartoref("cards", "--set", "deluxe").code == 2


# --- broken Heroes card files ---------------------------------------------------------------------

@pytest.fixture
def broken_cards(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    return folder


def load_everything(folder) -> None:
    cat = Catalog(str(folder))
    _ = (cat.explore, cat.ambushes, cat.heroes, cat.scoring, cat.seasons, cat.sheets,
         cat.season_cards("heroes"))


@pytest.mark.parametrize("file,old,new,expected", [
    ("explore.yaml", "    time: 2\n", "    time: two\n", "'time' should be int"),
    ("explore.yaml", "terrains: [water]", "terrains: [lava]", "unknown terrain 'lava'"),
    ("explore.yaml", "id: lagoon", "id: lagon", "id should be 'lagoon'"),
    ("explore.yaml", "id: lagoon\n    number: 1\n    name: Lagoon",
     "id: hamlet\n    number: 1\n    name: Hamlet", "hamlet: id already used in"),
    ("heroes.yaml", "      .x.\n      xHx\n", "      .x.\n      xxx\n", "one H (the hero)"),
    ("heroes.yaml", "      Hxxx\n", "      Hxqx\n", "not 'q'"),
    ("heroes.yaml", "pattern: |\n      x.x", "patter: |\n      x.x",
     "dal-of-jolev: missing 'pattern'"),
    ("ambush.yaml", "initial: D", "initial: Q", "initial should be one of D, Z, T, G, not 'Q'"),
    ("ambush.yaml", "    acts: zombies-spread\n", "", "zombie-plague: a special monster needs both its effect's name"),
    # An effect the code does not have is refused, never silently ignored.
    ("ambush.yaml", "acts: zombies-spread", "acts: frost-breath", "acts should be one of dragon-coins, "
     "zombies-spread, troll-destroys, gorgon-destroys, not 'frost-breath'"),
    ("ambush.yaml", "initial: Z", "initial: T", "the effect zombies-spread marks its monster Z, not T"),
    ("ambush.yaml", "arrow: ccw", "arrow: up", "arrow should be one of cw, ccw, not 'up'"),
    ("scoring.yaml", "category: forest", "category: general", "category should be one of"),
    ("seasons.yaml", "threshold: 7", "threshold: seven", "'threshold' should be int"),
    ("seasons.yaml", "seasons:", "solo_titles: []\nseasons:",
     "the solo titles are the base game's"),
    ("seasons.yaml", "set: heroes ", "set: base ", "set should be one of heroes, not 'base'"),
    ("set.yaml", "files: [explore,", "files: [explorer,", "files: 'explorer' is no kind of card file"),
    ("set.yaml", "    edicts: heroes\n", "", "edition heroes: missing 'edicts'"),
    ("sheets.yaml", "      r . . . . . . . . . .\n", "      r . . . . . . . . .\n",
     "11 rows of 11"),
    ("sheets.yaml", "set: heroes ", "set: deluxe ",
     "set should be one of heroes, not 'deluxe'"),
])
def test_a_broken_heroes_file_is_a_clear_error_naming_it(broken_cards, file, old, new, expected):
    path = broken_cards / "heroes" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(CardDataError) as e:
        load_everything(broken_cards)
    message = e.value.render()
    assert expected in message and os.path.join("heroes", file) in message


@pytest.mark.parametrize("file", ["explore.yaml", "heroes.yaml", "ambush.yaml", "scoring.yaml",
                                  "seasons.yaml", "sheets.yaml"])
def test_a_missing_heroes_file_is_an_error_naming_it(broken_cards, file):
    (broken_cards / "heroes" / file).unlink()
    with pytest.raises(CardDataError) as e:
        load_everything(broken_cards)
    message = e.value.render()
    assert "cannot read card file" in message and os.path.join("heroes", file) in message


def test_a_broken_heroes_file_through_the_cli(broken_cards, cartoref, monkeypatch):
    path = broken_cards / "heroes" / "heroes.yaml"
    path.write_text(path.read_text().replace("number: 3", "number: three"))
    monkeypatch.setenv("CARTOREF_CARDS", str(broken_cards))
    import cartoref.cards as cards_module

    monkeypatch.setattr(cards_module, "_catalog", None)
    r = cartoref("card", "freyla")
    assert r.code == 2
    assert os.path.join("heroes", "heroes.yaml") in r.err
    assert "freyla-the-true: 'number' should be int" in r.err
    assert "Traceback" not in r.err


def test_terrain_words_of_the_data_are_playable_terrains():
    words = {t.word for c in HEROES.explore for t in c.terrains}
    assert words == {t.word for t in PLAYABLE_TERRAINS}
    assert Terrain.HERO not in PLAYABLE_TERRAINS  # a hero comes from a hero card only
