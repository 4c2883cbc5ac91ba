"""Heroes village scoring cards: Traylo Monastery, Outer Enclave, Gnomish Colony, Caravansary.

Card texts: docs/sources.md, Heroes scoring cards; the readings chosen: docs/rulings.md,
"Heroes scoring cards".
"""

from __future__ import annotations

from ..grid import STRIDE, Sheet, cluster_of, clusters, neighbours
from ..i18n import _, ngettext
from .heroes_masks import column_marks, row_marks, union
from .registry import CardScore, rule


def _clusters_holding(marks: int, within: int) -> list[int]:
    """The clusters of ``within`` that hold at least one space of ``marks``, in reading order."""
    out = []
    while marks:
        c = cluster_of(marks & -marks, within)
        out.append(c)
        marks &= ~c
    return out


@rule("traylo-monastery", "village")
def traylo_monastery(sheet: Sheet) -> CardScore:
    """Seven stars per village cluster holding four spaces in a straight line (1x4 or 4x1)."""
    v = sheet.village
    # The first space of every line of four: a row's spare bit stops a line running round
    # into the next row.
    starts = (v & (v >> 1) & (v >> 2) & (v >> 3)) | (
        v & (v >> STRIDE) & (v >> 2 * STRIDE) & (v >> 3 * STRIDE))
    good = _clusters_holding(starts, v)
    reason = ngettext("{n} village cluster with 4 in a straight line", "{n} village clusters with 4 in a straight line",
                      len(good)).format(n=len(good))
    return CardScore(7 * len(good), union(good), reason, tuple(good))


@rule("outer-enclave", "empty", "village")
def outer_enclave(sheet: Sheet) -> CardScore:
    """One star per empty space next to the village cluster with the most of them."""
    empty = sheet.empty
    best, spaces = 0, 0
    for c in clusters(sheet.village):
        around = neighbours(c) & empty
        if around.bit_count() > spaces.bit_count():
            best, spaces = c, around
    if not best:
        return CardScore(0, 0, _("no village cluster next to an empty space"))
    n = spaces.bit_count()
    size = ngettext("{n} space", "{n} spaces", best.bit_count()).format(n=best.bit_count())
    reason = ngettext("best village cluster ({size}) has {n} empty space next to it",
                      "best village cluster ({size}) has {n} empty spaces next to it", n).format(n=n, size=size)
    return CardScore(n, spaces, reason, (best,))


@rule("gnomish-colony", "village")
def gnomish_colony(sheet: Sheet) -> CardScore:
    """Six stars per village cluster holding a 2x2 square."""
    v = sheet.village
    corners = v & (v >> 1) & (v >> STRIDE) & (v >> (STRIDE + 1))
    good = _clusters_holding(corners, v)
    reason = ngettext("{n} village cluster with a 2x2 square", "{n} village clusters with a 2x2 square",
                      len(good)).format(n=len(good))
    return CardScore(6 * len(good), union(good), reason, tuple(good))


@rule("caravansary", "village")
def caravansary(sheet: Sheet) -> CardScore:
    """One star per row and per column reached by the village cluster that reaches the most."""
    best, rows, cols = 0, 0, 0
    for c in clusters(sheet.village):
        r, k = row_marks(c).bit_count(), column_marks(c).bit_count()
        if r + k > rows + cols:
            best, rows, cols = c, r, k
    if not best:
        return CardScore(0, 0, _("no village"))
    columns = ngettext("{n} column", "{n} columns", cols).format(n=cols)
    reason = ngettext("best village cluster reaches {n} row and {columns}",
                      "best village cluster reaches {n} rows and {columns}", rows).format(n=rows, columns=columns)
    return CardScore(rows + cols, best, reason, (best,))
