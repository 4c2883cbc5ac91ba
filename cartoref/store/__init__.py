"""Where a table keeps what it writes: game files, map files, seat books, an event's rounds.

A store holds texts by key, a relative path (``friday/table-2.yaml``), each written whole or not
at all, and locks a key for a read-modify-write across threads and processes. Every key keeps
the text of the file it stands for, byte for byte, so ``export`` and ``import`` move a game
between stores unchanged. Three stores answer the same calls:

- ``FileStore`` (the default): the files beside each other, as cartoref always kept them; a key
  is the file's path, written atomically through ``files``;
- ``SqliteStore``: one SQLite database file (WAL), for an event's tables on one machine;
- ``PostgresStore``: a PostgreSQL database (psycopg 3, an optional extra), for a hosted event.

A store's lock is re-entrant within a thread: a game's lock held while its maps are locked and
written is one transaction in a database, committed when the outermost lock ends (so a game and
its map are saved together), rolled back when the run is interrupted (Ctrl-C, a kill).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import AbstractContextManager
from typing import Protocol


class Store(Protocol):
    """The calls the table makes on whatever keeps its texts."""

    #: How a person names the store ("" for files: there a key is the path itself).
    where: str

    def read(self, key: str, limit: int) -> str:
        """The text at ``key``: FileNotFoundError when there is none, ``files.TooLarge`` beyond
        ``limit`` bytes, UnicodeDecodeError when it is not UTF-8, OSError when unreadable."""
        ...

    def write(self, key: str, text: str) -> None:
        """Put ``text`` at ``key``, whole or not at all (``files.SystemRefused`` when refused)."""
        ...

    def create(self, key: str, text: str) -> None:
        """Put ``text`` at a new ``key``; FileExistsError (nothing written) when it is taken."""
        ...

    def remove(self, key: str) -> None:
        """Take ``key`` away (nothing when it is not there)."""
        ...

    def exists(self, key: str) -> bool: ...

    def version(self, key: str) -> Hashable | None:
        """A value that changes whenever the text at ``key`` is written; None when there is none."""
        ...

    def locked(self, key: str) -> AbstractContextManager[object]:
        """Hold ``key`` against every other writer while the block runs (FileNotFoundError when
        there is nothing at ``key``)."""
        ...

    def together(self) -> AbstractContextManager[None]:
        """The writes inside the block land together (a database's transaction) or, in the
        files, each whole as it is made."""
        ...

    def tidy(self, key: str) -> None:
        """Take away what a killed run left half-done beside ``key``."""
        ...

    def keys(self, folder: str) -> list[str]:
        """The keys directly in ``folder`` ("" for the top), sorted."""
        ...

    def versions(self, folder: str) -> list[tuple[str, Hashable]]:
        """Each text directly in ``folder`` with its version, by key (what a watcher compares)."""
        ...

    def has_folder(self, folder: str) -> bool:
        """Whether keys may be made in ``folder``."""
        ...

    def watch(self, heard: Callable[[str], None]) -> bool:
        """Call ``heard(key)`` (in another thread) whenever any process writes a text: True when
        the store tells of writes (PostgreSQL's LISTEN/NOTIFY); False, and nothing called, when
        its readers must look (the files, SQLite)."""
        ...

    def make_folder(self, folder: str) -> None:
        """Make ``folder`` (and those it is in) ready for keys."""
        ...


def open_store(where: str | None) -> Store:
    """The store a person names with ``--db``: none for the files (the default), a
    ``postgresql://`` address, or an SQLite database file (made when it is not there yet)."""
    if not where:
        from .filestore import FILES

        return FILES
    if where.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore.named(where)
    from .sqlite import SqliteStore

    return SqliteStore.named(where)


#: The store this run works on, as the shell named it (``use``); the files until then.
_RUN: list[Store] = []


def use(where: str | None) -> Store:
    """Make the store named by ``where`` (``open_store``) the one this run works on."""
    store = open_store(where)
    _RUN[:] = [store]
    return store


def current() -> Store:
    """The store this run works on: the one ``use`` named, else the files."""
    if _RUN:
        return _RUN[0]
    from .filestore import FILES

    return FILES
