"""Checking drawings: shapes in every orientation, filled spaces, terrain, ruins, the single-space
fallback, coins, and exhaustive placement counts checked against a brute force written here."""

from __future__ import annotations

import pytest
from maps import PLAIN, SIDE_A_BLANK, SIDE_A_RUINS_SHUT_IN, cells, labels, sheet_from

from cartoref.cards import AmbushCard, catalog
from cartoref.errors import IllegalPlacement
from cartoref.grid import BOARD, Cell, Sheet, SheetSide, Terrain, iter_cells, mask_of
from cartoref.moves import add_coins, check_drawing, fits
from cartoref.notation import parse_spaces as parse_cells
from cartoref.shapes import Shape, placements

# The shapes as printed on the cards (docs/sources.md, explore and ambush cards), by hand:
# (card id, option) -> (drawing, distinct orientations by inspection, box height, box width).
# "-" is a gap space, not part of the shape.
SHAPES = {
    ("great-river", 1): ("X/X/X", 2, 3, 1),  # I-tromino: upright or lying
    ("great-river", 2): ("..X/.XX/XX.", 4, 3, 3),  # W: symmetric in a diagonal, 4 turns
    ("farmland", 1): ("X/X", 2, 2, 1),  # domino
    ("farmland", 2): (".X./XXX/.X.", 1, 3, 3),  # plus: every turn and mirror is itself
    ("hamlet", 1): ("X./XX", 4, 2, 2),  # L-tromino: a mirror is a turn
    ("hamlet", 2): ("XXX/XX.", 8, 2, 3),  # P: no symmetry
    ("forgotten-forest", 1): ("X./.X", 2, 2, 2),  # diagonal pair: \ or /
    ("forgotten-forest", 2): ("X./XX/.X", 4, 3, 2),  # S tetromino: 2 turns x 2 mirrors
    ("hinterland-stream", 1): ("XXX/X../X..", 4, 3, 3),  # V: symmetric in a diagonal
    ("homestead", 1): ("X./XX/X.", 4, 3, 2),  # T tetromino: mirror symmetric
    ("orchard", 1): ("XXX/..X", 8, 2, 3),  # L tetromino
    ("treetop-village", 1): ("..XX/XXX.", 8, 2, 4),  # N pentomino
    ("marshlands", 1): ("X../XXX/X..", 4, 3, 3),  # T pentomino
    ("fishing-village", 1): ("XXXX", 2, 1, 4),  # I tetromino
    ("rift-lands", 1): ("X", 1, 1, 1),
    ("goblin-attack", 1): ("X../.X./..X", 2, 3, 3),  # diagonal of three
    ("bugbear-assault", 1): ("X-X/X-X", 2, 2, 3),  # two upright pairs or two lying pairs
    ("kobold-onslaught", 1): ("X./XX/X.", 4, 3, 2),  # T tetromino
    ("gnoll-raid", 1): ("XX/X./XX", 4, 3, 2),  # U pentomino
}

# Printed spaces of the two sides, copied by hand (docs/sources.md, map sheet sides).
SIDES = {
    "A": {"mountains": "B4 C9 F6 I3 J8", "wastelands": "", "ruins": "B6 C2 C10 I2 I10 J6"},
    "B": {"mountains": "B9 C4 H6 I10 J3", "wastelands": "D6 E5 E6 F5 F6 F7 G6",
          "ruins": "B7 C3 E7 G2 H9 J4"},
}


def card(card_id: str):
    cat = catalog()
    return next(c for c in [*cat.explore, *cat.ambushes] if c.id == card_id)


def option_shape(card_id: str, option: int) -> Shape:
    c = card(card_id)
    return c.shape if isinstance(c, AmbushCard) else c.options[option - 1].shape


def drawn_cells(drawing: str) -> set[tuple[int, int]]:
    rows = enumerate(drawing.split("/"))
    return {(r, c) for r, row in rows for c, ch in enumerate(row) if ch == "X"}


# --- an independent geometry, no bit masks and nothing from shapes.py --------------------------

def normalise(points) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in points)
    c0 = min(c for _, c in points)
    return frozenset((r - r0, c - c0) for r, c in points)


