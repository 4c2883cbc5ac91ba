"""At the table: spaces as runs, maps made for a game, refusals as JSON, one message for a whole
mistake, narrow terminals, taking a drawing back, and a whole game played on map files through
``place`` with no card name typed."""

from __future__ import annotations

import json

import pytest
from maps import cells

from cartoref.cards import catalog
from cartoref.errors import IllegalPlacement
from cartoref.mapfile import parse_map
from cartoref.notation import parse_spaces

SIDE_A_RUINS = cells("B6 C2 C10 I2 I10 J6")


@pytest.mark.parametrize("text, expected", [
    ("D3-D6", "D3 D4 D5 D6"), ("d6..d3", "D3 D4 D5 D6"), ("B4-E4", "B4 C4 D4 E4"),
    ("A1-A2, K11", "A1 A2 K11"), ("C5..C5", "C5"),
])
def test_a_straight_run_of_spaces_names_every_space_of_it(text, expected):
    assert parse_spaces(text) == cells(expected)


@pytest.mark.parametrize("text, message", [
    ("B2-C3", "B2-C3 is not a straight run"), ("D3-D4, D4", "D4 is named twice"),
    ("K10-K12", "K12 is off the map"),
])
def test_a_bad_run_is_refused_saying_why(text, message):
    with pytest.raises(IllegalPlacement, match=message):
        parse_spaces(text)


def test_new_map_for_a_game_takes_its_side_edicts_and_player(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--sheet", "B", "--seed", "3",
             "--edicts", "sentinel wood,canal lake,wildholds,borderlands")
    r = cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "ann")
    assert r.code == 0, r.err
    mf = parse_map(r.out)
    assert (mf.player, mf.sheet.side.id, mf.edicts) == (
        "Ann", "wastelands", ("sentinel-wood", "canal-lake", "wildholds", "borderlands"))
    assert "no player called 'Zed'" in cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Zed").err
    # Without a player the map has no player: line at all.
    assert "player:" not in cartoref("new-map").out


def test_with_json_a_refusal_is_a_json_object_on_stdout_too(cartoref, tmp_path):
    r = cartoref("card", "zzz", "--json")
    assert r.code == 2 and "unknown card 'zzz'" in r.err
    assert json.loads(r.out) == {"error": {"message": "unknown card 'zzz' (`cartoref cards` lists them all)",
                                           "code": "card-not-found"}}
    bad = tmp_path / "bad.yaml"
    bad.write_text("sheet: A\ncoins: lots\nmap: |\n" + "  . . . . . . . . . . .\n" * 11)
    r = cartoref("score", str(bad), "--season", "spring", "--json")
    error = json.loads(r.out)["error"]
    # coins on line 2, column 8; and the five mountains side A prints (B4 C9 F6 I3 J8) typed '.'.
    assert r.code == 2 and (error["problems"][0]["line"], error["problems"][0]["col"]) == (2, 8)
    assert [p["space"] for p in error["problems"][1:]] == ["B4", "C9", "F6", "I3", "J8"]
    assert error["problems"][0]["message"].startswith("coins should be a whole number")


def test_a_map_of_the_other_side_is_one_message_and_a_missing_row_is_one_too(cartoref, tmp_path):
    side_a = catalog().sheet_side("A")
    rows = []
    for r in range(11):
        row = []
        for c in range(11):
            b = 1 << (r * 12 + c)
            row.append("^" if side_a.mountains & b else "r" if side_a.ruins & b else ".")
        rows.append(" ".join(row))
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("sheet: wastelands\nmap: |\n" + "".join(f"  {r}\n" for r in rows))
    r = cartoref("check", str(wrong))
    assert r.code == 2
    problems = [line for line in r.err.splitlines() if line.startswith(str(wrong))]
    assert problems == [(f"{wrong}:1:8: the map's printed spaces are those of the Wilderness side (A, "
                        "wilderness), not wastelands: check sheet:")]
    short = tmp_path / "short.yaml"
    short.write_text("sheet: A\nmap: |\n" + "".join(f"  {r}\n" for r in rows[:3] + rows[4:]))
    r = cartoref("check", str(short))
    problems = [line for line in r.err.splitlines() if line.startswith(str(short))]
    assert problems == [f"{short}:2:6: the map has 10 rows, expected 11 (rows A to K)"]


