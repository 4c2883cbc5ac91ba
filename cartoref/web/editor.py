"""The edit page's application (``cartoref edit``): one map file, and a photo of its sheet if one
was given, served on 127.0.0.1 to the person at this machine. Routes read the request, make one
call of the table layer, and answer JSON (or the photo's pictures)."""

from __future__ import annotations

import io
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..i18n import _
from ..table.editing import Draft, check_draft, draft_info, load_draft, save_draft, with_game
from ..table.lookup import edict_ids
from ..table.photos import find_corners, open_photo, photo_from_bytes, read_square
from ..table.photos import square as seen_from_above
from ..views import json as views_json
from .answers import HEADERS, endpoint, error, in_thread, json_body, read_body
from .edit_page import page as edit_page
from .hub import Refused


class Editing:
    """What the edit page works on: the map file's path, its side, the photo (read once)."""

    def __init__(self, map_path: str, sheet: str | None, photo: str | None, game: str | None = None):

        self.path = map_path
        self.draft = load_draft(map_path, sheet)
        if game is not None:
            self.draft = with_game(self.draft, game)
        self.rgb: Any = None
        self.corners: Any = None
        if photo is not None:
            self.set_photo(photo)

    def set_photo(self, photo: str | bytes) -> None:
        """Open the photo (a path, or bytes dropped on the page) and look for its map's corners."""

        self.rgb = photo_from_bytes(photo) if isinstance(photo, bytes) else open_photo(photo)
        self.corners = find_corners(self.rgb)


def _draft_from(body: dict[str, Any], editing: Editing) -> Any:

    rows = body.get("rows")
    if not isinstance(rows, list) or len(rows) != 11 or not all(isinstance(r, str) and len(r) <= 40 for r in rows):
        raise Refused(400, "bad-request", _("rows should be 11 strings of 11 symbols"))
    coins = body.get("coins", 0)
    if not isinstance(coins, int) or isinstance(coins, bool):
        raise Refused(400, "bad-request", _("coins should be a number"))
    player = body.get("player")
    season = body.get("season") or None
    edicts = body.get("edicts") or None
    if edicts is not None:

        edicts = edict_ids(",".join(edicts)) if isinstance(edicts, list) else None
    return Draft(editing.draft.sheet, [r.replace(" ", "") for r in rows], coins,
                 player if isinstance(player, str) and player.strip() else None,
                 season if isinstance(season, str) else None, edicts)


def _unread(draft: Draft) -> int:
    """How many spaces are still '?' (a photo read leaves them where it cannot tell): while any is,
    the draft is no map to score, and the page says so."""
    return sum(row.count("?") for row in draft.rows)


def _png(rgb: Any) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "PNG")
    return buf.getvalue()


@endpoint
async def page(request: Request) -> Response:

    return HTMLResponse(edit_page(), headers=HEADERS)


@endpoint
async def api_draft(request: Request) -> Response:

    editing: Editing = request.app.state.editing
    d = editing.draft
    return JSONResponse({
        "map": editing.path, "sheet": d.sheet, "rows": d.rows, "coins": d.coins, "player": d.player,
        "season": d.season, "edicts": list(d.edicts) if d.edicts else None, **draft_info(d),
        "photo": editing.rgb is not None,
        "corners": [list(map(float, p)) for p in editing.corners] if editing.corners is not None else None,
        "photo_size": list(editing.rgb.shape[1::-1]) if editing.rgb is not None else None,
    }, headers=HEADERS)


@endpoint
async def api_check(request: Request) -> Response:

    draft = _draft_from(await json_body(request), request.app.state.editing)
    checked = await in_thread(check_draft, draft)
    score = checked["score"]
    data = {"problems": checked["problems"], "warnings": checked.get("warnings", []), "unread": _unread(draft),
            "score": views_json.score(score, reasons=True) if score is not None else None}
    return JSONResponse(data, headers=HEADERS)


@endpoint
async def api_save(request: Request) -> Response:

    editing: Editing = request.app.state.editing
    draft = _draft_from(await json_body(request), editing)
    await in_thread(save_draft, editing.path, draft)
    editing.draft = draft
    return JSONResponse({"saved": editing.path, "unread": _unread(draft)}, headers=HEADERS)


