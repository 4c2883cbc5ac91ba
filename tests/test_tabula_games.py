"""The Tabula Rasa sheet in games and map files: `new --sheet tabula-rasa` rolls it by the game's
seed (the same sheet for every player), `new-map --game` makes it, maps of another roll are
refused, a map drawn by hand is checked against what the dice could make, and the rolled
spaces score as printed ones do."""

from __future__ import annotations

import json

import pytest

from cartoref.grid import Cell


def labels(mask: int) -> set[str]:
    from cartoref.grid import iter_cells

    return {c.label for c in iter_cells(mask)}


def side_by_side(spaces: list[str]) -> list[tuple[str, str]]:
    cells = [Cell.parse(s) for s in spaces]
    return [(a.label, b.label) for i, a in enumerate(cells) for b in cells[i + 1:]
            if abs(a.row - b.row) + abs(a.col - b.col) == 1]


def map_rows(text: str) -> list[str]:
    rows = text.split("map: |\n", 1)[1].splitlines()
    return [r.strip() for r in rows[:11]]


def symbol_spaces(rows: list[str], wanted: str) -> set[str]:
    return {f"{'ABCDEFGHIJK'[r]}{c + 1}" for r, row in enumerate(rows) for c, s in enumerate(row.split())
            if s == wanted}


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_game_rolls_one_sheet_that_every_players_map_is_made_on(cartoref, in_tmp):
    r = cartoref("new", "--players", "Ann,Bob", "--sheet", "tabula-rasa", "--seed", "12")
    assert r.code == 0, r.err
    assert "Tabula Rasa side (T)" in r.out and "The dice (seed 12) put the mountains at" in r.out
    roll = json.loads(cartoref("status", "--json").out)["sheet_roll"]
    assert roll["seed"] == 12 and roll["wastelands"] is False and roll["wasteland_spaces"] == []
    # What the rules ask of the dice: 5 mountains, 6 ruins, none on another, none side by side.
    assert len(roll["mountains"]) == 5 and len(roll["ruins"]) == 6
    assert not set(roll["mountains"]) & set(roll["ruins"])
    assert side_by_side(roll["mountains"]) == [] and side_by_side(roll["ruins"]) == []
    # The sentence names the same spaces as the JSON.
    assert ", ".join(roll["mountains"]) in r.out.replace("\n  ", " ")
    # Each player's map is made on that sheet, with the roll written in it.
    for name in ("Ann", "Bob"):
        assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", name, "-o", f"{name}.yaml").code == 0
        text = (in_tmp / f"{name}.yaml").read_text()
        assert "sheet: tabula-rasa" in text and "\nroll: 12 " in text
        rows = map_rows(text)
        assert symbol_spaces(rows, "^") == set(roll["mountains"]) and symbol_spaces(rows, "r") == set(roll["ruins"])
    # They are played on as any map: the first card drawn on A1's row, or wherever it fits.
    assert cartoref("draw").code == 0
    assert cartoref("hint", "Ann.yaml", "--quick").code == 0


def test_the_same_seed_rolls_the_same_sheet_and_another_seed_another(cartoref, in_tmp):
    rolls = []
    for seed in ("12", "12", "13"):
        assert cartoref("new", "--players", "Ann,Bob", "--sheet", "T", "--seed", seed, "--force").code == 0
        rolls.append(json.loads(cartoref("status", "--json").out)["sheet_roll"])
    assert rolls[0] == rolls[1]
    assert (rolls[2]["mountains"], rolls[2]["ruins"]) != (rolls[0]["mountains"], rolls[0]["ruins"])


