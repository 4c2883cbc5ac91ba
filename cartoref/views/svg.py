"""Pictures of map sheets as SVG: the sheet as drawn on paper, and a scored sheet.

Written with the standard library's ElementTree. A picture is self-contained (no external
fonts, images or style sheets) and readable in black and white: every terrain carries its
letter as well as its colour, destroyed spaces are crossed, attack zones hatched, scored spaces
outlined with a line style per edict as well as a colour.

A card picture draws a shape's spaces as ``g.shape-space`` (``g.option-N`` around each
option of an explore card, with ``coin`` when it gives one), a hero's as ``g.hero-space`` and
``g.attack-space``.

Each of the 121 spaces is one ``<g class="space TERRAIN [ruins] [attack] [penalty]"
data-space="C4">``; each scored outline is a ``<rect class="scored edict-A" data-space="C4">``,
so a program (or a test) can read the picture back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple
from xml.etree import ElementTree as ET

from ..grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, bit
from . import words

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import AmbushCard, ExploreCard, HeroCard, ScoringCard
    from ..game import Record
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


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; attribute names use ``_`` for ``-`` (``font_size`` is ``font-size``)."""
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        e.text = text
    return e


def _text(parent: ET.Element, x: float, y: float, text: str, size: float = 14, **attrs: object) -> ET.Element:
    return _el(parent, "text", text, x=x, y=y, font_size=size, **attrs)


def _origin(cell: Cell) -> tuple[int, int]:
    return LEFT + cell.col * CELL, TOP + cell.row * CELL


def _defs(svg: ET.Element) -> None:
    defs = _el(svg, "defs")
    hatch = _el(defs, "pattern", id="hatch", width=8, height=8, patternUnits="userSpaceOnUse",
                patternTransform="rotate(45)")
    _el(hatch, "line", x1=0, y1=0, x2=0, y2=8, stroke="#000000", stroke_width=2, stroke_opacity="0.55")


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
    x, y = _origin(cell)
    g = _el(parent, "g", class_=" ".join(classes), data_space=cell.label)
    _el(g, "title", f"{cell.label}: {terrain.word if terrain else 'empty'}{', ruins' if ruins else ''}")
    _el(g, "rect", x=x, y=y, width=CELL, height=CELL, fill=fill, stroke="#444444", stroke_width=1)
    mid_x, mid_y = x + CELL / 2, y + CELL / 2
    if terrain is Terrain.MOUNTAIN:
        _el(g, "polygon", points=f"{x + 7},{y + 32} {mid_x},{y + 8} {x + 33},{y + 32}",
            fill="#8d6e63", stroke="#3e2723", stroke_width=1.5)
    if terrain is Terrain.DESTROYED:
        for x1, x2 in ((x + 6, x + CELL - 6), (x + CELL - 6, x + 6)):
            _el(g, "line", x1=x1, y1=y + 6, x2=x2, y2=y + CELL - 6, stroke="#000000", stroke_width=3)
    if ruins:
        # The printed ruins: a dashed ring; when drawn over, a small r in the corner.
        if terrain is None:
            _el(g, "circle", cx=mid_x, cy=mid_y, r=13, fill="none", stroke="#8d4b00", stroke_width=2,
                stroke_dasharray="4 3")
            letter, ink = "r", "#8d4b00"
        else:
            _text(g, x + 3, y + 11, "r", 10, fill=ink, font_weight="bold")
    if sheet.attacks & b:
        _el(g, "rect", x=x, y=y, width=CELL, height=CELL, fill="url(#hatch)", class_="hatch")
    if penalty & b:
        letter, ink = "!", PENALTY
    if letter:
        _text(g, mid_x, mid_y + 7, letter, 20, fill=ink, font_weight="bold", text_anchor="middle")


