"""The table of scoring rules, one pure function per scoring-card id."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..grid import DRAWN, Sheet, mask_repr


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
#: The drawn layers each rule reads, one bit per layer of ``DRAWN`` (``layers_changed``): a
#: drawing that changes none of them leaves the rule's score as it was, so an advisor trying
#: thousands of drawings need not score it again.
READS: dict[str, int] = {}

#: The bits of the drawn layers behind each sheet attribute a rule may read. Every drawing
#: changes ``filled`` and ``empty``; the printed spaces (mountains, wastelands, ruins) never change.
_EVERY_LAYER = (1 << len(DRAWN)) - 1
LAYERS = {t.word: 1 << i for i, t in enumerate(DRAWN)} | {"filled": _EVERY_LAYER, "empty": _EVERY_LAYER}


def rule(card_id: str, *reads: str) -> Callable[[Rule], Rule]:
    """Register ``fn`` as the rule of the scoring card ``card_id``; ``reads`` names the drawn
    layers it reads (``"village"``, ``"filled"``..., keys of ``LAYERS``)."""

    if not reads:  # a rule read again after no drawing would keep a stale score in the advice
        raise ValueError(f"the rule for {card_id} names no layer it reads")

    def register(fn: Rule) -> Rule:
        if card_id in RULES:
            raise ValueError(f"two rules for {card_id}")
        RULES[card_id] = fn
        READS[card_id] = 0
        for name in reads:
            READS[card_id] |= LAYERS[name]
        return fn

    return register


def layers_changed(before: Sheet, after: Sheet) -> int:
    """The drawn layers that differ between two sheets of the same side, one bit each."""
    bits = 0
    for i, (a, b) in enumerate(zip(before.drawn, after.drawn)):
        if a != b:
            bits |= 1 << i
    return bits

