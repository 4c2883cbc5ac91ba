"""Which cards a game plays with: an edition as the card sets' manifests deal it (the base
game, Cartographers Heroes, the two combined as the Heroes rulebook allows; docs/sources.md,
"combining"; docs/rulings.md), with the choices a game may make among them (``--explore``,
``--ambushes``, ``--heroes``, ``--seasons``) and those every edition gains from a set that
adds some (the promo ambushes: ``--ambushes promo|mixed``). No edition is named in the code:
they are read from ``cards/<set>/set.yaml``."""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Catalog, EditionRule, Kind
from ..errors import UsageError
from ..i18n import N_, _

#: What an edition with one way to deal a kind refuses to choose, a whole sentence each.
COMBINED_ONLY = {"explore": N_("choosing the explore cards is for a combined game"),
                 "ambushes": N_("choosing the ambushes is for a combined game"),
                 "heroes": N_("choosing the hero deck is for a combined game"),
                 "seasons": N_("choosing the season cards is for a combined game")}
#: In a choice a set adds to every edition's (``mixed: [edition, promos]``): the edition's own.
OWN = "edition"


class Edition(NamedTuple):
    """The cards of a game's deck and its scoring sets, by id, and the side it defaults to."""

    name: str
    explore: tuple[str, ...]  # explore and ruins cards, in the card files' order
    ambushes: tuple[str, ...]
    heroes: tuple[str, ...]
    seasons: str  # the set of the season cards
    scoring_sets: tuple[str, ...]  # the sets the edicts are dealt from, one card per category
    sheet: str  # the sheet side when the game names none


def edition_names(cards: Catalog) -> tuple[str, ...]:
    """Every edition the card sets deal ("base", "heroes", "combined")."""
    return tuple(e.name for e in cards.editions)


def ambush_choices(cards: Catalog, edition: str) -> tuple[str, ...]:
    """The values ``--ambushes`` takes in an edition, its default first."""
    return tuple(name for name, _sets in _ambush_ways(cards, _rule(cards, edition)))


def choose(cards: Catalog, edition: str = "base", *, explore: str | None = None, ambushes: str | None = None,
           heroes: bool | None = None, seasons: str | None = None) -> Edition:
    """The cards of an edition, each kind by the choice given (else the edition's default)."""
    rule = _rule(cards, edition)
    terrain_sets = _chosen(rule.explore, explore, "explore")
    ambush_sets = _chosen(_ambush_ways(cards, rule), ambushes, "ambushes")
    hero_sets = _chosen(rule.heroes, None if heroes is None else ("yes" if heroes else "no"), "heroes")
    season_set = _chosen(rule.seasons, seasons, "seasons")
    if set(terrain_sets) == set(rule.ruins):
        deck = tuple(c.id for c in cards.explore if c.set in terrain_sets)  # the card files' order
    else:  # the ruins cards of one set with the terrain cards of another: ruins first
        deck = (tuple(c.id for c in cards.explore if c.set in rule.ruins and c.kind == Kind.RUINS)
                + tuple(c.id for c in cards.explore if c.set in terrain_sets and c.kind != Kind.RUINS))
    return Edition(rule.name, deck, tuple(a.id for a in cards.ambushes if a.set in ambush_sets),
                   tuple(h.id for h in cards.heroes if h.set in hero_sets), season_set[0] if season_set else "",
                   rule.edicts, rule.sheet)


def _rule(cards: Catalog, edition: str) -> EditionRule:
    rule = next((e for e in cards.editions if e.name == edition), None)
    if rule is None:
        raise UsageError(_("unknown edition {edition} (one of {editions})").format(
            edition=repr(edition), editions=", ".join(edition_names(cards))), code="edition")
    return rule


Ways = tuple[tuple[str, tuple[str, ...]], ...]


def _ambush_ways(cards: Catalog, rule: EditionRule) -> Ways:
    """The edition's own ways of dealing its ambushes, then those the sets add to every edition
    (``OWN`` in them standing for the edition's default ambushes)."""
    own = rule.ambushes[0][1] if rule.ambushes else ()
    added = tuple((name, tuple(s for part in sets for s in (own if part == OWN else (part,))))
                  for name, sets in cards.ambush_choices)
    return (*rule.ambushes, *added)


def _chosen(ways: Ways, given: str | None, what: str) -> tuple[str, ...]:
    """The sets of the way chosen (``given``), else of the first; a choice where the edition has
    one way or none is refused."""
    if given is None:
        return ways[0][1] if ways else ()
    if len(ways) < 2:
        raise UsageError(_(COMBINED_ONLY[what]), code="combined-only")
    found = dict(ways)
    if given not in found:
        raise UsageError(_("{option} should be one of {allowed}, not {value}").format(
            option=what, allowed=", ".join(found), value=repr(given)), code="edition")
    return found[given]
