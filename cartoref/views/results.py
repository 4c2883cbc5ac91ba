"""A game's results to keep: the standings as JSON (``/results.json``), as CSV (one row per
player, ``/results.csv``), as a self-contained SVG picture (``/standings.svg``), the play as BG
Stats' ``createPlay`` link; and a season's recap, player by player (the TV at a season's end).

Plain values in, text out, no I/O. The JSON and the CSV are machine output: card ids and the
cards' English names, never translated; the picture is for people, in the language spoken.
"""

from __future__ import annotations

import csv
import io
import json
import zlib
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ..cardtypes import shown_name

if TYPE_CHECKING:  # pragma: no cover
    from ..game import GameState, Standings

#: BoardGameGeek's id of Cartographers (BG Stats matches the game by it).
BGG_ID = 263918
#: BG Stats' documented deep link for another app's play ("Push plays to BG Stats from other
#: apps or websites"): the play as URL-encoded JSON in ``data``.
BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="


def _ranked(st: Standings, state: GameState) -> list[Any]:
    """The players by rank, ties in seating order."""
    order = {name: i for i, name in enumerate(state.setup.players)}
    return sorted(st.players, key=lambda p: (p.rank, order[p.name]))


def tie_break(st: Standings) -> dict[str, Any] | None:
    """The first place's tie on points and how the rules broke it (fewest stars lost to
    monsters), or None when first place was not tied on points."""
    if not st.players:
        return None
    best = min(st.players, key=lambda p: p.rank)
    tied = [p for p in st.players if p.total == best.total]
    if len(tied) < 2:
        return None
    return {"total": best.total, "by": "monsters",
            "players": [{"name": p.name, "monsters": p.monsters, "rank": p.rank}
                        for p in sorted(tied, key=lambda p: (p.rank, p.monsters))]}


def play_id(state: GameState) -> str:
    """A stable id of this game (its seed and players): BG Stats recognises a play sent twice."""
    key = f"{state.setup.seed}:{','.join(state.setup.players)}:{','.join(state.setup.edicts)}"
    return f"cartoref-{zlib.crc32(key.encode('utf-8')):08x}"


def bgstats_url(state: GameState, st: Standings, played: datetime) -> str | None:
    """BG Stats' ``createPlay`` link for the finished game (None before it is final): the game by
    its BoardGameGeek id, each player with their score and whether they won, the play's date (UTC,
    as BG Stats reads it)."""
    if not st.final:
        return None
    winners = set(st.winners)
    data = {
        "sourceName": "cartoref",
        "sourcePlayId": play_id(state),
        "playDate": played.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S"),
        "game": {"name": "Cartographers", "sourceGameId": "cartographers", "bggId": BGG_ID,
                 "highestWins": True, "noPoints": False},
        "players": [{"name": p.name, "sourcePlayerId": p.name, "score": p.total, "rank": p.rank,
                     "winner": p.name in winners and not state.setup.solo}
                    for p in _ranked(st, state)],
    }
    return BGSTATS + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


