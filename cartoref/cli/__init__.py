"""The ``cartoref`` command: a click group whose commands live in small modules.

A command's module is imported only when that command runs, so ``cartoref score --json``
never pays for rich or for the game engine (``--help`` imports them all, to list each
command with the first line of its own docstring). Errors become a message and an exit status here,
in one place: 2 for bad input (usage, map, card, game), 1 for an unexpected failure.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from ..errors import CartorefError

#: command name -> (module under cartoref.cli, function name); each command's help is its docstring.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("sheet_cmds", "score"),
    "show": ("sheet_cmds", "show"),
    "check": ("sheet_cmds", "check"),
    "new-map": ("sheet_cmds", "new_map"),
    "cards": ("card_cmds", "cards"),
    "card": ("card_cmds", "card"),
    "place": ("place_cmds", "place"),
    "fits": ("place_cmds", "fits"),
    "solo-ambush": ("place_cmds", "solo_ambush"),
    "title": ("place_cmds", "title"),
    "new": ("game_cmds", "new"),
    "draw": ("game_cmds", "draw"),
    "status": ("game_cmds", "status"),
    "record": ("game_cmds", "record"),
    "standings": ("game_cmds", "standings"),
    "undo": ("game_cmds", "undo"),
    "log": ("game_cmds", "log"),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attr = COMMANDS[cmd_name]
        return getattr(importlib.import_module(f"{__name__}.{module}"), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Each command's summary, the first line of its docstring, whole (wrapped, never cut).
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            assert cmd is not None
            rows.append((name, cmd.get_short_help_str(limit=1000)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


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
        from .hints import render

        click.echo(render(e), err=True)
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
