"""The sentences of rankings beyond one game: a challenge published, its games verified, its
leaderboard; an event set up, its rounds and standings (plain strings, each a message of the
catalogs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..widths import columns, pad
from .phrases import printable

if TYPE_CHECKING:  # pragma: no cover
    from ..game.challenge import Challenge
    from ..table.challenges import Board, Entry, Verified


def challenge_lines(c: Challenge) -> list[str]:
    from ..cards import catalog

    cards = catalog()
    lines = [_("Challenge {name}: code {code}").format(name=c.name or "-", code=c.code or "-"),
             _("Edition {edition}, sheet {sheet}, seed {seed}").format(edition=c.edition, sheet=c.sheet, seed=c.seed)]
    lines += [f"  {x}  {cards.scoring_by_id(e).name}" for x, e in zip("ABCD", c.edicts)]
    return lines


def entry_line(e: Entry) -> str:
    if e.verified:
        return ngettext("verified  {game}: {player}, {score} star, rating {rating} ({title})",
                        "verified  {game}: {player}, {score} stars, rating {rating} ({title})", e.score).format(
            game=e.game, player=printable(e.player), score=e.score, rating=e.rating, title=e.title)
    return _("refused   {game}: {step}: {why}").format(game=e.game, step=e.step, why=e.why)


def verified_lines(v: Verified) -> list[str]:
    lines = [entry_line(e) for e in v.entries]
    ok = sum(e.verified for e in v.entries)
    lines.append(ngettext("{ok} of {n} game verified", "{ok} of {n} games verified", len(v.entries)).format(
        ok=ok, n=len(v.entries)) + (_(" ({n} replayed now, the others unchanged since)").format(n=v.replayed)
                                    if v.replayed != len(v.entries) else ""))
    if v.record:
        lines.append(_("Kept in {file}").format(file=v.record))
    return lines


def table_lines(header: list[str], rows: list[list[str]]) -> list[str]:
    """Rows as aligned columns (a Japanese character takes two)."""
    widths = [max(columns(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return ["  ".join(pad(c, w) for c, w in zip(r, widths)).rstrip() for r in [header, *rows]]


def board_lines(b: Board) -> list[str]:
    name = b.challenge.name or b.challenge.code or ""
    lines = [_("Challenge {name}: the verified games").format(name=name)]
    if not b.ranked:
        lines.append(_("No verified game yet."))
    else:
        lines += table_lines([_("Rank"), _("Player"), _("Score"), _("Monsters"), _("Rating"), _("Title")],
                             [[str(r.rank), printable(r.entry.player), str(r.entry.score), str(r.entry.monsters),
                               str(r.entry.rating if r.entry.rating is not None else "-"), r.entry.title or ""]
                              for r in b.ranked])
    if b.refused:
        lines.append(ngettext("{n} game handed in was refused.", "{n} games handed in were refused.",
                              b.refused).format(n=b.refused))
    return lines


def round_lines(made) -> list[str]:
    rnd = made.event.rounds[made.number - 1]
    lines = [_("{event}, round {n}: {tables} tables on one deal (seed {seed})").format(
        event=made.event.name, n=made.number, tables=len(rnd.tables), seed=rnd.seed)]
    for t, (players, game) in enumerate(zip(rnd.tables, made.games), 1):
        lines.append(_("  table {t}: {players}  ({game})").format(t=t, players=", ".join(printable(p) for p in players),
                                                                   game=game))
    if rnd.byes:
        lines.append(_("  a bye: {players}").format(players=", ".join(printable(p) for p in rnd.byes)))
    if made.event.dropped:
        lines.append(_("  dropped: {players}").format(players=", ".join(printable(p) for p in made.event.dropped)))
    return lines


def event_lines(result) -> list[str]:
    first = _("Stars") if result.by == "score" else _("Points")
    second = _("Points") if result.by == "score" else _("Stars")
    lines = [_("{event}: standings after round {n}").format(event=result.event.name, n=len(result.event.rounds))]
    lines += table_lines([_("Rank"), _("Player"), first, _("Monsters"), second, _("Wins"), _("Games")],
                         [[str(s.rank), printable(s.player) + (" " + _("(dropped)") if s.dropped else ""),
                           str(s.score if result.by == "score" else s.points), str(s.monsters),
                           str(s.points if result.by == "score" else s.score), str(s.wins), str(s.games)]
                          for s in result.standings])
    left = [g for g in result.games if not g.final]
    if left:
        lines.append(ngettext("{n} game still in play: {games}", "{n} games still in play: {games}",
                              len(left)).format(n=len(left), games=", ".join(g.key for g in left)))
    return lines


def verify_lines(report) -> list[str]:
    words = {"verified": _("verified"), "illegal": _("ILLEGAL"), "disputed": _("disputed")}
    lines = []
    for c in report.items:
        who = f" ({printable(c.player)})" if c.player else ""
        line = f"{pad(words[c.status], 9)} {c.file}{who}"
        if c.step:
            line += f": {c.step}: {c.why}"
        lines.append(line)
    lines.append(_("{ok} verified, {bad} illegal, {open} disputed").format(
        ok=report.count("verified"), bad=report.count("illegal"), open=report.count("disputed")))
    return lines
