"""The files store: every key is a file's path, read and written as ``files`` does it
(atomic writes through symbolic links with the user's umask, locks on the file itself)."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

from .. import files


class FileStore:
    """Texts kept as files; a key is the file's path (relative to the current folder or absolute)."""

    where = ""

    def read(self, key: str, limit: int) -> str:
        return files.read_text(key, limit)

    def write(self, key: str, text: str) -> None:
        files.atomic_write(key, text)

    def create(self, key: str, text: str) -> None:
        files.create(key, text)

    def remove(self, key: str) -> None:
        try:
            os.unlink(key)
        except FileNotFoundError:
            pass

    def exists(self, key: str) -> bool:
        return os.path.exists(key)

    def version(self, key: str) -> Hashable | None:
        # cartoref replaces every file it writes: a new inode, time or size.
        try:
            st = os.stat(key)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    @contextmanager
    def locked(self, key: str) -> Iterator[object]:
        with files.locked(key) as real:
            yield real

    def together(self) -> AbstractContextManager[None]:
        return nullcontext()  # each file is written whole; a folder has no transaction

    def tidy(self, key: str) -> None:
        files.tidy(key)

    def keys(self, folder: str) -> list[str]:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            return []
        return [os.path.join(folder, n) if folder else n for n in names]

    def versions(self, folder: str) -> list[tuple[str, Hashable]]:
        out = []
        for key in self.keys(folder):
            version = self.version(key)
            if version is not None and os.path.isfile(key):
                out.append((key, version))
        return out

    def has_folder(self, folder: str) -> bool:
        return os.path.isdir(folder or ".")

    def watch(self, heard: Callable[[str], None]) -> bool:
        return False  # a file's readers look at it (its time and size)

    def make_folder(self, folder: str) -> None:
        if folder:
            os.makedirs(folder, exist_ok=True)


FILES = FileStore()
