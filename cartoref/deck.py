"""The explore deck, the ambush stack and the season clock, built from a game's own cards.

A game names the cards it plays with (``DeckCards``: its explore and ruins cards, its ambushes,
its season cards); the deck is made from those and never from whatever the card folder holds,
so card data can grow without changing a saved game.

Everything random here comes from a ``random.Random`` seeded from the game's seed and a label,
never from the global generator, so the whole sequence of cards is a function of the seed and
of the order the game lists its cards in:

- the ambush stack is shuffled once, by ``Random(f"{seed}:ambushes")``, and the hero stack
  (Heroes) by ``Random(f"{seed}:heroes")``;
- each season's deck is shuffled by ``Random(f"{seed}:{season}")`` from the explore cards (in
  the game's order), the ambushes left unrevealed last season (in stack order), the next
  ambush of the stack, the heroes left unrevealed and the next hero (a game without heroes
  shuffles exactly what it did before heroes existed);
- the four edicts are drawn by ``Random(f"{seed}:edicts")``.

Undoing an action and drawing again therefore reveals the same card: undo corrects a mistake,
it never re-rolls the deck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .cards import CATEGORIES, AmbushCard, ExploreCard, HeroCard, Kind, ScoringCard, Season
from .cardtypes import season_in_sentence
from .errors import IllegalAction
from .i18n import _

Card = ExploreCard | AmbushCard | HeroCard


@dataclass(frozen=True)
class DeckCards:
    """The cards a game plays with, in the order its shuffles take them."""

    explore: tuple[ExploreCard, ...]  # terrain cards and ruins cards: all of them every season
    ambushes: tuple[AmbushCard, ...]  # shuffled into a stack; one joins each season's deck
    seasons: tuple[Season, ...]  # the four season cards, spring first
    heroes: tuple[HeroCard, ...] = ()  # Heroes: shuffled into a stack; one joins each season's deck
    by_id: dict[str, Card] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        every: list[Card] = [*self.explore, *self.ambushes, *self.heroes]
        object.__setattr__(self, "by_id", {c.id: c for c in every})

    def __hash__(self) -> int:
        return hash((self.explore, self.ambushes, self.seasons, self.heroes))


def draw_edicts(seed: int, scoring: Sequence[ScoringCard]) -> tuple[str, str, str, str]:
    """One scoring card from EACH category of ``scoring``, laid under edicts A-D in random order."""
    rng = random.Random(f"{seed}:edicts")
    drawn: list[ScoringCard] = []
    for category in CATEGORIES:
        choices = [c for c in scoring if c.category == category]
        if not choices:
            raise IllegalAction(_("no scoring card of the {category} category to draw an edict from").format(
                                category=category),
                                code="no-scoring-card")
        drawn.append(rng.choice(choices))
    rng.shuffle(drawn)
    a, b, c, d = (card.id for card in drawn)
    return a, b, c, d


def ambush_stack(seed: int, ambushes: Sequence[AmbushCard]) -> tuple[str, ...]:
    """The face-down ambush stack, top card first."""
    ids = [a.id for a in ambushes]
    random.Random(f"{seed}:ambushes").shuffle(ids)
    return tuple(ids)


def hero_stack(seed: int, heroes: Sequence[HeroCard]) -> tuple[str, ...]:
    """The face-down hero stack (Heroes), top card first."""
    ids = [h.id for h in heroes]
    random.Random(f"{seed}:heroes").shuffle(ids)
    return tuple(ids)


def season_order(seed: int, season: str, explore: Sequence[ExploreCard], ambushes: tuple[str, ...],
                 heroes: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A season's shuffled deck, top card first: the explore cards plus the given ambushes and
    heroes."""
    ids = [c.id for c in explore] + list(ambushes) + list(heroes)
    random.Random(f"{seed}:{season}").shuffle(ids)
    return tuple(ids)


@dataclass(frozen=True)
class DeckState:
    """Where the deck stands: the season, its shuffled deck and how far it has been revealed.

    ``order`` is secret: nothing shown to players may reveal it beyond ``column``.
    """

    seed: int
    cards: DeckCards
    season: int  # 0 spring .. 3 winter
    order: tuple[str, ...]
    position: int  # cards of ``order`` revealed so far this season
    stack: tuple[str, ...]  # ambushes not yet shuffled into any deck, top first
    ruins_pending: bool = False  # a ruins obligation waiting for the next explore card
    ruins_card: str | None = None  # the last revealed explore card that must cover ruins
    hero_stack: tuple[str, ...] = ()  # heroes not yet shuffled into any deck, top first

    @property
    def column(self) -> tuple[str, ...]:
        """This season's revealed cards, in order."""
        return self.order[: self.position]

    @property
    def remaining(self) -> tuple[str, ...]:
        """The cards still face down in this season's deck (their order is secret)."""
        return self.order[self.position :]

    @property
    def season_card(self) -> Season:
        """The card of the season running (or just ended)."""
        return self.cards.seasons[self.season]


