"""Forest scoring cards: Sentinel Wood, Greenbough, Treetower, Stoneside Forest."""

from __future__ import annotations

from ..grid import COL_MASKS, EDGE, ROW_MASKS, Sheet, clusters, enclosed, neighbours
from .registry import CardScore, plural, rule


@rule("sentinel-wood")
def sentinel_wood(sheet: Sheet) -> CardScore:
    """One star per forest space on the edge of the map (a corner counts once)."""
    m = sheet.forest & EDGE
    n = m.bit_count()
    return CardScore(n, m, f"{plural(n, 'forest space')} on the edge of the map")


@rule("greenbough")
def greenbough(sheet: Sheet) -> CardScore:
    """One star per row and per column holding at least one forest space."""
    rows = [rm for rm in ROW_MASKS if sheet.forest & rm]
    cols = [cm for cm in COL_MASKS if sheet.forest & cm]
    return CardScore(
        len(rows) + len(cols), sheet.forest,
        f"{plural(len(rows), 'row')} and {plural(len(cols), 'column')} with forest",
        tuple(rows + cols),
    )


@rule("treetower")
def treetower(sheet: Sheet) -> CardScore:
    """One star per forest space whose four sides are filled spaces or the map edge."""
    m = sheet.forest & enclosed(sheet.filled)
    n = m.bit_count()
    return CardScore(n, m, f"{plural(n, 'forest space')} surrounded on all four sides")


@rule("stoneside-forest")
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
    return CardScore(3 * n, scored, f"{plural(n, 'mountain')} linked to another by forest", tuple(links))
