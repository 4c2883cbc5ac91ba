"""``cartoref serve --event NAME``: one server for a whole room. Each table of the event's
current round has its own table page (TV, phones, referee) under ``/t/N/``, the same
application a single table has (``app.make_app``), on the event's store; the room itself has
a screen (``/``: every table's card, who each waits for, the season, the room's standings), its
state (``/room.json``) and a referee's reveal for every table at once (``POST /api/reveal``:
the duplicate way; each table's own referee page still draws at its own pace). One referee
token serves every table (kept in each table's seat book, so it outlives a restart).

A new round (``event round``) is served within half a second: its tables' pages replace the
last round's.
"""

from __future__ import annotations

import re
import secrets
import threading
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from ..errors import CartorefError
from ..i18n import _
from .answers import answer, endpoint, error, in_thread, json_body
from .hub import Refused

_TABLE = re.compile(r"^/t/(\d{1,3})(/.*)?$")


class Room:
    """The room's tables: a table page application per table of the current round, made when
    first asked and kept while the round lasts."""

    def __init__(self, event: str, base: str, referee_token: str, store: Any):
        from .. import table

        self.event = event
        self.base = base.rstrip("/")
        self.referee_token = referee_token
        self.store = store or table.current_store()
        self._apps: dict[tuple[int, int], Starlette] = {}
        self._lock = threading.Lock()
        self._read: tuple[object, Any] | None = None
        self._looked = 0.0  # when the event's record was last looked at

    def current(self) -> Any:
        """The event as its record is now: looked at again at most twice a second (a new round
        is served within half a second), read again only when the record changed."""
        import time

        from ..table.events import event_key, read_event

        hit = self._read
        if hit is not None and time.monotonic() - self._looked < 0.5:
            return hit[1]
        version = self.store.version(event_key(self.event))
        self._looked = time.monotonic()
        if hit is not None and hit[0] == version:
            return hit[1]
        ev = read_event(self.event, self.store)
        self._read = (version, ev)
        return ev

    def known_app(self, n: int) -> Starlette | None:
        """Table ``n``'s application when it is known without a look at the store (the event
        looked at less than half a second ago): the event loop's fast way, no worker thread."""
        import time

        hit = self._read
        if hit is None or time.monotonic() - self._looked >= 0.5:
            return None
        return self._apps.get((len(hit[1].rounds), n))

    def table_app(self, n: int) -> Starlette | None:
        """Table ``n``'s application for the current round (None: no such table)."""
        from ..table.events import table_game
        from .app import make_app

        ev = self.current()
        number = len(ev.rounds)
        if not 1 <= n <= len(ev.rounds[-1].tables):
            return None
        with self._lock:
            app = self._apps.get((number, n))
            if app is None:
                app = make_app(table_game(ev.name, number, n), join_url=f"{self.base}/t/{n}/join",
                               referee_token=self.referee_token, store=self.store)
                # The last round's tables are let go: their pages now show the new round's.
                for key in [k for k in self._apps if k[0] != number]:
                    self._apps.pop(key).state.hub.stop()
                self._apps[(number, n)] = app
        return app

    def tables(self) -> list[tuple[int, Starlette]]:
        ev = self.current()
        return [(n, app) for n in range(1, len(ev.rounds[-1].tables) + 1)
                if (app := self.table_app(n)) is not None]

    def stop(self) -> None:
        """The server is shutting down: every table's event streams end."""
        with self._lock:
            for app in self._apps.values():
                app.state.hub.stop()


