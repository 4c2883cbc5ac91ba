"""Drawing for the terminal with rich: the console and its layout (``show``, ``Prose``, table
cells), maps, names in the language spoken and score tables; the cards are in
``terminal_cards``, the game's screens in ``terminal_game``.

Every piece of text a user typed (a player's name, a file name) goes into a ``rich.text.Text``
and is never read as markup, so "[/bold] x" prints as "[/bold] x". rich is imported inside the
functions, so commands that print JSON never load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cardtypes import shown_name
from ..grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, bit
from ..i18n import _, language, ngettext
from . import phrases

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, RenderableType

    from ..scoring import ScoreReport

#: How each terrain is drawn: (symbol, rich style).
STYLES: dict[Terrain | None, tuple[str, str]] = {
    None: (".", "grey50"),
    Terrain.FOREST: ("F", "bold white on dark_green"),
    Terrain.VILLAGE: ("V", "bold white on red3"),
    Terrain.FARM: ("P", "bold black on gold3"),
    Terrain.WATER: ("W", "bold white on dodger_blue3"),
    Terrain.MONSTER: ("M", "bold white on purple4"),
    Terrain.HERO: ("H", "bold black on cyan"),
    Terrain.DESTROYED: ("X", "bold white on grey23"),
    Terrain.MOUNTAIN: ("^", "bold white on tan"),
    Terrain.WASTELAND: ("#", "grey70 on grey15"),
}
RUINS_STYLE = ("r", "bold orange3")
HIGHLIGHT = "bold black on bright_yellow"
PENALTY = "bold bright_red"
ATTACK = "bold underline"

#: What ``show`` prints: a ``str`` is one plain line, anything else a rich renderable.
Items = list[Any]


def console(*, err: bool = False) -> Console:
    """A console for the terminal (colour when it is one; NO_COLOR and COLUMNS respected)."""
    from rich.console import Console

    return Console(stderr=err, highlight=False, soft_wrap=False)


def table_box() -> Any:
    """The frame of a table: drawn lines on a terminal, plain ASCII when piped or redirected."""
    import sys

    from rich import box

    return box.HEAVY_HEAD if sys.stdout.isatty() else box.ASCII2


def show(items: Iterable[Any], *, err: bool = False) -> None:
    """Print items: strings as plain text (never markup), others as rich renderables."""
    from rich.text import Text

    out = console(err=err)
    for item in items:
        if isinstance(item, str):
            for line in lines_within(phrases.printable(item), out.width):
                out.print(Text(line), no_wrap=True, crop=False)
            continue
        out.print(item)


class Prose:
    """A paragraph for a rich layout, wrapped as ``lines_within`` wraps it at the width it is
    given there (rich's own wrapping leaves a blank at the end of each line it breaks)."""

    def __init__(self, text: str, style: str = ""):
        self.text, self.style = text, style

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text

        for line in lines_within(phrases.printable(self.text), options.max_width):
            yield Text(line, style=self.style, no_wrap=True, overflow="ignore")


class PhrasedCell:
    """A table cell broken between its phrases at the width the table gives it (rich breaks a
    text at its spaces only: it would cut short a Japanese cell, which has none, or a list of
    terrains joined by slashes)."""

    def __init__(self, text: str):
        self.text = text

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement

        from ..widths import columns, phrases

        return Measurement(min(max(columns(p.rstrip()) for p in phrases(self.text)), 12), columns(self.text))

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text

        from ..widths import wrap_phrases

        for line in wrap_phrases(self.text, options.max_width):
            yield Text(line, no_wrap=True, overflow="ignore")


def cell(text: str) -> Any:
    """A table cell: broken between phrases when it has Japanese or slashes, else rich's text."""
    from ..widths import has_wide

    return PhrasedCell(text) if has_wide(text) or "/" in text else text


def lines_within(text: str, width: int) -> list[str]:
    """A text's lines as the terminal shows them: each longer than ``width`` columns wrapped
    between its words (between its characters in Japanese, which has no spaces, by the columns
    they take), its next lines indented two more than it (a hanging indent, so that a wrapped
    sentence reads as one); no line ends in a blank."""
    from ..widths import columns, wrap

    out = []
    for line in text.split("\n"):
        if columns(line) <= width:
            out.append(line.rstrip())
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        out += [part.rstrip() for part in wrap(line.strip(), width, first=lead, rest=lead + "  ")]
    return out


def map_text(sheet: Sheet, highlight: int = 0, penalty: int = 0) -> RenderableType:
    """The map with row letters A-K and columns 1-11; ``highlight`` spaces stand out (they
    scored), ``penalty`` spaces are marked (empty spaces next to monsters) and the spaces of
    heroes' attack patterns stand in parentheses; a Heroes monster shows its initial."""
    from rich.text import Text

    out = Text()
    out.append(("    " + "".join(f"{c + 1:^3}" for c in range(SIZE))).rstrip() + "\n", style="bold")
    for r in range(SIZE):
        line = Text()
        line.append(f"  {ROW_LETTERS[r]} ", style="bold")
        for c in range(SIZE):
            b = bit(r, c)
            t = sheet.terrain_at(Cell(r, c))
            sym, style = STYLES[t]
            if t is Terrain.MONSTER:
                sym = sheet.initial_at(Cell(r, c)) or sym
            if t is None and sheet.ruins & b:
                sym, style = RUINS_STYLE
            elif t is not None and sheet.ruins & b:
                sym = sym.lower() if sym.isalpha() else sym  # a drawing on ruins: lower case
            # Brackets, parentheses and "!" keep the marks readable without colour too.
            if highlight & b:
                line.append(f"[{sym}]", style=HIGHLIGHT)
            elif sheet.attacks & b:
                line.append(f"({'!' if penalty & b else sym})", style=PENALTY if penalty & b else ATTACK)
            elif penalty & b:
                line.append(" ! ", style=PENALTY)
            else:
                line.append(" ")
                line.append(sym, style=style)
                line.append(" ")
        line.rstrip()  # no blank at a line's end
        out.append_text(line)
        out.append("\n")
    return out


def legend(sheet: Sheet | None = None) -> str:
    """One line naming the map symbols (and the marks a sheet carries)."""
    text = _("F forest  V village  P farm  W water  M monster  ^ mountain  # wasteland  "
             "r ruins (lower case: drawn on ruins)  . empty")
    if sheet is not None and (sheet.hero | sheet.destroyed | sheet.attacks | sum(sheet.initials)):
        text += "\n" + _("H hero  X destroyed  D Z T G a Heroes monster (its initial)  "
                         "( ) around a space: a hero's attack zone")
    return text


def map_heading(player: str, side_name: str, letter: str, coins: int, spent: int = 0) -> RenderableType:
    """``Alice: Wilderness (side A), 3 coins``, the name in bold and printed as typed (and the
    coins crossed out for skills, when some are)."""
    from rich.text import Text

    sentence = ngettext("{player}: {side} (side {letter}), {n} coin", "{player}: {side} (side {letter}), {n} coins",
                        coins)
    # The name is printed as typed (never formatted), in bold, wherever the language puts it.
    before, _player, after = sentence.partition("{player}")
    out = Text(before.format(side=side_name, letter=letter, n=coins))
    out.append(phrases.printable(player), style="bold")
    out.append(after.format(side=side_name, letter=letter, n=coins))
    if spent:
        out.append(" " + ngettext("({n} crossed out, paid for skills)", "({n} crossed out, paid for skills)",
                                  spent).format(n=spent))
    return out


# ------------------------------------------------------------------- names in the language spoken


def spoken_name(card: Any) -> str:
    """A card's, a season's or a sheet side's name in the language spoken, for the shells (which
    reach the cards through the views)."""
    return shown_name(card)


def scoring_name(card_id: str, english: str) -> str:
    """A scoring card's name (as a score report carries it, by id) in the language spoken."""
    if language() == "en":
        return english
    from ..cards import catalog
    from ..errors import CartorefError

    try:
        return shown_name(catalog().scoring_by_id(card_id))
    except (CartorefError, KeyError):  # a card of another folder: its name as given
        return english


def season_name(season_id: str, english: str | None = None) -> str:
    """A season (as a score report or a pad carries it, by id) in the language spoken; English
    keeps ``english`` (else the id, as the reports have always shown it)."""
    if language() == "en":
        return season_id if english is None else english
    from ..cards import catalog
    from ..errors import CartorefError

    try:
        return shown_name(next(s for s in catalog().seasons if s.id == season_id))
    except (CartorefError, StopIteration):
        return season_id if english is None else english


def score_table(report: ScoreReport, title: str | None = None) -> RenderableType:
    """A season's score boxes: each card with its points and reason, coins, monsters, total."""
    from rich.table import Table
    from rich.text import Text

    from ..scoring import monster_reason

    # The title above the table as a line of its own: rich pads a table's title to its width.
    t = Table(show_footer=False, box=table_box())
    t.add_column(_("Edict"), justify="center")
    t.add_column(_("Card"))
    t.add_column(_("Stars"), justify="right")
    t.add_column(_("Why"))
    for c in report.cards:
        t.add_row(c.edict or "-", Text(scoring_name(c.id, c.name)), str(c.score.points), Text(c.score.reason))
    t.add_row("", _("Coins"), str(report.coins), _("one per coin on the coin track"), end_section=False)
    t.add_row("", _("Monsters"), f"-{report.monsters}" if report.monsters else "0", Text(monster_reason(report)))
    t.add_row("", Text(_("Total"), style="bold"), Text(str(report.total), style="bold"), "", end_section=True)
    return t if title is None else _titled(title, t)


def _titled(title: str, table: Any) -> RenderableType:
    """A table under its title, the title a line of its own (no blanks after it)."""
    from rich.console import Group

    return Group(Prose(title, style="italic"), table)


def report_title(report: ScoreReport, name: str) -> str:
    """The heading of one map's breakdown."""
    who = report.player or name
    side = shown_name(report.sheet.side)
    if report.season:
        return _("{player} ({side}, {season})").format(player=who, side=side, season=season_name(report.season))
    return _("{player} ({side})").format(player=who, side=side)


def summary_table(rows: Sequence[tuple[str, ScoreReport]]) -> RenderableType:
    """One line per map: each card's stars, coins, monsters, total."""
    from rich.table import Table
    from rich.text import Text

    t = Table(box=table_box())
    t.add_column(_("Player"))
    names = [scoring_name(c.id, c.name) for c in rows[0][1].cards] if rows else []
    for n in names:
        t.add_column(Text(n), justify="right")
    t.add_column(_("Coins"), justify="right")
    t.add_column(_("Monsters"), justify="right")
    t.add_column(_("Total"), justify="right", style="bold")
    for name, r in sorted(rows, key=lambda nr: -nr[1].total):
        t.add_row(Text(phrases.printable(r.player or name)), *(str(c.score.points) for c in r.cards), str(r.coins),
                  f"-{r.monsters}" if r.monsters else "0", str(r.total))
    return _titled(_("Summary"), t)


def score_items(reports: Sequence[tuple[str, ScoreReport]], explain: bool) -> Items:
    """What ``score`` prints: each map's breakdown (with the map when explained), a summary."""
    items: Items = []
    for name, r in reports:
        items.append(score_table(r, title=report_title(r, name)))
        if explain:
            # One picture per card, so each space shows which card it scored for.
            for c in r.cards:
                if len(r.cards) > 1:
                    items.append(card_points(c.edict, scoring_name(c.id, c.name), c.score.points))
                items.append(map_text(r.sheet, highlight=c.score.cells, penalty=r.monster_cells))
            items.append(_("highlighted: spaces that scored;  !: empty spaces next to monsters;  ( ): a hero's "
                           "attack zone") if r.sheet.attacks
                         else _("highlighted: spaces that scored;  !: empty spaces next to monsters"))
    if len(reports) > 1:
        items.append(summary_table(reports))
    return items


def card_points(edict: str | None, name: str, points: int) -> str:
    """``A Sentinel Wood: 3 stars`` (the edict's letter when the card is an edict)."""
    if edict:
        return ngettext("{edict} {card}: {n} star", "{edict} {card}: {n} stars", points).format(
            edict=edict, card=name, n=points)
    return ngettext("{card}: {n} star", "{card}: {n} stars", points).format(card=name, n=points)
