"""Heroes general scoring cards: Dwarvenholds, Silos, Banded Hills, Starlit Sigil; the monster
penalty and the base cards on Heroes-style sheets (hero and destroyed spaces); and property
tests (hypothesis) of all 16 Heroes cards.

Each table row is a small map and the points worked out by hand from the card text
(docs/sources.md, Heroes scoring cards, and docs/rulings.md, "Heroes scoring cards"). "plain"
prints nothing but what the diagram shows; side A is "wilderness", side B "wastelands".

Each card also has its printed example: the picture on the card drawn as a diagram, scoring
the value the card prints. In those pictures a framed blank square is a filled space of no
concern to the card (drawn X here) and a dotted one an empty space.
"""

from __future__ import annotations

import pytest
from conftest import CAMPAIGN
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from maps import (
    anti_transpose_mask,
    case,
    cells,
    full,
    labels,
    mirror_mask,
    score,
    sheet_from,
    transform,
)

from cartoref.cards import catalog
from cartoref.grid import (
    BOARD,
    DRAWN,
    SIZE,
    Sheet,
    Terrain,
    bit,
    clusters,
    iter_cells,
)
from cartoref.scoring import RULES, monster_spaces

# --- Dwarvenholds: 7 stars per complete row and per complete column holding a mountain -------

# The card: a filled row holding a mountain (second space) and a filled column holding one
# (fourth space), meeting in the corner; a star for each. 14.
DWARVENHOLDS_PRINTED = """
X ^ X X X X X X X X X
X . . . . . . . . . .
X . . . . . . . . . .
^ . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
X . . . . . . . . . .
"""

# Row F and column 6 filled, crossing at the mountain F6.
CROSS_AT_A_MOUNTAIN = "\n".join(
    "XXXXX^XXXXX" if r == 5 else ".....X....." for r in range(SIZE))

DWARVENHOLDS = [
    case(0, "", id="empty"),
    case(7, "X^XXXXXXXXX", at="F1", id="a complete row with a mountain"),
    case(0, "XXXXXXXXXXX", at="F1", id="a complete row without one"),
    case(0, "X^XXXXXXXX.", at="F1", id="a mountain in an incomplete row"),
    case(7, "X/X/^/X/X/X/X/X/X/X/X", at="A5", id="a complete column with a mountain"),
    case(7, "^XXXX^XXXXX", at="F1", id="two mountains in one row: once"),
    case(14, CROSS_AT_A_MOUNTAIN, id="one mountain serves its row and its column"),
    case(7, "HHHHH^FVPWM", at="F1", id="heroes and drawn terrain fill"),
    case(7, "XXXXX^XXXXX", at="F1", id="destroyed spaces fill"),
    case(7, "#^#########", at="F1", id="wastelands fill"),
    case(0, "FFF^FrFFFFF", "A", at="B1", id="side A: the empty ruins B6 leaves row B open"),
    case(7, "FFF^FfFFFFF", "A", at="B1", id="side A: a forest on the ruins B6 fills it"),
    case(0, full("F"), id="full plain: no mountain"),
    case(70, full("F", "A"), id="full side A: 5 rows and 5 columns with a mountain"),
    case(70, full("V", "B"), id="full side B: 5 rows and 5 columns with a mountain"),
    case(14, DWARVENHOLDS_PRINTED, id="the printed example"),
]


@pytest.mark.parametrize("diagram, side, at, points", DWARVENHOLDS)
def test_dwarvenholds(diagram, side, at, points):
    assert score("dwarvenholds", diagram, side, at).points == points


def test_dwarvenholds_printed_example():
    result = score("dwarvenholds", DWARVENHOLDS_PRINTED)
    assert result.points == 14
    row_a = cells("A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11")
    column_1 = cells("A1 B1 C1 D1 E1 F1 G1 H1 I1 J1 K1")
    assert result.cells == row_a | column_1
    assert result.reason == "1 complete row and 1 complete column with a mountain"
    assert result.groups == (row_a, column_1)


# --- Silos: 10 stars per complete odd-numbered column (1, 3, 5, 7, 9, 11) ---------------------

