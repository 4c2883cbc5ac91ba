"""Reading a photographed map sheet: pure functions over arrays (numpy, Pillow), each tested on
photos the tests make.

- ``find_grid(image) -> corners``: the printed map's four corners, found by its frame and lines;
- ``warp(image, corners) -> square``: the map seen from straight above, every space in its place;
- ``read_spaces(square, side, labels) -> Reading``: each space's symbol and how sure it is; a
  doubtful space is ``?`` (never a guess).

No file, no command: ``cartoref.table.photos`` opens the photo and writes the map file.
"""

from .grid import find_grid
from .spaces import Reading, read_spaces
from .warp import warp

__all__ = ["Reading", "find_grid", "read_spaces", "warp"]
