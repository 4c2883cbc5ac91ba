"""The effects cards name, as values: each card that has one says which by its key (``acts:``
in the card files), and a card file naming an effect not here is refused when read.

**Ambush effects** (``AMBUSH_EFFECTS``): what a special monster does, when (as it is drawn, after
every drawing, after each season's scoring), the initial its spaces carry on the map (the
notation's D, Z, T or G: how the rules find its monster on a sheet) and the word a map file's
``resolved:`` keeps when the effect is done once. ``moves.effects`` holds each one's rule.

**Skill effects** (``SKILL_RULES``): what each skill lets a player draw, each one small
declaration read by ``moves.skills``.

A skill either changes the turn's drawing (``INSTEAD``: the drawing answering the card is made
another way) or adds a drawing to it (``ALSO``: drawn after the card's own, in the same turn).
What is drawn is said by three words: whose shape (the skill card's own, the card's options, or
the shape just drawn this turn), which terrain (a monster, one of the card's, this turn's, or
village), and what it must touch (a monster space, or the shape drawn this turn). The card data
names one of these by its key; a card file naming an effect not here is refused when read.
"""

from __future__ import annotations

from typing import NamedTuple

# When an ambush's effect acts.
ON_DRAWING, AFTER_EACH_DRAWING, AFTER_SCORING = "on-drawing", "after-each-drawing", "after-scoring"


class AmbushEffect(NamedTuple):
    """One special monster's effect: when it acts, its monster's initial on the map, and the
    word ``resolved:`` keeps once it is done for good ("" for an effect that recurs)."""

    when: str
    initial: str
    resolves: str = ""


# The keys name what the effect does; the words kept in resolved: are the Heroes cards' ids, as
# map files have always written them.
DRAGON, ZOMBIES, TROLL, GORGON = "dragon-coins", "zombies-spread", "troll-destroys", "gorgon-destroys"
AMBUSH_EFFECTS: dict[str, AmbushEffect] = {
    # Once every dragon space is destroyed or has no empty space beside it: 3 coins, once.
    DRAGON: AmbushEffect(AFTER_EACH_DRAWING, "D", resolves="dragon-inferno"),
    # After each season's scoring: a zombie in every empty space next to one.
    ZOMBIES: AmbushEffect(AFTER_SCORING, "Z"),
    # After each season's scoring: one empty space next to the troll destroyed.
    TROLL: AmbushEffect(AFTER_SCORING, "T"),
    # As it is drawn: one space next to it (not a mountain) destroyed.
    GORGON: AmbushEffect(ON_DRAWING, "G", resolves="gorgon-gaze"),
}

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
