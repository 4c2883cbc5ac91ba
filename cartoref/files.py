"""Files that are never half-written, locks that leave nothing behind, reading with a size limit.

A write goes to a temporary file beside its target (``.cartoref-NAME.XXXXXXXX.tmp``), is synced
and renamed over the target, so a crash at any moment leaves the old file or the new one. A
symbolic link is written through: its target is replaced, in the target's folder. A lock is an
``flock`` on the file itself, so no lock file is ever left beside it; a temporary file that a
killed run left behind is removed by the next run that holds the lock.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator

from .i18n import _
from .texts import excerpt, reason, size_text  # noqa: F401 (the file layer's words, kept here too)

#: Temporary files being written by this process (removed by the Ctrl-C handler of the CLI).
IN_FLIGHT: set[str] = set()
#: The files this process has written, in order (the CLI names them when its output fails).
WRITTEN: list[str] = []
#: The cards a draw reveals, by the game file that saves them: said on Ctrl-C once that file
#: is written (``WRITTEN``), so the words never claim a save that did not happen.
REVEALING: dict[str, list[str]] = {}

#: The files this process holds locked (``locked``), by real path: the descriptors holding the
#: lock, the file as it was locked and each file written over it since, so that the lock stays on
#: whatever the path names until the block ends.
_HELD: dict[str, list[int]] = {}

_PREFIX = ".cartoref-"
_SUFFIX = ".tmp"


class SystemRefused(Exception):
    """The system refused to write a file (read-only folder, full disk, no permission)."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class TooLarge(Exception):
    """A file longer than the limit for its kind."""

    def __init__(self, limit: int):
        super().__init__(_("larger than {size}").format(size=size_text(limit)))
        self.limit = limit


class NotAFile(OSError):
    """A path that names something other than a regular file: a FIFO, a device, a folder
    (``mode``, as ``os.stat`` gives it, says which)."""

    def __init__(self, path: str, mode: int):
        if stat.S_ISDIR(mode):
            text = _("not a regular file but a folder")
        elif stat.S_ISFIFO(mode):
            text = _("not a regular file but a FIFO (named pipe)")
        elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            text = _("not a regular file but a device")
        elif stat.S_ISSOCK(mode):
            text = _("not a regular file but a socket")
        else:
            text = _("not a regular file")
        super().__init__(errno.EINVAL, text, path)


def kind_of(mode: int) -> str:
    """What a file's mode says it is, in words ("a FIFO", "a device")."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def read_head(path: str, size: int) -> bytes:
    """The first ``size`` bytes of a regular file. A FIFO or a device is refused at once
    (NotAFile), never read: it could block forever or never end."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, without a writer
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(path, mode)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(size)
    finally:
        os.close(fd)


def read_text(path: str, limit: int) -> str:
    """A regular file's UTF-8 text, line endings kept; TooLarge past ``limit`` bytes (never read
    whole); NotAFile for a FIFO, a device or a folder.

    Raises OSError and UnicodeDecodeError as ``open`` would.
    """
    data = read_head(path, limit + 1)
    if len(data) > limit:
        raise TooLarge(limit)
    return data.decode("utf-8")


def _temp_tag(real: str) -> str:
    name = os.path.basename(real)
    if len(name.encode("utf-8", "surrogateescape")) > 120:
        import hashlib

        return hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return name


def _is_temp_of(entry: str, tag: str) -> bool:
    head = _PREFIX + tag + "."
    return (entry.startswith(head) and entry.endswith(_SUFFIX)
            and len(entry) == len(head) + 8 + len(_SUFFIX))


def remove_stale_temps(real: str) -> None:
    """Remove the temporary files a killed run left beside ``real`` (call it holding the lock)."""
    folder, tag = os.path.dirname(real), _temp_tag(real)
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if _is_temp_of(entry.name, tag):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _write_temp(real: str, data: bytes, mode: int | None) -> str:
    folder = os.path.dirname(real)
    tag = _temp_tag(real)
    while True:
        tmp = os.path.join(folder, f"{_PREFIX}{tag}.{os.urandom(4).hex()}{_SUFFIX}")
        try:
            # 0o666: the umask decides a new file's mode, as for any file the user creates.
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    IN_FLIGHT.add(tmp)
    try:
        with os.fdopen(fd, "wb") as f:
            if mode is not None:
                os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _drop(tmp)
        raise
    return tmp


