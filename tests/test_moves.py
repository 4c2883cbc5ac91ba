"""The generator of legal drawings (cartoref.moves): every distinct legal drawing exactly once,
checked against a brute force written here and against counts worked out by hand; the fallback
only when nothing fits; the ruins obligation; fits and check_drawing agreeing with it; the
Drawing value; and the rules package standing apart from files and commands."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from maps import PLAIN, SIDE_A_BLANK, SIDE_A_RUINS_SHUT_IN, cells, labels, sheet_from

from cartoref import moves
from cartoref.cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, ShapeOption, catalog
from cartoref.errors import IllegalPlacement
from cartoref.grid import BOARD, SIZE, Cell, Sheet, Terrain, bit, iter_cells
from cartoref.moves import (
    Drawing,
    card_terrains,
    check_drawing,
    fits,
    legal_drawings,
    solo_drawing,
)
from cartoref.moves import legal as legal_module
from cartoref.shapes import Shape, placements

CAT = catalog()
DRAWING_CARDS = [c for c in CAT.explore if c.kind == "explore"] + list(CAT.ambushes)
SIDE_A = CAT.sheet_side("A")
SIDE_B = CAT.sheet_side("B")


def card(card_id: str):
    return next(c for c in [*CAT.explore, *CAT.ambushes] if c.id == card_id)


def key(d: Drawing) -> tuple[int, Terrain, int | None]:
    return d.mask, d.terrain, d.option


# --- an independent brute force: no bit masks, nothing from shapes.py or cartoref.moves ---------

def normalise(points) -> frozenset[tuple[int, int]]:
    r0 = min(r for r, _ in points)
    c0 = min(c for _, c in points)
    return frozenset((r - r0, c - c0) for r, c in points)


def transforms(points) -> set[frozenset[tuple[int, int]]]:
    """The shape in its four quarter turns, and the same for its mirror image."""
    out = set()
    for mirrored in (False, True):
        pts = {(r, -c) if mirrored else (r, c) for r, c in points}
        for _ in range(4):
            pts = {(c, -r) for r, c in pts}
            out.add(normalise(pts))
    return out


def printed_shapes(c) -> list[tuple[frozenset[tuple[int, int]], bool]]:
    """(offsets, coin) per option, read from the card record's data only."""
    if isinstance(c, AmbushCard):
        return [(frozenset(c.shape.cells), False)]
    return [(frozenset(o.shape.cells), o.coin) for o in c.options]


Key = tuple[frozenset[tuple[int, int]], Terrain, "int | None"]


def brute_force(sheet: Sheet, c, ruins: bool, strict: bool) -> set[Key]:
    """Every (spaces, terrain, option) the rules allow, by trying 8 transforms x 121 anchors."""
    every = [(r, cc) for r in range(SIZE) for cc in range(SIZE)]
    filled = {p for p in every if sheet.terrain_at(Cell(*p)) is not None}
    ruins_spaces = {p for p in every if sheet.side.ruins & bit(*p)}
    monster = isinstance(c, AmbushCard)
    need = ruins_spaces - filled if ruins and not monster else None
    terrains = [Terrain.MONSTER] if monster else list(c.terrains)

    def spots(points, need):
        found = set()
        for t in transforms(points):
            for r, cc in every:
                placed = frozenset((r + dr, cc + dc) for dr, dc in t)
                on_map = all(0 <= x < SIZE and 0 <= y < SIZE for x, y in placed)
                if on_map and not placed & filled and (need is None or placed & need):
                    found.add(placed)
        return found

    out = set()
    for i, (points, _coin) in enumerate(printed_shapes(c), 1):
        for placed in spots(points, need):
            out |= {(placed, t, i) for t in terrains}
    if out:
        return out
    # The single-space fallback (docs/rulings.md): any terrain but mountain; a monster for an
    # ambush; strictly, the card's terrains unless only the ruins obligation caused it.
    if monster:
        allowed = [Terrain.MONSTER]
    elif strict and not any(spots(p, None) for p, _ in printed_shapes(c)):
        allowed = list(c.terrains)
    else:
        allowed = [Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER]
    return {(frozenset({p}), t, None) for p in every if p not in filled for t in allowed}


