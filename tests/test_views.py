"""What a player typed is printed exactly as typed: names are never read as rich markup."""

from __future__ import annotations

import json
import os
import re

import pytest
from conftest import SAMPLES

with open(os.path.join(SAMPLES, "alice-spring.yaml"), encoding="utf-8") as _f:
    ALICE_TEXT = _f.read()

NAMES = ["[/bold] x", "[red]Al", "[bold]Ann[/bold]", "Bob [link=http://x]y[/link]", "\\[escaped]"]


def map_for(tmp_path, name: str):
    path = tmp_path / "m.yaml"
    path.write_text(ALICE_TEXT.replace("player: Alice", "player: " + json.dumps(name)), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", NAMES)
def test_show_prints_the_player_name_as_typed(cartoref, tmp_path, name):
    r = cartoref("show", map_for(tmp_path, name))
    assert r.code == 0, r.err
    assert r.out.splitlines()[0] == f"{name}: Wilderness (side A), 3 coins"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("explain", [[], ["--explain"]])
def test_score_prints_the_player_name_as_typed(cartoref, tmp_path, name, explain):
    r = cartoref("score", map_for(tmp_path, name), *explain)
    assert r.code == 0, r.err
    assert f"{name} (Wilderness, spring)" in r.out
    # Total: Sentinel Wood 6 + Wildholds 8 + coins 3 - monsters 5 = 12 (tests/test_cli_score.py).
    assert re.search(r"Total\s+\|\s+12\s+\|", r.out)


def test_several_maps_list_each_name_as_typed_in_the_summary(cartoref, tmp_path):
    one = map_for(tmp_path, "[red]Al")
    two = tmp_path / "two.yaml"
    two.write_text(ALICE_TEXT.replace("player: Alice", 'player: "[/bold] x"'), encoding="utf-8")
    r = cartoref("score", one, str(two))
    assert r.code == 0, r.err
    summary = r.out.split("Summary")[1]
    assert "[red]Al" in summary and "[/bold] x" in summary


def test_a_game_players_names_are_printed_as_typed(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--players", "[red]Al,[/bold] x", "--seed", "1")
    assert r.code == 0, r.err
    assert "a game for 2 players: [red]Al, [/bold] x," in r.out
    r = cartoref("standings")
    assert r.code == 0 and "[red]Al" in r.out and "[/bold] x" in r.out


def test_piped_output_has_no_box_drawing_characters_nor_colour(cartoref):
    r = cartoref("score", os.path.join(SAMPLES, "alice-spring.yaml"), "--explain")
    assert r.code == 0
    assert not re.search("[\u2500-\u257f]", r.out) and "\x1b[" not in r.out
    assert "| Total" in r.out
