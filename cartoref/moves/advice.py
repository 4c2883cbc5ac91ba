"""A second opinion on where to draw a card: every legal drawing, ranked by what it is worth.

The worth of a drawing, if nothing else changes on the sheet afterwards:

- ``now``: what it adds to this season's score: the gain on the season's two edicts, plus the
  coins it earns, plus the monster penalty it removes (or minus the one it adds: empty spaces it
  leaves next to monsters);
- ``later``: what it adds to the season scorings still to come this game: the gain on each edict
  times the number of later seasons that score that edict, plus coins and the monster change
  once per later season (both count at every scoring).

Ties are broken by ``now``, then by the order of ``legal_drawings`` (the card's options as
printed, then placements, then terrains), so the ranking is the same at every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..cards import HeroCard
from ..grid import Sheet, count, iter_cells, neighbours
from ..scoring import READS, RULES, layers_changed
from . import effects as fx
from .drawing import Card, Drawing
from .heroes import HeroDrawing, check_hero, orientations
from .legal import legal_drawings

if TYPE_CHECKING:  # pragma: no cover
    from .lookahead import Ahead

LETTERS = "ABCD"
#: The edict letters each season scores, in play order (from the season cards).
Plan = Sequence[Sequence[str]]


class Gain(NamedTuple):
    """One edict's change: its letter, card id and name, the stars before and after."""

    letter: str
    card_id: str
    name: str
    before: int
    after: int
    now: bool  # scored this season
    later: int  # later seasons that score it

    @property
    def stars(self) -> int:
        return self.after - self.before


class Hint(NamedTuple):
    """A legal drawing (of a shape, or of a hero) and what it is worth."""

    drawing: Drawing | HeroDrawing
    gains: tuple[Gain, ...]
    coins: int  # coins it puts on the track (the track's room allowing)
    monsters: int  # monster penalty removed (> 0) or added (< 0), in stars per scoring
    now: int
    later: int
    dragon: int = 0  # Dragon Inferno's coins among ``coins``
    protects: int = 0  # a hero: the empty spaces its marks newly cover (a monster drawn there is destroyed)
    ahead: Ahead | None = None  # what it leaves the next card (``lookahead``); None: not looked at

    @property
    def total(self) -> int:
        return self.now + self.later

    @property
    def value(self) -> float:
        """Its worth with the next card looked at: ``total`` plus what it leaves the next card,
        less what its ruins spaces cost the ruins obligations to come."""
        if self.ahead is None:
            return self.total
        return self.total + self.ahead.next - (self.ahead.ruins.stars if self.ahead.ruins else 0)

    @property
    def after(self) -> Sheet:
        """The sheet with the drawing on it."""
        return self.drawing.after

    @property
    def mask(self) -> int:
        """The spaces drawn."""
        return self.drawing.mask


def _monster_penalty(sheet: Sheet) -> int:
    return count(sheet.empty & neighbours(sheet.monster))


def _dragon_coins(before: Sheet, after: Sheet, resolved: Sequence[str], drawn_now: bool) -> int:
    """Dragon Inferno's coins a drawing would pay: once, when it meets the condition."""
    if fx.resolved_word(fx.DRAGON) in resolved:
        return 0
    drawn = drawn_now or bool(fx.spaces_of(before, fx.DRAGON))
    return fx.DRAGON_COINS if fx.dragon_pays(after, drawn) else 0


class _Worth:
    """What the drawings on one sheet are worth, for one season: the edicts before, the penalty."""

    def __init__(self, sheet: Sheet, edicts: Sequence[tuple[str, str]], season: int, plan: Plan, coins_held: int,
                 track: int):
        self.sheet = sheet
        self.edicts = edicts
        self.now_letters = set(plan[season])
        self.later = {x: sum(x in plan[s] for s in range(season + 1, len(plan))) for x in LETTERS}
        self.seasons_after = len(plan) - 1 - season
        self.before = {x: RULES[cid](sheet).points for x, (cid, _) in zip(LETTERS, edicts)}
        self.penalty = _monster_penalty(sheet)
        self.room = max(track - coins_held, 0)
        self.scored: dict[tuple[int, object], tuple[tuple[int, ...], int]] = {}

    def hint(self, d: Drawing | HeroDrawing, key: tuple[int, object], earned: int, dragon: int,
             protects: int = 0) -> Hint:
        if key not in self.scored:
            after = d.after
            changed = layers_changed(self.sheet, after)  # a card reading none of them keeps its score
            self.scored[key] = (tuple(RULES[cid](after).points if READS[cid] & changed else self.before[x]
                                      for x, (cid, _) in zip(LETTERS, self.edicts)),
                                self.penalty - _monster_penalty(after))
        points, monsters = self.scored[key]
        gains = tuple(Gain(x, cid, name, self.before[x], p, x in self.now_letters, self.later[x])
                      for x, (cid, name), p in zip(LETTERS, self.edicts, points))
        coins = min(earned, self.room)
        now = sum(g.stars for g in gains if g.now) + coins + monsters
        later_value = sum(g.stars * g.later for g in gains) + (coins + monsters) * self.seasons_after
        return Hint(d, gains, coins, monsters, now, later_value, min(dragon, coins), protects)


def hints(sheet: Sheet, card: Card, edicts: Sequence[tuple[str, str]], season: int, plan: Plan, *,
          coins_held: int = 0, track: int = 14, ruins: bool = False, resolved: Sequence[str] = ()) -> list[Hint]:
    """Every legal drawing of ``card`` on ``sheet``, best first. ``edicts`` are the (id, name)
    of the scoring cards under A to D; ``season`` the index (0 spring .. 3 winter) of the season
    being played; ``plan`` the edict letters each season scores, as the season cards print them;
    ``resolved``: what the map has resolved (Dragon Inferno's coins once)."""
    worth = _Worth(sheet, edicts, season, plan, coins_held, track)
    is_dragon = getattr(card, "acts", "") == fx.DRAGON
    dragon_here = fx.resolved_word(fx.DRAGON) not in resolved and (bool(fx.spaces_of(sheet, fx.DRAGON)) or is_dragon)
    out = []
    for d in legal_drawings(sheet, card, ruins=ruins):
        dragon = _dragon_coins(sheet, d.after, resolved, d.initial is not None and is_dragon) \
            if dragon_here else 0
        out.append(worth.hint(d, (d.mask, d.terrain), d.coins + dragon, dragon))
    # sorted() is stable: equal hints keep the generator's order.
    return sorted(out, key=lambda h: (-h.total, -h.now))


def hero_hints(sheet: Sheet, hero: HeroCard, edicts: Sequence[tuple[str, str]], season: int, plan: Plan, *,
               coins_held: int = 0, resolved: Sequence[str] = ()) -> list[Hint]:
    """Every drawing of a hero (each empty space, each orientation of its pattern), best first:
    its worth now and later as for a shape (the monsters it destroys lift their penalty), then
    the empty spaces its marks newly protect."""
    worth = _Worth(sheet, edicts, season, plan, coins_held, sheet.side.coin_track)
    out = []
    for cell in iter_cells(sheet.empty):
        for n in range(1, len(orientations(hero)) + 1):
            d = check_hero(sheet, hero, cell.bit, orientation=n)
            dragon = _dragon_coins(sheet, d.after, resolved, False) if fx.spaces_of(sheet, fx.DRAGON) else 0
            protects = count(d.attacks & ~sheet.attacks & sheet.empty & ~d.mask)
            out.append(worth.hint(d, (d.mask, d.attacks), d.coins + dragon, dragon, protects))
    return sorted(out, key=lambda h: (-h.total, -h.now, -h.protects))
