"""Farm and water scoring cards: Canal Lake, Mages Valley, The Golden Granary, Shoreside Expanse."""

from __future__ import annotations

from ..grid import EDGE, Sheet, clusters, neighbours
from ..i18n import ngettext
from .registry import CardScore, rule


def _farm_spaces(n: int) -> str:
    """"3 farm spaces", the second count of a reason."""
    return ngettext("{n} farm space", "{n} farm spaces", n).format(n=n)


@rule("canal-lake", "farm", "water")
def canal_lake(sheet: Sheet) -> CardScore:
    """One star per water space touching farm and per farm space touching water (once each)."""
    water = sheet.water & neighbours(sheet.farm)
    farm = sheet.farm & neighbours(sheet.water)
    w, f = water.bit_count(), farm.bit_count()
    reason = ngettext("{n} water space next to farm, {farm} next to water",
                      "{n} water spaces next to farm, {farm} next to water", w).format(n=w, farm=_farm_spaces(f))
    return CardScore(w + f, water | farm, reason)


@rule("mages-valley", "farm", "water")
def mages_valley(sheet: Sheet) -> CardScore:
    """Two stars per water space and one per farm space touching a mountain (once each)."""
    near = neighbours(sheet.mountains)
    water, farm = sheet.water & near, sheet.farm & near
    w, f = water.bit_count(), farm.bit_count()
    reason = ngettext("{n} water space x2 and {farm} next to a mountain",
                      "{n} water spaces x2 and {farm} next to a mountain", w).format(n=w, farm=_farm_spaces(f))
    return CardScore(2 * w + f, water | farm, reason)


@rule("the-golden-granary", "farm", "water")
def the_golden_granary(sheet: Sheet) -> CardScore:
    """One star per water space next to a ruins space, three per farm space on ruins."""
    # Ruins stay ruins once drawn on; a water space on ruins needs another ruins space beside it.
    water = sheet.water & neighbours(sheet.ruins)
    farm = sheet.farm & sheet.ruins
    w, f = water.bit_count(), farm.bit_count()
    reason = ngettext("{n} water space next to ruins, {farm} x3 on ruins",
                      "{n} water spaces next to ruins, {farm} x3 on ruins", w).format(n=w, farm=_farm_spaces(f))
    return CardScore(w + 3 * f, water | farm, reason)


@rule("shoreside-expanse", "farm", "water")
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
    farms, waters = counts
    water = ngettext("{n} water cluster", "{n} water clusters", waters).format(n=waters)
    reason = ngettext("{n} farm cluster and {water} away from the edge and the other terrain",
                      "{n} farm clusters and {water} away from the edge and the other terrain",
                      farms).format(n=farms, water=water)
    return CardScore(3 * len(groups), cells, reason, tuple(groups))