def test_cards_on_a_narrow_terminal_never_cut_an_id(cartoref, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = cartoref("cards").out
    for c in catalog().cards:
        assert f" {c.id} " in out, c.id
    assert max(len(line) for line in out.splitlines()) <= 60


def test_unplace_takes_back_each_drawing_and_its_coins_in_turn(cartoref, tmp_path):
    path = tmp_path / "ann.yaml"
    assert cartoref("new-map", "--player", "Ann", "-o", str(path)).code == 0
    blank = path.read_text()
    # Hamlet's coin option on K1 K2 J1 (+1 coin), then Orchard (no coin) on K9-K11 J11.
    assert cartoref("place", str(path), "hamlet", "--cells", "J1,K1-K2", "--terrain", "village").code == 0
    assert cartoref("place", str(path), "orchard", "--cells", "K9..K11 J11", "--terrain", "farm").code == 0
    text = path.read_text()
    assert "  - hamlet, village on J1 K1 K2, +1 coin\n  - orchard, farm on J11 K9 K10 K11\n" in text
    r = cartoref("unplace", str(path), "--json")
    assert json.loads(r.out) == {"map": str(path), "card_id": "orchard", "terrain": "farm",
                                 "cells": ["J11", "K9", "K10", "K11"], "erased": ["J11", "K9", "K10", "K11"],
                                 "restored": [], "marks": [], "coins_back": 0, "coins": 1, "left": 1, "written": True}
    r = cartoref("unplace", str(path))
    assert r.code == 0 and "took back hamlet, village on J1, K1, K2" in r.out and "coins: -1, 1 -> 0" in r.out
    # Back to the blank map, byte for byte; then there is nothing left to take back.
    assert path.read_text() == blank
    r = cartoref("unplace", str(path))
    assert r.code == 2 and "nothing to take back" in r.err


def test_unplace_dry_run_changes_nothing(cartoref, tmp_path):
    path = tmp_path / "m.yaml"
    cartoref("new-map", "-o", str(path))
    cartoref("place", str(path), "rift lands", "--cells", "E5", "--terrain", "forest")
    before = path.read_text()
    r = cartoref("unplace", str(path), "--dry-run")
    assert r.code == 0 and "dry run: nothing written" in r.out and path.read_text() == before


# ----------------------------------------------------------------------------- a whole game


PLAYERS = ("Ann", "Bob", "Cy")


def test_a_three_player_game_played_on_map_files_through_place_alone(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CARTOREF_GAME", raising=False)
    for p in PLAYERS:
        assert cartoref("new-map", "--player", p, "-o", f"{p.lower()}.yaml").code == 0
    assert cartoref("new", "--players", ",".join(PLAYERS), "--seed", "10").code == 0
    seen = {"ruins": 0, "ambush": 0, "late": 0}
    for _ in range(120):
        status = json.loads(cartoref("status", "--json").out)
        if status["season_over"] and status["season"] == "spring":
            # Spring's scores: Ann and Bob now, Cy only once summer has begun (scored late).
            for p in ("Ann", "Bob"):
                assert cartoref("record", p, f"{p.lower()}.yaml").code == 0
        elif status["season_over"]:
            for p in PLAYERS:
                assert cartoref("record", p, f"{p.lower()}.yaml").code == 0
        if status["game_over"]:
            break
        d = json.loads(cartoref("draw", "--json").out)
        if d["unrecorded"] == ["Cy"]:
            late = cartoref("record", "Cy", "cy.yaml", "--season", "spring")
            assert late.code == 0, late.err
            seen["late"] += 1
        top = d["revealed"][-1]
        if top["kind"] == "ambush":
            seen["ambush"] += 1
            # Each map goes to the player the draw names, who draws the monster on it.
            for pair in d["passes"]:
                owner = f"{pair['map_of'].lower()}.yaml"
                fit = json.loads(cartoref("fits", owner, "--json").out)
                spaces = fit["options"][0]["cells"] or [first_empty(owner)]
                r = cartoref("place", owner, "--cells", ",".join(spaces))
                assert r.code == 0, r.err
            continue
        card = catalog().deck_card(top["id"])
        if d["ruins_required"]:
            seen["ruins"] += 1
        for p in PLAYERS:
            path = f"{p.lower()}.yaml"
            fit = json.loads(cartoref("fits", path, "--json").out)
            option = next((o for o in fit["options"] if o["placements"]), None)
            if option is None:  # the single-space fallback: one empty space, any terrain
                spaces, terrain = [first_empty(path)], "forest"
            else:
                spaces, terrain = option["cells"], card.terrains[0].word
                if d["ruins_required"]:
                    assert cells(" ".join(spaces)) & SIDE_A_RUINS, "the game's ruins obligation applies"
            r = cartoref("place", path, "--cells", ",".join(spaces), "--terrain", terrain)
            assert r.code == 0, (path, spaces, r.err)
    final = json.loads(cartoref("standings", "--json").out)
    assert final["final"] and final["complete"] and len(final["winners"]) >= 1, final
    assert seen["ruins"] >= 1 and seen["ambush"] >= 1 and seen["late"] == 1, seen
    # Every drawing is in each map's history: the first player's can be taken back one by one.
    assert cartoref("unplace", "ann.yaml").code == 0


def first_empty(path: str) -> str:
    """The first empty space of a map file, in reading order."""
    from cartoref.grid import iter_cells
    from cartoref.mapfile import read_map

    return next(iter_cells(read_map(path).sheet.empty)).label