@endpoint
async def photo(request: Request) -> Response:
    editing: Editing = request.app.state.editing
    if editing.rgb is None:
        raise Refused(404, "no-photo", _("no photo: start with --photo PHOTO"))
    return Response(await in_thread(_png, editing.rgb), media_type="image/png", headers=HEADERS)


def _corners(body: dict[str, Any]) -> Any:
    import numpy as np

    corners = body.get("corners")
    try:
        points = np.array(corners, dtype=float)
    except (TypeError, ValueError):
        points = np.zeros(0)
    if points.shape != (4, 2):
        raise Refused(400, "bad-request", _("corners should be four [x, y] points: top-left, top-right, "
                                            "bottom-right, bottom-left"))
    from ..photo.proof import shape_fault

    fault = shape_fault(points)  # the same points, the same words as read --corners
    if fault is not None:
        raise Refused(422, "bad-corners", fault)
    return points


@endpoint
async def api_square(request: Request) -> Response:
    """The photo seen from above for the corners sent (and those corners kept)."""

    editing: Editing = request.app.state.editing
    if editing.rgb is None:
        raise Refused(404, "no-photo", _("no photo: start with --photo PHOTO"))
    editing.corners = _corners(await json_body(request))
    square = await in_thread(seen_from_above, editing.rgb, editing.corners)
    return Response(await in_thread(_png, square), media_type="image/png", headers=HEADERS)


@endpoint
async def api_read(request: Request) -> Response:
    """The photo read with the corners and the labels the page sends."""

    editing: Editing = request.app.state.editing
    if editing.rgb is None:
        raise Refused(404, "no-photo", _("no photo: start with --photo PHOTO"))
    body = await json_body(request)
    corners = _corners(body)
    taught = body.get("labels") or {}
    if not isinstance(taught, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in taught.items()):
        raise Refused(400, "bad-request", _("labels should map spaces to map symbols, like {example}").format(
            example='{"B3": "F"}'))
    reading = await in_thread(read_square, editing.rgb, corners, editing.draft.sheet,
                         {k.upper(): v.upper() for k, v in taught.items()})
    return JSONResponse({"rows": ["".join(r) for r in reading.symbols], "confidence": reading.confidence,
                         "ask": [{"space": space, "alike": n} for space, n in reading.asks]}, headers=HEADERS)


MAX_PHOTO = 25 * 1024 * 1024


@endpoint
async def api_photo(request: Request) -> Response:
    """A photo dropped on the page (its bytes, at most 25 MB): it lies under the grid from now on."""
    editing: Editing = request.app.state.editing
    if not request.headers.get("content-type", "").startswith("image/"):
        raise Refused(415, "image-only", _("send the photo itself (Content-Type: image/...)"))
    data = await read_body(request, MAX_PHOTO, _("a photo is at most 25 MB"))
    await in_thread(editing.set_photo, data)
    return JSONResponse({"photo": True, "corners": [list(map(float, p)) for p in editing.corners],
                         "photo_size": list(editing.rgb.shape[1::-1])}, headers=HEADERS)


ROUTES = [
    Route("/api/photo", api_photo, methods=["POST"]),
    Route("/", page),
    Route("/api/draft", api_draft),
    Route("/api/check", api_check, methods=["POST"]),
    Route("/api/save", api_save, methods=["POST"]),
    Route("/photo.png", photo),
    Route("/api/square", api_square, methods=["POST"]),
    Route("/api/read", api_read, methods=["POST"]),
]


def make_editor(map_path: str, *, sheet: str | None = None, photo_path: str | None = None,
                game_path: str | None = None) -> Starlette:
    """The edit page's application for one map file (and a photo of its sheet; a game whose
    season and edicts score it)."""
    async def not_found(request: Request, exc: Exception) -> Response:
        return error(404, "not-found", _("nothing at {path}").format(path=request.url.path))

    app = Starlette(routes=ROUTES, exception_handlers={404: not_found})
    app.state.editing = Editing(map_path, sheet, photo_path, game_path)
    return app
