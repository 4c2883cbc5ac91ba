"""Spaces, terrain, the map sheet, neighbours and clusters, and the sheet as rows of symbols
(the formatting half of the grid notation, so a Sheet prints as its picture).

A set of spaces is an ``int`` bit mask: space (row, col) is bit ``row * STRIDE + col``.
Each row has one spare bit (column 11) that is never part of the board, so shifting a
mask one place left or right cannot wrap a space onto the next row once the result is
masked with ``BOARD``. Rows and columns are 0-based here; users see "C4" labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum
from typing import Any, NamedTuple

from .i18n import N_, _

SIZE = 11
STRIDE = SIZE + 1
ROW_LETTERS = "ABCDEFGHIJK"


class Cell(NamedTuple):
    """One space of the map, 0-based ``(row, col)``."""

    row: int
    col: int

    @property
    def label(self) -> str:
        """The space as printed on the sheet: row letter A-K, column 1-11 ("C4")."""
        return f"{ROW_LETTERS[self.row]}{self.col + 1}"

    @property
    def bit(self) -> int:
        """This space as a one-bit mask."""
        return 1 << (self.row * STRIDE + self.col)

    @classmethod
    def parse(cls, label: str) -> Cell:
        """Read a printed label such as "c4" or "K11"; raise ValueError if it is not one."""
        text = label.strip().upper()
        if len(text) < 2 or text[0] not in ROW_LETTERS or not text[1:].isdigit():
            raise ValueError(_("{label} is not a space (expected a row letter A-K and a column 1-11, "
                               "like C4)").format(label=repr(label)))
        col = int(text[1:])
        if not 1 <= col <= SIZE:
            raise ValueError(_("{label} is not a space (columns run 1-11)").format(label=repr(label)))
        return cls(ROW_LETTERS.index(text[0]), col - 1)


def bit(row: int, col: int) -> int:
    """The one-bit mask of space (row, col)."""
    return 1 << (row * STRIDE + col)


ROW_MASKS: tuple[int, ...] = tuple(((1 << SIZE) - 1) << (r * STRIDE) for r in range(SIZE))
BOARD: int = sum(ROW_MASKS)
COL_MASKS: tuple[int, ...] = tuple(sum(bit(r, c) for r in range(SIZE)) for c in range(SIZE))
EDGE: int = ROW_MASKS[0] | ROW_MASKS[-1] | COL_MASKS[0] | COL_MASKS[-1]
_CELLS: tuple[Cell, ...] = tuple(
    Cell(i // STRIDE, i % STRIDE) if i % STRIDE < SIZE else Cell(-1, -1)
    for i in range(SIZE * STRIDE)
)


def mask_of(cells: Iterable[Cell]) -> int:
    """The mask holding the given spaces."""
    m = 0
    for c in cells:
        m |= 1 << (c.row * STRIDE + c.col)
    return m


def iter_cells(mask: int) -> Iterator[Cell]:
    """The spaces of a mask in reading order (row by row, left to right)."""
    while mask:
        low = mask & -mask
        yield _CELLS[low.bit_length() - 1]
        mask ^= low


def count(mask: int) -> int:
    """How many spaces a mask holds."""
    return mask.bit_count()


def neighbours(mask: int) -> int:
    """Every space orthogonally adjacent to some space of ``mask`` (may overlap ``mask``)."""
    return ((mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)) & BOARD


def enclosed(within: int) -> int:
    """Spaces whose four neighbours all lie in ``within`` or off the map."""
    outside = BOARD & ~within
    return BOARD & ~neighbours(outside)


def cluster_of(seed: int, within: int) -> int:
    """The orthogonally connected part of ``within`` that contains the spaces of ``seed``."""
    grown = seed & within
    while True:
        nxt = (grown | neighbours(grown)) & within
        if nxt == grown:
            return grown
        grown = nxt


def clusters(mask: int) -> list[int]:
    """Split a mask into its clusters (maximal orthogonally connected parts), in reading order."""
    out = []
    while mask:
        part = cluster_of(mask & -mask, mask)
        out.append(part)
        mask &= ~part
    return out


def cells_label(mask: int) -> str:
    """A short human list of the spaces of a mask: "B4, B5, C5"."""
    return ", ".join(c.label for c in iter_cells(mask))


def mask_repr(mask: int) -> str:
    """A mask as a repr shows it, its spaces as printed: "{B4, B5, C5}" ("{}" when empty)."""
    if mask < 0 or mask & ~BOARD:
        # Bits off the board are a bug somewhere; show them rather than hide them.
        stray = f"off the board: {mask:#x}" if mask < 0 else f"off the board: {mask & ~BOARD:#x}"
        inside = cells_label(mask & BOARD) if mask >= 0 else ""
        return "{" + ", ".join(x for x in (inside, stray) if x) + "}"
    return "{" + cells_label(mask) + "}"


def repr_masks(value: Any, *masks: str) -> str:
    """A NamedTuple's or dataclass's repr with the fields named in ``masks`` shown as spaces
    (``mask_repr``), so a failing test prints "{B4, B5}" rather than a 40-digit integer."""
    import dataclasses

    if dataclasses.is_dataclass(value):
        names = [f.name for f in dataclasses.fields(value) if f.repr]
    else:
        names = list(value._fields)
    shown = (f"{n}={mask_repr(getattr(value, n)) if n in masks else repr(getattr(value, n))}" for n in names)
    return f"{type(value).__name__}({', '.join(shown)})"


class Terrain(str, Enum):
    """What a space can hold, with the letter a map file uses for it."""

    FOREST = "F"
    VILLAGE = "V"
    FARM = "P"
    WATER = "W"
    MONSTER = "M"
    HERO = "H"
    DESTROYED = "X"
    MOUNTAIN = "^"
    WASTELAND = "#"

    @property
    def word(self) -> str:
        """The rulebook's word for it, in English: what options and files take (never translated)."""
        return self.name.lower()

    @property
    def spoken(self) -> str:
        """Its word in the language spoken (``forêt``, ``bosque``, ``森林``), for sentences."""
        from .i18n import _

        return _(TERRAIN_WORDS[self])


