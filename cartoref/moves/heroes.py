"""Drawing a hero (Heroes): the hero terrain on one empty space, its attack pattern marked around
it in any orientation (docs/rulings.md), and every monster space inside the marks destroyed.

Sheets only, like the rest of ``moves``. Refusals raise ``IllegalPlacement`` with a code:
``hero-spaces`` (not exactly one space), ``filled``, ``orientation-needed`` (the pattern can
be turned and no orientation was given), ``no-such-orientation``, ``not-the-pattern`` (the
marks given are no orientation of the pattern around that space).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import HeroCard
from ..cardtypes import shown_name
from ..errors import IllegalPlacement
from ..grid import BOARD, Cell, Sheet, Terrain, cells_label, count, enclosed, iter_cells, mask_repr
from ..i18n import _, clauses, ngettext
from ..shapes import Pattern, pattern_marks, pattern_orientations, pattern_rows


def orientations(hero: HeroCard) -> tuple[Pattern, ...]:
    """The distinct orientations of a hero's pattern (turned and mirrored), as printed first."""
    return pattern_orientations(hero.pattern)


@dataclass(frozen=True)
class HeroDrawing:
    """A hero drawn on a sheet: its space, the orientation of its pattern, the spaces marked, the
    monster spaces destroyed, the sheet before and after, and the coins it earns."""

    hero: HeroCard
    mask: int  # the hero's one space
    orientation: int  # 1-based, in ``orientations`` order
    attacks: int
    destroyed: int
    before: Sheet
    after: Sheet

    @property
    def mountains(self) -> int:
        """The mountains the hero surrounds for the first time (each earns a coin)."""
        filled = self.before.filled
        return self.before.mountains & enclosed(filled | self.mask) & ~enclosed(filled)

    @property
    def coins(self) -> int:
        """One coin per mountain newly surrounded."""
        return count(self.mountains)

    def coin_reasons(self) -> list[str]:
        """One short line per coin earned."""
        return [_("surrounded the mountain at {space}").format(space=c.label) for c in iter_cells(self.mountains)]

    def __repr__(self) -> str:
        # Spaces as labels; the sheets before and after are left out (each prints as a grid).
        return (f"HeroDrawing({self.hero.name} on {mask_repr(self.mask)}, orientation {self.orientation}, "
                f"attacks={mask_repr(self.attacks)}, destroyed={mask_repr(self.destroyed)})")


def check_hero(sheet: Sheet, hero: HeroCard, mask: int, *, orientation: int | None = None,
               attacks: int | None = None) -> HeroDrawing:
    """The drawing of ``hero`` on the one space of ``mask``, its pattern in ``orientation``
    (1-based) or matching the marks ``attacks``; IllegalPlacement saying why when refused."""
    name = shown_name(hero)
    where = cells_label(mask) or _("no space")

    def refuse(message: str, code: str, **fields: object) -> IllegalPlacement:
        # ``message`` is a whole sentence with {hero} and {spaces} (where it was to be drawn).
        return IllegalPlacement(message.format(hero=name, spaces=where, **fields), code=code, card=hero.id,
                                spaces=mask)

    if count(mask) != 1 or mask & ~BOARD:
        raise refuse(_("cannot draw {hero} on {spaces}: a hero is drawn on exactly one space"), "hero-spaces")
    if mask & sheet.filled:
        t = sheet.terrain_at(next(iter_cells(mask)))
        raise refuse(_("cannot draw {hero} on {spaces}: the space is already filled ({terrain})"), "filled",
                     terrain=t.spoken if t else _("filled"))
    cell = next(iter_cells(mask))
    turns = orientations(hero)
    if attacks is not None:
        matching = [n for n, o in enumerate(turns, 1) if pattern_marks(o, cell) == attacks]
        if not matching:
            raise refuse(_("cannot draw {hero} on {spaces}: {marks} is not {hero}'s pattern around {space} "
                           "in any orientation, {patterns}"), "not-the-pattern",
                         marks=cells_label(attacks) or _("no space"), space=cell.label,
                         patterns=describe(hero, cell))
        orientation = matching[0]
    elif orientation is None:
        if len(turns) > 1:
            raise refuse(_("cannot draw {hero} on {spaces}: choose the orientation of its pattern, {patterns}"),
                         "orientation-needed", patterns=describe(hero, cell))
        orientation = 1
    elif not 1 <= orientation <= len(turns):
        raise refuse(ngettext("cannot draw {hero} on {spaces}: its pattern has {n} orientation, not {asked}",
                              "cannot draw {hero} on {spaces}: its pattern has {n} orientations, not {asked}",
                              len(turns)), "no-such-orientation", n=len(turns), asked=orientation)
    marks = pattern_marks(turns[orientation - 1], cell)
    destroyed = marks & sheet.monster
    after = sheet.with_drawn(mask, Terrain.HERO).with_destroyed(destroyed).with_attacks(marks)
    return HeroDrawing(hero, mask, orientation, marks, destroyed, sheet, after)


def _side(pattern: Pattern) -> str:
    """Which way a pattern's marks lie from the hero, in words: where most of them are."""
    rows = sum(r for r, _ in pattern)
    cols = sum(c for _, c in pattern)
    if abs(cols) > abs(rows):
        return _("marks to the right") if cols > 0 else _("marks to the left")
    if abs(rows) > abs(cols):
        return _("marks below") if rows > 0 else _("marks above")
    return _("marks all around")


def describe(hero: HeroCard, cell: Cell | None = None) -> str:
    """Each orientation of a hero's pattern, numbered, with the way its marks point (and, drawn on
    ``cell``, the spaces they mark), after a key to the rows: ``... a mark: 1 ..x/H.x/..x, marks
    to the right (F7, G7, H7); 2 ...``."""
    turns = []
    for n, o in enumerate(orientations(hero), 1):
        text = "{n} {rows}, {side}".format(n=n, rows="/".join(pattern_rows(o)), side=_side(o))
        if cell is not None:
            text += " ({spaces})".format(spaces=cells_label(pattern_marks(o, cell)) or _("every mark off the map"))
        turns.append(text)
    return _("its rows from the top, H the hero, x a mark: {orientations}").format(orientations=clauses(turns))
