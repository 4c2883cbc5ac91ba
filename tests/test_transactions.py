"""A solo draw is one transaction: the game and its map are two writes, and a run killed at any
point of the pair leaves a game and a map that agree once the next command opens the game."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from cartoref import game as games
from cartoref.game import Draw
from cartoref.grid import Cell, mask_of
from cartoref.mapfile import read_map
from cartoref.table import Table


def _draw_dying_at(game: str, k: int) -> None:
    """Draw once, the process killed at its k-th file write (0: the game's, 1: the map's), or
    after both (k == 2)."""
    from cartoref import files
    from cartoref.table import gamefile

    real = files.atomic_write
    count = [0]

    def dying(path: str, text: str) -> None:
        if count[0] == k:
            os._exit(9)
        count[0] += 1
        real(path, text)

    files.atomic_write = dying
    gamefile.atomic_write = dying
    with Table.open(game) as table:
        table.draw()
    os._exit(9)  # k == 2: killed once both are written


@pytest.fixture
def before_an_ambush(cartoref, tmp_path, monkeypatch):
    """A solo game on a map file whose next draw reveals an ambush cartoref draws."""
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--player", "Zoe", "-o", "zoe.yaml").code == 0
    assert cartoref("new", "--solo", "--map", "zoe.yaml", "--seed", "12").code == 0
    for _ in range(60):
        state = Table.read("cartoref-game.yaml").state
        if games.season_over(state):
            assert cartoref("record", "Zoe", "zoe.yaml").code == 0
            state = Table.read("cartoref-game.yaml").state
        if games.apply(state, Draw())[1].ambush is not None:
            return tmp_path
        assert cartoref("draw").code == 0
    pytest.fail("no ambush came")


@pytest.mark.parametrize("k", [0, 1, 2])
def test_a_solo_draw_killed_at_any_point_leaves_game_and_map_agreeing(cartoref, before_an_ambush, k):
    game, solo = "cartoref-game.yaml", "zoe.yaml"
    log_before = len(Table.read(game).state.log)
    map_before = read_map(solo)
    child = multiprocessing.get_context("fork").Process(target=_draw_dying_at, args=(game, k))
    child.start()
    child.join(30)
    assert child.exitcode == 9
    assert cartoref("status").code == 0  # the next command that opens the game
    state = Table.read(game).state
    after = read_map(solo)
    if k == 0:  # killed before the game was written: nothing was drawn anywhere
        assert len(state.log) == log_before and after.sheet == map_before.sheet
        return
    drawn = state.log[-1]
    assert len(state.log) == log_before + 1 and isinstance(drawn, Draw) and drawn.monster
    spaces = mask_of(Cell.parse(x) for x in drawn.monster)
    assert after.sheet.monster & spaces == spaces
    assert after.coins == map_before.coins + drawn.monster_coins
    assert [k.turn.number for k in after.drawings if k.turn] [-1:] == [sum(isinstance(a, Draw) for a in state.log)]
    # And undo takes the whole draw back, on the map too.
    assert cartoref("undo").code == 0
    assert read_map(solo).sheet == map_before.sheet and read_map(solo).coins == map_before.coins


@pytest.mark.parametrize("args", [["log", "--json"], ["standings"], ["forecast"]])
def test_a_draw_cut_short_is_completed_out_loud_by_any_command(cartoref, before_an_ambush, args):
    import json

    child = multiprocessing.get_context("fork").Process(target=_draw_dying_at, args=("cartoref-game.yaml", 1))
    child.start()
    child.join(30)
    assert child.exitcode == 9
    r = cartoref(*args)  # the first command to open the game completes the map, and says so
    assert r.code == 0, r.err
    assert r.err.count("Completed the last draw's monster on zoe.yaml") == 1
    if "--json" in args:
        json.loads(r.out)  # the note is on standard error: the JSON stays whole
    assert "Completed" not in cartoref(*args).err  # once