#: Each terrain's word, marked for the catalogs (``Terrain.spoken`` translates it).
TERRAIN_WORDS = {Terrain.FOREST: N_("forest"), Terrain.VILLAGE: N_("village"), Terrain.FARM: N_("farm"),
                 Terrain.WATER: N_("water"), Terrain.MONSTER: N_("monster"), Terrain.HERO: N_("hero"),
                 Terrain.DESTROYED: N_("destroyed"), Terrain.MOUNTAIN: N_("mountain"),
                 Terrain.WASTELAND: N_("wasteland")}

def _typed(text: str) -> str:
    from .i18n import folded

    word = folded(text.strip())
    return word[:-1] if len(word) > 3 and word.endswith("s") else word  # "champ" or "champs"


def terrain_named(text: str) -> Terrain | None:
    """The terrain a person named, in any language cartoref speaks, any case, accents and a
    plural "s" optional ("Forest", "forêt", "foret", "champ", "bosque", "森林"); None for no
    terrain."""
    from .i18n import in_every_language

    wanted = _typed(text)
    for terrain, word in TERRAIN_WORDS.items():
        if wanted in {_typed(w) for w in in_every_language(word).values()}:
            return terrain
    return None


#: Terrains a player (or a neighbour, for monsters) draws; the order of ``Sheet.drawn``.
DRAWN: tuple[Terrain, ...] = (
    Terrain.FOREST,
    Terrain.VILLAGE,
    Terrain.FARM,
    Terrain.WATER,
    Terrain.MONSTER,
    Terrain.HERO,
    Terrain.DESTROYED,
)
_DRAWN_INDEX = {t: i for i, t in enumerate(DRAWN)}
#: The initials written in the monsters that the Heroes ambushes draw (Dragon Inferno, Zombie
#: Plague, Giant Troll Ravage, Gorgon Gaze), in the order of ``Sheet.initials``. Such a space is a
#: monster space like any other; the initial says which monster's effect it carries.
MONSTER_INITIALS: tuple[str, ...] = ("D", "Z", "T", "G")
NO_INITIALS = (0, 0, 0, 0)


class SheetSide(NamedTuple):
    """A printed side of the map sheet: where its mountains, wastelands and ruins are."""

    id: str
    name: str
    letter: str
    mountains: int
    wastelands: int
    ruins: int
    coin_track: int = 14
    names: tuple[tuple[str, str], ...] = ()  # its name in other languages (language, name)
    # A side whose mountains, ruins (and wastelands) the table rolls with dice before the game
    # (Tabula Rasa): printed blank; ``roll`` is the roll a side was made by (the game's seed, and
    # whether wastelands were rolled too), None for a printed side or one read off a map's own spaces.
    rolled: bool = False
    roll: tuple[int, bool] | None = None

    @property
    def printed(self) -> tuple[int, int, int]:
        """Where it prints (or the dice put) its mountains, wastelands and ruins."""
        return self.mountains, self.wastelands, self.ruins

    def __repr__(self) -> str:
        return (f"SheetSide(id={self.id!r}, name={self.name!r}, letter={self.letter!r}, "
                f"mountains={mask_repr(self.mountains)}, wastelands={mask_repr(self.wastelands)}, "
                f"ruins={mask_repr(self.ruins)}, coin_track={self.coin_track!r})")


