"""The table page's web application (Starlette): a list of routes whose endpoints read the
request, make one call of the table layer, and answer with a view's JSON (docs/api.md).

Who may do what is decided in one place (``Hub.caller`` and ``_may_write``); every refusal is
``{"error": {"code", "message"}}`` with the CLI's own refusal codes. Nothing a request sends
names a file: a seat's map is the table's own (``table.seats.seat_map``).
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from ..i18n import _
from ..table import Store, Table
from ..table.seats import (
    map_drawn_on,
    may_use_skill,
    may_write,
    owner_name,
    pending_choices,
    read_seat_map,
    referee_draw,
    score_season,
    seat_map,
    set_timer,
    take_back_last,
    timer_of,
    waiting_for,
)
from ..table.sheets import score_maps
from ..views import json as views_json
from ..views import record_words
from ..views.json import labels
from ..views.map_words import placed_notes
from ..views.page_json import display, season_scored, seats, table_answer
from ..views.svg_card import card_svg as card_picture
from .answers import HEADERS, answer, answer_bytes, encoded, endpoint, error, in_thread, json_body
from .hub import Caller, Hub, Refused, check_player
from .results_routes import TV_ROUTES
from .threads import writing


def _season_scored(scored: Any) -> dict[str, Any]:
    """What a season's end did, its maps named by their file's name (never the server's folders)."""

    data = season_scored(scored)
    for part in (*data["recorded"], *data["effects"]):
        if part.get("map"):
            part["map"] = os.path.basename(part["map"])
    return data


async def _caller(request: Request) -> Caller:
    """Who sent the request (its token checked in a worker thread: it may read the seat book)."""
    return await in_thread(request.app.state.hub.caller, request.headers.get("authorization"))


async def _referee(request: Request) -> None:
    if not (await _caller(request)).referee:
        raise Refused(403, "not-referee", _("only the referee may do this"))


async def _write(hub: Hub, work: Any, *, news: bool = False) -> Any:
    """A write of the table, one at a time: the writes queue on the server's event loop rather
    than each holding a worker thread while it waits for the game's lock, which the reads of a
    hundred phones need meanwhile. ``news``: a card drawn or taken back, which every page hears
    of at once (a drawing is heard of at the watcher's next tick, with the others of that tick)."""
    async with hub.writes():
        try:
            return await writing(work)
        finally:
            hub.wrote()
            if news:
                hub.poke()


def _may_write(caller: Caller, table: Any, owner: str) -> None:
    """A seat writes on the map it draws on now (its own, or for an ambush the map passed to it);
    the referee on any."""

    if caller.referee:
        return
    assert caller.player is not None
    if not may_write(table, caller.player, owner):
        target = map_drawn_on(table, caller.player)
        raise Refused(403, "not-your-map", _("{player} draws on {map}'s map now, not on {owner}'s").format(
            player=caller.player, map=target, owner=owner))


# ---------------------------------------------------------------------------------- pages


@endpoint
async def tv_page(request: Request) -> Response:
    from .page import tv_page as page

    return HTMLResponse(page(request.app.state.join_url), headers=HEADERS)


@endpoint
async def join_page(request: Request) -> Response:
    from .phone import page

    return HTMLResponse(page(), headers=HEADERS)


@endpoint
async def referee_page(request: Request) -> Response:
    from .referee import page

    return HTMLResponse(page(), headers=HEADERS)


@endpoint
async def qr_svg(request: Request) -> Response:
    from .page import qr_svg as picture

    # A picture of its own (an <img>, a saved file) names its namespace; the TV's inline one need not.
    standalone = picture(request.app.state.join_url).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    return Response(standalone, media_type="image/svg+xml", headers=HEADERS)


# ---------------------------------------------------------------------------------- the TV's reads


@endpoint
async def status_json(request: Request) -> Response:

    table = await in_thread(request.app.state.hub.table)
    return answer(views_json.status(table.state))


@endpoint
async def display_json(request: Request) -> Response:
    hub: Hub = request.app.state.hub

    def work() -> dict[str, Any]:

        table, seated, wait, pending = _seats(hub)
        return {**display(table, os.path.basename(hub.path)), **seats(table, seated, wait, pending),
                "version": hub.number()}

    return await _shared(hub, "display", work)


async def _shared(hub: Hub, name: str, work: Any) -> Response:
    """An answer every page shares, worked out and encoded once per change of the table however
    many pages ask (``Hub.shared``)."""
    return answer_bytes(await hub.shared(name, lambda: encoded(work())))


def _seats(hub: Hub) -> tuple[Any, tuple[str, ...], Any, Any]:
    """The game as it is, the seats taken, who has drawn the card on the table and who is still
    to, the troll's spaces still to choose."""

    table = hub.cached("read", hub.table)
    seated = hub.seated(table)
    return table, seated, waiting_for(table, seated), pending_choices(table, seated)


@endpoint
async def card_svg(request: Request) -> Response:

    table = await in_thread(request.app.state.hub.table)
    card = table.visible_card(request.path_params["card_id"])
    if card is None:
        raise Refused(404, "not-on-table", _("no such card on the table"))
    return Response(card_picture(card), media_type="image/svg+xml", headers=HEADERS)


# ---------------------------------------------------------------------------------- the API


@endpoint
async def api_table(request: Request) -> Response:
    hub: Hub = request.app.state.hub

    def work() -> dict[str, Any]:

        return {**table_answer(*_seats(hub)), "version": hub.number()}

    return await _shared(hub, "table", work)


@endpoint
async def api_take_seat(request: Request) -> Response:
    body = await json_body(request)
    name, token = await in_thread(request.app.state.hub.take_seat, check_player(body.get("player")))
    return answer({"player": name, "token": token})


@endpoint
async def api_me(request: Request) -> Response:
    """Whose token this is: the phone asks when it loads and after every reconnect."""
    caller = await _caller(request)
    return answer({"player": caller.player, "referee": caller.referee})


@endpoint
async def api_leave(request: Request) -> Response:
    """A seat freed by its own player ("change seat"): its token stops working."""
    caller = await _caller(request)
    # The referee freeing the seat of a player called "me".
    name = await in_thread(request.app.state.hub.free_seat, caller.player or "me")
    return answer({"player": name, "taken": False})


@endpoint
async def api_free_seat(request: Request) -> Response:
    await _referee(request)
    name = await in_thread(request.app.state.hub.free_seat, request.path_params["player"])
    return answer({"player": name, "taken": False})


@endpoint
async def api_map(request: Request) -> Response:
    hub: Hub = request.app.state.hub

    def work() -> dict[str, Any]:

        mf = read_seat_map(hub.table(), request.path_params["player"])
        if mf is None:
            raise Refused(404, "no-map", _("{player} has no map yet: take the seat first").format(
                player=request.path_params["player"]))
        return {**views_json.map_file(mf), "resolved": list(mf.resolved), "ruins": labels(mf.sheet.side.ruins),
                "coin_track": mf.sheet.side.coin_track, "drawings": [k.text() for k in mf.drawings]}

    return answer(await in_thread(work))


@endpoint
async def api_score(request: Request) -> Response:
    hub: Hub = request.app.state.hub

    def work() -> dict[str, Any]:

        path = seat_map(hub.table(), request.path_params["player"], create=False)
        if not hub.store.exists(path):
            raise Refused(404, "no-map", _("{player} has no map yet: take the seat first").format(
                player=request.path_params["player"]))
        (scored,) = score_maps((path,), game_path=hub.path, store=hub.store)
        return views_json.score(scored.report, reasons=True)

    return answer(await in_thread(work))


@endpoint
async def api_draw_on_map(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    caller = await _caller(request)
    body = await json_body(request)
    owner = request.path_params["player"]
    cells = body.get("cells")
    if not isinstance(cells, list) or not all(isinstance(c, str) and len(c) <= 4 for c in cells) or len(cells) > 121:
        raise Refused(400, "bad-request", _("cells should be a list of spaces, like {example}").format(
            example='["B4", "B5"]'))
    terrain, orientation, destroy = body.get("terrain"), body.get("orientation"), body.get("destroy")
    if terrain is not None and not isinstance(terrain, str):
        raise Refused(400, "bad-request", _("terrain should be a terrain's word, like {example}").format(
            example='"forest"'))
    if orientation is not None and (not isinstance(orientation, int) or isinstance(orientation, bool)):
        raise Refused(400, "bad-request", _("orientation should be a number"))
    if destroy is not None and not isinstance(destroy, str):
        raise Refused(400, "bad-request", _("destroy should be a space, like {example}").format(example='"E5"'))
    skill = body.get("skill")
    if skill is not None and (not isinstance(skill, str) or len(skill) > 40):
        raise Refused(400, "bad-request", _("skill should be a skill's name, like {example}").format(
            example='"search"'))

    def work() -> dict[str, Any]:

        with Table.open(hub.path, store=hub.store) as table:
            _may_write(caller, table, owner)
            if skill is not None and not caller.referee and not may_use_skill(table, str(caller.player), owner, skill):
                # A skill is paid with the coins of the map's owner: theirs to choose.
                raise Refused(403, "not-your-skill", _("a skill is paid with {owner}'s coins: only {owner} (or the "
                                                       "referee) uses one on that map").format(owner=owner))
            path = seat_map(table, owner)
            result = table.place(path, None, " ".join(cells), terrain=terrain, orientation=orientation,
                                 destroy=destroy, skill=skill)
            data = views_json.placed(result, placed_notes(result, table.at_hand.ruins))
            data["map"] = owner
            scored = score_season(table, hub.seated(table))
        if scored is not None:
            data["season_scored"] = _season_scored(scored)
        return data

    return answer(await _write(hub, work))


@endpoint
async def api_take_back(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    caller = await _caller(request)
    owner = request.path_params["player"]

    def work() -> dict[str, Any]:

        with Table.open(hub.path, store=hub.store) as table:
            _may_write(caller, table, owner)
            data = views_json.unplaced(take_back_last(table, owner))
            data["map"] = owner
            return data

    return answer(await _write(hub, work))


@endpoint
async def api_season_end(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    caller = await _caller(request)
    body = await json_body(request)
    owner = request.path_params["player"]
    troll = body.get("troll")
    if troll is not None and not isinstance(troll, str):
        raise Refused(400, "bad-request", _("troll should be a space, like {example}").format(example='"E5"'))

    def work() -> Any:

        with Table.open(hub.path, store=hub.store) as table:
            name = owner_name(table, owner)
            if not caller.referee and caller.player != name:
                raise Refused(403, "not-your-map", _("the troll's space is chosen by the map's owner"))
            results = table.season_end((seat_map(table, owner, create=False),), troll=troll)
            return views_json.season_ended(results[0])

    return answer(await _write(hub, work))


@endpoint
async def api_draw(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    await _referee(request)
    body = await json_body(request)
    force = body.get("force", False) is True

    def work() -> dict[str, Any]:

        with Table.open(hub.path, store=hub.store) as table:
            done = referee_draw(table, hub.seated(table), force=force)
            data = views_json.draw(done.drawn)
        if done.scored is not None:
            data["season_scored"] = _season_scored(done.scored)
        data["skipped"] = [{"player": p, "card": done.card} for p in done.skipped]
        return data

    return answer(await _write(hub, work, news=True))


@endpoint
async def api_undo(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    await _referee(request)

    def work() -> dict[str, Any]:

        with Table.open(hub.path, store=hub.store) as table:
            result = table.undo()
            return views_json.undo(result, record_words.erase_note(result))

    return answer(await _write(hub, work, news=True))


def _game(hub: Hub) -> str:
    """An event's data: the game's number (``Hub.game_number``), which moves when a card is drawn
    or a seat changes, not when a map alone does; and ``calm``, the most milliseconds a page may
    take to read a change of a map alone (2.5 s, and longer at a large table: the phones' reads
    after each of a hundred drawings were most of the server's work, and who is still drawing
    can wait a few seconds)."""
    try:
        players = len(hub.table().state.setup.players)
    except Refused:
        players = 0
    return json.dumps({"game": hub.game_number(), "calm": calm_ms(players)})


def calm_ms(players: int) -> int:
    """The most milliseconds a page takes to read a change of a map alone, at a table of so many
    players: 2,500 up to 20 of them, then 40 more a player (5,700 at a hundred)."""
    return 2500 + 40 * max(0, players - 20)


@endpoint
async def api_timer(request: Request) -> Response:
    """The referee's turn timer: ``{"seconds": N}`` a card (0: none)."""
    hub: Hub = request.app.state.hub
    await _referee(request)
    seconds = (await json_body(request)).get("seconds")
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= 3600:
        raise Refused(400, "bad-request", _("seconds should be a whole number from 0 (no timer) to 3600"))

    def work() -> dict[str, Any]:
        with Table.open(hub.path, store=hub.store) as table:
            set_timer(table, seconds)
            return {"timer": timer_of(table)}

    return answer(await _write(hub, work, news=True))


async def api_events(request: Request) -> Response:
    """Server-sent events: ``table`` whenever the game, a seat's map or the seats change."""
    hub: Hub = request.app.state.hub

    async def stream() -> Any:
        # At once: the page reads the table as it is; a lost stream is opened again after 1 s.
        yield f"retry: 1000\nevent: table\ndata: {_game(hub)}\n\n"
        while True:
            try:
                change = await hub.changes()
            except asyncio.CancelledError:
                return  # the server is stopping: the stream ends quietly
            # A keep-alive keeps proxies' and sleeping phones' connections open.
            yield f"event: table\ndata: {_game(hub)}\n\n" if change else ": still here\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream", headers={**HEADERS, "X-Accel-Buffering": "no"})


ROUTES = [
    Route("/", tv_page),
    Route("/join", join_page),
    Route("/referee", referee_page),
    Route("/join.svg", qr_svg),
    Route("/status.json", status_json),
    Route("/display.json", display_json),
    Route("/card/{card_id}.svg", card_svg),
    Route("/api/table", api_table),
    Route("/api/seats", api_take_seat, methods=["POST"]),
    Route("/api/me", api_me),
    Route("/api/seats/me", api_leave, methods=["DELETE"]),
    Route("/api/seats/{player}", api_free_seat, methods=["DELETE"]),
    Route("/api/maps/{player}", api_map),
    Route("/api/maps/{player}/score", api_score),
    Route("/api/maps/{player}/drawings", api_draw_on_map, methods=["POST"]),
    Route("/api/maps/{player}/drawings/last", api_take_back, methods=["DELETE"]),
    Route("/api/maps/{player}/season-end", api_season_end, methods=["POST"]),
    Route("/api/draw", api_draw, methods=["POST"]),
    Route("/api/undo", api_undo, methods=["POST"]),
    Route("/api/timer", api_timer, methods=["POST"]),
    Route("/api/events", api_events),
    *TV_ROUTES,
]


def make_app(game_path: str, *, join_url: str = "/join", referee_token: str | None = None,
             store: Store | None = None) -> Starlette:
    """The table page's application for the game in ``game_path`` (in ``store``: the run's by
    default)."""
    async def not_found(request: Request, exc: Exception) -> Response:
        return error(404, "not-found", _("nothing at {path}").format(path=request.url.path))

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return error(405, "not-allowed", _("{method} is not answered at {path}").format(
            method=request.method, path=request.url.path))

    async def failed(request: Request, exc: Exception) -> Response:
        return error(500, "internal-error", _("cartoref could not answer this (a bug)"))

    app = Starlette(routes=ROUTES, exception_handlers={404: not_found, 405: not_allowed, 500: failed})
    app.state.hub = Hub(game_path, referee_token, store)
    app.state.hub.keep_referee()
    app.state.join_url = join_url
    return app
