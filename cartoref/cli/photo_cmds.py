"""Commands on photos of sheets: read, edit."""

from __future__ import annotations

import click

from ..errors import UsageError
from ..i18n import _
from ..texts import reason
from .options import POINT_WORDS, SpacedOption, complete_sheet, emit_json, sheet_said


@click.command()
@click.argument("photo", metavar="PHOTO")
@click.option("--sheet", required=True, shell_complete=complete_sheet, callback=sheet_said,
              help="The sheet side photographed: wilderness (A), wastelands (B), heroes-wilderness (C), "
                   "heroes-wastelands (D).")
@click.option("--corners", metavar="X,Y X,Y X,Y X,Y", cls=SpacedOption, words=POINT_WORDS,
              help="The printed map's corners in the photo (top-left, top-right, bottom-right, bottom-left, "
                   "in pixels), when cartoref does not find them itself.")
@click.option("--label", "labels", multiple=True, metavar="SPACE=TERRAIN",
              help="A space whose terrain you name (B3=forest), to teach cartoref a pencil symbol; repeatable: "
                   "one of each terrain drawn is enough.")
@click.option("--heroes/--no-heroes", default=None,
              help="Whether heroes and destroyed spaces may be on the sheet (default: on sides C and D).")
@click.option("-o", "--output", metavar="MAP", help="Write the map file here (else print it).")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@click.option("--json", "as_json", is_flag=True, help="Print each space's symbol and confidence as JSON.")
def read(photo: str, sheet: str, corners: str | None, labels: tuple[str, ...], heroes: bool | None,
         output: str | None, force: bool, as_json: bool) -> None:
    """Read a photographed sheet into a map file; every doubtful space is '?'.

    Finds the printed map by its frame and lines (or takes --corners), reads each space's colour
    (coloured pencils) or its likeness to the spaces you --label (pencil symbols), and never
    guesses: a space it is not sure of is '?', which check and score refuse until you type it.

    \b
    cartoref read sheet.jpg --sheet A -o alice.yaml
    cartoref read sheet.jpg --sheet A --label B3=forest --label C5=village --json
    """
    from ..table.photos import read_photo
    from ..table.sheets import write_new

    if output is not None and as_json:
        raise UsageError(_("--json prints the reading; -o writes the map file: give one of them"))
    result = read_photo(photo, sheet, corners=corners, labels=labels, heroes=heroes)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.photo_read(result))
        return
    if output is None:
        click.echo(result.text, nl=False)
    else:
        write_new(output, result.text, force=force)
        click.echo(_("wrote {file}").format(file=output), err=True)
    from ..views.map_words import photo_read_lines
    from .nextsteps import read_again_line

    for line in photo_read_lines(result) + read_again_line(photo, sheet, labels, result.asks, corners=corners,
                                                            output=output):
        click.echo(line, err=True)


@click.command()
@click.argument("map_path", metavar="MAP")
@click.option("--photo", metavar="PHOTO", help="A photo of the sheet, to see under the grid and to read.")
@click.option("--sheet", shell_complete=complete_sheet, callback=sheet_said,
              help="The sheet side, for a MAP that is not there yet.")
@click.option("--game", "game_path", envvar="CARTOREF_GAME", metavar="FILE",
              help="Score the map as this game does: its edicts and the season at hand.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="The port to listen on (0: any free one).")
@click.option("--no-browser", is_flag=True, help="Do not open the web browser; print the URL only.")
def edit(map_path: str, photo: str | None, sheet: str | None, game_path: str | None, port: int,
         no_browser: bool) -> None:
    """Type or fix a map on a local page, with a photo of the sheet under the grid.

    The grid on its sheet side (the printed spaces fixed), a palette and the keyboard (a
    symbol's letter paints the selected space and moves on; arrows move), check's problems and
    the score beside it; with --photo the photo lies under the grid, aligned by its four corners,
    and "read the photo" reads it with the spaces typed so far as labels. Save writes MAP
    atomically. Only this machine can open the page (127.0.0.1). Ctrl-C stops it.
    """
    from ..web.editor import make_editor
    from ..web.server import serve_app

    app = make_editor(map_path, sheet=sheet, photo_path=photo, game_path=game_path)

    def ready(url: str) -> None:
        click.echo(f"edit: {url}")
        click.echo(_("Editing {map} (Ctrl-C stops it).").format(map=map_path), err=True)
        if not no_browser:
            import webbrowser

            webbrowser.open(url)

    try:
        serve_app(app, "127.0.0.1", port, on_ready=ready)
    except OSError as e:
        raise UsageError(_("--port {port}: cannot listen there ({reason})").format(port=port, reason=reason(e))
                         ) from None
    click.echo(_("stopped"), err=True)
