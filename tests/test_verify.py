"""``cartoref verify``: a table's games and maps replayed; every sheet reported verified,
illegal (the first step that breaks a rule, named) or disputed (what cannot be replayed).

The table game is played through the table itself: each player draws the advisor's first
drawing of every explore card on their seat's map, and the seasons are recorded from the maps."""

from __future__ import annotations

import json
import os
import re

import pytest
from maps import draw_on_empty, typed_from_paper

from cartoref.cards import AmbushCard
from cartoref.game import game_over, season_over
from cartoref.grid import iter_cells
from cartoref.table import Table
from cartoref.table.seats import seat_map


def _play_table(path: str, players: tuple[str, ...]) -> dict[str, str]:
    """Play the game in ``path`` to its end on its seats' maps; each player's map file."""
    with Table.open(path) as t:
        maps = {p: seat_map(t, p) for p in players}
        while not (game_over(t.state) and all(all(r is not None for r in row) for row in t.state.scores)):
            if season_over(t.state) and any(row[t.state.deck.season] is None for row in t.state.scores):
                from cartoref.mapfile import read_map

                t.record_maps([(p, maps[p], read_map(maps[p])) for p in players])
                continue
            t.draw()
            card = t.at_hand.card
            if isinstance(card, AmbushCard):
                continue  # each monster is a neighbour's to draw: left out here
            for p in players:
                best = t.hint(maps[p], None, quick=True).ranked[0].drawing
                cells = " ".join(c.label for c in iter_cells(best.mask))
                if hasattr(best, "hero"):
                    t.place(maps[p], None, cells, orientation=best.orientation)
                else:
                    t.place(maps[p], None, cells, terrain=best.terrain)
    return maps


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A two-player game played to its end on its seats' maps, once for the module."""
    from cartoref import store
    from cartoref.table.gamefile import set_up

    store.use(None)
    folder = tmp_path_factory.mktemp("played")
    here = os.getcwd()
    os.chdir(folder)
    try:
        set_up("game.yaml", 21, ("Ann", "Bob"))
        maps = _play_table("game.yaml", ("Ann", "Bob"))
    finally:
        os.chdir(here)
    return folder, {p: os.path.basename(m) for p, m in maps.items()}


@pytest.fixture
def table(played, tmp_path, monkeypatch):
    """That game copied here: each player's map file."""
    import shutil

    folder, maps = played
    shutil.copytree(folder, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    return maps


def _report(cartoref, *args) -> dict:
    r = cartoref("verify", *args, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


def test_a_table_game_played_honestly_is_verified_sheet_by_sheet(table, cartoref):
    report = _report(cartoref, "game.yaml")
    assert [(s["player"], s["status"]) for s in report["sheets"]] == [("Ann", "verified"), ("Bob", "verified")]
    # The folder: the game and its seats' maps, each map verified through the game (not twice).
    assert _report(cartoref, ".")["verified"] == 2


def test_a_drawing_rubbed_out_and_moved_is_illegal_and_named(table, cartoref, tmp_path):
    bob = tmp_path / table["Bob"]
    col = draw_on_empty(bob, 10, "V")  # row K
    report = _report(cartoref, "game.yaml")
    ann, bob_ = report["sheets"]
    assert ann["status"] == "verified" and bob_["status"] == "illegal"
    assert bob_["step"] == "the map's grid" and bob_["why"].startswith(f"K{col + 1} holds 'V'")
    text = cartoref("verify", "game.yaml").out
    assert "ILLEGAL" in text and "1 verified, 1 illegal, 0 disputed" in text


def test_a_score_written_up_is_illegal_at_its_season(table, cartoref, tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(re.sub(r'(player: "Ann", season: autumn, edict1: )(\d+)',
                           lambda m: m.group(1) + str(int(m.group(2)) + 2), game.read_text()))
    ann = _report(cartoref, "game.yaml")["sheets"][0]
    assert ann["status"] == "illegal" and ann["step"] == "Autumn's score"


def test_maps_alone_typed_from_paper_are_disputed_and_of_other_edicts_illegal(table, cartoref, tmp_path):
    os.mkdir("alone")
    # A map file keeps its drawings: alone, it is replayed on a blank sheet and verified.
    (tmp_path / "alone" / "ann.yaml").write_text((tmp_path / table["Ann"]).read_text())
    # The same grid typed from paper (no drawings: line) cannot be replayed.
    text = (tmp_path / table["Ann"]).read_text()
    (tmp_path / "alone" / "typed.yaml").write_text(typed_from_paper(text))
    report = _report(cartoref, "alone")
    assert {s["file"].split("/")[-1]: s["status"] for s in report["sheets"]} == {"ann.yaml": "verified",
                                                                                  "typed.yaml": "disputed"}
    assert re.search(r"^edicts: \[", text, re.MULTILINE)  # a seat's map names its game's edicts
    r = _report(cartoref, "alone/ann.yaml", "--edicts", "sentinel-wood,wildholds,great-city,shoreside-expanse")
    assert r["sheets"][0]["status"] == "illegal" and r["sheets"][0]["step"] == "the edicts"


def test_verify_refuses_what_is_not_there(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("verify", "nothing.yaml")
    assert r.code == 2 and "nothing.yaml" in r.err
    r = cartoref("verify")
    assert r.code == 2 and "nothing to verify" in r.err


def _typed_from_paper(path) -> None:
    text = path.read_text()
    path.write_text(typed_from_paper(text))
    assert path.read_text() != text


def test_sheets_typed_from_paper_are_verified_by_finding_their_drawings_again(table, cartoref, tmp_path):
    # Each grid as the players typed it from paper: cartoref finds again an order of legal
    # drawings of the game's cards that makes it and scores what each season recorded.
    for name in table.values():
        _typed_from_paper(tmp_path / name)
    report = _report(cartoref, "game.yaml")
    assert [(s["player"], s["status"]) for s in report["sheets"]] == [("Ann", "verified"), ("Bob", "verified")]


def test_a_sheet_typed_from_paper_with_a_space_no_card_drew_is_not_verified(table, cartoref, tmp_path):
    bob = tmp_path / table["Bob"]
    _typed_from_paper(bob)
    draw_on_empty(bob, 10, "V")  # row K: one empty space drawn as a village, by no card
    ann, bob_ = _report(cartoref, "game.yaml")["sheets"]
    assert ann["status"] == "verified" and bob_["status"] in ("illegal", "disputed")
    assert bob_["step"] == "the map" and "typed from paper" in bob_["why"]
