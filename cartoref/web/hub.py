"""What the table page's server holds between requests: the game file it follows, the seats taken
(each with its token), the referee's token, and the table's version for the event stream.

Every read and write of the game and its maps goes through the table layer (``Table.open``:
under the game's lock); the hub keeps only the seats, which live as long as the server does.
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import CartorefError
from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Table


class Caller(NamedTuple):
    """Who a request comes from: a seat (its player) or the referee."""

    player: str | None
    referee: bool


class Refused(Exception):
    """A request the server turns down: its HTTP status, code and message."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class Hub:
    """The server's state: the game followed, the seats and their tokens, the referee's token."""

    def __init__(self, game_path: str, referee_token: str | None = None):
        self.path = game_path
        self.referee_token = referee_token or secrets.token_urlsafe(24)
        self._seats: dict[str, str] = {}  # player (as the game spells it) -> token
        self._game: object = None  # the setup of the game the seats belong to
        self._lock = threading.Lock()
        self._version: tuple[float, tuple[object, ...]] = (0.0, ())
        self._watcher: Any = None
        self._answers: dict[str, tuple[object, Any]] = {}
        self._changed: Any = None

    # ------------------------------------------------------------------------ the game

    def table(self, *, write: bool = False) -> Table:
        """The game as its file holds it now (a 503 when there is none to read)."""
        from ..table import Table

        if not os.path.exists(self.path) and not os.path.islink(self.path):
            raise Refused(503, "no-game", _("{file}: no game file here yet (cartoref new starts one)").format(
                file=os.path.basename(self.path)))
        try:
            return Table.read(self.path, complete=write)
        except CartorefError as e:
            raise Refused(503, e.code or "unreadable-game", e.render().splitlines()[0]) from None

    # ------------------------------------------------------------------------ seats and tokens

    def seated(self, table: Table) -> tuple[str, ...]:
        """The players whose seat is taken, in the game's order (``table``: the game as read; a
        caller holding the game's lock passes its own, never read twice)."""
        with self._lock:
            self._same_game(table.state.setup)
            taken = set(self._seats)
        return tuple(p for p in table.state.setup.players if p in taken)

    def _same_game(self, setup: object) -> None:
        """Free every seat when the game file now holds another game (a new one set up in its
        place): a token is good for one seat of one game. Called under ``_lock``."""
        if setup != self._game:
            self._seats.clear()
            self._game = setup

    def take_seat(self, player: str) -> tuple[str, str]:
        """Take a player's seat: (the player as the game spells it, its token). A seat taken is
        refused (409) until the referee frees it; an unknown player is a 404."""
        from ..table.seats import owner_name

        table = self.table()
        try:
            name = owner_name(table, player)
        except CartorefError as e:
            raise Refused(404, e.code, str(e)) from None
        with self._lock:
            self._same_game(table.state.setup)
            if name in self._seats:
                raise Refused(409, "seat-taken", _("{player}'s seat is taken; the referee can free it").format(
                    player=name))
            token = secrets.token_urlsafe(24)
            self._seats[name] = token
        return name, token

    def free_seat(self, player: str) -> str:
        """Free a seat (the referee's): its token no longer works."""
        with self._lock:
            name = next((p for p in self._seats if p.lower() == player.strip().lower()), None)
            if name is None:
                raise Refused(404, "seat-free", _("no seat taken by {player}").format(player=repr(player)))
            del self._seats[name]
        return name

    def caller(self, authorization: str | None) -> Caller:
        """Who holds the token of an ``Authorization: Bearer TOKEN`` header (401 when nobody)."""
        token = (authorization or "").removeprefix("Bearer ").strip()
        if not token or not authorization or not authorization.startswith("Bearer "):
            raise Refused(401, "no-token", _("this needs a seat's token (Authorization: Bearer TOKEN)"))
        if secrets.compare_digest(token.encode(), self.referee_token.encode()):
            return Caller(None, True)
        setup = self.cached("setup", lambda: self.table().state.setup) if self._seats else None
        with self._lock:
            if setup is not None:
                self._same_game(setup)
            seats = list(self._seats.items())
        for player, known in seats:
            if secrets.compare_digest(token.encode(), known.encode()):
                return Caller(player, False)
        raise Refused(401, "bad-token", _("this token holds no seat (it was freed, or the server started again)"))

    def cached(self, name: str, work: Any) -> Any:
        """What ``work()`` gives for the table as it is now, worked out once per change of the
        table (a hundred phones reloading after a draw read the files once)."""
        version = self.version(fresh=True)
        with self._lock:
            hit = self._answers.get(name)
        if hit is not None and hit[0] == version:
            return hit[1]
        value = work()
        with self._lock:
            self._answers[name] = (version, value)
        return value

    # ------------------------------------------------------------------------ the event stream

    async def changes(self) -> Any:
        """Wait for the table's next change: one watcher looks at the files four times a second
        for every stream, however many phones listen."""
        import asyncio

        if self._watcher is None or self._watcher.done():
            self._changed = asyncio.Event()
            self._watcher = asyncio.create_task(self._watch())
        await self._changed.wait()

    async def _watch(self) -> None:
        import asyncio

        from starlette.concurrency import run_in_threadpool

        last = await run_in_threadpool(self.version)
        while True:
            await asyncio.sleep(0.25)
            now = await run_in_threadpool(self.version)
            if now != last:
                last = now
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    def version(self, *, fresh: bool = False) -> tuple[object, ...]:
        """What changes whenever the table does: the game file's and the seats' maps' times and
        sizes, and the seats taken (worked out at most five times a second, for every stream)."""
        now = time.monotonic()
        with self._lock:
            at, version = self._version
            if now - at < 0.2 and not fresh:
                return version
            seats = tuple(sorted(self._seats))
        folder = os.path.dirname(os.path.abspath(self.path))
        parts: list[object] = [seats]
        for name in [self.path, *(os.path.join(folder, f) for f in _yaml_files(folder))]:
            try:
                st = os.stat(name)
                parts.append((name, st.st_ino, st.st_mtime_ns, st.st_size))
            except OSError:
                parts.append((name, None))
        version = tuple(parts)
        with self._lock:
            self._version = (now, version)
        return version


def _yaml_files(folder: str) -> list[str]:
    try:
        return sorted(f for f in os.listdir(folder) if f.endswith(".yaml"))[:500]
    except OSError:
        return []


def check_player(name: object) -> str:
    """A player's name from a request body (a short string)."""
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise Refused(400, "bad-request", _("name the player: {example}").format(example='{"player": NAME}'))
    return name
