"""When will the season end? Exact odds from public information only.

What the table knows is the multiset of cards still face down: every explore card not revealed
this season, the ambushes and heroes still in the deck (their number is public; which ones does
not matter, they take no time). The order is never used: every order of those cards is equally
likely, and the odds are worked out exactly, as fractions.

A draw reveals one card, and after a ruins card the next one at once (one draw); the season ends
after the draw that brings its time to the threshold.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from .. import deck as decks
from ..cards import ExploreCard, Kind, Season
from .values import GameState

if TYPE_CHECKING:  # pragma: no cover
    from ..moves.lookahead import Outlook

Chance = TypeVar("Chance", Fraction, float)  # exact odds, or quick ones


class Forecast(NamedTuple):
    """The odds for the season running (or, between seasons, the next one)."""

    season: str
    time: int
    threshold: int
    draws_left: dict[int, Fraction]  # draws until the season ends -> probability

    @property
    def ends_next(self) -> Fraction:
        """The probability that the season ends with the next draw."""
        return self.draws_left.get(1, Fraction(0))

    @property
    def expected_draws_left(self) -> Fraction:
        return sum((n * p for n, p in self.draws_left.items()), Fraction(0))


def draws_left(times: Sequence[int], ruins: int, used: int, threshold: int) -> dict[int, Fraction]:
    """The exact distribution of the number of draws until ``used`` reaches ``threshold``, the
    face-down cards being ``ruins`` ruins cards and one card of each time value in ``times``
    (0 for ambushes and heroes), in an order every permutation of which is equally likely."""
    if used >= threshold:
        return {}
    counts = tuple(sorted(Counter(times).items()))
    return dict(sorted(_left(counts, ruins, threshold - used).items()))


@lru_cache(maxsize=4096)
def _left(counts: tuple[tuple[int, int], ...], ruins: int, need: int) -> dict[int, Fraction]:
    """Draws until ``need`` more time is used: the distribution, by the first draw's outcome."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for time, p, ruins_after in _one_draw(counts, ruins, Fraction(1)):
        rest = _without(counts, time)
        if time >= need or not rest:
            out[1] += p
            continue
        for k, q in _left(rest, ruins_after, need - time).items():
            out[k + 1] += p * q
    return dict(out)


@lru_cache(maxsize=4096)
def _draws_expected(counts: tuple[tuple[int, int], ...], ruins: int, need: int) -> float:
    """The expected number of draws until ``need`` more time is used (as ``_left``, in floats:
    ``hint`` asks it on every call, and the exact fractions take a tenth of a second)."""
    expected = 0.0
    for time, p, ruins_after in _one_draw(counts, ruins, 1.0):
        rest = _without(counts, time)
        expected += p * (1 if time >= need or not rest else 1 + _draws_expected(rest, ruins_after, need - time))
    return expected


def _without(counts: tuple[tuple[int, int], ...], time: int) -> tuple[tuple[int, int], ...]:
    """The face-down cards (``counts``: each time value and its cards) once a card of ``time`` is drawn."""
    return tuple((t, c - 1 if t == time else c) for t, c in counts if c - (t == time) > 0)


def _one_draw(counts: tuple[tuple[int, int], ...], ruins: int, one: Chance) -> list[tuple[int, Chance, int]]:
    """The outcomes of one draw: the time value of the card that ends it, its probability (exact
    when ``one`` is ``Fraction(1)``, a float when it is ``1.0``), and the ruins cards left after
    it (those before it are revealed in the same draw)."""
    others = sum(c for _, c in counts)
    if others == 0:
        return []
    outcomes = []
    # k ruins first, then a card of time t: (R)_k / (R + N)_k * n_t / (R + N - k).
    p_run = one
    for k in range(ruins + 1):
        total = ruins - k + others
        outcomes += [(time, p_run * n / total, ruins - k) for time, n in counts]
        p_run = p_run * (one * (ruins - k) / total)
    return outcomes