class Sheet:
    """A map sheet: a printed side plus what has been drawn on it (one mask per drawn terrain),
    the initials written in Heroes monsters (``initials``, one mask per letter of
    ``MONSTER_INITIALS``, each inside ``monster``) and the spaces the heroes' attack patterns
    mark (``attacks``: marks overlap any space and fill none).

    Immutable: drawing returns a new sheet. ``filled`` is computed once, as the scorer asks for
    it on every card.
    """

    __slots__ = ("attacks", "drawn", "filled", "initials", "side")
    side: SheetSide
    drawn: tuple[int, ...]
    filled: int
    initials: tuple[int, ...]
    attacks: int

    def __init__(self, side: SheetSide, drawn: tuple[int, ...] = (0,) * 7,
                 initials: tuple[int, ...] = NO_INITIALS, attacks: int = 0):
        f = side.mountains | side.wastelands
        for m in drawn:
            f |= m
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "drawn", tuple(drawn))
        object.__setattr__(self, "filled", f)
        object.__setattr__(self, "initials", tuple(initials))
        object.__setattr__(self, "attacks", attacks)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Sheet is immutable; use with_drawn()")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and (self.side, self.drawn, self.initials, self.attacks) == (
            other.side, other.drawn, other.initials, other.attacks)

    def __hash__(self) -> int:
        return hash((self.side, self.drawn, self.initials, self.attacks))

    def __repr__(self) -> str:
        # The plain-text picture, which pastes back into a test diagram; masks say nothing.
        marks = f", attacks={mask_repr(self.attacks)}" if self.attacks else ""
        return f"Sheet({self.side.id}{marks})\n{format_grid(self, labels=True)}"

    @property
    def forest(self) -> int:
        return self.drawn[0]

    @property
    def village(self) -> int:
        return self.drawn[1]

    @property
    def farm(self) -> int:
        return self.drawn[2]

    @property
    def water(self) -> int:
        return self.drawn[3]

    @property
    def monster(self) -> int:
        return self.drawn[4]

    @property
    def hero(self) -> int:
        return self.drawn[5]

    @property
    def destroyed(self) -> int:
        return self.drawn[6]

    @property
    def mountains(self) -> int:
        return self.side.mountains

    @property
    def wastelands(self) -> int:
        return self.side.wastelands

    @property
    def ruins(self) -> int:
        """Every printed ruins space, drawn on or not (ruins stay ruins under terrain)."""
        return self.side.ruins

    @property
    def empty(self) -> int:
        """Spaces with nothing on them (undrawn ruins included)."""
        return BOARD & ~self.filled

    def mask(self, terrain: Terrain) -> int:
        """The spaces holding ``terrain``."""
        if terrain is Terrain.MOUNTAIN:
            return self.side.mountains
        if terrain is Terrain.WASTELAND:
            return self.side.wastelands
        return self.drawn[_DRAWN_INDEX[terrain]]

    def terrain_at(self, cell: Cell) -> Terrain | None:
        """What stands on a space, or None when it is empty."""
        b = cell.bit
        if not self.filled & b:
            return None
        if self.side.mountains & b:
            return Terrain.MOUNTAIN
        if self.side.wastelands & b:
            return Terrain.WASTELAND
        for t, m in zip(DRAWN, self.drawn):
            if m & b:
                return t
        raise AssertionError("filled space with no terrain")  # pragma: no cover

    def initial_at(self, cell: Cell) -> str | None:
        """The initial written in a monster space (D, Z, T or G), or None."""
        for letter, m in zip(MONSTER_INITIALS, self.initials):
            if m & cell.bit:
                return letter
        return None

    def with_drawn(self, mask: int, terrain: Terrain, initial: str | None = None) -> Sheet:
        """A new sheet with ``terrain`` drawn on the spaces of ``mask`` (which must be empty);
        a monster may carry one of ``MONSTER_INITIALS``."""
        if mask & self.filled:
            raise ValueError(f"spaces already filled: {cells_label(mask & self.filled)}")
        drawn = list(self.drawn)
        drawn[_DRAWN_INDEX[terrain]] |= mask
        initials = self.initials
        if initial is not None:
            if terrain is not Terrain.MONSTER or initial not in MONSTER_INITIALS:
                raise ValueError(f"only a monster carries an initial ({', '.join(MONSTER_INITIALS)})")
            k = MONSTER_INITIALS.index(initial)
            initials = initials[:k] + (initials[k] | mask,) + initials[k + 1:]
        return Sheet(self.side, tuple(drawn), initials, self.attacks)

    def erased(self, mask: int) -> Sheet:
        """A new sheet with whatever was drawn on the spaces of ``mask`` rubbed out (for undo;
        printed spaces and attack marks stay)."""
        return Sheet(self.side, tuple(m & ~mask for m in self.drawn), tuple(m & ~mask for m in self.initials),
                     self.attacks)

    def with_destroyed(self, mask: int) -> Sheet:
        """A new sheet with the spaces of ``mask`` destroyed: whatever was drawn there is gone
        (a monster's initial too) and each is a destroyed space (filled, no terrain type).
        Printed mountains and wastelands cannot be destroyed."""
        if mask & (self.side.mountains | self.side.wastelands):
            raise ValueError(f"printed spaces cannot be destroyed: {cells_label(mask & self.filled)}")
        drawn = [m & ~mask for m in self.drawn]
        drawn[_DRAWN_INDEX[Terrain.DESTROYED]] |= mask & BOARD
        return Sheet(self.side, tuple(drawn), tuple(m & ~mask for m in self.initials), self.attacks)

    def with_also(self, mask: int, terrain: Terrain) -> Sheet:
        """A new sheet with ``terrain`` drawn too on spaces already drawn (a space both farm and
        village: the Diplomacy skill's)."""
        if mask & ~self.filled:
            raise ValueError(f"spaces not drawn yet: {cells_label(mask & ~self.filled)}")
        drawn = list(self.drawn)
        drawn[_DRAWN_INDEX[terrain]] |= mask
        return Sheet(self.side, tuple(drawn), self.initials, self.attacks)

    @property
    def farm_and_village(self) -> int:
        """The spaces that are both farm and village (each counts as either, for every card)."""
        return self.drawn[_DRAWN_INDEX[Terrain.FARM]] & self.drawn[_DRAWN_INDEX[Terrain.VILLAGE]]

    def with_attacks(self, mask: int) -> Sheet:
        """A new sheet with the spaces of ``mask`` marked by a hero's attack pattern too."""
        return Sheet(self.side, self.drawn, self.initials, self.attacks | (mask & BOARD))

    def surrounded_mountains(self) -> int:
        """Mountains whose four neighbours are all filled (each earns a coin once)."""
        return self.side.mountains & enclosed(self.filled)

    @classmethod
    def blank(cls, side: SheetSide) -> Sheet:
        """A fresh sheet of the given side, with only its printed spaces."""
        return cls(side)


