"""Map files: parsing good files, reporting every problem of a bad one with its place, the
parse/format pair, and rewriting a file in place (update_map_text)."""

from __future__ import annotations

import re

import pytest
from maps import cells, labels, sheet_from

from cartoref.cards import catalog
from cartoref.errors import MapFileError
from cartoref.grid import Sheet
from cartoref.mapedit import update_map_text
from cartoref.mapfile import (
    LEGEND,
    MapFile,
    blank_map,
    coin_warnings,
    format_grid,
    format_map,
    parse_map,
    read_map,
)

SIDE_A = catalog().sheet_side("wilderness")
SIDE_B = catalog().sheet_side("wastelands")

# The printed rows of each side, as a player starts them.
ROWS_A = [
    ". . . . . . . . . . .",
    ". . . ^ . r . . . . .",
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
ROWS_B = [
    ". . . . . . . . . . .",
    ". . . . . . r . ^ . .",
    ". . r ^ . . . . . . .",
    ". . . . . # . . . . .",
    ". . . . # # r . . . .",
    ". . . . # # # . . . .",
    ". r . . . # . . . . .",
    ". . . . . ^ . . r . .",
    ". . . . . . . . . ^ .",
    ". . ^ r . . . . . . .",
    ". . . . . . . . . . .",
]


def map_text(head: str = "sheet: A\n", rows: list[str] = ROWS_A, tail: str = "") -> str:
    """A map file: the head lines, then 'map: |' and the rows indented by two spaces."""
    return head + "map: |\n" + "".join(f"  {r}\n" for r in rows) + tail


def put(rows: list[str], label: str, symbol: str) -> list[str]:
    """The rows with one space's symbol replaced (rows written with spaces)."""
    r, c = ord(label[0]) - ord("A"), int(label[1:]) - 1
    out = [row.split() for row in rows]
    out[r][c] = symbol
    return [" ".join(row) for row in out]


def problems(text: str, name: str = "bad.yaml") -> list[str]:
    """The rendered problems of a file that must not parse, one string each."""
    with pytest.raises(MapFileError) as info:
        parse_map(text, name)
    return [p.render() for p in info.value.problems]


def only_problem(text: str) -> str:
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


# ----------------------------------------------------------------------------- good files

def test_a_blank_side_a():
    mf = parse_map(map_text("player: Alice\nsheet: wilderness\ncoins: 3\n"), "alice.yaml")
    assert mf.sheet == Sheet.blank(SIDE_A)
    assert (mf.player, mf.coins, mf.edicts, mf.season, mf.name) == ("Alice", 3, None, None, "alice.yaml")


def test_optional_keys_default():
    mf = parse_map(map_text())
    assert (mf.player, mf.coins, mf.edicts, mf.season, mf.warnings) == (None, 0, None, None, ())


@pytest.mark.parametrize("name, side", [
    ("A", SIDE_A), ("a", SIDE_A), ("wilderness", SIDE_A), ("Wilderness", SIDE_A),
    ("B", SIDE_B), ("wastelands", SIDE_B), ("WASTELANDS", SIDE_B),
])
def test_sheet_names(name, side):
    rows = ROWS_A if side is SIDE_A else ROWS_B
    assert parse_map(map_text(f"sheet: {name}\n", rows)).sheet.side == side


DRAWN_A = put(put(put(put(ROWS_A, "A1", "F"), "A2", "V"), "K11", "W"), "E5", "M")
DRAWN_A = put(put(DRAWN_A, "F7", "P"), "G7", "X")


def test_symbols_with_and_without_spaces_and_in_any_case():
    spaced = parse_map(map_text(rows=DRAWN_A)).sheet
    tight = parse_map(map_text(rows=[r.replace(" ", "") for r in DRAWN_A])).sheet
    lower = parse_map(map_text(rows=[r.lower() for r in DRAWN_A])).sheet
    assert spaced == tight == lower
    assert labels(spaced.forest) == {"A1"} and labels(spaced.village) == {"A2"}
    assert labels(spaced.water) == {"K11"} and labels(spaced.monster) == {"E5"}
    assert labels(spaced.farm) == {"F7"} and labels(spaced.destroyed) == {"G7"}


def test_ruins_under_terrain_stay_ruins():
    # B6 is a ruins space on side A: a farm drawn on it, an empty 'r' and a '.' elsewhere.
    sheet = parse_map(map_text(rows=put(put(ROWS_A, "B6", "P"), "C2", "."))).sheet
    assert labels(sheet.farm) == {"B6"}
    assert labels(sheet.ruins) == {"B6", "C2", "C10", "I2", "I10", "J6"}
    assert sheet.filled & cells("B6") and not sheet.filled & cells("C2 C10")


def test_side_b_with_wastelands_and_terrain():
    sheet = parse_map(map_text("sheet: B\n", put(ROWS_B, "E7", "w"))).sheet
    assert labels(sheet.water) == {"E7"}
    assert labels(sheet.wastelands) == {"D6", "E5", "E6", "F5", "F6", "F7", "G6"}


@pytest.mark.parametrize("line", [
    "edicts: [sentinel wood, Wildholds, THE BROKEN ROAD, canal-lake]",
    "edicts: sentinel wood,wildholds , broken road, Canal Lake",
    "edicts: 'Sentinel-Wood, wildholds, the-broken-road, canal lake'",
    "edicts:\n  - sentinel wood\n  - wildholds\n  - broken road\n  - canal lake",
])
def test_edicts_in_any_form(line):
    mf = parse_map(map_text(f"sheet: A\n{line}\n"))
    assert mf.edicts == ("sentinel-wood", "wildholds", "the-broken-road", "canal-lake")


@pytest.mark.parametrize("word, season", [("spring", "spring"), ("Summer", "summer"), ("fall", "autumn"),
                                          ("AUTUMN", "autumn"), ("winter", "winter")])
def test_season(word, season):
    assert parse_map(map_text(f"sheet: A\nseason: {word}\n")).season == season


def test_map_as_a_list_of_rows_and_keys_in_any_case():
    text = "SHEET: A\nMap:\n" + "".join(f"  - '{r}'\n" for r in DRAWN_A)
    assert parse_map(text).sheet == parse_map(map_text(rows=DRAWN_A)).sheet


def test_windows_line_endings_and_a_byte_order_mark():
    text = "\ufeff" + map_text(rows=DRAWN_A).replace("\n", "\r\n")
    assert parse_map(text).sheet == parse_map(map_text(rows=DRAWN_A)).sheet


def test_coin_warning_when_a_surrounded_mountain_has_no_coin():
    # B4 (side A) with A4, C4, B3 and B5 filled is surrounded: it earned a coin.
    rows = put(put(put(put(ROWS_A, "A4", "F"), "C4", "F"), "B3", "V"), "B5", "M")
    assert parse_map(map_text("sheet: A\ncoins: 1\n", rows)).warnings == ()
    warned = parse_map(map_text("sheet: A\ncoins: 0\n", rows)).warnings
    assert len(warned) == 1 and "surrounds 1 mountain" in warned[0] and "0 coins" in warned[0]


def test_coin_warning_counts_wasteland_as_filled():
    # Side B: H6 has the wasteland G6 above it, so H5, H7 and I6 surround it.
    sheet = sheet_from("F^F/.F.", "B", at="H5")
    assert coin_warnings(sheet, 0) and not coin_warnings(sheet, 1)


# ----------------------------------------------------------------------------- bad files

def test_not_yaml():
    msg = only_problem("player: Alice\nsheet: 'A\n")
    assert re.match(r"bad\.yaml:\d+:\d+: not valid YAML: ", msg), msg


def test_not_a_mapping():
    msg = only_problem("- sheet: A\n- map: x\n")
    assert msg.startswith("bad.yaml:1:1: expected a mapping with the keys sheet, map")


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file(text):
    assert only_problem(text).startswith("bad.yaml:1:1: the file is empty; expected a mapping")


def test_missing_keys_are_all_reported():
    found = problems("player: Alice\ncoins: 2\n")
    assert [p.splitlines()[0] for p in found] == [
        "bad.yaml:1:1: missing key 'sheet' (a map file needs sheet: and map:)",
        "bad.yaml:1:1: missing key 'map' (a map file needs sheet: and map:)",
    ]


def test_unknown_key_with_did_you_mean():
    msg = only_problem(map_text("sheet: A\ncoin: 3\n"))
    assert msg.startswith("bad.yaml:2:1: unknown key 'coin' (did you mean 'coins'?); expected player, sheet,")


def test_key_given_twice():
    assert only_problem(map_text("sheet: A\nsheet: A\n")).startswith("bad.yaml:2:1: key 'sheet' is given twice")


@pytest.mark.parametrize("rows, count", [(ROWS_A[:10], 10), (ROWS_A + [ROWS_A[0]], 12)])
def test_wrong_row_count(rows, count):
    msg = only_problem(map_text(rows=rows))
    assert msg.startswith(f"bad.yaml:2:6: the map has {count} rows, expected 11 (rows A to K)")


def test_row_too_short():
    rows = list(ROWS_A)
    rows[2] = rows[2][:-2]  # row C loses C11
    msg = only_problem(map_text(rows=rows))
    # Line 5 (row C); the caret goes just after the last symbol, where C11 should be.
    assert msg.startswith("bad.yaml:5:23: row C has 10 symbols, expected 11 (one per column)")


def test_row_too_long():
    rows = list(ROWS_A)
    rows[10] += " ."
    assert only_problem(map_text(rows=rows)).startswith(
        "bad.yaml:13:25: row K has 12 symbols, expected 11 (one per column)")


def test_unknown_symbol():
    msg = only_problem(map_text(rows=put(ROWS_A, "D4", "Q")))
    assert msg.startswith("bad.yaml:6:9: D4: 'Q' is not a map symbol (expected one of . F V P W M ^ # r X H D Z T G B)")


def test_unknown_symbol_without_spaces_points_at_it():
    rows = [r.replace(" ", "") for r in put(ROWS_A, "D4", "Q")]
    assert only_problem(map_text(rows=rows)).startswith("bad.yaml:6:6: D4: 'Q' is not a map symbol")
    # '?' is a space `cartoref read` left undecided: named as such, not as a stranger symbol.
    rows = [r.replace(" ", "") for r in put(ROWS_A, "D4", "?")]
    assert only_problem(map_text(rows=rows)).startswith("bad.yaml:6:6: D4: not read yet ('?'")


def test_caret_under_the_symbol():
    lines = only_problem(map_text(rows=put(ROWS_A, "D4", "Q"))).splitlines()
    assert lines[1] == "      . . . Q . . . . . . ."
    assert lines[2] == "    " + " " * 8 + "^"


@pytest.mark.parametrize("side,space,symbol,expected", [
    ("A", "B4", ".", "bad.yaml:4:9: B4: the Wilderness side prints a mountain here; expected '^', not '.'"),
    ("A", "F6", "F", "bad.yaml:8:13: F6: the Wilderness side prints a mountain here; expected '^', not 'F'"),
    ("A", "A1", "^", "bad.yaml:3:3: A1: the Wilderness side prints no mountain here; expected '.'"),
    # side A's mountain B4 typed on side B: misplaced there
    ("B", "B4", "^", "bad.yaml:4:9: B4: the Wastelands side prints no mountain here"),
    ("B", "F6", ".", "bad.yaml:8:13: F6: the Wastelands side prints a wasteland here; expected '#', not '.'"),
    ("B", "K11", "#", "bad.yaml:13:23: K11: the Wastelands side prints no wasteland here; expected '.'"),
    ("A", "D6", "#", "bad.yaml:6:13: D6: the Wilderness side prints no wasteland here"),
    ("A", "A1", "r", "bad.yaml:3:3: A1: the Wilderness side has no ruins here; expected '.' or a drawn terrain"),
    # r on a mountain is one problem, not two
    ("A", "B4", "r", "bad.yaml:4:9: B4: the Wilderness side prints a mountain here; expected '^', not 'r'"),
])
def test_printed_spaces_must_match_the_sheet(side, space, symbol, expected):
    if side == "A":
        text = map_text(rows=put(ROWS_A, space, symbol))
    else:
        text = map_text("sheet: B\n", put(ROWS_B, space, symbol))
    assert only_problem(text).startswith(expected)


@pytest.mark.parametrize("value", ["15", "-1", "three", "3.5", "²", "1e1", "[3]"])
def test_coins_out_of_range_or_not_a_number(value):
    msg = only_problem(map_text(f"sheet: A\ncoins: {value}\n"))
    assert msg.startswith("bad.yaml:2:8: coins should ")
    assert "whole number from 0 to 14" in msg or "single value" in msg


def test_unknown_sheet():
    msg = only_problem(map_text("sheet: E\n"))
    assert msg.startswith("bad.yaml:1:8: unknown sheet 'E'; expected one of wilderness (A), wastelands (B), "
                          "heroes-wilderness (C), heroes-wastelands (D)")


def test_empty_sheet_is_one_problem():
    assert only_problem(map_text("sheet:\n")).startswith("bad.yaml:1:7: sheet is empty; expected one of wilderness")


def test_unknown_sheet_still_checks_the_symbols():
    found = problems(map_text("sheet: E\n", put(ROWS_A, "D4", "Q")))
    assert [m.split(":", 3)[1:3] for m in found] == [["1", "8"], ["6", "9"]]


def test_unknown_edict_points_at_the_name():
    msg = only_problem(map_text("sheet: A\nedicts: sentinel wood, wildholdz, canal lake, borderlands\n"))
    assert msg.startswith("bad.yaml:2:24: edicts: unknown scoring card 'wildholdz' (did you mean 'Wildholds'?)")


def test_unknown_edict_in_a_list():
    msg = only_problem(map_text("sheet: A\nedicts: [sentinel wood, wildholds, canal lake, bordrelands]\n"))
    assert msg.startswith("bad.yaml:2:48: edicts: unknown scoring card 'bordrelands' (did you mean 'Borderlands'?)")


@pytest.mark.parametrize("line, expected", [
    ("edicts: [sentinel wood, wildholds, canal lake]", "edicts should list four scoring cards (A, B, C, D), not 3"),
    ("edicts: [sentinel wood, wildholds, canal lake, wildholds]", "edicts should be four different scoring cards"),
])
def test_edicts_count_and_repeats(line, expected):
    assert only_problem(map_text(f"sheet: A\n{line}\n")).startswith(f"bad.yaml:2:9: {expected}")


def test_unknown_season():
    msg = only_problem(map_text("sheet: A\nseason: sprung\n"))
    assert msg.startswith("bad.yaml:2:9: unknown season 'sprung'; expected spring, summer, autumn or winter")


def test_map_without_the_block_bar():
    text = "sheet: A\nmap:\n" + "".join(f"  {r}\n" for r in ROWS_A)
    assert only_problem(text).startswith("bad.yaml:3:3: the map's rows run together; write 'map: |'")


def test_wasteland_in_an_unquoted_list_row():
    # In a YAML list, " #" starts a comment: row D of side B would silently lose D6-D11.
    text = "sheet: B\nmap:\n" + "".join(f"  - {r}\n" for r in ROWS_B)
    found = problems(text)
    assert [m.split(": ", 1)[0] for m in found] == ["bad.yaml:6:15", "bad.yaml:7:13", "bad.yaml:8:13", "bad.yaml:9:15"]
    assert all("'#' after a space starts a YAML comment here; quote the row" in m for m in found)
    quoted = "sheet: B\nmap:\n" + "".join(f"  - '{r}'\n" for r in ROWS_B)
    assert parse_map(quoted).sheet == Sheet.blank(SIDE_B)


def test_map_missing_its_rows():
    assert only_problem("sheet: A\nmap:\n").startswith("bad.yaml:2:5: map should be a block of 11 lines")


def test_every_problem_at_once_in_file_order():
    head = "player: [Alice]\nsheet: A\ncoins: 20\nseason: sprung\ncolour: red\n"
    rows = put(put(put(ROWS_A, "B4", "."), "C1", "Q"), "K11", "^")
    found = problems(map_text(head, rows))
    places = [m.split(" ", 1)[0] for m in found]
    assert places == ["bad.yaml:1:9:", "bad.yaml:3:8:", "bad.yaml:4:9:", "bad.yaml:5:1:",
                      "bad.yaml:8:9:", "bad.yaml:9:3:", "bad.yaml:17:23:"]
    spaces = [m.split(": ", 2)[1] for m in found[4:]]
    assert spaces == ["B4", "C1", "K11"]


def test_read_map_names_the_file(tmp_path):
    path = tmp_path / "bob.yaml"
    path.write_text(map_text(rows=put(ROWS_A, "D4", "Q")), encoding="utf-8")
    with pytest.raises(MapFileError) as info:
        read_map(str(path))
    assert str(info.value).startswith(f"{path}:6:9: D4: 'Q' is not a map symbol")


def test_read_map_missing_file_and_binary_file(tmp_path):
    with pytest.raises(MapFileError, match="cannot read the map file"):
        read_map(str(tmp_path / "nowhere.yaml"))
    binary = tmp_path / "photo.yaml"
    binary.write_bytes(b"\xff\xd8\xff\xe0 not text")
    with pytest.raises(MapFileError, match="not a text file"):
        read_map(str(binary))


# ----------------------------------------------------------------------------- format

def test_blank_map_round_trips_with_the_legend():
    for side in (SIDE_A, SIDE_B):
        text = blank_map(side, "Bob")
        assert text.startswith(LEGEND)
        mf = parse_map(text)
        assert mf.sheet == Sheet.blank(side) and mf.player == "Bob" and mf.coins == 0
        assert format_grid(mf.sheet) == (ROWS_A if side is SIDE_A else ROWS_B)


@pytest.mark.parametrize("player", ["Zoë 🐉", "null", "~", "x: y", "#1", "'quoted'", "a\u2028b", "", None])
def test_any_player_name_round_trips(player):
    mf = MapFile(Sheet.blank(SIDE_A), player, 2, ("wildholds", "treetower", "canal-lake", "borderlands"), "winter")
    assert parse_map(format_map(mf)) == mf


# ----------------------------------------------------------------------------- update_map_text

ALICE = """\
# Alice's sheet, spring
player: Alice   # that's me
sheet: wilderness
coins: 1        # one coin so far
map: |
{rows}
# the next keys came after the map
edicts: wildholds, sentinel wood, canal lake, borderlands
season: spring
"""


def rows_text(rows: list[str], indent: str = "  ") -> str:
    return "\n".join(indent + r for r in rows)


def updated(text: str, rows: list[str], coins: int) -> tuple[str, MapFile]:
    old = parse_map(text)
    sheet = parse_map(map_text(rows=rows)).sheet
    return update_map_text(text, old._replace(sheet=sheet, coins=coins)), sheet


def test_update_rewrites_map_and_coins_and_keeps_the_rest():
    text = ALICE.format(rows=rows_text(ROWS_A))
    new, sheet = updated(text, DRAWN_A, 4)
    mf = parse_map(new)
    assert mf.sheet == sheet and mf.coins == 4
    assert (mf.player, mf.edicts, mf.season) == ("Alice", ("wildholds", "sentinel-wood", "canal-lake", "borderlands"),
                                                 "spring")
    assert new == ALICE.format(rows=rows_text(DRAWN_A)).replace("coins: 1 ", "coins: 4 ")


def test_update_keeps_a_key_right_after_the_map():
    text = map_text("sheet: A\ncoins: 0\n", tail="season: summer\n")
    new, _ = updated(text, DRAWN_A, 2)
    assert new == map_text("sheet: A\ncoins: 2\n", DRAWN_A, tail="season: summer\n")


def test_update_adds_coins_when_missing():
    new, _ = updated(map_text("player: Bo\nsheet: A\n"), DRAWN_A, 3)
    assert new == map_text("player: Bo\nsheet: A\ncoins: 3\n", DRAWN_A)


def test_update_keeps_blank_lines_and_a_header_comment():
    text = "sheet: A\nmap: |   # as on my sheet\n" + rows_text(ROWS_A) + "\n\n\nseason: autumn\n"
    new, _ = updated(text, DRAWN_A, 0)
    assert new == "sheet: A\ncoins: 0\nmap: |   # as on my sheet\n" + rows_text(DRAWN_A) + "\n\n\nseason: autumn\n"


def test_update_a_map_written_as_a_list():
    text = "sheet: A\ncoins: 0\nmap:\n" + "".join(f"  - {r}\n" for r in ROWS_A) + "season: winter\n"
    new, sheet = updated(text, DRAWN_A, 1)
    assert new == map_text("sheet: A\ncoins: 1\n", DRAWN_A, tail="season: winter\n")
    assert parse_map(new).sheet == sheet


def test_update_a_map_written_as_a_flow_list():
    text = "sheet: A\ncoins: 0\nmap: [" + ", ".join(f"'{r}'" for r in ROWS_A) + "]  # rows\nseason: winter\n"
    new, _ = updated(text, DRAWN_A, 1)
    assert new == "sheet: A\ncoins: 1\nmap: |  # rows\n" + rows_text(DRAWN_A) + "\nseason: winter\n"


def test_update_after_non_ascii_text_and_with_windows_line_endings():
    text = ALICE.replace("Alice", "Zoë 日本").format(rows=rows_text(ROWS_A)).replace("\n", "\r\n")
    new, sheet = updated(text, DRAWN_A, 2)
    assert "\n" not in new.replace("\r\n", "")
    assert new == ALICE.replace("Alice", "Zoë 日本").format(rows=rows_text(DRAWN_A)).replace(
        "coins: 1 ", "coins: 2 ").replace("\n", "\r\n")
    assert parse_map(new).sheet == sheet