# The card (5 columns): only its middle column is filled all the way and starred 10. Drawn
# from A3: the middle is column 5; column 4, filled too here, is even; column 3 has gaps.
SILOS_PRINTED = """
. . X X X . . . . . .
. . . X X . . . . . .
. . X X X X . . . . .
. . X X X . X . . . .
. . . X X X . . . . .
. . . X X . . . . . .
. . . X X . . . . . .
. . . X X . . . . . .
. . . X X . . . . . .
. . . X X . . . . . .
. . . X X . . . . . .
"""

SILOS = [
    case(0, "", id="empty"),
    case(10, "X/X/X/X/X/X/X/X/X/X/X", at="A1", id="column 1"),
    case(0, "X/X/X/X/X/X/X/X/X/X/X", at="A2", id="column 2 is even"),
    case(10, "X/X/X/X/X/X/X/X/X/X/X", at="A11", id="column 11"),
    case(0, "X/X/X/X/X/./X/X/X/X/X", at="A1", id="column 1 with one gap"),
    case(10, "F/V/P/W/M/H/X/^/#/F/V", at="A3", id="any filled space: terrain, hero, destroyed, "
         "mountain, wasteland"),
    case(20, "XXX/XXX/XXX/XXX/XXX/XXX/XXX/XXX/XXX/XXX/XXX", at="A1", id="columns 1 to 3: 1 and 3"),
    case(0, "F/F/r/F/F/F/F/F/F/^/F", "B", at="A3", id="side B: the empty ruins C3 leaves column 3"),
    case(10, "F/F/f/F/F/F/F/F/F/^/F", "B", at="A3", id="side B: a forest on the ruins C3 fills it"),
    case(10, "F/F/F/F/F/F/F/F/F/F/F", "A", at="A7", id="side A: column 7"),
    case(60, full("F"), id="full plain: six odd columns"),
    case(60, full("F", "B"), id="full side B: mountains and wastelands fill"),
    case(10, SILOS_PRINTED, id="the printed example"),
]


@pytest.mark.parametrize("diagram, side, at, points", SILOS)
def test_silos(diagram, side, at, points):
    assert score("silos", diagram, side, at).points == points


def test_silos_printed_example():
    result = score("silos", SILOS_PRINTED)
    assert result.points == 10
    assert result.cells == cells("A5 B5 C5 D5 E5 F5 G5 H5 I5 J5 K5")
    assert result.reason == "1 complete odd-numbered column"


# --- Banded Hills: 4 stars per row with 5+ of the 7 terrain types -----------------------------

BANDED_HILLS = [
    case(0, "", id="empty"),
    case(4, "FVPWM", at="F1", id="five types"),
    case(0, "FVPW", at="F1", id="four types"),
    case(4, "FVPWH", at="F1", id="hero is a type"),
    case(4, "FVPW^", at="F1", id="mountain is a type"),
    case(0, "FVPWX#", at="F1", id="destroyed and wasteland have no type"),
    case(0, "FFVVPPWW", at="F1", id="eight spaces, four types"),
    case(4, "F.V.P.W.M", at="F1", id="the row need not be complete"),
    case(4, "FVPWMH^", at="F3", id="seven types: still one row"),
    case(8, "FVPWM/MWPVF", at="E1", id="two rows"),
    case(0, "F/V/P/W/M", at="E1", id="a column of five types"),
    case(0, "FVPrW", at="F1", id="empty ruins have no type"),
    case(4, "F^VwM", "A", at="B3", id="side A: the printed mountain B4 and a water on ruins B6"),
    case(0, full("F"), id="full plain: one type"),
]


@pytest.mark.parametrize("diagram, side, at, points", BANDED_HILLS)
def test_banded_hills(diagram, side, at, points):
    assert score("banded-hills", diagram, side, at).points == points


def test_banded_hills_printed_example():
    # The card: a row of farm, forest, mountain, water and village starred 4; a row of
    # framed squares (filled, no terrain here) and a row of empty spaces score nothing. 4.
    diagram = """
    P F ^ W V
    X X X X X
    . . . X .
    """
    result = score("banded-hills", diagram, at="E3")
    assert result.points == 4
    assert result.cells == cells("E3 E4 E5 E6 E7")
    assert result.reason == "1 row with 5 or more terrain types"
    assert result.groups == (cells("E3 E4 E5 E6 E7"),)


