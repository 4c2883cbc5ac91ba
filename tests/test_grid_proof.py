"""A grid proves itself before a single space is read: on a whole printed page (a banner, the coin
track's circles, the season boxes, margins), only the map's own frame proves to be the map; a
sheet upside down is turned; a sheet drawn full still proves; corners that cannot be a map's are
refused with words, on the command line and in the editor.

The pages are drawn here by hand with Pillow: where everything is, is known exactly."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image, ImageDraw

from cartoref.cards import catalog
from cartoref.grid import Cell, iter_cells
from cartoref.photo.grid import PhotoError, find_grid
from cartoref.photo.proof import prove, shape_fault

SIDE = catalog().sheet_side("wilderness")


@pytest.fixture(autouse=True)
def english():
    """The library's words in English (another test of this process may have spoken French)."""
    from cartoref import i18n

    i18n.use("en")
PAPER, INK, DESK = (238, 230, 208), (60, 45, 35), (70, 52, 40)
TERRAINS = [(46, 125, 50), (198, 40, 40), (236, 190, 50), (30, 111, 191), (106, 27, 154)]


def whole_page(*, drawn_full: bool = False, side=SIDE) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """A printed page on a desk, and the corners of what is on it: the map (``map``), the coin
    track's strip (``coins``), a season box (``season``), a sliver of the right margin."""
    img = Image.new("RGB", (1300, 1800), DESK)
    d = ImageDraw.Draw(img)
    d.rectangle((100, 80, 1200, 1720), fill=PAPER, outline=(150, 120, 80), width=14)  # the page, its border
    d.rectangle((160, 120, 1140, 230), outline=INK, width=4)  # the title banner
    d.text((200, 160), "CARTOGRAPHERS", fill=INK)
    x0, y0, cell = 200, 300, 80  # the map: 11 spaces of 80 pixels
    for k in range(12):
        width = 7 if k in (0, 11) else 2  # the thick frame, the thin lines
        d.line((x0 + k * cell, y0, x0 + k * cell, y0 + 11 * cell), fill=INK, width=width)
        d.line((x0, y0 + k * cell, x0 + 11 * cell, y0 + k * cell), fill=INK, width=width)
    for c in iter_cells(side.mountains):  # a printed mountain: a dark peak
        left, top = x0 + c.col * cell, y0 + c.row * cell
        d.polygon([(left + 15, top + 65), (left + 40, top + 15), (left + 65, top + 65)], fill=(110, 90, 75))
    for c in iter_cells(side.wastelands):  # a printed wasteland: grey cross-hatching
        left, top = x0 + c.col * cell, y0 + c.row * cell
        for s in range(8, cell, 12):
            d.line((left + s, top + 4, left + s, top + cell - 4), fill=(120, 115, 105), width=3)
    if drawn_full:  # every other space hatched in coloured pencil, paper showing between strokes
        printed = side.mountains | side.wastelands
        for r in range(11):
            for c in range(11):
                if printed & Cell(r, c).bit:
                    continue
                left, top = x0 + c * cell, y0 + r * cell
                colour = TERRAINS[(r * 3 + c) % 5]
                for s in range(-cell, cell, 9):
                    d.line((left + 6 + max(0, s), top + 6 + max(0, -s), left + cell - 6 - max(0, -s),
                            top + cell - 6 - max(0, s)), fill=colour, width=5)
    track = (200, 1230, 1080, 1310)  # the coin track: 14 circles in a strip
    d.rectangle(track, outline=INK, width=3)
    for k in range(14):
        cx = 235 + k * 60
        d.ellipse((cx - 22, 1248, cx + 22, 1292), outline=INK, width=3)
    for s in range(4):  # the season boxes, each split in three
        left = 200 + s * 225
        d.rectangle((left, 1400, left + 200, 1600), outline=INK, width=3)
        for k in (1, 2):
            d.line((left + k * 66, 1400, left + k * 66, 1600), fill=INK, width=2)
    corners = {
        "map": np.array([(x0, y0), (x0 + 11 * cell, y0), (x0 + 11 * cell, y0 + 11 * cell), (x0, y0 + 11 * cell)], float),
        "coins": np.array([(200, 1230), (1080, 1230), (1080, 1310), (200, 1310)], float),
        "season": np.array([(200, 1400), (400, 1400), (400, 1600), (200, 1600)], float),
        "sliver": np.array([(1140, 300), (1180, 300), (1180, 1000), (1140, 1000)], float),
    }
    return np.asarray(img), corners


