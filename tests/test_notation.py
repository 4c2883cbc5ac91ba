"""The one grid notation (cartoref.notation): reading and writing a sheet, the labelled picture
pasted back, lower case on ruins, problems with their places, space labels, and readable reprs.
Every expected text here was worked out by hand from the sheets' printed layouts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from maps import PLAIN, cells, explain_sheets, sheet_from
from test_properties import SETTINGS, sheets

from cartoref.cards import catalog, parse_layout
from cartoref.errors import IllegalPlacement, MapFileError
from cartoref.grid import BOARD, DRAWN, SIZE, Sheet, SheetSide, Terrain, iter_cells, mask_repr
from cartoref.mapfile import format_map, parse_map, read_map
from cartoref.notation import (
    SYMBOL_LIST,
    SYMBOLS,
    NotationError,
    format_grid,
    format_rows,
    format_spaces,
    parse_grid,
    parse_sheet,
    parse_spaces,
    read_grid,
    side_problems,
)
from cartoref.scoring import RULES, CardScore

SIDE_A = catalog().sheet_side("wilderness")
HEADER = "     1  2  3  4  5  6  7  8  9 10 11"

# Side A with a forest on A1 and a farm on the ruins space B6.
ROWS_A1_B6 = [
    "F . . . . . . . . . .",
    ". . . ^ . p . . . . .",
    ". r . . . . . . ^ r .",
    ". . . . . . . . . . .",
    ". . . . . . . . . . .",
    ". . . . . ^ . . . . .",
    ". . . . . . . . . . .",
    ". . . . . . . . . . .",
    ". r ^ . . . . . . r .",
    ". . . . . r . ^ . . .",
    ". . . . . . . . . . .",
]
PICTURE_A1_B6 = f"""\
{HEADER}
  A  F  .  .  .  .  .  .  .  .  .  .
  B  .  .  .  ^  .  p  .  .  .  .  .
  C  .  r  .  .  .  .  .  .  ^  r  .
  D  .  .  .  .  .  .  .  .  .  .  .
  E  .  .  .  .  .  .  .  .  .  .  .
  F  .  .  .  .  .  ^  .  .  .  .  .
  G  .  .  .  .  .  .  .  .  .  .  .
  H  .  .  .  .  .  .  .  .  .  .  .
  I  .  r  ^  .  .  .  .  .  .  r  .
  J  .  .  .  .  .  r  .  ^  .  .  .
  K  .  .  .  .  .  .  .  .  .  .  ."""


def a1_b6() -> Sheet:
    return Sheet.blank(SIDE_A).with_drawn(cells("A1"), Terrain.FOREST).with_drawn(cells("B6"), Terrain.FARM)


# ----------------------------------------------------------------------------- the symbols

def test_the_symbols_are_the_terrain_letters_plus_empty_ruins_and_monster_initials():
    # B: a space both farm and village (the Diplomacy skill), read as both.
    assert set(SYMBOLS) == {t.value for t in Terrain} | {".", "r"} | {"D", "Z", "T", "G"} | {"B"}
    assert sorted(SYMBOL_LIST.split()) == sorted(SYMBOLS)
    assert SYMBOLS["P"] is Terrain.FARM and SYMBOLS["r"] is None and SYMBOLS["."] is None
    assert all(SYMBOLS[x] is Terrain.MONSTER for x in "DZTG")


# ----------------------------------------------------------------------------- formatting

def test_format_writes_lower_case_on_ruins_and_r_for_empty_ruins():
    assert format_rows(a1_b6()) == ROWS_A1_B6


def test_the_labelled_picture():
    assert format_grid(a1_b6(), labels=True) == PICTURE_A1_B6


def test_the_labelled_picture_pastes_back():
    assert sheet_from(PICTURE_A1_B6, "A") == a1_b6()
    assert parse_sheet(PICTURE_A1_B6, SIDE_A) == a1_b6()
    grid = parse_grid(PICTURE_A1_B6)
    assert grid.masks["F"] == cells("A1") and grid.masks["P"] == cells("B6")
    assert grid.ruins == cells("B6 C2 C10 I2 I10 J6")
    # Every symbol keeps its place in the text: sheet column c is character 3 * c + 3 of a row
    # (1-based), so B6's 'p' is on line 3, character 21.
    sym = grid.symbols[next(iter_cells(cells("B6")))]
    assert (sym.text, sym.line + 1, sym.col + 1) == ("p", 3, 21)


def test_the_show_command_prints_a_picture_that_pastes_back(cartoref):
    path = "sample_maps/alice-spring.yaml"
    out = cartoref("show", path).out.splitlines()
    start = next(i for i, line in enumerate(out) if line.split() == [str(c) for c in range(1, 12)])
    picture = "\n".join(out[start:start + 12])
    assert sheet_from(picture, "A") == read_map(path).sheet


@SETTINGS
@given(sheets())
def test_format_then_parse_gives_the_sheet_back_on_the_printed_sides(sheet):
    # The grid holds every symbol; attack marks live beside it (a map file's attacks:).
    sheet = Sheet(sheet.side, sheet.drawn, sheet.initials)
    for labels in (False, True):
        text = format_grid(sheet, labels=labels)
        again = parse_sheet(text, sheet.side)
        assert again == sheet
        assert sheet_from(text, sheet.side) == sheet
        assert format_grid(again, labels=labels) == text


@st.composite
def plain_sheets(draw) -> Sheet:
    """A sheet of the plain side: any symbol on any space, its printed spaces its own."""
    symbols = draw(st.lists(st.sampled_from(".^#rFVPWMXHfvpwmxh"), min_size=SIZE * SIZE, max_size=SIZE * SIZE))
    mountains = wastelands = ruins = 0
    drawn = {t: 0 for t in DRAWN}
    for cell, ch in zip(iter_cells(BOARD), symbols):
        if ch == "^":
            mountains |= cell.bit
        elif ch == "#":
            wastelands |= cell.bit
        elif ch != ".":
            ruins |= cell.bit if ch.islower() else 0
            if ch != "r":
                drawn[Terrain(ch.upper())] |= cell.bit
    return Sheet(SheetSide("plain", "Plain", "P", mountains, wastelands, ruins), tuple(drawn[t] for t in DRAWN))


@SETTINGS
@given(plain_sheets())
def test_format_then_parse_gives_the_sheet_back_on_the_plain_side(sheet):
    for labels in (False, True):
        text = format_grid(sheet, labels=labels)
        again = sheet_from(text)
        assert again == sheet
        assert format_grid(again, labels=labels) == text


# ----------------------------------------------------------------------------- parsing

def test_spaces_are_optional_rows_may_be_joined_and_lower_case_is_on_ruins():
    grid = parse_grid("Fp./.r^/# .", at="A1")
    assert grid.masks["F"] == cells("A1") and grid.masks["P"] == cells("A2")
    assert grid.masks["."] == cells("A3 B1 C2") and grid.masks["r"] == cells("B2")
    assert grid.masks["^"] == cells("B3") and grid.masks["#"] == cells("C1")
    assert grid.ruins == cells("A2 B2")
    plain = sheet_from("Fp./.r^/# .", at="A1")
    assert plain.side.ruins == cells("A2 B2") and plain.farm == cells("A2") and plain.mountains == cells("B3")


def test_a_patch_lands_where_at_says():
    sheet = sheet_from("W/W", at="J11")
    assert sheet.water == cells("J11 K11")


def test_every_problem_at_once_with_its_place():
    rows = [". . . . . . . . . . ."] * 11
    rows[2] = ". . Q . . . . . . . ."  # C3
    rows[3] = ". . . . . . . . . ."  # row D one short
    with pytest.raises(NotationError) as info:
        parse_grid("\n".join(rows))
    assert str(info.value) == (
        "line 3, column 5: C3: 'Q' is not a map symbol (expected one of . F V P W M ^ # r X H D Z T G B)\n"
        "line 4, column 21: row D has 10 symbols, expected 11 (one per column)")


def test_a_grid_of_the_wrong_size_and_a_patch_off_the_map():
    with pytest.raises(NotationError, match=r"^the map has 2 rows, expected 11 \(rows A to K\)"):
        parse_grid("F/F")
    with pytest.raises(NotationError) as info:
        parse_grid("FF", at="A11")
    assert str(info.value) == "line 1, column 2: 'F' falls off the map (the diagram starts at A11)"


def test_a_labelled_row_with_the_wrong_letter():
    text = PICTURE_A1_B6.replace("  C  .  r", "  D  .  r")
    with pytest.raises(NotationError) as info:
        parse_grid(text)
    # Only the label is wrong: the symbols after it are read as row C's.
    assert str(info.value) == "line 4, column 3: row C should start with its letter C (the grid has a header of column numbers)"


def test_a_printed_side_wants_its_ruins_written_as_ruins():
    # Side A: B6 is a ruins space, B1 is not, B4 is a mountain.
    grid = read_grid("p..^.F", at="B1")
    assert [p.render() for p in side_problems(grid, SIDE_A)] == [
        ("line 1, column 1: B1: the Wilderness side has no ruins here; expected 'P', not 'p' "
         "(lower case is a drawing on ruins)"),
        "line 1, column 6: B6: the Wilderness side prints ruins here; expected 'f', not 'F'",
    ]
    # A map file may write either case: only the printed '^' and '#' and a stray 'r' count.
    assert side_problems(grid, SIDE_A, exact_ruins=False) == []
    with pytest.raises(ValueError, match="B6: the Wilderness side prints ruins here; expected 'r'"):
        sheet_from(".", "A", at="B6")


def test_the_plain_side_has_only_what_the_diagram_prints():
    sheet = sheet_from("")
    assert sheet == Sheet.blank(PLAIN)


# ----------------------------------------------------------------------------- map files

def test_a_map_file_is_written_in_lower_case_on_ruins_and_read_in_either_case():
    text = format_map(parse_map("sheet: A\nmap: |\n" + "".join(f"  {r}\n" for r in ROWS_A1_B6)))
    assert "\n  . . . ^ . p . . . . .\n" in text
    upper = "sheet: A\nmap: |\n" + "".join(f"  {r.upper()}\n" for r in ROWS_A1_B6)
    assert parse_map(upper).sheet == parse_map(text).sheet == a1_b6()


def test_a_map_file_takes_the_picture_under_a_kept_indentation():
    text = "sheet: A\nmap: |2\n" + PICTURE_A1_B6 + "\n"
    assert parse_map(text).sheet == a1_b6()
    bad = text.replace("  C  .  r", "  C  .  Q")
    with pytest.raises(MapFileError) as info:
        parse_map(bad, "pic.yaml")
    # Row C is line 6 of the file; its second symbol stands in column 9.
    assert str(info.value).splitlines()[0] == (
        "pic.yaml:6:9: C2: 'Q' is not a map symbol (expected one of . F V P W M ^ # r X H D Z T G B)")


def test_parse_layout_reads_the_printed_spaces_and_refuses_drawings():
    masks = parse_layout("\n".join(" ".join(r).replace("F", ".").replace("p", "r") for r in ROWS_A1_B6))
    assert masks == {"^": SIDE_A.mountains, "#": 0, "r": SIDE_A.ruins}
    with pytest.raises(ValueError) as info:
        parse_layout("\n".join(ROWS_A1_B6).replace("p", "r"))
    assert str(info.value) == "a layout is 11 rows of 11 symbols (. ^ # r); A1: 'F' is not a layout symbol (. ^ # r)"
    with pytest.raises(ValueError) as info:
        parse_layout("\n".join(ROWS_A1_B6[:10]).replace("F", ".").replace("p", "r"))
    assert str(info.value) == "a layout is 11 rows of 11 symbols (. ^ # r); the map has 10 rows, expected 11 (rows A to K)"


# ----------------------------------------------------------------------------- space labels

@pytest.mark.parametrize("text", ["B4,B5,C5", "b4 b5 c5", " B4, b5 ,C5 ", "C5;B4;B5", "B4\tB5\nC5"])
def test_parse_spaces_forms(text):
    assert parse_spaces(text) == cells("B4 B5 C5")


@pytest.mark.parametrize("text, message", [
    ("B4,B4", "B4 is named twice"),
    ("b4 B4", "B4 is named twice"),
    ("", "no spaces named (give them like B4,B5,C5)"),
    (" , ;", "no spaces named (give them like B4,B5,C5)"),
    ("L3", "L3 is off the map (rows A-K, columns 1-11)"),
    ("a0", "a0 is off the map (rows A-K, columns 1-11)"),
    ("4B", "'4B' is not a space (write a row letter A-K and a column 1-11, like C4)"),
    ("A12, C4, 4B, c4", ("A12 is off the map (rows A-K, columns 1-11); "
                        "'4B' is not a space (write a row letter A-K and a column 1-11, like C4); "
                        "C4 is named twice")),
])
def test_parse_spaces_refusals(text, message):
    with pytest.raises(IllegalPlacement) as info:
        parse_spaces(text)
    assert str(info.value) == message
    assert info.value.code == "bad-spaces"


def test_format_spaces_reads_back():
    mask = cells("C5 B4 K11 B5")
    assert format_spaces(mask) == "B4, B5, C5, K11"
    assert parse_spaces(format_spaces(mask)) == mask


# ----------------------------------------------------------------------------- reprs

def test_sheet_repr_is_the_picture():
    sheet = sheet_from("F", at="A1")
    dots = "  .  .  .  .  .  .  .  .  .  ."
    lines = repr(sheet).splitlines()
    assert lines[:3] == ["Sheet(plain)", HEADER, "  A  F" + dots]
    assert lines[3:] == [f"  {letter}  ." + dots for letter in "BCDEFGHIJK"]
    assert repr(a1_b6()) == "Sheet(wilderness)\n" + PICTURE_A1_B6


def test_card_score_repr_names_the_spaces():
    result = CardScore(2, cells("A1 B4"), "why", (cells("A1"), cells("B4")))
    assert repr(result) == "CardScore(points=2, cells={A1, B4}, reason='why', groups=({A1}, {B4}))"
    assert repr(CardScore(0, 0, "none")) == "CardScore(points=0, cells={}, reason='none', groups=())"
    assert repr(CardScore(1, cells("K11"), "one", (cells("K11"),))).endswith("groups=({K11},))")
    # Sentinel Wood: a forest on the edge scores a star; A1 is on the edge.
    assert "cells={A1}" in repr(RULES["sentinel-wood"](sheet_from("F", at="A1")))


def test_sheet_side_and_mask_reprs():
    assert repr(SIDE_A) == (
        "SheetSide(id='wilderness', name='Wilderness', letter='A', mountains={B4, C9, F6, I3, J8}, "
        "wastelands={}, ruins={B6, C2, C10, I2, I10, J6}, coin_track=14)")
    assert mask_repr(cells("A2 A1")) == "{A1, A2}"
    # Bit 11 is the spare column after A11: never a space, so a repr shows it as a bug.
    assert mask_repr(1 << 11 | 1) == "{A1, off the board: 0x800}"


def test_explain_sheets_draws_both_and_names_the_spaces_that_differ():
    left, right = sheet_from("F.", "A", at="A1"), sheet_from("V.", "A", at="A5")
    lines = explain_sheets("==", left, right)
    assert lines is not None and len(lines) == 1 + 12 + 1
    assert lines[0] == "Sheet(wilderness) == Sheet(wilderness): left | right"
    assert lines[2] == "  A  F  .  .  .  .  .  .  .  .  .  .  |    A  .  .  .  .  V  .  .  .  .  .  ."
    assert lines[-1] == "spaces that differ (left/right): A1 F/., A5 ./V"
    assert explain_sheets("==", left, 3) is None and explain_sheets("!=", left, right) is None
