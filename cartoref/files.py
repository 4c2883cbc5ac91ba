"""Writing files so that nothing the user typed or saved is ever half-written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator


def atomic_write(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` atomically: a temporary file beside it, fsync, rename.

    A crash at any moment leaves either the old file or the new one, never a mix. The file
    keeps its permission bits when it already exists.
    """
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".cartoref-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock tied to ``path`` (a ``.lock`` file beside it) while the block runs,
    so two cartoref processes never interleave a read-modify-write of the same file."""
    import fcntl

    lock_path = os.path.abspath(path) + ".lock"
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
