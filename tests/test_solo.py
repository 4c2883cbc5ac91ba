"""The solo ambush procedure: the scan order, hand-worked boards for the four ambush cards, and
the ignored case. Cells are worked out by hand from docs/solo.md's definition."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maps import PLAIN, cells, full, sheet_from

from cartoref.cards import catalog
from cartoref.grid import BOARD, Sheet, Terrain, bit
from cartoref.moves import check_drawing
from cartoref.moves.solo import (
    iter_perimeter,
    iter_ring,
    iter_scan,
    scan_picture,
    solo_ambush,
    solo_candidate,
    solo_drawing,
)
from cartoref.shapes import placements


def ambush(card_id: str):
    return next(a for a in catalog().ambushes if a.id == card_id)


SIDE_A = Sheet.blank(catalog().sheet_side("A"))
AMBUSH_IDS = ["goblin-attack", "bugbear-assault", "kobold-onslaught", "gnoll-raid"]


# --- the walk -----------------------------------------------------------------------------------

@pytest.mark.parametrize("corner, arrow, first_steps", [
    # docs/sources.md, ambush cards: CW from NE heads south, CCW from SE north,
    # CW from SW north, CCW from NW south.
    ("ne", "cw", [(0, 4), (1, 4), (2, 4)]),
    ("se", "ccw", [(4, 4), (3, 4), (2, 4)]),
    ("sw", "cw", [(4, 0), (3, 0), (2, 0)]),
    ("nw", "ccw", [(0, 0), (1, 0), (2, 0)]),
    # The other four, for cards that may come later.
    ("nw", "cw", [(0, 0), (0, 1), (0, 2)]),
    ("ne", "ccw", [(0, 4), (0, 3), (0, 2)]),
    ("se", "cw", [(4, 4), (4, 3), (4, 2)]),
    ("sw", "ccw", [(4, 0), (4, 1), (4, 2)]),
])
def test_perimeter_starts_at_the_corner_and_goes_the_arrow_way(corner, arrow, first_steps):
    walk = list(iter_perimeter(0, 4, 0, 4, corner, arrow))
    assert walk[:3] == first_steps
    assert len(walk) == len(set(walk)) == 16  # a 5 x 5 border, each point once


def test_perimeter_of_a_line_and_a_point():
    assert list(iter_perimeter(2, 2, 0, 3, "ne", "cw")) == [(2, 3), (2, 2), (2, 1), (2, 0)]
    assert list(iter_perimeter(0, 2, 5, 5, "sw", "cw")) == [(2, 5), (1, 5), (0, 5)]
    assert list(iter_perimeter(3, 3, 3, 3, "nw", "ccw")) == [(3, 3)]


def test_goblin_attack_ring_zero_order():
    # Box 3 x 3: its top-left runs over rows/cols 0-8. From SE (I9) north up column 9 to A9,
    # then west along row A to A1, south down column 1 to I1, east along row I back to I8.
    ring = iter_ring(ambush("goblin-attack").shape, "se", "ccw", 0)
    tops = [f"{'ABCDEFGHIJK'[c.row]}{c.col + 1}" for c in ring]
    assert tops[:12] == ["I9", "H9", "G9", "F9", "E9", "D9", "C9", "B9", "A9", "A8", "A7", "A6"]
    assert tops[16:19] == ["A1", "B1", "C1"]
    assert tops[24:] == ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I8"]
    assert len(tops) == 32  # 2 * (9 + 9) - 4


@pytest.mark.parametrize("card_id", AMBUSH_IDS)
def test_scan_tries_every_position_once(card_id):
    a = ambush(card_id)
    h, w = a.shape.height, a.shape.width
    tried = [(c.row, c.col) for c in iter_scan(a.shape, a.corner, a.arrow)]
    assert len(tried) == len(set(tried)) == (12 - h) * (12 - w)
    rings = [c.ring for c in iter_scan(a.shape, a.corner, a.arrow)]
    assert rings == sorted(rings)
    for c in iter_scan(a.shape, a.corner, a.arrow):
        # A position's ring is its box's distance to the nearest map edge.
        assert c.ring == min(c.row, c.col, 10 - (c.row + h - 1), 10 - (c.col + w - 1))


def test_scan_picture_numbers_the_first_positions():
    pic = scan_picture(ambush("goblin-attack"), ring=0, limit=3)
    assert pic[9].split() == ["I", ".", ".", ".", ".", ".", ".", ".", ".", "1", ".", "."]
    assert pic[8].split()[9] == "2" and pic[7].split()[9] == "3"


# --- each card from its corner on an empty map ---------------------------------------------------

@pytest.mark.parametrize("card_id, expected", [
    ("goblin-attack", "I9 J10 K11"),  # SE corner: the diagonal ends in K11
    ("bugbear-assault", "A9 B9 A11 B11"),  # NE corner: box A9-B11, gaps A10 B10 not drawn
    ("kobold-onslaught", "I1 J1 J2 K1"),  # SW corner: box I1-K2
    ("gnoll-raid", "A1 A2 B1 C1 C2"),  # NW corner: box A1-C2, B2 is the U's opening
])
@pytest.mark.parametrize("side", ["plain", "A"])
def test_empty_map_monster_goes_in_the_corner(card_id, expected, side):
    sheet = SIDE_A if side == "A" else Sheet.blank(PLAIN)
    assert solo_ambush(sheet, ambush(card_id)) == cells(expected)


# --- the first spots blocked -------------------------------------------------------------------

def test_goblin_attack_slides_north_when_the_corner_is_taken():
    sheet = SIDE_A.with_drawn(cells("K11"), Terrain.FOREST)
    # Top-left H9: H9, I10 (empty ruins: allowed), J11.
    assert solo_ambush(sheet, ambush("goblin-attack")) == cells("H9 I10 J11")


def test_goblin_attack_turns_onto_the_top_side():
    # Column 11 full: every box flush with the right edge has its lower-right space there. The
    # last try of the right side is the NE corner (A9 B10 C11); the top side goes west next:
    # top-left A8 gives A8, B9, C10 (C10 is empty ruins).
    sheet = SIDE_A.with_drawn(cells("A11 B11 C11 D11 E11 F11 G11 H11 I11 J11 K11"), Terrain.WATER)
    cand = solo_candidate(sheet, ambush("goblin-attack"))
    assert cand.mask == cells("A8 B9 C10") and cand.ring == 0


def test_kobold_onslaught_moves_to_ring_one():
    # The whole edge filled: no ring 0 position is free (the T touches every side it is flush
    # with). Ring 1 starts at its SW corner, top-left H2: H2, I2, I3, J2 -- but I3 is a
    # mountain on side A. Next north, top-left G2: G2, H2, H3, I2 (I2 empty ruins).
    edge = cells("A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 "
                 "B1 C1 D1 E1 F1 G1 H1 I1 J1 B11 C11 D11 E11 F11 G11 H11 I11 J11")
    sheet = SIDE_A.with_drawn(edge, Terrain.VILLAGE)
    cand = solo_candidate(sheet, ambush("kobold-onslaught"))
    assert cand.ring == 1
    assert cand.mask == cells("G2 H2 H3 I2")


def test_bugbear_assault_order_between_sides_and_rings():
    # A full map with three free Bugbear spots: ring 1 near the NE corner, ring 0 on the left
    # side and ring 0 on the bottom side. CW from NE: right side south, then the bottom side
    # west, then the left side north: the bottom spot wins; ring 1 comes only after ring 0.
    spots = {
        "ring1": "B8 C8 B10 C10",
        "left": "E1 F1 E3 F3",
        "bottom": "J5 K5 J7 K7",
    }
    def sheet_with(*free):
        open_ = 0
        for name in free:
            open_ |= cells(spots[name])
        return Sheet.blank(PLAIN).with_drawn(BOARD & ~open_, Terrain.FARM)
    bugbear = ambush("bugbear-assault")
    assert solo_ambush(sheet_with("ring1", "left", "bottom"), bugbear) == cells(spots["bottom"])
    assert solo_ambush(sheet_with("ring1", "left"), bugbear) == cells(spots["left"])
    assert solo_ambush(sheet_with("ring1"), bugbear) == cells(spots["ring1"])
    assert solo_ambush(sheet_with(), bugbear) is None


def test_bugbear_gaps_may_be_filled():
    # NE corner: A9, B9, A11, B11 with a mountain-like fill on the gaps A10, B10.
    sheet = Sheet.blank(PLAIN).with_drawn(cells("A10 B10"), Terrain.WATER)
    assert solo_ambush(sheet, ambush("bugbear-assault")) == cells("A9 B9 A11 B11")


# --- nearly full maps and the ignored case ------------------------------------------------------

GNOLL_AROUND_F6 = """
F F F F F F F F F F F
F F F ^ F f F F F F F
F f F F F F F F ^ f F
F F F F F F F F F F F
F F F F . . F F F F F
F F F F . ^ F F F F F
F F F F . . F F F F F
F F F F F F F F F F F
F f ^ F F F F F F f F
F F F F F f F ^ F F F
F F F F F F F F F F F
"""

# The same five spaces mirrored: the U opens to the left, which the printed Gnoll never does.
GNOLL_MIRRORED = """
F F F F F F F F F F F
F F F ^ F f F F F F F
F f F F F F F F ^ f F
F F F F F F F F F F F
F F F F F F . . F F F
F F F F F ^ F . F F F
F F F F F F . . F F F
F F F F F F F F F F F
F f ^ F F F F F F f F
F F F F F f F ^ F F F
F F F F F F F F F F F
"""


def test_nearly_full_map_gnoll_wraps_a_mountain():
    sheet = sheet_from(GNOLL_AROUND_F6, "A")
    assert solo_ambush(sheet, ambush("gnoll-raid")) == cells("E5 E6 F5 G5 G6")


def test_nearly_full_map_mirrored_spot_is_ignored_in_solo():
    from cartoref.moves import fits

    sheet = sheet_from(GNOLL_MIRRORED, "A")
    gnoll = ambush("gnoll-raid")
    assert solo_ambush(sheet, gnoll) is None
    # A neighbour in a multiplayer game may mirror it: there it fits exactly once.
    assert fits(sheet, gnoll).options[0].placements == 1


@pytest.mark.parametrize("card_id", AMBUSH_IDS)
def test_full_map_ignores_every_ambush(card_id):
    assert solo_ambush(full("F", "A"), ambush(card_id)) is None
    assert solo_candidate(full("F", "B"), ambush(card_id)) is None


def test_goblin_attack_on_a_nearly_full_map_takes_the_last_diagonal():
    # Only D4 E5 F6 and C9 D10 E11 are free (plain side): CCW from SE goes up the right side
    # first, where the box C9-E11 is flush with the edge, so that one wins.
    sheet = Sheet.blank(PLAIN).with_drawn(BOARD & ~cells("D4 E5 F6 C9 D10 E11"), Terrain.FOREST)
    assert solo_ambush(sheet, ambush("goblin-attack")) == cells("C9 D10 E11")
    sheet = Sheet.blank(PLAIN).with_drawn(BOARD & ~cells("D4 E5 F6"), Terrain.FOREST)
    cand = solo_candidate(sheet, ambush("goblin-attack"))
    assert cand.mask == cells("D4 E5 F6") and cand.ring == 3


# --- the drawing the solo procedure makes -------------------------------------------------------

def test_solo_drawing_is_the_first_position_as_a_monster():
    goblin = ambush("goblin-attack")
    sheet = SIDE_A.with_drawn(cells("K11"), Terrain.FOREST)
    cand, d = solo_drawing(sheet, goblin)
    assert cand == solo_candidate(sheet, goblin) and d.mask == cells("H9 I10 J11")
    assert d.terrain is Terrain.MONSTER and d.option == 1 and not d.fallback and d.coins == 0
    assert d == check_drawing(sheet, goblin, d.mask)
    assert d.after == sheet.with_drawn(d.mask, Terrain.MONSTER)


def test_solo_drawing_ignored_when_the_monster_fits_nowhere():
    assert solo_drawing(full("F", "A"), ambush("gnoll-raid")) is None


def test_solo_monster_surrounding_a_mountain_earns_its_coin():
    # Kobold Onslaught's first position is I1 J1 J2 K1 (box I1-K2); K2 is not one of its
    # spaces. The mountain at K2 has K1, J2 (the monster) and K3 (forest) around it.
    sheet = sheet_from(". . ./. . ./. ^ F", at="I1")
    cand, d = solo_drawing(sheet, ambush("kobold-onslaught"))
    assert cand.mask == cells("I1 J1 J2 K1")
    assert d.mountains == cells("K2") and d.coins == 1


# --- properties ---------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["goblin-attack", "bugbear-assault", "kobold-onslaught", "gnoll-raid"]),
       st.sets(st.tuples(st.integers(0, 10), st.integers(0, 10)), max_size=110))
def test_solo_finds_a_spot_exactly_when_the_unturned_shape_fits(card_id, filled_cells):
    filled = 0
    for r, c in filled_cells:
        filled |= bit(r, c)
    sheet = Sheet.blank(PLAIN).with_drawn(filled, Terrain.MONSTER)
    a = ambush(card_id)
    spot = solo_ambush(sheet, a)
    legal = set(placements(a.shape, sheet.empty, rotate=False))
    assert (spot is None) == (not legal)
    if spot is not None:
        assert spot in legal
        corner = next(iter_scan(a.shape, a.corner, a.arrow))
        if corner.mask in legal:
            assert spot == corner.mask  # where it fits flush in the corner, that is where it goes


def test_docs_drawing_is_the_scan_order():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "solo.md").read_text(encoding="utf-8")
    kobold = ambush("kobold-onslaught")
    for ring in (0, 1):
        assert "\n".join(scan_picture(kobold, ring)) in text
