"""A game's opening: the players named, the setup checked against the rules and the card data,
the deck's cards found, the skills dealt; ``new_game`` and ``from_setup`` give the state a game
starts from (``state`` then applies what happens).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .. import deck as decks
from ..cards import EDICTS, Catalog, Kind
from ..cards import catalog as default_catalog
from ..deck import DeckCards
from ..errors import IllegalAction, UnknownCardError, UsageError
from ..i18n import _
from .values import GameState, Setup

if TYPE_CHECKING:  # pragma: no cover
    from .editions import Edition

MAX_PLAYERS = 100



def check_player_names(names: Sequence[str], limit: int = MAX_PLAYERS) -> tuple[str, ...]:
    """Validate player names: 1 to ``limit`` (a game's 100), none empty, no two alike ignoring case."""
    names = [n.strip() for n in names]
    if not names or names == [""]:
        raise UsageError(_("name the players (or play solo)"), code="no-players")
    if len(names) > limit:
        raise UsageError(_("at most {limit} players, not {n}").format(limit=limit, n=len(names)))
    seen: set[str] = set()
    for n in names:
        if not n:
            raise UsageError(_("a player name is empty (two commas in a row?)"))
        if not n.isprintable() or "," in n:
            raise UsageError(_("player name {name} should be printable text without commas").format(name=repr(n)))
        if n.lower() in seen:
            raise UsageError(_("two players are called {name}").format(name=repr(n)))
        seen.add(n.lower())
    return tuple(names)


def deck_cards(setup: Setup, cards: Catalog) -> DeckCards:
    """The cards a setup names, looked up in the card data; an id it lacks is refused."""
    found = []
    kinds = {"explore": (Kind.EXPLORE, Kind.RUINS), "ambush": (Kind.AMBUSH,), "hero": (Kind.HERO,)}
    for what, ids in (("explore", setup.explore), ("ambush", setup.ambushes), ("hero", setup.heroes)):
        for i in ids:
            try:
                card = cards.deck_card(i)
            except KeyError:
                raise IllegalAction(_missing_card(what).format(card=repr(i)), code="unknown-card", card=i) from None
            if card.kind not in kinds[what]:
                raise IllegalAction(_wrong_kind(what).format(card=repr(i)), code="unknown-card", card=i)
            found.append(card)
    if len(set(setup.explore + setup.ambushes + setup.heroes)) != len(found):
        raise IllegalAction(_("the game names a card twice"), code="card-twice")
    try:
        seasons = cards.season_cards(setup.seasons)
    except UnknownCardError as e:
        raise IllegalAction(str(e), code="unknown-card") from None
    explore = tuple(c for c in found if c.kind in (Kind.EXPLORE, Kind.RUINS))
    ambushes = tuple(c for c in found if c.kind == Kind.AMBUSH)
    heroes = tuple(c for c in found if c.kind == Kind.HERO)
    result = DeckCards(explore, ambushes, seasons, heroes)  # type: ignore[arg-type]
    decks.check_deck(result)
    return result


def _missing_card(what: str) -> str:
    """The refusal of a card id the card data lacks, for a kind of card ({card}: the id)."""
    if what == "explore":
        return _("the game plays with the explore card {card}, which this cartoref's card data does not hold")
    if what == "ambush":
        return _("the game plays with the ambush card {card}, which this cartoref's card data does not hold")
    return _("the game plays with the hero card {card}, which this cartoref's card data does not hold")


def _wrong_kind(what: str) -> str:
    """The refusal of a card id of another kind than the list it is in ({card}: the id)."""
    if what == "explore":
        return _("{card} is not an explore card")
    if what == "ambush":
        return _("{card} is not an ambush card")
    return _("{card} is not a hero card")


def new_game(
    seed: int,
    players: Sequence[str],
    *,
    solo: bool = False,
    sheet: str | None = None,
    edicts: tuple[str, str, str, str] | None = None,
    map: str | None = None,
    edition: Edition | None = None,
    cards: Catalog | None = None,
    wastelands: bool = False,
    skills: tuple[str, ...] | None = None,
) -> GameState:
    """Set up a game: edicts drawn from the seed (one per category of the edition's scoring
    sets) unless given, spring's deck shuffled. The cards default to the base game's."""
    from .editions import choose

    cards = cards or default_catalog()
    edition = edition or choose(cards)
    if edicts is None:
        edicts = decks.draw_edicts(seed, [c for c in cards.scoring if c.set in edition.scoring_sets])
    setup = Setup(seed, tuple(players), solo, sheet or edition.sheet, edicts, map, edition.explore,
                  edition.ambushes, edition.seasons, edition.heroes, edition.name, wastelands,
                  deal_skills(seed, cards) if skills == () else tuple(skills or ()))
    return from_setup(check_setup(setup, cards), cards)


SKILLS_DEALT = 3  # face up for every player


def deal_skills(seed: int, cards: Catalog) -> tuple[str, ...]:
    """Three skill cards of the eight, dealt by the seed (``random.Random(f"{seed}:skills")``)."""
    import random

    ids = [s.id for s in cards.skills]
    return tuple(random.Random(f"{seed}:skills").sample(ids, SKILLS_DEALT))


def check_setup(setup: Setup, cards: Catalog) -> Setup:
    """The setup with its names made canonical (names stripped, the sheet side's id), or a
    UsageError saying what the rules do not allow."""
    players = check_player_names(setup.players)
    if setup.solo and len(players) != 1:
        raise UsageError(_("a solo game has exactly one player"), code="solo-players")
    if not setup.solo and len(players) < 2:
        raise UsageError(_("one player plays the solo game"), code="solo-needed")
    if setup.map is not None and not setup.solo:
        raise UsageError(_("a map file is for solo games (the monster is placed on the solo player's map)"),
                         code="map-not-solo")
    for letter, e in zip(EDICTS, setup.edicts):
        try:
            cards.scoring_by_id(e)
        except KeyError:
            raise UsageError(_("edict {letter}: {card} is not a scoring-card id").format(letter=letter, card=repr(e))
                             ) from None
    if len(set(setup.edicts)) != 4:
        raise UsageError(_("the four edicts should be four different scoring cards"))
    known = {s.id for s in cards.skills}
    for skill in setup.skills:
        if skill not in known:
            raise UsageError(_("{skill} is not a skill card's id").format(skill=repr(skill)), code="unknown-skill")
    if setup.skills and (len(set(setup.skills)) != len(setup.skills) or len(setup.skills) != SKILLS_DEALT):
        raise UsageError(_("a game plays with {n} different skills face up, not {skills}").format(
            n=SKILLS_DEALT, skills=", ".join(setup.skills)), code="skills-count")
    side = cards.sheet_side(setup.sheet)
    if setup.wastelands and not side.rolled:
        raise UsageError(_("wastelands are rolled only on a sheet whose spaces the dice place ({sheets}), "
                           "not on {side}").format(sheets=", ".join(s.id for s in cards.sheets if s.rolled),
                                                   side=side.id), code="wastelands-not-rolled")
    return replace(setup, players=players, sheet=side.id)


def from_setup(setup: Setup, cards: Catalog | None = None) -> GameState:
    """The state at the start of a game with this setup."""
    cards = cards or default_catalog()
    deck = decks.start(setup.seed, deck_cards(setup, cards))
    empty = tuple((None,) * len(deck.cards.seasons) for _ in setup.players)
    return GameState(setup, deck, empty, (), cards)
