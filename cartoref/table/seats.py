"""The table's seats: each player's map file beside the game, who draws on which map for the
card on the table, who has drawn it, and the season scored by itself once every seat has drawn
its last card. The table page (``cartoref serve``) stands on these; so could any other shell.

A seat's map file is named after the seat (the player's name as the game spells it, made safe
for a file name), never after anything a request sends.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import TYPE_CHECKING, NamedTuple

from ..cards import AmbushCard
from ..errors import CartorefError, IllegalAction
from ..game import passes, player_index, season_to_record
from ..i18n import _
from ..mapfile import read_map

if TYPE_CHECKING:  # pragma: no cover
    from ..mapfile import MapFile
    from .game import Table
    from .results import Recorded, SeasonEnded, Unplaced


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
    folder = os.path.dirname(os.path.abspath(table.path))
    path = os.path.join(folder, f"{slug(name, i)}.yaml")
    if os.path.exists(path):
        try:
            found = read_map(path)
            theirs = found.player is not None and found.player.strip().lower() != name.lower()
            # A map of another game (another side or other edicts) is never this seat's.
            theirs = theirs or found.sheet.side.id != state.setup.sheet or found.edicts not in (None, state.setup.edicts)
        except CartorefError:
            theirs = False
        if theirs:
            path = os.path.join(folder, f"{slug(name, i)}-seat-{i + 1}.yaml")
    if create and not os.path.exists(path):
        try:
            # As new-map --game makes it, from the game already read (its lock is held here).
            write_new(path, blank_map(state.side, name, state.setup.edicts))
        except CartorefError:
            pass  # made by another request meanwhile
    return path


def drawer_of(table: Table, owner: str) -> str:
    """Who draws the card on the table on ``owner``'s map: its owner, or for an ambush in a game of
    several the neighbour it is passed to."""
    state = table.state
    card = table.at_hand.card
    name = state.setup.players[player_index(state, owner)]
    if isinstance(card, AmbushCard) and not state.setup.solo:
        return dict(passes(state.setup.players, card.arrow))[name]
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


def has_drawn(table: Table, owner: str) -> bool:
    """Whether ``owner``'s map holds a drawing for the card on the table."""
    from ..mapfile import player_map

    turn = table.at_hand.turn
    path = seat_map(table, owner, create=False)
    if turn is None or not os.path.exists(path):
        return False
    try:
        return player_map(read_map(path)).drawn_on(turn) is not None
    except CartorefError:
        return False


class Waiting(NamedTuple):
    """Who has drawn the card on the table and who is still to, among the seats taken."""

    drawn: tuple[str, ...]
    waiting: tuple[str, ...]


def waiting_for(table: Table, seated: tuple[str, ...]) -> Waiting:
    """Of the players seated, those who have drawn the card on the table and those still to
    (for an ambush, the one who draws on each seated map)."""
    drawn: list[str] = []
    waiting: list[str] = []
    for owner in seated:
        who = drawer_of(table, owner)
        (drawn if has_drawn(table, owner) else waiting).append(who)
    order = table.state.setup.players
    return Waiting(tuple(p for p in order if p in drawn), tuple(p for p in order if p in waiting and p not in drawn))


class SeasonClosed(NamedTuple):
    """What the season's end did by itself: the records kept, the effects applied, the maps whose
    owner must still choose (the troll's space)."""

    recorded: tuple[Recorded, ...]
    effects: tuple[SeasonEnded, ...]
    choose: tuple[tuple[str, int], ...]  # (player, the spaces to choose from)


def score_season(table: Table, seated: tuple[str, ...]) -> SeasonClosed | None:
    """Once every seated map has drawn the last card of a season: record each seated player not
    yet recorded, from their map file, then apply the effects after scoring on those maps in
    order (the troll's space chosen when only one can be; else left to its owner). None when
    the season is not at that point."""
    from ..errors import IllegalPlacement

    hand = table.at_hand
    if not seated or not hand.last_of_season or waiting_for(table, seated).waiting:
        return None
    season = season_to_record(table.state)
    k = [s.id for s in table.state.seasons].index(season)
    recorded = []
    for p in seated:
        i = player_index(table.state, p)
        if table.state.scores[i][k] is None:
            recorded.append(table.record(p, map_file=seat_map(table, p)))
    effects, choose = [], []
    if table.state.deck.season < len(table.state.seasons) - 1 and any(
            season not in read_map(seat_map(table, p)).resolved for p in seated):
        for p in seated:
            path = seat_map(table, p)
            if season in read_map(path).resolved:
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


def owner_name(table: Table, player: str) -> str:
    """A player's name as the game spells it (any case typed); IllegalAction for a stranger."""
    return table.state.setup.players[player_index(table.state, player)]


def read_seat_map(table: Table, player: str) -> MapFile | None:
    """The map file of a player's seat as it is now, or None when the seat has none yet."""
    path = seat_map(table, player, create=False)
    return read_map(path) if os.path.exists(path) else None


def take_back_last(table: Table, owner: str) -> Unplaced:
    """Take back the last drawing on a seat's map, only while its card is on the table."""
    from ..mapfile import player_map
    from .maps import unplace

    path = seat_map(table, owner, create=False)
    turn = table.at_hand.turn
    mf = read_map(path) if os.path.exists(path) else None
    history = player_map(mf).drawings if mf is not None else ()
    if turn is None or not history or history[-1].turn != turn:
        raise IllegalAction(_("{player}'s map holds no drawing of the card on the table to take back (only the last "
                              "drawing, while its card is on the table)").format(player=owner_name(table, owner)),
                            code="nothing-to-take-back")
    return unplace(path)
