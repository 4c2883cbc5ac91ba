"""A destroyed space is marked with a big X (the rules): ``symbols.crossed`` tells it from the
pencil strokes that are not one, and on a Heroes sheet coloured in, a space with a big X and no
colour reads ``X``. The pictures are drawn here by hand: 40 x 40 pixels of ink, as a space's
middle is looked at."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from cartoref.cards import catalog
from cartoref.grid import SIZE, Cell
from cartoref.photo import read_spaces
from cartoref.photo.symbols import crossed

N = 40


def ink(*strokes: tuple[float, ...], width: int = 2, circle: tuple[float, ...] | None = None) -> np.ndarray:
    """A picture of ink (0..1) with these straight strokes (x0, y0, x1, y1) and a circle."""
    img = Image.new("L", (N, N), 0)
    d = ImageDraw.Draw(img)
    for s in strokes:
        d.line(s, fill=255, width=width)
    if circle:
        d.ellipse(circle, outline=255, width=width)
    return np.asarray(img, dtype=np.float32) / 255.0


@pytest.mark.parametrize("picture, is_x", [
    (ink((1, 1, 38, 38), (38, 1, 1, 38)), True),  # corner to corner
    (ink((8, 0, 30, 39), (33, 2, 5, 36)), True),  # steep, by a hand, crossing near the middle
    (ink((3, 5, 36, 34), (36, 3, 6, 37), width=4), True),  # a heavy pencil
    (ink((1, 1, 38, 38)), False),  # one stroke: half an X
    (ink((0, 10, 29, 39), (10, 0, 39, 29), (0, 25, 14, 39)), False),  # furrows: one way only
    (ink((20, 0, 20, 39), (0, 20, 39, 20)), False),  # a plus: upright and level
    (ink((8, 18, 20, 6), (20, 6, 32, 18), (8, 18, 8, 34), (32, 18, 32, 34), (8, 34, 32, 34)), False),  # a house
    (ink((20, 16, 20, 38), circle=(10, 2, 30, 20)), False),  # a tree
    (ink((20, 2, 8, 37), (8, 37, 38, 14), (38, 14, 2, 14), (2, 14, 32, 37), (32, 37, 20, 2)), False),  # a star
    (ink((1, 1, 38, 38), (38, 1, 1, 38), circle=(8, 8, 31, 31)), False),  # an X over a face: more than an X
    (np.zeros((N, N), np.float32), False),
    # A felt-tip marker's strokes, thicker than a pencil's band around them.
    (ink((2, 2, 37, 37), (37, 2, 2, 37), width=4), True),
    (ink((3, 2, 37, 36), (36, 3, 3, 37), width=5), True),
    (ink((2, 2, 37, 37), (37, 2, 2, 37), width=4, circle=(8, 8, 31, 31)), False),  # over a face, in the marker
    (ink((20, 2, 8, 37), (8, 37, 38, 14), (38, 14, 2, 14), (2, 14, 32, 37), (32, 37, 20, 2), width=4), False),
    (ink(*[(0, k, 39, k + 6) for k in range(0, 40, 5)], width=4), False),  # a scribble across the space
    # A hero's stick figure: its legs and arms slant as an X's strokes do, but it stands in the
    # middle, clear of the corners an X runs to.
    (ink((20, 13, 20, 26), (7, 14, 33, 21), (20, 26, 9, 37), (20, 26, 31, 37), circle=(15, 3, 25, 13)), False),
    (ink((20, 13, 20, 26), (8, 22, 20, 16), (20, 16, 32, 22), (20, 26, 12, 38), (20, 26, 28, 38),
         circle=(16, 5, 24, 13)), False),  # arms down, legs close
    (ink((20, 14, 20, 26), (8, 8, 20, 18), (20, 18, 32, 8), (20, 26, 8, 38), (20, 26, 32, 38),
         circle=(15, 4, 25, 14)), False),  # arms raised into the corners: its head and body are off any two
    (ink((12, 12, 28, 28), (28, 12, 12, 28)), False),  # a small x in the middle: no corner to corner X
])
def test_a_big_x_is_told_from_other_strokes(picture, is_x):
    assert crossed(picture) is is_x


def coloured_square(x_at: str) -> np.ndarray:
    """A sheet seen from above (48 pixels a space): paper, printed lines, a few spaces coloured
    in forest green, and a big pencil X at ``x_at``."""
    cell = 48
    img = Image.new("RGB", (SIZE * cell, SIZE * cell), (235, 233, 228))
    d = ImageDraw.Draw(img)
    for k in range(SIZE + 1):
        d.line((0, k * cell, SIZE * cell, k * cell), fill=(90, 90, 90), width=2)
        d.line((k * cell, 0, k * cell, SIZE * cell), fill=(90, 90, 90), width=2)
    for label in ("A1", "A2", "B1", "B2"):
        c = Cell.parse(label)
        d.rectangle((c.col * cell + 3, c.row * cell + 3, (c.col + 1) * cell - 3, (c.row + 1) * cell - 3), fill=(50, 140, 60))
    c = Cell.parse(x_at)
    x0, y0 = c.col * cell, c.row * cell
    d.line((x0 + 5, y0 + 5, x0 + cell - 5, y0 + cell - 5), fill=(70, 70, 70), width=2)
    d.line((x0 + cell - 5, y0 + 5, x0 + 5, y0 + cell - 5), fill=(70, 70, 70), width=2)
    return np.asarray(img)


def test_a_big_x_on_a_heroes_sheet_coloured_in_reads_destroyed():
    heroes = catalog().sheet_side("C")
    reading = read_spaces(coloured_square("E5"), heroes)
    assert reading.symbols[4][4] == "X"
    assert reading.symbols[0][0] == "F" and reading.symbols[6][5] == "."


def test_no_space_is_destroyed_on_a_sheet_without_heroes():
    base = catalog().sheet_side("A")
    reading = read_spaces(coloured_square("E5"), base)
    assert reading.symbols[4][4] == "?"  # a pencil mark on a sheet coloured in: a person decides