def near(found: np.ndarray, truth: np.ndarray) -> float:
    """The largest distance between found and true corners, as a share of the map's side."""
    return float(np.hypot(*(found - truth).T).max() / np.hypot(*(truth[1] - truth[0])))


def test_only_the_maps_own_frame_proves_to_be_the_map_on_a_whole_page():
    rgb, corners = whole_page()
    assert near(find_grid(rgb, SIDE), corners["map"]) < 0.01
    assert prove(rgb, corners["map"], SIDE) is not None
    for strip in ("coins", "season", "sliver"):  # boxes and strips that look like grids
        assert prove(rgb, corners[strip], SIDE) is None, strip


def test_a_sheet_drawn_full_still_proves_its_grid():
    rgb, corners = whole_page(drawn_full=True)
    assert near(find_grid(rgb, SIDE), corners["map"]) < 0.01


def thumb_over_the_corner(rgb: np.ndarray) -> np.ndarray:
    """A thumb come in from the desk over the page's edge and the map's bottom-right corner:
    its shadowed outline joins the frame to the page, so no outline of the frame is four-sided."""
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    d.polygon([(1300, 1250), (1300, 1050), (1120, 1080), (1040, 1160), (1060, 1240)], fill=(40, 30, 25))
    d.ellipse((1020, 1060, 1180, 1200), fill=(40, 30, 25))  # its shadow, then the thumb
    d.ellipse((1030, 1070, 1170, 1190), fill=(214, 160, 130))
    d.polygon([(1300, 1240), (1300, 1060), (1120, 1090), (1050, 1160), (1070, 1230)], fill=(214, 160, 130))
    return np.asarray(img)


@pytest.mark.campaign  # reads a whole photo (0.6-1.2 s): CI runs it with the campaigns
def test_a_thumb_over_the_maps_corner_still_finds_it_by_its_spaces():
    rgb, corners = whole_page()
    # Found as the page's other maps are, the hidden corner included.
    assert near(find_grid(thumb_over_the_corner(rgb), SIDE), corners["map"]) < 0.01


@pytest.mark.campaign  # reads a whole photo (0.6-1.2 s): CI runs it with the campaigns
def test_the_blank_spaces_either_side_of_columns_drawn_full_place_the_map_together():
    # Columns 4 to 7 hatched hard in green: no walk from blank space to blank space crosses
    # four drawn spaces, so the blank spaces left of them (4 columns) and right of them (3) are
    # two lattices, each too narrow to place the map alone; where the first's perspective puts
    # the second's spaces, they join it.
    rgb, corners = whole_page()
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    (x0, y0), cell = corners["map"][0], 80
    for r in range(11):
        for c in range(4, 8):
            left, top = x0 + c * cell, y0 + r * cell
            for k in range(-cell, cell, 8):  # hatched hard in green, paper between the strokes
                d.line((left + 4 + max(0, k), top + 4 + max(0, -k), left + cell - 4 - max(0, -k),
                        top + cell - 4 - max(0, k)), fill=(46, 110, 50), width=3)
    assert near(find_grid(thumb_over_the_corner(np.asarray(img)), SIDE), corners["map"]) < 0.01


@pytest.mark.campaign  # an 8 MP phone photo made, about 2 s: CI runs it with the campaigns
def test_a_crayons_strokes_across_a_sheet_drawn_full_are_not_lines_between_the_printed_ones():
    """The second generator's photo 11000: every space coloured in crayon, under a glare. Across
    five columns the crayon's strokes darken the spaces' middles along their length, and the map's
    own frame (all 12 lines seen each way) was refused as a frame over a page's many lines. They
    stand out far less than the printed lines do: the map is found."""
    from phonephotos import make

    photo = make(11000, style="coloured")
    side = catalog().sheet_side(photo.sheet)
    truth = np.array(photo.corners, dtype=np.float64)
    assert prove(photo.rgb, truth, side) is not None
    assert near(find_grid(photo.rgb, side), truth) < 0.01


