"""Drawing for the terminal with rich: maps, score tables, cards, and the game's screens.

Every piece of text a user typed (a player's name, a file name) goes into a ``rich.text.Text``
and is never read as markup, so "[/bold] x" prints as "[/bold] x". rich is imported inside the
functions, so commands that print JSON never load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Kind
from ..cardtypes import KIND_WORDS, season_in_sentence, shown_name, shown_text
from ..grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, bit
from ..i18n import _, language, ngettext
from ..shapes import Shape
from . import phrases, words

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, RenderableType

    from ..cards import AmbushCard, ExploreCard, HeroCard, ScoringCard
    from ..game import GameState, Standings
    from ..game.forecast import Forecast
    from ..scoring import ScoreReport
    from ..table import Drawn, Recorded

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


def map_heading(player: str, side_name: str, letter: str, coins: int) -> RenderableType:
    """``Alice: Wilderness (side A), 3 coins``, the name in bold and printed as typed."""
    from rich.text import Text

    sentence = ngettext("{player}: {side} (side {letter}), {n} coin", "{player}: {side} (side {letter}), {n} coins",
                        coins)
    # The name is printed as typed (never formatted), in bold, wherever the language puts it.
    before, _player, after = sentence.partition("{player}")
    out = Text(before.format(side=side_name, letter=letter, n=coins))
    out.append(phrases.printable(player), style="bold")
    out.append(after.format(side=side_name, letter=letter, n=coins))
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


# ---------------------------------------------------------------------------------- cards


def terrain_choice(terrains: Sequence[Terrain]) -> str:
    """``forest or village``: the terrains a card offers, in the language spoken."""
    if not terrains:
        return ""
    shown = terrains[0].spoken
    for t in terrains[1:]:
        shown = _("{terrains} or {terrain}").format(terrains=shown, terrain=t.spoken)
    return shown


def shape_text(shape: Shape, terrain: Terrain | None = None, symbol: str = "") -> RenderableType:
    """A shape drawn as a small coloured grid (``symbol``, when given, in each of its spaces)."""
    from rich.text import Text

    sym, style = STYLES.get(terrain, ("X", "bold")) if terrain else ("X", "bold")
    sym = symbol or sym
    out = Text()
    for row in shape.render():
        row = row.rstrip(" .")  # no blanks at a line's end
        for i, ch in enumerate(row):
            gap = " " if i < len(row) - 1 else ""
            if ch == "X":
                out.append(sym + gap, style=style)
            elif ch == "-":
                out.append("-" + gap, style="grey50")
            else:
                out.append(" " + gap)
        out.append("\n")
    return out


def _side_by_side(blocks: list[list[Any]]) -> RenderableType:
    """Blocks of lines (rich ``Text``) next to each other, four columns apart; no line ends in a
    blank (rich's columns pad every line to its column's width)."""
    from rich.text import Text

    widths = [max((line.cell_len for line in block), default=0) for block in blocks]
    out = Text()
    for i in range(max((len(block) for block in blocks), default=0)):
        row = Text()
        for k, block in enumerate(blocks):
            part = block[i].copy() if i < len(block) else Text()
            if k < len(blocks) - 1:
                part.pad_right(widths[k] - part.cell_len + 4)
            row.append_text(part)
        row.rstrip()
        out.append_text(row)
        out.append("\n")
    out.rstrip()
    return out


def explore_card_view(card: ExploreCard) -> RenderableType:
    """An explore card: time, terrains and each shape option with its coin mark."""
    from rich.console import Group
    from rich.text import Text

    head = Text(shown_name(card), style="bold")
    head.append(f"   {phrases.card_subtitle(card)}")
    if card.kind == Kind.RUINS:
        return Group(head, Prose(_(phrases.RUINS_CARD_TEXT)))
    lines: list[RenderableType] = [head, Text(_("Terrain: {terrains}").format(terrains=terrain_choice(card.terrains)))]
    blocks = []
    for i, opt in enumerate(card.options, 1):
        label = Text(_("option {n}  + coin").format(n=i) if opt.coin else _("option {n}").format(n=i),
                     style="bold gold1" if opt.coin else "bold")
        shape = shape_text(opt.shape, card.terrains[0] if len(card.terrains) == 1 else None)
        blocks.append([label, *shape.split("\n")])
    lines.append(_side_by_side(blocks))
    return Group(*lines)


def ambush_card_view(card: AmbushCard) -> RenderableType:
    """An ambush card: the monster shape (gaps dashed), the arrow and the solo corner; for a
    special monster, its initial (drawn in the shape) and its effect."""
    from rich.console import Group
    from rich.text import Text

    lines: list[RenderableType] = [
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        *(Prose(line) for line in phrases.ambush_card_sentences(card)),
    ]
    lines.append(shape_text(card.shape, Terrain.MONSTER, card.initial))
    return Group(*lines)


def pattern_text(card: HeroCard) -> RenderableType:
    """A hero's attack pattern drawn as a small grid: H the hero, x an attacked space."""
    from rich.text import Text

    hero_style = STYLES[Terrain.HERO][1]
    out = Text()
    for row in card.render():
        for i, ch in enumerate(row):
            if i:
                out.append(" ")  # between the spaces, never after the last (no trailing blank)
            if ch == "H":
                out.append("H", style=hero_style)
            elif ch == "x":
                out.append("x", style=PENALTY)
            else:
                out.append(".", style="grey50")
        out.append("\n")
    return out


