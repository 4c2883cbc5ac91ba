"""What several commands share: option decorators, the season choice, comma lists, JSON out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..i18n import _


class SpokenChoice(click.Choice):
    """A choice among plain English words (``words``: each word and its message for the
    catalogs) that a person may type in any language cartoref speaks, any case, accents
    optional ("forêt", "bosque", "森林"); the command gets the English word. The help's list and
    the refusal show the words of the language spoken; completion offers the English words."""

    def __init__(self, words: dict[str, str]):
        super().__init__(list(words), case_sensitive=False)
        self.words = words

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..i18n import folded, in_every_language

        if isinstance(value, str):
            typed = folded(value.strip())
            for word, message in self.words.items():
                if typed == word or typed in {folded(w) for w in in_every_language(message).values()}:
                    return word
        return super().convert(value, param, ctx)

    def spoken(self) -> list[str]:
        """The words as the language spoken writes them."""
        return [_(message) for message in self.words.values()]

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "[{}]".format("|".join(self.spoken()))

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return _("{value!r} is not one of {choices}").format(value=value, choices=", ".join(self.spoken()))


class SeasonParam(click.ParamType):
    """A season by name as the card data spells it, any case ("fall" is autumn); its id."""

    name = "season"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SEASON"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from ..errors import UnknownCardError
        from ..table.lookup import season_id, season_ids

        try:
            return season_id(str(value))
        except UnknownCardError:
            names = ", ".join(season_ids())
            self.fail(_("{value} is not a season (expected {names}; fall is autumn)").format(value=repr(value),
                                                                                               names=names),
                      param, ctx)


SEASON = SeasonParam()

#: What a word of a spaced value looks like: a space or a run of spaces (``b4``, ``D3-D6``,
#: ``B4,B5``), a photo's point (``1200,845``).
SPACE_WORDS = r"(?i)[a-k](1[01]|[1-9])([-.,]+[a-k](1[01]|[1-9]))*,?"
POINT_WORDS = r"-?\d+(\.\d*)?,-?\d+(\.\d*)?"


class SpacedOption(click.Option):
    """An option whose value may be typed as several words, as the docs print it (``--cells b4
    b5 c5``, ``--corners X,Y X,Y X,Y X,Y``), as well as one word or one quoted string: the words
    after it that look like its values (``words``, a regular expression) are taken into it,
    joined by spaces; any other word is left to the command (a card's name, the next option)."""

    def __init__(self, *args: Any, words: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        import re

        self.words = re.compile(words)

    def add_to_parser(self, parser: Any, ctx: click.Context) -> None:
        super().add_to_parser(parser, ctx)
        for name in self.opts:
            registered = parser._long_opt.get(name) or parser._short_opt.get(name)
            if registered is None:
                continue
            first = registered.process

            def process(value: Any, state: Any, first: Any = first) -> None:
                taken = [value]
                while state.rargs and isinstance(value, str) and self.words.fullmatch(state.rargs[0]):
                    taken.append(state.rargs.pop(0))
                first(" ".join(taken) if len(taken) > 1 else value, state)

            registered.process = process
DEFAULT_GAME = "cartoref-game.yaml"


def split_names(text: str) -> list[str]:
    """The comma-separated parts of an option's value, stripped."""
    return [part.strip() for part in text.split(",")]


def _use_store(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    from .. import table

    table.use_store(value)


def db_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--db STORE`` option: the games, maps and seats kept in a database rather than files."""
    return click.option("--db", envvar="CARTOREF_DB", metavar="STORE", expose_value=False, callback=_use_store,
                        is_eager=True,
                        help="Keep the games and maps in a database: an SQLite file (made when new) or a "
                             "postgresql:// address (or $CARTOREF_DB); FILE names are then names in it. "
                             "[files]")(f)


def game_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--game FILE`` option every game command takes (with ``--db``)."""
    f = db_option(f)
    return click.option("--game", "game_path", envvar="CARTOREF_GAME", default=DEFAULT_GAME, metavar="FILE",
                        show_default=True, help="The game file (or $CARTOREF_GAME).")(f)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--json`` flag."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(f)


def emit_json(data: Any) -> None:
    """Print one JSON document."""
    from ..views.json import dump

    click.echo(dump(data))


def table_game_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--game FILE`` / ``--no-game`` for the commands that follow a game on a map file."""
    f = db_option(f)
    f = click.option("--no-game", is_flag=True,
                     help="Check the drawing on its own, whatever game is at hand.")(f)
    return click.option("--game", "game_path", envvar="CARTOREF_GAME", metavar="FILE",
                        help=f"Take the card on the table from this game (default: $CARTOREF_GAME, "
                             f"else {DEFAULT_GAME} when it is here).")(f)


def find_game(game_path: str | None, no_game: bool) -> str | None:
    """The game a map command follows: the one named, else the default file when it exists."""

    if no_game:
        return None
    if game_path:
        return game_path
    from .. import table

    return DEFAULT_GAME if table.current_store().exists(DEFAULT_GAME) else None


def complete_card(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a card name: the ids of the cards, as forgiving names accept them."""
    from click.shell_completion import CompletionItem

    from ..table.lookup import card_names

    return [CompletionItem(cid, help=name) for cid, name in card_names() if cid.startswith(incomplete.lower())]


def complete_sheet(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a sheet side: its id (its letter is accepted too)."""
    from click.shell_completion import CompletionItem

    from ..table.lookup import sheet_sides

    return [CompletionItem(sid, help=_("side {letter}").format(letter=letter)) for sid, letter in sheet_sides()
            if sid.startswith(incomplete.lower()) or letter.lower() == incomplete.lower()]


def complete_card_set(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a card set, as the card folders' manifests name them."""
    from ..table.lookup import card_sets

    return [name for name in card_sets() if name.startswith(incomplete.lower())]


def complete_edition(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of an edition, as the card sets deal them."""
    from ..table.lookup import editions

    return [name for name in editions() if name.startswith(incomplete.lower())]


def complete_ambushes(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of ``--ambushes``: the ways of the edition given (else of any)."""
    from ..errors import UsageError
    from ..table.lookup import ambush_ways

    try:
        ways = ambush_ways(ctx.params.get("edition"))
    except UsageError:  # an edition mistyped: offer every way
        ways = ambush_ways()
    return [way for way in ways if way.startswith(incomplete.lower())]


def sheet_said(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--sheet`` as typed; a name that matched only a part of a side's is said, so that a
    slip is seen ("--sheet wildernes: taken as wilderness")."""
    if value:
        from ..table.lookup import sheet_taken_as

        taken = sheet_taken_as(value)
        if taken is not None:
            click.echo(_("--sheet {typed}: taken as {side}").format(typed=value, side=taken), err=True)
    return value


def complete_player(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of a player of the game at hand."""
    import os

    from click.shell_completion import CompletionItem

    path = ctx.params.get("game_path") or os.environ.get("CARTOREF_GAME") or DEFAULT_GAME
    from ..errors import CartorefError
    from ..table import Table

    try:
        players = Table.read(path).at_hand.players
    except (CartorefError, OSError):  # no game at hand: no names to offer
        return []
    return [CompletionItem(p) for p in players if p.lower().startswith(incomplete.lower())]


def svg_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--svg FILE`` option of the commands that draw pictures."""
    return click.option("--svg", "svg_path", metavar="FILE",
                        help="Draw an SVG picture into FILE instead (- for standard output).")(f)



def write_svg(target: str, picture: str, inputs: tuple[str, ...] = ()) -> None:
    """Print an SVG picture (``target`` is ``-``) or save it and say so."""
    if target == "-":
        click.echo(picture, nl=False)
        return
    from ..table import save_picture

    save_picture(target, picture, inputs)
    click.echo(_("wrote {file}").format(file=target), err=True)


def emit_ranking(result: Any, *, as_json: bool, as_csv: bool, svg_path: str | None, json_of: Callable[[Any], Any],
                 csv_of: Callable[[Any], str], svg_of: Callable[[Any], str], lines_of: Callable[[Any], list[str]]
                 ) -> None:
    """A ranking (a leaderboard, an event's standings) as JSON, CSV, a picture or lines of text."""
    if as_json:
        emit_json(json_of(result))
    elif as_csv:
        click.echo(csv_of(result), nl=False)
    elif svg_path is not None:
        write_svg(svg_path, svg_of(result))
    else:
        for line in lines_of(result):
            click.echo(line)


def echo_report(lines: list[str], indent: int = 10) -> None:
    """A report's lines at the terminal's width, a long one carried on under its indent."""
    import shutil

    from ..widths import wrap

    width = shutil.get_terminal_size((80, 24)).columns
    for line in lines:
        for part in wrap(line, width, rest=" " * indent) or [""]:
            click.echo(part)

