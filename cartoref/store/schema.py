"""The databases' schema, as numbered steps: a database records the steps it has taken (its
``schema`` number) and takes the ones after it when opened by a newer cartoref. A database a
newer cartoref made (a number beyond these steps) is refused, never changed.

Each text is kept whole, as the bytes of the file it stands for (docs/architecture.md says why):
``documents(key, body, version)``; ``version`` changes with every write (the watchers read it).
"""

from __future__ import annotations

from ..errors import UsageError
from ..i18n import _

#: Step n (from 1) of the schema: the statements that take a database from n-1 to n.
SCHEMA: list[list[str]] = [
    ["CREATE TABLE documents (key TEXT PRIMARY KEY, body BLOB NOT NULL, version INTEGER NOT NULL)"],
]


def newer_schema(where: str, number: int) -> UsageError:
    return UsageError(_("{file}: a store made by a newer cartoref (its schema {number}, this one knows up to "
                        "{known}); update cartoref to open it").format(file=where, number=number, known=len(SCHEMA)),
                      code="newer-store")