def hero_card_view(card: HeroCard) -> RenderableType:
    """A hero card: name, number, time 0 and the attack pattern around the hero."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        Prose(_(phrases.HERO_CARD_TEXT)),
        pattern_text(card),
    )


def scoring_card_view(card: ScoringCard) -> RenderableType:
    """A scoring card: name, category, rule text and solo number."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        Prose(shown_text(card)),
        Prose(_("Solo number: {solo}").format(solo=card.solo)),
    )


def card_view(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> RenderableType:
    """Any card, drawn as its kind is."""
    from ..cards import AmbushCard, HeroCard, ScoringCard

    if isinstance(card, ScoringCard):
        return scoring_card_view(card)
    if isinstance(card, AmbushCard):
        return ambush_card_view(card)
    if isinstance(card, HeroCard):
        return hero_card_view(card)
    return explore_card_view(card)


def cards_table(
    cards: Sequence[ExploreCard | AmbushCard | HeroCard | ScoringCard],
) -> RenderableType:
    """The card listing: set, number, id, name, kind, time or solo number, details."""
    from rich.table import Table

    from ..cards import AmbushCard, HeroCard, ScoringCard

    # The set as --set spells it; the kind and the category in the language spoken, as
    # --category takes them too.
    rows: list[tuple[str, ...]] = []
    for c in cards:
        if isinstance(c, ScoringCard):
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS[c.category]),
                         _("solo {solo}").format(solo=c.solo), shown_text(c)))
        elif isinstance(c, AmbushCard):
            n = c.shape.size
            if c.initial:
                detail = ngettext("{n} monster space, {arrow}, {corner}, initial {initial}",
                                  "{n} monster spaces, {arrow}, {corner}, initial {initial}", n)
            else:
                detail = ngettext("{n} monster space, {arrow}, {corner}", "{n} monster spaces, {arrow}, {corner}", n)
            detail = detail.format(n=n, arrow=_(phrases.ARROW_WORDS[c.arrow]), corner=_(phrases.CORNER_WORDS[c.corner]),
                                   initial=c.initial)
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS["ambush"]), "0", detail))
        elif isinstance(c, HeroCard):
            n = len(c.pattern)
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS["hero"]), "0",
                         ngettext("attacks {n} space", "attacks {n} spaces", n).format(n=n)))
        else:
            terrains = "/".join(t.spoken for t in c.terrains)
            coin = any(o.coin for o in c.options)
            if terrains:
                detail = _("{terrains}, coin option").format(terrains=terrains) if coin else terrains
            else:
                detail = _("reveal another card, coin option") if coin else _("reveal another card")
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS[c.kind]), str(c.time), detail))
    header = ("Set", "No.", "Id", "Name", "Kind", "Time / solo", "Details")
    headings = {"Set": _("Set"), "No.": _("No."), "Id": _("Id"), "Name": _("Name"), "Kind": _("Kind"),
                "Time / solo": _("Time / solo"), "Details": _("Details")}
    # A narrow terminal drops the set and the name (the id says it): the id, which a user
    # types, is never cut or wrapped.
    keep = [i for i, col in enumerate(header) if console().width >= 110 or col not in ("Set", "Name")]
    t = Table(box=table_box())
    for i in keep:
        t.add_column(headings[header[i]], justify="right" if header[i] == "No." else "left",
                     no_wrap=header[i] in ("No.", "Id"))
    for r in rows:
        t.add_row(*(cell(r[i]) for i in keep))
    return t


