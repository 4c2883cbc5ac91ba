"""Moving a game between stores: ``export`` (a database's game to files) and ``import`` (files
into a database)."""

from __future__ import annotations

from typing import Any

import click

from ..i18n import _
from .options import db_option, emit_json, json_option


def _said(moved: Any, as_json: bool) -> None:
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.moved(moved))
        return
    for src, dst in moved.texts:
        click.echo(_("{source} -> {target}").format(source=src, target=dst))


@click.command("export")
@click.argument("game", metavar="GAME")
@click.option("-o", "--output", "to", metavar="FILE", help="The game file to write (default: GAME's own name, "
                                                            "from the current folder).")
@click.option("--force", is_flag=True, help="Write over files already there.")
@db_option
@json_option
def export(game: str, to: str | None, force: bool, as_json: bool) -> None:
    """Copy a game out of a database (--db) into files: its game file, seat book and maps, byte for byte."""
    from ..table.transfer import export_game

    _said(export_game(game, to, force=force), as_json)


@click.command("import")
@click.argument("game", metavar="FILE")
@click.option("--as", "to", metavar="NAME", help="Its name in the database (default: FILE as given).")
@click.option("--force", is_flag=True, help="Write over a game of that name already there.")
@db_option
@json_option
def import_(game: str, to: str | None, force: bool, as_json: bool) -> None:
    """Copy a game file with its seat book and maps into a database (--db), byte for byte."""
    from ..table.transfer import import_game

    _said(import_game(game, to, force=force), as_json)