def eight_transforms(points) -> list[frozenset[tuple[int, int]]]:
    """The four quarter turns of the shape and of its mirror image (with repeats)."""
    out = []
    for mirrored in (False, True):
        pts = {(r, -c) if mirrored else (r, c) for r, c in points}
        for _ in range(4):
            pts = {(c, -r) for r, c in pts}
            out.append(normalise(pts))
    return out


def rc(label: str) -> tuple[int, int]:
    return "ABCDEFGHIJK".index(label[0]), int(label[1:]) - 1


def brute_force(points, filled: set, need: set | None) -> set[frozenset]:
    """Every distinct set of spaces the shape can cover: 8 transforms x 121 anchors."""
    found = set()
    for t in eight_transforms(points):
        for r in range(11):
            for c in range(11):
                placed = frozenset((r + dr, c + dc) for dr, dc in t)
                free = all(0 <= x < 11 and 0 <= y < 11 and (x, y) not in filled for x, y in placed)
                if free and (need is None or placed & need):
                    found.add(placed)
    return found


def to_mask(points) -> int:
    return mask_of(Cell(r, c) for r, c in points)


def plain_with(mountains: str = "") -> Sheet:
    return Sheet.blank(SheetSide("t", "Test", "T", cells(mountains) if mountains else 0, 0, 0))


# --- the card data is the printed shapes --------------------------------------------------------

