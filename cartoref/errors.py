"""The one exception hierarchy of cartoref.

Every error a user can cause is a ``CartorefError``; the CLI turns it into a message and exit
status 2 in one place. Anything else escaping is a bug (exit status 1).
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import _


class CartorefError(Exception):
    """Base of every error caused by input: a file, an option, a name, an action.

    ``code`` is a short stable name for what went wrong (``"ruins-card"``, ``"no-game"``), so
    a shell can add advice in its own words (``cartoref.cli.hints``); ``card`` and ``spaces``
    say which card (an id) and which spaces (a mask) it is about, when it is about one.
    The message itself never names a command-line option or a command.
    """

    def __init__(self, message: str = "", *, code: str = "", card: str | None = None, spaces: int = 0):
        super().__init__(message)
        self.message = message
        self.code = code
        self.card = card
        self.spaces = spaces

    def render(self) -> str:
        """The message the user sees."""
        return str(self)


class Problem(NamedTuple):
    """One problem found in a file, compiler-style: where it is and what was expected."""

    file: str
    line: int  # 1-based; 0 when the problem is the file as a whole
    col: int  # 1-based; 0 when the problem is a whole line
    message: str
    space: str | None = None  # "C4" when the problem is about one space of the map
    source: str | None = None  # the offending line, shown with a caret under ``col``
    code: str = ""  # its kind, where one is named ("unread": a '?' a photo read left)

    def render(self) -> str:
        """``file:line:col: C4: message`` followed by the source line and a caret."""
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        head = f"{where}: {self.space + ': ' if self.space else ''}{self.message}"
        if self.source is None or not self.line:
            return head
        src = self.source.rstrip("\n").expandtabs(1)
        caret = " " * max(self.col - 1, 0) + "^"
        return f"{head}\n    {src}\n    {caret}"


class ProblemsError(CartorefError):
    """Several problems found at once in one or more files."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


class MapFileError(ProblemsError):
    """A map file that cannot be read: every problem in it, each with its place."""


class CardDataError(ProblemsError):
    """Broken card data under cards/ (a packaging or editing mistake, not a player's)."""


class UnknownCardError(CartorefError):
    """A card name on the command line that matches no card, or several."""

    def __init__(self, name: str, message: str, suggestions: tuple[str, ...] = (), *, code: str = ""):
        self.name = name
        self.suggestions = suggestions
        super().__init__(did_you_mean(message, suggestions), code=code)


def did_you_mean(message: str, suggestions: tuple[str, ...] | list[str]) -> str:
    """``message`` followed by up to three suggestions: "unknown card 'hamlt' (did you mean
    'Hamlet'?)"; ``message`` alone when there is none."""
    names = [repr(s) for s in suggestions]
    if not names:
        return message
    if len(names) == 1:
        return _("{message} (did you mean {name}?)").format(message=message, name=names[0])
    if len(names) == 2:
        return _("{message} (did you mean {first} or {second}?)").format(
            message=message, first=names[0], second=names[1])
    return _("{message} (did you mean {first} or {second} or {third}?)").format(
        message=message, first=names[0], second=names[1], third=names[2])


class RuleError(CartorefError):
    """A refusal by the rules, as a value a shell can read (``code``, ``card``, ``spaces``)."""


class IllegalPlacement(RuleError):
    """A drawing the rules do not allow on this sheet."""


class IllegalAction(RuleError):
    """An action the game does not allow at this point (wrong phase, unknown player, ...)."""


class SaveFileError(CartorefError):
    """A saved game that is missing, unreadable, foreign or inconsistent."""


class UsageError(RuleError):
    """Options that do not make sense together or a value of the wrong form."""