def test_banded_hills_scores_the_typed_spaces_of_the_row():
    result = score("banded-hills", "FVX#PWM", at="F1")
    assert result.points == 4
    assert result.cells == cells("F1 F2 F5 F6 F7")


# --- Starlit Sigil: 4 stars per maximal empty region of exactly 3 spaces ----------------------

STARLIT_SIGIL = [
    case(0, "", id="empty: one region of 121"),
    case(4, "XXXXX/X...X/XXXXX", at="E3", id="a line of three"),
    case(4, "XXX./X..X/X.X./.X..", at="E5", id="an L of three"),
    case(0, "XXXX/X..X/XXXX", at="E3", id="two"),
    case(0, "XXXXXX/X....X/XXXXXX", at="E3", id="four"),
    case(0, "XXXXX/X...X/XX.XX/.XXX.", at="E3", id="a T of four"),
    case(4, "...X/XXX.", at="A1", id="against the edge"),
    case(4, ".X/X./X./X./.X", at="G10", id="down the right edge"),
    case(4, "XXXXX/Xr..X/XXXXX", at="E3", id="an empty ruins space is empty"),
    case(0, "XXXXX/X.f.X/XXXXX", at="E3", id="a forest on ruins fills: two groups of one"),
    case(4, "H^#MV/F...W/PXXHX", at="E3", id="any filled space encloses"),
    case(8, "XXXXX/X...X/XXXXX/X...X/XXXXX", at="C3", id="two groups"),
    case(4, "XXXXX/X...X/XXXX.", at="E3", id="an empty space diagonal to the group stays apart"),
    case(0, full("X"), id="full plain: nothing empty"),
]


@pytest.mark.parametrize("diagram, side, at, points", STARLIT_SIGIL)
def test_starlit_sigil(diagram, side, at, points):
    assert score("starlit-sigil", diagram, side, at).points == points


def test_starlit_sigil_printed_example():
    # The card: the map's top-left corner; a group of three against the corner and one in a
    # walled row are starred 4 each; the other empty spaces run on off the picture. 8.
    diagram = """
    X . X . .
    . . X . .
    X X X X .
    X . . . X
    . X X X .
    """
    result = score("starlit-sigil", diagram, at="A1")
    assert result.points == 8
    assert labels(result.cells) == {"A2", "B1", "B2", "D2", "D3", "D4"}
    assert result.reason == "2 enclosed groups of exactly 3 empty spaces"
    assert result.groups == (cells("A2 B1 B2"), cells("D2 D3 D4"))


def test_starlit_sigil_on_an_almost_full_map():
    # Everything filled but three spaces: together (a line along the top) they score; apart,
    # they are three groups of one.
    assert score("starlit-sigil", full("X").erased(cells("A1 A2 A3"))).points == 4
    assert score("starlit-sigil", full("X").erased(cells("A1 A3 A5"))).points == 0


# --- The monster penalty on Heroes sheets ------------------------------------------------------


def test_a_destroyed_space_beside_an_empty_space_costs_nothing():
    assert monster_spaces(sheet_from("X", at="F6")) == 0


def test_a_hero_beside_an_empty_space_costs_nothing():
    assert monster_spaces(sheet_from("H", at="F6")) == 0


def test_a_monster_beside_empty_spaces_costs_each_once():
    # The monster F5 touches E5, G5, F4 (empty) and the destroyed F6; F7 is beside only the
    # destroyed space.
    spaces = monster_spaces(sheet_from("MX.", at="F5"))
    assert spaces == cells("E5 F4 G5")


# --- Base cards on Heroes-style sheets: hero and destroyed spaces ------------------------------

