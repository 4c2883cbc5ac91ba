"""Which cards a game plays with: the base game, Cartographers Heroes, or the two combined as
the Heroes rulebook allows (docs/sources.md, "combining"; docs/rulings.md)."""

from __future__ import annotations

from typing import NamedTuple

from ..cards import SETS, CardSet, Catalog, Kind
from ..errors import UsageError
from ..i18n import N_, _

#: What a one-set game refuses to choose, as a whole sentence per choice (``_`` where raised).
COMBINED_ONLY = {"explore": N_("choosing the explore cards is for a combined game"),
                 "ambushes": N_("choosing the ambushes is for a combined game"),
                 "heroes": N_("choosing the hero deck is for a combined game"),
                 "seasons": N_("choosing the season cards is for a combined game")}

EDITIONS = (*SETS, "combined")  # an edition of one set is named by it


class Edition(NamedTuple):
    """The cards of a game's deck and its scoring sets, by id, and the side it defaults to."""

    name: str
    explore: tuple[str, ...]  # explore and ruins cards, in the card files' order
    ambushes: tuple[str, ...]
    heroes: tuple[str, ...]
    seasons: str  # the set of the season cards
    scoring_sets: tuple[str, ...]  # the sets the edicts are dealt from, one card per category
    sheet: str  # the sheet side when the game names none


def choose(cards: Catalog, edition: str = "base", *, explore: str | None = None, ambushes: str | None = None,
           heroes: bool | None = None, seasons: str | None = None) -> Edition:
    """The cards of an edition; ``explore``, ``ambushes``, ``heroes`` and ``seasons`` choose
    among both games' cards, for a combined game only."""
    if edition not in EDITIONS:
        raise UsageError(_("unknown edition {edition} (one of {editions})").format(
            edition=repr(edition), editions=", ".join(EDITIONS)), code="edition")
    chosen = {"explore": explore, "ambushes": ambushes, "heroes": heroes, "seasons": seasons}
    if edition != "combined":
        given = [k for k, v in chosen.items() if v is not None]
        if given:
            raise UsageError(_(COMBINED_ONLY[given[0]]), code="combined-only")
        card_set = edition
        return Edition(edition, _ids(cards.explore, card_set), _ids(cards.ambushes, card_set),
                       _ids(cards.heroes, card_set), card_set, (card_set,),
                       "wilderness" if card_set == CardSet.BASE else "heroes-wilderness")
    explore = explore or CardSet.BASE
    ambushes = ambushes or "both"
    for what, value, allowed in (("explore", explore, SETS), ("ambushes", ambushes, (*SETS, "both")),
                                 ("seasons", seasons or CardSet.BASE, SETS)):
        if value not in allowed:
            raise UsageError(_("{option} should be one of {allowed}, not {value}").format(
                option=what, allowed=", ".join(allowed), value=repr(value)), code="edition")
    # Combining: one set of explore cards, never both, and the base game's two ruins cards always.
    terrain = tuple(c.id for c in cards.explore if c.set == explore and c.kind != Kind.RUINS)
    ruins = tuple(c.id for c in cards.explore if c.set == CardSet.BASE and c.kind == Kind.RUINS)
    ambush_sets = SETS if ambushes == "both" else (ambushes,)
    return Edition("combined", ruins + terrain, tuple(a.id for a in cards.ambushes if a.set in ambush_sets),
                   _ids(cards.heroes, CardSet.HEROES) if heroes is not False else (), seasons or CardSet.BASE,
                   SETS, "wilderness")


def _ids(items: tuple, card_set: str) -> tuple[str, ...]:
    return tuple(c.id for c in items if c.set == card_set)
