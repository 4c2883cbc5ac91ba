"""What a newcomer trips on in the first hour (issue 28): a mistyped command, a card name that
shares nothing with any card, the option a bad space was typed for, a file in the game's place
that is not a game, a picture that says "-0"."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("typed, meant", [("standing", "standings"), ("stauts", "status"), ("scor", "score")])
def test_a_mistyped_command_gets_did_you_mean(cartoref, typed, meant):
    r = cartoref(typed)
    assert r.code == 2 and f"did you mean {meant}" in r.err and "Traceback" not in r.err


def test_a_card_name_sharing_nothing_with_any_card_gets_no_suggestion(cartoref):
    r = cartoref("card", "nope")
    assert r.code == 2 and "did you mean" not in r.err and "cartoref cards" in r.err
    r = cartoref("card", "sentinl wood")  # a typo still gets the card
    assert r.code == 2 and "did you mean 'Sentinel Wood'" in r.err


def test_a_bad_destroy_space_names_destroy_not_cells(cartoref, tmp_path):
    assert cartoref("new-map", "--sheet", "C", "-o", str(tmp_path / "m.yaml")).code == 0
    r = cartoref("place", str(tmp_path / "m.yaml"), "gorgon gaze", "--cells", "A1", "A3", "B2", "--destroy", "Z9",
                 "--no-game")
    assert r.code == 2 and "bad --destroy: Z9 is off the map" in r.err and "--cells" not in r.err


def test_new_over_a_file_that_is_no_game_says_so_first(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cartoref-game.yaml").write_text("hello: 1\n")
    r = cartoref("new", "--players", "Ann,Bob")
    assert r.code == 2 and "not a cartoref game" in r.err and "--force" not in r.err
    assert (tmp_path / "cartoref-game.yaml").read_text() == "hello: 1\n"


def test_a_map_with_no_monster_penalty_says_0_not_minus_0(cartoref, tmp_path):
    assert cartoref("new-map", "--sheet", "A", "-o", str(tmp_path / "m.yaml")).code == 0
    r = cartoref("score", str(tmp_path / "m.yaml"), "--card", "sentinel wood", "--explain", "--svg",
                 str(tmp_path / "m.svg"))
    assert r.code == 0, r.err
    picture = (tmp_path / "m.svg").read_text()
    assert "Monsters: 0 (" in picture and "-0" not in picture
