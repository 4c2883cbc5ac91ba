"""Standings: each player's recorded seasons, totals and ranks, and the solo rating."""

from __future__ import annotations

from typing import NamedTuple

from .state import ended_seasons, game_over
from .values import GameState, Record


class PlayerStanding(NamedTuple):
    """One player's line of the standings."""

    name: str
    seasons: tuple[Record, ...]  # the seasons recorded so far, in play order
    total: int
    monsters: int  # stars lost to monsters over those seasons
    rank: int  # 1 for first place; tied players share a rank
    missing: tuple[str, ...] = ()  # ended seasons (ids) with no score recorded yet

    @property
    def complete(self) -> bool:
        """Whether every ended season has a score."""
        return not self.missing


class SoloResult(NamedTuple):
    """The solo rating (score minus the four edicts' solo numbers) and the title it earns."""

    rating: int
    title: str
    handicap: int


class Standings(NamedTuple):
    """Where the game stands: every player, whether it is final, who leads, the solo result."""

    players: tuple[PlayerStanding, ...]  # in seating order
    final: bool  # winter is over and every score is in
    leaders: tuple[str, ...]
    solo: SoloResult | None

    @property
    def complete(self) -> bool:
        """Whether every player has a score for every ended season."""
        return all(p.complete for p in self.players)

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners once the game is final; nobody before."""
        return self.leaders if self.final else ()


def standings(state: GameState) -> Standings:
    """Each player's seasons, totals and rank (official tie-break: fewest stars lost to
    monsters; still tied, the rank is shared), and the solo rating and title."""
    lines = []
    ended = [s.id for s in state.seasons[:ended_seasons(state)]]
    for name, row in zip(state.setup.players, state.scores):
        done = tuple(r for r in row if r is not None)
        missing = tuple(sid for sid, r in zip(ended, row) if r is None)
        lines.append((name, done, sum(r.total for r in done), sum(r.monsters for r in done), missing))
    keys = [(total, -monsters) for _, _, total, monsters, _ in lines]
    players = tuple(PlayerStanding(name, done, total, monsters, 1 + sum(k > (total, -monsters) for k in keys),
                                   missing)
                    for name, done, total, monsters, missing in lines)
    final = game_over(state) and all(all(x is not None for x in row) for row in state.scores)
    leaders = tuple(p.name for p in players if p.rank == 1)
    solo = None
    if state.setup.solo:
        handicap = sum(c.solo for c in state.edicts)
        rating = players[0].total - handicap
        solo = SoloResult(rating, state.catalog.solo_title(rating), handicap)
    return Standings(players, final, leaders, solo)
