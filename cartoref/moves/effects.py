"""The special effects of the four Heroes ambushes on a sheet (docs/sources.md, "Cartographers
Heroes"; the readings chosen: docs/rulings.md, "Heroes special ambushes").

- Dragon Inferno: once every dragon space is destroyed or has no empty space beside it, the
  map's owner gains 3 coins, once.
- Zombie Plague: after each season's scoring, a zombie is drawn in every empty space next to a
  zombie space, all at once; a new zombie inside an attack zone is destroyed at once.
- Giant Troll Ravage: after each season's scoring, one empty space next to the troll is
  destroyed (the map's owner chooses which).
- Gorgon Gaze: as soon as the gorgon is drawn, one space next to it that is not a mountain is
  destroyed (whoever draws the gorgon chooses which).

A destroyed monster space is no monster any more: it keeps no initial and has no effect.

Each effect is named by the cards that have it (``acts:``; ``effectrules.AMBUSH_EFFECTS`` says
when it acts and its monster's initial), never by a card's id: a card added to the card data
with ``acts: zombies-spread`` spreads as Zombie Plague does.
"""

from __future__ import annotations

from ..cards import catalog
from ..effectrules import AMBUSH_EFFECTS, DRAGON, GORGON, TROLL, ZOMBIES
from ..errors import IllegalPlacement
from ..grid import MONSTER_INITIALS, Sheet, Terrain, cells_label, neighbours
from ..i18n import N_, _

__all__ = ["DRAGON", "DRAGON_COINS", "GORGON", "TROLL", "ZOMBIES", "card_acting", "effect_of", "resolved_word",
           "spaces_of"]
DRAGON_COINS = 3
#: The refusal of a space the monster may not destroy, per effect ({space}; {choices}: those it may).
NOT_A_TARGET = {
    GORGON: N_("{space} is not a space the gorgon may destroy (one of: {choices})"),
    TROLL: N_("{space} is not a space the troll may destroy (one of: {choices})"),
}


def effect_of(card_id: str) -> str:
    """The effect a card of the game has (a key of ``AMBUSH_EFFECTS``), "" for none (a plain
    monster, an explore card, an entry of a map's history that is no card)."""
    card = catalog().ambush_by_id(card_id)
    return card.acts if card is not None else ""


def card_acting(effect: str) -> str:
    """The id of the first card with ``effect`` (a map typed from paper shows its monster only)."""
    return next((c.id for c in catalog().ambushes if c.acts == effect), effect)


def resolved_word(effect: str) -> str:
    """The word a map's ``resolved:`` keeps once ``effect`` is done for good."""
    return AMBUSH_EFFECTS[effect].resolves


def spaces_of(sheet: Sheet, effect: str) -> int:
    """The monster spaces an effect's monster drew that are still monsters (its initial's spaces)."""
    return sheet.initials[MONSTER_INITIALS.index(AMBUSH_EFFECTS[effect].initial)]


def dragon_pays(sheet: Sheet, dragon_drawn: bool) -> bool:
    """Whether the dragon's condition holds: a dragon was drawn on this sheet and every dragon
    space left has no empty space beside it (destroyed ones count as done)."""
    dragon = spaces_of(sheet, DRAGON)
    if not dragon and not dragon_drawn:
        return False
    return not neighbours(dragon) & sheet.empty


def zombie_spread(sheet: Sheet) -> tuple[Sheet, int, int]:
    """The sheet after the zombies spread once: the new zombies, and those destroyed at once
    because they fall inside an attack zone."""
    new = neighbours(spaces_of(sheet, ZOMBIES)) & sheet.empty
    after = sheet.with_drawn(new, Terrain.MONSTER, "Z") if new else sheet
    doomed = new & sheet.attacks
    return (after.with_destroyed(doomed) if doomed else after), new, doomed


def troll_targets(sheet: Sheet) -> int:
    """The empty spaces next to the troll: one of them is destroyed after each scoring."""
    return neighbours(spaces_of(sheet, TROLL)) & sheet.empty


def gorgon_targets(sheet: Sheet, gorgon: int) -> int:
    """The spaces the gorgon may destroy: next to one of its (surviving) spaces, neither a
    mountain nor a wasteland (printed) nor a space already destroyed."""
    return neighbours(gorgon) & ~sheet.mountains & ~sheet.wastelands & ~sheet.destroyed & ~gorgon


def destroy_one(sheet: Sheet, target: int, allowed: int, what: str, effect: str, card_id: str = "") -> Sheet:
    """The sheet with one chosen space of ``allowed`` destroyed; IllegalPlacement otherwise.
    ``what`` names the monster (``"the troll"``); the refusal is worded by ``effect`` (the
    gorgon's or the troll's), a whole sentence for each, and names ``card_id``."""
    if target.bit_count() != 1 or not target & allowed:
        choices = cells_label(allowed) or _("none")
        raise IllegalPlacement(_(NOT_A_TARGET[effect]).format(space=cells_label(target) or _("no space"),
                                                              choices=choices),
                               code="not-a-target", card=card_id or effect, spaces=target)
    return sheet.with_destroyed(target)
