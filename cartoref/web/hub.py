"""What the table page's server holds between requests: the game file it follows, this run's
referee token, the table's version for the event stream, and answers worked out once per change.

Every read and write of the game, its maps and its seats goes through the table layer
(``Table.open``: under the game's lock); the seats and their tokens are the table's (its seat
book beside the game file), so they outlive the server.
"""

from __future__ import annotations

import os
import secrets
import threading
import time
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import CartorefError
from ..i18n import _
from ..table.seats import file_key

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Store, Table


class Caller(NamedTuple):
    """Who a request comes from: a seat (its player) or the referee."""

    player: str | None
    referee: bool


class Refused(Exception):
    """A request the server turns down: its HTTP status, code and message."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


#: Seconds without a change after which the event streams send a keep-alive (it keeps proxies'
#: and sleeping phones' connections open).
QUIET = 15.0


class _News:
    """One wake-up of every event stream: whether the table changed, or it is a keep-alive."""

    def __init__(self) -> None:
        import asyncio

        self.event = asyncio.Event()
        self.change = False


class Hub:
    """The server's state: the game followed, this run's referee token, the watcher, the answers."""

    def __init__(self, game_path: str, referee_token: str | None = None, store: Store | None = None):
        from ..table import current_store

        self.path = game_path
        #: Where the game is kept (the files, or a database: ``serve --db``).
        self.store = store or current_store()
        self._files = self.store.where == ""
        self.referee_token = referee_token or secrets.token_urlsafe(24)
        self._lock = threading.Lock()
        self._version: tuple[float, tuple[object, ...]] = (0.0, ())
        self._watcher: Any = None
        self._answers: dict[str, tuple[object, Any, float]] = {}  # name: (version, answer, when begun)
        self._working: dict[str, threading.Lock] = {}  # per answer: held while it is worked out
        self._flights: dict[str, tuple[float, Any]] = {}  # name: (when begun, the future of the answer being worked out)
        self._news: _News | None = None  # what every event stream waits on
        self._writes: Any = None
        self._poked: Any = None  # set after a write through this server: the watcher looks at once
        self._game_number: tuple[object, int] | None = None  # (the version it was worked out for, it)
        self._stopping: Any = None  # set when the server shuts down: every event stream ends
        self._game: tuple[object, Table] | None = None  # the game read last, with its file's key
        self._scanned: tuple[Any, int] = (None, 0)  # the folder's marks at the last scan, when it began
        self._told = 0  # the writes of this game's folder the store has told of (PostgreSQL)
        self._listening = False  # the store tells of writes: the watcher and the scans trust it

    def writes(self) -> Any:
        """The lock that the server's writes of the table queue on, one at a time (an asyncio
        lock, made on the server's event loop when first asked)."""
        import asyncio

        if self._writes is None:
            self._writes = asyncio.Lock()
        return self._writes

    # ------------------------------------------------------------------------ the game

    def table(self, *, write: bool = False) -> Table:
        """The game as its file holds it now (a 503 when there is none to read).

        For looking only (not ``write``), the game read last is given again while its file is
        the same (inode, time and size: every write replaces the file), without taking the
        game's lock: a drawing writes a map, not the game, yet a hundred pages' reads each
        waited for the lock behind every phone's drawing, holding the server's worker threads
        until the drawings' requests had none left (seconds, at a table of a hundred)."""
        from ..table import Table

        if not self.store.exists(self.path) and not (self._files and os.path.islink(self.path)):
            raise Refused(503, "no-game", _("{file}: no game file here yet (cartoref new starts one)").format(
                file=os.path.basename(self.path)))
        key = self.store.version(self.path)
        with self._lock:
            hit = self._game
        if not write and key is not None and hit is not None and hit[0] == key:
            return hit[1]
        try:
            table = Table.read(self.path, complete=write, store=self.store)
        except CartorefError as e:
            raise Refused(503, e.code or "unreadable-game", e.render().splitlines()[0]) from None
        if not write and key is not None:
            with self._lock:
                self._game = (key, table)
        return table

    # ------------------------------------------------------------------------ seats and tokens

    def seated(self, table: Table) -> tuple[str, ...]:
        """The players whose seat is taken, in the game's order (kept by the table beside the
        game file: they outlive the server)."""
        from ..table.seats import seated

        return seated(table)

    def keep_referee(self) -> None:
        """Keep this server's referee token with the game (its hash), so that the referee's URL
        still works after a restart; nothing when there is no game yet."""
        from ..table import Table
        from ..table.seats import add_referee

        try:
            with Table.open(self.path, complete=False, store=self.store) as table:
                add_referee(table, self.referee_token)
        except CartorefError:
            pass

    def take_seat(self, player: str) -> tuple[str, str]:
        """Take a player's seat: (the player as the game spells it, its token). A seat taken is
        refused (409) until it is freed; an unknown player is a 404."""
        from ..table import Table
        from ..table.seats import take_seat

        self.table()  # a 503 when there is no game
        try:
            with Table.open(self.path, complete=False, store=self.store) as table:
                return take_seat(table, player)
        except CartorefError as e:
            raise Refused(409 if e.code == "seat-taken" else 404, e.code or "unknown-player", str(e)) from None

    def free_seat(self, player: str) -> str:
        """Free a seat (the referee's, or its own player's): its token no longer works."""
        from ..table import Table
        from ..table.seats import free_seat

        self.table()
        try:
            with Table.open(self.path, complete=False, store=self.store) as table:
                return free_seat(table, player)
        except CartorefError as e:
            raise Refused(404, e.code or "seat-free", str(e)) from None

    def caller(self, authorization: str | None) -> Caller:
        """Who holds the token of an ``Authorization: Bearer TOKEN`` header (401 when nobody)."""
        from ..table.seats import token_holder

        token = (authorization or "").removeprefix("Bearer ").strip()
        if not token or not authorization or not authorization.startswith("Bearer "):
            raise Refused(401, "no-token", _("this needs a seat's token (Authorization: Bearer TOKEN)"))
        if secrets.compare_digest(token.encode(), self.referee_token.encode()):
            return Caller(None, True)
        try:
            table = self.cached("read", self.table)
        except Refused:
            table = None
        if table is not None:
            player, referee = token_holder(table, token)
            if player is not None or referee:
                return Caller(player, referee)
        raise Refused(401, "bad-token", _("this token holds no seat: the seat was freed, or another game was set up "
                                          "in the game file"))

    def cached(self, name: str, work: Any) -> Any:
        """What ``work()`` gives for the table as it is now, worked out once per change of the
        table (a hundred phones reloading after a draw read the files once).

        Once, not once per request: the requests that find the answer out of date wait while
        one of them works it out (a lock per answer), then take the answer worked out meanwhile
        when it was begun after they asked (it shows the files as they were then, or later). Each
        used to work it out itself, so a hundred phones reloading at once after a drawing did
        the work a hundred times; and each used to work it out again when the table had changed
        while it waited, so that, the table changing with every drawing, the waits grew into a
        convoy of work (half a second at a table of a hundred, after a season's end)."""
        asked = time.monotonic()
        version = self.version(fresh=True)
        with self._lock:
            hit = self._answers.get(name)
            working = self._working.setdefault(name, threading.Lock())
        if hit is not None and hit[0] == version:
            return hit[1]
        with working:
            with self._lock:
                hit = self._answers.get(name)
            if hit is not None and hit[2] >= asked:
                return hit[1]
            began = time.monotonic()
            version = self.version(fresh=True)
            if hit is not None and hit[0] == version:
                return hit[1]
            value = work()
            with self._lock:
                self._answers[name] = (version, value, began)
        return value

    async def shared(self, name: str, work: Any) -> Any:
        """``cached(name, work)`` for the event loop: the answer as it is known (``answered``),
        else the one being worked out when it was begun after this was asked, else one worked
        out now in a worker thread. The requests that wait for an answer being worked out hold no
        worker thread (a hundred phones' reloads, each holding one while it waited, left the
        drawings none: seconds at a table of a hundred)."""
        import asyncio

        from .threads import reading

        ready = self.answered(name)
        if ready is not None:
            return ready
        asked = time.monotonic()
        while name in self._flights:
            began, flight = self._flights[name]
            await asyncio.wait((flight,))
            if began >= asked and not flight.cancelled():
                return flight.result()  # its answer, or the refusal it met
        flight = asyncio.get_running_loop().create_future()
        flight.add_done_callback(lambda f: f.cancelled() or f.exception())  # never "not retrieved"
        self._flights[name] = (time.monotonic(), flight)
        try:
            value = await reading(self.cached, name, work)
        except asyncio.CancelledError:
            flight.cancel()
            raise
        except BaseException as e:
            flight.set_exception(e)
            raise
        else:
            flight.set_result(value)
        finally:
            del self._flights[name]
        return value

    # ------------------------------------------------------------------------ the event stream

    async def changes(self) -> bool:
        """Wait for the table's next change (True) or, after ``QUIET`` seconds without one, a
        keep-alive (False): one watcher looks at the files four times a second for every
        stream, however many phones listen, and wakes them all with one event (a stream's wait
        makes no task nor timer of its own: a hundred of them, at every change, were much of the
        server's work). Once the server is stopping (``stop``) the wait is cancelled
        (``asyncio.CancelledError``), so that every event stream ends at once and the server
        stops without waiting for them."""
        import asyncio

        if self._stopping is None:
            self._stopping = asyncio.Event()
        if self._stopping.is_set():
            raise asyncio.CancelledError
        if self._watcher is None or self._watcher.done():
            self._news = _News()
            self._watcher = asyncio.create_task(self._watch())
        news = self._news
        await news.event.wait()
        if self._stopping.is_set():
            raise asyncio.CancelledError
        return news.change

    def wrote(self) -> None:
        """A write through this server just ended: no scan made before it holds (where the store
        tells of writes, its telling may come a moment later)."""
        self._told += 1

    def poke(self) -> None:
        """A write through this server just ended: the watcher looks at the files now rather
        than at its next tick, so that the pages hear of a new card sooner (in the event loop)."""
        if self._poked is not None:
            self._poked.set()

    def stop(self) -> None:
        """The server is shutting down (called in its event loop): every wait for a change ends,
        and the watcher stops."""
        import asyncio

        if self._stopping is None:
            self._stopping = asyncio.Event()
        self._stopping.set()
        if self._news is not None:
            self._news.event.set()
        if self._watcher is not None:
            self._watcher.cancel()

    async def _watch(self) -> None:
        import asyncio

        from .threads import reading

        last = await reading(self.version)
        self._poked = asyncio.Event()
        self._listen(asyncio.get_running_loop())
        woken = time.monotonic()
        while True:
            try:  # four times a second (a change by a command line), or at once after a write here
                await asyncio.wait_for(self._poked.wait(), 0.25 if not self._listening else 2.0)
            except asyncio.TimeoutError:
                pass
            self._poked.clear()
            now = await reading(self.version, fresh=True)
            if now != last or time.monotonic() - woken >= QUIET:
                news, self._news = self._news, _News()
                news.change, last, woken = now != last, now, time.monotonic()
                news.event.set()

    def _listen(self, loop: Any) -> None:
        """Where the store tells of writes (PostgreSQL, written by another server process too),
        the watcher looks at once when a text of this game's folder is written."""
        if self._listening:
            return
        import posixpath

        folder = posixpath.normpath(os.path.dirname(self.path).replace(os.sep, "/") or ".")

        def heard(key: str) -> None:
            if posixpath.normpath(posixpath.dirname(key) or ".") != folder:
                return
            self._told += 1
            poked = self._poked
            if poked is not None:
                try:
                    loop.call_soon_threadsafe(poked.set)
                except RuntimeError:
                    pass  # the server has stopped

        self._listening = self.store.watch(heard)

    def number(self) -> int:
        """The table's version as a number the pages compare (the same files give the same
        number, across a restart too)."""
        import zlib

        return zlib.crc32(repr(self.version(fresh=True)).encode("utf-8"))

    def game_number(self) -> int:
        """A number that changes when the game file or the seat book does (a card drawn, a season
        recorded, a seat taken or freed), not when only a seat's map does: the event stream
        carries it, so that a page hurries for a new card and takes its time over a drawing."""
        import zlib

        from ..table.seatbook import book_path

        with self._lock:
            version = self._version[1]
            known = self._game_number
        if known is not None and known[0] is version:  # worked out once per change, for every stream
            return known[1]
        own = {os.path.abspath(self.path), os.path.abspath(book_path(self.path))}
        number = zlib.crc32(repr([p for p in version if os.path.abspath(str(p[0])) in own]).encode("utf-8"))
        with self._lock:
            self._game_number = (version, number)
        return number

    def version(self, *, fresh: bool = False) -> tuple[object, ...]:
        """What changes whenever the table does: the game file's, the seat book's and the seats'
        maps' times and sizes (worked out at most five times a second, for every stream)."""
        now = time.monotonic()
        with self._lock:
            at, version = self._version
        if now - at < self._fresh_for() and (not fresh or self._unchanged_since_scan()):
            return version
        if not self._files:
            # A database: the versions of the game's folder's texts, in one query (what the store
            # had told of before it, for ``_unchanged_since_scan``).
            told = self._told
            version = tuple(self.store.versions(os.path.dirname(self.path)))
            with self._lock:
                self._version = (now, version)
                self._scanned = (told, 0)
            return version
        folder = os.path.dirname(os.path.abspath(self.path))
        began = time.time_ns()
        mark = _marks(folder, self.path)
        parts: list[object] = []
        for name in [self.path, *(os.path.join(folder, f) for f in _yaml_files(folder))]:
            try:
                st = os.stat(name)
                parts.append((name, st.st_ino, st.st_mtime_ns, st.st_size))
            except OSError:
                parts.append((name, None))
        version = tuple(parts)
        with self._lock:
            self._version = (now, version)
            self._scanned = (mark, began)
        return version

    def _unchanged_since_scan(self) -> bool:
        """Whether every file is still as the last scan found it, known from two looks rather
        than a look at every seat's map: cartoref replaces every file it writes (a rename, which
        changes the folder's time), so while the folder and the game file are as that scan found
        them, so is every file; a folder written within 50 ms before the scan began could be
        written again in the same tick of its clock, so is scanned again. (A file written in
        place, by hand, is seen within 0.2 s, as by the watcher.) One request's look at the
        table was a stat of every seat's map: a hundred phones reloading after each drawing made
        the server's work per change quadratic."""
        if not self._files:
            # A database that tells of its writes (PostgreSQL): unchanged while it has told of
            # none since the scan; one that does not (SQLite) is asked again (one query).
            with self._lock:
                told = self._scanned[0]
            return self._listening and told == self._told
        with self._lock:
            mark, began = self._scanned
        now_mark = _marks(os.path.dirname(os.path.abspath(self.path)), self.path)
        return now_mark is not None and now_mark == mark and began - now_mark[0][1] > 50_000_000

    def _fresh_for(self) -> float:
        """How long a scan holds without a look: 0.2 s; 2 s where the store tells of every write
        (the look is then only in case its telling was lost)."""
        return 2.0 if self._listening else 0.2

    def answered(self, name: str) -> Any:
        """The answer ``name`` as worked out for the table as it is now, when that is known
        without a look at every file (a scan less than 0.2 s old, nothing written since); else
        None. Two stats: cheap enough to answer from the event loop, without a worker thread."""
        with self._lock:
            at, version = self._version
            hit = self._answers.get(name)
        if hit is None or time.monotonic() - at >= self._fresh_for() or (hit[0] is not version and hit[0] != version):
            return None
        return hit[1] if self._unchanged_since_scan() else None


def _marks(folder: str, game_path: str) -> tuple[tuple[int, int], tuple[int, int, int] | None] | None:
    """The folder's (inode, time) and the game file's key: what a write of cartoref's changes
    (None when the folder cannot be looked at)."""
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return ((st.st_ino, st.st_mtime_ns), file_key(game_path))


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
