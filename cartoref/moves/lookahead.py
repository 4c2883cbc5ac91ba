"""Looking one card ahead for ``hint``: what each drawing leaves the next card to gain.

``advice.hints`` ranks every drawing by its worth now and later *if nothing else changes*. Here
the next card is taken into account: for a drawing, every card the next draw may show (the
face-down cards as a multiset, never their order; an ambush as each monster still possible,
drawn where the solo procedure would put it) is drawn at its best on the sheet the drawing
leaves, and the stars it would add are averaged by each card's chance. A drawing that keeps a
gap a likely card fills well, or that spoils the spot where a monster would land, gains here.

The ruins cards still to come are counted too: a drawing that covers empty ruins spaces pays for
the obligations that would then find none left (``RuinsCost``; their number expected to the
game's end is ``Outlook.ruins_to_come``).

The value of a drawing is ``total + next - ruins``: its own worth (``Hint.total``) plus the next
card's expected best worth after it (``Ahead.next``), less its ruins cost (``Ahead.ruins``), all
in stars over the rest of the game.

Public information only: the ``Outlook`` is made by the game from what the table has shown.
The work is counted (``Budget``: drawings of the next card evaluated, and a clock that may be
injected); it stops between two drawings looked at, never half-way, and what is looked at
does not depend on the clock when the count runs out first, so the ranking is the same at
every run for a given map, game and seed. The seed orders the follow-ups examined when the
budget cannot cover them all. Ties keep the one-step order.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..cards import AmbushCard, ExploreCard, HeroCard, Kind
from ..grid import Sheet, Terrain, count, enclosed, neighbours
from ..scoring import LAYERS, READS, RULES, layers_changed
from .advice import LETTERS, Hint, Plan
from .drawing import Drawing, card_options
from .legal import _on_board
from .solo import solo_ambush

Card = ExploreCard | AmbushCard | HeroCard

#: The follow-ups of one next card examined after every drawing: the best ones on the sheet as it
#: is (their worth may change), besides every one touching the drawing (whose worth it changes
#: most). 12, 24, 48 and 96 gave 108.6 to 112.0 stars over 12 games (selfplay), within its noise.
KEEP = 48
#: Drawings of a next card evaluated per millisecond of budget (measured on solo games, a 2-core
#: machine with Python 3.11: about 70 in the base game, 80 in Heroes; 20 leaves room for a busy
#: machine, reading the files and the one-step ranking).
PER_MS = 20
#: What a ruins obligation met is worth, in the next card's best worths: a shape drawn rather than
#: one space, and the ruins space it keeps for later. Measured by selfplay (base seeds 41-120,
#: paired): 1.0, 1.5 and 3.0 gave 116.7, 116.9 and 116.3 stars a game; none, 116.2.
LOST = 1.5


class Outlook(NamedTuple):
    """What the table has shown of the cards to come: each card the next draw may show and its
    chance (ruins cards left out: they reveal another card at once), how many cards are face
    down, the season the next card belongs to (None: the card at hand is the game's last), and
    how many of the face-down cards are ruins cards."""

    next_cards: tuple[tuple[Card, float], ...]
    face_down: int
    season: int | None
    ruins: int = 0
    ruins_to_come: float = 0.0  # the ruins obligations expected from the next draw to the game's end


@dataclass
class Budget:
    """The work the look-ahead may do: drawings of a next card evaluated, and a deadline on a
    clock (``clock`` may be injected; None: no deadline)."""

    evaluations: int
    deadline: float | None = None
    clock: Callable[[], float] = time.perf_counter
    spent: int = field(default=0, init=False)

    @classmethod
    def of_ms(cls, ms: int) -> Budget:
        """A budget of ``ms`` milliseconds, as a count of evaluations (``PER_MS`` each
        millisecond): the same work on every machine, so the same ranking."""
        return cls(ms * PER_MS)

    def left(self) -> bool:
        """Whether more work may be done."""
        return self.spent < self.evaluations and (self.deadline is None or self.clock() < self.deadline)


class Ahead(NamedTuple):
    """What a drawing leaves the next card: its expected best worth (``next``, stars), and the
    next card it helps most compared with the one-step best drawing (None for that drawing
    itself): ``card``, how much more its best drawing is worth after this one (``more``, stars;
    negative: less), the chance that it is the next card, the cards face down."""

    next: float
    face_down: int
    card: Card | None = None
    more: float = 0.0
    chance: float = 0.0
    drawn: int = 0  # the face-down cards that are not ruins (the chances are among these)
    ruins: RuinsCost | None = None  # what it costs the ruins obligations to come (None: it covers no ruins)


class RuinsCost(NamedTuple):
    """What covering empty ruins spaces costs the ruins obligations still to come: ``stars``, the
    empty ruins spaces the drawing covers, those empty before it, the obligations expected."""

    stars: float
    covered: int
    left: int
    to_come: float


class _Worth:
    """What a drawing on a given sheet is worth, in stars over the rest of the game, for a card
    of season ``season`` (as ``advice``: each edict's gain times its scorings left, coins and the
    monster penalty once per scoring left)."""

    def __init__(self, edicts: Sequence[str], season: int, plan: Plan, room: int):
        weights = [sum(x in plan[s] for s in range(season, len(plan))) for x in LETTERS]
        self.rules = [(w, RULES[cid], READS[cid]) for w, cid in zip(weights, edicts) if w]
        self.scorings = len(plan) - season
        self.room = room

    def gain(self, base: _Base, after: Sheet, changed: int) -> float:
        """The weighted edicts' gain from ``base`` to ``after``, whose drawn layers ``changed``
        (a card that reads none of them is not scored again)."""
        return sum(w * (rule(after).points - p) for (w, rule, reads), p in zip(self.rules, base.points)
                   if reads & changed)

    @staticmethod
    def monsters_lifted(base: _Base, after: Sheet) -> int:
        """The monster penalty lifted (negative: added) from ``base`` to ``after``, per scoring."""
        return count(base.near_monsters) - count(after.empty & neighbours(after.monster))

    def on(self, sheet: Sheet) -> _Base:
        """What a sheet is before the drawings evaluated on it."""
        filled = sheet.filled
        return _Base(sheet, [rule(sheet).points for _, rule, _ in self.rules], neighbours(sheet.monster) & ~filled,
                     neighbours(sheet.mountains & ~enclosed(filled)), enclosed(filled))

    def of(self, base: _Base, mask: int, terrain: Terrain, coin: bool) -> float:
        """The worth of drawing ``terrain`` on ``mask`` (a shape with a coin or not) on ``base``."""
        after = base.sheet.with_drawn(mask, terrain)
        gain = self.gain(base, after, LAYERS[terrain.word])
        if terrain is Terrain.MONSTER:
            penalty = self.monsters_lifted(base, after)
        else:
            penalty = count(mask & base.near_monsters)
        coins = int(coin)
        if mask & base.near_peaks:  # docs/rulings.md, "Mountain coins"
            coins += count(base.sheet.mountains & enclosed(base.sheet.filled | mask) & ~base.enclosed)
        return gain + (min(coins, self.room) + penalty) * self.scorings


class _Base(NamedTuple):
    """A sheet and what the evaluation of a drawing on it compares with: each weighted edict's
    points, the empty spaces next to monsters, the spaces next to a mountain not yet surrounded,
    the spaces surrounded."""

    sheet: Sheet
    points: list[int]
    near_monsters: int
    near_peaks: int
    enclosed: int


class _Follow(NamedTuple):
    """One drawing a next card may make: spaces, terrain, coin shape."""

    mask: int
    terrain: Terrain
    coin: bool


class _Next(NamedTuple):
    """A card the next draw may show, its chance, and its drawings on the sheet as it is: every
    one (``follows``) and those evaluated there, best first (``scored``)."""

    card: Card
    chance: float
    scored: list[tuple[float, _Follow]]
    follows: list[_Follow]


def _follow_ups(sheet: Sheet, card: ExploreCard) -> list[_Follow]:
    """Every drawing of an explore card's shapes on the sheet (no ruins obligation; the fallback
    left out: a single space is worth little and is always there)."""
    filled = sheet.filled
    out = []
    for opt in card_options(card):
        for m in _on_board(opt.shape):
            if not m & filled:
                out += [_Follow(m, t, opt.coin) for t in card.terrains]
    return out


def look_ahead(ranked: list[Hint], sheet: Sheet, edicts: Sequence[str], plan: Plan, outlook: Outlook, *,
               coins_held: int, track: int, budget: Budget, seed: int = 0) -> list[Hint]:
    """``ranked`` (the one-step ranking, best first) ranked again by ``Hint.value``: ``total``
    plus what each drawing leaves the next card, less what the empty ruins spaces it covers cost
    the ruins obligations to come (``Hint.ahead``), as far as ``budget`` goes. The drawings are
    looked at in their one-step order with that ruins cost taken off; those looked at come first,
    best first, the others follow in that order."""
    if not ranked or outlook.season is None or not outlook.next_cards or not budget.left():
        return ranked
    worth = _Worth(edicts, outlook.season, plan, track - coins_held)
    rng = random.Random(f"{seed}:ahead")
    nexts: list[_Next] = []
    base = worth.on(sheet)
    per_card = max(1, budget.evaluations // (4 * len(outlook.next_cards)))  # a quarter for the cards as they are
    for card, chance in outlook.next_cards:
        if isinstance(card, ExploreCard) and card.kind != Kind.RUINS:
            follows = _follow_ups(sheet, card)
            rng.shuffle(follows)  # a budget too small for all of them takes a seeded sample
            scored = []
            for f in follows[:per_card]:
                scored.append((worth.of(base, f.mask, f.terrain, f.coin), f))
            budget.spent += len(scored)
            scored.sort(key=lambda s: -s[0])
            nexts.append(_Next(card, chance, scored, follows))
        elif isinstance(card, AmbushCard):
            nexts.append(_Next(card, chance, [], []))
        # A hero next is left out: it goes on any empty space, whatever this drawing does.
    cost = _ruins_cost(sheet, outlook, nexts)
    costs = [cost(h.mask) for h in ranked]
    # The drawings are looked at in their one-step order with the ruins' cost taken off (stable).
    order = sorted(range(len(ranked)), key=lambda i: -(ranked[i].total - costs[i].stars))
    ranked, costs = [ranked[i] for i in order], [costs[i] for i in order]
    looked: list[tuple[Hint, list[float]]] = []
    for h in ranked:
        if not budget.left():
            break
        looked.append((h, _next_best(h, nexts, worth, budget, coins_held, track)))
    if not looked:
        return ranked
    first = looked[0][1]
    weight = sum(n.chance for n in nexts) or 1.0
    out = []
    for (h, best), ruins in zip(looked, costs):
        expected = sum(n.chance * b for n, b in zip(nexts, best)) / weight
        out.append(h._replace(ahead=_reason(expected, best, first, nexts, outlook)._replace(
            ruins=ruins if ruins.covered else None)))
    # sorted() is stable: equal values keep the one-step order.
    out.sort(key=lambda h: -h.value)
    return out + [h for h in ranked[len(looked):]]


def _ruins_cost(sheet: Sheet, outlook: Outlook, nexts: list[_Next]) -> Callable[[int], RuinsCost]:
    """What covering empty ruins spaces costs: each ruins obligation to come that finds no empty
    ruins space left loses ``LOST`` times a card's best worth (the next cards' best on the sheet as
    it is, by their chance). The obligations to come are a Poisson number of mean
    ``outlook.ruins_to_come``; a drawing costs the obligations it leaves unmet in expectation,
    beyond those unmet anyway."""
    open_ruins = sheet.ruins & sheet.empty
    left = count(open_ruins)
    expected = outlook.ruins_to_come
    explore = [(n.chance, n.scored[0][0]) for n in nexts if n.scored]
    weight = sum(c for c, _ in explore)
    worth = max(0.0, sum(c * w for c, w in explore) / weight) * LOST if weight and expected > 0 else 0.0
    chances = [math.exp(-expected)]
    for n in range(1, 40):
        chances.append(chances[-1] * expected / n)
    unmet = [sum((n - r) * p for n, p in enumerate(chances) if n > r) for r in range(left + 1)]

    def cost(mask: int) -> RuinsCost:
        covered = count(mask & open_ruins)
        return RuinsCost(round(worth * (unmet[left - covered] - unmet[left]), 2), covered, left,
                         round(expected, 2))

    return cost


def _next_best(h: Hint, nexts: list[_Next], worth: _Worth,
               budget: Budget, coins_held: int, track: int) -> list[float]:
    """The best worth of each next card on the sheet ``h`` leaves."""
    after = h.after
    worth.room = track - min(coins_held + h.coins, track)
    base = worth.on(after)
    filled = after.filled
    near = neighbours(h.mask) & ~filled
    out = []
    for card, _, scored, follows in nexts:
        if isinstance(card, AmbushCard):
            mask = solo_ambush(after, card)
            if mask is None:
                out.append(0.0)
                continue
            out.append(_monster(worth, base, card, mask))
            budget.spent += 1
            continue
        # The best follow-ups on the sheet as it was, if still legal, and every one touching the drawing.
        chosen = [f for _, f in scored if not f.mask & filled][:KEEP]
        chosen += [f for f in follows if f.mask & near and not f.mask & filled]
        unique = dict.fromkeys(chosen)
        best = max((worth.of(base, f.mask, f.terrain, f.coin) for f in unique), default=0.0)
        budget.spent += len(unique)
        out.append(best)
    return out


def _monster(worth: _Worth, base: _Base, ambush: AmbushCard, mask: int) -> float:
    """What an ambush's monster costs where the solo procedure draws it (a Heroes monster carries
    its initial; one drawn inside a hero's marks is destroyed at once)."""
    d = Drawing(ambush, mask, Terrain.MONSTER, 1, False, base.sheet)
    gain = worth.gain(base, d.after, layers_changed(base.sheet, d.after))
    return gain + (min(d.coins, worth.room) + worth.monsters_lifted(base, d.after)) * worth.scorings


def _reason(expected: float, best: list[float], first: list[float],
            nexts: list[_Next], outlook: Outlook) -> Ahead:
    """The next card this drawing helps most (or hurts least) compared with the one-step best."""
    if best is first:
        return Ahead(round(expected, 2), outlook.face_down)
    k = max(range(len(best)), key=lambda i: (best[i] - first[i], nexts[i].chance))
    card, chance = nexts[k].card, nexts[k].chance
    return Ahead(round(expected, 2), outlook.face_down, card, round(best[k] - first[k], 2), chance,
                 outlook.face_down - outlook.ruins)
