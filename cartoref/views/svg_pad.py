"""The printable score pad as SVG pages, in millimetres: each player's four seasons (two edict
boxes, coins, monsters, total) and the game total, filled in where a score is recorded.

Each player is a ``g.player-pad[data-player]``, each season row a ``g.season[data-season]``
(``recorded`` when filled in), each filled box a ``text.value``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple
from xml.etree import ElementTree as ET

from ..i18n import N_, _
from .svg import FONT, NS, el, serialise, text_at

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Record

#: Paper sizes in millimetres (width, height).
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAD_MARGIN = 12.0
PAD_ROW = 7.0
#: The pad's columns: (heading, width in mm); the headings are translated where they are drawn.
PAD_COLUMNS: tuple[tuple[str, float], ...] = (
    (N_("Season"), 30.0), (N_("Edict"), 34.0), (N_("Edict"), 34.0), (N_("Coins"), 20.0), (N_("Monsters"), 24.0),
    (N_("Total"), 22.0),
)
PAD_BLOCK = 8.0 + PAD_ROW * 6 + 5.0  # name, heading, four seasons, game total, gap


class PadSeason(NamedTuple):
    """A season's row of the pad: its name and the letters of its two edicts."""

    id: str
    name: str
    edicts: tuple[str, str]


def _pad_block(parent: ET.Element, x: float, y: float, player: str, seasons: Sequence[PadSeason],
               scores: Sequence[Record | None]) -> None:
    from .terminal import season_name

    g = el(parent, "g", class_="player-pad", data_player=player)
    text_at(g, x, y + 5.5, player, 5, font_weight="bold", class_="player")
    y += 8.0
    lefts = [x]
    for _head, w in PAD_COLUMNS:
        lefts.append(lefts[-1] + w)
    for (head, w), left in zip(PAD_COLUMNS, lefts):
        el(g, "rect", x=left, y=y, width=w, height=PAD_ROW, fill="#e8e8e8", stroke="#000000", stroke_width=0.3)
        text_at(g, left + w / 2, y + 5, _(head), 3.4, font_weight="bold", text_anchor="middle")
    for i, season in enumerate(seasons):
        ry = y + PAD_ROW * (i + 1)
        rec = scores[i] if i < len(scores) else None
        values = None if rec is None else (
            "", str(rec.edict1), str(rec.edict2), str(rec.coins), f"-{rec.monsters}" if rec.monsters else "0",
            str(rec.total))
        row = el(g, "g", class_="season" + (" recorded" if rec else ""), data_season=season.id)
        for j, ((_head, w), left) in enumerate(zip(PAD_COLUMNS, lefts)):
            el(row, "rect", x=left, y=ry, width=w, height=PAD_ROW, fill="#ffffff", stroke="#000000",
                stroke_width=0.3)
            if j == 0:
                text_at(row, left + 2, ry + 5, season_name(season.id, season.name), 3.6)
            elif j in (1, 2):
                text_at(row, left + 1.5, ry + 3.2, season.edicts[j - 1], 2.6, fill="#555555", class_="edict-letter")
            if j and values is not None:
                text_at(row, left + w - 2, ry + 5.2, values[j], 4, text_anchor="end", class_="value",
                      font_weight="bold" if j == 5 else "normal")
    ty = y + PAD_ROW * (len(seasons) + 1)
    left, w = lefts[-2], PAD_COLUMNS[-1][1]
    text_at(g, left - 2, ty + 5, _("Game total"), 3.6, font_weight="bold", text_anchor="end")
    el(g, "rect", x=left, y=ty, width=w, height=PAD_ROW, fill="#ffffff", stroke="#000000", stroke_width=0.6)
    if len(scores) == len(seasons) and all(r is not None for r in scores):
        total = sum(r.total for r in scores if r is not None)
        text_at(g, left + w - 2, ty + 5.2, str(total), 4, font_weight="bold", text_anchor="end",
              class_="value game-total")


def pad_pages(players: Sequence[str], seasons: Sequence[PadSeason], scores: Sequence[Sequence[Record | None]],
              edicts: Sequence[str], *, paper: str = "a4", title: str | None = None) -> list[str]:
    """A printable score pad, one SVG per page: each player's four seasons (two edict boxes,
    coins, monsters, total) and the game total, filled in where ``scores`` has a record.
    ``edicts`` names the cards under A to D ("" when the pad is for any game)."""
    from ..cardtypes import card_id
    from .terminal import scoring_name

    title = _("Cartographers score pad") if title is None else title
    width, height = PAPERS[paper]
    per_page = max(1, int((height - 2 * PAD_MARGIN - 16) // PAD_BLOCK))
    pages = []
    count = max(1, -(-len(players) // per_page))
    for p in range(count):
        svg = ET.Element("svg", {"xmlns": NS, "width": f"{width:g}mm", "height": f"{height:g}mm",
                                 "viewBox": f"0 0 {width:g} {height:g}", "font-family": FONT})
        el(svg, "title", title)
        el(svg, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
        x, y = PAD_MARGIN, PAD_MARGIN
        text_at(svg, x, y + 5, title, 6, font_weight="bold")
        if count > 1:
            text_at(svg, width - PAD_MARGIN, y + 5, _("page {page} of {count}").format(page=p + 1, count=count), 3.6,
                    text_anchor="end")
        named = [_("{letter}: {card}").format(letter=letter, card=scoring_name(card_id(name), name))
                 for letter, name in zip("ABCD", edicts) if name]
        text_at(svg, x, y + 11, _("Edicts: {edicts}").format(edicts=" \u00b7 ".join(named)) if named
                else _("Edicts: A, B, C, D as dealt"), 3.4, class_="edicts")
        y += 16
        for i in range(p * per_page, min(len(players), (p + 1) * per_page)):
            _pad_block(svg, x, y, players[i], seasons, scores[i])
            y += PAD_BLOCK
        pages.append(serialise(svg))
    return pages
