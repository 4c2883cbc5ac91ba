"""The PostgreSQL store, for a hosted event: every text by key in one table, psycopg 3 (the
optional extra ``cartoref[postgresql]``, imported only when a ``postgresql://`` store is named).
A lock is a transaction holding an advisory lock on the key (``pg_advisory_xact_lock``), so two
tables' writers never wait for each other; each write notifies the channel ``cartoref`` with its
key at commit (LISTEN/NOTIFY), for the other server processes on the same database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

from ..errors import UsageError
from ..i18n import _
from .database import Database, clean_key

#: The notification channel every write is announced on.
CHANNEL = "cartoref"
_LISTENING = threading.Lock()


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise UsageError(_("a postgresql:// store needs psycopg: pip install 'cartoref[postgresql]'"),
                         code="no-psycopg") from None
    return psycopg


class PostgresStore(Database):
    """Texts kept in a PostgreSQL database."""

    SCHEMA: ClassVar[list[list[str]]] = [
        ["CREATE TABLE documents (key TEXT PRIMARY KEY, body BYTEA NOT NULL, version BIGINT NOT NULL)"],
    ]
    _OPEN: ClassVar[dict[str, PostgresStore]] = {}

    @classmethod
    def named(cls, url: str) -> PostgresStore:
        store = cls._OPEN.get(url)
        if store is None:
            store = cls._OPEN[url] = cls(url)
        return store

    def _connect(self) -> Any:
        return _psycopg().connect(self.where, autocommit=True, connect_timeout=10)

    def _errors(self) -> tuple[type[Exception], ...]:
        return (_psycopg().Error,)

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _hold(self, key: str) -> None:
        self._run("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (key,))

    def _hold_schema(self) -> None:
        self._run("SELECT pg_advisory_xact_lock(0)")

    def _wrote_key(self, key: str) -> None:
        self._run("SELECT pg_notify(?, ?)", (CHANNEL, clean_key(key)))

    def watch(self, heard: Callable[[str], None]) -> bool:
        """Every write of any process on this database, told by LISTEN/NOTIFY: one listening
        connection a process, in a thread of its own (reconnecting after a second when lost)."""
        with _LISTENING:
            self._heard = [*getattr(self, "_heard", []), heard]
            if getattr(self, "_listener", None) is None:
                self._listener = threading.Thread(target=self._listen, name="cartoref-listen", daemon=True)
                self._listener.start()
        return True

    def _listen(self) -> None:
        psycopg = _psycopg()
        while True:
            try:
                with psycopg.connect(self.where, autocommit=True, connect_timeout=10) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    for note in conn.notifies():
                        for heard in list(self._heard):
                            heard(note.payload)
            except psycopg.Error:
                time.sleep(1)
