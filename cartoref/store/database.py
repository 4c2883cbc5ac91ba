"""What the two database stores share (``SqliteStore``, ``PostgresStore``): a connection for
each thread, one table of texts by key, and locks that are transactions.

A lock is a write transaction, re-entrant within a thread: the game's lock and its maps' inside
it are one transaction, committed when the outermost block ends, so what a command writes lands
together; interrupted (Ctrl-C, a kill) it is rolled back whole, and a killed process's
transaction is rolled back by the database. A refusal raised inside the block (any
``Exception``) commits what was written before it, as the files keep what was written before a
refusal. Each text is kept whole, as the bytes of the file it stands for; its ``version``
changes with every write (the watchers read it).
"""

from __future__ import annotations

import os
import posixpath
import secrets
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from .. import files
from ..errors import UsageError
from ..i18n import _


def clean_key(key: str) -> str:
    """A key as a database keeps it: a relative path with forward slashes, no ``.`` or ``..``."""
    norm = posixpath.normpath(key.replace(os.sep, "/")).lstrip("/")
    if norm in ("", ".", "..") or norm.startswith("../"):
        raise UsageError(_("{key}: not a name in the store (a relative name like friday/table-1.yaml)").format(
            key=key), code="bad-key")
    return norm


def newer_schema(where: str, number: int, known: int) -> UsageError:
    return UsageError(_("{file}: a store made by a newer cartoref (its schema {number}, this one knows up to "
                        "{known}); update cartoref to open it").format(file=where, number=number, known=known),
                      code="newer-store")