@pytest.mark.parametrize("key", list(SHAPES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_card_shapes_are_the_printed_ones(key):
    drawing, orientations, h, w = SHAPES[key]
    shape = option_shape(*key)
    assert set(shape.cells) == drawn_cells(drawing)
    assert (shape.height, shape.width) == (h, w)
    assert len(set(eight_transforms(drawn_cells(drawing)))) == orientations


def test_every_card_with_shapes_is_in_the_table():
    cat = catalog()
    listed = {k[0] for k in SHAPES}
    explore = {c.id for c in cat.explore if c.kind == "explore" and c.set == "base"}
    assert listed == explore | {a.id for a in cat.ambushes if a.set == "base"}


# --- exhaustive counts (perft-style) ------------------------------------------------------------

@pytest.mark.parametrize("key", list(SHAPES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_count_on_empty_plain_sheet_is_orientations_times_positions(key):
    _, orientations, h, w = SHAPES[key]
    # An h x w box has (12 - h) * (12 - w) positions on an 11 x 11 map; a turned box (w x h)
    # has as many, so every orientation contributes the same number.
    expected = orientations * (12 - h) * (12 - w)
    f = fits(Sheet.blank(PLAIN), card(key[0]))
    assert f.options[key[1] - 1].placements == expected
    assert not f.fallback


def test_a_few_counts_worked_out_in_full():
    blank = Sheet.blank(PLAIN)
    assert fits(blank, card("hamlet")).options[0].placements == 400  # 4 x 10 x 10
    assert fits(blank, card("great-river")).options[0].placements == 198  # 2 x 9 x 11
    assert fits(blank, card("farmland")).options[1].placements == 81  # 1 x 9 x 9
    assert fits(blank, card("treetop-village")).options[0].placements == 640  # 8 x 10 x 8
    assert fits(blank, card("rift-lands")).options[0].placements == 121


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("ruins", [False, True], ids=["free", "ruins"])
def test_counts_on_printed_sides_match_brute_force(side, ruins):
    printed = SIDES[side]
    filled = {rc(x) for x in (printed["mountains"] + " " + printed["wastelands"]).split()}
    need = {rc(x) for x in printed["ruins"].split()} if ruins else None
    sheet = Sheet.blank(catalog().sheet_side(side))
    for (card_id, option), (drawing, *_rest) in SHAPES.items():
        c = card(card_id)
        bound = None if isinstance(c, AmbushCard) else need
        expected = brute_force(drawn_cells(drawing), filled, bound)
        got = fits(sheet, c, ruins).options[option - 1]
        assert got.placements == len(expected), (card_id, option)
        if expected:
            assert frozenset((x.row, x.col) for x in iter_cells(got.example)) in expected


def _grow(polys: set[frozenset]) -> set[frozenset]:
    out = set()
    for p in polys:
        for r, c in p:
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n not in p:
                    out.add(normalise(p | {n}))
    return out


@pytest.mark.parametrize("size, free, fixed", [(4, 5, 19), (5, 12, 63)])
def test_polyomino_counts_from_the_shape_code(size, free, fixed):
    polys = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        polys = _grow(polys)
    assert len(polys) == fixed  # fixed: distinct up to translation
    shapes = [Shape(p) for p in polys]
    canon = {min(tuple(sorted(o.cells)) for o in s.orientations()) for s in shapes}
    assert len(canon) == free
    assert sum(len(Shape(frozenset(k)).orientations()) for k in canon) == fixed
    for s in shapes:
        # placements() yields each distinct set of spaces once.
        spots = list(placements(s, BOARD))
        assert len(spots) == len(set(spots))


# --- legal and illegal drawings of every shape in every orientation -----------------------------

def _orientation_cases():
    for key, (drawing, *_rest) in SHAPES.items():
        for t in sorted(set(eight_transforms(drawn_cells(drawing))), key=sorted):
            yield pytest.param(key, t, id=f"{key[0]}-{key[1]}-{sorted(t)}")


@pytest.mark.parametrize("key, oriented", list(_orientation_cases()))
def test_every_orientation_is_legal_and_refused_where_it_should_be(key, oriented):
    card_id, option = key
    c = card(card_id)
    terrain = Terrain.MONSTER if isinstance(c, AmbushCard) else c.terrains[-1]
    placed = {(r + 4, cc + 3) for r, cc in oriented}
    mask = to_mask(placed)

    d = check_drawing(plain_with(), c, mask, terrain)
    assert d.option == option and not d.fallback
    assert d.after.mask(terrain) == mask

    # The same spaces with a mountain under one of them.
    r, cc = min(placed)
    label = Cell(r, cc).label
    with pytest.raises(IllegalPlacement, match=f"{label} is already filled \\(mountain\\)"):
        check_drawing(plain_with(label), c, mask, terrain)

    # A terrain the card does not offer.
    if not isinstance(c, AmbushCard) and len(c.terrains) < 5:
        other = next(t for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER)
                     if t not in c.terrains)
        with pytest.raises(IllegalPlacement, match=f"{other.word} is not a terrain of {c.name}"):
            check_drawing(plain_with(), c, mask, other)
    if isinstance(c, AmbushCard):
        with pytest.raises(IllegalPlacement,
                           match=f"forest is not a terrain of {c.name} \\(monster\\)"):
            check_drawing(plain_with(), c, mask, Terrain.FOREST)

    # One space moved far away: no longer the shape (a one-space shape stays one).
    if len(placed) > 1:
        moved = to_mask((placed - {max(placed)}) | {(10, 10)})
        with pytest.raises(IllegalPlacement,
                           match=r"is not a shape of .* in any rotation or mirror"):
            check_drawing(plain_with(), c, moved, terrain)


def test_terrain_may_be_left_out_only_when_the_card_offers_one():
    d = check_drawing(plain_with(), card("hamlet"), cells("A1 A2 B1"))
    assert d.terrain is Terrain.VILLAGE
    goblin = check_drawing(plain_with(), card("goblin-attack"), cells("A1 B2 C3"))
    assert goblin.terrain is Terrain.MONSTER
    with pytest.raises(IllegalPlacement, match="choose a terrain for Orchard: forest or farm"):
        check_drawing(plain_with(), card("orchard"), cells("A1 A2 A3 B3"))


def test_gap_spaces_are_not_part_of_the_shape():
    bugbear = card("bugbear-assault")
    # Gap spaces filled (a mountain in one): still legal, they are not drawn.
    d = check_drawing(plain_with("A2"), bugbear, cells("A1 B1 A3 B3"))
    assert labels(d.after.monster) == {"A1", "B1", "A3", "B3"}
    with pytest.raises(IllegalPlacement, match="gap spaces are not part of the shape"):
        check_drawing(plain_with(), bugbear, cells("A1 A2 A3 B1 B2 B3"))


def test_ruins_card_has_no_shape():
    with pytest.raises(IllegalPlacement, match="Temple Ruins is a ruins card") as e:
        check_drawing(plain_with(), card("temple-ruins"), cells("A1"), Terrain.FOREST)
    # The advice on how to apply the obligation is the shell's to give, by this code.
    assert e.value.code == "ruins-card" and e.value.card == "temple-ruins"
    assert "--" not in str(e.value)


def test_refusal_lists_every_problem():
    with pytest.raises(IllegalPlacement) as e:
        check_drawing(plain_with("A1 A2"), card("hamlet"), cells("A1 A2 B2"), Terrain.WATER)
    text = str(e.value)
    assert "A1 is already filled (mountain)" in text
    assert "A2 is already filled (mountain)" in text
    assert "water is not a terrain of Hamlet (village)" in text
    assert (e.value.code, e.value.card, e.value.spaces) == ("filled", "hamlet", cells("A1 A2 B2"))


# --- spaces typed by the player -----------------------------------------------------------------

def test_parse_cells_forms():
    assert parse_cells("B4,B5,C5") == parse_cells("b4 b5 c5") == parse_cells(" B4, b5 ,C5 ")
    assert parse_cells("B4,B5,C5") == cells("B4 B5 C5")


@pytest.mark.parametrize("text, message", [
    ("B4,B4", "B4 is named twice"),
    ("b4 B4", "B4 is named twice"),
    ("L3", "L3 is off the map"),
    ("A12", "A12 is off the map"),
    ("A0", "A0 is off the map"),
    ("4B", "'4B' is not a space"),
    ("", "no spaces named"),
])
def test_parse_cells_refusals(text, message):
    with pytest.raises(IllegalPlacement, match=message) as e:
        parse_cells(text)
    assert e.value.code == "bad-spaces"


# --- the single-space fallback ------------------------------------------------------------------

# Every space forest but three isolated ones: no two empty spaces touch, not even at a corner.
ISOLATED = """
. F . F . F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
F F F F F F F F F F F
"""


def test_fallback_allowed_when_nothing_fits():
    sheet = sheet_from(ISOLATED)
    hamlet = card("hamlet")
    assert fits(sheet, hamlet).fallback
    d = check_drawing(sheet, hamlet, cells("A3"), Terrain.VILLAGE)
    assert d.fallback and d.option is None and d.coins == 0
    # Any terrain but mountain, monster included (French and Japanese texts).
    assert check_drawing(sheet, hamlet, cells("A1"), Terrain.MONSTER).after.monster == cells("A1")
    assert check_drawing(sheet, hamlet, cells("A5"), Terrain.WATER).after.water == cells("A5")
    # The stricter reading: one of the card's terrains.
    with pytest.raises(IllegalPlacement,
                       match="the single-space fallback is drawn with village, not monster"):
        check_drawing(sheet, hamlet, cells("A1"), Terrain.MONSTER, strict_fallback=True)
    assert check_drawing(sheet, hamlet, cells("A1"), Terrain.VILLAGE, strict_fallback=True).fallback
    # The fallback space must still be empty.
    with pytest.raises(IllegalPlacement, match="A2 is already filled \\(forest\\)"):
        check_drawing(sheet, hamlet, cells("A2"), Terrain.VILLAGE)


def test_fallback_is_one_space_only():
    with pytest.raises(IllegalPlacement,
                       match="single-space fallback applies: name one empty space"):
        check_drawing(sheet_from(ISOLATED), card("hamlet"), cells("A1 A2 B1"), Terrain.VILLAGE)


def test_fallback_refused_while_a_shape_fits_with_an_example():
    # A5 and B6 touch at a corner: Forgotten Forest's coin option fits there, nowhere else.
    row_b = "\nF F F F F . F F F F F\n"
    sheet = sheet_from(ISOLATED.replace("\nF F F F F F F F F F F\n", row_b, 1))
    forest = card("forgotten-forest")
    f = fits(sheet, forest)
    assert [o.placements for o in f.options] == [1, 0] and not f.fallback
    with pytest.raises(IllegalPlacement, match="option 1 fits, for example on A5, B6"):
        check_drawing(sheet, forest, cells("A1"), Terrain.FOREST)
    assert check_drawing(sheet, forest, cells("A5 B6"), Terrain.FOREST).coins == 1


def test_fallback_refused_on_a_blank_sheet_and_the_example_is_legal():
    sheet = Sheet.blank(catalog().sheet_side("A"))
    with pytest.raises(IllegalPlacement,
                       match="a single space is allowed only when no shape of Hamlet") as e:
        check_drawing(sheet, card("hamlet"), cells("E5"), Terrain.VILLAGE)
    example = str(e.value).split("for example on ")[1].strip()
    assert check_drawing(sheet, card("hamlet"), parse_cells(example), Terrain.VILLAGE).option == 1


def test_ambush_fallback_is_one_monster_space():
    # Three empty spaces in a row, none on a diagonal: Goblin Attack fits nowhere.
    sheet = sheet_from(ISOLATED)
    goblin = card("goblin-attack")
    assert fits(sheet, goblin).fallback
    d = check_drawing(sheet, goblin, cells("A5"))
    assert d.fallback and d.after.monster == cells("A5")
    with pytest.raises(IllegalPlacement, match="drawn with monster, not forest"):
        check_drawing(sheet, goblin, cells("A5"), Terrain.FOREST)
    # On a blank sheet the diagonal fits: a single monster space is refused.
    with pytest.raises(IllegalPlacement, match="option 1 fits"):
        check_drawing(Sheet.blank(PLAIN), goblin, cells("A5"))


# --- the ruins obligation -----------------------------------------------------------------------

def test_ruins_obligation_requires_an_empty_ruins_space():
    sheet = sheet_from(SIDE_A_BLANK, "A")
    hamlet = card("hamlet")
    with pytest.raises(IllegalPlacement, match="covers no empty ruins space") as e:
        check_drawing(sheet, hamlet, cells("E5 E6 F5"), Terrain.VILLAGE, ruins=True)
    assert "B6, C2, C10, I2, I10, J6" in str(e.value)
    d = check_drawing(sheet, hamlet, cells("B2 C2 C3"), Terrain.VILLAGE, ruins=True)
    assert d.option == 1
    with pytest.raises(IllegalPlacement,
                       match="a single space is allowed only when no shape of Hamlet can be drawn "
                             "covering an empty ruins space"):
        check_drawing(sheet, hamlet, cells("E5"), Terrain.VILLAGE, ruins=True)
    # Without the obligation the same drawing is fine.
    assert check_drawing(sheet, hamlet, cells("E5 E6 F5"), Terrain.VILLAGE).option == 1


def test_ruins_obligation_does_not_apply_to_monsters():
    sheet = sheet_from(SIDE_A_BLANK, "A")
    assert check_drawing(sheet, card("goblin-attack"), cells("D5 E6 F7"), ruins=True).option == 1


def test_fallback_when_every_ruins_space_is_filled():
    sheet = sheet_from(SIDE_A_BLANK.replace("r", "f"), "A")
    hamlet = card("hamlet")
    f = fits(sheet, hamlet, ruins=True)
    assert f.fallback and [o.placements for o in f.options] == [0, 0]
    assert not fits(sheet, hamlet).fallback
    d = check_drawing(sheet, hamlet, cells("E5"), Terrain.MONSTER, ruins=True)
    assert d.fallback
    with pytest.raises(IllegalPlacement,
                       match="under the ruins obligation no shape of Hamlet can cover"):
        check_drawing(sheet, hamlet, cells("E5 E6 F5"), Terrain.VILLAGE, ruins=True)


def test_fallback_when_empty_ruins_cannot_be_reached():
    sheet = sheet_from(SIDE_A_RUINS_SHUT_IN, "A")
    hamlet = card("hamlet")
    assert fits(sheet, hamlet, ruins=True).fallback
    assert not fits(sheet, hamlet).fallback
    # Any empty space, not only ruins, any terrain but mountain.
    assert check_drawing(sheet, hamlet, cells("E5"), Terrain.WATER, ruins=True).fallback
    # The stricter reading still allows any terrain when the ruins obligation caused the fallback.
    assert check_drawing(sheet, hamlet, cells("E5"), Terrain.WATER, ruins=True,
                         strict_fallback=True).fallback
    # Rift Lands' single space can reach a shut-in ruins space: then it must.
    rift = card("rift-lands")
    f = fits(sheet, rift, ruins=True)
    assert f.options[0].placements == 6 and not f.fallback
    assert check_drawing(sheet, rift, cells("C2"), Terrain.FARM, ruins=True).option == 1
    with pytest.raises(IllegalPlacement, match="covers no empty ruins space"):
        check_drawing(sheet, rift, cells("E5"), Terrain.FARM, ruins=True)


def test_rift_lands_one_space_of_its_terrains():
    rift = card("rift-lands")
    sheet = Sheet.blank(PLAIN)
    for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER):
        assert check_drawing(sheet, rift, cells("F6"), t).option == 1
    with pytest.raises(IllegalPlacement, match="is not a shape of Rift Lands"):
        check_drawing(sheet, rift, cells("F6 F7"), Terrain.FOREST)


# --- coins --------------------------------------------------------------------------------------

def test_coin_shapes():
    sheet = Sheet.blank(PLAIN)
    river = card("great-river")
    assert check_drawing(sheet, river, cells("A1 A2 A3")).coins == 1
    assert check_drawing(sheet, river, cells("A1 A2 A3")).coin_reasons() == ["coin shape"]
    assert check_drawing(sheet, river, cells("A3 B2 B3 C1 C2")).coins == 0
    assert check_drawing(sheet, card("homestead"), cells("A1 B1 B2 C1"), Terrain.FARM).coins == 0


TWO_MOUNTAINS = """
. . . . . . .
. . F . F . .
. F ^ . ^ F .
. . F . F . .
"""


def test_one_space_surrounds_two_mountains_at_once():
    sheet = sheet_from(TWO_MOUNTAINS, at="A1")
    d = check_drawing(sheet, card("rift-lands"), cells("C4"), Terrain.WATER)
    assert d.coins == 2
    assert labels(d.mountains) == {"C3", "C5"}
    assert d.coin_reasons() == ["surrounded the mountain at C3", "surrounded the mountain at C5"]
    # With a coin shape the coins add up.
    assert check_drawing(sheet, card("farmland"), cells("C4 D4")).coins == 3


def test_mountain_surrounded_by_a_monster_earns_the_sheet_owner_a_coin():
    sheet = sheet_from(""". F . . ./F ^ F . ./. . . . .""", at="A1")
    d = check_drawing(sheet, card("goblin-attack"), cells("C2 D3 E4"))
    assert d.coins == 1 and labels(d.mountains) == {"B2"}


def test_mountain_coin_only_the_first_time():
    sheet = sheet_from(""". F . ./F ^ F ./. F . .""", at="A1")
    assert sheet.surrounded_mountains() == cells("B2")
    d = check_drawing(sheet, card("rift-lands"), cells("A1"), Terrain.FOREST)
    assert d.coins == 0


def test_fallback_earns_a_mountain_coin_but_no_shape_coin():
    # Forest everywhere but the four neighbours of the mountain at B2.
    sheet = sheet_from("""
    F . F F F F F F F F F
    . ^ . F F F F F F F F
    F . F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    F F F F F F F F F F F
    """)
    # No three empty spaces in a line, no five together: Great River fits nowhere.
    river = card("great-river")
    assert fits(sheet, river).fallback
    ringed = sheet.with_drawn(cells("A2 B1 B3"), Terrain.FARM)
    d = check_drawing(ringed, river, cells("C2"), Terrain.WATER)
    assert d.fallback and d.coins == 1 and d.coin_reasons() == ["surrounded the mountain at B2"]


def test_coin_track_is_capped_and_says_how_many_were_lost():
    # The rules give the count of coins that could not be marked; the warning's words are the
    # presentation's.
    assert add_coins(5, 2, 14) == (7, 0)
    assert add_coins(12, 2, 14) == (14, 0)
    total, lost = add_coins(13, 3, 14)
    assert total == 14 and lost == 2
    assert add_coins(14, 1, 14)[0] == 14