BASE_CARDS_ON_HEROES_SHEETS = [
    pytest.param("greengold-plains", 3, "HVF/.P.", "E5", id="greengold: hero, forest, farm"),
    pytest.param("greengold-plains", 0, "XVF/.P.", "E5", id="greengold: destroyed is no type"),
    pytest.param("greengold-plains", 0, "HVH/.H.", "E5", id="greengold: three heroes, one type"),
    pytest.param("treetower", 1, ".H./XFX/.H.", "E5", id="treetower: hero and destroyed fill"),
    pytest.param("the-cauldrons", 1, ".X./H.H/.X.", "E5", id="cauldrons: hero and destroyed fill"),
    pytest.param("borderlands", 6, "HXHXHXHXHXH", "F1", id="borderlands: a row of H and X"),
    pytest.param("lost-barony", 6, "HX/XH", "E5", id="lost barony: a 2x2 of H and X"),
    pytest.param("the-broken-road", 3, "X", "K1", id="broken road: K1 destroyed"),
    pytest.param("the-broken-road", 3, "H", "K1", id="broken road: K1 hero"),
    pytest.param("shoreside-expanse", 3, "HPX", "F5", id="shoreside: H and X are not water"),
    pytest.param("wildholds", 0, "VVVXVVV", "F3", id="wildholds: destroyed splits 3 + 3"),
    pytest.param("wildholds", 0, "VVVHVVV", "F3", id="wildholds: a hero splits 3 + 3"),
    pytest.param("great-city", 2, "HVVX", "F5", id="great city: H and X are not mountains"),
    pytest.param("stoneside-forest", 0, "^FXF^", "F3", id="stoneside: destroyed breaks the path"),
    pytest.param("sentinel-wood", 0, "XH", "A1", id="sentinel wood: H and X are not forest"),
    pytest.param("canal-lake", 0, "PXW/.H.", "F5", id="canal lake: nothing touches across X"),
    pytest.param("mages-valley", 0, "XW", "F5", id="mages valley: destroyed is no mountain"),
]


@pytest.mark.parametrize("card_id, points, diagram, at", BASE_CARDS_ON_HEROES_SHEETS)
def test_base_cards_on_heroes_sheets(card_id, points, diagram, at):
    assert score(card_id, diagram, at=at).points == points


# --- Properties of the 16 Heroes cards (hypothesis) -------------------------------------------