def _drop(tmp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    IN_FLIGHT.discard(tmp)


def _sync_folder(folder: str) -> None:
    with contextlib.suppress(OSError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


@contextlib.contextmanager
def _held_interrupts() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back for the block: it is delivered when the block ends, so its
    handler sees a file renamed into place only together with the record that it was."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


def atomic_write(path: str, text: str) -> None:
    """Replace the file ``path`` names (through a symbolic link) with ``text``, atomically.

    A crash at any moment leaves either the old file or the new one, never a mix; a rewritten
    file keeps its mode. SystemRefused when the system will not write it.
    """
    data = text.encode("utf-8")
    real = os.path.realpath(path)
    try:
        try:
            mode: int | None = stat.S_IMODE(os.stat(real).st_mode)
        except FileNotFoundError:
            mode = None
        tmp = _write_temp(real, data, mode)
        lock = _lock_new(tmp) if real in _HELD else None
        with _held_interrupts():  # the rename and its record are one step for a Ctrl-C
            try:
                os.replace(tmp, real)
            except BaseException:
                if lock is not None:
                    os.close(lock)
                _drop(tmp)
                raise
            if lock is not None:
                _HELD[real].append(lock)
            WRITTEN.append(path)
        IN_FLIGHT.discard(tmp)
    except OSError as e:
        raise SystemRefused(path, reason(e)) from None
    _sync_folder(os.path.dirname(real))


def create(path: str, text: str) -> None:
    """Write a new file ``path`` atomically; FileExistsError (nothing written) when one is there."""
    data = text.encode("utf-8")
    real = os.path.realpath(path)
    try:
        tmp = _write_temp(real, data, None)
        try:
            try:
                os.link(tmp, real)  # fails when the name is taken: two runs never both create it
            except (FileExistsError, FileNotFoundError):
                raise
            except OSError:  # a file system without hard links
                if os.path.lexists(real):
                    raise FileExistsError(real) from None
                os.replace(tmp, real)
        finally:
            _drop(tmp)
    except FileExistsError:
        raise
    except OSError as e:
        raise SystemRefused(path, reason(e)) from None
    _sync_folder(os.path.dirname(real))
    WRITTEN.append(path)


def _lock_new(tmp: str) -> int:
    """Lock the file about to replace a locked one, before it does: the lock moves with the
    path, so no other run locks (nor tidies beside) the new file while this block goes on."""
    import fcntl

    fd = os.open(tmp, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a file no one else has seen yet
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextlib.contextmanager
def locked(path: str) -> Iterator[str]:
    """Hold an exclusive lock on the file ``path`` names while the block runs; yield its real path.

    Two cartoref processes never interleave a read-modify-write of the same file. The lock is
    on the file itself: a writer that waited checks that the path still names the file it
    locked (another may have replaced it meanwhile) and locks again if not; a file written over
    it inside the block (``atomic_write``) is locked before it takes the path's name, so the
    lock holds until the block ends however many times the file is written. Raises OSError
    (FileNotFoundError when there is no file) and SystemRefused for what is not a regular file.
    """
    import fcntl

    while True:
        real = os.path.realpath(path)
        # O_NONBLOCK: opening a FIFO must not wait for a writer.
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise SystemRefused(path, _("not a regular file"))
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                now = os.stat(os.path.realpath(path))
            except FileNotFoundError:
                now = None
            if now is not None and (now.st_dev, now.st_ino) == (st.st_dev, st.st_ino):
                remove_stale_temps(real)
                _HELD[real] = []
                try:
                    yield real
                finally:
                    for held in _HELD.pop(real, ()):
                        os.close(held)
                return
        finally:
            os.close(fd)  # closing releases the lock


def tidy(path: str) -> None:
    """Remove a killed run's temporary files beside ``path`` when no writer is at work on it."""
    import fcntl

    try:
        real = os.path.realpath(path)
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            remove_stale_temps(real)
    except OSError:
        pass  # a writer holds the lock: its temporary file is not stale
    finally:
        os.close(fd)
