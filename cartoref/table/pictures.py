"""Saving a picture: never over an input file, nor over a file that is not a picture."""

from __future__ import annotations

import os

from ..errors import UsageError
from ..files import atomic_write


def save_picture(path: str, picture: str, inputs: tuple[str, ...] = ()) -> None:
    """Save a picture (SVG text) to ``path``, atomically.

    It never overwrites one of the command's own input files, nor a file that is not an SVG
    picture already: a slip of the keyboard (``--svg alice.yaml``) must not cost a map.
    """
    if os.path.isdir(path):
        raise UsageError(f"--svg: {path} is a folder; name a file such as {os.path.join(path, 'map.svg')}")
    if os.path.exists(path):
        if any(os.path.exists(p) and os.path.samefile(p, path) for p in inputs):
            raise UsageError(f"--svg: {path} is the file being read; name another file for the picture")
        try:
            with open(path, "rb") as f:
                head = f.read(512).lstrip()
        except OSError:
            head = b""  # unreadable: the write says what the system refuses
        if head and not head.startswith((b"<?xml", b"<svg")):
            raise UsageError(f"--svg: {path} exists and is not an SVG picture; it is left as it is")
    atomic_write(path, picture)