HEROES = [
    "faunlost-thicket", "deepwood", "heart-of-the-forest", "sleepy-valley",
    "craylund", "ulems-wallow", "clawsgrave-peaks", "jorekburg",
    "traylo-monastery", "outer-enclave", "gnomish-colony", "caravansary",
    "dwarvenholds", "silos", "banded-hills", "starlit-sigil",
]
# These count rows or columns apart, so turning rows into columns changes them.
ROW_OR_COLUMN_CARDS = {"faunlost-thicket", "sleepy-valley", "jorekburg", "silos", "banded-hills"}
SIDES = catalog().sheets
LETTERS = {t.value: t for t in DRAWN}
# 80 sheets each with the campaigns (CARTOREF_CAMPAIGN=1), a sample of 25 in the default run.
SETTINGS = settings(max_examples=80 if CAMPAIGN else 25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def test_every_heroes_card_has_a_rule():
    assert set(HEROES) <= set(RULES)


@st.composite
def sheets(draw, symbols: str = ".FVPWMXH") -> Sheet:
    """A random sheet: a random letter (or nothing) on every space its side leaves open."""
    side = draw(st.sampled_from(SIDES))
    letters = draw(st.lists(st.sampled_from(symbols), min_size=SIZE * SIZE, max_size=SIZE * SIZE))
    drawn = {t: 0 for t in DRAWN}
    printed = side.mountains | side.wastelands
    for cell, ch in zip(iter_cells(BOARD), letters):
        if ch != "." and not printed & cell.bit:
            drawn[LETTERS[ch]] |= cell.bit
    return Sheet(side, tuple(drawn[t] for t in DRAWN))


def flip_mask(mask: int) -> int:
    """A mask reflected top to bottom (row A <-> row K)."""
    out = 0
    for c in iter_cells(mask):
        out |= bit(SIZE - 1 - c.row, c.col)
    return out


@SETTINGS
@given(sheets())
def test_heroes_rules_score_at_least_zero_on_the_board_and_leave_the_sheet_alone(sheet):
    before = (sheet.side, sheet.drawn, sheet.filled)
    for card_id in HEROES:
        result = RULES[card_id](sheet)
        assert result.points >= 0, card_id
        assert result.cells & ~BOARD == 0, card_id
        assert all(g and g & ~BOARD == 0 for g in result.groups), card_id
        assert RULES[card_id](sheet) == result, card_id
        assert (sheet.side, sheet.drawn, sheet.filled) == before, card_id


@SETTINGS
@given(sheets())
def test_heroes_scored_cells_hold_what_the_card_scores(sheet):
    typed = (sheet.forest | sheet.village | sheet.farm | sheet.water | sheet.monster
             | sheet.hero | sheet.mountains)
    own = {
        "faunlost-thicket": sheet.forest, "deepwood": sheet.forest,
        "heart-of-the-forest": sheet.forest, "sleepy-valley": sheet.forest,
        "craylund": sheet.farm, "ulems-wallow": sheet.water, "clawsgrave-peaks": sheet.mountains,
        "jorekburg": sheet.farm | sheet.water, "traylo-monastery": sheet.village,
        "outer-enclave": sheet.empty, "gnomish-colony": sheet.village,
        "caravansary": sheet.village, "dwarvenholds": sheet.filled, "silos": sheet.filled,
        "banded-hills": typed, "starlit-sigil": sheet.empty,
    }
    assert set(own) == set(HEROES)
    for card_id, mask in own.items():
        assert RULES[card_id](sheet).cells & ~mask == 0, card_id


@SETTINGS
@given(sheets())
def test_heroes_rules_keep_their_score_in_a_mirror(sheet):
    left_right, top_bottom = transform(sheet, mirror_mask), transform(sheet, flip_mask)
    for card_id in HEROES:
        points = RULES[card_id](sheet).points
        assert RULES[card_id](left_right).points == points, card_id
        assert RULES[card_id](top_bottom).points == points, card_id


@SETTINGS
@given(sheets())
def test_heroes_rules_on_rows_and_columns_alike_keep_their_score_when_rows_turn_columns(sheet):
    moved = transform(sheet, anti_transpose_mask)
    for card_id in HEROES:
        if card_id not in ROW_OR_COLUMN_CARDS:
            assert RULES[card_id](moved).points == RULES[card_id](sheet).points, card_id


def test_the_row_and_column_cards_do_change_when_rows_turn_columns():
    sheet = sheet_from("FFF/VPW/.M.", at="A1")
    moved = transform(sheet, anti_transpose_mask)
    assert RULES["sleepy-valley"](sheet).points == 4
    assert RULES["sleepy-valley"](moved).points == 0
    row = sheet_from("FFF", at="F1")
    assert RULES["faunlost-thicket"](row).points == 2
    assert RULES["faunlost-thicket"](transform(row, anti_transpose_mask)).points == 6


# Slow, space-by-space versions of the cards whose rules use the cleverest bit arithmetic,
# written from the card text alone, to check the fast ones against.

def _grid(sheet: Sheet) -> dict[tuple[int, int], Terrain | None]:
    """What stands on each space (row, col), None when empty."""
    return {(c.row, c.col): sheet.terrain_at(c) for c in iter_cells(BOARD)}


def _around(r: int, c: int) -> list[tuple[int, int]]:
    """The spaces orthogonally next to (r, c) on the map."""
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE]


def _spaces(mask: int) -> set[tuple[int, int]]:
    """A mask as a set of (row, col)."""
    return {(c.row, c.col) for c in iter_cells(mask)}


def slow_faunlost(sheet: Sheet) -> int:
    """Faunlost Thicket: walk each column, keep the longest run."""
    g, best = _grid(sheet), 0
    for c in range(SIZE):
        run = 0
        for r in range(SIZE):
            run = run + 1 if g[r, c] is Terrain.FOREST else 0
            best = max(best, run)
    return 2 * best


