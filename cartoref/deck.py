"""The explore deck, the ambush stack and the season clock.

Everything random here comes from a ``random.Random`` seeded from the game's seed and a label,
never from the global generator, so the whole sequence of cards is a function of the seed:

- the ambush stack is shuffled once, by ``Random(f"{seed}:ambushes")``;
- each season's deck is shuffled by ``Random(f"{seed}:{season}")`` from the 13 explore cards
  (in catalog order), the ambushes left unrevealed last season (in stack order) and the next
  ambush of the stack;
- the four edicts are drawn by ``Random(f"{seed}:edicts")``.

Undoing an action and drawing again therefore reveals the same card: undo corrects a mistake,
it never re-rolls the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Union

from .cards import CATEGORIES, AmbushCard, Catalog, ExploreCard, ScoringCard, Season
from .cards import catalog as default_catalog
from .errors import IllegalAction

Card = Union[ExploreCard, AmbushCard]


def deck_cards(cards: Catalog | None = None) -> dict[str, Card]:
    """Every card that can be revealed from the explore deck, by id."""
    cards = cards or default_catalog()
    every: list[Card] = [*cards.explore, *cards.ambushes]
    return {c.id: c for c in every}


def draw_edicts(seed: int, cards: Catalog | None = None) -> tuple[str, str, str, str]:
    """One scoring card from EACH category, laid under edicts A-D in random order."""
    cards = cards or default_catalog()
    rng = random.Random(f"{seed}:edicts")
    drawn: list[ScoringCard] = []
    for category in CATEGORIES:
        drawn.append(rng.choice([c for c in cards.scoring if c.category == category]))
    rng.shuffle(drawn)
    a, b, c, d = (card.id for card in drawn)
    return a, b, c, d


def ambush_stack(seed: int, cards: Catalog | None = None) -> tuple[str, ...]:
    """The face-down ambush stack, top card first."""
    cards = cards or default_catalog()
    ids = [a.id for a in cards.ambushes]
    random.Random(f"{seed}:ambushes").shuffle(ids)
    return tuple(ids)


def season_order(seed: int, season: str, ambushes: tuple[str, ...], cards: Catalog | None = None) -> tuple[str, ...]:
    """A season's shuffled deck, top card first: the explore cards plus the given ambushes."""
    cards = cards or default_catalog()
    ids = [c.id for c in cards.explore] + list(ambushes)
    random.Random(f"{seed}:{season}").shuffle(ids)
    return tuple(ids)


@dataclass(frozen=True)
class DeckState:
    """Where the deck stands: the season, its shuffled deck and how far it has been revealed.

    ``order`` is secret: nothing shown to players may reveal it beyond ``column``.
    """

    seed: int
    season: int  # 0 spring .. 3 winter
    order: tuple[str, ...]
    position: int  # cards of ``order`` revealed so far this season
    stack: tuple[str, ...]  # ambushes not yet shuffled into any deck, top first
    ruins_pending: bool = False  # a ruins obligation waiting for the next explore card
    ruins_card: str | None = None  # the last revealed explore card that must cover ruins

    @property
    def column(self) -> tuple[str, ...]:
        """This season's revealed cards, in order."""
        return self.order[: self.position]

    @property
    def remaining(self) -> tuple[str, ...]:
        """The cards still face down in this season's deck (their order is secret)."""
        return self.order[self.position :]


def season_info(index: int, cards: Catalog | None = None) -> Season:
    """The season card for an index 0-3."""
    return (cards or default_catalog()).seasons[index]


def start(seed: int, cards: Catalog | None = None) -> DeckState:
    """The deck at setup: spring's deck holds the 13 explore cards and the top ambush."""
    cards = cards or default_catalog()
    stack = ambush_stack(seed, cards)
    season = cards.seasons[0].id
    return DeckState(seed, 0, season_order(seed, season, stack[:1], cards), 0, stack[1:])


def time_used(deck: DeckState, cards: Catalog | None = None) -> int:
    """The sum of the time values of this season's revealed cards."""
    by_id = deck_cards(cards)
    return sum(by_id[c].time for c in deck.column)


def season_over(deck: DeckState, cards: Catalog | None = None) -> bool:
    """True when this season's time has reached its threshold."""
    return time_used(deck, cards) >= season_info(deck.season, cards).threshold


def game_over(deck: DeckState, cards: Catalog | None = None) -> bool:
    """True once winter's time has reached its threshold."""
    cards = cards or default_catalog()
    return deck.season == len(cards.seasons) - 1 and season_over(deck, cards)


def ambushes_in(ids: tuple[str, ...], cards: Catalog | None = None) -> tuple[str, ...]:
    """The ambush cards among ``ids``, in the same order."""
    by_id = deck_cards(cards)
    return tuple(i for i in ids if by_id[i].kind == "ambush")


def next_season(deck: DeckState, cards: Catalog | None = None) -> DeckState:
    """Prepare the next season: all explore cards, the unrevealed ambushes and the next ambush,
    shuffled. Revealed ambushes have left the game."""
    cards = cards or default_catalog()
    if not season_over(deck, cards):
        raise IllegalAction(f"{season_info(deck.season, cards).name} is still running")
    if game_over(deck, cards):
        raise IllegalAction("the game is over after winter")
    carried = ambushes_in(deck.remaining, cards)
    index = deck.season + 1
    ambushes = carried + deck.stack[:1]
    order = season_order(deck.seed, cards.seasons[index].id, ambushes, cards)
    # A ruins obligation cannot be pending here: the season only ends on a card with time,
    # which is an explore card that takes the obligation. Should one ever be, it lapses.
    return DeckState(deck.seed, index, order, 0, deck.stack[1:])


def reveal(deck: DeckState, cards: Catalog | None = None) -> tuple[DeckState, tuple[str, ...]]:
    """One explore step: reveal the top card, and after ruins keep revealing until a non-ruins
    card. Returns the new deck and the cards revealed. The season must be running."""
    cards = cards or default_catalog()
    by_id = deck_cards(cards)
    if season_over(deck, cards):
        raise IllegalAction(f"{season_info(deck.season, cards).name} is over; prepare the next season first")
    revealed: list[str] = []
    pending = deck.ruins_pending
    ruins_card = None
    position = deck.position
    while True:
        # 13 explore cards hold 16 time and no threshold exceeds 8, so a running season
        # always has a card left; an empty deck would mean broken card data.
        assert position < len(deck.order), "the deck ran out before the season's threshold"
        card = by_id[deck.order[position]]
        position += 1
        revealed.append(card.id)
        if card.kind == "ruins":
            pending = True
            continue
        if card.kind == "explore" and pending:
            pending = False
            ruins_card = card.id
        break
    return replace(deck, position=position, ruins_pending=pending, ruins_card=ruins_card), tuple(revealed)


def check_base_deck(cards: Catalog | None = None) -> None:
    """Assert that a season can never run out of cards: the explore cards' time covers
    every threshold."""
    cards = cards or default_catalog()
    total = sum(c.time for c in cards.explore)
    highest = max(s.threshold for s in cards.seasons)
    assert total >= highest, f"the explore cards hold {total} time, less than a threshold of {highest}"
