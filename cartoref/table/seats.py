"""The table's seats: each player's map file beside the game, who draws on which map for the
card on the table, who has drawn it, and the season scored by itself once every seat has drawn
its last card. The table page (``cartoref serve``) stands on these; so could any other shell.

A seat's map file is named after the seat (the player's name as the game spells it, made safe
for a file name), never after anything a request sends.
"""

from __future__ import annotations

import functools
import os
import re
import unicodedata
from typing import TYPE_CHECKING, NamedTuple

from ..cards import AmbushCard
from ..errors import CartorefError, IllegalAction
from ..game import after_scoring, ended_seasons, game_over, passes, recorded, season_to_record
from ..game import player_index as find_player
from ..i18n import _
from ..mapfile import MapFile, read_map
from ..store.filestore import FILES
from .seatbook import (
    Seats,
    book_path,
    hashed,
    holder,
    new_token,
    read_seats,
    with_referee,
    with_seat,
    without_seat,
    write_seats,
)

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Hashable

    from ..game import GameState
    from ..store import Store
    from .game import Table
    from .results import Drawn, Recorded, SeasonEnded, Unplaced


_MAPS: dict[str, tuple[tuple[int, int, int], MapFile]] = {}


def map_of(path: str, store: Store) -> MapFile:
    """A seat's map file as it is now, parsed once per version of the file (the store's version:
    in the files its inode, time and size, as every write replaces the file), so that a table of
    a hundred reads each map once per change, however many pages ask."""
    key = store.version(path)
    if key is None:
        return read_map(path, store=store)  # not there: read_map says so as it says it everywhere
    hit = _MAPS.get(path)
    if hit is not None and hit[0] == (store.where, key):
        return hit[1]
    mf = read_map(path, store=store)
    if len(_MAPS) > 1000:
        _MAPS.clear()
    _MAPS[path] = ((store.where, key), mf)
    return mf


_BOOKS: dict[str, tuple[object, Seats]] = {}


def seat_book(table: Table) -> Seats:
    """The seat book beside the game, read once per version of its file (its inode, time and
    size: every write replaces the file) and of the game's setup. Parsing its YAML of a hundred
    token hashes took most of the server's time when every token check and every reload of the
    table page read it again; the answer is shared, never to be changed (``with_seat`` and the
    like make new ones)."""
    path = book_path(table.path)
    version = table.store.version(path)
    if version is None:
        return read_seats(table.path, table.state.setup, table.store)  # no book: no seats (nothing to keep)
    key = (table.store.where, version, table.state.setup)
    hit = _BOOKS.get(path)
    if hit is not None and hit[0] == key:
        return hit[1]
    book = read_seats(table.path, table.state.setup, table.store)
    if len(_BOOKS) > 100:
        _BOOKS.clear()
    _BOOKS[path] = (key, book)
    return book


@functools.lru_cache(maxsize=16)
def _indexes(players: tuple[str, ...]) -> dict[str, int]:
    folded: dict[str, int] = {}
    for i, p in enumerate(players):
        folded.setdefault(p.lower(), i)
    return folded


def player_index(state: GameState, name: str) -> int:
    """A player's index by name, any case (as ``game.player_index``, whose refusal an unknown
    name still gets), looked up in a table made once per game: a table page's answer looks up
    every seat, and a search of the players for each made its work per change quadratic."""
    i = _indexes(state.setup.players).get(name.strip().lower())
    return find_player(state, name) if i is None else i


@functools.lru_cache(maxsize=16)
def _passed(players: tuple[str, ...], arrow: str) -> dict[str, str]:
    return dict(passes(players, arrow))


