"""Commands on photos of sheets: read."""

from __future__ import annotations

import click

from ..errors import UsageError
from .options import complete_sheet, emit_json


@click.command()
@click.argument("photo", metavar="PHOTO")
@click.option("--sheet", required=True, shell_complete=complete_sheet,
              help="The sheet side photographed: wilderness (A), wastelands (B), heroes-wilderness (C), "
                   "heroes-wastelands (D).")
@click.option("--corners", metavar="X,Y X,Y X,Y X,Y",
              help="The printed map's corners in the photo (top-left, top-right, bottom-right, bottom-left, "
                   "in pixels), when cartoref does not find them itself.")
@click.option("--label", "labels", multiple=True, metavar="SPACE=TERRAIN",
              help="A space whose terrain you name (B3=forest), to teach cartoref a pencil symbol; repeatable: "
                   "one of each terrain drawn is enough.")
@click.option("-o", "--output", metavar="MAP", help="Write the map file here (else print it).")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@click.option("--json", "as_json", is_flag=True, help="Print each space's symbol and confidence as JSON.")
def read(photo: str, sheet: str, corners: str | None, labels: tuple[str, ...], output: str | None, force: bool,
         as_json: bool) -> None:
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
        raise UsageError("--json prints the reading; -o writes the map file: give one of them")
    result = read_photo(photo, sheet, corners=corners, labels=labels)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.photo_read(result))
        return
    if output is None:
        click.echo(result.text, nl=False)
    else:
        write_new(output, result.text, force=force)
        click.echo(f"wrote {output}", err=True)
    from ..views.words import photo_read_lines

    for line in photo_read_lines(result):
        click.echo(line, err=True)
