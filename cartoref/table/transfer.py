"""A game moved between stores (``export``, ``import``): the game file, its seat book and its
players' maps, each text byte for byte, their names kept as they lie beside the game's; in a
database all of them land in one transaction, and nothing is written over unless asked."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, NamedTuple

from ..errors import UsageError
from ..i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ..store import Store


class Moved(NamedTuple):
    """A game copied: each text's name where it was and where it is now."""

    game: str
    to: str
    texts: tuple[tuple[str, str], ...]


def game_texts(store: Store, key: str) -> list[str]:
    """The texts that make the game at ``key``: the game file, its seat book, its solo map and
    its seats' maps (those there), in that order."""
    from .game import Table
    from .seatbook import book_path
    from .seats import seat_map

    table = Table.read(key, complete=False, store=store)
    texts = [key]
    for name in (book_path(key), table.solo_map,
                 *(seat_map(table, p, create=False) for p in table.state.setup.players)):
        if name is not None and not os.path.isabs(key) and os.path.isabs(name):
            name = os.path.relpath(name)  # a seat's map as the game was named: from here
        if name is not None and name not in texts and store.exists(name):
            texts.append(name)
    return texts


def copy_game(source: Store, key: str, target: Store, to: str, *, force: bool = False) -> Moved:
    """Copy the game at ``key`` in ``source`` to ``to`` in ``target`` with every text it brings,
    each beside the new game as it lay beside the old one (a text outside the game's folder
    comes beside it). Refused, nothing written, when a name is taken (unless ``force``)."""
    from ..game.save import (
        MAX_BYTES,  # the largest text a game brings: a map or a seat book is smaller
    )
    from .gamefile import read_game

    texts = game_texts(source, key)
    here, there = os.path.dirname(key), os.path.dirname(to)
    pairs = []
    for name in texts:
        rel = os.path.relpath(name, here or ".")
        if rel.startswith(".."):
            rel = os.path.basename(name)
        pairs.append((name, to if name == key else os.path.normpath(os.path.join(there, rel))))
    taken = [dst for _src, dst in pairs if target.exists(dst)]
    if taken and not force:
        raise UsageError(_("{names}: already there; nothing was copied (--force replaces them)").format(
            names=", ".join(taken)), code="file-exists")
    folder = there or "."
    if not target.has_folder(folder):
        raise UsageError(_("{file}: the folder {folder} does not exist").format(file=to, folder=folder))
    with target.together():
        for src, dst in pairs:
            text = source.read(src, MAX_BYTES)
            if target.exists(dst):
                target.write(dst, text)
            else:
                target.create(dst, text)
    read_game(to, store=target)  # the copy is a game as the original was (every rule checked again)
    return Moved(key, to, tuple(pairs))


def export_game(key: str, to: str | None = None, *, force: bool = False) -> Moved:
    """The game at ``key`` in the run's store, copied to the files (``to``: its game file, else
    the same name in the current folder)."""
    from ..store import current
    from ..store.filestore import FILES

    return copy_game(current(), key, FILES, to or key, force=force)


def import_game(path: str, to: str | None = None, *, force: bool = False) -> Moved:
    """The game in the file ``path``, copied into the run's store (``to``: its name there, else
    the file's own path)."""
    from ..store import current
    from ..store.filestore import FILES

    return copy_game(FILES, path, current(), to or path, force=force)