@pytest.mark.campaign  # reads a whole photo (0.6-1.2 s): CI runs it with the campaigns
def test_a_sheet_photographed_upside_down_is_turned_by_its_printed_spaces():
    # Side B: its mountains and wastelands are not the same turned half round (side A's are).
    wastelands = catalog().sheet_side("wastelands")
    rgb, corners = whole_page(side=wastelands)
    h, w = rgb.shape[:2]
    turned = np.ascontiguousarray(rgb[::-1, ::-1])
    # The map's top-left corner is now near the photo's bottom-right, and comes first.
    truth = np.array([(w - x, h - y) for x, y in corners["map"]])
    assert near(find_grid(turned, wastelands), truth) < 0.01
    sideways = np.ascontiguousarray(np.rot90(rgb))  # a quarter turn counterclockwise
    truth = np.array([(y, w - x) for x, y in corners["map"]])
    assert near(find_grid(sideways, wastelands), truth) < 0.01


def test_a_page_with_no_map_is_no_grid():
    rgb = np.full((600, 800, 3), PAPER, np.uint8)
    with pytest.raises(PhotoError, match="no map grid found"):
        find_grid(rgb, SIDE)


@pytest.mark.parametrize("points, said", [
    ([(10, 10)] * 4, "two corners are 0 pixels apart"),
    ([(0, 0), (500, 0), (1000, 0), (0, 600)], "in a line"),
    ([(0, 0), (600, 600), (600, 0), (0, 600)], "cross"),
    ([(0, 0), (600, 0), (600, 40), (0, 40)], "two corners are 40 pixels apart"),
])
def test_corners_that_cannot_be_a_maps_are_said_why(points, said):
    assert said in shape_fault(np.array(points, float))


def test_read_refuses_bad_corners_with_exit_2(cartoref, tmp_path):
    rgb, corners = whole_page()
    Image.fromarray(rgb).save(tmp_path / "page.png")
    for given, said in (("10,10 10,10 10,10 10,10", "two corners are 0 pixels apart"),
                        ("0,0 500,0 1000,0 0,600", "in a line"),
                        ("200,1230 1080,1230 1080,1310 200,1310", "do not frame the map's grid")):
        r = cartoref("read", str(tmp_path / "page.png"), "--sheet", "A", "--corners", given)
        assert r.code == 2 and said in r.err and "Traceback" not in r.err, (given, r.err)


@pytest.mark.campaign  # reads a whole photo twice (0.7 s): CI runs it with the campaigns
def test_read_takes_the_corners_that_frame_the_grid_as_the_docs_print_them(cartoref, tmp_path):
    rgb, corners = whole_page()
    Image.fromarray(rgb).save(tmp_path / "page.png")
    good = [f"{x:.0f},{y:.0f}" for x, y in corners["map"]]
    assert cartoref("read", str(tmp_path / "page.png"), "--sheet", "A", "--corners", " ".join(good)).code == 0
    # As the README and --help print it: four words after --corners, the options going on after.
    r = cartoref("read", str(tmp_path / "page.png"), "--corners", *good, "--sheet", "A", "--json")
    assert r.code == 0 and json.loads(r.out)["corners"] == [[float(v) for v in p.split(",")] for p in good]


def test_the_editor_answers_bad_corners_with_a_sentence_not_a_500(tmp_path):
    from starlette.testclient import TestClient

    from cartoref.web.editor import make_editor

    rgb, _corners = whole_page()
    Image.fromarray(rgb).save(tmp_path / "page.png")
    client = TestClient(make_editor(str(tmp_path / "m.yaml"), photo_path=str(tmp_path / "page.png"), sheet="A"))
    for path in ("/api/square", "/api/read"):
        r = client.post(path, json={"corners": [[10, 10]] * 4})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad-corners", (path, r.text)
        assert "two corners are 0 pixels apart" in r.json()["error"]["message"]


@pytest.mark.campaign  # reads a whole photo (0.6-1.2 s): CI runs it with the campaigns
def test_a_warm_cast_is_taken_out_by_the_paper_around_the_map():
    """Under a warm lamp (red up, blue down by a third) the paper outside the frame says the
    cast: empty spaces read as paper, a green hatching as forest, never as farm."""
    from cartoref.photo import read_spaces
    from cartoref.photo.light import balanced_square

    rgb, corners = whole_page(drawn_full=False)
    img = Image.fromarray(rgb)
    d = ImageDraw.Draw(img)
    x0, y0, cell = 200, 300, 80
    forests = [(0, 0), (0, 1), (5, 2), (7, 8)]  # A1, A2, F3, H9: green hatching
    for r, c in forests:
        left, top = x0 + c * cell, y0 + r * cell
        for s in range(-cell, cell, 9):
            d.line((left + 6 + max(0, s), top + 6 + max(0, -s), left + cell - 6 - max(0, -s),
                    top + cell - 6 - max(0, s)), fill=(46, 125, 50), width=5)
    warm = np.clip(np.asarray(img).astype(np.float32) * [1.12, 0.98, 0.66], 0, 255).astype(np.uint8)
    reading = read_spaces(balanced_square(warm, corners["map"]), SIDE)
    for r, c in forests:
        assert reading.symbols[r][c] in ("F", "?"), (r, c, reading.symbols[r][c])
    drawn = set(forests) | {(cl.row, cl.col) for cl in iter_cells(SIDE.mountains | SIDE.ruins)}
    empty = [reading.symbols[r][c] for r in range(11) for c in range(11) if (r, c) not in drawn]
    assert set(empty) <= {".", "?"} and empty.count(".") >= 0.9 * len(empty)
    assert not any(s == "P" for row in reading.symbols for s in row)