def as_points(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset((c.row, c.col) for c in iter_cells(mask))


# --- hand-made sheets ---------------------------------------------------------------------------

# Every space forest but three isolated ones: no two empty spaces touch, not even at a corner.
ISOLATED = "/".join([". F . F . F F F F F F"] + ["F F F F F F F F F F F"] * 10)

# Side B half drawn: a corridor, a wide room and a few pockets.
SIDE_B_MIXED = """
F F F . . . V V P P P
F . . . . . r . ^ P .
. . r ^ V . . . . . .
W W W W . # . . . . .
. . . . # # v . . . .
. . . . # # # . . . .
. r . . . # . . . . .
. . . . . ^ . . r . .
. . . . . . . . P ^ W
. . ^ r . . . . . . .
M M M . . F F F F F F
"""

SHEETS = {
    "plain-empty": Sheet.blank(PLAIN),
    "A-empty": Sheet.blank(SIDE_A),
    "B-empty": Sheet.blank(SIDE_B),
    "isolated": sheet_from(ISOLATED),
    "A-ruins-shut-in": sheet_from(SIDE_A_RUINS_SHUT_IN, "A"),
    "A-ruins-filled": sheet_from(SIDE_A_BLANK.replace("r", "f"), "A"),
    "B-mixed": sheet_from(SIDE_B_MIXED, "B"),
    "two-mountains": sheet_from(". . . . . . ./. . F . F . ./. F ^ . ^ F ./. . F . F . .", at="A1"),
}


# Free and ruins-strict in the default run; the two between them with the campaigns.
@pytest.mark.parametrize("ruins, strict",
                         [(False, False), pytest.param(True, False, marks=pytest.mark.campaign), (True, True),
                          pytest.param(False, True, marks=pytest.mark.campaign)],
                         ids=["free", "ruins", "ruins-strict", "strict"])
@pytest.mark.parametrize("name", list(SHEETS))
def test_generator_is_the_brute_force(name, ruins, strict):
    sheet = SHEETS[name]
    for c in DRAWING_CARDS:
        got = list(legal_drawings(sheet, c, ruins=ruins, strict_fallback=strict))
        keys = [(as_points(d.mask), d.terrain, d.option) for d in got]
        assert len(keys) == len(set(keys)), c.id  # no drawing twice
        assert set(keys) == brute_force(sheet, c, ruins, strict), c.id
        for d in got:
            assert d.before is sheet and d.card is c
            coin = d.option is not None and printed_shapes(c)[d.option - 1][1]
            assert d.coin_shape == coin


# --- counts worked out by hand ------------------------------------------------------------------

@pytest.mark.parametrize("card_id, expected", [
    ("rift-lands", 121 * 5),  # one space anywhere, in any of its five terrains
    ("orchard", 8 * 10 * 9 * 2),  # L tetromino: 8 orientations of a 2 x 3 box, two terrains
    ("treetop-village", 8 * 10 * 8 * 2),  # N pentomino in a 2 x 4 box, two terrains
    ("hamlet", 4 * 10 * 10 + 8 * 10 * 9),  # the L tromino (coin) and the P pentomino, village
    ("great-river", 2 * 9 * 11 + 4 * 9 * 9),  # I tromino (coin) and W pentomino, water
    ("fishing-village", 2 * 8 * 11 * 2),  # I tetromino lying or upright, two terrains
    ("goblin-attack", 2 * 9 * 9),  # the diagonal of three, either way, monster only
    ("bugbear-assault", 2 * 10 * 9),  # two pairs with a gap: lying or upright
])
def test_counts_on_an_empty_plain_sheet(card_id, expected):
    got = list(legal_drawings(Sheet.blank(PLAIN), card(card_id)))
    assert len(got) == expected
    assert not any(d.fallback for d in got)


def test_worst_card_on_an_empty_sheet_is_orchard():
    counts = {c.id: sum(1 for _ in legal_drawings(Sheet.blank(PLAIN), c)) for c in DRAWING_CARDS}
    assert max(counts, key=counts.__getitem__) == "orchard" and counts["orchard"] == 1440


def test_hamlet_under_the_ruins_obligation_on_side_a_by_hand():
    # An L tromino covering a ruins space: 4 boxes of 2 x 2 hold the space, 3 ways each, 12 in
    # all, fewer next to a mountain: C10 (C9 mountain) and I2 (I3 mountain) 8 each, every other
    # ruins space 12. No L reaches two ruins spaces. 12 + 12 + 8 + 8 + 12 + 12 = 64.
    every = legal_drawings(Sheet.blank(SIDE_A), card("hamlet"), ruins=True)
    got = [d for d in every if d.option == 1]
    assert len(got) == 64
    assert all(d.mask & SIDE_A.ruins for d in got)


def test_fallback_counts_by_hand():
    sheet = sheet_from(ISOLATED)  # three empty spaces: A1, A3, A5
    hamlet = card("hamlet")
    got = list(legal_drawings(sheet, hamlet))
    assert len(got) == 3 * 5
    assert all(d.fallback and d.option is None and not d.coin_shape for d in got)
    assert {labels(d.mask).pop() for d in got} == {"A1", "A3", "A5"}
    assert {d.terrain for d in got} == set(PLAYABLE_TERRAINS)
    strict = list(legal_drawings(sheet, hamlet, strict_fallback=True))
    assert [(labels(d.mask), d.terrain) for d in strict] == [
        ({"A1"}, Terrain.VILLAGE), ({"A3"}, Terrain.VILLAGE), ({"A5"}, Terrain.VILLAGE)]
    goblin = list(legal_drawings(sheet, card("goblin-attack"), strict_fallback=True))
    assert len(goblin) == 3 and {d.terrain for d in goblin} == {Terrain.MONSTER}


def test_rift_lands_under_the_ruins_obligation():
    sheet = SHEETS["A-ruins-shut-in"]
    got = list(legal_drawings(sheet, card("rift-lands"), ruins=True))
    # Its one space reaches every empty ruins space: 6 spaces x 5 terrains, no fallback.
    assert len(got) == 30 and {d.mask for d in got} == {c.bit for c in iter_cells(SIDE_A.ruins)}
    # With every ruins space drawn on, its space goes anywhere: the fallback, any terrain.
    filled = SHEETS["A-ruins-filled"]
    got = list(legal_drawings(filled, card("rift-lands"), ruins=True))
    assert got and all(d.fallback for d in got)
    assert len(got) == filled.empty.bit_count() * 5


# --- the rules the generator follows ------------------------------------------------------------

@pytest.mark.parametrize("name", list(SHEETS))
def test_fallback_only_when_no_shape_fits(name):
    sheet = SHEETS[name]
    for c in DRAWING_CARDS:
        for ruins in (False, True):
            got = list(legal_drawings(sheet, c, ruins=ruins))
            shaped = [d for d in got if not d.fallback]
            fallback = [d for d in got if d.fallback]
            assert not (shaped and fallback)
            assert bool(fallback) == (not shaped and bool(sheet.empty))
            for d in fallback:
                assert d.mask.bit_count() == 1 and d.mask & sheet.empty
                assert d.terrain is not Terrain.MOUNTAIN


@pytest.mark.parametrize("name", list(SHEETS))
def test_ruins_obligation(name):
    sheet = SHEETS[name]
    empty_ruins = sheet.ruins & sheet.empty
    for c in DRAWING_CARDS:
        free = {key(d) for d in legal_drawings(sheet, c)}
        bound = {key(d) for d in legal_drawings(sheet, c, ruins=True)}
        if isinstance(c, AmbushCard):
            assert bound == free  # the obligation passes on to the next explore card
            continue
        shaped = {k for k in bound if k[2] is not None}
        assert shaped == {k for k in free if k[2] is not None and k[0] & empty_ruins}


@pytest.mark.parametrize("name", list(SHEETS))
def test_fits_counts_what_the_generator_yields(name):
    sheet = SHEETS[name]
    for c in DRAWING_CARDS:
        for ruins in (False, True):
            f = fits(sheet, c, ruins)
            got = list(legal_drawings(sheet, c, ruins=ruins))
            for o in f.options:
                masks = list(dict.fromkeys(d.mask for d in got if d.option == o.option))
                assert o.placements == len(masks)
                assert o.example == (masks[0] if masks else 0)
            assert f.fallback == (not any(d.option is not None for d in got))


def test_two_options_with_the_same_spaces_are_two_drawings():
    line = Shape.parse("XX")
    twin = ExploreCard("twin", 99, "Twin", "explore", 1, (Terrain.FARM,),
                       (ShapeOption(line, False), ShapeOption(line, True)))
    sheet = Sheet.blank(PLAIN)
    got = [d for d in legal_drawings(sheet, twin) if d.mask == cells("A1 A2")]
    assert [(d.option, d.coin_shape) for d in got] == [(1, False), (2, True)]
    # Left to itself the check draws the first option, as placement.check_drawing did; asked,
    # either.
    assert check_drawing(sheet, twin, cells("A1 A2")) == got[0]
    assert check_drawing(sheet, twin, cells("A1 A2"), option=2) == got[1]
    # The same spaces from two orientations of one option are one drawing: "XX" turned
    # twice is itself.
    assert len(list(legal_drawings(sheet, twin))) == 2 * 2 * 10 * 11


def test_a_ruins_card_has_no_drawings():
    ruins = card("temple-ruins")
    for call in (lambda: legal_drawings(Sheet.blank(SIDE_A), ruins),
                 lambda: fits(Sheet.blank(SIDE_A), ruins),
                 lambda: check_drawing(Sheet.blank(SIDE_A), ruins, cells("B6"), Terrain.FOREST)):
        with pytest.raises(IllegalPlacement) as e:
            call()  # refused at the call, not at the first drawing
        assert e.value.code == "ruins-card" and e.value.card == "temple-ruins"
        assert "--" not in str(e.value) and "ruins card" in str(e.value)


# --- the Drawing value --------------------------------------------------------------------------

def test_drawing_repr_names_the_spaces():
    d = check_drawing(Sheet.blank(PLAIN), card("hamlet"), cells("B4 B5 C5"))
    assert repr(d) == "Drawing(Hamlet, option 1 (coin), village on B4, B5, C5)"
    fb = check_drawing(sheet_from(ISOLATED), card("hamlet"), cells("A3"), Terrain.WATER)
    assert repr(fb) == "Drawing(Hamlet, single-space fallback, water on A3)"


@pytest.mark.parametrize("name", list(SHEETS))
def test_lazy_after_and_mountains_are_the_eager_ones(name):
    sheet = SHEETS[name]
    for c in (card("rift-lands"), card("kobold-onslaught"), card("farmland")):
        for d in legal_drawings(sheet, c):
            after = sheet.with_drawn(d.mask, d.terrain)
            assert d.mountains == after.surrounded_mountains() & ~sheet.surrounded_mountains()
            assert d.after == after
            assert d.coins == int(d.coin_shape) + d.mountains.bit_count()


def test_drawings_are_values():
    sheet = SHEETS["two-mountains"]
    d = check_drawing(sheet, card("rift-lands"), cells("C4"), Terrain.WATER)
    e = next(x for x in legal_drawings(sheet, card("rift-lands"))
             if x.mask == cells("C4") and x.terrain is Terrain.WATER)
    assert d.coins == 2  # compute one side's lazy fields only: equality does not look at them
    assert d == e and hash(d) == hash(e)
    assert d != next(x for x in legal_drawings(sheet, card("rift-lands"))
                     if x.mask == cells("C4") and x.terrain is Terrain.FARM)
    with pytest.raises(AttributeError):
        d.mask = 0  # type: ignore[misc]


def test_add_coins_caps_at_the_track():
    assert moves.add_coins(0, 0, 14) == (0, 0)
    assert moves.add_coins(3, 2, 14) == (5, 0)
    assert moves.add_coins(13, 2, 14) == (14, 1)
    assert moves.add_coins(14, 3, 14) == (14, 3)
    assert moves.add_coins(8, 3, 10) == (10, 1)  # another side's track
    with pytest.raises(ValueError):
        moves.add_coins(15, 0, 14)


# --- refusals carry a code per kind, and no command words ---------------------------------------

TERRAINS_ARG = {"forest": Terrain.FOREST, "water": Terrain.WATER, None: None}

REFUSALS = [
    # (code, sheet, card, spaces, terrain, keyword arguments)
    ("ruins-card", "A-empty", "temple-ruins", "B6", "forest", {}),
    ("terrain-needed", "plain-empty", "orchard", "A1 A2 A3 B3", None, {}),
    ("no-spaces", "plain-empty", "hamlet", "", None, {}),
    ("no-such-option", "plain-empty", "hamlet", "A1 A2 B1", None, {"option": 3}),
    ("filled", "A-empty", "hamlet", "B4 B5 C5", None, {}),
    ("not-a-shape", "plain-empty", "hamlet", "A1 A2 A4", None, {}),
    ("gap-spaces", "plain-empty", "bugbear-assault", "A1 A2 A3 B1 B2 B3", None, {}),
    ("not-that-option", "plain-empty", "hamlet", "A1 A2 B1", None, {"option": 2}),
    ("wrong-terrain", "plain-empty", "hamlet", "A1 A2 B1", "forest", {}),
    ("no-ruins-covered", "A-empty", "hamlet", "E5 E6 F5", None, {"ruins": True}),
    ("ruins-fallback", "A-ruins-filled", "hamlet", "E5 E6 F5", None, {"ruins": True}),
    ("fallback-refused", "A-empty", "hamlet", "E5", None, {}),
    ("fallback-terrain", "isolated", "hamlet", "A1", "water", {"strict_fallback": True}),
    ("fallback-applies", "isolated", "hamlet", "A1 A3", None, {}),
]


def documented_codes() -> set[str]:
    return set(re.findall(r"^``([a-z-]+)``", legal_module.__doc__ or "", re.MULTILINE))


@pytest.mark.parametrize("code, name, card_id, spaces, terrain, kwargs", REFUSALS,
                         ids=[r[0] for r in REFUSALS])
def test_each_kind_of_refusal_has_its_code(code, name, card_id, spaces, terrain, kwargs):
    mask = cells(spaces) if spaces else 0
    with pytest.raises(IllegalPlacement) as e:
        check_drawing(SHEETS[name], card(card_id), mask, TERRAINS_ARG[terrain], **kwargs)
    assert e.value.code == code
    assert e.value.card == card_id and e.value.spaces == mask
    assert "--" not in str(e.value)


def test_off_map_bits_are_refused():
    with pytest.raises(IllegalPlacement) as e:
        check_drawing(Sheet.blank(PLAIN), card("rift-lands"), 1 << SIZE, Terrain.FOREST)
    assert e.value.code == "off-map"


def test_every_documented_code_is_tested():
    assert documented_codes() == {r[0] for r in REFUSALS} | {"off-map"}


# --- check_drawing accepts exactly what the generator yields (property) -------------------------

CARD_IDS = [c.id for c in DRAWING_CARDS]
EVERY = [Cell(r, c) for r in range(SIZE) for c in range(SIZE)]


@st.composite
def sheets(draw) -> Sheet:
    """A random sheet: sparse, half full, nearly full (a few free spaces) or full."""
    side = draw(st.sampled_from([PLAIN, SIDE_A, SIDE_B]))
    open_ = BOARD & ~(side.mountains | side.wastelands)
    how = draw(st.sampled_from(["empty", "sparse", "half", "dense", "few-free", "full"]))

    def rand() -> int:
        return draw(st.integers(0, (1 << (SIZE * 12)) - 1))

    if how == "empty":
        filled = 0
    elif how == "sparse":
        filled = rand() & rand() & rand()
    elif how == "half":
        filled = rand()
    elif how == "dense":
        filled = rand() | rand()
    elif how == "few-free":
        free = draw(st.lists(st.sampled_from(EVERY), max_size=8))
        filled = BOARD & ~sum({c.bit for c in free})
    else:
        filled = BOARD
    filled &= open_
    # Forest, farm and monster, so that some mountains get surrounded by each.
    split, split2 = rand(), rand()
    forest, farm = filled & split, filled & ~split & split2
    return Sheet(side, (forest, 0, farm, 0, filled & ~split & ~split2, 0, 0))


def near_masks(draw, sheet: Sheet, c, legal: list[Drawing]) -> int:
    how = draw(st.sampled_from(["legal", "legal-moved", "shape-anywhere", "cluster", "single"]))
    if how in ("legal", "legal-moved") and legal:
        m = draw(st.sampled_from(legal)).mask
        if how == "legal-moved":
            m ^= draw(st.sampled_from(EVERY)).bit
        return m
    if how == "shape-anywhere":
        shapes = [c.shape] if isinstance(c, AmbushCard) else [o.shape for o in c.options]
        shape = draw(st.sampled_from(shapes))
        return draw(st.sampled_from(list(placements(shape, BOARD))))
    if how == "cluster":
        r, cc = draw(st.integers(0, SIZE - 3)), draw(st.integers(0, SIZE - 3))
        offsets = st.tuples(st.integers(0, 2), st.integers(0, 2))
        picks = draw(st.lists(offsets, min_size=1, max_size=6))
        return sum({bit(r + dr, cc + dc) for dr, dc in picks})
    return draw(st.sampled_from(EVERY)).bit


CHECK_VS_GENERATOR = (st.data(), sheets(), st.sampled_from(CARD_IDS), st.booleans(), st.booleans())


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(*CHECK_VS_GENERATOR)
def test_check_drawing_accepts_exactly_the_generated_drawings(data, sheet, card_id, ruins, strict):
    check_agrees_with_generator(data, sheet, card_id, ruins, strict)


@pytest.mark.campaign
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(*CHECK_VS_GENERATOR)
def test_check_drawing_accepts_exactly_the_generated_drawings_campaign(data, sheet, card_id, ruins, strict):
    check_agrees_with_generator(data, sheet, card_id, ruins, strict)


def check_agrees_with_generator(data, sheet, card_id: str, ruins: bool, strict: bool) -> None:
    """check_drawing accepts a drawing exactly when legal_drawings yields it."""
    c = card(card_id)
    legal = list(legal_drawings(sheet, c, ruins=ruins, strict_fallback=strict))
    by_key = {key(d): d for d in legal}
    assert len(by_key) == len(legal)

    # Every drawing yielded is accepted, as itself.
    for d in data.draw(st.lists(st.sampled_from(legal), max_size=6)) if legal else []:
        assert check_drawing(sheet, c, d.mask, d.terrain, ruins=ruins, strict_fallback=strict,
                             option=d.option) == d

    # Any drawing at all is accepted exactly when it is yielded.
    for _ in range(4):
        mask = near_masks(data.draw, sheet, c, legal)
        terrain = data.draw(st.sampled_from([None, *PLAYABLE_TERRAINS, Terrain.MOUNTAIN]))
        n_options = 1 if isinstance(c, AmbushCard) else len(c.options)
        option = data.draw(st.sampled_from([None, None, *range(1, n_options + 2)]))
        offered = card_terrains(c)
        t = terrain if terrain is not None else (offered[0] if len(offered) == 1 else None)
        if option is None:
            hits = sorted((d for d in legal if d.mask == mask and d.terrain == t),
                          key=lambda d: d.option or 0)
            expected = hits[0] if hits else None
        else:
            expected = by_key.get((mask, t, option)) if t is not None else None
        try:
            got = check_drawing(sheet, c, mask, terrain, ruins=ruins, strict_fallback=strict,
                                option=option)
        except IllegalPlacement as e:
            assert expected is None, f"{expected!r} refused: {e}"
            assert e.code in documented_codes()
            assert e.card == c.id and e.spaces == mask
            assert "--" not in str(e)
        else:
            assert got == expected


# --- solo, and the package stands apart from files and commands ---------------------------------

def test_solo_drawing_is_a_legal_drawing():
    sheet = SHEETS["B-mixed"]
    for a in CAT.ambushes:
        found = solo_drawing(sheet, a)
        assert found is not None
        cand, d = found
        assert d.mask == cand.mask and d.option == 1 and d.terrain is Terrain.MONSTER
        assert d in set(legal_drawings(sheet, a))
        assert d == check_drawing(sheet, a, cand.mask)


def test_rules_import_no_file_or_command_module():
    code = ("import sys, cartoref.moves; "
            "print(' '.join(sorted(m for m in ('yaml', 'click', 'rich', 'cartoref.mapfile', "
            "'cartoref.files', 'cartoref.placement', 'cartoref.solo') if m in sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
