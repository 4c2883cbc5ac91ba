"""The table display's HTTP server (standard library only).

It serves exactly these paths and nothing from the disk:

- ``/``: the page;
- ``/status.json``: what ``cartoref status --json`` prints;
- ``/display.json``: what the page shows: the status, the standings, the names of the edicts and
  seasons, the sentences of a season's end;
- ``/card/ID.svg``: the picture of a card the table may see (one revealed this season, or an
  edict); any other card is "404 not found", so the deck's order never leaks.

It never writes: the game file is read again whenever its size or time of change moves.
"""

from __future__ import annotations

import json
import os
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from ..errors import CartorefError

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Table


class Display:
    """The game a display follows: read again when the file changes, never written."""

    def __init__(self, game_path: str):
        self.path = game_path
        self._lock = threading.Lock()
        self._seen: tuple[int, int] | None = None
        self._table: Table | None = None

    def table(self) -> Table:
        """The game as the file holds it now (CartorefError if it cannot be read)."""
        from ..table import Table

        try:
            st = os.stat(self.path)
        except OSError:
            raise CartorefError(f"{self.path}: no game file here yet (cartoref new starts one)") from None
        key = (st.st_mtime_ns, st.st_size)
        with self._lock:
            if self._table is None or key != self._seen:
                self._table = Table.read(self.path, complete=False)
                self._seen = key
            return self._table

    def status(self) -> dict[str, Any]:
        from ..views import json as views_json

        return views_json.status(self.table().state)

    def display(self) -> dict[str, Any]:
        from ..views import json as views_json

        return views_json.display(self.table(), os.path.basename(self.path))

    def card_svg(self, card_id: str) -> str | None:
        """A card's picture if the table may see it, else None."""
        from ..views.svg_card import card_svg

        card = self.table().visible_card(card_id)
        return card_svg(card) if card is not None else None


class Handler(BaseHTTPRequestHandler):
    """GET and HEAD on the display's few paths; everything else is refused."""

    display: Display
    server_version = "cartoref"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: a display polls twice a second

    def _send(self, status: int, body: str, kind: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False, indent=2) + "\n", "application/json")

    def do_GET(self) -> None:
        from .page import PAGE

        path = self.path.split("?", 1)[0].split("#", 1)[0]
        try:
            if path == "/":
                self._send(HTTPStatus.OK, PAGE, "text/html")
            elif path == "/status.json":
                self._json(HTTPStatus.OK, self.display.status())
            elif path == "/display.json":
                self._json(HTTPStatus.OK, self.display.display())
            elif path.startswith("/card/") and path.endswith(".svg") and path.count("/") == 2:
                picture = self.display.card_svg(path[len("/card/"):-len(".svg")])
                if picture is None:
                    self._json(HTTPStatus.NOT_FOUND, {"error": "no such card on the table"})
                else:
                    self._send(HTTPStatus.OK, picture, "image/svg+xml")
            else:
                self._json(HTTPStatus.NOT_FOUND, {"error": f"nothing at {path}"})
        except CartorefError as e:
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": str(e)})

    do_HEAD = do_GET

    def _refuse(self) -> None:
        self._json(HTTPStatus.METHOD_NOT_ALLOWED, {"error": "the table display is read-only"})

    do_POST = do_PUT = do_DELETE = do_PATCH = _refuse


class TableServer(ThreadingHTTPServer):
    """The page's server: a listen queue that holds a table of 100 arriving at once, and a
    client that hangs up early is no error worth a word."""

    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the client went away: nothing to say
        super().handle_error(request, client_address)


def make_server(game_path: str, host: str = "127.0.0.1", port: int = 8765) -> ThreadingHTTPServer:
    """A server for the display of ``game_path`` (port 0: any free port); not yet serving."""
    handler = type("DisplayHandler", (Handler,), {"display": Display(game_path)})
    server = TableServer((host, port), handler)
    server.daemon_threads = True
    return server
