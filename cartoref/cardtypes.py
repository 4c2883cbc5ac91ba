"""The card records of both games and the words they use: explore, ambush, hero, scoring and
season cards, card ids, the categories, the sets. Plain values; loading is ``cardfiles``."""

from __future__ import annotations

import re
from typing import NamedTuple

from .grid import SIZE, Cell, Terrain, bit
from .shapes import Shape

CATEGORIES = ("forest", "village", "farm-water", "arrangement")
#: The card sets cartoref knows; every card belongs to one (``set:`` in the card files).
SETS = ("base", "heroes")
SEASON_IDS = ("spring", "summer", "autumn", "winter")
EDICTS = ("A", "B", "C", "D")
PLAYABLE_TERRAINS = (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER)


class ShapeOption(NamedTuple):
    """One shape printed on an explore card, with or without a coin."""

    shape: Shape
    coin: bool = False


class ExploreCard(NamedTuple):
    """An explore card: terrain card, Rift Lands, or a Ruins card (``kind == "ruins"``)."""

    id: str
    number: int
    name: str
    kind: str  # "explore" or "ruins"
    time: int
    terrains: tuple[Terrain, ...] = ()
    options: tuple[ShapeOption, ...] = ()
    set: str = "base"


class AmbushCard(NamedTuple):
    """An ambush card: the monster shape, the arrow and the solo starting corner; a Heroes
    ambush also has the monster's initial and its special effect."""

    id: str
    number: int
    name: str
    shape: Shape
    arrow: str  # "cw" or "ccw"
    corner: str  # "nw", "ne", "sw" or "se"
    kind: str = "ambush"
    time: int = 0
    set: str = "base"
    initial: str = ""  # "D", "Z", "T" or "G" (grid.MONSTER_INITIALS); "" for a plain monster
    effect: str = ""  # the special effect in our own words; "" for a plain monster
    after_scoring: bool = False  # its effect recurs on every map after each season's scoring


class HeroCard(NamedTuple):
    """A hero card (Heroes): the spaces its hero attacks, as (row, col) offsets from the hero."""

    id: str
    number: int
    name: str
    pattern: frozenset[tuple[int, int]]
    kind: str = "hero"
    time: int = 0
    set: str = "heroes"

    def attacks(self, hero: Cell) -> int:
        """The spaces attacked by this hero drawn on ``hero``, as a mask (off-map ones dropped)."""
        mask = 0
        for dr, dc in self.pattern:
            r, c = hero.row + dr, hero.col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                mask |= bit(r, c)
        return mask

    def render(self) -> list[str]:
        """The pattern as on the card: rows of H (the hero), x (attacked) and . (neither)."""
        every = self.pattern | {(0, 0)}
        r0, c0 = min(r for r, _ in every), min(c for _, c in every)
        r1, c1 = max(r for r, _ in every), max(c for _, c in every)
        return ["".join("H" if (r, c) == (0, 0) else "x" if (r, c) in self.pattern else "."
                        for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)]


class ScoringCard(NamedTuple):
    """A scoring card; its rule is the function registered under its id in ``scoring``."""

    id: str
    number: int
    name: str
    category: str
    text: str
    solo: int
    set: str = "base"


class Season(NamedTuple):
    """A season card: its time threshold and the two edicts it scores."""

    id: str  # the season ("spring"), as records and map files name it
    name: str
    threshold: int
    edicts: tuple[str, str]
    set: str = "base"


class SoloTitle(NamedTuple):
    """A line of the solo title table: the rating needed and the title."""

    rating: int
    title: str


def card_id(name: str) -> str:
    """The id of a card name: lower case, apostrophes dropped, other non-letters to ``-``."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
