"""Heroes general scoring cards: Dwarvenholds, Silos, Banded Hills, Starlit Sigil.

Card texts: docs/sources.md, Heroes scoring cards; the readings chosen: docs/rulings.md,
"Heroes scoring cards".
"""

from __future__ import annotations

from ..grid import COL_MASKS, ROW_MASKS, Sheet, neighbours
from ..i18n import ngettext
from .heroes_masks import neighbour_counts, row_marks, rows_with_at_least, union
from .registry import CardScore, rule

#: Columns 1, 3, 5, 7, 9 and 11 as printed (0-based 0, 2, ..., 10).
ODD_COLUMNS: tuple[int, ...] = COL_MASKS[0::2]


@rule("dwarvenholds", "filled")
def dwarvenholds(sheet: Sheet) -> CardScore:
    """Seven stars per complete row and per complete column holding a mountain."""
    filled, peaks = sheet.filled, sheet.mountains
    rows = [m for m in ROW_MASKS if filled & m == m and m & peaks]
    cols = [m for m in COL_MASKS if filled & m == m and m & peaks]
    columns = ngettext("{n} complete column", "{n} complete columns", len(cols)).format(n=len(cols))
    reason = ngettext("{n} complete row and {columns} with a mountain",
                      "{n} complete rows and {columns} with a mountain", len(rows)).format(n=len(rows), columns=columns)
    return CardScore(7 * (len(rows) + len(cols)), union(rows + cols), reason, tuple(rows + cols))


@rule("silos", "filled")
def silos(sheet: Sheet) -> CardScore:
    """Ten stars per complete odd-numbered column (1, 3, 5, 7, 9, 11)."""
    cols = [m for m in ODD_COLUMNS if sheet.filled & m == m]
    reason = ngettext("{n} complete odd-numbered column", "{n} complete odd-numbered columns",
                      len(cols)).format(n=len(cols))
    return CardScore(10 * len(cols), union(cols), reason, tuple(cols))


@rule("banded-hills", "forest", "village", "farm", "water", "monster", "hero")
def banded_hills(sheet: Sheet) -> CardScore:
    """Four stars per row holding five or more of the seven terrain types."""
    # Destroyed spaces and wastelands have no terrain type; hero is one (Heroes rulebook).
    kinds = (sheet.forest, sheet.village, sheet.farm, sheet.water, sheet.monster, sheet.hero,
             sheet.mountains)
    marks = rows_with_at_least(tuple(row_marks(k) for k in kinds), 5)
    typed = union(kinds)
    rows = [typed & rm for rm in ROW_MASKS if rm & marks]
    reason = ngettext("{n} row with 5 or more terrain types", "{n} rows with 5 or more terrain types",
                      len(rows)).format(n=len(rows))
    return CardScore(4 * len(rows), union(rows), reason, tuple(rows))


@rule("starlit-sigil", "empty")
def starlit_sigil(sheet: Sheet) -> CardScore:
    """Four stars per group of exactly three empty spaces enclosed by filled spaces or the edge."""
    # Three connected spaces are a line or an L: a middle with two empty neighbours, each of
    # them an end whose only empty neighbour is that middle.
    empty = sheet.empty
    one, two, _ = neighbour_counts(empty)
    ends = empty & one
    middles = empty & two & ~neighbours(empty & ~ends)
    groups = []
    while middles:
        mid = middles & -middles
        groups.append(mid | (neighbours(mid) & empty))
        middles ^= mid
    reason = ngettext("{n} enclosed group of exactly 3 empty spaces", "{n} enclosed groups of exactly 3 empty spaces",
                      len(groups)).format(n=len(groups))
    return CardScore(4 * len(groups), union(groups), reason, tuple(groups))
