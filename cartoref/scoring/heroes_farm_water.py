"""Heroes farm and water scoring cards: Craylund, Ulem's Wallow, Clawsgrave Peaks, Jorekburg.

Card texts: docs/sources.md, Heroes scoring cards; the readings chosen: docs/rulings.md,
"Heroes scoring cards".
"""

from __future__ import annotations

from ..grid import COL_MASKS, Sheet, cluster_of, clusters, neighbours
from .heroes_masks import neighbour_counts, union
from .registry import CardScore, plural, rule


@rule("craylund")
def craylund(sheet: Sheet) -> CardScore:
    """Seven stars per farm cluster touching three or more different water spaces."""
    wet = cluster_of(sheet.farm & neighbours(sheet.water), sheet.farm)
    good = [c for c in clusters(wet) if (neighbours(c) & sheet.water).bit_count() >= 3]
    return CardScore(
        7 * len(good), union(good),
        f"{plural(len(good), 'farm cluster')} touching 3 or more water spaces", tuple(good),
    )


@rule("ulems-wallow")
def ulems_wallow(sheet: Sheet) -> CardScore:
    """Four stars per water space with two or more farm spaces next to it."""
    _, two, more = neighbour_counts(sheet.farm)
    m = sheet.water & (two | more)
    n = m.bit_count()
    return CardScore(4 * n, m, f"{plural(n, 'water space')} next to 2 or more farm spaces")


@rule("clawsgrave-peaks")
def clawsgrave_peaks(sheet: Sheet) -> CardScore:
    """Five stars per mountain next to a water cluster that touches a farm (each mountain once)."""
    linked = cluster_of(sheet.water & neighbours(sheet.farm), sheet.water)
    peaks = sheet.mountains & neighbours(linked)
    n = peaks.bit_count()
    groups = tuple(c | (neighbours(c) & peaks) for c in (clusters(linked) if peaks else ())
                   if neighbours(c) & peaks)
    return CardScore(
        5 * n, peaks, f"{plural(n, 'mountain')} joined to a farm by a water cluster", groups)


@rule("jorekburg")
def jorekburg(sheet: Sheet) -> CardScore:
    """Four stars per column with as many farm as water spaces, at least one of each."""
    cols = []
    for cm in COL_MASKS:
        farms = (sheet.farm & cm).bit_count()
        if farms and farms == (sheet.water & cm).bit_count():
            cols.append((sheet.farm | sheet.water) & cm)
    return CardScore(
        4 * len(cols), union(cols),
        f"{plural(len(cols), 'column')} with as many farm as water spaces (at least one each)",
        tuple(cols),
    )
