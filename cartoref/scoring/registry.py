"""The table of scoring rules, one pure function per scoring-card id."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..grid import Sheet, mask_repr


class CardScore(NamedTuple):
    """What one scoring card gives a sheet: the stars, the spaces that earned them, and why.

    ``groups`` holds the clusters, lines or squares that scored, one mask each, so a display
    can show them apart; ``cells`` is every space that earned something.
    """

    points: int
    cells: int
    reason: str
    groups: tuple[int, ...] = ()

    def __repr__(self) -> str:
        # Masks as space labels, so a failing test shows "{B4, B5}" rather than a huge integer.
        groups = ", ".join(map(mask_repr, self.groups)) + ("," if len(self.groups) == 1 else "")
        return (f"CardScore(points={self.points!r}, cells={mask_repr(self.cells)}, "
                f"reason={self.reason!r}, groups=({groups}))")


Rule = Callable[[Sheet], CardScore]
RULES: dict[str, Rule] = {}


def rule(card_id: str) -> Callable[[Rule], Rule]:
    """Register ``fn`` as the rule of the scoring card ``card_id``."""

    def register(fn: Rule) -> Rule:
        if card_id in RULES:
            raise ValueError(f"two rules for {card_id}")
        RULES[card_id] = fn
        return fn

    return register