def slow_ulems(sheet: Sheet) -> int:
    """Ulem's Wallow: count the farms beside each water."""
    g = _grid(sheet)
    return 4 * sum(1 for (r, c), t in g.items() if t is Terrain.WATER
                   and sum(g[p] is Terrain.FARM for p in _around(r, c)) >= 2)


def slow_starlit(sheet: Sheet) -> int:
    """Starlit Sigil: the empty clusters of exactly three."""
    return 4 * sum(1 for region in clusters(sheet.empty) if region.bit_count() == 3)


def slow_banded(sheet: Sheet) -> int:
    """Banded Hills: the set of terrain types of each row."""
    g = _grid(sheet)
    kinds = {Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER,
             Terrain.HERO, Terrain.MOUNTAIN}
    return 4 * sum(1 for r in range(SIZE) if len({g[r, c] for c in range(SIZE)} & kinds) >= 5)


def slow_caravansary(sheet: Sheet) -> int:
    """Caravansary: the rows and columns of each cluster, best one."""
    return max((len({r for r, _ in s}) + len({c for _, c in s})
                for s in map(_spaces, clusters(sheet.village))), default=0)


def slow_traylo(sheet: Sheet) -> int:
    """Traylo Monastery: look for four in a line from every space of each cluster."""
    def has_line(s: set[tuple[int, int]]) -> bool:
        return any(all((r, c + i) in s for i in range(4)) or all((r + i, c) in s for i in range(4))
                   for r, c in s)
    return 7 * sum(1 for s in map(_spaces, clusters(sheet.village)) if has_line(s))


def slow_gnomish(sheet: Sheet) -> int:
    """Gnomish Colony: look for a square from every space of each cluster."""
    def has_square(s: set[tuple[int, int]]) -> bool:
        return any({(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= s for r, c in s)
    return 6 * sum(1 for s in map(_spaces, clusters(sheet.village)) if has_square(s))


def slow_outer_enclave(sheet: Sheet) -> int:
    """Outer Enclave: the set of empty spaces around each cluster, best one."""
    g = _grid(sheet)
    return max((len({p for r, c in s for p in _around(r, c) if g[p] is None})
                for s in map(_spaces, clusters(sheet.village))), default=0)


def slow_clawsgrave(sheet: Sheet) -> int:
    """Clawsgrave Peaks: the mountains around each water cluster beside a farm."""
    g, peaks = _grid(sheet), set()
    for s in map(_spaces, clusters(sheet.water)):
        touching = {p for r, c in s for p in _around(r, c)}
        if any(g[p] is Terrain.FARM for p in touching):
            peaks |= {p for p in touching if g[p] is Terrain.MOUNTAIN}
    return 5 * len(peaks)


def slow_heart(sheet: Sheet) -> int:
    """Heart of the Forest: forests whose on-map sides are all forest."""
    g = _grid(sheet)
    return 2 * sum(1 for (r, c), t in g.items() if t is Terrain.FOREST
                   and all(g[p] is Terrain.FOREST for p in _around(r, c)))


SLOW = {
    "faunlost-thicket": slow_faunlost, "ulems-wallow": slow_ulems,
    "starlit-sigil": slow_starlit, "banded-hills": slow_banded, "caravansary": slow_caravansary,
    "traylo-monastery": slow_traylo, "gnomish-colony": slow_gnomish,
    "outer-enclave": slow_outer_enclave, "clawsgrave-peaks": slow_clawsgrave,
    "heart-of-the-forest": slow_heart,
}


@SETTINGS
@given(sheets(".FVPWMXH") | sheets(".VVVVF") | sheets(".XXXXF") | sheets(".FFFFV"))
def test_heroes_rules_agree_with_slow_space_by_space_counts(sheet):
    for card_id, slow in SLOW.items():
        assert RULES[card_id](sheet).points == slow(sheet), card_id


def test_slow_counts_check_a_known_map():
    # A guard on the slow versions themselves: the printed Starlit Sigil and Caravansary maps.
    starlit = sheet_from("X.X../..X../XXXX./X...X/.XXX.", at="A1")
    assert slow_starlit(starlit) == 8
    assert slow_caravansary(sheet_from("..VV/VVV./V...", at="E3")) == 7
