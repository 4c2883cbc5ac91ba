"""Farm and water scoring cards: Canal Lake, Mages Valley, The Golden Granary, Shoreside Expanse."""

from __future__ import annotations

from ..grid import EDGE, Sheet, clusters, neighbours
from .registry import CardScore, plural, rule


@rule("canal-lake")
def canal_lake(sheet: Sheet) -> CardScore:
    """One star per water space touching farm and per farm space touching water (once each)."""
    water = sheet.water & neighbours(sheet.farm)
    farm = sheet.farm & neighbours(sheet.water)
    w, f = water.bit_count(), farm.bit_count()
    return CardScore(w + f, water | farm, f"{plural(w, 'water space')} next to farm, {plural(f, 'farm space')} next to water")


@rule("mages-valley")
def mages_valley(sheet: Sheet) -> CardScore:
    """Two stars per water space and one per farm space touching a mountain (once each)."""
    near = neighbours(sheet.mountains)
    water, farm = sheet.water & near, sheet.farm & near
    w, f = water.bit_count(), farm.bit_count()
    return CardScore(
        2 * w + f, water | farm,
        f"{plural(w, 'water space')} x2 and {plural(f, 'farm space')} next to a mountain",
    )


@rule("the-golden-granary")
def the_golden_granary(sheet: Sheet) -> CardScore:
    """One star per water space next to a ruins space, three per farm space on ruins."""
    # Ruins stay ruins once drawn on; a water space on ruins needs another ruins space beside it.
    water = sheet.water & neighbours(sheet.ruins)
    farm = sheet.farm & sheet.ruins
    w, f = water.bit_count(), farm.bit_count()
    return CardScore(
        w + 3 * f, water | farm,
        f"{plural(w, 'water space')} next to ruins, {plural(f, 'farm space')} x3 on ruins",
    )


@rule("shoreside-expanse")
def shoreside_expanse(sheet: Sheet) -> CardScore:
    """Three stars per farm cluster off the edge and away from water, and vice versa."""
    groups = []
    counts = []
    for own, other in ((sheet.farm, sheet.water), (sheet.water, sheet.farm)):
        kept = [c for c in clusters(own) if not c & EDGE and not neighbours(c) & other]
        groups.extend(kept)
        counts.append(len(kept))
    cells = 0
    for g in groups:
        cells |= g
    return CardScore(
        3 * len(groups), cells,
        f"{plural(counts[0], 'farm cluster')} and {plural(counts[1], 'water cluster')} "
        "away from the edge and the other terrain",
        tuple(groups),
    )
