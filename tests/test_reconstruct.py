"""A sheet with no drawings (typed from paper, read from a photo) has its drawings found again:
an honest sheet always (the search never calls an honest sheet impossible), a sheet with a space
no card drew never, and a search stopped by its budget proves nothing (disputed, not illegal).

The honest games are played by ``autoplay`` at random (base and with its other solo sheets);
the tampered sheets are those games' final sheets with one change made by hand here."""

from __future__ import annotations

import os

import pytest

from cartoref.game.reconstruct import reconstruct
from cartoref.game.verify import verify_player
from cartoref.grid import Terrain, iter_cells
from cartoref.mapfile import read_map
from cartoref.moves import playermap as pm
from cartoref.table.gamefile import read_game

from conftest import CAMPAIGN


def _play(folder, seed: int, sheet: str | None = None):
    from cartoref.table.autoplay import autoplay

    here = os.getcwd()
    os.chdir(folder)
    try:
        autoplay(f"g{seed}.yaml", f"g{seed}-map.yaml", seed=seed, policy="random", sheet=sheet)
        return read_game(f"g{seed}.yaml"), read_map(f"g{seed}-map.yaml")
    finally:
        os.chdir(here)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    from cartoref import store

    store.use(None)
    folder = tmp_path_factory.mktemp("games")
    seeds = range(300, 320 if CAMPAIGN else 302)
    return [_play(folder, s, sheet="B" if s % 2 else None) for s in seeds]


def test_an_honest_sheet_without_its_drawings_has_a_history_that_replays(games):
    for state, mf in games:
        found = reconstruct(state, 0, mf.sheet, mf.coins)
        assert found.history is not None, found.why
        # The history found replays like any kept one: each drawing legal at its turn, each
        # monster where the procedure puts it, each season the score recorded, the same grid.
        verdict = verify_player(state, 0, pm.PlayerMap(mf.sheet, mf.coins, found.history))
        assert verdict.verified, (verdict.step, verdict.why)
        assert verdict.turns == sum(1 for k in mf.drawings if k.turn is not None)


def test_an_honest_sheet_is_found_with_its_coins_unknown_as_a_photo_leaves_them(games):
    state, mf = games[0]
    found = reconstruct(state, 0, mf.sheet, None)
    assert found.history is not None
    assert sum(k.coins for k in found.history) == mf.coins  # the seasons' records fixed them


def test_a_space_no_card_drew_makes_the_sheet_unfound(games):
    state, mf = games[0]
    empty = next(iter_cells(mf.sheet.empty & ~mf.sheet.ruins))
    sheet = mf.sheet.with_drawn(empty.bit, Terrain.FOREST)
    found = reconstruct(state, 0, sheet, mf.coins)
    assert found.history is None and found.why


def test_a_search_stopped_by_its_budget_proves_nothing(games):
    state, mf = games[0]
    found = reconstruct(state, 0, mf.sheet, mf.coins, budget=3)
    assert found.history is None and not found.impossible
    assert found.steps == 4 and "3 steps" in found.why