def test_corners_a_little_off_the_frame_are_moved_onto_it():
    """An outline's corners about a fifth of a space off the frame, all the same way (an
    outline of the frame's outer edge, a small photo): the frame's own lines are found within
    half a space, and the proved corners lie on them."""
    rgb, corners = whole_page()
    for shift in ([(15, 14), (16, 15), (14, 16), (15, 15)], [(-16, -15), (-15, -16), (-16, -14), (-14, -15)]):
        off = corners["map"] + np.array(shift, float)
        assert near(off, corners["map"]) > 0.015  # as given, a fifth of a space off
        proof = prove(rgb, off, SIDE)
        assert proof is not None and near(proof.corners, corners["map"]) < 0.01


@pytest.mark.campaign  # a 12 MP photo made and read, about 2.5 s: CI runs it with the campaigns
def test_a_sheet_drawn_full_in_markers_under_glare_is_not_turned_on_weak_evidence():
    # A Heroes sheet coloured in dark felt-tip markers, a glare over one of its printed spaces
    # (the second generator's photo 3005): every space shows ink, so no quarter turn shows the
    # print clearly; the corners given keep their order (one turn once misread every space).
    from phonephotos import make

    from cartoref.photo.proof import prove

    photo = make(3005, style="coloured")
    proof = prove(photo.rgb, np.array(photo.corners), catalog().sheet_side(photo.sheet))
    assert proof is not None and near(proof.corners, np.array(photo.corners)) < 0.01


@pytest.mark.parametrize("lines, printed, taken", [
    ((12, 12), 1.0, True),    # proved as a found grid is
    ((12, 6), 1.0, True),     # a steep angle blurs the far rows' lines; the print is all there
    ((6, 12), 0.95, True),
    ((12, 3), 1.0, False),    # too few lines the blurred way
    ((12, 6), 0.6, False),    # the print is elsewhere: a frame a row off, or not the map
    ((9, 9), 1.0, False),     # neither way clear
])
def test_corners_a_person_gives_are_taken_on_the_print_when_far_lines_blur(lines, printed, taken):
    from cartoref.photo.proof import ENOUGH_LINES, Proof, proved_by_hand

    proof = Proof(np.zeros((4, 2)), lines, printed, min(lines) >= ENOUGH_LINES and printed >= 0.75)
    assert proved_by_hand(proof) is taken


