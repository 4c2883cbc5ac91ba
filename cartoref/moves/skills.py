"""A drawing made with a skill (Skills Mini Expansion 1), checked by the skill's rule.

Each skill card names its effect (``acts:``), a ``effectrules.SkillRule``: this module reads
that rule and no skill by name. A skill's drawing is checked as the drawing of a stand-in card
(the card on the table with the skill's shapes and terrains) by the same ``check_drawing``
every drawing goes through, then by what the skill asks besides (the space it must touch, the
map's edge it may run past). Paying for it and the limit of one skill a season are the map's
and the game's (``playermap.draw``, ``table``).
"""

from __future__ import annotations

from ..cards import AmbushCard, ExploreCard, Kind, ShapeOption, SkillCard
from ..cardtypes import shown_name
from ..effectrules import (
    A_MONSTER,
    ALSO,
    AMBUSH_CARD,
    CARD_SHAPES,
    CARD_TERRAIN,
    FARM_AND_VILLAGE,
    MONSTER,
    SHAPE_DRAWN,
    SKILL_RULES,
    SKILL_SHAPE,
    TERRAIN_DRAWN,
    THE_DRAWING,
    VILLAGE,
    SkillRule,
)
from ..errors import IllegalPlacement
from ..grid import BOARD, SIZE, Sheet, Terrain, bit, iter_cells, neighbours
from ..i18n import _
from ..shapes import Shape, normalise
from .drawing import Card, Drawing
from .legal import check_drawing, ruins_target
from .playermap import Kept


def rule_of(skill: SkillCard) -> SkillRule:
    """The rule a skill card names."""
    return SKILL_RULES[skill.acts]


def adds_a_drawing(skill: SkillCard) -> bool:
    """True when the skill adds a drawing to the turn's (after the card's own), False when it
    changes the card's drawing."""
    return rule_of(skill).when == ALSO


def check_skill_drawing(sheet: Sheet, skill: SkillCard, card: Card, mask: int, terrain: Terrain | None = None, *,
                        ruins: bool = False, drawn: Kept | None = None) -> Drawing:
    """The drawing of ``mask`` with ``skill`` for ``card`` (the card on the table) when the
    skill allows it; IllegalPlacement says why not. ``drawn``: this turn's drawing of the card,
    which a skill adding a drawing follows; ``ruins``: the ruins obligation of the card's
    drawing, which a skill changing that drawing keeps."""
    rule = rule_of(skill)
    name, card_name = shown_name(skill), shown_name(card)
    if rule.card == AMBUSH_CARD and not isinstance(card, AmbushCard):
        raise _refuse(_("{skill} is used when an ambush is revealed, and {card} is none").format(
            skill=name, card=card_name), "skill-not-now", skill, mask)
    if rule.card != AMBUSH_CARD and not (isinstance(card, ExploreCard) and card.kind == Kind.EXPLORE):
        raise _refuse(_("{skill} is used with an explore card's drawing, and {card} is none").format(
            skill=name, card=card_name), "skill-not-now", skill, mask)
    if rule.when == ALSO and drawn is None:
        raise _refuse(_("{skill} adds a drawing to the one of {card}: draw {card} first").format(
            skill=name, card=card_name), "skill-draw-first", skill, mask)
    if rule.terrain == FARM_AND_VILLAGE:
        return _farm_and_village(sheet, skill, card, mask, terrain)
    stand_in = _stand_in(skill, rule, card, drawn)
    if rule.off_the_edge:
        return _off_the_edge(sheet, stand_in, skill, mask, terrain, ruins)
    drawing = check_drawing(sheet, stand_in, mask, terrain, ruins=ruins and rule.when != ALSO)
    if drawing.option is None:  # the single space drawn when no shape fits: not the skill's drawing
        raise _refuse(_("{skill} draws {shape}, not one space").format(
            skill=name, shape=_shape_words(stand_in)), "skill-shape", skill, mask)
    if rule.beside == A_MONSTER and not neighbours(mask) & sheet.mask(Terrain.MONSTER):
        raise _refuse(_("{skill}'s drawing goes next to a monster space").format(skill=name), "skill-beside",
                      skill, mask)
    if rule.beside == THE_DRAWING and drawn is not None and not neighbours(mask) & drawn.cells:
        raise _refuse(_("{skill}'s space goes next to this turn's drawing").format(skill=name), "skill-beside",
                      skill, mask)
    return drawing


def solo_monster_places(sheet: Sheet, skill: SkillCard, ambush: AmbushCard) -> list[int]:
    """Where the solo procedure draws a skill's monster instead of the ambush's (Acrobatics): from
    the ambush's corner, in its arrow's direction, the skill's shape in each of its turns (the
    player may turn it, even in solo), the first place each fits. Empty when it fits nowhere."""
    from .solo import solo_candidate

    assert skill.shape is not None
    places = []
    for turned in skill.shape.orientations():
        found = solo_candidate(sheet, ambush._replace(shape=turned, initial="", acts=""))
        if found is not None and found.mask not in places:
            places.append(found.mask)
    return places


