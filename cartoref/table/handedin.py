"""The sheet handed in with a game: the map file its ``map:`` names, or, for a game played on
paper (no map file), the sheet handed in beside it: typed into a map file (``zoe.yaml``:
``zoe-map.yaml``) or photographed (``zoe.jpg``). A photo is read (its grid found by itself) and
kept only when the reader is sure of every space; else the spaces it doubts are named, with the
command that types them.

Used by ``challenge verify`` and ``verify``; the rules' verification is ``game.verify``.
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, NamedTuple

from ..errors import CartorefError
from ..i18n import _, ngettext
from ..store import current

if TYPE_CHECKING:  # pragma: no cover
    from ..mapfile import MapFile
    from ..store import Store

#: The endings of a photo of a sheet (anything else handed in is a map file).
PHOTOS = (".jpg", ".jpeg", ".png", ".webp", ".heic", ".tif", ".tiff")


class HandedIn(NamedTuple):
    """A sheet handed in: the map (None when it cannot be had) and, then, which step and why."""

    map: MapFile | None
    step: str = ""
    why: str = ""


def is_photo(path: str) -> bool:
    return path.lower().endswith(PHOTOS)


def sheet_of(game: str, named: str | None, store: Store) -> str | None:
    """Where a game's sheet is: the map file it names (relative to the game file), else the one
    handed in beside a game played on paper, typed (``zoe-map.yaml``) before photographed
    (``zoe.jpg``); None when there is none."""
    if named:
        return os.path.join(os.path.dirname(game), named)
    stem = os.path.splitext(game)[0]
    if store.exists(stem + "-map.yaml"):
        return stem + "-map.yaml"
    if store is not current():
        return None  # a database keeps texts: photos are handed in as files
    for ending in PHOTOS:
        for name in (stem + ending, stem + ending.upper()):
            if os.path.isfile(name):
                return name
    return None


def nothing_beside(game: str) -> str:
    """Why a game played on paper has no sheet to verify, naming what to hand in."""
    stem = os.path.splitext(game)[0]
    return _("the game names no map file, and no sheet is handed in beside it ({typed} typed, or a photo "
             "{photo})").format(typed=stem + "-map.yaml", photo=stem + ".jpg")


def fingerprint(path: str, store: Store) -> str:
    """What a sheet handed in is, for telling a changed one: a map file's text, a photo's digest."""
    from ..mapfile import read_map_text

    if not is_photo(path):
        return read_map_text(path, store)
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "photo " + digest.hexdigest()


def read_sheet(game: str, path: str, sheet: str, store: Store) -> HandedIn:
    """The sheet at ``path`` (of side ``sheet``), a map file or a photo of it."""
    from ..mapfile import parse_map, read_map

    if not is_photo(path):
        if not store.exists(path):
            return HandedIn(None, _("the map"), _("{file}: not handed in").format(file=path))
        try:
            return HandedIn(read_map(path, store=store))
        except CartorefError as e:
            return HandedIn(None, _("the map"), e.render().splitlines()[0])
    from .photos import read_photo

    if store is not current() or not os.path.isfile(path):
        return HandedIn(None, _("the photo"), _("{file}: not handed in (photos are handed in as files)").format(
            file=path))
    try:
        read = read_photo(path, sheet)
    except CartorefError as e:
        return HandedIn(None, _("the photo"), e.render().splitlines()[0])
    if read.unread:
        typed = os.path.splitext(game)[0] + "-map.yaml"
        spaces = " ".join(read.unread[:8]) + (" ..." if len(read.unread) > 8 else "")
        return HandedIn(None, _("the photo"), ngettext(
            "the reader is not sure of {n} space ({spaces}): type it in a map file (cartoref read {photo} "
            "--sheet {sheet} -o {typed}, then replace its ?) and hand that in",
            "the reader is not sure of {n} spaces ({spaces}): type them in a map file (cartoref read {photo} "
            "--sheet {sheet} -o {typed}, then replace each ?) and hand that in",
            len(read.unread)).format(n=len(read.unread), spaces=spaces, photo=path, sheet=sheet, typed=typed))
    return HandedIn(parse_map(read.text, path))
