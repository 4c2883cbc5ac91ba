"""Domain values drawn as rich renderables; no rules here.

Everything rich is imported inside the functions, so commands that print JSON never load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, bit
from .shapes import Shape

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, RenderableType

    from .cards import AmbushCard, ExploreCard, ScoringCard
    from .scoring import ScoreReport

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


def console(*, err: bool = False) -> Console:
    """A console for the terminal (colour when it is one; NO_COLOR and COLUMNS respected)."""
    from rich.console import Console

    return Console(stderr=err, highlight=False, soft_wrap=False)


def map_text(sheet: Sheet, highlight: int = 0, penalty: int = 0) -> RenderableType:
    """The map with row letters A-K and columns 1-11; ``highlight`` spaces stand out (they
    scored) and ``penalty`` spaces are marked (empty spaces next to monsters)."""
    from rich.text import Text

    out = Text()
    out.append("    " + "".join(f"{c + 1:^3}" for c in range(SIZE)) + "\n", style="bold")
    for r in range(SIZE):
        out.append(f"  {ROW_LETTERS[r]} ", style="bold")
        for c in range(SIZE):
            b = bit(r, c)
            t = sheet.terrain_at(Cell(r, c))
            sym, style = STYLES[t]
            if t is None and sheet.ruins & b:
                sym, style = RUINS_STYLE
            elif t is not None and sheet.ruins & b:
                sym = sym.lower() if sym.isalpha() else sym  # a drawing on ruins: lower case
            # Brackets and "!" keep the marks readable without colour too.
            if highlight & b:
                out.append(f"[{sym}]", style=HIGHLIGHT)
            elif penalty & b:
                out.append(" ! ", style=PENALTY)
            else:
                out.append(" ")
                out.append(sym, style=style)
                out.append(" ")
        out.append("\n")
    return out


def legend() -> str:
    """One line naming the map symbols."""
    return ("F forest  V village  P farm  W water  M monster  ^ mountain  # wasteland  "
            "r ruins (lower case: drawn on ruins)  . empty")


def score_table(report: ScoreReport, title: str | None = None) -> RenderableType:
    """A season's score boxes: each card with its points and reason, coins, monsters, total."""
    from rich.table import Table

    from .scoring import monster_reason

    t = Table(title=title, title_justify="left", show_footer=False)
    t.add_column("Edict", justify="center")
    t.add_column("Card")
    t.add_column("Stars", justify="right")
    t.add_column("Why")
    for c in report.cards:
        t.add_row(c.edict or "-", c.name, str(c.score.points), c.score.reason)
    t.add_row("", "Coins", str(report.coins), "one per coin on the coin track", end_section=False)
    t.add_row("", "Monsters", f"-{report.monsters}" if report.monsters else "0", monster_reason(report))
    t.add_row("", "[bold]Total[/bold]", f"[bold]{report.total}[/bold]", "", end_section=True)
    return t


def report_title(report: ScoreReport, name: str) -> str:
    """The heading of one map's breakdown."""
    who = report.player or name
    season = f", {report.season}" if report.season else ""
    return f"{who} ({report.sheet.side.name}{season})"


def summary_table(rows: Sequence[tuple[str, ScoreReport]]) -> RenderableType:
    """One line per map: each card's stars, coins, monsters, total."""
    from rich.table import Table

    t = Table(title="Summary", title_justify="left")
    t.add_column("Player")
    names = [c.name for c in rows[0][1].cards] if rows else []
    for n in names:
        t.add_column(n, justify="right")
    t.add_column("Coins", justify="right")
    t.add_column("Monsters", justify="right")
    t.add_column("Total", justify="right", style="bold")
    for name, r in sorted(rows, key=lambda nr: -nr[1].total):
        t.add_row(r.player or name, *(str(c.score.points) for c in r.cards), str(r.coins),
                  f"-{r.monsters}" if r.monsters else "0", str(r.total))
    return t


def shape_lines(shape: Shape, mark: str = "X") -> list[str]:
    """A shape as small text rows: ``mark`` for a space, ``-`` for a gap, ``.`` for nothing."""
    return [row.replace("X", mark) for row in shape.render()]


def shape_text(shape: Shape, terrain: Terrain | None = None) -> RenderableType:
    """A shape drawn as a small coloured grid."""
    from rich.text import Text

    sym, style = STYLES.get(terrain, ("X", "bold")) if terrain else ("X", "bold")
    out = Text()
    for row in shape.render():
        for ch in row:
            if ch == "X":
                out.append(f"{sym} ", style=style)
            elif ch == "-":
                out.append("- ", style="grey50")
            else:
                out.append("  ")
        out.append("\n")
    return out


def _side_by_side(blocks: Iterable[RenderableType]) -> RenderableType:
    from rich.columns import Columns

    return Columns(list(blocks), padding=(0, 4))


def explore_card_view(card: ExploreCard) -> RenderableType:
    """An explore card: time, terrains and each shape option with its coin mark."""
    from rich.console import Group
    from rich.text import Text

    head = Text(f"{card.name}", style="bold")
    head.append(f"   explore card {card.number:02d}, time {card.time}")
    if card.kind == "ruins":
        return Group(head, Text("Ruins: reveal the next card at once; the next explore card's "
                                "shape must cover an empty ruins space."))
    lines: list[RenderableType] = [head, Text("Terrain: " + " or ".join(t.word for t in card.terrains))]
    blocks = []
    for i, opt in enumerate(card.options, 1):
        label = Text(f"option {i}" + ("  + coin" if opt.coin else ""), style="bold gold1" if opt.coin else "bold")
        blocks.append(Group(label, shape_text(opt.shape, card.terrains[0] if len(card.terrains) == 1 else None)))
    lines.append(_side_by_side(blocks))
    return Group(*lines)


def ambush_card_view(card: AmbushCard) -> RenderableType:
    """An ambush card: the monster shape (gaps dashed), the arrow and the solo corner."""
    from rich.console import Group
    from rich.text import Text

    arrow = "clockwise" if card.arrow == "cw" else "counterclockwise"
    corner = {"nw": "top-left", "ne": "top-right", "sw": "bottom-left", "se": "bottom-right"}[card.corner]
    return Group(
        Text(f"{card.name}", style="bold").append(f"   ambush card {card.number:02d}, time 0", style=""),
        Text(f"Pass sheets {arrow}. Solo: start in the {corner} corner, go {arrow}."),
        shape_text(card.shape, Terrain.MONSTER),
    )


def scoring_card_view(card: ScoringCard) -> RenderableType:
    """A scoring card: name, category, rule text and solo number."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        Text(f"{card.name}", style="bold").append(f"   scoring card {card.number}, {card.category}", style=""),
        Text(card.text),
        Text(f"Solo number: {card.solo}"),
    )
