"""Forest scoring cards: Sentinel Wood, Greenbough, Treetower, Stoneside Forest."""

from __future__ import annotations

from ..grid import COL_MASKS, EDGE, ROW_MASKS, Sheet, clusters, enclosed, neighbours
from ..i18n import ngettext
from .registry import CardScore, rule


@rule("sentinel-wood", "forest")
def sentinel_wood(sheet: Sheet) -> CardScore:
    """One star per forest space on the edge of the map (a corner counts once)."""
    m = sheet.forest & EDGE
    n = m.bit_count()
    reason = ngettext("{n} forest space on the edge of the map",
                      "{n} forest spaces on the edge of the map", n).format(n=n)
    return CardScore(n, m, reason)


@rule("greenbough", "forest")
def greenbough(sheet: Sheet) -> CardScore:
    """One star per row and per column holding at least one forest space."""
    rows = [rm for rm in ROW_MASKS if sheet.forest & rm]
    cols = [cm for cm in COL_MASKS if sheet.forest & cm]
    columns = ngettext("{n} column", "{n} columns", len(cols)).format(n=len(cols))
    reason = ngettext("{n} row and {columns} with forest", "{n} rows and {columns} with forest",
                      len(rows)).format(n=len(rows), columns=columns)
    return CardScore(len(rows) + len(cols), sheet.forest, reason, tuple(rows + cols))


@rule("treetower", "forest", "filled")
def treetower(sheet: Sheet) -> CardScore:
    """One star per forest space whose four sides are filled spaces or the map edge."""
    m = sheet.forest & enclosed(sheet.filled)
    n = m.bit_count()
    reason = ngettext("{n} forest space surrounded on all four sides",
                      "{n} forest spaces surrounded on all four sides", n).format(n=n)
    return CardScore(n, m, reason)


@rule("stoneside-forest", "forest")
def stoneside_forest(sheet: Sheet) -> CardScore:
    """Three stars per mountain joined to another mountain by one forest cluster."""
    scored = 0
    links = []
    for cluster in clusters(sheet.forest):
        touched = neighbours(cluster) & sheet.mountains
        if touched.bit_count() >= 2:
            scored |= touched
            links.append(cluster | touched)
    n = scored.bit_count()
    reason = ngettext("{n} mountain linked to another by forest",
                      "{n} mountains linked to another by forest", n).format(n=n)
    return CardScore(3 * n, scored, reason, tuple(links))
