"""The table's seat book: who sits where at a game's table, kept beside the game file
(``cartoref-game.seats.yaml`` for ``cartoref-game.yaml``), so that seats, their tokens and the
referee's page outlive the server that handed them out.

A token is kept only as its SHA-256: the book never holds one in clear. The book belongs to one
game (its setup's fingerprint): a new game set up in the game file frees every seat and every
referee token. Written atomically, under the game file's lock (the caller holds it). The book is
a key of the game's store, beside the game's.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, NamedTuple

from ..files import SystemRefused, TooLarge

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Setup
    from ..store import Store

#: How many referee tokens a game keeps (each ``serve`` adds one; older ones stop working).
REFEREES = 8
_HEADER = ("# cartoref seats: who sits where at this game's table (the table page).\n"
           "# Tokens are kept as their SHA-256 only. Delete this file to free every seat.\n")


class Seats(NamedTuple):
    """A game's seats: the game they belong to, each seat's token hash, the referee tokens' hashes."""

    game: str
    seats: dict[str, str]  # player (as the game spells it) -> token hash
    referees: tuple[str, ...]
    timer: int = 0  # the referee's turn timer: seconds a card, 0 for none
    started: tuple[int, float] | None = None  # (the turn, when its card was drawn: seconds since the epoch)


def book_path(game_path: str) -> str:
    """The seat book of the game file ``game_path``, beside it."""
    stem = game_path.removesuffix(".yaml")
    return stem + ".seats.yaml"


def fingerprint(setup: Setup) -> str:
    """Which game a seat book belongs to: its setup, in short."""
    return hashlib.sha256(repr(setup).encode("utf-8")).hexdigest()[:24]


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def read_seats(game_path: str, setup: Setup, store: Store) -> Seats:
    """The seats of the game in ``game_path`` (none when the book is missing, unreadable, or of
    another game)."""
    import yaml

    empty = Seats(fingerprint(setup), {}, ())
    try:
        data = yaml.safe_load(store.read(book_path(game_path), 1 << 20))
    except (OSError, SystemRefused, TooLarge, yaml.YAMLError, ValueError):
        return empty  # no book, or one cartoref cannot read (too large, not a file): as if none
    if not isinstance(data, dict) or data.get("game") != empty.game:
        return empty
    seats = data.get("seats") or {}
    referees = data.get("referees") or []
    if not isinstance(seats, dict) or not isinstance(referees, list):
        return empty
    timer = data.get("timer", 0)
    started = data.get("started")
    ok_start = isinstance(started, list) and len(started) == 2 and all(isinstance(v, (int, float)) for v in started)
    return Seats(empty.game, {str(k): str(v) for k, v in seats.items() if k in setup.players},
                 tuple(str(r) for r in referees)[-REFEREES:],
                 timer if isinstance(timer, int) and 0 <= timer <= 3600 else 0,
                 (int(started[0]), float(started[1])) if ok_start else None)


def write_seats(store: Store, game_path: str, seats: Seats) -> None:
    """Save the seat book (atomically; the caller holds the game's lock)."""
    import yaml

    data: dict[str, object] = {"game": seats.game, "seats": dict(seats.seats), "referees": list(seats.referees)}
    if seats.timer:
        data["timer"] = seats.timer
        if seats.started is not None:
            data["started"] = list(seats.started)
    body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    store.write(book_path(game_path), _HEADER + body)


def holder(seats: Seats, token: str) -> tuple[str | None, bool]:
    """Whose ``token`` it is: (the seat's player, False), (None, True) for the referee, or
    (None, False) for nobody. Compared in constant time."""
    h = hashed(token).encode()
    for r in seats.referees:
        if secrets.compare_digest(h, r.encode()):
            return None, True
    for player, known in seats.seats.items():
        if secrets.compare_digest(h, known.encode()):
            return player, False
    return None, False


def with_seat(seats: Seats, player: str, token: str) -> Seats:
    return seats._replace(seats={**seats.seats, player: hashed(token)})


def without_seat(seats: Seats, player: str) -> Seats:
    return seats._replace(seats={p: h for p, h in seats.seats.items() if p != player})


def with_referee(seats: Seats, token: str) -> Seats:
    h = hashed(token)
    kept = tuple(r for r in seats.referees if r != h)
    return seats._replace(referees=(kept + (h,))[-REFEREES:])
