"""The table layer: the game file with its solo map, and map files, each under its lock, saved
atomically. Shells open one ``Table`` per command (or a ``FreeTable`` with no game), make one
call, and show the result value it returns; they import nothing below this layer.

- ``game.Table``: one game file, read once under its lock, that knows what is at hand;
- ``desk``: the map commands (``Desk``), and ``FreeTable`` for a map with no game;
- ``maps``: each change to a map file (the rules' ``moves.playermap``, read and written);
- ``sheets``: map files read, checked, scored and made;
- ``lookup``: the card data as a shell asks for it;
- ``gamefile``: reading, locking, saving and setting up a game file;
- ``pictures``: saving an SVG picture;
- ``results``: the values the calls return.

Names are looked up lazily (``score`` never pays for the game engine).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..store import Store  # the store a table works on (a Protocol; the stores load when named)

if TYPE_CHECKING:  # pragma: no cover
    from .desk import Desk, FreeTable, drawing_card
    from .game import Table, check_map_for_game
    from .gamefile import new_game, read_game, set_up, solo_map_path
    from .maps import unplace
    from .pictures import check_target, save_picture
    from .results import (
        Drawn,
        HandScores,
        Hinted,
        Placed,
        PlacedHero,
        Recorded,
        ScoringSeason,
        SeasonEnded,
        SoloMonster,
        Undone,
        Unplaced,
    )

_WHERE = {
    "Desk": "desk", "FreeTable": "desk", "drawing_card": "desk",
    "Table": "game", "check_map_for_game": "game",
    "new_game": "gamefile", "read_game": "gamefile", "solo_map_path": "gamefile", "set_up": "gamefile",
    "unplace": "maps", "save_picture": "pictures", "check_target": "pictures",
    **dict.fromkeys(("Drawn", "HandScores", "Hinted", "Placed", "PlacedHero", "Recorded", "SeasonEnded",
                     "ScoringSeason", "SoloMonster", "Undone", "Unplaced"), "results"),
}

__all__ = [
    "Desk",
    "Drawn",
    "FreeTable",
    "HandScores",
    "Hinted",
    "Placed",
    "PlacedHero",
    "Recorded",
    "ScoringSeason",
    "SeasonEnded",
    "SoloMonster",
    "Store",
    "Table",
    "Undone",
    "Unplaced",
    "at_table",
    "check_map_for_game",
    "check_target",
    "current_store",
    "drawing_card",
    "new_game",
    "read_game",
    "save_picture",
    "set_up",
    "solo_map_path",
    "unplace",
    "use_store",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)


@contextmanager
def at_table(game_path: str | None) -> Iterator[Desk]:
    """The table a map command works at: the game in ``game_path`` (under its lock until the
    block ends), or a ``FreeTable`` when there is no game."""
    from .desk import FreeTable
    from .game import Table

    if game_path is None:
        yield FreeTable()
        return
    with Table.open(game_path) as table:
        yield table


def use_store(where: str | None) -> Store:
    """Work on the store ``where`` names for the rest of this run (``--db``: an SQLite file or a
    ``postgresql://`` address; None for the files)."""
    from ..store import use

    return use(where)


def current_store() -> Store:
    """The store this run works on (the files unless ``use_store`` named another)."""
    from ..store import current

    return current()
