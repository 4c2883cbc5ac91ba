"""``cartoref verify``: the games and maps of an event (or any folder of the store) checked, each
sheet reported verified, illegal (a step that breaks a rule, named) or disputed (what cartoref
cannot check: a map alone typed from paper keeps no drawings to replay, a score with no map; a
game's map typed from paper has its drawings found again, ``game.reconstruct``).

A game is replayed from its log, and each player's map (the seat's, else the one the player's
last score was read from) from its drawings against the game's turns and the scores recorded
(``game.verify``). A map alone is read, its drawings replayed on a blank sheet (each legal for
its card), its grid compared with what they make, its edicts with the round's.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from ..errors import CartorefError, UsageError
from ..i18n import _
from ..store import current

if TYPE_CHECKING:  # pragma: no cover
    from ..game import GameState
    from ..mapfile import MapFile
    from ..store import Store

VERIFIED, ILLEGAL, DISPUTED = "verified", "illegal", "disputed"
#: Texts beside the games that are not sheets.
_NOT_SHEETS = (".seats.yaml", "event.yaml")


class Checked(NamedTuple):
    """One sheet's verdict: the file, its game (None for a map alone), its player."""

    file: str
    game: str | None
    player: str
    status: str
    step: str = ""
    why: str = ""
    score: int | None = None


class Report(NamedTuple):
    items: tuple[Checked, ...]

    def count(self, status: str) -> int:
        return sum(i.status == status for i in self.items)


def verify(names: tuple[str, ...], *, edicts: tuple[str, ...] | None = None, event: str | None = None,
           round_number: int | None = None) -> Report:
    """Verify the games and maps named (files or folders of the run's store), or an event's
    games (a round's, or every round's); ``edicts``: the round's, that every map alone must have."""
    from .gamefile import looks_like_game

    store = current()
    keys = list(_event_games(event, round_number, store)) if event else _expand(names, store)
    if not keys:
        raise UsageError(_("nothing to verify: name game or map files, folders, or --event"), code="nothing")
    games, maps = [], []
    for key in keys:
        (games if looks_like_game(key, store) else maps).append(key)
    out: list[Checked] = []
    covered: set[str] = set()
    for key in games:
        checked = _verify_game(store, key)
        out += checked
        covered |= {_where(store, c.file) for c in checked}
    for key in maps:
        if _where(store, key) not in covered:
            out.append(_verify_map(store, key, edicts))
    return Report(tuple(out))


def _where(store: Store, key: str) -> str:
    """A key as one name for it (a file's absolute path)."""
    return os.path.normpath(os.path.abspath(key) if store.where == "" else key)


def _event_games(event: str, round_number: int | None, store: Store) -> list[str]:
    from ..game.event import game_key
    from .events import read_event

    ev = read_event(event, store)
    rounds = range(1, len(ev.rounds) + 1) if round_number is None else [round_number]
    if round_number is not None and not 1 <= round_number <= len(ev.rounds):
        raise UsageError(_("{event} has no round {n} (rounds 1 to {last})").format(
            event=ev.name, n=round_number, last=len(ev.rounds)), code="no-round")
    return [game_key(ev.name, r, t) for r in rounds for t in range(1, len(ev.rounds[r - 1].tables) + 1)]


def _expand(names: tuple[str, ...], store: Store) -> list[str]:
    out: list[str] = []
    for name in names:
        if store.exists(name) and not (store.where == "" and os.path.isdir(name)):
            out.append(name)
            continue
        found = [k for k in store.keys(name) if k.endswith((".yaml", ".yml")) and not k.endswith(_NOT_SHEETS)]
        sub = [k for k in store.keys(name) if store.where == "" and os.path.isdir(k)]
        if not found and not sub and not (store.where == "" and os.path.isdir(name)):
            raise UsageError(_("{file}: no game, map or folder here").format(file=name), code="no-file")
        out += found
        out += _expand(tuple(sub), store) if sub else []
    return out


def _maps_of(store: Store, key: str, state: GameState) -> list[tuple[int, str | None]]:
    """Each player's map file: the solo map (or the sheet handed in beside a solo game played on
    paper); the seat's; else the last score's source."""
    from .game import Table
    from .handedin import sheet_of
    from .seats import seat_map

    table = Table(store, key, state)
    out: list[tuple[int, str | None]] = []
    for i, player in enumerate(state.setup.players):
        if state.setup.solo:  # its map file, else the sheet handed in beside a game played on paper
            out.append((i, table.solo_map or sheet_of(key, None, store)))
            continue
        seat = seat_map(table, player, create=False)
        if store.exists(seat) and _where(store, seat) != _where(store, key):
            out.append((i, seat))
            continue
        sources = [r.source for r in state.scores[i] if r is not None and r.source]
        out.append((i, os.path.join(os.path.dirname(key), sources[-1]) if sources and not os.path.isabs(sources[-1])
                    else (sources[-1] if sources else None)))
    return out


def _verify_game(store: Store, key: str) -> list[Checked]:
    from ..game.verify import verify_player
    from ..mapfile import player_map
    from .gamefile import read_game
    from .handedin import is_photo, read_sheet

    try:
        state = read_game(key, store=store)
    except CartorefError as e:
        return [Checked(key, key, "", ILLEGAL, _("the game file"), e.render().splitlines()[0])]
    out = []
    for i, path in _maps_of(store, key, state):
        player = state.setup.players[i]
        if path is None or not (is_photo(path) or store.exists(path)):
            scored = any(r is not None for r in state.scores[i])
            out.append(Checked(path or key, key, player, DISPUTED, _("the map"),
                               _("no map file: scored by hand, nothing to replay") if scored
                               else _("no map file yet")))
            continue
        mf, step, why = read_sheet(key, path, state.setup.sheet, store)
        if mf is None:  # a map file cartoref cannot read is illegal; a photo it doubts, disputed
            out.append(Checked(path, key, player, DISPUTED if is_photo(path) else ILLEGAL, step, why))
            continue
        v = verify_player(state, i, player_map(mf))
        status = VERIFIED if v.verified else DISPUTED if v.disputed else ILLEGAL
        out.append(Checked(path, key, player, status, v.step, v.why, v.score))
    return out


def _drawn(mf: MapFile) -> int:
    """The spaces a player drew (beyond the printed mountains and wastelands)."""
    from ..grid import BOARD

    return BOARD & ~(mf.sheet.mountains | mf.sheet.wastelands) & mf.sheet.filled


def _verify_map(store: Store, key: str, edicts: tuple[str, ...] | None) -> Checked:
    from ..game.verify import replay_alone
    from ..mapfile import player_map, read_map

    try:
        mf = read_map(key, store=store)
    except CartorefError as e:
        return Checked(key, None, "", ILLEGAL, _("the map file"), e.render().splitlines()[0])
    player = mf.player or ""
    if edicts and mf.edicts and tuple(mf.edicts) != tuple(edicts):
        return Checked(key, None, player, ILLEGAL, _("the edicts"), _("the map's edicts are {mine}, the round's "
                                                                       "{theirs}").format(
            mine=", ".join(mf.edicts), theirs=", ".join(edicts)))
    if not mf.drawings:
        if _drawn(mf):
            return Checked(key, None, player, DISPUTED, _("the map"),
                           _("typed from paper: it keeps no drawings to replay"))
        return Checked(key, None, player, VERIFIED)
    step, why = replay_alone(player_map(mf))
    return Checked(key, None, player, VERIFIED if not step else ILLEGAL, step, why)
