"""The ``cartoref`` command: a click group whose commands live in small modules.

A command's module is imported only when that command runs, so ``cartoref score --json``
never pays for rich or for the game engine. Errors become a message and an exit status here,
in one place: 2 for bad input (usage, map, card, game), 1 for an unexpected failure.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from ..errors import CartorefError

#: command name -> (module under cartoref.cli, function name, one-line help for the listing)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "score": ("sheet_cmds", "score", "Score map files: a season's edicts or chosen cards, coins, monsters."),
    "show": ("sheet_cmds", "show", "Draw a map file in colour with row letters and column numbers."),
    "check": ("sheet_cmds", "check", "Validate map files only."),
    "new-map": ("sheet_cmds", "new_map", "Print a blank map file for a sheet side."),
    "cards": ("card_cmds", "cards", "List the cards."),
    "card": ("card_cmds", "card", "Show one card: shapes, coins, time, solo number."),
    "place": ("place_cmds", "place", "Check a drawing on a map file and apply it, with its coins."),
    "fits": ("place_cmds", "fits", "Count where each shape of a card can be drawn on a map."),
    "solo-ambush": ("place_cmds", "solo_ambush", "Draw an ambush's monster by the solo procedure."),
    "title": ("place_cmds", "title", "Solo rating and title from a final score and the four edicts."),
    "new": ("game_cmds", "new", "Set up a game: edicts, shuffled deck, players; saved in a game file."),
    "draw": ("game_cmds", "draw", "Reveal the next card and say what the table does."),
    "status": ("game_cmds", "status", "The season, its time and column, the deck counts, who has recorded."),
    "record": ("game_cmds", "record", "Record a player's score for the season that just ended."),
    "standings": ("game_cmds", "standings", "Each player's seasons, totals and rank; solo rating and title."),
    "undo": ("game_cmds", "undo", "Take back the last action of the game."),
    "log": ("game_cmds", "log", "List the actions of the game."),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attr, _ = COMMANDS[cmd_name]
        return getattr(importlib.import_module(f"{__name__}.{module}"), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Short help straight from the table: listing commands imports nothing.
        with formatter.section("Commands"):
            formatter.write_dl([(name, short) for name, (_, _, short) in COMMANDS.items()])


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cartoref", prog_name="cartoref")
def cli() -> None:
    """Referee and scoring assistant for the board game Cartographers.

    Type a map sheet into a small YAML file (`cartoref new-map` prints a blank one), then
    `cartoref score MAP --season spring` scores it with the reason behind every point.
    """


def main(argv: list[str] | None = None) -> None:
    """Run the command line and exit with 0 (ok), 2 (bad input) or 1 (unexpected failure)."""
    try:
        code: Any = cli.main(args=argv, prog_name="cartoref", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as e:
        e.show()
        sys.exit(2 if isinstance(e, click.UsageError) else e.exit_code)
    except CartorefError as e:
        click.echo(e.render(), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
    except Exception as e:  # a bug: say so plainly, keep the traceback for whoever debugs it
        if os.environ.get("CARTOREF_DEBUG"):
            raise
        click.echo(f"cartoref: internal error: {type(e).__name__}: {e}", err=True)
        click.echo("This is a bug in cartoref; run with CARTOREF_DEBUG=1 for the details.", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
