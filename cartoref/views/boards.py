"""Rankings beyond one game, as machine output and as a picture: a solo challenge (published,
its games verified, its leaderboard) and an event's standings. JSON and CSV are machine output
(ids and English card names, never translated); the picture is for people (the projector), in
the language spoken. Plain values in, text out, no I/O.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..game.challenge import Challenge
    from ..table.challenges import Board, Entry, Verified


def challenge(c: Challenge) -> dict[str, Any]:
    """A challenge as ``challenge new --json`` gives it."""
    from ..cards import catalog

    cards = catalog()
    return {"name": c.name, "code": c.code, "edition": c.edition, "sheet": c.sheet, "seed": c.seed,
            "ambushes": c.ambushes,
            "edicts": [{"edict": x, "id": e, "name": cards.scoring_by_id(e).name} for x, e in zip("ABCD", c.edicts)]}


def entry(e: Entry) -> dict[str, Any]:
    """One game handed in, as verified (``step`` and ``why``: the first step that does not hold)."""
    return {"game": e.game, "player": e.player, "verified": e.verified, "step": e.step or None,
            "why": e.why or None, "score": e.score, "monsters": e.monsters, "rating": e.rating, "title": e.title,
            "turns": e.turns, "fingerprint": e.fingerprint}


def verified(v: Verified) -> dict[str, Any]:
    return {"challenge": challenge(v.challenge), "games": [entry(e) for e in v.entries],
            "verified": sum(e.verified for e in v.entries), "refused": sum(not e.verified for e in v.entries),
            "replayed": v.replayed, "record": v.record}


def board(b: Board) -> dict[str, Any]:
    return {"challenge": challenge(b.challenge),
            "ranked": [{"rank": r.rank, **entry(r.entry)} for r in b.ranked], "refused": b.refused}


def cell(text: str) -> str:
    """A CSV cell a spreadsheet never runs as a formula (a name starting with =, +, - or @)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def table_csv(header: list[str], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([cell(v) if isinstance(v, str) else ("" if v is None else v) for v in row])
    return out.getvalue()


def board_csv(b: Board) -> str:
    """One row per verified game, best first: rank, player, score, monsters, rating, title, game."""
    return table_csv(["rank", "player", "score", "monsters", "rating", "title", "game"],
                     [[r.rank, r.entry.player, r.entry.score, r.entry.monsters, r.entry.rating, r.entry.title,
                       r.entry.game] for r in b.ranked])


def ranking_svg(title: str, subtitle: str, header: list[str], rows: list[list[str]], notes: list[str],
                widths: list[int]) -> str:
    """A ranking as a self-contained picture: a title, a header row, a row per entry (the
    first ones shaded), notes under it. The first column is a rank, the second a name."""
    from .svg import el, picture, serialise, text_at

    row_h, top = 30, 96
    width = sum(widths) + 40
    height = top + row_h * (len(rows) + 1) + 30 * len(notes) + 30
    svg = picture(width, height, title)
    text_at(svg, 20, 40, title, 28, font_weight="bold", class_="title")
    text_at(svg, 20, 68, subtitle, 14, fill="#555555")

    def line(cells: list[str], y: float, **attrs: object) -> None:
        x = 20
        g = el(svg, "g", **attrs)
        for n, (text, w) in enumerate(zip(cells, widths)):
            anchor = "start" if n == 1 else "end"
            text_at(g, x + (w - 12 if anchor == "end" else 0), y, text, 18, text_anchor=anchor)
            x += w

    y = top
    line(header, y, class_="header", font_weight="bold")
    for cells in rows:
        y += row_h
        if cells[0] == "1":
            el(svg, "rect", x=12, y=y - 22, width=width - 24, height=row_h, fill="#ffe082", class_="winner")
        line(cells, y, class_="row", data_name=cells[1])
    y += 10
    for text in notes:
        y += 30
        text_at(svg, 20, y, text, 16, class_="note")
    return serialise(svg)


def board_svg(b: Board) -> str:
    """The leaderboard for the projector."""
    from ..i18n import _, ngettext
    from .phrases import printable

    name = b.challenge.name or b.challenge.code or ""
    rows = [[str(r.rank), printable(r.entry.player), str(r.entry.score), str(r.entry.monsters),
             str(r.entry.rating if r.entry.rating is not None else "-"), r.entry.title or ""] for r in b.ranked]
    notes = [ngettext("{n} game handed in was refused (cartoref's verification names why).",
                      "{n} games handed in were refused (cartoref's verification names why).", b.refused)
             .format(n=b.refused)] if b.refused else []
    return ranking_svg(_("Challenge {name}").format(name=name),
                       _("Verified games only, by score, then fewest stars lost to monsters"),
                       [_("Rank"), _("Player"), _("Score"), _("Monsters"), _("Rating"), _("Title")],
                       rows, notes, [70, 300, 100, 120, 100, 300])