def start(seed: int, cards: DeckCards) -> DeckState:
    """The deck at setup: spring's deck holds the explore cards, the top ambush and the top hero."""
    stack = ambush_stack(seed, cards.ambushes)
    heroes = hero_stack(seed, cards.heroes)
    order = season_order(seed, cards.seasons[0].id, cards.explore, stack[:1], heroes[:1])
    return DeckState(seed, cards, 0, order, 0, stack[1:], hero_stack=heroes[1:])


def time_used(deck: DeckState) -> int:
    """The sum of the time values of this season's revealed cards."""
    return sum(deck.cards.by_id[c].time for c in deck.column)


def season_over(deck: DeckState) -> bool:
    """True when this season's time has reached its threshold."""
    return time_used(deck) >= deck.season_card.threshold


def game_over(deck: DeckState) -> bool:
    """True once winter's time has reached its threshold."""
    return deck.season == len(deck.cards.seasons) - 1 and season_over(deck)


def ambushes_in(deck: DeckState, ids: Sequence[str]) -> tuple[str, ...]:
    """The ambush cards among ``ids``, in the same order."""
    return tuple(i for i in ids if deck.cards.by_id[i].kind == Kind.AMBUSH)


def heroes_in(deck: DeckState, ids: Sequence[str]) -> tuple[str, ...]:
    """The hero cards among ``ids``, in the same order."""
    return tuple(i for i in ids if deck.cards.by_id[i].kind == Kind.HERO)


def next_season(deck: DeckState) -> DeckState:
    """Prepare the next season: all explore cards, the unrevealed ambushes and the next ambush,
    the unrevealed heroes and the next hero, shuffled. Revealed ambushes have left the game;
    revealed heroes have gone back to the box."""
    if not season_over(deck):
        raise IllegalAction(_("{season} is still running").format(season=season_in_sentence(deck.season_card)),
                            code="season-running")
    if game_over(deck):
        raise IllegalAction(_("the game is over after winter"), code="game-over")
    carried = ambushes_in(deck, deck.remaining)
    heroes = heroes_in(deck, deck.remaining)
    index = deck.season + 1
    order = season_order(deck.seed, deck.cards.seasons[index].id, deck.cards.explore, carried + deck.stack[:1],
                         heroes + deck.hero_stack[:1])
    # A ruins obligation cannot be pending here: the season only ends on a card with time,
    # which is an explore card that takes the obligation. Should one ever be, it lapses.
    return DeckState(deck.seed, deck.cards, index, order, 0, deck.stack[1:], hero_stack=deck.hero_stack[1:])


def season_ahead(deck: DeckState) -> DeckState:
    """The deck of the season being played: the running one, or between seasons the next one's
    (freshly shuffled); after winter, winter's."""
    return next_season(deck) if season_over(deck) and not game_over(deck) else deck


def reveal(deck: DeckState) -> tuple[DeckState, tuple[str, ...]]:
    """One explore step: reveal the top card, and after ruins keep revealing until a non-ruins
    card. Returns the new deck and the cards revealed. The season must be running."""
    if season_over(deck):
        raise IllegalAction(_("{season} is over; prepare the next season first").format(
            season=season_in_sentence(deck.season_card)), code="season-over")
    revealed: list[str] = []
    pending = deck.ruins_pending
    ruins_card = None
    position = deck.position
    while True:
        # check_deck guarantees the explore cards' time covers every threshold, so a running
        # season always has a card left.
        assert position < len(deck.order), "the deck ran out before the season's threshold"
        card = deck.cards.by_id[deck.order[position]]
        position += 1
        revealed.append(card.id)
        if card.kind == Kind.RUINS:
            pending = True
            continue
        if card.kind == Kind.EXPLORE and pending:
            pending = False
            ruins_card = card.id
        break
    return replace(deck, position=position, ruins_pending=pending, ruins_card=ruins_card), tuple(revealed)


def check_deck(cards: DeckCards) -> None:
    """Refuse a set of cards whose seasons could run out of cards: the explore cards' time
    must cover every threshold, and a ruins card needs an explore card to follow it."""
    total = sum(c.time for c in cards.explore)
    highest = max(s.threshold for s in cards.seasons)
    if total < highest:
        raise IllegalAction(_("the explore cards hold {total} time, less than a season's threshold of "
                              "{highest}").format(total=total, highest=highest), code="deck-too-short")
    if not any(c.kind == Kind.EXPLORE for c in cards.explore):
        raise IllegalAction(_("the deck has no explore card with a shape"), code="deck-too-short")
