"""The sentences of what a game keeps, in one place (ready to be translated): a record, who has
not recorded an ended season, the standings and their verdict, the log, what undo took back.
Plain strings built from rules values, no rich, no I/O (as ``words``, the rest of the table's
sentences)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import EDICTS
from ..cardtypes import season_in_sentence, shown_name
from ..grid import cells_label
from ..i18n import _, clauses, ngettext, pgettext
from ..widths import pad
from .phrases import names, season_word

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Action, GameState, Record, Standings
    from ..table import Undone


def record_line(rec: Record) -> str:
    """One recorded season in words and figures."""
    if rec.source:
        text = _("{player}, {season}: {edict1} + {edict2} + {coins} - {monsters} = {total} from {source}")
    else:
        text = _("{player}, {season}: {edict1} + {edict2} + {coins} - {monsters} = {total} (hand-scored)")
    return text.format(player=rec.player, season=season_word(rec.season), edict1=rec.edict1, edict2=rec.edict2,
                       coins=ngettext("{n} coin", "{n} coins", rec.coins).format(n=rec.coins),
                       monsters=ngettext("{n} monster", "{n} monsters", rec.monsters).format(n=rec.monsters),
                       total=rec.total, source=rec.source)


def recorded_lines(rec: Record, state: GameState) -> list[str]:
    """What ``record`` says after the score: the record kept and who is still to record."""
    from .. import game as games

    lines = [(_("Replaced {record}") if rec.replace else _("Recorded {record}")).format(record=record_line(rec))]
    index = [x.id for x in state.seasons].index(rec.season)
    name = season_in_sentence(state.seasons[index])
    missing = games.waiting(state, index)
    if missing:
        lines.append(_("Still to record for {season}: {players}").format(season=name, players=names(missing)))
    elif index != state.deck.season or not games.season_over(state):
        lines.append(_("Every score is in for {season}.").format(season=name))
    elif games.game_over(state):
        lines.append(_("Every score is in: the game is over."))
    else:
        nxt = season_in_sentence(state.seasons[state.deck.season + 1])
        lines.append(_("Every score is in; {season} is next.").format(season=nxt))
    return lines


def unrecorded_line(season_name: str, season_id: str, missing: Sequence[str]) -> str:
    """The players who have not recorded an ended season (``season_name`` as shown:
    ``shown_name(season)``)."""
    return _("Not recorded for {season}: {players}").format(season=season_name, players=names(missing))


def unrecorded_lines(state: GameState, *, but: str | None = None) -> list[str]:
    """Every ended season some players have not recorded (but the season ``but``)."""
    from .. import game as games

    by_id = {s.id: s for s in state.seasons}
    return [unrecorded_line(season_in_sentence(by_id[sid]), sid, missing) for sid, missing in games.unrecorded(state)
            if sid != but]


def standings_table(state: GameState, st: Standings) -> tuple[list[str], list[list[str]]]:
    """The standings as a header and rows: rank, player, each season's boxes, total, monsters."""
    seasons = state.seasons
    ranked = not state.setup.solo  # one player has no rank
    header = [_("Rank")] * ranked + [_("Player")] + [shown_name(s) for s in seasons] + [_("Total"), _("Monsters")]
    rows = []
    order = {name: i for i, name in enumerate(state.setup.players)}
    for p in sorted(st.players, key=lambda p: (p.rank, order[p.name])):
        by_season = {r.season: r for r in p.seasons}
        cells = [(f"{r.edict1}+{r.edict2}+{r.coins}-{r.monsters}={r.total}" if (r := by_season.get(s.id))
                  else _("missing") if s.id in p.missing else "-") for s in seasons]
        rows.append([str(p.rank)] * ranked + [p.name] + cells + [str(p.total), str(p.monsters)])
    return header, rows


def standings_title(state: GameState, st: Standings) -> list[str]:
    """The lines above the standings table."""
    seasons = state.seasons
    done = [season_in_sentence(s) for i, s in enumerate(seasons) if any(row[i] is not None for row in state.scores)]
    title = (_("Final standings") if st.final
             else _("Standings after {season}").format(season=done[-1]) if done
             else _("Standings (no season scored yet)"))
    return [title, _("Each season: edict 1 + edict 2 + coins - monsters = season score")]


