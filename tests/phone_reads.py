"""A second-generator phone photo (``phonephotos``) read as ``cartoref read`` reads it: saved to a
file (a JPEG at the photo's own quality, or a PNG), read with the grid found by the reader or
with the photo's true corners, and the spaces read wrong without a ``?`` listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image

from cartoref.grid import SIZE, Cell


def read_phone_photo(seed: int, style: str, folder: Path, size: tuple[int, int] | None = None,
                     corners: bool = True, jpeg: bool = False) -> tuple[Any, Any, list[str]]:
    """The photo (``phonephotos.make``), its reading (``table.photos.read_photo``) and the labels
    of the spaces read as another symbol than the photo's map holds (``?`` is never wrong)."""
    from phonephotos import make

    from cartoref.table.photos import read_photo

    photo = make(seed, style=style, **({"size": size} if size else {}))
    path = folder / f"{seed}.{'jpg' if jpeg else 'png'}"
    Image.fromarray(photo.rgb).save(path, **({"quality": photo.notes["quality"]} if jpeg else {}))
    given = " ".join(f"{x:.1f},{y:.1f}" for x, y in photo.corners) if corners else None
    done = read_photo(str(path), photo.sheet, corners=given)
    wrong = [Cell(r, c).label for r in range(SIZE) for c in range(SIZE)
             if done.symbols[r][c] != "?" and done.symbols[r][c].upper() != photo.grid[r][c].upper()]
    return photo, done, wrong
