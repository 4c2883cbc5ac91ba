"""The card data as a shell asks for it: a card by a forgiving name, the lists, the seasons and
sides for completion, the solo title, the rows of a blank score pad."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import CATEGORIES, PLAYABLE_TERRAINS, catalog
from ..cardtypes import KIND_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import ScoringCard

#: The kinds of card ``cards --category`` takes beside the scoring categories.
KINDS = ("explore", "ambush", "hero", "skill")
TERRAIN_WORDS = tuple(t.word for t in PLAYABLE_TERRAINS)

__all__ = ["CATEGORIES", "KINDS", "KIND_WORDS", "TERRAIN_WORDS", "Titled", "ambush_ways", "any_card", "card_list",
           "card_names", "card_sets", "edict_ids", "editions", "season_id", "season_ids", "sheet_sides", "title"]


def card_sets() -> tuple[str, ...]:
    """The card sets, as their folders' manifests name them ("base", "heroes", "promos")."""
    return catalog().set_names


def editions() -> tuple[str, ...]:
    """The editions the card sets deal ("base", "heroes", "combined")."""
    from ..game.editions import edition_names

    return edition_names(catalog())


def ambush_ways(edition: str | None = None) -> tuple[str, ...]:
    """The values ``new --ambushes`` takes: in one edition (its default first), else in any."""
    from ..game.editions import ambush_choices

    chosen = (edition,) if edition else editions()
    return tuple(dict.fromkeys(way for name in chosen for way in ambush_choices(catalog(), name)))


def playable_terrain(text: str) -> str | None:
    """The English word of a terrain a player may draw, named in any language cartoref speaks
    ("forêt" is forest), or None."""
    from ..grid import terrain_named

    found = terrain_named(text)
    return found.word if found in PLAYABLE_TERRAINS else None


def split_names(text: str) -> list[str]:
    """The comma-separated parts of a list of names, stripped."""
    return [part.strip() for part in text.split(",")]


def card_list(category: str | None = None, card_set: str | None = None) -> list[Any]:
    """Every card of a kind or scoring category (all by default), of one set or all."""
    cat = catalog()
    if card_set and card_set.lower() not in cat.set_names:
        from ..errors import UsageError
        from ..i18n import _

        raise UsageError(_("unknown card set {set!r} (one of {sets})").format(set=card_set, sets=", ".join(cat.set_names)),
                         code="card-set")
    category = category.lower() if category else None
    every: list[Any] = []
    if category in (None, "explore"):
        every += cat.explore
    if category in (None, "ambush"):
        every += cat.ambushes
    if category in (None, "hero"):
        every += cat.heroes
    every += [c for c in cat.scoring if category in (None, c.category)]
    if category in (None, "skill"):
        every += cat.skills
    if card_set:
        every = [c for c in every if c.set == card_set.lower()]
    return every


def any_card(name: str) -> Any:
    """Any card by a forgiving name."""
    return catalog().any_card(name)


def card_names() -> list[tuple[str, str]]:
    """Every card a player may type: (id, name)."""
    cat = catalog()
    every: list[Any] = [*cat.explore, *cat.ambushes, *cat.scoring, *cat.heroes, *cat.skills]
    return [(c.id, c.name) for c in every]


def edict_ids(text: str) -> tuple[str, str, str, str]:
    """Four scoring cards named with commas, as the ids under edicts A to D."""
    return catalog().edict_ids(split_names(text))


def season_id(name: str) -> str:
    """A season's id from its name in any case, in any language cartoref speaks ("été",
    "otoño", "秋"; "fall" is autumn); UnknownCardError if none."""
    from ..i18n import folded

    typed = folded(name.strip())
    for s in catalog().seasons:
        if typed in {folded(n) for _, n in s.names}:
            return s.id
    return catalog().season(name).id


def season_ids() -> list[str]:
    """The seasons' ids, in play order."""
    return [s.id for s in catalog().seasons]


def sheet_sides() -> list[tuple[str, str]]:
    """Each sheet side's id and letter."""
    return [(s.id, s.letter) for s in catalog().sheets]


def sheet_taken_as(name: str) -> str | None:
    """The side a sheet name was taken as when it matched only a part of a side's name or id
    (``wildernes``: ``wilderness``); None when it names a side outright, or none."""
    from ..cardtypes import shown_name
    from ..errors import CartorefError

    try:
        side = catalog().sheet_side(name)
    except CartorefError:
        return None  # the command refuses it, with the sides it expected
    typed = name.strip().lower()
    if typed in {side.id.lower(), side.letter.lower(), side.name.lower(), shown_name(side).lower()}:
        return None
    return side.id


class Titled(NamedTuple):
    """A solo result: the score, the four edicts, the rating and its title."""

    score: int
    edicts: list[ScoringCard]
    rating: int
    title: str


def title(score: int, edicts: str) -> Titled:
    """The solo rating (the score minus the edicts' solo numbers) and its title."""
    from ..moves import solo_rating

    cat = catalog()
    chosen = [cat.scoring_by_id(i) for i in edict_ids(edicts)]
    rating = solo_rating(score, chosen)
    return Titled(score, chosen, rating, cat.solo_title(rating))


class PadRows(NamedTuple):
    """What a score pad holds: the players, the seasons, the scores so far, the edicts' names."""

    players: tuple[str, ...]
    seasons: list[tuple[str, str, tuple[str, str]]]  # id, name, the two edict letters
    scores: tuple[tuple[Any, ...], ...]
    edicts: list[str]


def spoken_title(title: str) -> str:
    """A solo title in the language spoken."""
    return catalog().spoken_title(title)


def blank_pad(players: str) -> PadRows:
    """A blank score pad's contents, for the players named (a game refereed on paper)."""
    from ..game.opening import check_player_names

    names = check_player_names(split_names(players))
    return PadRows(names, [(s.id, s.name, s.edicts) for s in catalog().seasons], ((),) * len(names),
                   ["", "", "", ""])
