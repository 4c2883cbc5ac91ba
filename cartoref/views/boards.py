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
    from .svg import cells_row, el, picture, serialise, text_at

    row_h, top = 30, 96
    width = sum(widths) + 40
    height = top + row_h * (len(rows) + 1) + 30 * len(notes) + 30
    svg = picture(width, height, title)
    text_at(svg, 20, 40, title, 28, font_weight="bold", class_="title")
    text_at(svg, 20, 68, subtitle, 14, fill="#555555")

    y = top
    cells_row(svg, header, widths, y, class_="header", font_weight="bold")
    for cells in rows:
        y += row_h
        if cells[0] == "1":
            el(svg, "rect", x=12, y=y - 22, width=width - 24, height=row_h, fill="#ffe082", class_="winner")
        cells_row(svg, cells, widths, y, class_="row", data_name=cells[1])
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


def round_made(made: Any) -> dict[str, Any]:
    """A round set up (``event new``, ``event round``): its deal, tables, byes and games."""
    rnd = made.event.rounds[made.number - 1]
    return {"event": made.event.name, "round": made.number, "seed": rnd.seed,
            "tables": [{"table": t, "players": list(players), "game": game}
                       for t, (players, game) in enumerate(zip(rnd.tables, made.games), 1)],
            "byes": list(rnd.byes), "dropped": list(made.event.dropped)}


def event_standings(result: Any) -> dict[str, Any]:
    """``event standings --json``: the players ranked, and every game with its BG Stats link."""
    from datetime import datetime, timezone

    from .. import game as games
    from .results import bgstats_url

    now = datetime.now(timezone.utc)
    out_games = []
    for g in result.games:
        link = None
        if g.state is not None and g.final:
            link = bgstats_url(g.state, games.standings(g.state), now)
        out_games.append({"round": g.round, "table": g.table, "game": g.key, "players": list(g.players),
                          "final": g.final, "problem": g.problem or None, "bgstats": link})
    return {"event": result.event.name, "by": result.by, "then": result.then,
            "points": list(result.event.points),
            "standings": [s._asdict() for s in result.standings], "games": out_games}


def event_csv(result: Any) -> str:
    return table_csv(["rank", "player", "score", "points", "monsters", "wins", "games", "byes", "dropped"],
                     [[s.rank, s.player, s.score, s.points, s.monsters, s.wins, s.games, s.byes,
                       "yes" if s.dropped else ""] for s in result.standings])


def event_svg(result: Any) -> str:
    """The event's standings for the projector."""
    from ..i18n import _
    from .phrases import printable

    first = _("Stars") if result.by == "score" else _("Points")
    rows = [[str(s.rank), printable(s.player) + (" †" if s.dropped else ""),
             str(s.score if result.by == "score" else s.points), str(s.monsters),
             str(s.points if result.by == "score" else s.score), str(s.games)] for s in result.standings]
    second = _("Points") if result.by == "score" else _("Stars")
    played = sum(g.final for g in result.games)
    notes = [_("{done} of {n} games over").format(done=played, n=len(result.games))]
    return ranking_svg(result.event.name, _("Ties: fewest stars lost to monsters, then {then}").format(
        then={"rank": _("rank points"), "score": _("stars"), "wins": _("first places")}[result.then]),
        [_("Rank"), _("Player"), first, _("Monsters"), second, _("Games")], rows, notes,
        [70, 300, 110, 120, 110, 100])


def verify_report(report: Any) -> dict[str, Any]:
    """``verify --json``: each sheet's verdict, and the counts."""
    return {"sheets": [{"file": c.file, "game": c.game, "player": c.player or None, "status": c.status,
                        "step": c.step or None, "why": c.why or None, "score": c.score} for c in report.items],
            "verified": report.count("verified"), "illegal": report.count("illegal"),
            "disputed": report.count("disputed")}


def card_shown(card: Any) -> dict[str, Any]:
    """A card as a page shows it: its id and its name in the language spoken."""
    from ..cardtypes import shown_name

    return {"id": card.id, "name": shown_name(card)}


def room_state(event: Any, base: str, tables: list[tuple[int, Any, tuple[str, ...], Any, str]],
               standings: Any) -> dict[str, Any]:
    """``/room.json``: the round, each table (its players, the card on it, the season and its
    time, who has drawn and who the table waits for, its pages), the room's standings."""
    from .. import game as games
    from ..cardtypes import shown_name
    from .json import status

    rnd = event.rounds[-1]
    out = []
    for n, table, seated, wait, problem in tables:
        row: dict[str, Any] = {"table": n, "players": list(rnd.tables[n - 1]), "tv": f"{base}/t/{n}/",
                               "join": f"{base}/t/{n}/join", "qr": f"{base}/t/{n}/join.svg"}
        if table is None:
            out.append({**row, "problem": problem})
            continue
        state = table.state
        st = status(state)
        hand = table.at_hand
        row.update({"seated": list(seated), "card": card_shown(hand.card) if hand.card is not None else None,
                    "season": {"id": st["season"], "name": shown_name(games.season(state)), "time": st["time"],
                               "threshold": st["threshold"]},
                    "drawn": list(wait.drawn), "waiting": list(wait.waiting),
                    "everyone_drawn": bool(seated) and not wait.waiting, "game_over": st["game_over"]})
        out.append(row)
    return {"event": event.name, "round": len(event.rounds), "byes": list(rnd.byes), "tables": out,
            "by": standings.by, "standings": [s._asdict() for s in standings.standings]}
