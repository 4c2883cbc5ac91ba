"""``serve --workers N``: the table page (or an event's room) served by N uvicorn worker
processes behind one address, on a PostgreSQL store. The parent binds the socket and prints the
URLs; each worker makes the same application (``app``, the factory uvicorn calls) from what the
parent put in its environment: the game or event, the store, one referee token for all. The
workers share nothing but the database: a write by one is heard by the others' event streams
through LISTEN/NOTIFY (``store.postgres``), a lock is the database's, the seats and tokens are
in the game's seat book. (With the files or SQLite, one process: their readers look at the
store rather than being told.)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from .server import Urls, bind, urls_for

_GAME, _EVENT, _DB, _TOKEN, _BASE = ("CARTOREF_SERVE_GAME", "CARTOREF_SERVE_EVENT", "CARTOREF_DB",
                                     "CARTOREF_SERVE_TOKEN", "CARTOREF_SERVE_BASE")


def app() -> Any:
    """The application of one worker (uvicorn's factory), as the parent described it."""
    from .. import table

    table.use_store(os.environ[_DB])
    token, base = os.environ[_TOKEN], os.environ[_BASE]
    if os.environ.get(_EVENT):
        from .room import make_room_app

        made: Any = make_room_app(os.environ[_EVENT], base=base, referee_token=token)
    else:
        from .app import make_app

        made = make_app(os.environ[_GAME], join_url=f"{base}/join", referee_token=token)
    _streams_end_on_shutdown(made.state.hub)
    return made


def _streams_end_on_shutdown(hub: Any) -> None:
    """In this worker, the server's shutdown first ends every event stream (as ``server._uvicorn``
    does for one process), so that it stops at once rather than after its graceful timeout
    ("Cancel N running task(s)"): uvicorn makes each worker's server itself, so its shutdown is
    wrapped here, in this worker process only."""
    import uvicorn.server

    original = uvicorn.server.Server.shutdown

    async def shutdown(self: Any, sockets: Any = None) -> None:
        hub.stop()
        await original(self, sockets)

    uvicorn.server.Server.shutdown = shutdown  # type: ignore[method-assign]


def serve_workers(workers: int, host: str, port: int, *, game: str | None = None, event: str | None = None,
                  db: str, on_ready: Callable[[Urls], None]) -> None:
    """Serve with ``workers`` processes until interrupted (Ctrl-C or SIGTERM stops them all)."""
    import secrets

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    sock = bind(host, port)
    token = secrets.token_urlsafe(24)
    h, p = sock.getsockname()[:2]
    urls = urls_for(h, p, token)
    base = urls.table.rstrip("/")
    if event:
        urls = Urls(urls.table, urls.join, f"{base}/?token={token}")
    os.environ.update({_GAME: game or "", _EVENT: event or "", _DB: db, _TOKEN: token, _BASE: base})
    config = uvicorn.Config("cartoref.web.workers:app", factory=True, workers=workers, log_level="warning",
                            access_log=False, lifespan="off", timeout_keep_alive=30, timeout_graceful_shutdown=2)
    on_ready(urls)
    Multiprocess(config, sockets=[sock]).run()