def test_a_map_of_another_roll_is_refused_naming_where_the_games_dice_put_the_spaces(cartoref, in_tmp):
    assert cartoref("new", "--players", "Ann,Bob", "--sheet", "tabula-rasa", "--seed", "12").code == 0
    roll = json.loads(cartoref("status", "--json").out)["sheet_roll"]
    assert cartoref("new-map", "--sheet", "tabula-rasa", "--seed", "13", "--player", "Ann", "-o", "a.yaml").code == 0
    assert cartoref("draw").code == 0
    r = cartoref("place", "a.yaml", "--cells", "A1")
    assert r.code == 2
    assert "not where this game's dice put them" in r.err and ", ".join(roll["mountains"]) in r.err
    assert "cartoref new-map --game" in r.err and "Traceback" not in r.err
    # A printed side is refused as before.
    assert cartoref("new-map", "--sheet", "A", "-o", "b.yaml").code == 0
    r = cartoref("place", "b.yaml", "--cells", "A1")
    assert r.code == 2 and "on the wilderness side but this game uses tabula-rasa" in r.err


def test_wastelands_are_rolled_too_when_asked_and_kept_in_the_game_file(cartoref, in_tmp):
    assert cartoref("new", "--players", "Ann,Bob", "--sheet", "tabula-rasa", "--wastelands", "--seed", "4").code == 0
    assert "wastelands: true" in (in_tmp / "cartoref-game.yaml").read_text()
    roll = json.loads(cartoref("status", "--json").out)["sheet_roll"]
    assert roll["wastelands"] is True and len(roll["wasteland_spaces"]) == 7
    taken = roll["mountains"] + roll["ruins"] + roll["wasteland_spaces"]
    assert len(set(taken)) == 18
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "-o", "m.yaml").code == 0
    text = (in_tmp / "m.yaml").read_text()
    assert "roll: 4 with wastelands" in text
    assert symbol_spaces(map_rows(text), "#") == set(roll["wasteland_spaces"])


@pytest.mark.parametrize("args, said", [
    (("new", "--players", "Ann,Bob", "--sheet", "A", "--wastelands"), "wastelands are rolled only on a sheet"),
    (("new-map", "--sheet", "tabula-rasa"), "give the seed to roll them by (--seed N)"),
    (("new-map", "--sheet", "A", "--seed", "3"), "the wilderness side prints its spaces"),
])
def test_a_roll_asked_of_the_wrong_sheet_is_a_usage_error(cartoref, in_tmp, args, said):
    r = cartoref(*args)
    assert r.code == 2 and said in r.err and "Traceback" not in r.err


def test_new_map_for_a_game_takes_no_roll_of_its_own(cartoref, in_tmp):
    assert cartoref("new", "--players", "Ann,Bob", "--sheet", "T", "--seed", "12").code == 0
    r = cartoref("new-map", "--game", "cartoref-game.yaml", "--seed", "5")
    assert r.code == 2 and "--seed: a map for the game" in r.err


# A sheet drawn by hand from the table's own dice: the map's spaces are its layout.
HAND = """\
sheet: tabula-rasa
coins: 0
map: |
  ^ . . . r . . . . . .
  . . . . . . . . . . .
  . r . . . . ^ . . . .
  . . . . . . . . . . .
  . . . ^ . . . . r . .
  . . . . . . . . . . .
  . . r . . . . . . ^ .
  . . . . . . . . . . .
  . . . . . ^ . . . . .
  . r . . . . . . r . .
  . . . . . . . . . . .
"""


def test_a_hand_rolled_map_is_its_own_layout(cartoref, in_tmp):
    from cartoref.mapfile import parse_map

    mf = parse_map(HAND, "hand.yaml")
    assert labels(mf.sheet.side.mountains) == {"A1", "C7", "E4", "G10", "I6"}
    assert labels(mf.sheet.side.ruins) == {"A5", "C2", "E9", "G3", "J2", "J9"}
    assert mf.sheet.side.roll is None
    (in_tmp / "hand.yaml").write_text(HAND)
    assert cartoref("check", "hand.yaml").code == 0


