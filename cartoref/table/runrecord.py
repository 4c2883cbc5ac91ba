"""What this run has saved and revealed: one record, owned by the table, that the shells ask
when they must say it (a Ctrl-C, a full disk, a closed pipe, a server stopped mid-draw). The
files module keeps it as it writes (every save appended once renamed into place, a draw's
cards named before its save); nothing else reads it.

Light on purpose: the command line's interrupt handler looks for this module in
``sys.modules`` at any moment of start-up."""

from __future__ import annotations

import os
from typing import NamedTuple

from .. import files
from ..files import SystemRefused

__all__ = ["RevealMark", "SystemRefused", "begin", "drop_unfinished", "mark", "revealed", "revealed_since",
           "saved"]


def begin() -> None:
    """A new run (a command called again in one process): nothing saved or revealed yet."""
    files.WRITTEN.clear()
    files.REVEALING.clear()


def saved() -> list[str]:
    """The files this run saved, each once, in the order saved."""
    return list(dict.fromkeys(files.WRITTEN))


def revealed() -> list[str]:
    """The cards a draw of this run revealed and saved."""
    written = files.WRITTEN
    return [name for path, names in dict(files.REVEALING).items() if path in written for name in names]


def drop_unfinished() -> None:
    """Remove the temporary files of writes cut short (the files themselves stay old or new)."""
    for tmp in list(files.IN_FLIGHT):
        try:
            os.unlink(tmp)
        except OSError:
            pass


class RevealMark(NamedTuple):
    """Where this process's saves and reveals stood at one moment (``mark``)."""

    written: int
    revealing: dict[str, int]


def mark() -> RevealMark:
    """A mark of what this process has saved and revealed so far."""
    return RevealMark(len(files.WRITTEN), {path: id(names) for path, names in files.REVEALING.items()})


def revealed_since(since: RevealMark) -> list[str]:
    """The cards a draw saved after ``since`` revealed (a draw in flight when ``serve`` was told
    to stop is finished, and named), in the order revealed."""
    later = files.WRITTEN[since.written:]
    return [name for path, names in files.REVEALING.items()
            if path in later and since.revealing.get(path) != id(names) for name in names]