# ---------------------------------------------------------------------------------- the game


def card_items(card: Any, state: GameState, *, pending_after: bool, must_cover_ruins: bool) -> Items:
    """A revealed card as the table reads it: its drawing and what every player does with it."""
    from ..cards import AmbushCard, HeroCard

    if isinstance(card, AmbushCard):
        head, lines = words.ambush_lines(card, state, pending_after)
        return [head, shape_text(card.shape, Terrain.MONSTER, symbol=card.initial), *lines]
    if isinstance(card, HeroCard):
        head, lines = words.hero_lines(card, pending_after, state.setup.solo)
        return [head, pattern_text(card), *lines]
    if card.kind == Kind.RUINS:
        return [words.ruins_card_line(card)]
    return [explore_card_view(card)] + ([words.ruins_obligation(card)] if must_cover_ruins else [])


def draw_items(result: Drawn) -> Items:
    """What ``draw`` prints: the cards revealed, what to do, the time track, the season's end."""
    from .. import game as games

    state, event = result.state, result.event
    items: Items = []
    if event.season_started:
        items += [words.season_begins(state), ""]
    for n, cid in enumerate(event.revealed):
        items += card_items(state.card(cid), state, pending_after=n == len(event.revealed) - 1 and event.ruins_pending,
                            must_cover_ruins=cid == event.ruins_card)
    items += ["", words.time_track(state)]
    if event.season_started and event.unrecorded:
        ended = state.seasons[state.deck.season - 1]
        items.append(words.unrecorded_line(season_in_sentence(ended), ended.id, event.unrecorded))
    if games.season_over(state):
        items += [""] + words.season_end_lines(state)
    extra = words.solo_monster_lines(result.solo, games.coin_track(state))
    return items + ([""] + extra if extra else [])


def record_items(result: Recorded) -> Items:
    """What ``record`` prints: the breakdown (from a map) and who is still to record."""
    rec = result.event.record
    items: Items = []
    if result.report is not None:
        items.append(score_table(result.report, title=report_title(result.report, rec.source or rec.player)))
    return items + words.recorded_lines(rec, result.state)


def standings_items(state: GameState, st: Standings) -> Items:
    """What ``standings`` prints: the title, a table of each player's seasons, the verdict.
    Too narrow a terminal for every season's boxes gets each season's total only."""
    from rich.table import Table
    from rich.text import Text

    header, rows = words.standings_table(state, st)
    first = 1 if state.setup.solo else 2  # the first season's column: after the rank (none solo) and the player
    seasons = range(first, len(header) - 2)

    def width(h: list[str], rs: list[list[str]]) -> int:
        return sum(max(len(r[i]) for r in [h, *rs]) + 3 for i in range(len(h))) + 1

    title = words.standings_title(state, st)
    if width(header, rows) > console().width:
        header = [h[:3] if i in seasons else h for i, h in enumerate(header)]
        rows = [[c.split("=")[-1] if i in seasons else c for i, c in enumerate(r)] for r in rows]
        title[1] = _("Each season: its score (a wider terminal shows each season's boxes)")
    right = {0 if first == 2 else -1, len(header) - 2, len(header) - 1}
    t = Table(box=table_box())
    for i, h in enumerate(header):
        t.add_column(h, justify="right" if i in right else "left", no_wrap=i != first - 1)
    for r in rows:
        t.add_row(*(Text(c) for c in r))
    return [*title, t, *words.standings_verdict(state, st)]


def status_items(state: GameState, odds: Forecast | None = None) -> Items:
    """What ``status`` prints: the state of the game (with the forecast ``odds``), then the card
    on the table, drawn."""
    from .. import game as games

    items: Items = list(words.status_lines(state, odds))
    card_id, ruins = games.card_on_table(state)
    if card_id is None:
        return items
    items += ["", _("On the table:")]
    return items + card_items(state.card(card_id), state, pending_after=state.deck.ruins_pending,
                              must_cover_ruins=ruins)
