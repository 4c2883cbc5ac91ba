"""The explore deck, the ambush stack and the season clock (cartoref/deck.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from cartoref import deck as decks
from cartoref.cards import catalog
from cartoref.deck import DeckCards, DeckState
from cartoref.errors import IllegalAction

CARDS = catalog()
BASE_EXPLORE = tuple(c for c in CARDS.explore if c.set == "base")
BASE_AMBUSHES = tuple(a for a in CARDS.ambushes if a.set == "base")
EXPLORE = sorted(c.id for c in BASE_EXPLORE)
AMBUSHES = {a.id for a in BASE_AMBUSHES}
TIME = {c.id: c.time for c in (*CARDS.explore, *CARDS.ambushes)}
THRESHOLDS = (8, 8, 7, 6)  # spring, summer, autumn, winter (docs/sources.md, season cards)
BASE = DeckCards(BASE_EXPLORE, BASE_AMBUSHES, CARDS.seasons)  # a base game's cards


def deck_of(order: list[str], season: int = 0, stack: tuple[str, ...] = ()) -> DeckState:
    """A deck in a chosen order, for rulings checked on a known sequence."""
    return DeckState(seed=0, cards=BASE, season=season, order=tuple(order), position=0, stack=stack)


def play_season(d: DeckState) -> tuple[DeckState, list[tuple[str, ...]]]:
    """Reveal until the season is over; the groups of cards each reveal gave."""
    groups = []
    while not decks.season_over(d):
        d, group = decks.reveal(d)
        groups.append(group)
    return d, groups


def play_game(seed: int) -> list[tuple[DeckState, DeckState, list[tuple[str, ...]]]]:
    """Every season of a game: (deck at its start, deck at its end, reveal groups)."""
    out = []
    d = decks.start(seed, BASE)
    for season in range(4):
        if season:
            d = decks.next_season(d)
        first = d
        d, groups = play_season(d)
        out.append((first, d, groups))
    return out


# ----------------------------------------------------------------------------- by hand


def test_the_thirteen_explore_cards_hold_sixteen_time():
    # Four time-1 cards, six time-2 cards, Rift Lands and two Ruins at 0: 4 + 12 = 16 >= 8.
    assert len(BASE_EXPLORE) == 13
    assert sum(c.time for c in BASE_EXPLORE) == 16
    decks.check_deck(BASE)


def test_ruins_keep_revealing_until_an_explore_card_which_must_cover_ruins():
    d = deck_of(["outpost-ruins", "temple-ruins", "hamlet", "farmland"] + EXPLORE)
    d, got = decks.reveal(d)
    assert got == ("outpost-ruins", "temple-ruins", "hamlet")
    assert d.ruins_card == "hamlet" and not d.ruins_pending
    d, got = decks.reveal(d)
    assert got == ("farmland",)
    assert d.ruins_card is None and not d.ruins_pending


def test_an_ambush_after_ruins_stops_the_reveal_and_the_obligation_passes_on():
    d = deck_of(["temple-ruins", "goblin-attack", "great-river"] + EXPLORE)
    d, got = decks.reveal(d)
    assert got == ("temple-ruins", "goblin-attack")
    assert d.ruins_pending and d.ruins_card is None
    d, got = decks.reveal(d)
    assert got == ("great-river",)
    assert d.ruins_card == "great-river" and not d.ruins_pending


def test_rift_lands_after_ruins_takes_the_obligation():
    d = deck_of(["temple-ruins", "rift-lands"] + EXPLORE)
    d, got = decks.reveal(d)
    assert got == ("temple-ruins", "rift-lands")
    assert d.ruins_card == "rift-lands"


@pytest.mark.parametrize("order, cards_in_column, time", [
    # 2 + 2 + 2 + 2 = 8: spring ends on the fourth card.
    (["homestead", "orchard", "marshlands", "fishing-village"], 4, 8),
    # 2 + 2 + 2 + 1 = 7, then + 2 = 9: ends on the fifth card, the excess is not carried.
    (["homestead", "orchard", "marshlands", "hamlet", "fishing-village"], 5, 9),
    # Time-0 cards stay in the column without moving the clock: 0 + 2 + 2 + 0 + 2 + 2 = 8.
    (["rift-lands", "homestead", "orchard", "goblin-attack", "marshlands", "fishing-village"], 6, 8),
])
def test_spring_ends_when_its_time_reaches_eight(order, cards_in_column, time):
    rest = [c for c in EXPLORE if c not in order]
    d, _ = play_season(deck_of(order + rest))
    assert len(d.column) == cards_in_column
    assert decks.time_used(d) == time
    with pytest.raises(IllegalAction):
        decks.reveal(d)


def test_the_next_season_keeps_an_unrevealed_ambush_and_adds_the_next_one():
    # Spring ends after four time-2 cards; goblin-attack was never revealed.
    order = ["homestead", "orchard", "marshlands", "fishing-village", "goblin-attack"]
    d, _ = play_season(deck_of(order + [c for c in EXPLORE if c not in order], stack=("gnoll-raid", "kobold-onslaught")))
    summer = decks.next_season(d)
    assert summer.season == 1 and summer.position == 0
    assert sorted(summer.order) == sorted(EXPLORE + ["goblin-attack", "gnoll-raid"])
    assert summer.stack == ("kobold-onslaught",)


def test_a_revealed_ambush_leaves_the_game():
    order = ["goblin-attack", "homestead", "orchard", "marshlands", "fishing-village"]
    d, _ = play_season(deck_of(order + [c for c in EXPLORE if c not in order], stack=("gnoll-raid",)))
    summer = decks.next_season(d)
    assert sorted(summer.order) == sorted(EXPLORE + ["gnoll-raid"])


def test_next_season_refuses_while_the_season_runs_and_after_winter():
    with pytest.raises(IllegalAction):
        decks.next_season(decks.start(1, BASE))
    winter_end, _ = play_season(deck_of(["homestead", "orchard", "marshlands"] + EXPLORE, season=3))
    assert decks.game_over(winter_end)
    with pytest.raises(IllegalAction):
        decks.next_season(winter_end)


def test_edicts_are_one_card_from_each_category():
    by_id = {c.id: c for c in CARDS.scoring}
    for seed in range(50):
        edicts = decks.draw_edicts(seed, CARDS.scoring)
        assert sorted(by_id[e].category for e in edicts) == sorted(["forest", "village", "farm-water", "arrangement"])
    # The letters are not tied to categories: over 50 seeds edict A shows more than one category.
    assert len({by_id[decks.draw_edicts(s, CARDS.scoring)[0]].category for s in range(50)}) > 1


def test_the_same_seed_gives_the_same_cards_and_another_seed_other_cards():
    assert play_game(11) == play_game(11)
    assert decks.draw_edicts(11, CARDS.scoring) == decks.draw_edicts(11, CARDS.scoring)
    firsts = {play_game(s)[0][0].order for s in range(5)}
    assert len(firsts) == 5


# ----------------------------------------------------------------------------- over many seeds


SEEDS = range(400)


@pytest.fixture(scope="module")
def games():
    return {seed: play_game(seed) for seed in SEEDS}


def test_each_column_ends_exactly_when_the_time_reaches_the_threshold(games):
    for seed, seasons in games.items():
        for index, (_, end, _) in enumerate(seasons):
            times = [TIME[c] for c in end.column]
            assert sum(times) >= THRESHOLDS[index], seed
            assert sum(times[:-1]) < THRESHOLDS[index], seed
            assert times[-1] > 0, seed  # only a card with time can end a season


def test_ruins_are_always_followed_by_another_reveal(games):
    for seed, seasons in games.items():
        for _, end, groups in seasons:
            for group in groups:
                kinds = [CARDS.deck_card(c).kind for c in group]
                assert kinds[-1] != "ruins", seed
                assert all(k == "ruins" for k in kinds[:-1]), seed
            assert not end.ruins_pending, seed  # never pending at a season's end (docs/game.md)


def test_each_seasons_deck_holds_the_explore_cards_and_its_ambushes(games):
    for seed, seasons in games.items():
        carried: list[str] = []
        stack = decks.ambush_stack(seed, BASE.ambushes)
        for index, (start, end, _) in enumerate(seasons):
            ambushes = [c for c in start.order if c in AMBUSHES]
            assert sorted(c for c in start.order if c not in AMBUSHES) == EXPLORE, seed
            assert sorted(ambushes) == sorted(carried + [stack[index]]), seed
            carried = [c for c in end.remaining if c in AMBUSHES]


def test_each_ambush_is_revealed_at_most_once_per_game(games):
    seen_carry = 0
    for seed, seasons in games.items():
        revealed = [c for _, end, _ in seasons for c in end.column if c in AMBUSHES]
        assert len(revealed) == len(set(revealed)), seed
        seen_carry += any(c in AMBUSHES for c in seasons[0][1].remaining)
    assert seen_carry > 0  # some spring ambush did carry over, so the carry-over was exercised


def test_each_card_is_equally_likely_to_be_first():
    # Spring's deck holds 14 cards: the 13 explore cards and one ambush (whichever it is).
    n = 2800
    counts = Counter()
    for seed in range(n):
        top = decks.start(seed, BASE).order[0]
        counts["ambush" if top in AMBUSHES else top] += 1
    assert len(counts) == 14
    expected = n / 14
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in counts)
    # 13 degrees of freedom: 34.5 is the 0.1 % critical value; 45 leaves a generous margin.
    assert chi2 < 45, counts
