"""Pictures of map sheets as SVG: the sheet as drawn on paper, and a scored sheet; and the
pieces every picture is made of (``el``, ``text_at``, ``picture``, ``serialise``, ``wrap``, the
terrains' ``LOOKS``), which ``svg_card`` (cards) and ``svg_pad`` (the score pad) use too.

Written with the standard library's ElementTree. A picture is self-contained (no external
fonts, images or style sheets) and readable in black and white: every terrain carries its
letter as well as its colour, destroyed spaces are crossed, attack zones hatched, scored spaces
outlined with a line style per edict as well as a colour.

Each of the 121 spaces is one ``<g class="space TERRAIN [ruins] [attack] [penalty]"
data-space="C4">``; each scored outline is a ``<rect class="scored edict-A" data-space="C4">``,
so a program (or a test) can read the picture back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from ..cardtypes import shown_name
from ..grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, bit, iter_cells
from ..i18n import _, ngettext
from . import phrases

if TYPE_CHECKING:  # pragma: no cover
    from ..scoring import ScoreReport

NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
CELL = 40  # one space, in px
LEFT = 34  # room for the row letters
TOP = 74  # room for the heading and the column numbers
GRID = CELL * SIZE

#: How each terrain is drawn: (class, fill, letter colour, letter).
LOOKS: dict[Terrain | None, tuple[str, str, str, str]] = {
    None: ("empty", "#ffffff", "#000000", ""),
    Terrain.FOREST: ("forest", "#2e7d32", "#ffffff", "F"),
    Terrain.VILLAGE: ("village", "#c62828", "#ffffff", "V"),
    Terrain.FARM: ("farm", "#f2c230", "#000000", "P"),
    Terrain.WATER: ("water", "#1e6fc0", "#ffffff", "W"),
    Terrain.MONSTER: ("monster", "#6a1b9a", "#ffffff", "M"),
    Terrain.HERO: ("hero", "#4dd0e1", "#000000", "H"),
    Terrain.DESTROYED: ("destroyed", "#9e9e9e", "#000000", ""),
    Terrain.MOUNTAIN: ("mountain", "#d7c4a3", "#5d4037", ""),
    Terrain.WASTELAND: ("wasteland", "#5a5a5a", "#ffffff", "#"),
}
#: One outline per edict (or per card when scored outside a season): colour and dash pattern,
#: so the outlines stay apart in black and white too.
EDICT_LOOKS: tuple[tuple[str, str], ...] = (
    ("#ff6f00", ""), ("#000000", "6 3"), ("#d500f9", "2 2"), ("#00b8d4", "8 2 2 2"),
)
PENALTY = "#d50000"


def el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; attribute names use ``_`` for ``-`` (``font_size`` is ``font-size``)."""
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): phrases.printable(str(v))
                                    for k, v in attrs.items()})
    if text is not None:
        # A control character is not allowed in XML at all: it is shown escaped, as on the terminal.
        e.text = phrases.printable(text)
    return e


def cells_row(parent: ET.Element, cells: list[str], widths: list[int], y: float, **attrs: object) -> None:
    """A row of a table drawn as text: each cell in its column (``widths``), the second one (a
    name) from the left, the others to the right; ``attrs`` on the row's group."""
    x = 20
    g = el(parent, "g", **attrs)
    for n, (text, w) in enumerate(zip(cells, widths)):
        anchor = "start" if n == 1 else "end"
        text_at(g, x + (w - 12 if anchor == "end" else 0), y, text, 18, text_anchor=anchor)
        x += w


def text_at(parent: ET.Element, x: float, y: float, text: str, size: float = 14, **attrs: object) -> ET.Element:
    return el(parent, "text", text, x=x, y=y, font_size=size, **attrs)


def _origin(cell: Cell) -> tuple[int, int]:
    return LEFT + cell.col * CELL, TOP + cell.row * CELL


def _defs(svg: ET.Element) -> None:
    defs = el(svg, "defs")
    hatch = el(defs, "pattern", id="hatch", width=8, height=8, patternUnits="userSpaceOnUse",
                patternTransform="rotate(45)")
    el(hatch, "line", x1=0, y1=0, x2=0, y2=8, stroke="#000000", stroke_width=2, stroke_opacity="0.55")