def slug(name: str, index: int) -> str:
    """A file-name-safe form of a player's name: ``Ann`` -> ``ann``; ``seat-3`` when nothing is left."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    plain = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40]
    return plain or f"seat-{index + 1}"


def seat_map(table: Table, player: str, *, create: bool = True) -> str:
    """The map file of a player's seat, beside the game file; made blank for the game (as
    ``new-map --game`` makes it) when it is not there yet and ``create``."""
    from ..mapfile import blank_map
    from .sheets import write_new

    state = table.state
    i = player_index(state, player)
    name = state.setup.players[i]
    if state.setup.solo and table.solo_map is not None:
        return table.solo_map
    store = table.store
    folder = os.path.dirname(table.path if store.where else os.path.abspath(table.path))
    path = os.path.join(folder, f"{slug(name, i)}.yaml")
    # Whose file it is depends on the file as it is now: worked out once per version of it (a
    # table's answer asks for every seat's map several times, at every change).
    mark = (store.where, path, name, state.setup.sheet, state.setup.edicts, store.version(path))
    known = _SEAT_PATHS.get(mark)
    if known is not None and (not create or store.exists(known)):
        return known
    chosen = _choose_seat_map(path, name, i, state, folder, store)
    if len(_SEAT_PATHS) > 2000:
        _SEAT_PATHS.clear()
    _SEAT_PATHS[mark] = chosen
    path = chosen
    if create and not store.exists(path):
        try:
            # As new-map --game makes it, from the game already read (its lock is held here).
            write_new(path, blank_map(state.side, name, state.setup.edicts), store=store)
        except CartorefError:
            pass  # made by another request meanwhile
    return path


_SEAT_PATHS: dict[tuple[object, ...], str] = {}


def file_key(path: str) -> Hashable | None:
    """What changes whenever a file is written (cartoref replaces a file it writes): its inode,
    time and size; None when it is not there."""
    return FILES.version(path)


def _choose_seat_map(path: str, name: str, i: int, state: GameState, folder: str, store: Store) -> str:
    """The seat's own map file name, or its fallback when a file of that name is another's (a
    map of another player, another side or other edicts)."""
    if store.exists(path):
        try:
            found = map_of(path, store)
            theirs = found.player is not None and found.player.strip().lower() != name.lower()
            # A map of another game (another side or other edicts) is never this seat's.
            theirs = theirs or found.sheet.side.id != state.setup.sheet or found.edicts not in (None, state.setup.edicts)
        except CartorefError:
            theirs = False
        if theirs:
            path = os.path.join(folder, f"{slug(name, i)}-seat-{i + 1}.yaml")
    return path


def drawer_of(table: Table, owner: str) -> str:
    """Who draws the card on the table on ``owner``'s map: its owner, or for an ambush in a game of
    several the neighbour it is passed to."""
    state = table.state
    card = table.at_hand.card
    name = state.setup.players[player_index(state, owner)]
    if isinstance(card, AmbushCard) and not state.setup.solo:
        return _passed(state.setup.players, card.arrow)[name]  # worked out once per ambush and table
    return name


def map_drawn_on(table: Table, drawer: str) -> str:
    """Whose map ``drawer`` draws the card on the table on (their own, or for an ambush the map
    passed to them)."""
    state = table.state
    name = state.setup.players[player_index(state, drawer)]
    return next(p for p in state.setup.players if drawer_of(table, p) == name)


def may_write(table: Table, seat: str, owner: str) -> bool:
    """Whether the player of ``seat`` may draw on ``owner``'s map now."""
    state = table.state
    return state.setup.players[player_index(state, owner)] == map_drawn_on(table, seat)


def may_use_skill(table: Table, seat: str, owner: str, name: str) -> bool:
    """Whether the player of ``seat`` may draw with the skill ``name`` on ``owner``'s map: its
    owner, whose coins pay; or the neighbour drawing an ambush's monster on it, for a skill that
    changes that monster (Acrobatics: the owner's choice, said across the table)."""
    from ..effectrules import AMBUSH_CARD, SKILL_RULES

    state = table.state
    if state.setup.players[player_index(state, owner)] == seat:
        return True
    skill, _season = table.skill(name)
    return SKILL_RULES[skill.acts].card == AMBUSH_CARD and may_write(table, seat, owner)


def map_version(table: Table, player: str) -> int | None:
    """A number that changes whenever a seat's map file does (None when it has none yet): a page
    asks for a map again only when its number changed."""
    import zlib

    version = table.store.version(seat_map(table, player, create=False))
    if version is None:
        return None
    return zlib.crc32(repr(version).encode("ascii"))


def has_drawn(table: Table, owner: str) -> bool:
    """Whether ``owner``'s map holds a drawing for the card on the table."""
    from ..mapfile import player_map

    turn = table.at_hand.turn
    path = seat_map(table, owner, create=False)
    if turn is None or not table.store.exists(path):
        return False
    try:
        return player_map(map_of(path, table.store)).drawn_on(turn) is not None
    except CartorefError:
        return False


class Waiting(NamedTuple):
    """Who has drawn the card on the table and who is still to, among the seats taken."""

    drawn: tuple[str, ...]
    waiting: tuple[str, ...]


def waiting_for(table: Table, seated: tuple[str, ...]) -> Waiting:
    """Of the players seated, those who have drawn the card on the table and those still to
    (for an ambush, the one who draws on each seated map)."""
    drawn: set[str] = set()
    waiting: set[str] = set()
    for owner in seated:
        who = drawer_of(table, owner)
        (drawn if has_drawn(table, owner) else waiting).add(who)
    order = table.state.setup.players
    # Sets, not lists: a table of a hundred looked each player up in a hundred names.
    return Waiting(tuple(p for p in order if p in drawn), tuple(p for p in order if p in waiting and p not in drawn))


