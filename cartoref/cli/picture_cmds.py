"""Commands that only show: pad (a printable score pad), serve (the table display)."""

from __future__ import annotations

import os

import click

from ..errors import UsageError
from ..i18n import _
from .options import DEFAULT_GAME, db_option, find_game, write_svg


@click.command()
@click.option("--game", "game_path", envvar="CARTOREF_GAME", metavar="FILE",
              help=f"Fill the pad in from this game (default: $CARTOREF_GAME, else {DEFAULT_GAME} when it is here).")
@click.option("--players", metavar="NAMES", help='A blank pad for these players: "Ann,Bob,Cy".')
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="The paper to print on.")
@click.option("--svg", "svg_path", metavar="FILE", required=True,
              help="Write the pad to FILE (- for standard output); more pages than one go to FILE-2.svg, ...")
def pad(game_path: str | None, players: str | None, paper: str, svg_path: str) -> None:
    """Draw a printable score pad: each player's four seasons (two edict boxes, coins,
    monsters, total) and the game total.

    From a game, the pad names the edicts and fills in every score recorded so far; with
    --players it is blank, for a game refereed on paper.

    \b
    cartoref pad --game cartoref-game.yaml --svg pad.svg
    cartoref pad --players "Ann,Bob,Cy" --paper letter --svg pad.svg
    """
    from ..table import Table
    from ..table.lookup import blank_pad
    from ..views.svg_pad import PadSeason, pad_pages

    if game_path is not None and players is not None:
        raise UsageError(_("--players makes a blank pad; --game fills one in from the game: give one of them"))
    if players is None:
        game_path = find_game(game_path, False)
        if game_path is None:
            raise UsageError(_('name the game with --game FILE, or the players with --players "Ann,Bob" '
                               "(no {file} here)").format(file=DEFAULT_GAME))
    filled = Table.read(game_path).pad() if game_path is not None else blank_pad(players or "")
    names, seasons, scores, edicts = filled
    if game_path is not None:
        title = _("Cartographers score pad: {game}").format(game=os.path.basename(game_path))
        inputs: tuple[str, ...] = (game_path,)
    else:
        title = _("Cartographers score pad")
        inputs = ()
    rows = [PadSeason(sid, name, letters) for sid, name, letters in seasons]
    pages = pad_pages(names, rows, scores, edicts,
                      paper=paper.lower(), title=title)
    if len(pages) == 1:
        write_svg(svg_path, pages[0], inputs)
        return
    if svg_path == "-":
        raise UsageError(_("the pad takes {n} pages; name a file with --svg (pages go to FILE, FILE-2.svg, ...)").format(
            n=len(pages)))
    stem = svg_path[:-4] if svg_path.lower().endswith(".svg") else svg_path
    targets = [svg_path if i == 1 else f"{stem}-{i}.svg" for i in range(1, len(pages) + 1)]
    from ..table import check_target

    for target in targets:  # every page's file first: none written when one would be refused
        check_target(target, inputs)
    for target, page in zip(targets, pages):
        write_svg(target, page, inputs)


@click.command()
@click.option("--game", "game_path", envvar="CARTOREF_GAME", default=DEFAULT_GAME, show_default=True,
              metavar="FILE", help="The game to show (or $CARTOREF_GAME).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port to listen on (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; 0.0.0.0 lets the phones of the network join (the URLs then "
                   "use this machine's address).")
@click.option("--open", "open_browser", is_flag=True, help="Open the table page in the web browser.")
@click.option("--event", "event", metavar="NAME",
              help="Serve a whole event's room: its screen, and each table's pages under /t/N/ (with --db).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes behind the one address (more than one: a postgresql:// --db).")
