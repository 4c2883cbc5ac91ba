"""The ``cartoref`` command: a click group whose commands live in small modules.

A command's module is imported only when that command runs, so ``cartoref score --json``
never pays for rich or for the game engine (``--help`` imports them all, to list each
command with the first line of its own docstring). Errors become a message and an exit status here,
in one place: 2 for bad input (usage, map, card, game), 3 when the system refuses (a file or
the output cannot be written), 130 on Ctrl-C, 141 when the output pipe closes early, and 1 for
an unexpected failure (a bug).
"""

from __future__ import annotations

import os
import sys

try:
    # The C module: ``signal`` imports ``enum`` first, a start-up a Ctrl-C can land in (CI saw a
    # traceback from enum.py once), so the handler is installed through this one.
    import _signal
except ImportError:  # pragma: no cover - not CPython
    import signal as _signal


def _interrupted(signum: int, frame: object) -> None:
    # Ctrl-C at any moment, start-up included: no traceback. Files are old or new (every write
    # is a rename), locks die with the process; only a temporary file being written is removed.
    try:
        # Not yet imported, or half imported (the Ctrl-C came during start-up): nothing written yet.
        record = sys.modules.get("cartoref.table.runrecord")
        drop = getattr(record, "drop_unfinished", None)
        if callable(drop):
            drop()
        words = _interrupted_words(record)
    except BaseException:  # noqa: BLE001 - whatever state start-up is in, the answer is the same
        words = "Interrupted."  # English: nothing can be trusted here, the catalog included
    try:
        os.write(2, (words + "\n").encode("utf-8", "replace"))
    finally:
        os._exit(130)


def _interrupted_words(record: Any = None) -> str:
    """What a Ctrl-C says: what was saved before it (a draw names the cards it revealed);
    ``record`` is the table's record of the run (``table.runrecord``), None before any."""
    spoken = sys.modules.get("cartoref.i18n")  # not yet imported during start-up: English
    _ = getattr(spoken, "_", str)
    saved, revealing = getattr(record, "saved", None), getattr(record, "revealed", None)
    written = saved() if callable(saved) else []
    revealed = revealing() if callable(revealing) else []
    if revealed:
        return _("Interrupted after revealing {cards}; `cartoref status` shows it.").format(cards=", ".join(revealed))
    if written:
        return _("Interrupted after saving {files}.").format(files=", ".join(written))
    return _("Interrupted: nothing was saved.")


def _install_interrupt_handler() -> object:
    try:
        return _signal.signal(_signal.SIGINT, _interrupted)
    except ValueError:  # not the main thread: leave signals alone
        return None


# Installed before anything else is imported: a Ctrl-C during start-up is quiet too.
_PREVIOUS_SIGINT = _install_interrupt_handler()

import signal  # noqa: E402 - after the handler (it imports enum)

import contextlib
import functools
import importlib
from collections.abc import Iterator
from typing import Any

import click

from .. import i18n, texts
from ..errors import CartorefError
from ..i18n import LANGUAGES, N_
from ..table import runrecord
from . import helpformat

#: command name -> (module under cartoref.cli, function name); each command's help is its docstring.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("sheet_cmds", "score"),
    "show": ("sheet_cmds", "show"),
    "check": ("sheet_cmds", "check"),
    "new-map": ("sheet_cmds", "new_map"),
    "read": ("photo_cmds", "read"),
    "edit": ("photo_cmds", "edit"),
    "cards": ("card_cmds", "cards"),
    "card": ("card_cmds", "card"),
    "place": ("place_cmds", "place"),
    "fits": ("place_cmds", "fits"),
    "hint": ("place_cmds", "hint"),
    "unplace": ("place_cmds", "unplace"),
    "season-end": ("place_cmds", "season_end"),
    "solo-ambush": ("place_cmds", "solo_ambush"),
    "title": ("place_cmds", "title"),
    "new": ("game_cmds", "new"),
    "draw": ("game_cmds", "draw"),
    "status": ("game_cmds", "status"),
    "forecast": ("game_cmds", "forecast"),
    "record": ("game_cmds", "record"),
    "standings": ("game_cmds", "standings"),
    "undo": ("game_cmds", "undo"),
    "log": ("game_cmds", "log"),
    "autoplay": ("game_cmds", "autoplay"),
    "pad": ("picture_cmds", "pad"),
    "serve": ("picture_cmds", "serve"),
    "export": ("store_cmds", "export"),
    "import": ("store_cmds", "import_"),
    "challenge": ("challenge_cmds", "challenge"),
    "event": ("event_cmds", "event"),
    "verify": ("event_cmds", "verify"),
}


class ClosedPipe(Exception):
    """The output pipe closed under a command (click would end such a run with status 1)."""


def english_help(item: click.Command | click.Option) -> str:
    """A command's or an option's help as written in the code: the message its translation is
    found by (scripts/catalogs.py collects them)."""
    import inspect

    return inspect.cleandoc(item.help or "").partition("\f")[0]


