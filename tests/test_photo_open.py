"""A phone's photo opened for reading: turned as its EXIF says, brought down to 2,000 pixels on
its longer side (a large JPEG decoded at a half, a quarter or an eighth of its size, then
brought down the rest of the way), whatever its colours were stored as."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from cartoref.table.photos import MAX_SIDE, open_photo, photo_from_bytes

ORIENTATION = 0x0112  # the EXIF tag


def red_centre(rgb: np.ndarray) -> tuple[float, float]:
    """Where the red square is: the mean (x, y) of the clearly red pixels."""
    r, g, b = (rgb[..., k].astype(int) for k in range(3))
    ys, xs = np.nonzero((r > 150) & (g < 90) & (b < 90))
    return float(xs.mean()), float(ys.mean())


def stored(tmp_path, width: int, height: int, orientation: int | None = None, mode: str = "RGB"):
    """A JPEG of paper white with a red square centred at (1100, 700) of its stored pixels."""
    img = np.full((height, width, 3), 235, np.uint8)
    img[600:800, 1000:1200] = (200, 30, 30)
    path = tmp_path / "sheet.jpg"
    picture = Image.fromarray(img).convert(mode)
    exif = Image.Exif()
    if orientation:
        exif[ORIENTATION] = orientation
    picture.save(path, quality=92, exif=exif)
    return path


def test_a_12_mp_photo_is_brought_down_to_2000_pixels_its_marks_in_place(tmp_path):
    rgb = open_photo(str(stored(tmp_path, 4000, 3000)))
    assert rgb.shape == (1500, 2000, 3)
    # Half the size: the square's centre (1099.5, 699.5 in pixel centres) lands at 550, 350.
    x, y = red_centre(rgb)
    assert abs(x - 549.75) < 1.5 and abs(y - 349.75) < 1.5


def test_a_photo_held_upright_is_turned_before_it_is_brought_down(tmp_path):
    # Orientation 6: the stored picture is shown turned a quarter clockwise, 3000 wide and 4000
    # high. A stored pixel (x, y) is shown at (2999 - y, x): the square's centre (1099.5, 699.5)
    # at (2299.5, 1099.5), then halved.
    rgb = open_photo(str(stored(tmp_path, 4000, 3000, orientation=6)))
    assert rgb.shape == (2000, 1500, 3)
    x, y = red_centre(rgb)
    assert abs(x - 1149.75) < 1.5 and abs(y - 549.75) < 1.5


@pytest.mark.parametrize("mode", ["L", "CMYK"])
def test_a_grey_or_cmyk_jpeg_opens_as_colour(tmp_path, mode):
    rgb = open_photo(str(stored(tmp_path, 2600, 1950, mode=mode)))
    assert rgb.shape == (MAX_SIDE * 1950 // 2600, MAX_SIDE, 3) and rgb.dtype == np.uint8


def test_a_photo_sent_as_bytes_opens_as_the_same_file_does(tmp_path):
    path = stored(tmp_path, 3264, 2448, orientation=8)
    from_file = open_photo(str(path))
    assert from_file.shape == (2000, 1500, 3)
    assert np.array_equal(photo_from_bytes(path.read_bytes(), "sheet.jpg"), from_file)


def test_a_small_photo_is_kept_as_it_is(tmp_path):
    rgb = open_photo(str(stored(tmp_path, 1600, 1200)))
    assert rgb.shape == (1200, 1600, 3)
    x, y = red_centre(rgb)
    assert abs(x - 1099.5) < 1 and abs(y - 699.5) < 1


@pytest.mark.campaign  # a 4,200-pixel photo made and read, about 5 s: CI runs it with the campaigns
def test_corners_given_on_a_large_photo_are_used_and_written_in_its_own_pixels(tmp_path):
    from photos import compare, photograph, random_map, sheet_image

    from cartoref.cards import catalog
    from cartoref.notation import sheet_symbols
    from cartoref.table.photos import read_photo

    side = catalog().sheet_side("A")
    sheet = random_map(side, 7)
    photo = photograph(sheet_image(sheet, seed=7), seed=7, size=4200)  # a JPEG decoded at half its size
    path = tmp_path / "sheet.jpg"
    photo.image.save(path, quality=90)
    given = " ".join(f"{x:.1f},{y:.1f}" for x, y in photo.corners)
    done = read_photo(str(path), "A", corners=given)
    # Written back in the photo's own pixels (not the 2,000-pixel copy the reader works on):
    # where the printed lines put them, within a fifth of a space (64 pixels) of the given ones.
    assert not done.found
    assert np.abs(np.array(done.corners) - np.array(photo.corners)).max() < 13
    right, _unread, wrong = compare(done, sheet_symbols(sheet))
    assert wrong == 0 and right >= 110