class SeasonClosed(NamedTuple):
    """What the season's end did by itself: the records kept, the effects applied, the maps whose
    owner must still choose (the troll's space)."""

    recorded: tuple[Recorded, ...]
    effects: tuple[SeasonEnded, ...]
    choose: tuple[tuple[str, int], ...]  # (player, the spaces to choose from)


def score_season(table: Table, seated: tuple[str, ...], *, force: bool = False) -> SeasonClosed | None:
    """Once every seated map has drawn the last card of a season (or, ``force``, as the maps
    stand): record each seated player not yet recorded, from their map file, then apply the
    effects after scoring on those maps in order (the troll's space chosen when only one can
    be; else left to its owner). None when the season is not at that point."""
    from ..errors import IllegalPlacement

    hand = table.at_hand
    if not seated or not hand.last_of_season or (waiting_for(table, seated).waiting and not force):
        return None
    season = season_to_record(table.state)
    k = [s.id for s in table.state.seasons].index(season)
    to_record = [(p, seat_map(table, p)) for p in seated if table.state.scores[player_index(table.state, p)][k] is None]
    recorded = table.record_maps([(p, path, map_of(path, table.store)) for p, path in to_record])
    effects, choose = [], []
    # Only where an effect after scoring was revealed: a base game's maps keep no "after" line.
    if table.state.deck.season < len(table.state.seasons) - 1 and after_scoring(table.state):
        for p in seated:
            path = seat_map(table, p)
            if season in map_of(path, table.store).resolved:
                continue
            try:
                effects.extend(table.season_end((path,)))
            except IllegalPlacement as e:
                if e.code != "troll-target":
                    raise
                choose.append((p, e.spaces))
            except IllegalAction:
                continue
    return SeasonClosed(tuple(recorded), tuple(effects), tuple(choose))


def pending_choices(table: Table, seated: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The choices the table waits for after a season's scoring: (player, the spaces their
    troll may destroy) for each seated map recorded for the season just scored whose troll's
    space is still to choose."""
    from ..errors import IllegalPlacement

    state = table.state
    if not ended_seasons(state) or not after_scoring(state) or game_over(state):
        return ()
    season = season_to_record(state)
    k = [s.id for s in state.seasons].index(season)
    out = []
    for p in seated:
        if state.scores[player_index(state, p)][k] is None:
            continue
        path = seat_map(table, p, create=False)
        try:
            if not table.store.exists(path) or season in map_of(path, table.store).resolved:
                continue
            table.season_end((path,), write=False)
        except IllegalPlacement as e:
            if e.code == "troll-target":
                out.append((p, e.spaces))
        except CartorefError:
            continue
    return tuple(out)


class RefereeDrawn(NamedTuple):
    """The referee's draw: the card(s) revealed, the season scored first (if it was), the seats
    that had not drawn the card before it (a forced draw)."""

    drawn: Drawn
    scored: SeasonClosed | None
    skipped: tuple[str, ...]
    card: str | None  # the card they skipped (its id)


def referee_draw(table: Table, seated: tuple[str, ...], *, force: bool = False) -> RefereeDrawn:
    """The next card, as the table's referee draws it (the pages and ``cartoref draw`` alike):

    - while a seated map has not drawn the card on the table, refused (``still-drawing``) unless
      ``force``;
    - a season's last card: the season is scored first, every seated map as it stands (forced,
      those who had not drawn are scored without that drawing, and named in ``skipped``);
    - a troll's space still to choose after the season's scoring holds the draw, forced or not
      (``choice-pending``): the season is scored, and the table waits for its owner.
    """
    hand = table.at_hand
    skipped: tuple[str, ...] = ()
    scored = None
    if hand.card is not None and seated:
        still = waiting_for(table, seated).waiting
        if still and not force:
            raise IllegalAction(_("still drawing the card on the table: {players}; a forced draw goes on without "
                                  "them").format(players=", ".join(still)), code="still-drawing")
        skipped = still
        scored = score_season(table, seated, force=True)
    waiting = pending_choices(table, seated)
    if waiting:
        raise IllegalAction(_("waiting for the troll's space on {players}'s map: its owner chooses it first").format(
            players=", ".join(p for p, _ in waiting)), code="choice-pending", spaces=waiting[0][1])
    drawn = table.draw()
    book = seat_book(table)
    if book.timer:  # the turn timer counts from the card's draw
        import time

        write_seats(table.store, table.path, book._replace(started=(table.at_hand.turn.number, time.time())))
    return RefereeDrawn(drawn, scored, skipped, hand.card.id if hand.card is not None and skipped else None)


def owner_name(table: Table, player: str) -> str:
    """A player's name as the game spells it (any case typed); IllegalAction for a stranger."""
    return table.state.setup.players[player_index(table.state, player)]