@contextlib.contextmanager
def _spoken(item: click.Command | click.Option) -> Iterator[None]:
    """While the block runs, ``item`` shows its help in the language spoken (click shows ``help``
    as it was given); then it is English again."""
    english = item.help
    item.help = i18n._(english_help(item)) if english else english
    try:
        yield
    finally:
        item.help = english


class _Speaking(click.Command):
    """Its help in the language spoken, laid out by the columns its characters take."""

    __slots__ = ()
    context_class = helpformat.Context

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _spoken(self):
            super().format_help_text(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        with _spoken(self):
            return super().get_short_help_str(limit)


class SpokenCommand(_Speaking):
    """A command showing its help in the language spoken."""

    __slots__ = ()


class SpokenOption(click.Option):
    """Shows its help in the language spoken."""

    __slots__ = ()

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        with _spoken(self):
            record = super().get_help_record(ctx)
        if record is None:
            return None
        # click puts two blanks before "[default: ...]"; Japanese runs on after its 。
        return record[0], record[1].replace("。  [", "。[")


class SpokenGroup(_Speaking, click.Group):
    """A group of commands (``event``, ``challenge``) speaking as ``SpokenCommand`` does, its
    commands listed with their whole summaries."""

    __slots__ = ()

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, cmd.get_short_help_str(limit=1000)) for name, cmd in self.commands.items()]
        with formatter.section(i18n._("Commands")):
            formatter.write_dl(rows)


def speaking(cmd: click.Command) -> click.Command:
    """``cmd`` with its help and its options' help shown in the language spoken (a group's
    commands too). The commands are written with plain click decorators; their classes are
    swapped here, once, for subclasses that only translate what they show."""
    if type(cmd) is click.Command:
        cmd.__class__ = SpokenCommand
    elif type(cmd) is click.Group:
        cmd.__class__ = SpokenGroup
    for param in cmd.params:
        if isinstance(param, click.Option) and not isinstance(param, SpokenOption):
            param.__class__ = _spoken_class(type(param))
    for sub in getattr(cmd, "commands", {}).values():
        speaking(sub)
    return cmd