# ------------------------------------------------------------------------ the sheet as symbols
# The formatting half of the grid notation (``notation`` parses and re-exports it): here, so a
# Sheet prints as its picture without importing the notation.

EMPTY = "."
RUINS = "r"
BOTH = "B"  # a space both farm and village (the Diplomacy skill)


def sheet_symbols(sheet: Sheet) -> list[list[str]]:
    """The symbol of every space, row by row (lower case on ruins, 'r' for empty ruins)."""
    out = [[EMPTY] * SIZE for _ in range(SIZE)]
    ruins = sheet.ruins
    for cell in _cells(ruins & ~sheet.filled):
        out[cell.row][cell.col] = RUINS
    for terrain in Terrain:
        letter = terrain.value
        for cell in _cells(sheet.mask(terrain)):
            out[cell.row][cell.col] = letter.lower() if ruins & cell.bit else letter
    for letter, mask in zip(MONSTER_INITIALS, sheet.initials):
        for cell in _cells(mask):
            out[cell.row][cell.col] = letter.lower() if ruins & cell.bit else letter
    for cell in _cells(sheet.farm_and_village):
        out[cell.row][cell.col] = BOTH.lower() if ruins & cell.bit else BOTH
    return out


def _cells(mask: int) -> Iterable[Cell]:
    return iter_cells(mask & BOARD)


def format_rows(sheet: Sheet, *, labels: bool = False) -> list[str]:
    """The sheet as 11 rows of symbols separated by spaces; with ``labels``, the plain-text
    picture: a header of column numbers 1-11, each row led by its letter A-K."""
    rows = sheet_symbols(sheet)
    if not labels:
        return [" ".join(row) for row in rows]
    # The layout of ``cartoref show``: three characters a space, so "10" and "11" line up.
    head = ("    " + "".join(f"{c + 1:^3}" for c in range(SIZE))).rstrip()
    return [head] + [f"  {ROW_LETTERS[r]}  " + "  ".join(row) for r, row in enumerate(rows)]


def format_grid(sheet: Sheet, *, labels: bool = False) -> str:
    """The sheet as one text of 11 lines (see ``format_rows``), no final newline."""
    return "\n".join(format_rows(sheet, labels=labels))