def _space(parent: ET.Element, sheet: Sheet, cell: Cell, penalty: int) -> None:
    """One space: its terrain's colour and letter, and the marks it carries."""
    b = bit(cell.row, cell.col)
    terrain = sheet.terrain_at(cell)
    cls, fill, ink, letter = LOOKS[terrain]
    if terrain is Terrain.MONSTER:
        letter = sheet.initial_at(cell) or letter
    classes = ["space", cls]
    ruins = bool(sheet.ruins & b)
    if ruins:
        classes.append("ruins")
    if sheet.attacks & b:
        classes.append("attack")
    if penalty & b:
        classes.append("penalty")
    if sheet.farm_and_village & b:
        classes.append("farm")  # and village: the Diplomacy skill's space
    x, y = _origin(cell)
    g = el(parent, "g", class_=" ".join(classes), data_space=cell.label)
    word = terrain.spoken if terrain else _("empty")
    el(g, "title", (_("{space}: {terrain}, ruins") if ruins else _("{space}: {terrain}")).format(space=cell.label,
                                                                                                  terrain=word))
    el(g, "rect", x=x, y=y, width=CELL, height=CELL, fill=fill, stroke="#444444", stroke_width=1)
    mid_x, mid_y = x + CELL / 2, y + CELL / 2
    if sheet.farm_and_village & b:  # farm and village at once: the farm's half, and B
        farm = LOOKS[Terrain.FARM][1]
        el(g, "polygon", points=f"{x},{y} {x + CELL},{y} {x},{y + CELL}", fill=farm, class_="farm-half")
        letter = "B"
    if terrain is Terrain.MOUNTAIN:
        el(g, "polygon", points=f"{x + 7},{y + 32} {mid_x},{y + 8} {x + 33},{y + 32}",
            fill="#8d6e63", stroke="#3e2723", stroke_width=1.5)
    if terrain is Terrain.DESTROYED:
        for x1, x2 in ((x + 6, x + CELL - 6), (x + CELL - 6, x + 6)):
            el(g, "line", x1=x1, y1=y + 6, x2=x2, y2=y + CELL - 6, stroke="#000000", stroke_width=3)
    if ruins:
        # The printed ruins: a dashed ring; when drawn over, a small r in the corner.
        if terrain is None:
            el(g, "circle", cx=mid_x, cy=mid_y, r=13, fill="none", stroke="#8d4b00", stroke_width=2,
                stroke_dasharray="4 3")
            letter, ink = "r", "#8d4b00"
        else:
            text_at(g, x + 3, y + 11, "r", 10, fill=ink, font_weight="bold")
    if sheet.attacks & b:
        el(g, "rect", x=x, y=y, width=CELL, height=CELL, fill="url(#hatch)", class_="hatch")
    if penalty & b:
        letter, ink = "!", PENALTY
    if letter:
        text_at(g, mid_x, mid_y + 7, letter, 20, fill=ink, font_weight="bold", text_anchor="middle")


