"""The worker threads the servers' table calls run in (they take file locks and read files).

Two queues, so that a write never waits behind the reads: a table's reads (a hundred phones'
reloads after a drawing) take at most ``READERS`` threads at once and the others wait their
turn in the event loop; the writes, one at a time anyway, have their own thread. With forty
threads reading at once (the thread pool's default), each shared the interpreter with the
others: every read took forty times as long, and a drawing (6 ms alone) waited half a second.
"""

from __future__ import annotations

import functools
import weakref
from typing import Any

#: How many reads run at once.
READERS = 2

_limiters: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def _limiter(name: str, tokens: int) -> Any:
    """The limiter ``name`` of the running event loop (each server's loop has its own)."""
    import asyncio

    import anyio

    mine = _limiters.setdefault(asyncio.get_running_loop(), {})
    if name not in mine:
        mine[name] = anyio.CapacityLimiter(tokens)
    return mine[name]


async def reading(fn: Any, *args: Any, **kw: Any) -> Any:
    """``fn(*args, **kw)`` in a worker thread, at most ``READERS`` of them at once."""
    import anyio.to_thread

    return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kw), limiter=_limiter("read", READERS))


async def writing(fn: Any) -> Any:
    """``fn()`` in the writes' own worker thread (a write never waits for a read's)."""
    import anyio.to_thread

    return await anyio.to_thread.run_sync(fn, limiter=_limiter("write", 1))
