"""The Tabula Rasa sheet of the German edition: a blank 11 x 11 map sheet whose mountains and
ruins the table places with a twelve-sided die before the game, the same for every player.

The procedure, as the data sheet gives it (one source [M]):

1. for each of the 5 mountains, roll the d12 twice: the first die is the row (1-11 for rows
   A-K), the second the column (1-11); a 12 is rolled again. We read "rolled again" as that die
   alone: a 12 on the row die is rolled again before the column die is thrown, and a 12 on the
   column die is rolled again with the row kept;
2. then the 6 ruins the same way;
3. two mountains, or two ruins, may not be on directly adjacent spaces: both dice are rolled
   again. A mountain next to a ruins is allowed.

The project's rulings, where the data sheet says nothing:

- "adjacent" means orthogonally adjacent (sharing a side), as everywhere else in the game [L]:
  two mountains, or two ruins, touching at a corner stand;
- a roll landing on a space already taken (by a mountain, a ruins or a wasteland) is rolled
  again, both dice [L];
- the wastelands. The sheet may also carry 7 wasteland spaces, placed before the mountains and
  ruins, but the printed procedure for them was not found. The project's own choice, the
  simplest honest one: each wasteland space is rolled like a mountain (row die, column die, a 12
  rolled again) and a space already taken is rolled again; nothing else is asked of them, so
  wastelands may touch one another and need not be connected. The mountains and ruins then
  avoid them as taken spaces.

Everything random comes from ``random.Random(f"{seed}:tabula-rasa")``, never from the global
generator, so the same seed gives every player of a game the same sheet. The dice are thrown in
the order above (wastelands, when asked for, then mountains, then ruins), so the same seed with
and without wastelands gives different sheets.

The dice stay visible: ``Rolled.rolls`` holds every roll made, the rerolled ones with why, so a
table can replay them with real dice and the program can explain the sheet. The rolling itself
takes its die as a function (``_roll_with``), so a test can script the dice.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass

from .grid import Cell, SheetSide, iter_cells, neighbours

MOUNTAINS = 5
RUINS = 6
WASTELANDS = 7

MOUNTAIN = "mountain"
RUINS_PIECE = "ruins"
WASTELAND = "wasteland"

# Why a roll was not kept.
TWELVE = "12"
TAKEN = "taken"
NEXT_TO = {MOUNTAIN: "next to a mountain", RUINS_PIECE: "next to a ruins"}

DIE = 12  # the faces of the die; the top face is rolled again
NOT_ROLLED = 0  # the column die of a roll whose row die showed a 12 (never thrown)


@dataclass(frozen=True)
class Roll:
    """One roll of the two dice for a piece of the sheet, as a table would make it."""

    what: str  # "mountain", "ruins" or "wasteland"
    row_die: int  # 1-11 for rows A-K, or 12
    col_die: int  # 1-11 for columns 1-11, or 12; 0 when the row die showed a 12 (not thrown)
    kept: bool  # the piece stands on this roll's space
    # "" when kept, else why it was rolled again: "12", "taken", "next to a mountain" or
    # "next to a ruins".
    why: str


@dataclass(frozen=True)
class Rolled:
    """A rolled Tabula Rasa sheet: the side to play on and every roll that made it, in order."""

    side: SheetSide
    rolls: tuple[Roll, ...]


def roll_sheet(seed: int, *, wastelands: bool = False, blank: SheetSide | None = None) -> Rolled:
    """The Tabula Rasa sheet of a game's seed: 5 mountains, then 6 ruins, after 7 wasteland
    spaces when ``wastelands`` is asked for. ``blank`` is the printed side the dice fill (its
    id, name, letter and coin track; the card data's by default)."""
    rng = random.Random(f"{seed}:tabula-rasa")
    rolled = _roll_with(lambda: rng.randint(1, DIE), wastelands, blank)
    return Rolled(rolled.side._replace(roll=(seed, wastelands)), rolled.rolls)


@functools.lru_cache(maxsize=32)
def side_of_game(side: SheetSide, seed: int, wastelands: bool = False) -> SheetSide:
    """The side a game is played on: a printed side as it is, a rolled one rolled by the game's
    seed (every player of the game on the same sheet)."""
    return roll_sheet(seed, wastelands=wastelands, blank=side).side if side.rolled else side


def _roll_with(dice: Callable[[], int], wastelands: bool, blank: SheetSide | None = None) -> Rolled:
    """The procedure of ``roll_sheet`` with the die given: ``dice()`` is one throw of a d12."""
    rolls: list[Roll] = []
    taken = 0  # every space a piece stands on
    masks = {WASTELAND: 0, MOUNTAIN: 0, RUINS_PIECE: 0}
    for what, how_many in _pieces(wastelands):
        for _ in range(how_many):
            # Wastelands keep no distance from one another; mountains and ruins keep theirs.
            apart = 0 if what == WASTELAND else masks[what]
            cell = _place(what, dice, taken, apart, rolls)
            masks[what] |= cell.bit
            taken |= cell.bit
    blank = blank or SheetSide(id="tabula-rasa", name="Tabula Rasa", letter="T", mountains=0, wastelands=0,
                               ruins=0, rolled=True)
    side = blank._replace(mountains=masks[MOUNTAIN], wastelands=masks[WASTELAND], ruins=masks[RUINS_PIECE])
    return Rolled(side, tuple(rolls))


def _pieces(wastelands: bool) -> tuple[tuple[str, int], ...]:
    """What is rolled onto the sheet and how many of each, in the order they are rolled."""
    first = ((WASTELAND, WASTELANDS),) if wastelands else ()
    return (*first, (MOUNTAIN, MOUNTAINS), (RUINS_PIECE, RUINS))


def _place(what: str, dice: Callable[[], int], taken: int, apart: int, rolls: list[Roll]) -> Cell:
    """Roll one piece onto the sheet, appending every roll to ``rolls``; the space it lands on.
    ``taken`` holds the spaces already used, ``apart`` the pieces it may not be next to."""
    while True:
        row = _throw(dice)
        if row == DIE:
            rolls.append(Roll(what, row, NOT_ROLLED, False, TWELVE))
            continue
        col = _throw(dice)
        while col == DIE:
            rolls.append(Roll(what, row, col, False, TWELVE))
            col = _throw(dice)
        cell = Cell(row - 1, col - 1)
        why = _refused(what, cell.bit, taken, apart)
        rolls.append(Roll(what, row, col, not why, why))
        if not why:
            return cell


def _throw(dice: Callable[[], int]) -> int:
    """One throw of the die, checked: a d12 shows 1-12."""
    face = dice()
    if not 1 <= face <= DIE:
        raise ValueError(f"a d12 shows 1-12, not {face!r}")
    return face


def _refused(what: str, space: int, taken: int, apart: int) -> str:
    """Why a piece may not stand on ``space`` (a one-bit mask), or "" when it may. A taken
    space is the first reason given, as it is the one a table sees first."""
    if space & taken:
        return TAKEN
    if space & neighbours(apart):
        return NEXT_TO[what]
    return ""


def layout_faults(side: SheetSide) -> list[tuple[str, int, int]]:
    """What makes a rolled side's spaces (read off a map a table drew by hand) no sheet the dice
    could have made: ``(what, expected, found)`` for a count that is wrong (``what`` "mountain",
    "ruins" or "wasteland"; wastelands are 0 or 7), and ``(what, space, 0)`` for each space that
    stands beside another of its kind or on a space another piece took (its one-bit mask)."""
    faults: list[tuple[str, int, int]] = []
    for what, mask, allowed in ((MOUNTAIN, side.mountains, (MOUNTAINS,)), (RUINS_PIECE, side.ruins, (RUINS,)),
                                (WASTELAND, side.wastelands, (0, WASTELANDS))):
        if mask.bit_count() not in allowed:
            faults.append((what, allowed[-1], mask.bit_count()))
    for what, mask in ((MOUNTAIN, side.mountains), (RUINS_PIECE, side.ruins)):
        for cell in iter_cells(mask):
            if neighbours(cell.bit) & mask:
                faults.append((NEXT_TO[what], cell.bit, 0))
    return faults


def where_said(side: SheetSide) -> str:
    """Where a side's mountains and ruins (and wastelands) are, as one clause: "mountains at A11,
    C4, ...; ruins at ..." in the language spoken."""
    from .grid import cells_label
    from .i18n import _, clauses

    where = [_("mountains at {spaces}").format(spaces=cells_label(side.mountains)),
             _("ruins at {spaces}").format(spaces=cells_label(side.ruins))]
    if side.wastelands:
        where.append(_("wastelands at {spaces}").format(spaces=cells_label(side.wastelands)))
    return clauses(where)