@db_option
def serve(game_path: str, port: int, host: str, open_browser: bool, event: str | None, workers: int) -> None:
    """Run the table: a page for the TV, one for each player's phone, one for the referee.

    The first lines are the URLs: table (the TV: the card on the table, the edicts, who has
    drawn, a QR code to join, the standings), join (phones pick a seat and draw on their map,
    checked as place checks it; each season scores itself once every seat has drawn its last
    card) and referee (draw the next card, undo, free a seat; it carries the referee's token).
    `cartoref draw` in a terminal still works: every page follows within a second. Each
    player's map is an ordinary map file beside the game. Ctrl-C stops it.
    """
    if workers > 1:
        _serve_workers(workers, game_path, event, host, port)
        return
    if event is not None:
        _serve_room(event, host, port, open_browser)
        return
    from ..web.server import Urls
    from ..web.server import serve as run

    def ready(urls: Urls) -> None:
        # The URL lines are read by scripts too: their labels stay English in every language.
        click.echo(f"table: {urls.table}")
        click.echo(f"join: {urls.join}")
        click.echo(f"referee: {urls.referee}")
        click.echo(_("The table of {game} is served (Ctrl-C stops it).").format(game=game_path), err=True)
        if host == "127.0.0.1":
            click.echo(_("Only this machine can open these pages; --host 0.0.0.0 lets phones join."), err=True)
        from .. import table

        if not table.current_store().exists(game_path):
            click.echo(_("{game} is not here yet: the pages wait for cartoref new").format(game=game_path), err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(urls.table)

    from ..table import runrecord

    # What the server reveals from the moment Ctrl-C stops it (a draw in flight is finished, not
    # cut): said after "stopped", while a draw revealed minutes before is no news.
    marks = []

    def stopping() -> None:
        marks.append(runrecord.mark())

    try:
        run(game_path, host, port, on_ready=ready, on_stop=stopping)
    except OSError as e:
        raise UsageError(_("--host {host} --port {port}: cannot listen there ({reason})").format(
            host=host, port=port, reason=e.strerror or e)) from None
    click.echo(_("stopped"), err=True)
    revealed = runrecord.revealed_since(marks[0]) if marks else []
    if revealed:
        click.echo(_("The last draw, in flight when the server stopped, revealed {cards}.").format(
            cards=", ".join(revealed)), err=True)


def _serve_room(event: str, host: str, port: int, open_browser: bool) -> None:
    """``serve --event``: the room's screen and every table's pages, until Ctrl-C."""
    from ..web.server import Urls, serve_room

    def ready(urls: Urls, app: object) -> None:
        # The URL lines are read by scripts too: their labels stay English in every language.
        click.echo(f"room: {urls.table}")
        click.echo(f"referee: {urls.referee}")
        room = app.room  # type: ignore[attr-defined]
        for n in range(1, len(room.current().rounds[-1].tables) + 1):
            click.echo(f"table {n}: {urls.table}t/{n}/join")
        click.echo(_("The room of {event} is served (Ctrl-C stops it).").format(event=event), err=True)
        if host == "127.0.0.1":
            click.echo(_("Only this machine can open these pages; --host 0.0.0.0 lets phones join."), err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(urls.table)

    try:
        serve_room(event, host, port, on_ready=ready)
    except OSError as e:
        raise UsageError(_("--host {host} --port {port}: cannot listen there ({reason})").format(
            host=host, port=port, reason=e.strerror or e)) from None
    click.echo(_("stopped"), err=True)


def _serve_workers(workers: int, game_path: str, event: str | None, host: str, port: int) -> None:
    """``serve --workers N``: N processes on a PostgreSQL store."""
    from .. import table
    from ..web.server import Urls
    from ..web.workers import serve_workers

    where = table.current_store().where
    if not where.startswith(("postgresql://", "postgres://")):
        raise UsageError(_("--workers {n}: several server processes share a postgresql:// --db (the files and "
                           "SQLite are served by one process)").format(n=workers), code="workers-need-postgresql")

    def ready(urls: Urls) -> None:
        if event:
            click.echo(f"room: {urls.table}")
            click.echo(f"referee: {urls.referee}")
        else:
            click.echo(f"table: {urls.table}")
            click.echo(f"join: {urls.join}")
            click.echo(f"referee: {urls.referee}")
        click.echo(_("Served by {n} processes (Ctrl-C stops them).").format(n=workers), err=True)

    try:
        serve_workers(workers, host, port, game=None if event else game_path, event=event, db=where, on_ready=ready)
    except OSError as e:
        raise UsageError(_("--host {host} --port {port}: cannot listen there ({reason})").format(
            host=host, port=port, reason=e.strerror or e)) from None
    click.echo(_("stopped"), err=True)