def _coin_track(parent: ET.Element, x: int, y: int, track: int, coins: int) -> int:
    """The coin track, ``coins`` of its circles filled; returns the height it took."""
    g = _el(parent, "g", class_="coins", data_coins=coins)
    _text(g, x, y + 16, f"Coins: {coins}", 15, font_weight="bold")
    step = min(26, (GRID - 90) // max(track, 1))
    for i in range(track):
        filled = i < coins
        _el(g, "circle", cx=x + 100 + i * step, cy=y + 11, r=step // 2 - 2,
            fill="#f9a825" if filled else "#ffffff", stroke="#000000", stroke_width=1.5,
            class_="coin filled" if filled else "coin")
    return 30


def _grid(svg: ET.Element, sheet: Sheet, penalty: int) -> None:
    labels = _el(svg, "g", class_="labels", font_weight="bold", text_anchor="middle")
    for c in range(SIZE):
        _text(labels, LEFT + c * CELL + CELL / 2, TOP - 8, str(c + 1), 14)
    for r in range(SIZE):
        _text(labels, LEFT / 2, TOP + r * CELL + CELL / 2 + 5, ROW_LETTERS[r], 14)
    spaces = _el(svg, "g", class_="spaces")
    for r in range(SIZE):
        for c in range(SIZE):
            _space(spaces, sheet, Cell(r, c), penalty)


def _picture(width: int, height: int, title: str) -> ET.Element:
    svg = ET.Element("svg", {"xmlns": NS, "width": str(width), "height": str(height),
                             "viewBox": f"0 0 {width} {height}", "font-family": FONT})
    _el(svg, "title", title)
    _el(svg, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    _defs(svg)
    return svg


def _serialise(svg: ET.Element) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"


def _heading(svg: ET.Element, player: str, sheet: Sheet, extra: str = "") -> None:
    side = sheet.side
    _text(svg, LEFT, 26, player, 20, font_weight="bold", class_="player")
    _text(svg, LEFT, 46, f"{side.name} (side {side.letter}){extra}", 14, class_="side")


def sheet_svg(sheet: Sheet, player: str, coins: int, *, drawn: int = 0, caption: str = "") -> str:
    """The sheet as drawn on paper: grid, terrains, printed spaces, marks, coin track; ``drawn``
    spaces (a suggested drawing) outlined, with ``caption`` under the heading."""
    width = LEFT + GRID + 16
    height = TOP + GRID + 50
    svg = _picture(width, height, f"{player}: {sheet.side.name}")
    _heading(svg, player, sheet, f": {caption}" if caption else "")
    _grid(svg, sheet, 0)
    if drawn:
        _outlines(_el(svg, "g", class_="hinted"), 0, "hint", drawn)
    _coin_track(svg, LEFT, TOP + GRID + 12, sheet.side.coin_track, coins)
    return _serialise(svg)


def _outlines(parent: ET.Element, index: int, label: str, cells: int) -> None:
    """One edict's scored spaces, each outlined, inset by the edict's place so that a space that
    scored for two cards shows both outlines."""
    colour, dash = EDICT_LOOKS[index % len(EDICT_LOOKS)]
    inset = 3 + 4 * (index % len(EDICT_LOOKS))
    g = _el(parent, "g", class_=f"scored-by edict-{label}", fill="none", stroke=colour, stroke_width=3)
    if dash:
        g.set("stroke-dasharray", dash)
    for r in range(SIZE):
        for c in range(SIZE):
            if cells & bit(r, c):
                cell = Cell(r, c)
                x, y = _origin(cell)
                _el(g, "rect", x=x + inset, y=y + inset, width=CELL - 2 * inset, height=CELL - 2 * inset,
                    class_=f"scored edict-{label}", data_space=cell.label)


def _wrap(text: str, width: int) -> list[str]:
    """Split a reason into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def score_svg(report: ScoreReport, name: str) -> str:
    """A scored sheet: the spaces that scored outlined per card, the empty spaces next to
    monsters marked, a legend with each card's points and reason, the total in the corner."""
    from ..scoring import monster_reason, monster_spaces

    sheet = report.sheet
    width = LEFT + GRID + 16
    legend_rows: list[tuple[str, list[str], str]] = []
    for i, c in enumerate(report.cards):
        label = c.edict or str(i + 1)
        head = f"{c.edict + ': ' if c.edict else ''}{c.name}: {words.plural(c.score.points, 'star')}"
        legend_rows.append((label, _wrap(f"{head} ({c.score.reason})", 62), "card"))
    legend_rows.append(("coins", [f"Coins: {report.coins}"], "coins"))
    legend_rows.append(("monsters", _wrap(f"Monsters: -{report.monsters} ({monster_reason(report)}), marked !", 62),
                        "monsters"))
    legend_height = sum(18 * len(lines) + 6 for _, lines, _ in legend_rows)
    height = TOP + GRID + 50 + legend_height + 10
    who = report.player or name
    svg = _picture(width, height, f"{who}: {report.total} stars")
    season = f", {report.season}" if report.season else ""
    _heading(svg, who, sheet, season)
    total = _el(svg, "g", class_="total")
    _text(total, LEFT + GRID, 30, str(report.total), 28, font_weight="bold", text_anchor="end")
    _text(total, LEFT + GRID, 48, "total" if report.season is None else f"{report.season} total", 12,
          text_anchor="end")
    _grid(svg, sheet, monster_spaces(sheet))
    marks = _el(svg, "g", class_="scoring")
    for i, c in enumerate(report.cards):
        _outlines(marks, i, c.edict or str(i + 1), c.score.cells)
    y = TOP + GRID + 12
    y += _coin_track(svg, LEFT, y, sheet.side.coin_track, report.coins) + 8
    legend = _el(svg, "g", class_="legend")
    card_index = 0
    for label, lines, kind in legend_rows:
        if kind == "card":
            colour, dash = EDICT_LOOKS[card_index % len(EDICT_LOOKS)]
            card_index += 1
            key = _el(legend, "line", x1=LEFT, y1=y + 9, x2=LEFT + 26, y2=y + 9, stroke=colour, stroke_width=4,
                      class_=f"key edict-{label}")
            if dash:
                key.set("stroke-dasharray", dash)
        elif kind == "monsters":
            _text(legend, LEFT + 13, y + 15, "!", 16, fill=PENALTY, font_weight="bold", text_anchor="middle")
        for j, line in enumerate(lines):
            _text(legend, LEFT + 34, y + 14 + 18 * j, line, 13, class_=f"line {kind}")
        y += 18 * len(lines) + 6
    return _serialise(svg)



# ---------------------------------------------------------------------------------- cards

CARD_WIDTH = 380
SHAPE_CELL = 30


def _lines(parent: ET.Element, x: int, y: int, text: str, width: int = 48, size: int = 14,
           **attrs: object) -> int:
    """Wrapped text from ``y`` down; returns the y below it."""
    for line in _wrap(text, width):
        _text(parent, x, y + size, line, size, **attrs)
        y += size + 6
    return y


def _shape(parent: ET.Element, x: int, y: int, rows: list[str], look: tuple[str, str, str, str],
           letter: str, cls: str) -> tuple[int, int]:
    """A small grid of a shape (``X`` a space, ``-`` a gap drawn dashed, ``H``/``x`` a hero and
    its attacks); returns its width and height."""
    _, fill, ink, _ = look
    _, hero_fill, hero_ink, _ = LOOKS[Terrain.HERO]
    g = _el(parent, "g", class_=cls)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            px, py = x + c * SHAPE_CELL, y + r * SHAPE_CELL
            if ch == "X":
                cell = _el(g, "g", class_="shape-space")
                _el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill=fill, stroke="#222222")
                if letter:
                    _text(cell, px + SHAPE_CELL / 2, py + 21, letter, 16, fill=ink, font_weight="bold",
                          text_anchor="middle")
            elif ch == "-":
                _el(g, "rect", x=px + 2, y=py + 2, width=SHAPE_CELL - 4, height=SHAPE_CELL - 4, fill="none",
                    stroke="#777777", stroke_dasharray="4 3", class_="shape-gap")
            elif ch == "H":
                cell = _el(g, "g", class_="hero-space")
                _el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill=hero_fill, stroke="#222222")
                _text(cell, px + SHAPE_CELL / 2, py + 21, "H", 16, fill=hero_ink, font_weight="bold",
                      text_anchor="middle")
            elif ch == "x":
                cell = _el(g, "g", class_="attack-space")
                _el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill="url(#hatch)",
                    stroke="#222222")
                _text(cell, px + SHAPE_CELL / 2, py + 21, "x", 16, fill=PENALTY, font_weight="bold",
                      text_anchor="middle")
            elif ch == "." and cls == "pattern":
                _el(g, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill="none", stroke="#dddddd")
    return len(rows[0]) * SHAPE_CELL, len(rows) * SHAPE_CELL