def standings_verdict(state: GameState, st: Standings) -> list[str]:
    """The lines below the standings table: who wins or leads, the tie-break, the solo rating."""
    from .. import game as games

    lines = []
    if not st.complete:
        lines.append(_("(missing: an ended season not recorded yet; the totals count the recorded seasons)"))
    top = [p for p in st.players if p.rank == 1]
    if not state.setup.solo:
        if len(top) == 1:
            lines.append((_("Winner: {player} with {total}") if st.final else _("Leading: {player} with {total}"))
                         .format(player=top[0].name, total=top[0].total))
        else:
            lines.append((_("Winners, sharing first place: {players}") if st.final
                          else _("Sharing the lead: {players}")).format(players=", ".join(p.name for p in top)))
        tied = [p for p in st.players if p.total == top[0].total]
        if len(tied) > len(top):
            lines.append(_("Tie on {total} broken by the fewest stars lost to monsters: {players}").format(
                total=top[0].total,
                players=", ".join(f"{p.name} {p.monsters}" for p in sorted(tied, key=lambda p: p.monsters))))
    if st.solo is not None:
        numbers = " + ".join(str(games.edict_card(state, x).solo) for x in EDICTS)
        text = (_("Solo rating: {score} - ({numbers}) = {rating}: {title}") if st.final
                else _("Solo rating (so far): {score} - ({numbers}) = {rating}: {title}"))
        lines.append(text.format(score=st.players[0].total, numbers=numbers, rating=st.solo.rating,
                                 title=state.catalog.spoken_title(st.solo.title)))
    return lines


def action_words(action: Action, state: GameState) -> str:
    """An action of the log in a few words."""
    from ..game import Draw

    if isinstance(action, Draw):
        return _("draw of {cards}").format(cards=", ".join(shown_name(state.card(c)) for c in action.revealed))
    return _("record {record}").format(record=record_line(action))


def log_lines(state: GameState, entries: list[tuple[Action, str]]) -> list[str]:
    """Every action of the log, numbered, with the season it belongs to."""
    from ..game import Draw

    out = []
    for n, (action, season) in enumerate(entries, 1):
        start = f"{n:>3}  {pad(season_word(season), 7)} "
        if isinstance(action, Draw):
            what = ", ".join(shown_name(state.card(c)) for c in action.revealed)
            if action.monster and action.monster_coins:
                what += " " + ngettext("(cartoref drew the monster on {maps}, +{n} coin)",
                                       "(cartoref drew the monster on {maps}, +{n} coins)",
                                       action.monster_coins).format(maps=", ".join(action.monster),
                                                                    n=action.monster_coins)
            elif action.monster:
                what += " " + _("(cartoref drew the monster on {maps})").format(maps=", ".join(action.monster))
            out.append(start + pad(pgettext("log", "draw"), 8) + what)
        else:
            out.append(start + pad(pgettext("log", "record"), 8) + record_line(action)
                       + (" " + _("[replaces the earlier one]") if action.replace else ""))
    return out or [_("The log is empty: no card drawn yet.")]


def erase_note(result: Undone) -> str | None:
    """What undo did on the solo map, if anything."""
    if result.map is None:
        return None
    from ..game import Draw

    assert isinstance(result.undone, Draw)
    if result.error:
        return (_("note: cartoref could not erase the monster at {spaces} on {map} ({error}); erase it by hand")
                .format(spaces=", ".join(result.undone.monster), map=result.map, error=result.error))
    spaces = cells_label(result.erased) or _("already gone")
    if result.coins:
        return ngettext("cartoref erased the monster it drew on {map} ({spaces}) and took back {n} coin",
                        "cartoref erased the monster it drew on {map} ({spaces}) and took back {n} coins",
                        result.coins).format(map=result.map, spaces=spaces, n=result.coins)
    return _("cartoref erased the monster it drew on {map} ({spaces})").format(map=result.map, spaces=spaces)


def later_note(result: Undone) -> str | None:
    """The drawings made on the solo map after the monster undo rubbed out: they stay."""
    if not result.later:
        return None
    def card(card_id: str) -> str:
        try:
            return shown_name(result.state.catalog.deck_card(card_id))
        except KeyError:  # an after-scoring entry ("after summer")
            return card_id

    drawn = [_("{card} on {spaces}").format(card=card(k.card), spaces=cells_label(k.cells)) for k in result.later]
    return _("Drawn on {map} after that monster, and kept: {drawings}.").format(
        map=result.map, drawings=clauses(drawn))
