"""Heroes on a map file: hero (H) and destroyed (X) spaces, the monsters D Z T G that carry the
initial of their ambush, and the spaces marked by heroes' attack patterns (``attacks:``)."""

from __future__ import annotations

import pytest
from maps import SIDE_A_BLANK, cells

from cartoref.cards import catalog
from cartoref.errors import MapFileError
from cartoref.grid import Cell, Terrain
from cartoref.mapedit import update_map_text
from cartoref.mapfile import format_map, parse_map
from cartoref.scoring import monster_spaces

SIDE_A = catalog().sheet_side("wilderness")
ROWS = [line for line in SIDE_A_BLANK.strip("\n").splitlines()]


def rows_with(**spaces: str) -> list[str]:
    """Side A's blank rows with a few symbols put in: ``rows_with(E5="D")``."""
    grid = [r.split() for r in ROWS]
    for label, sym in spaces.items():
        c = Cell.parse(label)
        grid[c.row][c.col] = sym
    return [" ".join(r) for r in grid]


def text(rows: list[str], extra: str = "") -> str:
    return "sheet: A\n" + extra + "map: |\n" + "".join(f"  {r}\n" for r in rows)


def test_monsters_with_an_initial_are_monster_spaces_that_keep_their_letter():
    # A dragon on E5 E6, a zombie on G2, a troll on H8 and a gorgon on B6, the ruins space of
    # side A (written in lower case there: drawn on ruins), beside a plain monster on K1.
    mf = parse_map(text(rows_with(E5="D", E6="D", G2="Z", H8="T", B6="g", K1="M")))
    s = mf.sheet
    assert s.monster == cells("E5 E6 G2 H8 B6 K1")
    assert s.initials == (cells("E5 E6"), cells("G2"), cells("H8"), cells("B6"))
    assert [s.initial_at(Cell.parse(x)) for x in ("E5", "G2", "H8", "B6", "K1")] == ["D", "Z", "T", "G", None]
    assert s.terrain_at(Cell.parse("H8")) is Terrain.MONSTER
    # The written map keeps every letter, lower case on the ruins space.
    written = format_map(mf)
    assert "  . . . ^ . g . . . . .\n" in written and "  . . . . D D . . . . .\n" in written
    assert parse_map(written) == mf


def test_every_monster_letter_costs_the_empty_spaces_around_it_and_a_destroyed_one_does_not():
    # D on E5 (neighbours D5 F5 E4 E6 all empty: 4) and Z on K11 (J11, K10: 2): 6 stars lost.
    # X on A1 and H on A3 are no monsters: their empty neighbours cost nothing.
    s = parse_map(text(rows_with(E5="D", K11="Z", A1="X", A3="H"))).sheet
    assert monster_spaces(s) == cells("D5 F5 E4 E6 J11 K10")


@pytest.mark.parametrize("line", [
    "attacks: D5 E4 E6 F5\n",
    "attacks: d5, e4,E6 ,F5\n",
    "attacks: [D5, E4, E6, F5]\n",
    "attacks:\n  - D5\n  - E4\n  - E6\n  - F5\n",
])
def test_attack_marks_in_any_form_a_player_types(line):
    s = parse_map(text(rows_with(E5="H"), line)).sheet
    assert s.attacks == cells("D5 E4 E6 F5")
    assert s.filled & s.attacks == 0  # marks fill no space
    assert s.hero == cells("E5")


def test_attack_marks_may_stand_on_filled_spaces_and_round_trip():
    s = parse_map(text(rows_with(E5="H", E6="F"), "attacks: E6, B4\n")).sheet  # B4: a mountain
    assert s.attacks == cells("B4 E6")
    written = format_map(parse_map(text(rows_with(E5="H", E6="F"), "attacks: E6, B4\n")))
    assert "attacks: B4, E6" in written
    assert parse_map(written).sheet == s


@pytest.mark.parametrize("line, message", [
    ("attacks: D5 L3\n", "bad.yaml:2:10: attacks: L3 is off the map (rows A-K, columns 1-11)"),
    ("attacks: D5 D5\n", "bad.yaml:2:10: attacks: D5 is named twice"),
    ("attacks: {D5: 1}\n", "bad.yaml:2:10: attacks should list spaces as printed, like D5 E4 E6"),
])
def test_bad_attack_marks_are_pointed_at(line, message):
    with pytest.raises(MapFileError) as e:
        parse_map(text(ROWS, line), "bad.yaml")
    assert e.value.render().startswith(message)


def test_an_empty_attacks_key_marks_nothing():
    assert parse_map(text(ROWS, "attacks: []\n")).sheet.attacks == 0
    assert parse_map(text(ROWS, "attacks:\n")).sheet.attacks == 0


def test_rewriting_a_file_keeps_marks_and_initials_and_updates_them():
    original = "# mine\n" + text(rows_with(E5="H", G7="T"), "attacks: D5 E4   # from Dobrik\n")
    mf = parse_map(original)
    drawn = mf._replace(sheet=mf.sheet.with_drawn(cells("A1 A2"), Terrain.FOREST))
    updated = update_map_text(original, drawn)
    assert "attacks: D5, E4   # from Dobrik\n" in updated and "# mine\n" in updated
    assert parse_map(updated).sheet == drawn.sheet
    more = drawn._replace(sheet=drawn.sheet.with_attacks(cells("F5")))
    assert "attacks: D5, E4, F5   # from Dobrik" in update_map_text(updated, more)
    # A file without the key gets one when marks appear.
    plain = text(ROWS)
    marked = parse_map(plain)._replace(sheet=parse_map(plain).sheet.with_attacks(cells("K11")))
    assert parse_map(update_map_text(plain, marked)).sheet.attacks == cells("K11")


def test_show_draws_initials_and_attack_zones(cartoref, tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text("player: Ann\n" + text(rows_with(E5="H", G6="D", G7="D"), "attacks: E4 E6\n"))
    r = cartoref("show", str(path))
    assert r.code == 0, r.err
    row_e = next(line for line in r.out.splitlines() if line.startswith("  E "))
    row_g = next(line for line in r.out.splitlines() if line.startswith("  G "))
    # Three characters a space: E4 and E6 in parentheses around the hero on E5.
    assert row_e == "  E  .  .  . (.) H (.) .  .  .  .  ."
    assert row_g.split() == ["G", ".", ".", ".", ".", ".", "D", "D", ".", ".", ".", "."]
    assert "attack zone" in r.out
