"""What every endpoint of cartoref's pages answers with, and how it reads a request: JSON
answers (encoded once, ``encoded``), refusals as ``{"error": {"code", "message"}}``, a request's
JSON body (at most 64 kB), a table call in a worker thread, and ``endpoint``, which turns every
refusal into its answer. The table page (``app``), its TV's results (``results_routes``) and the
edit page (``editor``) share them."""

from __future__ import annotations

import json
import os
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import CartorefError, IllegalAction, IllegalPlacement
from ..i18n import _
from ..views.json import labels
from .hub import Refused

MAX_BODY = 64 * 1024
WAITS = ("still-drawing", "choice-pending")
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def error(status: int, code: str, message: str, spaces: int = 0) -> JSONResponse:

    error: dict[str, Any] = {"code": code or None, "message": message}
    if spaces:
        error["spaces"] = labels(spaces)  # the spaces to choose from, or those at fault
    return JSONResponse({"error": error}, status_code=status, headers=HEADERS)


def answer(data: Any) -> JSONResponse:
    return JSONResponse(data, headers=HEADERS)


async def read_body(request: Request, limit: int, too_large: str) -> bytes:
    """A request's body, refused (413) past ``limit`` bytes, said or not by its Content-Length."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise Refused(413, "too-large", too_large)
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise Refused(413, "too-large", too_large)
    return data


async def json_body(request: Request) -> dict[str, Any]:
    """A request's JSON object (at most 64 kB; JSON only)."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "json-only", _("send JSON (Content-Type: application/json)"))
    data = await read_body(request, MAX_BODY, _("a request body is at most 64 kB"))
    try:
        body = json.loads(data or b"{}")
    except ValueError:
        raise Refused(400, "bad-json", _("the body is not JSON")) from None
    if not isinstance(body, dict):
        raise Refused(400, "bad-json", _("the body should be a JSON object"))
    return body


def encoded(data: Any) -> bytes:
    """A JSON answer's bytes, as ``JSONResponse`` writes them."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def answer_bytes(body: bytes) -> Response:
    return Response(body, media_type="application/json", headers=HEADERS)


def endpoint(fn: Any) -> Any:
    """Turn refusals into JSON answers: a Refused as it says, a rule's refusal as 422 (a missing
    game or map as 404/503), anything else as a 500 without a trace."""
    import functools

    @functools.wraps(fn)
    async def wrapped(request: Request) -> Response:
        # The table's messages name a map by its file's name, never by the server's folders.
        hub = getattr(request.app.state, "hub", None)
        folder = os.path.dirname(os.path.abspath(hub.path)) + os.sep if hub is not None else None

        def said(message: str) -> str:
            return message.replace(folder, "") if folder else message

        try:
            return await fn(request)
        except Refused as e:
            return error(e.status, e.code, said(e.message))
        except (IllegalAction, IllegalPlacement) as e:
            # A player the game does not have is a path to nothing (404), as for a seat; the table
            # waiting for its seats or for a choice is a conflict of the moment (409).
            status = 404 if e.code == "unknown-player" else 409 if e.code in WAITS else 422
            return error(status, e.code, said(str(e)), e.spaces)
        except CartorefError as e:
            return error(422, e.code, said(e.render().splitlines()[0]))

    return wrapped


async def in_thread(fn: Any, *args: Any, **kw: Any) -> Any:
    """A table call in a worker thread (it takes file locks and reads files): ``threads.reading``."""
    from .threads import reading

    return await reading(fn, *args, **kw)
