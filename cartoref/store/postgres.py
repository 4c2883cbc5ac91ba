"""The PostgreSQL store, for a hosted event: every text by key in one table, psycopg 3 (the
optional extra ``cartoref[postgresql]``, imported only when a ``postgresql://`` store is named).
A lock is a transaction holding an advisory lock on the key (``pg_advisory_xact_lock``), so two
tables' writers never wait for each other; each write notifies the channel ``cartoref`` with its
key at commit (LISTEN/NOTIFY), for the other server processes on the same database."""

from __future__ import annotations

from typing import Any, ClassVar

from ..errors import UsageError
from ..i18n import _
from .database import Database

#: The notification channel every write is announced on.
CHANNEL = "cartoref"


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
        self._run("SELECT pg_notify(?, ?)", (CHANNEL, key))
