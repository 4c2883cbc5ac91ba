"""A refereed game in play: what it has at hand, the actions, ``apply`` (which returns what
happened), undo. A game's setup and starting state are ``opening``'s.

The state is never stored: a saved game holds the setup and the ordered log of what happened,
and loading replays the log through ``apply``, which checks every rule on the way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, overload

from .. import deck as decks
from ..cards import EDICTS, Catalog, ScoringCard, Season
from ..cardtypes import season_in_sentence, shown_name
from ..errors import IllegalAction, UnknownCardError
from ..grid import Cell, Sheet
from ..i18n import _
from .opening import from_setup
from .values import (
    Action,
    Draw,
    DrawEvent,
    Event,
    GameState,
    Record,
    RecordEvent,
    Setup,
    SoloSheet,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..scoring import ScoreReport

def edicts_apart_from_categories(state: GameState) -> bool:
    """True when the edicts are not one scoring card from each category (a house choice)."""
    return len({c.category for c in state.edicts}) != 4


# ---------------------------------------------------------------------------------- queries


def season(state: GameState) -> Season:
    """The current season card (the one running or just ended)."""
    return state.deck.season_card


def season_over(state: GameState) -> bool:
    """True when the current season's time has reached its threshold."""
    return decks.season_over(state.deck)


def game_over(state: GameState) -> bool:
    """True once winter has ended."""
    return decks.game_over(state.deck)


def edict_card(state: GameState, letter: str) -> ScoringCard:
    """The scoring card under an edict letter."""
    return state.catalog.scoring_by_id(state.setup.edicts[EDICTS.index(letter)])


def scoring_now(state: GameState) -> list[tuple[str, str, str]]:
    """The current season's two edicts as ``(letter, card id, card name)``."""
    return [(x, edict_card(state, x).id, edict_card(state, x).name) for x in season(state).edicts]


def recorded(state: GameState, index: int | None = None) -> list[str]:
    """The players who have recorded a season (the current one by default)."""
    i = state.deck.season if index is None else index
    return [p for p, row in zip(state.setup.players, state.scores) if row[i] is not None]


def waiting(state: GameState, index: int | None = None) -> list[str]:
    """The players who have not recorded a season (the current one by default)."""
    done = set(recorded(state, index))
    return [p for p in state.setup.players if p not in done]


def unrecorded(state: GameState) -> list[tuple[str, list[str]]]:
    """Each ended season that some players have not recorded: (season id, those players)."""
    out = []
    for i in range(ended_seasons(state)):
        missing = waiting(state, i)
        if missing:
            out.append((state.seasons[i].id, missing))
    return out


def player_index(state: GameState, name: str) -> int:
    """A player's index by name, any case; an unknown name suggests the closest ones."""
    wanted = name.strip().lower()
    for i, p in enumerate(state.setup.players):
        if p.lower() == wanted:
            return i
    import difflib

    lower = {p.lower(): p for p in state.setup.players}
    close = [repr(lower[c]) for c in difflib.get_close_matches(wanted, list(lower), n=3, cutoff=0.5)]
    players = ", ".join(state.setup.players)
    if not close:
        message = _("no player called {name} in this game; the players are {players}")
    elif len(close) == 1:
        message = _("no player called {name} in this game (did you mean {first}?); the players are {players}")
    elif len(close) == 2:
        message = _("no player called {name} in this game (did you mean {first} or {second}?); "
                    "the players are {players}")
    else:
        message = _("no player called {name} in this game (did you mean {first} or {second} or {third}?); "
                    "the players are {players}")
    first, second, third = (close + ["", "", ""])[:3]
    raise IllegalAction(message.format(name=repr(name), first=first, second=second, third=third, players=players),
                        code="unknown-player")


def after_scoring(state: GameState, by_season: str | None = None) -> list[str]:
    """The revealed ambushes whose ongoing effect every map resolves after each season's
    scoring (Zombie Plague, Giant Troll Ravage), in the order they were revealed; ``by_season``:
    only those revealed by the end of that season (one revealed in summer is nothing to resolve
    after spring)."""
    actions: list[Action] = list(state.log)
    if by_season is not None:
        ids = [s.id for s in state.seasons]
        last = ids.index(by_season)
        actions = [a for a, sid in iter_log(state) if ids.index(sid) <= last]
    out = []
    for action in actions:
        if isinstance(action, Draw):
            for cid in action.revealed:
                card = state.card(cid)
                if getattr(card, "after_scoring", False) and cid not in out:
                    out.append(cid)
    return out


def card_on_table(state: GameState) -> tuple[str | None, bool]:
    """The card every player draws now (the last one revealed, unless it was ruins), and whether
    its shape must cover an empty ruins space; (None, False) before the first card."""
    column = state.deck.column
    if not column:
        return None, False
    last = column[-1]
    return last, state.deck.ruins_card == last


def passes(players: Sequence[str], arrow: str) -> list[tuple[str, str]]:
    """Whose map goes to whom on an ambush: (map of, drawn by). Players sit in the order listed,
    clockwise: clockwise each map goes to the next player, counterclockwise to the previous;
    with two players each map goes to the other."""
    step = 1 if arrow == "cw" else -1
    return [(p, players[(i + step) % len(players)]) for i, p in enumerate(players)]