def results(state: GameState, played: datetime) -> dict[str, Any]:
    """``GET /results.json``: every player's seasons, total and rank (best first), the edicts,
    the seasons, the winner(s), the tie-break, the solo rating, and the BG Stats link."""
    from .. import game as games

    st = games.standings(state)
    winners = set(st.winners)
    return {
        "final": st.final,
        "players": [{"name": p.name, "rank": p.rank, "total": p.total, "monsters": p.monsters,
                     "winner": p.name in winners,
                     "seasons": [{"season": r.season, "edict1": r.edict1, "edict2": r.edict2, "coins": r.coins,
                                  "monsters": r.monsters, "total": r.total} for r in p.seasons],
                     "missing": list(p.missing)}
                    for p in _ranked(st, state)],
        "winners": list(st.winners),
        "leaders": list(st.leaders),
        "tie_break": tie_break(st),
        "edicts": [{"edict": x, "id": c.id, "name": c.name} for x, c in zip("ABCD", state.edicts)],
        "seasons": [{"id": s.id, "name": s.name, "edicts": list(s.edicts)} for s in state.seasons],
        "solo": None if st.solo is None else {"rating": st.solo.rating, "title": st.solo.title},
        "bgstats": bgstats_url(state, st, played),
    }


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet never runs as a formula (a name starting with =, +, - or @)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def results_csv(state: GameState) -> str:
    """``GET /results.csv``: one row per player, best first: rank, player, each season's total
    (empty when not recorded), total, stars lost to monsters (the tie-break)."""
    from .. import game as games

    st = games.standings(state)
    out = io.StringIO()
    rows = csv.writer(out, lineterminator="\r\n")
    rows.writerow(["rank", "player", *(s.id for s in state.seasons), "total", "monsters"])
    for p in _ranked(st, state):
        by_season = {r.season: r.total for r in p.seasons}
        rows.writerow([p.rank, _cell(p.name), *(by_season.get(s.id, "") for s in state.seasons), p.total,
                       p.monsters])
    return out.getvalue()


def standings_svg(state: GameState) -> str:
    """``GET /standings.svg``: the standings as a self-contained picture (the title, a row per
    player: rank, name, each season, total; the winner and the tie-break under it)."""
    from .. import game as games
    from ..i18n import _
    from .record_words import standings_title, standings_verdict
    from .svg import cells_row, el, picture, serialise, text_at

    st = games.standings(state)
    ranked = _ranked(st, state)
    verdict = standings_verdict(state, st) if any(p.seasons for p in st.players) else []
    row, top = 30, 96
    widths = [70, 300, *(110 for _s in state.seasons), 110]
    width = sum(widths) + 40
    height = top + row * (len(ranked) + 1) + 34 * len(verdict) + 30
    svg = picture(width, height, standings_title(state, st)[0])
    text_at(svg, 20, 40, standings_title(state, st)[0], 28, font_weight="bold", class_="title")
    text_at(svg, 20, 68, _("Each season: edict 1 + edict 2 + coins - monsters = season score"), 14, fill="#555555")
    header = [_("Rank"), _("Player"), *(shown_name(s) for s in state.seasons), _("Total")]
    y = top

    cells_row(svg, header, widths, y, class_="header", font_weight="bold")
    winners = set(st.winners)
    for p in ranked:
        y += row
        if p.name in winners:
            el(svg, "rect", x=12, y=y - 22, width=width - 24, height=row, fill="#ffe082", class_="winner")
        by_season = {r.season: str(r.total) for r in p.seasons}
        cells_row(svg, [str(p.rank), p.name, *(by_season.get(s.id, "-") for s in state.seasons), str(p.total)],
                  widths, y, class_="player", data_player=p.name)
    y += 20
    for text in verdict:
        y += 34
        text_at(svg, 20, y, text, 20, font_weight="bold", class_="verdict")
    return serialise(svg)


def season_recap(state: GameState) -> dict[str, Any] | None:
    """The season the card on the table ended, player by player, once scored: its two edicts (by
    letter and name), and each player's record (edict 1, edict 2, coins, monsters, total); None
    while no season has ended with the card on the table, or nobody's score is in."""
    from .. import game as games
    from ..game.athand import at_hand

    hand = at_hand(state)
    if not hand.last_of_season or not games.season_over(state):
        return None
    k = [s.id for s in state.seasons].index(hand.season.id)
    players = [{"player": name, "edict1": r.edict1, "edict2": r.edict2, "coins": r.coins, "monsters": r.monsters,
                "total": r.total}
               for name, row in zip(state.setup.players, state.scores) if (r := row[k]) is not None]
    if not players:
        return None
    return {"season": hand.season.id, "name": shown_name(hand.season),
            "edicts": [{"edict": x, "name": shown_name(c)} for x, c in hand.scoring],
            "players": players, "complete": len(players) == len(state.setup.players)}
