"""Values print their spaces as labels, never as 40-digit integers: a failing test shows where."""

from __future__ import annotations

import re

from maps import PLAIN, cells, sheet_from

from cartoref.cards import catalog
from cartoref.grid import Sheet, repr_masks
from cartoref.moves import Candidate, OptionFit, fits, solo_candidate
from cartoref.moves.heroes import check_hero
from cartoref.notation import read_grid
from cartoref.scoring import score_sheet

LONG_NUMBER = re.compile(r"\d{6,}")


def test_a_solo_candidate_prints_its_spaces():
    cand = Candidate(0, 1, 3, cells("B4 B5"))
    assert repr(cand) == "Candidate(ring=0, row=1, col=3, mask={B4, B5})"
    found = solo_candidate(Sheet.blank(PLAIN), catalog().ambush("goblin attack"))
    assert found is not None and not LONG_NUMBER.search(repr(found))


def test_an_option_fit_prints_its_example():
    assert repr(OptionFit(1, 12, cells("B4 B5"))) == "OptionFit(option=1, placements=12, example={B4, B5})"
    every = fits(Sheet.blank(PLAIN), catalog().deck_card("hamlet"))
    assert "example={" in repr(every) and not LONG_NUMBER.search(repr(every))


def test_a_hero_drawing_prints_its_space_marks_and_destroyed_monsters():
    sheet = sheet_from("M", at="D5")
    d = check_hero(sheet, catalog().deck_card("dobrik-of-lorkheim"), cells("E5"))
    assert repr(d) == ("HeroDrawing(Dobrik of Lorkheim on {E5}, orientation 1, attacks={D5, E4, E6, F5}, "
                       "destroyed={D5})")


def test_a_score_report_prints_the_monster_spaces_and_a_grid_its_masks():
    sheet = sheet_from("MM", at="B4")
    report = score_sheet(sheet, [], 0)
    assert "monster_cells={A4, A5, B3, B6, C4, C5}" in repr(report)
    grid = read_grid("F F . . . . . . . . .\n" + ". . . . . . . . . . .\n" * 10)
    assert "'F': {A1, A2}" in repr(grid) and not LONG_NUMBER.search(repr(grid))


def test_masks_off_the_board_are_shown_not_hidden():
    assert repr_masks(Candidate(0, 0, 0, cells("A1") | 1 << 11), "mask") == (
        "Candidate(ring=0, row=0, col=0, mask={A1, off the board: 0x800})")


def test_a_change_and_a_table_result_print_their_spaces_as_labels():
    from maps import cells, side_named

    from cartoref.grid import Sheet
    from cartoref.moves.playermap import Kept, Outcome, PlayerMap
    from cartoref.table.results import Undone

    pm = PlayerMap(Sheet.blank(side_named("plain")))
    out = Outcome(pm, pm, Kept("gorgon-gaze", None, 0, 0), (), 0, cells("B4 B5"))
    assert "destroyed={B4, B5}" in repr(out)
    assert repr(Undone(None, None, "m.yaml", cells("A1 A2"))).startswith("Undone(state=None, undone=None, map='m.yaml', "
                                                                        "erased={A1, A2}")