def _coin_track(parent: ET.Element, x: int, y: int, track: int, coins: int, spent: int = 0) -> int:
    """The coin track, ``coins`` of its circles filled, the first ``spent`` of them crossed out
    (paid for skills: they score nothing); returns the height it took."""
    g = el(parent, "g", class_="coins", data_coins=coins, data_spent=spent)
    text_at(g, x, y + 16, _("Coins: {n}").format(n=coins - spent), 15, font_weight="bold")
    step = min(26, (GRID - 90) // max(track, 1))
    for i in range(track):
        filled = i < coins
        cx, r = x + 100 + i * step, step // 2 - 2
        el(g, "circle", cx=cx, cy=y + 11, r=r, fill="#f9a825" if filled else "#ffffff", stroke="#000000",
           stroke_width=1.5, class_="coin filled spent" if i < spent else ("coin filled" if filled else "coin"))
        if i < spent:  # crossed out as on paper
            for dx in (-1, 1):
                el(g, "line", x1=cx - r, y1=y + 11 - dx * r, x2=cx + r, y2=y + 11 + dx * r, stroke="#000000",
                   stroke_width=2, class_="crossed")
    return 30


def _grid(svg: ET.Element, sheet: Sheet, penalty: int) -> None:
    labels = el(svg, "g", class_="labels", font_weight="bold", text_anchor="middle")
    for c in range(SIZE):
        text_at(labels, LEFT + c * CELL + CELL / 2, TOP - 8, str(c + 1), 14)
    for r in range(SIZE):
        text_at(labels, LEFT / 2, TOP + r * CELL + CELL / 2 + 5, ROW_LETTERS[r], 14)
    spaces = el(svg, "g", class_="spaces")
    for r in range(SIZE):
        for c in range(SIZE):
            _space(spaces, sheet, Cell(r, c), penalty)


def picture(width: int, height: int, title: str) -> ET.Element:
    svg = ET.Element("svg", {"xmlns": NS, "width": str(width), "height": str(height),
                             "viewBox": f"0 0 {width} {height}", "font-family": FONT})
    el(svg, "title", title)
    el(svg, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    _defs(svg)
    return svg


def serialise(svg: ET.Element) -> str:
    """The picture as an SVG file's text: one element a line, indented, so a diff reads well."""
    _one_element_a_line(svg, 0)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"


def _one_element_a_line(parent: ET.Element, depth: int) -> None:
    # Only between elements: whitespace inside a <text> is displayed, so a text is left as it is,
    # and so is any element whose content mixes text and elements.
    if parent.tag == "text" or len(parent) == 0 or (parent.text or "").strip() \
            or any((child.tail or "").strip() for child in parent):
        return
    parent.text = "\n" + "  " * (depth + 1)
    for child in parent:
        _one_element_a_line(child, depth + 1)
        child.tail = parent.text
    parent[-1].tail = "\n" + "  " * depth


def _heading(svg: ET.Element, player: str, line: str) -> None:
    """The player's name, and under it ``line`` (the sheet side, and more)."""
    text_at(svg, LEFT, 26, player, 20, font_weight="bold", class_="player")
    text_at(svg, LEFT, 46, line, 14, class_="side")


def sheet_svg(sheet: Sheet, player: str, coins: int, *, drawn: int = 0, caption: str = "", spent: int = 0) -> str:
    """The sheet as drawn on paper: grid, terrains, printed spaces, marks, coin track; ``drawn``
    spaces (a suggested drawing) outlined, with ``caption`` under the heading; ``spent`` coins of
    the track crossed out."""
    width = LEFT + GRID + 16
    height = TOP + GRID + 50
    side = sheet.side
    svg = picture(width, height, _("{player}: {side}").format(player=player, side=shown_name(side)))
    if caption:
        line = _("{side} (side {letter}): {caption}").format(side=shown_name(side), letter=side.letter,
                                                             caption=caption)
    else:
        line = _("{side} (side {letter})").format(side=shown_name(side), letter=side.letter)
    _heading(svg, player, line)
    _grid(svg, sheet, 0)
    if drawn:
        _outlines(el(svg, "g", class_="hinted"), 0, "hint", drawn)
    _coin_track(svg, LEFT, TOP + GRID + 12, sheet.side.coin_track, coins, spent)
    return serialise(svg)


def _outlines(parent: ET.Element, index: int, label: str, cells: int) -> None:
    """One edict's scored spaces, each outlined, inset by the edict's place so that a space that
    scored for two cards shows both outlines."""
    colour, dash = EDICT_LOOKS[index % len(EDICT_LOOKS)]
    inset = 3 + 4 * (index % len(EDICT_LOOKS))
    g = el(parent, "g", class_=f"scored-by edict-{label}", fill="none", stroke=colour, stroke_width=3)
    if dash:
        g.set("stroke-dasharray", dash)
    for cell in iter_cells(cells):
        x, y = _origin(cell)
        el(g, "rect", x=x + inset, y=y + inset, width=CELL - 2 * inset, height=CELL - 2 * inset,
           class_=f"scored edict-{label}", data_space=cell.label)


def wrap(text: str, width: int) -> list[str]:
    """Split a text into lines of at most ``width`` columns: at spaces, and between Japanese
    characters (each counted as two)."""
    from ..widths import wrap as by_columns

    return by_columns(" ".join(text.split()), width) if text.strip() else [""]


def text_width(text: str, size: float, bold: bool = False) -> float:
    """How many pixels ``text`` takes at ``size`` in the pictures' first font, DejaVu Sans, by
    its characters' own widths (``fontwidths``; a character it does not list, a full em)."""
    from .fontwidths import BOLD, REGULAR

    widths = BOLD if bold else REGULAR
    return sum(widths.get(ch, 1000) for ch in text) * size / 1000


def wrap_to(text: str, room: float, size: float, bold: bool = False) -> list[str]:
    """Split a text into lines that each fit ``room`` pixels at ``size`` (``text_width``): at
    spaces, and between Japanese characters."""
    from ..widths import wrap as by_width

    if not text.strip():
        return [""]
    return by_width(" ".join(text.split()), room, measure=lambda piece: text_width(piece, size, bold))


def score_svg(report: ScoreReport, name: str) -> str:
    """A scored sheet: the spaces that scored outlined per card, the empty spaces next to
    monsters marked, a legend with each card's points and reason, the total in the corner."""
    from ..scoring import monster_reason
    from .terminal import scoring_name, season_name

    sheet = report.sheet
    width = LEFT + GRID + 16
    legend_rows: list[tuple[str, list[str], str]] = []
    for i, c in enumerate(report.cards):
        label = c.edict or str(i + 1)
        name, n = scoring_name(c.id, c.name), c.score.points
        if c.edict:
            head = ngettext("{edict}: {card}: {n} star ({reason})", "{edict}: {card}: {n} stars ({reason})", n)
        else:
            head = ngettext("{card}: {n} star ({reason})", "{card}: {n} stars ({reason})", n)
        legend_rows.append((label, wrap(head.format(edict=c.edict, card=name, n=n, reason=c.score.reason), 62),
                            "card"))
    legend_rows.append(("coins", [_("Coins: {n}").format(n=report.coins)], "coins"))
    # No empty space next to a monster: 0, not "-0", and nothing marked.
    monsters = (_("Monsters: -{n} ({reason}), marked !").format(n=report.monsters, reason=monster_reason(report))
                if report.monsters else _("Monsters: 0 ({reason})").format(reason=monster_reason(report)))
    legend_rows.append(("monsters", wrap(monsters, 62), "monsters"))
    legend_height = sum(18 * len(lines) + 6 for _label, lines, _kind in legend_rows)
    height = TOP + GRID + 50 + legend_height + 10
    who = report.player or name
    # "1 stars" as it always was in English; other languages count as they do.
    svg = picture(width, height, ngettext("{player}: {n} stars", "{player}: {n} stars", report.total).format(
        player=who, n=report.total))
    side = sheet.side
    if report.season:
        season = season_name(report.season)
        line = _("{side} (side {letter}), {season}").format(side=shown_name(side), letter=side.letter, season=season)
    else:
        line = _("{side} (side {letter})").format(side=shown_name(side), letter=side.letter)
    _heading(svg, who, line)
    total = el(svg, "g", class_="total")
    text_at(total, LEFT + GRID, 30, str(report.total), 28, font_weight="bold", text_anchor="end")
    text_at(total, LEFT + GRID, 48, _("total") if report.season is None else _("{season} total").format(
        season=season_name(report.season)), 12, text_anchor="end")
    _grid(svg, sheet, report.monster_cells)
    marks = el(svg, "g", class_="scoring")
    for i, c in enumerate(report.cards):
        _outlines(marks, i, c.edict or str(i + 1), c.score.cells)
    y = TOP + GRID + 12
    y += _coin_track(svg, LEFT, y, sheet.side.coin_track, report.coins) + 8
    legend = el(svg, "g", class_="legend")
    card_index = 0
    for label, lines, kind in legend_rows:
        if kind == "card":
            colour, dash = EDICT_LOOKS[card_index % len(EDICT_LOOKS)]
            card_index += 1
            key = el(legend, "line", x1=LEFT, y1=y + 9, x2=LEFT + 26, y2=y + 9, stroke=colour, stroke_width=4,
                      class_=f"key edict-{label}")
            if dash:
                key.set("stroke-dasharray", dash)
        elif kind == "monsters":
            text_at(legend, LEFT + 13, y + 15, "!", 16, fill=PENALTY, font_weight="bold", text_anchor="middle")
        for j, line in enumerate(lines):
            text_at(legend, LEFT + 34, y + 14 + 18 * j, line, 13, class_=f"line {kind}")
        y += 18 * len(lines) + 6
    return serialise(svg)
