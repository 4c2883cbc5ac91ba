"""A hero drawn as a star on a Heroes sheet coloured in (``photo.stars``): a gold star outlined in
pencil, in the middle of its space, reads ``H``; a mark of colour that is not such a star stays
``?`` for a person, and so do more stars than a game has hero cards. Pictures drawn here by hand,
48 pixels a space, seen from above."""

from __future__ import annotations

import math

import numpy as np
import pytest
from PIL import Image, ImageDraw

from cartoref.cards import catalog
from cartoref.grid import SIZE, Cell
from cartoref.photo import read_spaces

CELL = 48
HEROES = catalog().sheet_side("C")
COLOURINGS = {"A1": (50, 140, 70), "A2": (50, 140, 70), "B1": (50, 140, 70), "K11": (60, 110, 200),
              "K10": (60, 110, 200), "J11": (60, 110, 200), "A11": (200, 60, 60), "B11": (200, 60, 60),
              "K1": (225, 200, 40), "J1": (225, 200, 40)}
GOLD, OUTLINE = (235, 185, 40), (70, 70, 70)


def sheet(stars: dict[str, dict] | None = None) -> Image.Image:
    """Paper with its printed lines, ten spaces coloured in to their lines, and ``stars``: a star
    drawn in each named space (keyword arguments of ``star``)."""
    img = Image.new("RGB", (SIZE * CELL, SIZE * CELL), (236, 234, 228))
    d = ImageDraw.Draw(img)
    for k in range(SIZE + 1):
        d.line((0, k * CELL, SIZE * CELL, k * CELL), fill=(90, 90, 90), width=2)
        d.line((k * CELL, 0, k * CELL, SIZE * CELL), fill=(90, 90, 90), width=2)
    for label, colour in COLOURINGS.items():
        c = Cell.parse(label)
        d.rectangle((c.col * CELL + 3, c.row * CELL + 3, (c.col + 1) * CELL - 3, (c.row + 1) * CELL - 3), fill=colour)
    for label, how in (stars or {}).items():
        star(d, label, **how)
    return img


def star(d: ImageDraw.ImageDraw, label: str, fill=GOLD, outline=OUTLINE, radius: float = 21.0) -> None:
    """A five-pointed star in the middle of a space (points ``radius`` from its centre)."""
    c = Cell.parse(label)
    cx, cy = c.col * CELL + CELL / 2, c.row * CELL + CELL / 2
    points = [(cx + (radius if k % 2 == 0 else radius * 0.45) * math.sin(math.pi * k / 5),
               cy - (radius if k % 2 == 0 else radius * 0.45) * math.cos(math.pi * k / 5)) for k in range(10)]
    d.polygon(points, fill=fill, outline=outline, width=2 if outline else 0)


def read(img: Image.Image, side=HEROES) -> list[list[str]]:
    return read_spaces(np.asarray(img), side).symbols


def at(symbols: list[list[str]], label: str) -> str:
    c = Cell.parse(label)
    return symbols[c.row][c.col]


def test_the_chosen_spaces_are_open_and_no_ruins():
    for label in ("E5", "G3", "C7", "H8", "E9"):
        bit = Cell.parse(label).bit
        assert not (HEROES.mountains | HEROES.wastelands | HEROES.ruins) & bit


def test_a_gold_star_outlined_in_pencil_is_a_hero():
    symbols = read(sheet({"E5": {}, "G3": {"fill": (240, 150, 40)}}))  # gold, and an orange one
    assert at(symbols, "E5") == "H" and at(symbols, "G3") == "H"
    assert at(symbols, "A1") == "F" and at(symbols, "F6") == "."  # the rest as before


@pytest.mark.parametrize("how", [
    {"outline": None},  # a blob of yellow with no outline: a farm coloured in its middle, lightly
    {"fill": (60, 110, 200)},  # a blue star: no hero's colour
    {"radius": 30.0},  # reaching the space's sides: a colouring, not a figure in its middle
])
def test_a_mark_that_is_not_a_heros_star_is_no_hero(how):
    assert at(read(sheet({"E5": how})), "E5") != "H"


def test_a_star_beside_other_colour_in_its_space_is_left_to_a_person():
    img = sheet({"E5": {}})
    d = ImageDraw.Draw(img)
    y, x = 4 * CELL, 4 * CELL
    for k in range(6, 42, 6):  # green strokes across its corner: a forest half coloured over it
        d.line((x + 3, y + k, x + k, y + 3), fill=(50, 140, 70), width=2)
    assert at(read(img), "E5") == "?"


def test_more_stars_than_hero_cards_are_none_of_them_read():
    five = {label: {} for label in ("E5", "G3", "C7", "H8", "E9")}
    symbols = read(sheet(five))
    assert [at(symbols, label) for label in five] == ["?"] * 5
    four = dict(list(five.items())[:4])
    symbols = read(sheet(four))
    assert [at(symbols, label) for label in four] == ["H"] * 4


def test_no_star_is_a_hero_on_a_sheet_without_heroes():
    base = catalog().sheet_side("A")
    assert not (base.mountains | base.wastelands | base.ruins) & Cell.parse("E5").bit
    assert at(read(sheet({"E5": {}}), base), "E5") == "?"