def forecast(state: GameState) -> Forecast | None:
    """The odds for the season running, or for the next one between seasons; None once the
    game is over."""
    if decks.game_over(state.deck):
        return None
    d = decks.season_ahead(state.deck)
    face_down = [d.cards.by_id[c] for c in d.remaining]
    times = [c.time for c in face_down if c.kind != Kind.RUINS]
    ruins = sum(c.kind == Kind.RUINS for c in face_down)
    s = d.season_card
    used = decks.time_used(d)
    return Forecast(s.id, used, s.threshold, draws_left(times, ruins, used, s.threshold))


def ruins_to_come(deck: decks.DeckState) -> float:
    """The expected number of ruins obligations from the next draw to the game's end: this
    season's from its face-down cards (and one waiting for the next explore card), each later
    season's from a whole deck (``ruins_in_seasons``)."""
    face_down = [deck.cards.by_id[c] for c in deck.remaining]
    times = [c.time for c in face_down if c.kind != Kind.RUINS]
    now = _obligations(times, len(face_down) - len(times), decks.time_used(deck), deck.season_card.threshold)
    later = ruins_in_seasons(deck.cards.explore, deck.cards.seasons[deck.season + 1:], bool(deck.cards.heroes))
    return now + deck.ruins_pending + later


def ruins_in_seasons(explore: Sequence[ExploreCard], seasons: Sequence[Season], heroes: bool = False) -> float:
    """The expected number of ruins obligations in whole seasons: each shuffled from every explore
    card, one ambush and, with heroes, one hero."""
    whole = [c.time for c in explore if c.kind != Kind.RUINS] + [0] * (1 + heroes)
    ruins = sum(c.kind == Kind.RUINS for c in explore)
    return sum(_obligations(whole, ruins, 0, s.threshold) for s in seasons)


def _obligations(times: Sequence[int], ruins: int, used: int, threshold: int) -> float:
    """The expected ruins obligations before a season ends: each draw's card is preceded by a
    ruins card with the chance ``ruins / (cards + ruins)`` (every order equally likely), times the
    draws expected."""
    if not ruins or not times or used >= threshold:
        return 0.0
    return _draws_expected(tuple(sorted(Counter(times).items())), ruins, threshold - used) * ruins / (len(times) + ruins)


def outlook(state: GameState) -> Outlook:
    """What the next draw may show, from public information only: the face-down cards of the
    season being played (or, after a season's last card, of the next one) as a multiset; each
    face-down ambush equally likely to be any ambush not yet revealed (heroes likewise). The
    next card's season is None once the game is over."""
    from ..moves.lookahead import Outlook

    if decks.game_over(state.deck):
        return Outlook((), 0, None)
    d = decks.season_ahead(state.deck)
    face_down = [d.cards.by_id[c] for c in d.remaining]
    drawn = [c for c in face_down if c.kind != Kind.RUINS]
    if not drawn:
        return Outlook((), len(face_down), d.season, len(face_down), ruins_to_come(d))
    share = Fraction(1, len(drawn))
    chances: dict[str, Fraction] = {}
    for c in sorted(drawn, key=lambda c: c.id):  # a multiset: the deck's order is never read
        if c.kind == Kind.EXPLORE:
            chances[c.id] = chances.get(c.id, Fraction(0)) + share
    # Which ambushes (heroes) are face down is secret; which are not yet revealed is not.
    for pool in (decks.ambushes_in(d, d.remaining) + d.stack, decks.heroes_in(d, d.remaining) + d.hero_stack):
        if not pool:
            continue
        here = sum(d.cards.by_id[c].kind == d.cards.by_id[pool[0]].kind for c in d.remaining)
        for i in sorted(pool):
            chances[i] = chances.get(i, Fraction(0)) + share * here / len(pool)
    return Outlook(tuple((d.cards.by_id[c], float(p)) for c, p in chances.items() if p), len(face_down), d.season,
                   len(face_down) - len(drawn), ruins_to_come(d))
