"""Village scoring cards: Wildholds, Great City, Greengold Plains, Shieldgate."""

from __future__ import annotations

from ..grid import Sheet, clusters, neighbours
from .registry import CardScore, plural, rule


@rule("wildholds")
def wildholds(sheet: Sheet) -> CardScore:
    """Eight stars per village cluster of six or more spaces."""
    big = [c for c in clusters(sheet.village) if c.bit_count() >= 6]
    cells = 0
    for c in big:
        cells |= c
    return CardScore(8 * len(big), cells, f"{plural(len(big), 'village cluster')} of 6 or more", tuple(big))


@rule("great-city")
def great_city(sheet: Sheet) -> CardScore:
    """One star per space of the largest village cluster not touching a mountain."""
    away = [c for c in clusters(sheet.village) if not neighbours(c) & sheet.mountains]
    if not away:
        return CardScore(0, 0, "no village cluster away from the mountains")
    best = max(away, key=int.bit_count)
    n = best.bit_count()
    return CardScore(n, best, f"largest village cluster away from mountains has {plural(n, 'space')}", (best,))


@rule("greengold-plains")
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
    return CardScore(3 * len(good), cells, f"{plural(len(good), 'village cluster')} touching 3+ terrain types", tuple(good))


@rule("shieldgate")
def shieldgate(sheet: Sheet) -> CardScore:
    """Two stars per space of the second largest village cluster (a tie for largest counts)."""
    ranked = sorted(clusters(sheet.village), key=int.bit_count, reverse=True)
    if len(ranked) < 2:
        return CardScore(0, 0, "fewer than two village clusters")
    second = ranked[1]
    n = second.bit_count()
    return CardScore(2 * n, second, f"second largest village cluster has {plural(n, 'space')}", (second,))
