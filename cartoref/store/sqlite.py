"""The SQLite store: one database file (WAL) holding every text by key, for an event's tables
on one machine; the standard ``sqlite3``. A lock is ``BEGIN IMMEDIATE``: the whole database is
held for the transaction's few milliseconds (one writer at a time; readers never wait)."""

from __future__ import annotations

import os
import sqlite3
from typing import Any, ClassVar

from .database import Database

#: How long a writer waits for another's transaction before giving up, in milliseconds.
BUSY_MS = 60_000


class SqliteStore(Database):
    """Texts kept in one SQLite database file."""

    SCHEMA: ClassVar[list[list[str]]] = [
        ["CREATE TABLE documents (key TEXT PRIMARY KEY, body BLOB NOT NULL, version INTEGER NOT NULL)"],
    ]
    BEGIN = "BEGIN IMMEDIATE"
    _OPEN: ClassVar[dict[str, SqliteStore]] = {}

    @classmethod
    def named(cls, path: str) -> SqliteStore:
        """The store in the database file ``path`` (one object per file in a process)."""
        real = os.path.realpath(path)
        store = cls._OPEN.get(real)
        if store is None:
            store = cls._OPEN[real] = cls(path)
        return store

    def _connect(self) -> Any:
        db = sqlite3.connect(self.where, timeout=BUSY_MS / 1000, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        return db

    def _errors(self) -> tuple[type[Exception], ...]:
        return (sqlite3.Error,)
