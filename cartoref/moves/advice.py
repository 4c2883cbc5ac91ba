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
from typing import NamedTuple

from ..grid import Sheet, count, neighbours
from ..scoring import RULES
from .drawing import Card, Drawing
from .legal import legal_drawings

#: The edict letters each season scores, in play order.
SEASON_EDICTS: tuple[tuple[str, str], ...] = (("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"))
LETTERS = "ABCD"


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
    """A legal drawing and what it is worth."""

    drawing: Drawing
    gains: tuple[Gain, ...]
    coins: int  # coins it puts on the track (the track's room allowing)
    monsters: int  # monster penalty removed (> 0) or added (< 0), in stars per scoring
    now: int
    later: int

    @property
    def total(self) -> int:
        return self.now + self.later


def _monster_penalty(sheet: Sheet) -> int:
    return count(sheet.empty & neighbours(sheet.monster))


def hints(sheet: Sheet, card: Card, edicts: Sequence[tuple[str, str]], season: int, *, coins_held: int = 0,
          track: int = 14, ruins: bool = False) -> list[Hint]:
    """Every legal drawing of ``card`` on ``sheet``, best first. ``edicts`` are the (id, name)
    of the scoring cards under A to D; ``season`` the index (0 spring .. 3 winter) of the season
    being played."""
    now_letters = set(SEASON_EDICTS[season])
    later = {x: sum(x in SEASON_EDICTS[s] for s in range(season + 1, 4)) for x in LETTERS}
    seasons_after = 3 - season
    before = {x: RULES[cid](sheet).points for x, (cid, _) in zip(LETTERS, edicts)}
    penalty = _monster_penalty(sheet)
    room = max(track - coins_held, 0)
    scored: dict[tuple[int, object], tuple[tuple[int, ...], int]] = {}
    out = []
    for d in legal_drawings(sheet, card, ruins=ruins):
        key = (d.mask, d.terrain)
        if key not in scored:
            after = d.after
            scored[key] = (tuple(RULES[cid](after).points for cid, _ in edicts), penalty - _monster_penalty(after))
        points, monsters = scored[key]
        gains = tuple(Gain(x, cid, name, before[x], p, x in now_letters, later[x])
                      for x, (cid, name), p in zip(LETTERS, edicts, points))
        coins = min(d.coins, room)
        now = sum(g.stars for g in gains if g.now) + coins + monsters
        later_value = sum(g.stars * g.later for g in gains) + (coins + monsters) * seasons_after
        out.append(Hint(d, gains, coins, monsters, now, later_value))
    # sorted() is stable: equal hints keep the generator's order.
    return sorted(out, key=lambda h: (-h.total, -h.now))
