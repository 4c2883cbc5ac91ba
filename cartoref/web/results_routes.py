"""The TV's pictures and the results to keep: a seat's map as a picture (the season's recap),
``/results.json``, ``/results.csv``, ``/standings.svg`` and BG Stats' link as a QR code (the
game's end). Each endpoint reads the table and answers with a view, as ``app``'s do."""

from __future__ import annotations

import os
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..i18n import _
from ..table.seats import read_seat_map
from .answers import HEADERS, answer, endpoint, in_thread
from .hub import Hub, Refused


def _played(hub: Hub) -> Any:
    """When the game was last played: its file's time (BG Stats' play date)."""
    from datetime import datetime, timezone

    try:
        if hub.store.where:
            return datetime.now(timezone.utc)  # a database keeps no time: the play is now
        return datetime.fromtimestamp(os.path.getmtime(hub.path), timezone.utc)
    except OSError:
        return datetime.now(timezone.utc)


@endpoint
async def map_svg(request: Request) -> Response:
    """A seat's map as ``show --svg`` draws it (404 for a player with no map yet)."""
    from ..views.svg import sheet_svg

    hub: Hub = request.app.state.hub
    player = request.path_params["player"]

    def work() -> str:
        mf = read_seat_map(hub.table(), player)
        if mf is None:
            raise Refused(404, "no-map", _("{player} has no map yet: take the seat first").format(player=player))
        return sheet_svg(mf.sheet, mf.player or player, mf.coins, spent=mf.spent)

    return Response(await in_thread(work), media_type="image/svg+xml", headers=HEADERS)


@endpoint
async def results_json(request: Request) -> Response:
    from ..views.results import results

    hub: Hub = request.app.state.hub
    table = await in_thread(hub.cached, "read", hub.table)
    return answer(results(table.state, _played(hub)))


@endpoint
async def results_csv(request: Request) -> Response:
    from ..views.results import results_csv as rows

    hub: Hub = request.app.state.hub
    table = await in_thread(hub.cached, "read", hub.table)
    return Response(rows(table.state), media_type="text/csv; charset=utf-8",
                    headers={**HEADERS, "Content-Disposition": 'inline; filename="cartographers-results.csv"'})


@endpoint
async def standings_svg(request: Request) -> Response:
    from ..views.results import standings_svg as picture

    hub: Hub = request.app.state.hub
    table = await in_thread(hub.cached, "read", hub.table)
    return Response(picture(table.state), media_type="image/svg+xml", headers=HEADERS)


@endpoint
async def bgstats_svg(request: Request) -> Response:
    """BG Stats' link for the finished game as a QR code (404 before the game's end, or when the
    link is too long for a QR code: a table of very many)."""
    from ..views.results import results
    from .page import qr_svg as picture

    hub: Hub = request.app.state.hub
    table = await in_thread(hub.cached, "read", hub.table)
    url = results(table.state, _played(hub))["bgstats"]
    if url is None:
        raise Refused(404, "no-results", _("no BG Stats link: the game is not over"))
    try:
        # A file of its own (an <img>'s source) names its namespace; the inline QR code need not.
        svg = picture(url).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    except ValueError:  # segno's DataOverflowError: more than a QR code holds
        raise Refused(404, "too-long", _("the BG Stats link is too long for a QR code: open it from /results.json"))
    return Response(svg, media_type="image/svg+xml", headers=HEADERS)


TV_ROUTES = [
    Route("/map/{player}.svg", map_svg),
    Route("/results.json", results_json),
    Route("/results.csv", results_csv),
    Route("/standings.svg", standings_svg),
    Route("/bgstats.svg", bgstats_svg),
]
