"""Bit-mask helpers shared by the Heroes scoring cards: neighbour counts, rows and columns reached.

Each works on a whole mask at once with a few shifts, so a card never loops over spaces.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..grid import BOARD, COL_MASKS, ROW_MASKS, STRIDE

_COL_1 = COL_MASKS[0]
_COLS_1_2 = COL_MASKS[0] | COL_MASKS[1]
_COLS_1_4 = COL_MASKS[0] | COL_MASKS[1] | COL_MASKS[2] | COL_MASKS[3]
_ROW_A = ROW_MASKS[0]


def union(masks: Iterable[int]) -> int:
    """Every space of any of ``masks``."""
    out = 0
    for m in masks:
        out |= m
    return out


def neighbour_counts(mask: int) -> tuple[int, int, int]:
    """The spaces with exactly one, exactly two, and three or more neighbours in ``mask``."""
    # The four shifted masks are four one-bit numbers per space; add them with bitwise adders.
    a = (mask << 1) & BOARD
    b = (mask >> 1) & BOARD
    c = (mask << STRIDE) & BOARD
    d = mask >> STRIDE
    ab, ab_carry = a ^ b, a & b
    cd, cd_carry = c ^ d, c & d
    ones = ab ^ cd
    carry = ab & cd  # only when a, b differ and c, d differ: never with ab_carry or cd_carry
    twos = ab_carry ^ cd_carry ^ carry
    fours = ab_carry & cd_carry
    return ones & ~twos, twos & ~ones, (ones & twos) | fours


def row_marks(mask: int) -> int:
    """Column 1 of every row holding a space of ``mask``: one bit per such row."""
    # Fold the columns onto column 1. A right shift also moves the next row's first columns
    # into this row's last ones; each step keeps only the columns that cannot hold those.
    m = mask | ((mask >> 8) & _COLS_1_4)
    m |= (m >> 4) & _COLS_1_4
    m |= (m >> 2) & _COLS_1_2
    m |= (m >> 1) & _COL_1
    return m & _COL_1


def column_marks(mask: int) -> int:
    """Row A of every column holding a space of ``mask``: one bit per such column."""
    m = mask | (mask >> (8 * STRIDE))
    m |= m >> (4 * STRIDE)
    m |= m >> (2 * STRIDE)
    m |= m >> STRIDE
    return m & _ROW_A


def rows_with_at_least(marks: tuple[int, ...], n: int) -> int:
    """Column 1 of every row marked (by ``row_marks``) in at least ``n`` of ``marks`` (n >= 1)."""
    # Added as integers, the marks count per row in the bits from column 1 up (12 bits a row,
    # so no count reaches the next row). Adding 2**k - n to each count, with 2**k above any
    # count, sets bit k exactly when the count is n or more.
    k = len(marks).bit_length()
    total = sum(marks) + ((1 << k) - n) * _COL_1
    return (total >> k) & _COL_1