@functools.cache
def _spoken_class(option_class: type[click.Option]) -> type[click.Option]:
    """``option_class`` showing its help in the language spoken (an option of its own class,
    such as ``options.SpacedOption``, keeps what it does)."""
    if option_class is click.Option:
        return SpokenOption
    return type(f"Spoken{option_class.__name__}", (SpokenOption, option_class), {"__slots__": ()})


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used."""

    context_class = helpformat.Context

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with _spoken(self):
            super().format_help_text(ctx, formatter)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise ClosedPipe() from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        # A mistyped command gets "did you mean", as options and card names do.
        name = args[0] if args else ""
        if name and name not in COMMANDS and not name.startswith("-"):
            import difflib

            close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=3, cutoff=0.6)
            if close:
                ctx.fail(i18n._("no command {name}; did you mean {choices}?").format(
                    name=repr(name), choices=" or ".join(close)))
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attr = COMMANDS[cmd_name]
        return speaking(getattr(importlib.import_module(f"{__name__}.{module}"), attr))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Each command's summary, the first line of its docstring, whole (wrapped, never cut).
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            assert cmd is not None
            rows.append((name, cmd.get_short_help_str(limit=1000)))
        with formatter.section(i18n._("Commands")):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cartoref", prog_name="cartoref")
@click.option("--lang", type=click.Choice(LANGUAGES, case_sensitive=False), is_eager=True, expose_value=False,
              help=N_("The language to speak (else $CARTOREF_LANG, $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG)."))
def cli() -> None:
    """Referee and scoring assistant for the board game Cartographers.

    Type a map sheet into a small YAML file (`cartoref new-map` prints a blank one), then
    `cartoref score MAP --season spring` scores it with the reason behind every point.
    """


speaking(cli)

EXIT_SYSTEM = 3  # the system refused: a file or the output could not be written
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_PIPE = 141  # the output pipe was closed early (128 + SIGPIPE, as a shell reports it)


def _quiet_streams() -> None:
    # An output encoding that cannot show a character (PYTHONIOENCODING=ascii) shows "?" for it.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError, AttributeError, TypeError):
                pass


def _drop_stdout() -> None:
    # Point stdout at /dev/null, so that what is still buffered is not written again at exit.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _output_failed(e: OSError) -> int:
    import errno

    _drop_stdout()
    if e.errno == errno.EPIPE or isinstance(e, BrokenPipeError):
        return EXIT_PIPE
    reason = texts.reason(e)
    written = runrecord.saved()
    if written:
        _say(i18n.ngettext("cartoref: cannot write the output: {reason}; {files} was saved",
                           "cartoref: cannot write the output: {reason}; {files} were saved",
                           len(written)).format(reason=reason, files=", ".join(written)))
    else:
        _say(i18n._("cartoref: cannot write the output: {reason}").format(reason=reason))
    return EXIT_SYSTEM


def _say(line: str) -> None:
    try:
        click.echo(line, err=True)
    except (OSError, ValueError):
        pass


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _run(argv: list[str] | None) -> int:
    try:
        code: Any = cli.main(args=argv, prog_name="cartoref", standalone_mode=False)
        _flush_stdout()  # inside the boundary: a full disk or closed pipe is reported here
    except click.exceptions.Abort:
        _say(_interrupted_words(runrecord))
        return EXIT_INTERRUPTED
    except SystemExit as e:
        if _from_rich_broken_pipe(e):  # rich has already pointed stdout at /dev/null
            return EXIT_PIPE
        raise
    except ClosedPipe:
        _drop_stdout()
        return EXIT_PIPE
    except click.ClickException as e:
        try:
            e.show()
        except OSError:
            pass
        if _wants_json(argv):
            _error_json(e.format_message(), "usage")
        return 2 if isinstance(e, click.UsageError) else e.exit_code
    except CartorefError as e:
        from .hints import render

        _say(render(e))
        if _wants_json(argv):
            _error_json(render(e), e.code, getattr(e, "problems", ()))
        return 2
    except runrecord.SystemRefused as e:
        _say(i18n._("cartoref: cannot write {path}: {reason}").format(path=e.path, reason=e.reason))
        return EXIT_SYSTEM
    except KeyboardInterrupt:
        _say(_interrupted_words(runrecord))
        return EXIT_INTERRUPTED
    except OSError as e:
        if e.filename is None and _is_output_error(e):
            return _output_failed(e)
        return _bug(e)
    except Exception as e:  # noqa: BLE001 - the one boundary: anything else is a bug
        return _bug(e)
    return code if isinstance(code, int) else 0


def _lang_option(args: list[str]) -> str | None:
    """The value of ``--lang`` on the command line, read before click parses it, so that click's
    own help and errors speak the language too (click then checks the value)."""
    for n, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if arg == "--lang" and n + 1 < len(args):
            return args[n + 1]
    return None


def _wants_json(argv: list[str] | None) -> bool:
    """Whether the command line asked for JSON (its options, before a lone "--")."""
    args = sys.argv[1:] if argv is None else argv
    return "--json" in args[: args.index("--")] if "--" in args else "--json" in args


def _error_json(message: str, code: str, problems: Any = ()) -> None:
    """A refusal as JSON on standard output, for scripts: the message and each file problem."""
    from ..views.json import dump, problem

    error: dict[str, Any] = {"message": message, "code": code or None}
    if problems:
        error["problems"] = [problem(p) for p in problems]
    try:
        click.echo(dump({"error": error}))
    except OSError:
        pass


def _from_rich_broken_pipe(e: SystemExit) -> bool:
    """True when rich ended the run because the output pipe closed (Console.on_broken_pipe)."""
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_name == "on_broken_pipe"


def _is_output_error(e: OSError) -> bool:
    """True for the errors of a write to the output: a full disk, a closed pipe, an I/O error."""
    import errno

    return e.errno in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EBADF)


def _bug(e: BaseException) -> int:
    # A bug: say so plainly, keep the traceback for whoever debugs it.
    if os.environ.get("CARTOREF_DEBUG"):
        raise e
    _say(i18n._("cartoref: internal error: {kind}: {message}").format(kind=type(e).__name__,
                                                                       message=texts.excerpt(str(e))))
    _say(i18n._("This is a bug in cartoref; run with CARTOREF_DEBUG=1 for the details."))
    return 1


def _say_completed() -> None:
    """Say on standard error each solo map this run completed and no output has named (``log``,
    ``standings``, ``--json``...): a repair is never silent."""
    game = sys.modules.get("cartoref.table.game")
    if game is None or not game.COMPLETED:
        return
    from .nextsteps import completed_line

    for path in dict.fromkeys(game.COMPLETED):
        _say(completed_line(path))
    game.COMPLETED.clear()


def main(argv: list[str] | None = None) -> None:
    """Run the command line and exit: 0 ok, 2 bad input, 3 the system refused, 130 Ctrl-C,
    141 output pipe closed, 1 an unexpected failure (a bug)."""
    global _PREVIOUS_SIGINT
    previous = _install_interrupt_handler()
    if _PREVIOUS_SIGINT is None:
        _PREVIOUS_SIGINT = previous
    _quiet_streams()
    # --json is for scripts: its whole run speaks English, so that no field changes with a language.
    i18n.use("en" if _wants_json(argv) else i18n.choose(_lang_option(sys.argv[1:] if argv is None else argv)))
    runrecord.begin()
    code = _run(argv)
    _say_completed()
    if argv is not None and _PREVIOUS_SIGINT not in (None, _interrupted):
        # Called from Python (tests, another program): give its Ctrl-C handling back.
        try:
            signal.signal(signal.SIGINT, _PREVIOUS_SIGINT)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            pass
    sys.exit(code)
