"""What several commands share: option decorators, the season choice, comma lists, JSON out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

SEASON_CHOICE = click.Choice(["spring", "summer", "autumn", "fall", "winter"], case_sensitive=False)
DEFAULT_GAME = "cartoref-game.yaml"


def split_names(text: str) -> list[str]:
    """The comma-separated parts of an option's value, stripped."""
    return [part.strip() for part in text.split(",")]


def game_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--game FILE`` option every game command takes."""
    return click.option("--game", "game_path", envvar="CARTOREF_GAME", default=DEFAULT_GAME, metavar="FILE",
                        show_default=True, help="The game file (or $CARTOREF_GAME).")(f)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--json`` flag."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(f)


def emit_json(data: Any) -> None:
    """Print one JSON document."""
    from ..views.json import dump

    click.echo(dump(data))
