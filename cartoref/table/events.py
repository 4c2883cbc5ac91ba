"""An event in the run's store: its record (``NAME/event.yaml``) and a game per table per round
(``NAME/round-R/table-T/game.yaml``, each table's seat maps and seat book beside its game).
Setting one up, starting a round and its standings; the rules of seating and ranking are
``game.event``'s."""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, NamedTuple

from ..errors import CartorefError, UsageError
from ..i18n import _
from ..store import current

if TYPE_CHECKING:  # pragma: no cover
    from ..game import GameState
    from ..game.event import Event, Result, Standing
    from ..store import Store


#: The most players an event seats (a table seats at most a game's 100).
MAX_EVENT_PLAYERS = 10_000


class RoundMade(NamedTuple):
    """A round set up: the event after it, its number and each table's game."""

    event: Event
    number: int
    games: tuple[str, ...]


class GameAt(NamedTuple):
    """A table's game in a round, as its file says now."""

    round: int
    table: int
    key: str
    players: tuple[str, ...]
    final: bool
    state: GameState | None  # None when the game cannot be read
    problem: str = ""


class EventStandings(NamedTuple):
    event: Event
    standings: tuple[Standing, ...]
    games: tuple[GameAt, ...]
    by: str
    then: str


def event_key(name: str) -> str:
    return f"{name}/event.yaml"


def table_game(event: str, round_number: int, table: int) -> str:
    """Where table ``table`` of round ``round_number`` keeps its game (``game.event.game_key``)."""
    from ..game.event import game_key

    return game_key(event, round_number, table)


def check_name(name: str) -> str:
    """An event's name: a short name that is a folder of the store."""
    plain = name.strip()
    if not plain or len(plain) > 80 or any(ch in plain for ch in "/\\\0") or plain.startswith("."):
        raise UsageError(_("{name}: an event's name is a short name without slashes (club-night)").format(
            name=repr(name)), code="bad-event-name")
    return plain


def read_players(spec: str) -> tuple[str, ...]:
    """The players of ``--players``: a file of names (one a line; # starts a comment), or names
    separated by commas."""
    from ..game.opening import check_player_names
    from .lookup import split_names

    if os.path.isfile(spec):
        from ..files import TooLarge, read_text

        try:
            text = read_text(spec, 1 << 20)
        except (OSError, TooLarge, UnicodeDecodeError) as e:
            raise UsageError(_("{file}: cannot read the players ({reason})").format(file=spec, reason=str(e)),
                             code="bad-players") from None
        names = [line.split("#", 1)[0].strip() for line in text.splitlines()]
        names = [n for n in names if n]
    else:
        names = split_names(spec)
    if not names:
        raise UsageError(_("name the players: --players \"Ann,Bob,Cy\" or a file with one name a line"),
                         code="bad-players")
    return check_player_names(names, MAX_EVENT_PLAYERS)


def read_event(name: str, store: Store | None = None) -> Event:
    from ..files import TooLarge
    from ..game.event import parse_event

    store = store or current()
    key = event_key(check_name(name))
    try:
        text = store.read(key, 16 << 20)
    except FileNotFoundError:
        raise UsageError(_("{name}: no event of that name here (cartoref event new {name} ...)").format(name=name),
                         code="no-event") from None
    except (OSError, TooLarge, UnicodeDecodeError) as e:
        raise UsageError(_("{file}: cannot read the event ({reason})").format(file=key, reason=str(e)),
                         code="bad-event") from None
    return parse_event(text, key)


def new_event(name: str, tables: int, players: str, *, seed: int, edition: str = "base", sheet: str | None = None,
              ambushes: str | None = None, by: str = "score", points: tuple[int, ...] | None = None,
              then: str = "rank", as_given: bool = False) -> RoundMade:
    """Set up an event and its first round: the players seated by the seed (or as given, table
    by table), one deal for every table, a game per table."""
    from ..game.event import DEFAULT_POINTS, RANKINGS, Event, seat

    name = check_name(name)
    if tables < 1:
        raise UsageError(_("--tables: at least one table"), code="bad-tables")
    if by not in RANKINGS:
        raise UsageError(_("--by: score or rank, not {by}").format(by=repr(by)), code="ranking")
    names = read_players(players)
    store = current()
    if store.exists(event_key(name)):
        raise UsageError(_("{name}: an event of that name is here already").format(name=name), code="event-exists")
    event = Event(name, seed, names, tables, edition, sheet, ambushes, by, points or DEFAULT_POINTS, then)
    if as_given:
        from ..game.event import table_sizes

        sizes, seated, i = table_sizes(len(names), tables), [], 0
        for size in sizes:
            seated.append(names[i:i + size])
            i += size
        layout: tuple[tuple[tuple[str, ...], ...], tuple[str, ...]] = (tuple(seated), ())
        if len(sizes) > 1 and sizes[-1] == 1:
            layout = (tuple(seated[:-1]), tuple(seated[-1]))
    else:
        layout = seat(list(names), tables, "random", random.Random(f"{seed}:seats:1"))
    return _start_round(store, event, *layout, create=True)


