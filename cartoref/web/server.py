"""Serving the table page: the application (``app.make_app``) on uvicorn, on a socket cartoref
binds itself (so that port 0 picks a free port, and the listen queue holds a table of 100).

``serve`` runs in the foreground until Ctrl-C; ``serve_in_thread`` runs beside a test or a
benchmark and gives its URL and a way to stop it.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from typing import Any, NamedTuple

BACKLOG = 1024


class Urls(NamedTuple):
    """Where the table's pages are: the TV, the phones' join page, the referee's (with its token)."""

    table: str
    join: str
    referee: str


def lan_address() -> str:
    """This machine's address on its network (for the URLs phones open), else 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet is sent
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (OSError when the system refuses)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Named TCP, so that asyncio sets TCP_NODELAY on every connection it accepts (it does so only
    # for a socket whose protocol says TCP): else an answer written in two parts (its head, its
    # body) waited for the client's delayed acknowledgement, 40 ms on Linux.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def urls_for(host: str, port: int, referee_token: str) -> Urls:
    """The URLs to print: on a wildcard address, the machine's LAN address, which phones reach."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    base = f"http://{shown}:{port}"
    return Urls(f"{base}/", f"{base}/join", f"{base}/referee?token={referee_token}")


def _uvicorn(app: Any) -> Any:
    """A uvicorn server for one of cartoref's applications. On shutdown it first tells the
    application's hub (when it has one), so that every event stream ends at once: the server then
    stops without waiting out its graceful-shutdown timeout and cancelling them ("Cancel N running
    task(s)")."""
    import uvicorn

    class Server(uvicorn.Server):  # type: ignore[misc]
        async def shutdown(self, sockets: Any = None) -> None:
            hub = getattr(getattr(app, "state", None), "hub", None)
            if hub is not None:
                hub.stop()
            if self.on_stop is not None:
                self.on_stop()
            await super().shutdown(sockets)

    # A phone waits for the next card longer than uvicorn's 5 s: its connection is kept for it
    # (a hundred phones reconnecting at once on a new card would be a hundred handshakes more).
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", timeout_keep_alive=30,
                            timeout_graceful_shutdown=2)
    server = Server(config)
    server.on_stop = None
    return server


def _server(game_path: str, sock: socket.socket, referee_token: str | None, store: Any = None) -> tuple[Any, Urls]:
    import secrets

    from .app import make_app

    token = referee_token or secrets.token_urlsafe(24)
    host, port = sock.getsockname()[:2]
    urls = urls_for(host, port, token)
    app = make_app(game_path, join_url=urls.join, referee_token=token, store=store)
    return _uvicorn(app), urls


def run_until_interrupted(server: Any, sock: socket.socket) -> None:
    """Run a server in the foreground until Ctrl-C (or SIGTERM) stops it, and return then.

    uvicorn catches the signal, shuts down, and raises it again once it has stopped; here that
    second signal is caught too, so that a Ctrl-C that stopped the server is its ordinary end,
    not an interrupted command (the CLI would say what the last draw revealed, minutes ago)."""
    import signal

    caught: list[int] = []
    try:
        previous = {sig: signal.signal(sig, lambda n, frame: caught.append(n)) for sig in (signal.SIGINT,
                                                                                           signal.SIGTERM)}
    except ValueError:  # not the main thread: uvicorn leaves signals alone too
        previous = {}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def serve(game_path: str, host: str, port: int, *, on_ready: Callable[[Urls], None],
          on_stop: Callable[[], None] | None = None) -> None:
    """Serve the table page until interrupted; ``on_ready`` is told the URLs once it listens,
    ``on_stop`` (in the server's loop) the moment it starts shutting down."""
    sock = bind(host, port)
    server, urls = _server(game_path, sock, None)
    server.on_stop = on_stop
    on_ready(urls)
    run_until_interrupted(server, sock)


class Running(NamedTuple):
    """A table page served beside the caller: its URLs and how to stop it."""

    urls: Urls
    base: str
    referee_token: str
    stop: Callable[[], None]


def _started_in_thread(server: Any, sock: socket.socket) -> Callable[[], None]:
    """Run a uvicorn server on ``sock`` in a thread, wait until it listens, and return its stop."""
    import time

    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not getattr(server, "started", False) and time.monotonic() < deadline:
        time.sleep(0.01)

    def stop() -> None:
        server.should_exit = True
        thread.join(5)
        sock.close()

    return stop


def serve_in_thread(game_path: str, host: str = "127.0.0.1", port: int = 0, store: Any = None) -> Running:
    """Serve the table page in a thread (tests, benchmarks): ready when this returns (``store``:
    where the game is kept, the run's by default)."""
    sock = bind(host, port)
    server, urls = _server(game_path, sock, None, store)
    stop = _started_in_thread(server, sock)
    base = urls.table.rstrip("/")
    return Running(urls, base, urls.referee.rsplit("=", 1)[1], stop)


def app_in_thread(app: Any, host: str = "127.0.0.1", port: int = 0) -> tuple[str, Callable[[], None]]:
    """Serve any of cartoref's applications (the edit page) in a thread: its base URL, and stop."""
    sock = bind(host, port)
    stop = _started_in_thread(_uvicorn(app), sock)
    h, p = sock.getsockname()[:2]
    return f"http://{h}:{p}", stop


def serve_app(app: Any, host: str, port: int, *, on_ready: Callable[[str], None]) -> None:
    """Serve one of cartoref's applications in the foreground until Ctrl-C."""
    sock = bind(host, port)
    h, p = sock.getsockname()[:2]
    server = _uvicorn(app)
    on_ready(f"http://{h}:{p}/")
    run_until_interrupted(server, sock)


def _room(event: str, sock: socket.socket, store: Any = None) -> tuple[Any, Urls]:
    import secrets

    from .room import make_room_app

    token = secrets.token_urlsafe(24)
    host, port = sock.getsockname()[:2]
    urls = urls_for(host, port, token)
    base = urls.table.rstrip("/")
    app = make_room_app(event, base=base, referee_token=token, store=store)
    return _uvicorn(app), Urls(urls.table, urls.join, f"{base}/?token={token}")


def serve_room(event: str, host: str, port: int, *, on_ready: Callable[[Urls, Any], None],
               on_stop: Callable[[], None] | None = None) -> None:
    """Serve an event's room (``room.make_room_app``) until interrupted; ``on_ready`` is told
    the URLs (``table``: the room's screen, ``referee``: the room's with its token) and the app."""
    sock = bind(host, port)
    server, urls = _room(event, sock)
    server.on_stop = on_stop
    on_ready(urls, server.config.app)
    run_until_interrupted(server, sock)


def room_in_thread(event: str, host: str = "127.0.0.1", port: int = 0, store: Any = None) -> Running:
    """Serve an event's room in a thread (tests, benchmarks)."""
    sock = bind(host, port)
    server, urls = _room(event, sock, store)
    stop = _started_in_thread(server, sock)
    return Running(urls, urls.table.rstrip("/"), urls.referee.rsplit("=", 1)[1], stop)
