"""Property tests (hypothesis) on random sheets of sides A and B: the map-file round trip,
scores that never go negative nor touch their input, symmetries, and clusters."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from maps import anti_transpose_mask, mirror_mask, sheet_from, transform

from cartoref.cards import catalog
from cartoref.errors import MapFileError
from cartoref.grid import (
    BOARD,
    DRAWN,
    MONSTER_INITIALS,
    SIZE,
    Sheet,
    cluster_of,
    clusters,
    iter_cells,
    neighbours,
)
from cartoref.mapedit import update_map_text
from cartoref.mapfile import (
    MapFile,
    blank_map,
    coin_warnings,
    format_map,
    parse_map,
)
from cartoref.scoring import RULES, monster_spaces
from cartoref.scoring.registry import LAYERS, READS, layers_changed
from cartoref.tabula import side_of_game

# The printed sides, and the Tabula Rasa sheet as two seeds roll it (one with wastelands).
SIDES = tuple(s for s in catalog().sheets if not s.rolled) + tuple(
    side_of_game(s, seed, wastelands) for s in catalog().sheets if s.rolled for seed, wastelands in ((1, False), (7, True)))
CARD_IDS = sorted(c.id for c in catalog().scoring if c.set == "base")  # tests/test_scoring_heroes_* cover the rest
SEASONS = [s.id for s in catalog().seasons]
LETTERS = {t.value: t for t in DRAWN}
# The default run samples each property; CI's campaign run (CARTOREF_CAMPAIGN=1) tries each on
# the full count of examples.
FULL = os.environ.get("CARTOREF_CAMPAIGN", "") not in ("", "0")
SETTINGS = settings(max_examples=60 if FULL else 15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def sheets(draw, symbols: str = ".FVPWMXHDZTG") -> Sheet:
    """A random sheet: a random letter (or nothing) on every space its side leaves open (D Z T
    G: a monster with that initial), and random spaces marked by attack patterns."""
    side = draw(st.sampled_from(SIDES))
    letters = draw(st.lists(st.sampled_from(symbols), min_size=SIZE * SIZE, max_size=SIZE * SIZE))
    drawn = {t: 0 for t in DRAWN}
    initials = dict.fromkeys(MONSTER_INITIALS, 0)
    printed = side.mountains | side.wastelands
    for cell, ch in zip(iter_cells(BOARD), letters):
        if ch != "." and not printed & cell.bit:
            if ch in initials:
                initials[ch] |= cell.bit
                ch = "M"
            drawn[LETTERS[ch]] |= cell.bit
    attacks = draw(st.integers(0, BOARD)) & BOARD & draw(st.sampled_from([0, BOARD]))
    return Sheet(side, tuple(drawn[t] for t in DRAWN), tuple(initials.values()), attacks)


@st.composite
def map_files(draw) -> MapFile:
    """A random map file: a random sheet, player, coins, and maybe edicts and a season."""
    sheet = draw(sheets())
    coins = draw(st.integers(0, 14))
    edicts = draw(st.none() | st.permutations(CARD_IDS).map(lambda ids: tuple(ids[:4])))
    return MapFile(
        sheet, draw(st.none() | st.text(max_size=12)), coins, edicts,
        draw(st.none() | st.sampled_from(SEASONS)), "<map>", tuple(coin_warnings(sheet, coins)),
    )


@SETTINGS
@given(map_files())
def test_format_then_parse_gives_the_map_back(mf):
    text = format_map(mf)
    again = parse_map(text)
    assert again == mf
    assert format_map(again) == text


@SETTINGS
@given(st.sampled_from(SIDES), st.integers(0, 2000), st.text(max_size=8))
def test_a_damaged_map_file_is_a_map_file_error_never_a_crash(side, where, junk):
    text = blank_map(side, "Bob")
    where %= len(text) + 1
    try:
        parse_map(text[:where] + junk + text[where:], "junk.yaml")
    except MapFileError as e:
        assert all(p.file == "junk.yaml" for p in e.problems)


@SETTINGS
@given(st.text(max_size=60))
def test_any_text_is_a_map_file_error_never_a_crash(text):
    try:
        parse_map(text, "any.yaml")
    except MapFileError as e:
        assert e.problems


@SETTINGS
@given(sheets())
def test_every_rule_scores_at_least_zero_and_leaves_its_sheet_alone(sheet):
    before = (sheet.side, sheet.drawn, sheet.filled)
    for card_id, rule in RULES.items():
        result = rule(sheet)
        assert result.points >= 0, card_id
        assert result.cells & ~BOARD == 0, card_id
        assert all(g & ~BOARD == 0 for g in result.groups), card_id
        assert (sheet.side, sheet.drawn, sheet.filled) == before, card_id


@SETTINGS
@given(sheets())
def test_scored_cells_hold_what_the_card_scores(sheet):
    # Cards that score spaces of one terrain (or empty spaces) name only such spaces.
    own = {
        "sentinel-wood": sheet.forest, "treetower": sheet.forest, "greenbough": sheet.forest,
        "wildholds": sheet.village, "great-city": sheet.village, "greengold-plains": sheet.village,
        "shieldgate": sheet.village, "canal-lake": sheet.farm | sheet.water,
        "mages-valley": sheet.farm | sheet.water, "the-golden-granary": sheet.farm | sheet.water,
        "shoreside-expanse": sheet.farm | sheet.water, "stoneside-forest": sheet.mountains,
        "the-cauldrons": sheet.empty, "borderlands": sheet.filled, "lost-barony": sheet.filled,
        "the-broken-road": sheet.filled,
    }
    assert set(own) == set(CARD_IDS)
    for card_id, mask in own.items():
        assert RULES[card_id](sheet).cells & ~mask == 0, card_id


MIRROR_SYMMETRIC = [c for c in CARD_IDS if c != "the-broken-road"]


@SETTINGS
@given(sheets())
def test_left_right_mirror_keeps_every_score_but_the_broken_roads(sheet):
    mirrored = transform(sheet, mirror_mask)
    for card_id in MIRROR_SYMMETRIC:
        assert RULES[card_id](mirrored).points == RULES[card_id](sheet).points, card_id


@SETTINGS
@given(sheets())
def test_reflection_in_the_a11_k1_diagonal_keeps_every_score(sheet):
    # This reflection maps each of the Broken Road's diagonals onto itself, and rows onto columns.
    moved = transform(sheet, anti_transpose_mask)
    for card_id in CARD_IDS:
        assert RULES[card_id](moved).points == RULES[card_id](sheet).points, card_id


def test_the_broken_road_is_not_mirror_symmetric():
    sheet = sheet_from("F", at="K1")
    assert RULES["the-broken-road"](sheet).points == 3
    assert RULES["the-broken-road"](transform(sheet, mirror_mask)).points == 0


@SETTINGS
@given(sheets())
def test_monster_penalty_is_empty_spaces_beside_monsters(sheet):
    spaces = monster_spaces(sheet)
    assert spaces & ~sheet.empty == 0
    assert spaces & ~neighbours(sheet.monster) == 0
    assert spaces == sheet.empty & neighbours(sheet.monster)


masks = st.integers(0, BOARD).map(lambda m: m & BOARD)


@settings(max_examples=100 if FULL else 30, deadline=None)
@given(masks)
def test_clusters_partition_the_mask(mask):
    parts = clusters(mask)
    union = 0
    for part in parts:
        assert part and part & union == 0  # disjoint, none empty
        union |= part
        assert cluster_of(part & -part, part) == part  # connected
    assert union == mask
    for a in parts:
        for b in parts:
            if a != b:
                assert neighbours(a) & b == 0  # maximal: no two clusters touch


@SETTINGS
@given(sheets())
def test_clusters_of_each_terrain(sheet):
    for terrain_mask in sheet.drawn:
        parts = clusters(terrain_mask)
        assert sum(p.bit_count() for p in parts) == terrain_mask.bit_count()


@st.composite
def written_map_files(draw) -> tuple[str, MapFile]:
    """A map file as a player might write it: keys in any order, comments, the map as a
    block, a list or a flow list, and maybe no coins key."""
    mf = draw(map_files())
    rows = format_map(mf).split("map: |\n", 1)[1].splitlines()
    style = draw(st.sampled_from(["block", "list", "flow"]))
    if style == "block":
        map_lines = ["map: |" + draw(st.sampled_from(["", "  # my sheet"]))] + rows
    elif style == "list":
        # Quoted: in a YAML list, "#" after a space would start a comment.
        map_lines = ["map:"] + [f"  - '{r.strip()}'" for r in rows]
    else:
        map_lines = ["map: [" + ", ".join(f"'{r.strip()}'" for r in rows) + "]"]
    keys = {
        "sheet": [f"sheet: {mf.sheet.side.letter}"],
        "coins": [f"coins: {mf.coins}   # on the track"],
        "map": map_lines,
    }
    if mf.edicts:
        keys["edicts"] = ["edicts: " + ", ".join(mf.edicts)]
    if mf.season:
        keys["season"] = [f"season: {mf.season}"]
    if mf.player is not None:
        keys["player"] = [next(line for line in format_map(mf).splitlines() if line.startswith("player:"))]
    if mf.sheet.attacks:
        keys["attacks"] = [next(line for line in format_map(mf).splitlines() if line.startswith("attacks:"))]
    if mf.sheet.side.roll is not None:  # Tabula Rasa: the dice's seed, as "roll: 7 with wastelands"
        keys["roll"] = [next(line for line in format_map(mf).splitlines() if line.startswith("roll:"))]
    if draw(st.booleans()):
        del keys["coins"]
        mf = mf._replace(coins=0, warnings=tuple(coin_warnings(mf.sheet, 0)))
    order = draw(st.permutations(list(keys)))
    lines = ["# my map"]
    for k in order:
        lines += keys[k] + draw(st.sampled_from([[], [""], ["# note"]]))
    return "\n".join(lines) + "\n", mf


@SETTINGS
@given(written_map_files(), sheets(), st.integers(0, 14))
def test_update_map_text_changes_only_map_and_coins(written, new_sheet, coins):
    text, mf = written
    assert parse_map(text) == mf
    side = mf.sheet.side
    printed = side.mountains | side.wastelands
    new_sheet = Sheet(side, tuple(m & ~printed for m in new_sheet.drawn),
                      tuple(m & ~printed for m in new_sheet.initials), new_sheet.attacks)
    wanted = mf._replace(sheet=new_sheet, coins=coins, warnings=tuple(coin_warnings(new_sheet, coins)))
    updated = update_map_text(text, wanted)
    assert parse_map(updated) == wanted
    kept = [line for line in text.splitlines() if line.startswith(("#", "player", "sheet", "edicts", "season"))]
    assert (("attacks:" in updated) == bool(wanted.sheet.attacks or mf.sheet.attacks))
    assert [line for line in updated.splitlines() if line in kept] == kept


# ------------------------------------------------------- the layers a scoring card reads

ALL_CARD_IDS = sorted(RULES)
EACH_CARD = settings(max_examples=10 if FULL else 3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PRINTED = {"mountains", "wastelands", "ruins", "side"}


class _Watched:
    """A sheet that writes down every attribute a rule reads."""

    def __init__(self, sheet: Sheet):
        self._sheet, self.read = sheet, set()

    def __getattr__(self, name: str):
        self.read.add(name)
        return getattr(self._sheet, name)


@pytest.mark.parametrize("card_id", ALL_CARD_IDS)
@EACH_CARD
@given(sheets())
def test_a_rule_reads_only_the_layers_it_declares(card_id, sheet):
    # hint skips a card whose layers a drawing leaves alone: a layer read and not declared
    # would make it keep a stale score.
    watched = _Watched(sheet)
    RULES[card_id](watched)  # type: ignore[arg-type]
    declared = {name for name, bits in LAYERS.items() if bits & READS[card_id] == bits}
    assert watched.read <= declared | PRINTED


@pytest.mark.parametrize("card_id", ALL_CARD_IDS)
@EACH_CARD
@given(sheets(".FVPWM"), st.sampled_from(DRAWN[:5]), st.integers(0, BOARD))
def test_a_drawing_outside_a_rules_layers_leaves_its_score(card_id, sheet, terrain, spaces):
    mask = spaces & sheet.empty
    after = sheet.with_drawn(mask, terrain)
    changed = layers_changed(sheet, after)
    if not READS[card_id] & changed:
        assert RULES[card_id](after) == RULES[card_id](sheet)
    assert changed == (1 << DRAWN.index(terrain) if mask else 0)