def _start_round(store: Store, event: Event, tables: tuple[tuple[str, ...], ...], byes: tuple[str, ...],
                 *, create: bool = False) -> RoundMade:
    """Deal the round (one seed for every table), make each table's game, keep the record."""
    from ..game.event import Round, format_event, game_key, round_seed
    from .gamefile import set_up

    number = len(event.rounds) + 1
    deal = round_seed(event.seed, number)
    event = event._replace(rounds=(*event.rounds, Round(deal, tables, byes)))
    keys = []
    taken = [game_key(event.name, number, t) for t in range(1, len(tables) + 1)
             if store.exists(game_key(event.name, number, t))]
    if taken:
        raise UsageError(_("{files}: a game is here already; nothing was set up").format(files=", ".join(taken)),
                         code="game-exists")
    with store.together():
        for t, players in enumerate(tables, 1):
            key = game_key(event.name, number, t)
            store.make_folder(os.path.dirname(key))
            set_up(key, deal, players, sheet=event.sheet, edition=event.edition, ambushes=event.ambushes,
                   store=store)
            keys.append(key)
        if create:
            store.create(event_key(event.name), format_event(event))
        else:
            store.write(event_key(event.name), format_event(event))
    return RoundMade(event, number, tuple(keys))


def next_round(name: str, seating: str = "swiss", drop: tuple[str, ...] = (), back: tuple[str, ...] = ()
               ) -> RoundMade:
    """Start the event's next round: a new deal, the players still in seated by ``seating``
    (``random``, ``standing`` or ``swiss``); ``drop``: players leaving from this round on;
    ``back``: dropped players playing again."""
    from ..game.event import meetings, seat

    store = current()
    key = event_key(check_name(name))
    event = read_event(name, store)
    with store.locked(key):
        event = read_event(name, store)  # as it is now, under its lock
        unknown = [p for p in (*drop, *back) if p not in event.players]
        if unknown:
            raise UsageError(_("{players}: not players of {event}").format(players=", ".join(unknown),
                                                                           event=event.name), code="unknown-player")
        dropped = tuple(p for p in (*event.dropped, *drop) if p not in back)
        event = event._replace(dropped=tuple(dict.fromkeys(dropped)))
        order = [s.player for s in standings_of(event, store).standings]
        had_bye = {p for r in event.rounds for p in r.byes}
        rng = random.Random(f"{event.seed}:seats:{len(event.rounds) + 1}")
        tables, byes = seat(list(event.playing), event.tables, seating, rng, order, meetings(event), had_bye)
        return _start_round(store, event, tables, byes)


def games_of(event: Event, store: Store) -> list[GameAt]:
    """Every table's game of every round, read as it is now."""
    from ..game import game_over
    from ..game.event import game_key
    from .gamefile import read_game

    out = []
    for r, rnd in enumerate(event.rounds, 1):
        for t, players in enumerate(rnd.tables, 1):
            key = game_key(event.name, r, t)
            try:
                state = read_game(key, store=store)
            except CartorefError as e:
                out.append(GameAt(r, t, key, players, False, None, e.render().splitlines()[0]))
                continue
            final = game_over(state) and all(all(x is not None for x in row) for row in state.scores)
            out.append(GameAt(r, t, key, players, final, state))
    return out


def results_of(games: list[GameAt]) -> list[Result]:
    from ..game import standings
    from ..game.event import Result

    out = []
    for g in games:
        if g.state is None:
            continue
        st = standings(g.state)
        for p in st.players:
            out.append(Result(g.round, g.table, p.name, p.total, p.monsters, p.rank, g.final))
    return out


def standings_of(event: Event, store: Store, by: str | None = None, then: str | None = None) -> EventStandings:
    from ..game.event import standings

    games = games_of(event, store)
    ranked = standings(event, results_of(games), by=by, then=then)
    return EventStandings(event, ranked, tuple(games), by or event.by, then or event.then)


def event_standings(name: str, by: str | None = None, then: str | None = None) -> EventStandings:
    store = current()
    return standings_of(read_event(name, store), store, by, then)
