"""Village scoring cards: Wildholds, Great City, Greengold Plains, Shieldgate."""

from __future__ import annotations

from ..grid import Sheet, clusters, neighbours
from ..i18n import _, ngettext
from .registry import CardScore, rule


@rule("wildholds", "village")
def wildholds(sheet: Sheet) -> CardScore:
    """Eight stars per village cluster of six or more spaces."""
    big = [c for c in clusters(sheet.village) if c.bit_count() >= 6]
    cells = 0
    for c in big:
        cells |= c
    reason = ngettext("{n} village cluster of 6 or more", "{n} village clusters of 6 or more",
                      len(big)).format(n=len(big))
    return CardScore(8 * len(big), cells, reason, tuple(big))


@rule("great-city", "village")
def great_city(sheet: Sheet) -> CardScore:
    """One star per space of the largest village cluster not touching a mountain."""
    away = [c for c in clusters(sheet.village) if not neighbours(c) & sheet.mountains]
    if not away:
        return CardScore(0, 0, _("no village cluster away from the mountains"))
    best = max(away, key=int.bit_count)
    n = best.bit_count()
    reason = ngettext("largest village cluster away from mountains has {n} space",
                      "largest village cluster away from mountains has {n} spaces", n).format(n=n)
    return CardScore(n, best, reason, (best,))


@rule("greengold-plains", "village", "forest", "farm", "water", "monster", "hero")
def greengold_plains(sheet: Sheet) -> CardScore:
    """Three stars per village cluster touching at least three different terrain types."""
    # Wasteland and destroyed spaces have no terrain type; hero counts (Heroes rulebook).
    kinds = (sheet.forest, sheet.farm, sheet.water, sheet.monster, sheet.mountains, sheet.hero)
    good = []
    for c in clusters(sheet.village):
        around = neighbours(c)
        if sum(1 for k in kinds if k & around) >= 3:
            good.append(c)
    cells = 0
    for c in good:
        cells |= c
    reason = ngettext("{n} village cluster touching 3+ terrain types",
                      "{n} village clusters touching 3+ terrain types", len(good)).format(n=len(good))
    return CardScore(3 * len(good), cells, reason, tuple(good))


@rule("shieldgate", "village")
def shieldgate(sheet: Sheet) -> CardScore:
    """Two stars per space of the second largest village cluster (a tie for largest counts)."""
    ranked = sorted(clusters(sheet.village), key=int.bit_count, reverse=True)
    if len(ranked) < 2:
        return CardScore(0, 0, _("fewer than two village clusters"))
    second = ranked[1]
    n = second.bit_count()
    reason = ngettext("second largest village cluster has {n} space",
                      "second largest village cluster has {n} spaces", n).format(n=n)
    return CardScore(2 * n, second, reason, (second,))