def _swatch(parent: ET.Element, x: int, y: int, terrain: Terrain) -> int:
    """A terrain's colour and letter with its word; returns the width taken."""
    _, fill, ink, letter = LOOKS[terrain]
    g = _el(parent, "g", class_=f"terrain {terrain.word}")
    _el(g, "rect", x=x, y=y, width=22, height=22, fill=fill, stroke="#222222")
    _text(g, x + 11, y + 16, letter, 13, fill=ink, font_weight="bold", text_anchor="middle")
    _text(g, x + 27, y + 16, terrain.word, 13)
    return _swatch_width(terrain)


def _swatch_width(terrain: Terrain) -> int:
    return 27 + 8 * len(terrain.word) + 10


def card_svg(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> str:
    """A card as a picture: an explore card's terrains and shape options with their coins, an
    ambush's monster shape with its arrow and solo corner, a hero's attack pattern, a scoring
    card's text."""
    from ..cards import AmbushCard, HeroCard, ScoringCard

    body = ET.Element("g")
    y = 64
    x = 20
    if isinstance(card, ScoringCard):
        y = _lines(body, x, y, card.text, class_="card-text")
        y = _lines(body, x, y + 8, f"Solo number: {card.solo}", font_weight="bold")
    elif isinstance(card, HeroCard):
        y = _lines(body, x, y, words.HERO_CARD_TEXT, 47, 13)
        _, h = _shape(body, x, y + 8, card.render(), LOOKS[Terrain.HERO], "", "pattern")
        y += h + 16
    elif isinstance(card, AmbushCard):
        for line in words.ambush_card_sentences(card):
            y = _lines(body, x, y, line, 47, 13)
        _, h = _shape(body, x, y + 8, card.shape.render(), LOOKS[Terrain.MONSTER], card.initial or "M", "shape")
        # The solo corner: a small map with the start corner filled and the arrow's turn.
        mx, my, size = CARD_WIDTH - 90, y + 8, 60
        mini = _el(body, "g", class_=f"corner {card.corner} {card.arrow}")
        _el(mini, "rect", x=mx, y=my, width=size, height=size, fill="#ffffff", stroke="#222222")
        cx = mx if card.corner[1] == "w" else mx + size - 16
        cy = my if card.corner[0] == "n" else my + size - 16
        _el(mini, "rect", x=cx, y=cy, width=16, height=16, fill=LOOKS[Terrain.MONSTER][1])
        _text(mini, mx + size / 2, my + size / 2 + 9, "\u21bb" if card.arrow == "cw" else "\u21ba", 26,
              text_anchor="middle", class_="arrow")
        y += max(h, size) + 16
    elif card.kind == "ruins":
        y = _lines(body, x, y, words.RUINS_CARD_TEXT, class_="card-text")
    else:
        _text(body, x, y + 16, "Terrain:", 13, font_weight="bold")
        tx = x + 64
        for t in card.terrains:
            if tx + _swatch_width(t) > CARD_WIDTH - 12:
                tx, y = x + 64, y + 28
            tx += _swatch(body, tx, y, t)
        y += 36
        only = card.terrains[0] if len(card.terrains) == 1 else None
        ox, tallest = x, 0
        for i, opt in enumerate(card.options, 1):
            look = LOOKS[only] if only else ("any", "#e0e0e0", "#000000", "")
            option = _el(body, "g", class_=f"option option-{i}" + (" coin" if opt.coin else ""))
            _text(option, ox, y + 14, f"option {i}", 13, font_weight="bold")
            if opt.coin:
                _el(option, "circle", cx=ox + 76, cy=y + 9, r=7, fill="#f9a825", stroke="#000000",
                    class_="coin filled")
                _text(option, ox + 87, y + 14, "coin", 13, font_weight="bold")
            w, h = _shape(option, ox, y + 22, opt.shape.render(), look, look[3] if only else "", "shape")
            ox += max(w, 120) + 24
            tallest = max(tallest, h + 22)
        y += tallest + 16
    svg = _picture(CARD_WIDTH, y + 10, card.name)
    _el(svg, "rect", x=4, y=4, width=CARD_WIDTH - 8, height=y + 2, rx=12, fill="none", stroke="#222222",
        stroke_width=2)
    _text(svg, 20, 32, card.name, 20, font_weight="bold", class_="card-name")
    _text(svg, 20, 52, words.card_subtitle(card), 13, class_="card-kind")
    svg.append(body)
    return _serialise(svg)


# ------------------------------------------------------------------------------- score pad

#: Paper sizes in millimetres (width, height).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAD_MARGIN = 12.0
PAD_ROW = 7.0
#: The pad's columns: (heading, width in mm).
PAD_COLUMNS: tuple[tuple[str, float], ...] = (
    ("Season", 30.0), ("Edict", 34.0), ("Edict", 34.0), ("Coins", 20.0), ("Monsters", 24.0), ("Total", 22.0),
)
PAD_BLOCK = 8.0 + PAD_ROW * 6 + 5.0  # name, heading, four seasons, game total, gap


class PadSeason(NamedTuple):
    """A season's row of the pad: its name and the letters of its two edicts."""

    id: str
    name: str
    edicts: tuple[str, str]


def _pad_block(parent: ET.Element, x: float, y: float, player: str, seasons: Sequence[PadSeason],
               scores: Sequence[Record | None]) -> None:
    g = _el(parent, "g", class_="player-pad", data_player=player)
    _text(g, x, y + 5.5, player, 5, font_weight="bold", class_="player")
    y += 8.0
    lefts = [x]
    for _, w in PAD_COLUMNS:
        lefts.append(lefts[-1] + w)
    for (head, w), left in zip(PAD_COLUMNS, lefts):
        _el(g, "rect", x=left, y=y, width=w, height=PAD_ROW, fill="#e8e8e8", stroke="#000000", stroke_width=0.3)
        _text(g, left + w / 2, y + 5, head, 3.4, font_weight="bold", text_anchor="middle")
    for i, season in enumerate(seasons):
        ry = y + PAD_ROW * (i + 1)
        rec = scores[i] if i < len(scores) else None
        values = (None, rec and rec.edict1, rec and rec.edict2, rec and rec.coins,
                  rec and (f"-{rec.monsters}" if rec.monsters else 0), rec and rec.total)
        row = _el(g, "g", class_="season" + (" recorded" if rec else ""), data_season=season.id)
        for j, ((_, w), left) in enumerate(zip(PAD_COLUMNS, lefts)):
            _el(row, "rect", x=left, y=ry, width=w, height=PAD_ROW, fill="#ffffff", stroke="#000000",
                stroke_width=0.3)
            if j == 0:
                _text(row, left + 2, ry + 5, season.name, 3.6)
            elif j in (1, 2):
                _text(row, left + 1.5, ry + 3.2, season.edicts[j - 1], 2.6, fill="#555555", class_="edict-letter")
            if j and rec is not None:
                _text(row, left + w - 2, ry + 5.2, str(values[j]), 4, text_anchor="end", class_="value",
                      font_weight="bold" if j == 5 else "normal")
    ty = y + PAD_ROW * (len(seasons) + 1)
    left, w = lefts[-2], PAD_COLUMNS[-1][1]
    _text(g, left - 2, ty + 5, "Game total", 3.6, font_weight="bold", text_anchor="end")
    _el(g, "rect", x=left, y=ty, width=w, height=PAD_ROW, fill="#ffffff", stroke="#000000", stroke_width=0.6)
    if len(scores) == len(seasons) and all(r is not None for r in scores):
        total = sum(r.total for r in scores if r is not None)
        _text(g, left + w - 2, ty + 5.2, str(total), 4, font_weight="bold", text_anchor="end",
              class_="value game-total")


def pad_pages(players: Sequence[str], seasons: Sequence[PadSeason], scores: Sequence[Sequence[Record | None]],
              edicts: Sequence[str], *, paper: str = "a4", title: str = "Cartographers score pad") -> list[str]:
    """A printable score pad, one SVG per page: each player's four seasons (two edict boxes,
    coins, monsters, total) and the game total, filled in where ``scores`` has a record.
    ``edicts`` names the cards under A to D ("" when the pad is for any game)."""
    width, height = PAPERS[paper]
    per_page = max(1, int((height - 2 * PAD_MARGIN - 16) // PAD_BLOCK))
    pages = []
    count = max(1, -(-len(players) // per_page))
    for p in range(count):
        svg = ET.Element("svg", {"xmlns": NS, "width": f"{width:g}mm", "height": f"{height:g}mm",
                                 "viewBox": f"0 0 {width:g} {height:g}", "font-family": FONT})
        _el(svg, "title", title)
        _el(svg, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
        x, y = PAD_MARGIN, PAD_MARGIN
        _text(svg, x, y + 5, title, 6, font_weight="bold")
        if count > 1:
            _text(svg, width - PAD_MARGIN, y + 5, f"page {p + 1} of {count}", 3.6, text_anchor="end")
        named = [f"{letter}: {name}" for letter, name in zip("ABCD", edicts) if name]
        _text(svg, x, y + 11, "Edicts: " + (" \u00b7 ".join(named) if named else "A, B, C, D as dealt"), 3.4,
              class_="edicts")
        y += 16
        for i in range(p * per_page, min(len(players), (p + 1) * per_page)):
            _pad_block(svg, x, y, players[i], seasons, scores[i] if i < len(scores) else ())
            y += PAD_BLOCK
        pages.append(_serialise(svg))
    return pages