@pytest.mark.campaign  # a phone photo made and read twice, about 3 s: CI runs it with the campaigns
def test_true_corners_of_a_steep_photo_are_read_and_a_frame_a_row_off_is_refused(cartoref, tmp_path):
    """Seed 10003 of the second generator: a 1280 x 960 photo of side A at a steep angle, the
    top rows a few pixels tall; its true corners frame the map (its far rows' lines blur away),
    the same corners moved down one row do not."""
    from phonephotos import make

    photo = make(10003, style="coloured")
    path = tmp_path / "steep.png"
    Image.fromarray(photo.rgb).save(path)
    corners = [tuple(map(float, p)) for p in photo.corners]
    given = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    r = cartoref("read", str(path), "--sheet", "A", "--corners", given, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    truth = {f"{'ABCDEFGHIJK'[i]}{j + 1}": ch for i, row in enumerate(photo.grid) for j, ch in enumerate(row)}
    plain = (lambda ch: ch if ch in ".r?" else ch.upper())
    assert all(plain(s["symbol"]) in ("?", plain(truth[s["space"]])) for s in data["spaces"])
    (tl, tr, br, bl) = [np.array(p) for p in corners]
    down = [tl + (bl - tl) / 11, tr + (br - tr) / 11, br + (br - tr) / 11, bl + (bl - tl) / 11]
    r = cartoref("read", str(path), "--sheet", "A", "--corners", " ".join(f"{x:.1f},{y:.1f}" for x, y in down))
    assert r.code == 2 and "these corners do not frame the map's grid" in r.err


@pytest.mark.campaign  # a phone photo made, about 1 s: CI runs it with the campaigns
def test_a_frame_stretched_over_more_rows_than_the_map_has_does_not_prove_itself():
    """The second generator's photo 10600: a frame of the map's width stretched over 17 of the
    page's rows found a printed line near 11 and 10 of the 12 places it expected one (a page
    has lines everywhere) and proved itself; it also finds them across the spaces' middles,
    where a grid has none, and is refused. The true corners still prove."""
    from phonephotos import make

    photo = make(10600, style="coloured")
    side = catalog().sheet_side(photo.sheet)
    stretched = np.array([(229.0, 156.0), (1031.0, 136.0), (1011.0, 1339.0), (308.0, 1354.0)])
    assert prove(photo.rgb, stretched, side) is None
    assert prove(photo.rgb, np.array(photo.corners, dtype=np.float64), side) is not None


def ruled_on(*, rows: int = 14, cell: int = 60, x0: int = 100, y0: int = 100) -> np.ndarray:
    """A sheet drawn full whose printed lines go on ``rows - 11`` rows below the map (a page's
    coin track and season boxes lined up with it): every space hatched by hand in a terrain's
    colour (each stroke's start a little off), but the side's mountains and wastelands, printed."""
    rng = np.random.default_rng(5)
    img = Image.new("RGB", (2 * x0 + 11 * cell, 2 * y0 + rows * cell), PAPER)
    d = ImageDraw.Draw(img)
    mountains = {(c.row, c.col) for c in iter_cells(SIDE.mountains)}
    wastelands = {(c.row, c.col) for c in iter_cells(SIDE.wastelands)}
    for r in range(rows):
        for c in range(11):
            left, top = x0 + c * cell, y0 + r * cell
            if (r, c) in mountains:
                d.polygon([(left + 12, top + 48), (left + 30, top + 12), (left + 48, top + 48)], fill=(110, 90, 75))
            elif (r, c) in wastelands:
                for s in range(6, cell, 10):
                    d.line((left + s, top + 4, left + s, top + cell - 4), fill=(120, 115, 105), width=3)
            else:
                colour = TERRAINS[int(rng.integers(0, 5))]
                for s in range(-cell, cell, 9):
                    s += int(rng.integers(-3, 4))
                    d.line((left + 5 + max(0, s), top + 5 + max(0, -s), left + cell - 5 - max(0, -s),
                            top + cell - 5 - max(0, s)), fill=colour, width=4)
    for k in range(rows + 1):
        d.line((x0, y0 + k * cell, x0 + 11 * cell, y0 + k * cell), fill=INK, width=7 if k in (0, 11) else 2)
    for k in range(12):
        d.line((x0 + k * cell, y0, x0 + k * cell, y0 + rows * cell), fill=INK, width=7 if k in (0, 11) else 2)
    return np.asarray(img)


def test_a_frame_rows_off_on_a_sheet_drawn_full_does_not_prove_itself():
    """The second generator's 11457: on a sheet drawn full every space shows ink, so the side's
    printed spaces seem inked wherever a frame puts them, and a frame three rows down (over the
    coin track and the season boxes, whose lines it saw) proved itself: 63 spaces read wrong,
    unmarked. The mountains are one print, alike wherever they are; a frame off puts them on
    spaces drawn by hand, unlike each other: it is refused. The map's own frame proves."""
    from cartoref.photo.proof import MOUNTAINS_ALIKE, examine, mountains_alike, seen_from_above

    rgb = ruled_on()
    cell, x0, y0 = 60, 100, 100
    true = np.array([(x0, y0), (x0 + 11 * cell, y0), (x0 + 11 * cell, y0 + 11 * cell), (x0, y0 + 11 * cell)], float)
    down = true + (0, 3 * cell)
    assert examine(rgb, true, SIDE).proved
    off = examine(rgb, down, SIDE)
    assert min(off.lines) == 12 and off.printed == 1.0  # every line, and ink where the side prints
    assert not off.proved
    assert mountains_alike(seen_from_above(rgb, down), SIDE) < MOUNTAINS_ALIKE <= mountains_alike(seen_from_above(rgb, true), SIDE)
