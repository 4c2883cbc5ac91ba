"""Arrangement scoring cards: Borderlands, Lost Barony, The Broken Road, The Cauldrons."""

from __future__ import annotations

from ..grid import COL_MASKS, ROW_MASKS, SIZE, STRIDE, Sheet, bit, enclosed
from ..i18n import _, ngettext
from .registry import CardScore, rule

#: The 11 diagonals running down-right from the left edge (row r) to the bottom edge; the
#: last is the single corner space K1.
DIAGONALS: tuple[int, ...] = tuple(
    sum(bit(r + i, i) for i in range(SIZE - r)) for r in range(SIZE)
)


@rule("borderlands", "filled")
def borderlands(sheet: Sheet) -> CardScore:
    """Six stars per complete row and per complete column of filled spaces."""
    rows = [m for m in ROW_MASKS if sheet.filled & m == m]
    cols = [m for m in COL_MASKS if sheet.filled & m == m]
    cells = 0
    for m in rows + cols:
        cells |= m
    columns = ngettext("{n} complete column", "{n} complete columns", len(cols)).format(n=len(cols))
    reason = ngettext("{n} complete row and {columns}", "{n} complete rows and {columns}",
                      len(rows)).format(n=len(rows), columns=columns)
    return CardScore(6 * (len(rows) + len(cols)), cells, reason, tuple(rows + cols))


def _square(corner: int, side: int) -> int:
    """The mask of the ``side`` x ``side`` square whose top-left space is the bit ``corner``."""
    row = ((1 << side) - 1) * corner
    return sum(row << (STRIDE * i) for i in range(side))


@rule("lost-barony", "filled")
def lost_barony(sheet: Sheet) -> CardScore:
    """Three stars per space along one side of the largest square of filled spaces."""
    # tops[k-1] marks every space that is the top-left corner of a filled k x k square.
    tops = sheet.filled
    side = 0
    while tops:
        side += 1
        best = tops
        tops = tops & (tops >> 1) & (tops >> STRIDE) & (tops >> (STRIDE + 1))
    if not side:
        return CardScore(0, 0, _("no filled space"))
    square = _square(best & -best, side)
    reason = _("largest filled square is {side}x{side}").format(side=side)
    return CardScore(3 * side, square, reason, (square,))


@rule("the-broken-road", "filled")
def the_broken_road(sheet: Sheet) -> CardScore:
    """Three stars per complete diagonal from the left edge down to the bottom edge."""
    done = [d for d in DIAGONALS if sheet.filled & d == d]
    cells = 0
    for d in done:
        cells |= d
    reason = ngettext("{n} complete diagonal", "{n} complete diagonals", len(done)).format(n=len(done))
    return CardScore(3 * len(done), cells, reason, tuple(done))


@rule("the-cauldrons", "empty", "filled")
def the_cauldrons(sheet: Sheet) -> CardScore:
    """One star per empty space whose four sides are filled spaces or the map edge."""
    m = sheet.empty & enclosed(sheet.filled)
    n = m.bit_count()
    reason = ngettext("{n} empty space surrounded on all four sides",
                      "{n} empty spaces surrounded on all four sides", n).format(n=n)
    return CardScore(n, m, reason)