def _farm_and_village(sheet: Sheet, skill: SkillCard, card: Card, mask: int, terrain: Terrain | None) -> Drawing:
    """One more space, anywhere empty, that is farm and village at once."""
    assert skill.shape is not None
    stand_in = ExploreCard(card.id, card.number, card.name, Kind.EXPLORE, 0, (Terrain.FARM,),
                           (ShapeOption(skill.shape, False),), card.set, names=card.names, aka=card.aka)
    if terrain not in (None, Terrain.FARM, Terrain.VILLAGE):
        raise _refuse(_("{skill}'s space is farm and village at once, not {terrain}").format(
            skill=shown_name(skill), terrain=terrain.spoken), "skill-terrain", skill, mask)
    drawing = check_drawing(sheet, stand_in, mask, Terrain.FARM)
    if drawing.option is None:
        raise _refuse(_("{skill} draws {shape}, not one space").format(
            skill=shown_name(skill), shape=_shape_words(stand_in)), "skill-shape", skill, mask)
    return Drawing(stand_in, mask, Terrain.FARM, drawing.option, False, sheet, also=Terrain.VILLAGE)


def _stand_in(skill: SkillCard, rule: SkillRule, card: Card, drawn: Kept | None) -> ExploreCard:
    """The card the skill's drawing is checked as: the card on the table with the skill's shapes
    and terrains."""
    if rule.shape == SKILL_SHAPE and skill.shape is not None:
        options: tuple[ShapeOption, ...] = (ShapeOption(skill.shape, False),)
    elif rule.shape == SHAPE_DRAWN and drawn is not None:
        options = (ShapeOption(_shape_of(drawn.cells), False),)
    elif rule.shape == CARD_SHAPES and isinstance(card, ExploreCard):
        options = card.options
    else:
        raise ValueError(f"{skill.id}: the rule {skill.acts} has no shape to draw")
    if rule.terrain == MONSTER:
        terrains: tuple[Terrain, ...] = (Terrain.MONSTER,)
    elif rule.terrain == VILLAGE:
        terrains = (Terrain.VILLAGE,)
    elif rule.terrain == TERRAIN_DRAWN and drawn is not None and drawn.terrain is not None:
        terrains = (drawn.terrain,)
    elif rule.terrain == CARD_TERRAIN and isinstance(card, ExploreCard):
        terrains = card.terrains
    else:
        raise ValueError(f"{skill.id}: the rule {skill.acts} has no terrain to draw")
    return ExploreCard(card.id, card.number, card.name, Kind.EXPLORE, 0, terrains, options, card.set,
                       names=card.names, aka=card.aka)


def _shape_of(cells: int) -> Shape:
    """The shape a mask of spaces makes."""
    return Shape(normalise((c.row, c.col) for c in iter_cells(cells)))


def _shape_words(card: ExploreCard) -> str:
    return " / ".join("".join(row.strip()) for o in card.options for row in o.shape.render())


def _off_the_edge(sheet: Sheet, card: ExploreCard, skill: SkillCard, mask: int, terrain: Terrain | None,
                  ruins: bool) -> Drawing:
    """A shape of the card that may run past the map's edge: ``mask`` is the part on the map."""
    name = shown_name(skill)
    if terrain is None:
        if len(card.terrains) != 1:
            return check_drawing(sheet, card, mask, terrain, ruins=ruins)  # says which terrains
        terrain = card.terrains[0]
    if terrain not in card.terrains:
        return check_drawing(sheet, card, mask, terrain, ruins=ruins)  # says the terrain is not the card's
    if not mask or mask & ~BOARD:
        return check_drawing(sheet, card, mask, terrain, ruins=ruins)
    if mask & ~sheet.empty:
        raise _refuse(_("{skill}: the shape goes on empty spaces only").format(skill=name), "skill-filled", skill,
                      mask)
    need = ruins_target(sheet, card, ruins)
    if need and not mask & need:
        raise _refuse(_("{skill}: the card's ruins obligation holds: the part on the map covers a ruins space")
                      .format(skill=name), "skill-ruins", skill, mask)
    for number, option in enumerate(card.options, 1):
        if _on_the_map(option.shape, mask):
            return Drawing(card, mask, terrain, number, option.coin, sheet)
    raise _refuse(_("{skill}: the spaces are no shape of {card}, whole or running past the edge ({shapes})")
                  .format(skill=name, card=shown_name(card), shapes=_shape_words(card)), "skill-shape", skill, mask)


def _on_the_map(shape: Shape, mask: int) -> bool:
    """True when some turn or mirror of ``shape``, placed anywhere, even partly off the map,
    leaves exactly ``mask`` on it."""
    for turned in shape.orientations():
        height, width = turned.height, turned.width
        for r0 in range(-height + 1, SIZE):
            for c0 in range(-width + 1, SIZE):
                on = 0
                for r, c in turned.cells:
                    if 0 <= r0 + r < SIZE and 0 <= c0 + c < SIZE:
                        on |= bit(r0 + r, c0 + c)
                if on == mask:
                    return True
    return False


def _refuse(message: str, code: str, skill: SkillCard, mask: int) -> IllegalPlacement:
    return IllegalPlacement(message, code=code, card=skill.id, spaces=mask)