def coin_track(state: GameState) -> int:
    """The length of the coin track of the game's sheet."""
    return state.side.coin_track


# ---------------------------------------------------------------------------------- actions


@overload
def apply(state: GameState, action: Draw, *, solo: SoloSheet | None = None) -> tuple[GameState, DrawEvent]: ...
@overload
def apply(state: GameState, action: Record, *, solo: SoloSheet | None = None) -> tuple[GameState, RecordEvent]: ...
@overload
def apply(state: GameState, action: Action, *, solo: SoloSheet | None = None) -> tuple[GameState, Event]: ...


def apply(state: GameState, action: Action, *, solo: SoloSheet | None = None) -> tuple[GameState, Event]:
    """The game after one action, and what happened; IllegalAction when the rules do not allow
    it now. ``solo`` is the solo player's sheet: a fresh draw that reveals an ambush then draws
    its monster there by the solo procedure (and logs where, for undo)."""
    if isinstance(action, Draw):
        return _draw(state, action, solo)
    if isinstance(action, Record):
        return _record(state, action)
    raise IllegalAction(f"unknown action {action!r}")  # a programming error: not for a player


def _draw(state: GameState, action: Draw, solo: SoloSheet | None) -> tuple[GameState, DrawEvent]:
    d = state.deck
    if game_over(state):
        raise IllegalAction(_("the game is over after winter"), code="game-over")
    started = False
    unrecorded: tuple[str, ...] = ()
    if decks.season_over(d):
        # Recording never blocks drawing (a table may score on paper, or late): the next
        # season starts, and the event says who has not recorded the one that ended.
        unrecorded = tuple(waiting(state))
        d = decks.next_season(d)
        started = True
    d, revealed = decks.reveal(d)
    if action.revealed and action.revealed != revealed:
        raise IllegalAction(_("the cards this draw names are not the ones the deck holds for this seed"),
                            code="wrong-cards")
    ambushes = decks.ambushes_in(d, revealed)
    ambush = ambushes[0] if ambushes else None
    on_solo_map = state.setup.solo and state.setup.map is not None and ambush is not None
    if action.monster or action.monster_coins:
        if not on_solo_map:
            raise IllegalAction(_("a monster is drawn by cartoref only on a solo map, after an ambush"),
                                code="monster-not-here")
        if action.monster_coins < 0 or any(not _is_space(x) for x in action.monster):
            raise IllegalAction(_("the monster's spaces {spaces} are not spaces of the map").format(
                spaces=list(action.monster)), code="monster-spaces")
    logged = replace(action, revealed=revealed)
    monster, lost = None, 0
    from ..moves.effects import GORGON, effect_of

    # Gorgon Gaze's target is the player's to choose: the player draws that one themselves.
    if on_solo_map and solo is not None and not action.monster and effect_of(ambush or "") != GORGON:
        from ..moves import solo_drawing
        from ..moves.playermap import PlayerMap
        from ..moves.playermap import draw as draw_on_map

        assert ambush is not None
        found = solo_drawing(solo.sheet, d.cards.by_id[ambush])  # type: ignore[arg-type]
        if found is not None:
            monster = found[1]
            # Every coin the monster earns, as the map will mark it (Dragon Inferno's included).
            outcome = draw_on_map(PlayerMap(solo.sheet, solo.coins, (), solo.resolved), monster)
            lost = outcome.lost
            logged = Draw(revealed, tuple(c.label for c in _cells(monster.mask)), outcome.gained)
    event = DrawEvent(revealed, started, decks.season_over(d), d.ruins_card, d.ruins_pending, ambush,
                      monster, logged.monster_coins, lost, unrecorded)
    return replace(state, deck=d, log=state.log + (logged,)), event


def _cells(mask: int) -> list[Cell]:
    from ..grid import iter_cells

    return list(iter_cells(mask))


def _is_space(label: str) -> bool:
    try:
        Cell.parse(label)
    except ValueError:
        return False
    return True


def check_season_over(state: GameState) -> None:
    """Refuse (IllegalAction) while the current season is still running."""
    s = season(state)
    if not season_over(state):
        raise IllegalAction(_("{season} is still running (time {used}/{threshold}): record scores when it ends")
                            .format(season=season_in_sentence(s), used=decks.time_used(state.deck), threshold=s.threshold),
                            code="season-running")


def ended_seasons(state: GameState) -> int:
    """How many seasons have ended (0 before spring's end, 4 once winter is over)."""
    return state.deck.season + (1 if season_over(state) else 0)


def season_to_record(state: GameState) -> str:
    """The season a record is for when none is named: the last one that ended."""
    done = ended_seasons(state)
    if not done:
        check_season_over(state)
    return state.seasons[done - 1].id


