"""The table layer: one call per thing a shell does to a file, and the result value it returns."""

from __future__ import annotations

from pathlib import Path

import pytest
from maps import cells

from cartoref import game as games
from cartoref import table
from cartoref.cards import catalog
from cartoref.errors import IllegalPlacement
from cartoref.grid import Terrain
from cartoref.mapfile import blank_map, read_map

CARDS = catalog()
SIDE_A = CARDS.sheet_side("wilderness")


def card(card_id: str):
    return CARDS.deck_card(card_id)


@pytest.fixture
def map_path(tmp_path):
    path = tmp_path / "ann.yaml"
    path.write_text(blank_map(SIDE_A, "Ann"), encoding="utf-8")
    return str(path)


def test_place_checks_draws_and_marks_the_coin(map_path):
    # Hamlet's option 1 (three spaces, coin) as village on A1, A2, B1 of a blank side A.
    result = table.FreeTable().place(map_path, "hamlet", cells("A1 A2 B1"), terrain=Terrain.VILLAGE)
    assert (result.drawing.option, result.drawing.coin_shape, result.coins, result.lost) == (1, True, 1, 0)
    assert result.before.coins == 0 and result.written
    mf = read_map(map_path)
    assert mf.coins == 1 and mf.sheet.village == cells("A1 A2 B1")


def test_place_dry_run_and_refusal_leave_the_file_as_it_was(map_path):
    before = Path(map_path).read_text(encoding="utf-8")
    dry = table.FreeTable().place(map_path, "hamlet", cells("A1 A2 B1"), terrain=Terrain.VILLAGE, write=False)
    assert not dry.written and dry.coins == 1
    with pytest.raises(IllegalPlacement) as refused:
        table.FreeTable().place(map_path, "hamlet", cells("A1 A2"), terrain=Terrain.VILLAGE)
    assert refused.value.code == "not-a-shape" and refused.value.card == "hamlet"
    assert Path(map_path).read_text(encoding="utf-8") == before


def test_a_full_coin_track_keeps_fourteen_and_says_how_many_were_lost(map_path, tmp_path):
    text = Path(map_path).read_text(encoding="utf-8").replace("coins: 0", "coins: 14")
    Path(map_path).write_text(text, encoding="utf-8")
    result = table.FreeTable().place(map_path, "hamlet", cells("A1 A2 B1"), terrain=Terrain.VILLAGE)
    assert (result.coins, result.lost) == (14, 1)


def test_solo_ambush_draws_from_the_cards_corner_or_reports_it_ignored(map_path):
    # Goblin Attack starts in the bottom-right corner: the diagonal I9, J10, K11 (docs/solo.md).
    _, result = table.FreeTable().solo_ambush(map_path, "goblin attack")
    assert result.candidate.mask == cells("I9 J10 K11") and result.drawing.mask == cells("I9 J10 K11")
    assert read_map(map_path).sheet.monster == cells("I9 J10 K11")


def test_a_solo_game_draws_and_undoes_its_monster_on_the_map(tmp_path, map_path):
    game = str(tmp_path / "g.yaml")
    text = Path(map_path).read_text(encoding="utf-8").replace("player: \"Ann\"", "player: \"Solo\"")
    Path(map_path).write_text(text, encoding="utf-8")
    table.new_game(game, 3, ("Solo",), solo=True, map_file=map_path)
    for _ in range(80):
        if games.season_over(table.read_game(game)):
            with table.Table.open(game) as t:
                t.record("Solo", scores=table.HandScores(0, 0, 0, 0))
        with table.Table.open(game) as t:
            drawn = t.draw()
        if drawn.event.ambush:
            assert drawn.solo is not None and drawn.solo.spaces == drawn.event.monster.mask
            assert read_map(map_path).sheet.monster == drawn.solo.spaces
            with table.Table.open(game) as t:
                undone = t.undo()
            assert undone.erased == drawn.solo.spaces and undone.map == map_path
            assert read_map(map_path).sheet.monster == 0
            return
    pytest.fail("no ambush in a whole game")