def read_seat_map(table: Table, player: str) -> MapFile | None:
    """The map file of a player's seat as it is now, or None when the seat has none yet."""
    path = seat_map(table, player, create=False)
    return map_of(path, table.store) if table.store.exists(path) else None


def take_back_last(table: Table, owner: str) -> Unplaced:
    """Take back the last drawing on a seat's map, only while its card is on the table. On a
    season's last card after the season scored itself, the season's record of that map goes
    with it (and its effects after scoring, when they were applied): the season is scored again
    once the map draws again."""
    from ..mapfile import player_map
    from .maps import unplace

    path = seat_map(table, owner, create=False)
    hand = table.at_hand
    turn = hand.turn
    mf = read_map(path, store=table.store) if table.store.exists(path) else None
    history = player_map(mf).drawings if mf is not None else ()
    season = hand.season.id
    after = bool(history) and hand.last_of_season and history[-1].card == f"after {season}"
    drawing = history[-2] if after and len(history) > 1 else history[-1] if history else None
    if turn is None or drawing is None or drawing.turn != turn:
        raise IllegalAction(_("{player}'s map holds no drawing of the card on the table to take back (only the last "
                              "drawing, while its card is on the table)").format(player=owner_name(table, owner)),
                            code="nothing-to-take-back")
    name = owner_name(table, owner)
    if hand.last_of_season and name in recorded(table.state):
        table.withdraw(name)
    if after:
        unplace(path, store=table.store)
    return unplace(path, store=table.store)


def seated(table: Table) -> tuple[str, ...]:
    """The players whose seat is taken (in the seat book), in the game's order."""
    taken = seat_book(table).seats
    return tuple(p for p in table.state.setup.players if p in taken)


def take_seat(table: Table, player: str) -> tuple[str, str]:
    """Take a player's seat (the caller holds the game's lock): (the player as the game spells
    it, the seat's token, given once: the book keeps its hash). A seat taken is refused."""
    name = owner_name(table, player)
    book = seat_book(table)
    if name in book.seats:
        raise IllegalAction(_("{player}'s seat is taken; the referee can free it").format(player=name),
                            code="seat-taken")
    token = new_token()
    write_seats(table.store, table.path, with_seat(book, name, token))
    seat_map(table, name)
    return name, token


def free_seat(table: Table, player: str) -> str:
    """Free a seat: its token no longer works. A seat not taken is refused (``seat-free``)."""
    book = seat_book(table)
    name = next((p for p in book.seats if p.lower() == player.strip().lower()), None)
    if name is None:
        raise IllegalAction(_("no seat taken by {player}").format(player=repr(player)), code="seat-free")
    write_seats(table.store, table.path, without_seat(book, name))
    return name


def add_referee(table: Table, token: str) -> None:
    """Keep a referee token for this game (its hash), so that the referee's page outlives the server."""
    book = seat_book(table)
    if hashed(token) not in book.referees:
        write_seats(table.store, table.path, with_referee(book, token))


def set_timer(table: Table, seconds: int) -> int:
    """The referee's turn timer: ``seconds`` a card from its draw (0: none), kept in the seat
    book; it counts from the card on the table's draw, or from now for a card already drawn."""
    import time

    book = seat_book(table)
    turn = table.at_hand.turn
    started = (turn.number, time.time()) if seconds and turn is not None else None
    write_seats(table.store, table.path, book._replace(timer=seconds, started=started))
    return seconds


def timer_of(table: Table) -> dict[str, float | int | None]:
    """The turn timer as the pages show it: its seconds a card, and when the card on the table's
    time is up (seconds since the epoch; None with no timer, or no card timed)."""
    book = seat_book(table)
    turn = table.at_hand.turn
    ends = None
    if book.timer and book.started is not None and turn is not None and book.started[0] == turn.number:
        ends = book.started[1] + book.timer
    return {"seconds": book.timer, "ends": ends}


def token_holder(table: Table, token: str) -> tuple[str | None, bool]:
    """Whose token it is at this game's table: (player, False), (None, True) for a referee, or
    (None, False) for nobody (a seat freed, another game set up)."""
    return holder(seat_book(table), token)
