"""Heroes forest scoring cards: Faunlost Thicket, Deepwood, Heart of the Forest, Sleepy Valley.

Card texts: docs/sources.md, Heroes scoring cards; the readings chosen: docs/rulings.md,
"Heroes scoring cards".
"""

from __future__ import annotations

from ..grid import ROW_MASKS, STRIDE, Sheet, cells_label, cluster_of, clusters, enclosed, neighbours
from ..i18n import _, ngettext
from .heroes_masks import union
from .registry import CardScore, rule


@rule("faunlost-thicket", "forest")
def faunlost_thicket(sheet: Sheet) -> CardScore:
    """Two stars per forest space of the longest unbroken run of forest down one column."""
    # ends[k-1] marks the lowest space of every run of k forests; the last non-empty one is
    # the longest. Only one run scores, even when several tie.
    ends = sheet.forest
    length = 0
    longest = 0
    while ends:
        length += 1
        longest = ends
        ends &= ends << STRIDE
    if not length:
        return CardScore(0, 0, _("no forest"))
    bottom = longest & -longest
    run = 0
    for i in range(length):
        run |= bottom >> (i * STRIDE)
    reason = ngettext("longest unbroken column of forest has {n} space ({spaces})",
                      "longest unbroken column of forest has {n} spaces ({spaces})",
                      length).format(n=length, spaces=cells_label(run))
    return CardScore(2 * length, run, reason, (run,))


@rule("deepwood", "forest", "village")
def deepwood(sheet: Sheet) -> CardScore:
    """Six stars per forest cluster of five or more spaces with no village next to any of them."""
    near_village = cluster_of(sheet.forest & neighbours(sheet.village), sheet.forest)
    big = [c for c in clusters(sheet.forest & ~near_village) if c.bit_count() >= 5]
    reason = ngettext("{n} forest cluster of 5 or more with no village beside it",
                      "{n} forest clusters of 5 or more with no village beside it", len(big)).format(n=len(big))
    return CardScore(6 * len(big), union(big), reason, tuple(big))


@rule("heart-of-the-forest", "forest")
def heart_of_the_forest(sheet: Sheet) -> CardScore:
    """Two stars per forest space whose four sides are each a forest space or the map edge."""
    m = sheet.forest & enclosed(sheet.forest)
    n = m.bit_count()
    reason = ngettext("{n} forest space with forest or the map edge on all four sides",
                      "{n} forest spaces with forest or the map edge on all four sides", n).format(n=n)
    return CardScore(2 * n, m, reason)


@rule("sleepy-valley", "forest")
def sleepy_valley(sheet: Sheet) -> CardScore:
    """Four stars per row holding three or more forest spaces (touching or not)."""
    rows = [sheet.forest & rm for rm in ROW_MASKS if (sheet.forest & rm).bit_count() >= 3]
    reason = ngettext("{n} row with 3 or more forest spaces", "{n} rows with 3 or more forest spaces",
                      len(rows)).format(n=len(rows))
    return CardScore(4 * len(rows), union(rows), reason, tuple(rows))