class RoomApp:
    """The room's ASGI application: ``/t/N/...`` to table N's page, the rest to the room's own."""

    def __init__(self, room: Room, own: Starlette):
        self.room = room
        self.own = own
        self.state = own.state  # the server's shutdown stops ``state.hub``: the room's tables

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            found = _TABLE.match(scope["path"])
            if found is not None:
                n, rest = int(found.group(1)), found.group(2)
                if rest is None:  # the pages' addresses are relative to /t/N/
                    response: Response = RedirectResponse(f"/t/{n}/", status_code=307)
                    await response(scope, receive, send)
                    return
                try:
                    app = self.room.known_app(n) or await in_thread(self.room.table_app, n)
                except CartorefError as e:
                    app, problem = None, e.render().splitlines()[0]
                else:
                    problem = _("no table {n} in this round").format(n=n)
                if app is None:
                    await error(404, "no-table", problem)(scope, receive, send)
                    return
                inner = dict(scope)
                inner["path"] = rest
                inner["root_path"] = scope.get("root_path", "") + f"/t/{n}"
                await app(inner, receive, send)
                return
        await self.own(scope, receive, send)


class _Stops:
    """What the server's shutdown calls ``hub.stop`` on: every table of the room (``path``: the
    event's record, whose folder the room's messages leave out)."""

    def __init__(self, room: Room):
        from ..table.events import event_key

        self.room = room
        self.path = event_key(room.event)

    def stop(self) -> None:
        self.room.stop()


def make_room_app(event: str, *, base: str, referee_token: str | None = None, store: Any = None) -> RoomApp:
    """The room's application for the event ``event`` (in ``store``: the run's by default);
    ``base``: the address the phones reach (for each table's join URL and QR code)."""
    token = referee_token or secrets.token_urlsafe(24)
    room = Room(event, base, token, store)
    room.current()  # an unknown event is refused now, not at the first request

    async def page(request: Request) -> Response:
        from .room_page import room_page

        return HTMLResponse(room_page(event))

    @endpoint
    async def state(request: Request) -> Response:
        return answer(await in_thread(_state, room))

    @endpoint
    async def reveal(request: Request) -> Response:
        given = (request.headers.get("authorization") or "").removeprefix("Bearer ").strip()
        if not secrets.compare_digest(given.encode(), room.referee_token.encode()):
            raise Refused(401, "not-referee", _("only the referee reveals the next card (the referee's token)"))
        body = await json_body(request)
        return answer(await in_thread(_reveal, room, body.get("force", False) is True))

    own = Starlette(routes=[Route("/", page), Route("/room.json", state),
                            Route("/api/reveal", reveal, methods=["POST"])])
    own.state.hub = _Stops(room)
    own.state.room = room
    return RoomApp(room, own)


def _state(room: Room) -> dict[str, Any]:
    """The room as its screen shows it: each table (its card, season, who it waits for) and the
    room's standings."""
    from ..table.events import event_standings
    from ..table.seats import seated, waiting_for
    from ..views.boards import room_state

    tables = []
    for n, app in room.tables():
        hub = app.state.hub
        try:
            table = hub.table()
        except Refused as e:
            tables.append((n, None, (), None, e.message))
            continue
        taken = seated(table)
        tables.append((n, table, taken, waiting_for(table, taken), ""))
    standings = event_standings(room.event)
    return room_state(room.current(), room.base, tables, standings)


def _reveal(room: Room, force: bool) -> dict[str, Any]:
    """The next card at every table of the round (the duplicate way): each table whose seats
    have all drawn the card on the table (or every one, ``force``); the others say why not."""
    from ..table import Table
    from ..table.seats import referee_draw, seated
    from ..views.boards import card_shown

    out = []
    for n, app in room.tables():
        hub = app.state.hub
        try:
            with Table.open(hub.path, store=hub.store) as table:
                done = referee_draw(table, seated(table), force=force)
            state = done.drawn.state
            out.append({"table": n, "drawn": True, "card": card_shown(state.card(done.drawn.event.revealed[-1]))})
        except CartorefError as e:
            out.append({"table": n, "drawn": False, "error": {"code": e.code, "message": e.render().splitlines()[0]}})
        hub.poke()
    return {"tables": out, "drawn": sum(t["drawn"] for t in out)}
