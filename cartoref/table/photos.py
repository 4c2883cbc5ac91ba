"""Reading a photo of a sheet into a map file: open the photo, find (or take) the map's corners,
see it from above, read its spaces (``cartoref.photo``), and write an ordinary map file in which
every doubtful space is ``?`` (``check`` and ``score`` refuse it until a person has typed them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import UsageError
from ..i18n import _

MAX_SIDE = 2000  # a photo's longer side is brought down to this before it is read
MAX_PIXELS = 60_000_000  # a photo larger than this is refused unread


class PhotoRead(NamedTuple):
    """What reading a photo gave: the side, the corners used (in the photo's pixels) and whether
    cartoref found them, each space's symbol and confidence, the map file's text."""

    sheet: str
    corners: list[tuple[float, float]]
    found: bool
    symbols: list[list[str]]
    confidence: list[list[float]]
    unread: list[str]
    text: str
    asks: tuple[tuple[str, int], ...] = ()  # spaces left "?" worth a label, and how many look like each
    space_px: float = 0.0  # the photo's own pixels across a space of the map
    least_px: int = 0  # the fewest with which a light hand's drawing is told from paper (``photo.paper``)


def parse_corners(text: str) -> list[tuple[float, float]]:
    """Four corners typed as ``X,Y X,Y X,Y X,Y`` (top-left, top-right, bottom-right, bottom-left)."""
    try:
        points = [tuple(float(v) for v in part.split(",")) for part in text.replace(";", " ").split()]
    except ValueError:
        points = []
    if len(points) != 4 or any(len(p) != 2 for p in points):
        raise UsageError(_("--corners: give four corners as X,Y X,Y X,Y X,Y (top-left, top-right, bottom-right, "
                           "bottom-left, in the photo's pixels), not {given}").format(given=repr(text)),
                         code="bad-corners")
    return [(p[0], p[1]) for p in points]


def parse_labels(labels: Sequence[str]) -> dict[str, str]:
    """``B3=forest`` (or ``B3=F``) as ``{"B3": "F"}``."""
    from ..grid import Cell, Terrain

    words = {t.word: t.value for t in Terrain if t not in (Terrain.MOUNTAIN, Terrain.WASTELAND)}
    letters = set(words.values())
    out = {}
    for item in labels:
        space, _eq, what = item.partition("=")
        try:
            cell = Cell.parse(space.strip())
        except ValueError:
            raise UsageError(_("--label {label}: {space} is not a space (A1 to K11)").format(
                label=repr(item), space=repr(space)), code="bad-label") from None
        what = what.strip().lower()
        letter = words.get(what) or (what.upper() if what.upper() in letters else None)
        if letter is None:
            raise UsageError(_("--label {label}: say the terrain drawn there ({terrains})").format(
                label=repr(item), terrains=", ".join(words)), code="bad-label")
        out[cell.label] = letter
    return out


def open_photo(photo: str) -> Any:
    """A photo as an RGB array (a regular file, at most ``MAX_PIXELS``, turned as its EXIF says,
    brought down to ``MAX_SIDE``); PhotoError when it cannot be opened."""
    import numpy as np

    image, _scale = _open(photo)
    return np.asarray(image)


def photo_from_bytes(data: bytes, name: str | None = None) -> Any:
    """A photo sent as bytes (dropped on the edit page) as an RGB array, as ``open_photo`` makes it."""
    import io

    import numpy as np

    image, _scale = _open(io.BytesIO(data), name or _("the photo"))
    return np.asarray(image)


def _open(photo: Any, name: str | None = None) -> tuple[Any, float]:
    from PIL import Image, ImageOps, UnidentifiedImageError

    from ..files import NotAFile, read_head, reason
    from ..photo.grid import PhotoError

    name = name or str(photo)
    try:
        if isinstance(photo, str):
            read_head(photo, 0)  # a FIFO or a device is refused before Pillow opens it
        with Image.open(photo) as opened:
            if opened.width * opened.height > MAX_PIXELS:
                raise PhotoError(_("{name}: the photo is {width} x {height} pixels, more than {most} (a phone's "
                                   "photo is about 12 million)").format(name=name, width=opened.width,
                                                                        height=opened.height, most=f"{MAX_PIXELS:,}"))
            # A JPEG is decoded at the smallest of a half, a quarter or an eighth of its size
            # that is still at least MAX_SIDE (its blocks averaged as it is decoded): a 12 MP
            # photo in a third of the time of decoding it whole, then bringing it down.
            scale = min(1.0, MAX_SIDE / max(opened.size))  # of the photo as it is, for its corners
            if scale < 1:
                opened.draft("RGB", (round(opened.width * scale), round(opened.height * scale)))
            image = ImageOps.exif_transpose(opened).convert("RGB")
    except NotAFile as e:
        raise PhotoError(_("{name}: {reason}").format(name=name, reason=e.strerror)) from None
    except FileNotFoundError:
        raise PhotoError(_("{name}: no such file").format(name=name)) from None
    except (UnidentifiedImageError, OSError) as e:
        raise PhotoError(_("{name}: not a photo cartoref can open ({reason})").format(
            name=name, reason=reason(e) if getattr(e, "strerror", None) else _("not an image"))) from None
    if max(image.size) > MAX_SIDE:
        # OpenCV's area resize (each pixel the mean of those it covers): a tenth of Pillow's
        # Lanczos time on a 12 MP photo (200 ms), and as good for reading a sheet.
        import cv2
        import numpy as np

        k = MAX_SIDE / max(image.size)
        size = (int(image.width * k), int(image.height * k))
        image = Image.fromarray(cv2.resize(np.asarray(image), size, interpolation=cv2.INTER_AREA))
    return image, scale


def checked_corners(rgb: Any, corners: Any, side: Any, option: str = "--corners") -> Any:
    """Corners a person gave, proved as a grid cartoref finds is (turned so that the map's
    top-left comes first); UsageError naming what does not fit."""
    from ..photo.proof import examine, proved_by_hand, shape_fault

    fault = shape_fault(corners)
    if fault is not None:
        raise UsageError(_("{option}: {fault}").format(option=option, fault=fault), code="bad-corners")
    proof = examine(rgb, corners, side)
    if not proved_by_hand(proof):
        raise UsageError(_("{option}: these corners do not frame the map's grid ({across} of its 12 printed lines seen "
                           "across, {down} down; {printed:.0%} of the side's printed spaces where the side prints "
                           "them): check them (top-left, top-right, bottom-right, bottom-left of the map) or align "
                           "the grid in cartoref edit").format(option=option, across=proof.lines[0], down=proof.lines[1],
                                                              printed=proof.printed), code="bad-corners")
    return proof.corners


def find_corners(rgb: Any) -> Any:
    """The printed map's corners in a photo array, or the photo's own corners when none is found."""
    import numpy as np

    from ..photo import find_grid
    from ..photo.grid import PhotoError

    try:
        return find_grid(rgb)
    except PhotoError:
        h, w = rgb.shape[:2]
        return np.array([(0, 0), (w, 0), (w, h), (0, h)], dtype=float)


def square(rgb: Any, corners: Any) -> Any:
    """The map seen from above for these corners."""
    from ..photo import warp

    return warp(rgb, corners)


def read_square(rgb: Any, corners: Any, sheet: str, labels: dict[str, str]) -> Any:
    """The spaces read from a photo array with these corners (``labels``: spaces to map letters)."""
    from ..cards import catalog
    from ..photo import read_map

    return read_map(rgb, corners, catalog().sheet_side(sheet), labels)


def read_photo(photo: str, sheet: str, *, corners: str | None = None, labels: Sequence[str] = (),
               heroes: bool | None = None) -> PhotoRead:
    """Read a photo of a sheet of side ``sheet``: its map file's text, every doubtful space ``?``."""
    import numpy as np

    from ..cards import catalog
    from ..mapfile import map_text
    from ..photo import find_grid, read_map

    side = catalog().sheet_side(sheet)
    if side.rolled:
        # The reader finds and turns the grid by the side's printed spaces, which dice placed.
        raise UsageError(_("--sheet {sheet}: a sheet whose spaces the dice placed is not read from a photo; "
                           "type it instead (cartoref new-map --game FILE makes its map file)").format(sheet=side.id),
                         code="rolled-sheet-photo")
    taught = parse_labels(labels)
    given = parse_corners(corners) if corners else None
    image, scale = _open(photo)
    rgb = np.asarray(image)
    if given is not None:
        found, where = False, checked_corners(rgb, np.array(given, dtype=np.float64) * scale, side)
    else:
        found, where = True, find_grid(rgb, side)
    reading = read_map(rgb, where, side, taught, heroes=heroes)
    text = map_text(side, reading.rows())
    used = [(round(float(x) / scale, 1), round(float(y) / scale, 1)) for x, y in where]
    from ..photo.paper import FINE_PX
    from ..photo.warp import space_px

    return PhotoRead(side.id, used, found, reading.symbols, reading.confidence, reading.unread, text, reading.asks,
                     round(space_px(where) / scale, 1), FINE_PX)
