"""The SQLite store: one database file (WAL) holding every text by key, for an event's tables
on one machine. Made with the standard ``sqlite3``.

A lock is a write transaction (``BEGIN IMMEDIATE``), re-entrant within a thread: the game's lock
and its maps' inside it are one transaction, committed when the outermost block ends, so what a
command writes lands together; interrupted (Ctrl-C, a kill) it is rolled back whole. A refusal
raised inside the block (a ``CartorefError``, any ``Exception``) commits what was written before
it, as the files keep what was written before a refusal. Readers never wait for a writer (WAL).
"""

from __future__ import annotations

import os
import posixpath
import secrets
import sqlite3
import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import ClassVar

from .. import files
from ..errors import UsageError
from ..i18n import _
from .schema import SCHEMA, newer_schema

#: How long a writer waits for another's transaction before giving up, in milliseconds.
BUSY_MS = 60_000


def clean_key(key: str) -> str:
    """A key as the store keeps it: a relative path with forward slashes, no ``.`` or ``..``."""
    norm = posixpath.normpath(key.replace(os.sep, "/")).lstrip("/")
    if norm in ("", ".") or norm.startswith("../") or norm == "..":
        raise UsageError(_("{key}: not a name in the store (a relative name like friday/table-1.yaml)").format(
            key=key), code="bad-key")
    return norm


class SqliteStore:
    """Texts kept in one SQLite database file."""

    _OPEN: ClassVar[dict[str, SqliteStore]] = {}

    def __init__(self, path: str):
        self.path = path
        self.where = path
        self._local = threading.local()
        self._migrate()

    @classmethod
    def named(cls, path: str) -> SqliteStore:
        """The store in the database file ``path`` (one object per file in a process)."""
        real = os.path.realpath(path)
        store = cls._OPEN.get(real)
        if store is None:
            store = cls._OPEN[real] = cls(path)
        return store

    # ------------------------------------------------------------------------ the connection

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None,
                                     check_same_thread=True)
                db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
                db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = FULL")
            except sqlite3.Error as e:
                raise self._refused(e) from None
            self._local.db = db
            self._local.depth = 0
            self._local.pending = []
        return db

    def _refused(self, e: sqlite3.Error) -> UsageError:
        return UsageError(_("{file}: not a cartoref store that can be opened ({reason})").format(
            file=self.path, reason=str(e)), code="bad-store")

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> sqlite3.Cursor:
        try:
            return self._db().execute(sql, args)
        except sqlite3.OperationalError as e:
            if "readonly" in str(e) or "disk" in str(e) or "full" in str(e):
                raise files.SystemRefused(self.path, str(e)) from None
            raise self._refused(e) from None
        except sqlite3.DatabaseError as e:
            raise self._refused(e) from None

    def _migrate(self) -> None:
        db = self._db()
        with self._transaction():
            known = self._run("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'cartoref'").fetchone()
            if known is None:
                self._run("CREATE TABLE cartoref (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
                self._run("INSERT INTO cartoref VALUES ('schema', '0')")
            (schema,) = self._run("SELECT value FROM cartoref WHERE name = 'schema'").fetchone()
            version = int(schema)
            if version > len(SCHEMA):
                raise newer_schema(self.path, version)
            for number, steps in enumerate(SCHEMA[version:], version + 1):
                for step in steps:
                    db.execute(step)
                self._run("UPDATE cartoref SET value = ? WHERE name = 'schema'", (str(number),))

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction, re-entrant within the thread (see the module's words)."""
        db = self._db()
        outer = self._local.depth == 0
        if outer:
            self._run("BEGIN IMMEDIATE")
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
                db.rollback()
                self._local.pending = []
            raise
        self._local.depth -= 1
        if outer:
            self._commit(db)

    def _commit(self, db: sqlite3.Connection) -> None:
        try:
            db.execute("COMMIT")
        except sqlite3.Error as e:
            db.rollback()
            self._local.pending = []
            raise files.SystemRefused(self.path, str(e)) from None
        files.WRITTEN.extend(self._local.pending)
        self._local.pending = []

    def _wrote(self, key: str) -> None:
        if self._local.depth:
            self._local.pending.append(key)
        else:
            files.WRITTEN.append(key)

    # ------------------------------------------------------------------------ the store's calls

    def read(self, key: str, limit: int) -> str:
        row = self._run("SELECT body FROM documents WHERE key = ?", (clean_key(key),)).fetchone()
        if row is None:
            raise FileNotFoundError(2, os.strerror(2), key)
        data: bytes = row[0]
        if len(data) > limit:
            raise files.TooLarge(limit)
        return data.decode("utf-8")

    def write(self, key: str, text: str) -> None:
        self._run("INSERT INTO documents (key, body, version) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                  "SET body = excluded.body, version = excluded.version",
                  (clean_key(key), text.encode("utf-8"), secrets.randbits(62)))
        self._wrote(key)

    def create(self, key: str, text: str) -> None:
        try:
            self._db().execute("INSERT INTO documents (key, body, version) VALUES (?, ?, ?)",
                               (clean_key(key), text.encode("utf-8"), secrets.randbits(62)))
        except sqlite3.IntegrityError:
            raise FileExistsError(17, os.strerror(17), key) from None
        except sqlite3.Error as e:
            raise self._refused(e) from None
        self._wrote(key)

    def remove(self, key: str) -> None:
        self._run("DELETE FROM documents WHERE key = ?", (clean_key(key),))

    def exists(self, key: str) -> bool:
        return self.version(key) is not None

    def version(self, key: str) -> Hashable | None:
        try:
            key = clean_key(key)
        except UsageError:
            return None
        row = self._run("SELECT version FROM documents WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    @contextmanager
    def locked(self, key: str) -> Iterator[object]:
        with self._transaction():
            if not self.exists(key):
                raise FileNotFoundError(2, os.strerror(2), key)
            yield key

    def tidy(self, key: str) -> None:
        pass  # a transaction is whole or absent: nothing is ever left half-done

    def keys(self, folder: str) -> list[str]:
        top = "" if folder in ("", ".") else clean_key(folder) + "/"
        rows = self._run("SELECT key FROM documents WHERE substr(key, 1, ?) = ? ORDER BY key",
                         (len(top), top)).fetchall()
        return [k for (k,) in rows if "/" not in k[len(top):]]

    def has_folder(self, folder: str) -> bool:
        return True  # a folder in the store is only a part of its keys' names
