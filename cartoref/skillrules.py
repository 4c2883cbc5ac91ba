"""What each skill lets a player draw, as values: the effects the skill cards name (``acts:`` in
``cards/promos/skills.yaml``), each one small declaration read by ``moves.skills``.

A skill either changes the turn's drawing (``INSTEAD``: the drawing answering the card is made
another way) or adds a drawing to it (``ALSO``: drawn after the card's own, in the same turn).
What is drawn is said by three words: whose shape (the skill card's own, the card's options, or
the shape just drawn this turn), which terrain (a monster, one of the card's, this turn's, or
village), and what it must touch (a monster space, or the shape drawn this turn). The card data
names one of these by its key; a card file naming an effect not here is refused when read.
"""

from __future__ import annotations

from typing import NamedTuple

INSTEAD, ALSO = "instead", "also"
# The card on the table a skill is used with.
AMBUSH_CARD, EXPLORE_CARD = "ambush", "explore"
# Whose shape is drawn.
SKILL_SHAPE, CARD_SHAPES, SHAPE_DRAWN = "skill", "card", "drawn"
# Which terrain.
MONSTER, CARD_TERRAIN, TERRAIN_DRAWN, VILLAGE, FARM_AND_VILLAGE = "monster", "card", "drawn", "village", \
    "farm-and-village"
# What it must touch.
A_MONSTER, THE_DRAWING = "monster", "drawn"


class SkillRule(NamedTuple):
    """One skill effect: when it acts, with which card, what it draws and where."""

    when: str  # INSTEAD or ALSO
    card: str  # the card on the table it is used with: AMBUSH_CARD or EXPLORE_CARD
    shape: str  # SKILL_SHAPE, CARD_SHAPES or SHAPE_DRAWN
    terrain: str  # MONSTER, CARD_TERRAIN, TERRAIN_DRAWN, VILLAGE or FARM_AND_VILLAGE
    beside: str = ""  # "", A_MONSTER or THE_DRAWING
    off_the_edge: bool = False  # the shape may run past the map's edge (the part off it not drawn)


SKILL_RULES: dict[str, SkillRule] = {
    "monster-instead": SkillRule(INSTEAD, AMBUSH_CARD, SKILL_SHAPE, MONSTER),
    "shape-again": SkillRule(ALSO, EXPLORE_CARD, SHAPE_DRAWN, TERRAIN_DRAWN),
    "beside-monster": SkillRule(ALSO, EXPLORE_CARD, SKILL_SHAPE, CARD_TERRAIN, beside=A_MONSTER),
    "farm-and-village": SkillRule(ALSO, EXPLORE_CARD, SKILL_SHAPE, FARM_AND_VILLAGE),
    "village-instead": SkillRule(INSTEAD, EXPLORE_CARD, CARD_SHAPES, VILLAGE),
    "off-the-edge": SkillRule(INSTEAD, EXPLORE_CARD, CARD_SHAPES, CARD_TERRAIN, off_the_edge=True),
    "square-instead": SkillRule(INSTEAD, EXPLORE_CARD, SKILL_SHAPE, CARD_TERRAIN),
    "one-more": SkillRule(ALSO, EXPLORE_CARD, SKILL_SHAPE, TERRAIN_DRAWN, beside=THE_DRAWING),
}