class Database:
    """A store in a database; a subclass connects and says its dialect."""

    where: str
    #: Step n (from 1) of the schema: the statements that take a database from n-1 to n. A
    #: database records the steps it has taken and takes the ones after it when opened by a
    #: newer cartoref; one a newer cartoref made is refused, never changed.
    SCHEMA: list[list[str]]
    BEGIN = "BEGIN"

    def __init__(self, where: str):
        self.where = where
        self._local = threading.local()
        self._migrate()

    # ------------------------------------------------------------------------ the dialect

    def _connect(self) -> Any:
        raise NotImplementedError

    def _hold(self, key: str) -> None:
        """Inside the transaction: hold ``key`` against the other writers (nothing when the
        transaction holds the whole database already)."""

    def _hold_schema(self) -> None:
        """Inside the transaction: hold the schema against another run migrating it."""

    def _refused(self, e: Exception) -> Exception:
        """The words for a database error: a store that cannot be opened, or a write refused."""
        return UsageError(_("{file}: not a cartoref store that can be opened ({reason})").format(
            file=self.where, reason=str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__),
            code="bad-store")

    def _errors(self) -> tuple[type[Exception], ...]:
        raise NotImplementedError

    def _sql(self, sql: str) -> str:
        return sql

    def _wrote_key(self, key: str) -> None:
        """After a write inside the transaction (a notification for the other servers)."""

    # ------------------------------------------------------------------------ connection, transactions

    def _db(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = self._connect()
            except self._errors() as e:
                raise self._refused(e) from None
            self._local.db = db
            self._local.depth = 0
            self._local.pending = []
        return db

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> Any:
        try:
            return self._db().execute(self._sql(sql), args)
        except self._errors() as e:
            raise self._refused(e) from None

    def _migrate(self) -> None:
        with self._transaction():
            self._hold_schema()
            self._run("CREATE TABLE IF NOT EXISTS cartoref (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self._run("INSERT INTO cartoref (name, value) VALUES ('schema', '0') ON CONFLICT (name) DO NOTHING")
            (value,) = self._run("SELECT value FROM cartoref WHERE name = 'schema'").fetchone()
            number = int(value)
            if number > len(self.SCHEMA):
                raise newer_schema(self.where, number, len(self.SCHEMA))
            for step, statements in enumerate(self.SCHEMA[number:], number + 1):
                for statement in statements:
                    self._run(statement)
                self._run("UPDATE cartoref SET value = ? WHERE name = 'schema'", (str(step),))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        db = self._db()
        outer = self._local.depth == 0
        if outer:
            self._run(self.BEGIN)
            self._local.pending = []
        self._local.depth += 1
        try:
            yield
        except Exception:
            self._local.depth -= 1
            if outer:
                self._commit(db)
            raise
        except BaseException:
            self._local.depth -= 1
            if outer:
                self._rollback(db)
            raise
        self._local.depth -= 1
        if outer:
            self._commit(db)

    def _commit(self, db: Any) -> None:
        try:
            db.execute("COMMIT")
        except self._errors() as e:
            self._rollback(db)
            raise files.SystemRefused(self.where, str(e)) from None
        files.WRITTEN.extend(self._local.pending)
        self._local.pending = []

    def _rollback(self, db: Any) -> None:
        self._local.pending = []
        try:
            db.execute("ROLLBACK")
        except self._errors():
            self._local.db = None  # a connection that cannot roll back is not used again
            self._local.depth = 0

    def _wrote(self, key: str) -> None:
        self._wrote_key(key)
        if self._local.depth:
            self._local.pending.append(key)
        else:
            files.WRITTEN.append(key)

    # ------------------------------------------------------------------------ the store's calls

    def read(self, key: str, limit: int) -> str:
        row = self._run("SELECT body FROM documents WHERE key = ?", (clean_key(key),)).fetchone()
        if row is None:
            raise FileNotFoundError(2, os.strerror(2), key)
        data = bytes(row[0])
        if len(data) > limit:
            raise files.TooLarge(limit)
        return data.decode("utf-8")

    def write(self, key: str, text: str) -> None:
        with self._transaction():
            self._run("INSERT INTO documents (key, body, version) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                      "SET body = excluded.body, version = excluded.version",
                      (clean_key(key), text.encode("utf-8"), secrets.randbits(62)))
            self._wrote(key)

    def create(self, key: str, text: str) -> None:
        with self._transaction():
            row = self._run("INSERT INTO documents (key, body, version) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING "
                            "RETURNING key", (clean_key(key), text.encode("utf-8"), secrets.randbits(62))).fetchone()
            if row is None:
                raise FileExistsError(17, os.strerror(17), key)
            self._wrote(key)

    def remove(self, key: str) -> None:
        with self._transaction():
            self._run("DELETE FROM documents WHERE key = ?", (clean_key(key),))

    def exists(self, key: str) -> bool:
        return self.version(key) is not None

    def version(self, key: str) -> Hashable | None:
        try:
            key = clean_key(key)
        except UsageError:
            return None
        row = self._run("SELECT version FROM documents WHERE key = ?", (key,)).fetchone()
        return None if row is None else int(row[0])

    @contextmanager
    def locked(self, key: str) -> Iterator[object]:
        with self._transaction():
            self._hold(clean_key(key))
            if not self.exists(key):
                raise FileNotFoundError(2, os.strerror(2), key)
            yield key

    def together(self) -> AbstractContextManager[None]:
        return self._transaction()

    def tidy(self, key: str) -> None:
        pass  # a transaction is whole or absent: nothing is ever left half-done

    def keys(self, folder: str) -> list[str]:
        top = "" if folder in ("", ".") else clean_key(folder) + "/"
        rows = self._run("SELECT key FROM documents WHERE substr(key, 1, ?) = ? ORDER BY key",
                         (len(top), top)).fetchall()
        return [k for (k,) in rows if "/" not in k[len(top):]]

    def versions(self, folder: str) -> list[tuple[str, Hashable]]:
        top = "" if folder in ("", ".") else clean_key(folder) + "/"
        rows = self._run("SELECT key, version FROM documents WHERE substr(key, 1, ?) = ? ORDER BY key",
                         (len(top), top)).fetchall()
        return [(k, int(v)) for k, v in rows if "/" not in k[len(top):]]

    def has_folder(self, folder: str) -> bool:
        return True  # a folder in a database is only a part of its keys' names

    def make_folder(self, folder: str) -> None:
        pass

    def watch(self, heard: Callable[[str], None]) -> bool:
        return False  # SQLite tells no other connection of a write: its readers look
