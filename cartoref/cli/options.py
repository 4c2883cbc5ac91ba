"""What several commands share: option decorators, the season choice, comma lists, JSON out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click


class SeasonParam(click.ParamType):
    """A season by name as the card data spells it, any case ("fall" is autumn); its id."""

    name = "season"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SEASON"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ..cards import catalog
        from ..errors import UnknownCardError

        cards = catalog()
        try:
            return cards.season(str(value)).id
        except UnknownCardError:
            names = ", ".join(s.id for s in cards.seasons)
            self.fail(f"{value!r} is not a season (expected {names}; fall is autumn)", param, ctx)


SEASON = SeasonParam()
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
