"""Map files on the Heroes sides C and D: blank maps, every check of the base sides, scoring
Heroes and base cards on them. Printed spaces copied by hand from docs/sources.md (Heroes map
sheets): side C mountains B2 D9 F4 I10 J6, ruins B5 D8 G7 H3 J9 K1; side D mountains B10 D4 F7
I3 I10, wastelands B2 C2 F10 F11 G10 J1 J2, ruins B4 B9 F2 G8 G11 J6."""

from __future__ import annotations

import json

import pytest
from maps import cells

from cartoref.errors import MapFileError
from cartoref.mapfile import parse_map

PRINTED = {
    "C": {"^": "B2 D9 F4 I10 J6", "#": "", "r": "B5 D8 G7 H3 J9 K1"},
    "D": {"^": "B10 D4 F7 I3 I10", "#": "B2 C2 F10 F11 G10 J1 J2", "r": "B4 B9 F2 G8 G11 J6"},
}


def blank_rows(letter: str, **spaces: str) -> list[list[str]]:
    """The blank rows of a side, drawn here from the printed spaces above."""
    grid = [["."] * 11 for _ in range(11)]
    for sym, where in PRINTED[letter].items():
        for label in where.split():
            grid["ABCDEFGHIJK".index(label[0])][int(label[1:]) - 1] = sym
    for label, sym in spaces.items():
        grid["ABCDEFGHIJK".index(label[0])][int(label[1:]) - 1] = sym
    return grid


def map_text(letter: str, rows: list[list[str]], head: str = "") -> str:
    return f"sheet: {letter}\n{head}map: |\n" + "".join("  " + " ".join(r) + "\n" for r in rows)


@pytest.mark.parametrize("name, letter", [("heroes-wilderness", "C"), ("C", "C"), ("heroes-wastelands", "D"),
                                          ("d", "D")])
def test_new_map_prints_a_blank_heroes_side_that_check_accepts(cartoref, tmp_path, name, letter):
    r = cartoref("new-map", "--sheet", name)
    assert r.code == 0, r.err
    mf = parse_map(r.out)
    side = mf.sheet.side
    assert side.letter == letter
    assert (side.mountains, side.wastelands, side.ruins) == tuple(
        cells(PRINTED[letter][k]) if PRINTED[letter][k] else 0 for k in "^#r")
    assert mf.sheet.filled == side.mountains | side.wastelands
    path = tmp_path / "blank.yaml"
    path.write_text(r.out)
    assert cartoref("check", str(path)).code == 0


def test_every_problem_on_side_d_is_reported_at_once_with_its_place(cartoref, tmp_path):
    # A mountain where side D prints none (A1), a wasteland left out (B2 written '.'), a ruins
    # symbol off the ruins (K11 'r'): three problems, each at its space.
    rows = blank_rows("D", A1="^", B2=".", K11="r")
    path = tmp_path / "d.yaml"
    path.write_text(map_text("D", rows))
    r = cartoref("check", str(path))
    assert r.code == 2
    lines = [line for line in r.err.splitlines() if line.startswith(str(path))]
    assert [line.split(": ")[1] for line in lines] == ["A1", "B2", "K11"]
    assert "the Wastelands side prints no mountain here" in lines[0]
    assert "prints a wasteland here; expected '#', not '.'" in lines[1]
    assert "has no ruins here" in lines[2]


def test_a_terrain_on_a_side_c_ruins_space_keeps_the_ruins_under_it():
    mf = parse_map(map_text("C", blank_rows("C", K1="P", G7="f")))
    assert mf.sheet.farm == cells("K1") and mf.sheet.forest == cells("G7")
    assert mf.sheet.ruins & cells("K1 G7") == cells("K1 G7")


def test_heroes_and_base_cards_score_a_heroes_sheet(cartoref, tmp_path):
    # Side C, forest on A1 A2 A3 (row A: three forests) and K2 (row K: one).
    # Sleepy Valley: 4 per row with 3 or more forests: row A only = 4.
    # Sentinel Wood (base): forests on the edge: A1 A2 A3 K2 = 4.
    # A dragon on E5 E6 costs its empty neighbours D5 D6 F5 F6 E4 E7 = 6; the destroyed space
    # X on H8 and the hero on H1 cost nothing. Coins 2: 4 + 4 + 2 - 6 = 4.
    rows = blank_rows("C", A1="F", A2="F", A3="F", K2="F", E5="D", E6="D", H8="X", H1="H")
    path = tmp_path / "c.yaml"
    path.write_text(map_text("C", rows, "coins: 2\nattacks: E6 H2\n"))
    r = cartoref("score", str(path), "--card", "sleepy valley", "--card", "sentinel wood", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert [(c["id"], c["score"]) for c in data["cards"]] == [("sleepy-valley", 4), ("sentinel-wood", 4)]
    assert (data["coins"], data["monsters"], data["total"]) == (2, 6, 4)
    shown = json.loads(cartoref("show", str(path), "--json").out)
    assert shown["grid"][4] == "....DD....." and shown["zones"] == ["E6", "H2"]
    assert shown["grid"][10] == "rF........."  # K1 is an empty ruins space


def test_a_heroes_side_is_refused_where_the_printed_spaces_differ_from_a_base_side():
    # A blank side A written as side C: side C prints no mountain on B4 (side A's) etc.
    text = map_text("C", blank_rows("C", B4="^"))
    with pytest.raises(MapFileError, match="B4: the Wilderness side prints no mountain here"):
        parse_map(text, "x.yaml")
