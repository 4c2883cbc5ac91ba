"""Heroes farm and water scoring cards: Craylund, Ulem's Wallow, Clawsgrave Peaks, Jorekburg.

Card texts: docs/sources.md, Heroes scoring cards; the readings chosen: docs/rulings.md,
"Heroes scoring cards".
"""

from __future__ import annotations

from ..grid import COL_MASKS, Sheet, cluster_of, clusters, neighbours
from ..i18n import ngettext
from .heroes_masks import neighbour_counts, union
from .registry import CardScore, rule


@rule("craylund", "farm", "water")
def craylund(sheet: Sheet) -> CardScore:
    """Seven stars per farm cluster touching three or more different water spaces."""
    wet = cluster_of(sheet.farm & neighbours(sheet.water), sheet.farm)
    good = [c for c in clusters(wet) if (neighbours(c) & sheet.water).bit_count() >= 3]
    reason = ngettext("{n} farm cluster touching 3 or more water spaces",
                      "{n} farm clusters touching 3 or more water spaces", len(good)).format(n=len(good))
    return CardScore(7 * len(good), union(good), reason, tuple(good))


@rule("ulems-wallow", "farm", "water")
def ulems_wallow(sheet: Sheet) -> CardScore:
    """Four stars per water space with two or more farm spaces next to it."""
    _, two, more = neighbour_counts(sheet.farm)
    m = sheet.water & (two | more)
    n = m.bit_count()
    reason = ngettext("{n} water space next to 2 or more farm spaces",
                      "{n} water spaces next to 2 or more farm spaces", n).format(n=n)
    return CardScore(4 * n, m, reason)


@rule("clawsgrave-peaks", "farm", "water")
def clawsgrave_peaks(sheet: Sheet) -> CardScore:
    """Five stars per mountain next to a water cluster that touches a farm (each mountain once)."""
    linked = cluster_of(sheet.water & neighbours(sheet.farm), sheet.water)
    peaks = sheet.mountains & neighbours(linked)
    n = peaks.bit_count()
    groups = tuple(c | (neighbours(c) & peaks) for c in (clusters(linked) if peaks else ())
                   if neighbours(c) & peaks)
    reason = ngettext("{n} mountain joined to a farm by a water cluster",
                      "{n} mountains joined to a farm by a water cluster", n).format(n=n)
    return CardScore(5 * n, peaks, reason, groups)


@rule("jorekburg", "farm", "water")
def jorekburg(sheet: Sheet) -> CardScore:
    """Four stars per column with as many farm as water spaces, at least one of each."""
    cols = []
    for cm in COL_MASKS:
        farms = (sheet.farm & cm).bit_count()
        if farms and farms == (sheet.water & cm).bit_count():
            cols.append((sheet.farm | sheet.water) & cm)
    reason = ngettext("{n} column with as many farm as water spaces (at least one each)",
                      "{n} columns with as many farm as water spaces (at least one each)",
                      len(cols)).format(n=len(cols))
    return CardScore(4 * len(cols), union(cols), reason, tuple(cols))
