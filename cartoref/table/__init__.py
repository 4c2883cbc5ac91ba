"""The table layer: the game file with its solo map, and map files, each under its lock, saved
atomically. Shells open one ``Table`` per command (or a ``FreeTable`` with no game), make one
call, and show the result value it returns.

- ``game.Table``: one game file, read once under its lock, that knows what is at hand;
- ``desk``: the map commands (``Desk``), and ``FreeTable`` for a map with no game;
- ``maps``: each change to a map file (the rules' ``moves.playermap``, read and written);
- ``gamefile``: reading, locking, saving and setting up a game file;
- ``pictures``: saving an SVG picture;
- ``results``: the values the calls return.
"""

from collections.abc import Iterator as _Iterator
from contextlib import contextmanager as _contextmanager

from .desk import Desk, FreeTable, drawing_card
from .game import Table, check_map_for_game
from .gamefile import new_game, read_game, solo_map_path
from .maps import unplace
from .pictures import save_picture
from .results import (
    Drawn,
    HandScores,
    Hinted,
    Placed,
    PlacedHero,
    Recorded,
    SeasonEnded,
    SeasonScored,
    SoloMonster,
    Undone,
    Unplaced,
)

__all__ = [
    "Desk", "Drawn", "FreeTable", "HandScores", "Hinted", "Placed", "PlacedHero", "Recorded", "SeasonEnded",
    "SeasonScored", "SoloMonster", "Table", "Undone", "Unplaced", "check_map_for_game", "drawing_card",
    "new_game", "read_game", "save_picture", "solo_map_path", "unplace",
]


@_contextmanager
def at_table(game_path: str | None) -> _Iterator[Desk]:
    """The table a map command works at: the game in ``game_path`` (under its lock until the
    block ends), or a ``FreeTable`` when there is no game."""
    if game_path is None:
        yield FreeTable()
        return
    with Table.open(game_path) as table:
        yield table


__all__ += ["at_table"]