@pytest.mark.parametrize("change, where, said", [
    # A sixth mountain beside the first: the count, and the two spaces side by side.
    (("^ . . . r", "^ ^ . . r"), "hand.yaml:4:5: A2:", "two mountains side by side"),
    (("^ . . . r", "^ ^ . . r"), "hand.yaml:3:6:", "the dice place 5 mountains on the Tabula Rasa sheet; the map shows 6"),
    # A ruins moved beside another.
    ((". r . . . . ^", "r r . . . . ^"), "hand.yaml:6:3: C1:", "two ruins side by side"),
    # Three wasteland spaces: 0 or 7.
    (("  . . . . . . . . . . .\n  . r . . . . ^", "  # # # . . . . . . . .\n  . r . . . . ^"), "hand.yaml:3:6:",
     "the dice place 0 or 7 wasteland spaces"),
])
def test_a_hand_rolled_map_the_dice_could_not_make_is_refused_where_it_is_wrong(cartoref, in_tmp, change, where,
                                                                               said):
    text = HAND.replace(*change, 1)
    assert text != HAND
    (in_tmp / "hand.yaml").write_text(text)
    r = cartoref("check", "hand.yaml")
    assert r.code == 2 and "Traceback" not in r.err
    assert any(where in line and said in line for line in r.err.splitlines()), r.err


def test_a_roll_on_a_printed_side_or_not_a_number_is_refused(cartoref, in_tmp):
    (in_tmp / "a.yaml").write_text("sheet: wilderness\nroll: 3\nmap: |\n" + "  . . . . . . . . . . .\n" * 11)
    r = cartoref("check", "a.yaml")
    assert r.code == 2 and "a.yaml:2:" in r.err and "only a sheet the dice make (tabula-rasa) has a roll" in r.err
    (in_tmp / "t.yaml").write_text(HAND.replace("coins: 0", "roll: twelve\ncoins: 0"))
    r = cartoref("check", "t.yaml")
    assert r.code == 2 and "t.yaml:2:7:" in r.err and "as in 17 or 17 with wastelands" in r.err


def test_a_map_with_its_roll_is_checked_against_what_the_dice_make(cartoref, in_tmp):
    assert cartoref("new-map", "--sheet", "T", "--seed", "12", "-o", "m.yaml").code == 0
    text = (in_tmp / "m.yaml").read_text()
    assert cartoref("check", "m.yaml").code == 0
    (in_tmp / "n.yaml").write_text(text.replace("roll: 12", "roll: 13"))
    r = cartoref("check", "n.yaml")
    assert r.code == 2 and "the Tabula Rasa side prints" in r.err


# The Golden Granary: one star a water space next to ruins, three a farm space on ruins.
# On HAND: water at A4 (beside ruins A5) and at B5 (below A5), a farm on ruins C2 (written
# lower case), water at D2 (below ruins C2): 1 + 1 + 1 = 3 for the waters, 3 for the farm.
SCORED = HAND.replace("^ . . . r . . . . . .", "^ . . W r . . . . . .", 1).replace(
    "  . . . . . . . . . . .\n  . r . . . . ^", "  . . . . W . . . . . .\n  . p . . . . ^", 1).replace(
    "  . . . . . . . . . . .\n  . . . ^", "  . W . . . . . . . . .\n  . . . ^", 1)


def test_the_rolled_ruins_score_as_printed_ones_do(cartoref, in_tmp):
    (in_tmp / "s.yaml").write_text(SCORED)
    r = cartoref("score", "s.yaml", "--card", "the golden granary", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["cards"][0]["score"] == 3 + 3


def test_a_photo_of_a_rolled_sheet_is_not_read_but_said_so(cartoref, in_tmp):
    from PIL import Image

    Image.new("RGB", (64, 64), "white").save(in_tmp / "p.png")
    r = cartoref("read", "p.png", "--sheet", "tabula-rasa")
    assert r.code == 2 and "is not read from a photo" in r.err and "new-map --game" in r.err