def check_season_to_score(state: GameState, season_id: str) -> int:
    """The index of a season that has ended and so can be recorded; refuse any other."""
    ids = [x.id for x in state.seasons]
    if season_id not in ids:
        try:
            season_id = state.catalog.season(season_id).id
        except UnknownCardError:
            raise IllegalAction(_("unknown season {season}").format(season=repr(season_id)),
                                code="unknown-season") from None
    i = ids.index(season_id)
    if i == state.deck.season:
        check_season_over(state)
    elif i > state.deck.season:
        asked = shown_name(state.seasons[i])
        now = shown_name(season(state))
        if season_over(state):
            message = _("cannot record {asked}: it has not ended; the season to score is {now}")
        else:
            message = _("cannot record {asked}: it has not ended ({now} is running)")
        raise IllegalAction(message.format(asked=asked, now=now), code="wrong-season")
    return i


def _record(state: GameState, action: Record) -> tuple[GameState, RecordEvent]:
    i = player_index(state, action.player)
    k = check_season_to_score(state, action.season)
    s = state.seasons[k]
    player = state.setup.players[i]
    earlier = state.scores[i][k]
    if earlier is not None and not action.replace:
        raise IllegalAction(_("{player} already has a score for {season}").format(player=player, season=season_in_sentence(s)),
                            code="already-recorded")
    track = coin_track(state)
    for what, value, low, high in (("edict1", action.edict1, 0, None), ("edict2", action.edict2, 0, None),
                                   ("coins", action.coins, 0, track), ("monsters", action.monsters, 0, None)):
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
            if high is not None:
                message = _("{box} should be a whole number from {low} to {high}, not {value}")
            elif what == "monsters":
                message = _("{box} should be a whole number {low} or more (the stars lost, as a positive number), "
                            "not {value}")
            else:
                message = _("{box} should be a whole number {low} or more, not {value}")
            raise IllegalAction(message.format(box=what, low=low, high=high, value=repr(value)), code="bad-score")
    rec = replace(action, player=player, season=s.id)
    row = list(state.scores[i])
    row[k] = rec
    scores = state.scores[:i] + (tuple(row),) + state.scores[i + 1 :]
    return replace(state, scores=scores, log=state.log + (rec,)), RecordEvent(rec, earlier is not None)


def replay(setup: Setup, log: Sequence[Action], cards: Catalog | None = None) -> GameState:
    """The state reached by applying the log to a fresh game with this setup."""
    state = from_setup(setup, cards)
    for action in log:
        state, _ = apply(state, action)
    return state


def undo(state: GameState) -> tuple[GameState, Action]:
    """The game without its last action (replayed from the start), and the action undone."""
    if not state.log:
        raise IllegalAction(_("nothing to undo: the game has just been set up"), code="nothing-to-undo")
    return replay(state.setup, state.log[:-1], state.catalog), state.log[-1]


def withdraw(state: GameState, player: str, season_id: str) -> GameState:
    """The game without a player's records of a season kept since the last card was revealed
    (a drawing on that card taken back: the season is scored again); IllegalAction when there
    is none."""
    name = state.setup.players[player_index(state, player)]
    draws = [i for i, a in enumerate(state.log) if isinstance(a, Draw)]
    since = draws[-1] if draws else -1
    kept = tuple(a for i, a in enumerate(state.log)
                 if not (i > since and isinstance(a, Record) and a.player == name and a.season == season_id))
    if len(kept) == len(state.log):
        raise IllegalAction(_("{player} has no record of {season} since the card on the table was revealed").format(
            player=name, season=season_id), code="not-recorded")
    return replay(state.setup, kept, state.catalog)


def iter_log(state: GameState) -> list[tuple[Action, str]]:
    """Each action of the log with the id of the season it belongs to."""
    return list(_log_seasons(state))


@lru_cache(maxsize=16)
def _log_seasons(state: GameState) -> tuple[tuple[Action, str], ...]:
    # The log replayed once per game state (a state never changes): the table asks at every
    # request, for each seat, what is at hand, which asks which season revealed each ambush.
    out: list[tuple[Action, str]] = []
    step = from_setup(state.setup, state.catalog)
    for action in state.log:
        step, _ = apply(step, action)
        out.append((action, action.season if isinstance(action, Record) else season(step).id))
    return tuple(out)


def score_for_record(state: GameState, player: str, sheet: Sheet, coins: int, *, season_id: str | None = None,
                     replace_: bool = False, source: str | None = None) -> tuple[Record, ScoreReport]:
    """Score a player's sheet for an ended season (the last one by default) with that
    season's two edicts. Returns the record and the score report (for showing the working)."""
    from ..scoring import score_sheet

    name = state.setup.players[player_index(state, player)]
    s = state.seasons[check_season_to_score(state, season_id or season_to_record(state))]
    if sheet.side.id != state.setup.sheet:
        raise IllegalAction(_("the map is on the {side} side but this game uses {game_side}").format(
            side=sheet.side.id, game_side=state.setup.sheet), code="wrong-side")
    edicts: list[tuple[str | None, str, str]] = [(x, edict_card(state, x).id, edict_card(state, x).name)
                                                 for x in s.edicts]
    report = score_sheet(sheet, edicts, coins, player=name, season=s.id)
    e1, e2 = (c.score.points for c in report.cards)
    return Record(name, s.id, e1, e2, coins, report.monsters, replace_, source), report
