"""Saving a picture: a new file, or over an SVG picture, and nothing else."""

from __future__ import annotations

import os
import stat
from typing import Any

from ..errors import UsageError
from ..files import NotAFile, atomic_write, kind_of, reason
from ..i18n import _

#: An SVG picture is told by its root element, which comes in its first bytes; a file whose root
#: is not found within this much is not one.
HEAD_BYTES = 64 * 1024


def save_picture(path: str, picture: str, inputs: tuple[str, ...] = ()) -> None:
    """Save a picture (SVG text) to ``path``, atomically: a new file, or a regular file that holds
    an SVG picture already (its root element is ``svg``).

    Anything else is refused and left as it is: one of the command's own input files, a file
    that is another XML document or no XML at all, a file that cannot be read, a folder, a FIFO,
    a device. A slip of the keyboard (``--svg alice.yaml``) must not cost a map.
    """
    check_target(path, inputs)
    atomic_write(path, picture)  # a new file (through a dangling link: its target), or a picture


def check_target(path: str, inputs: tuple[str, ...] = ()) -> None:
    """Refuse (UsageError) a ``path`` that ``save_picture`` would not write: anything but a new
    file or a regular file holding an SVG picture. Checked before a picture of several pages
    writes its first, so that none is written when one would be refused."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise UsageError(_("--svg: {path} cannot be looked at ({reason}); it is left as it is").format(
            path=path, reason=reason(e)), code="picture-refused") from None
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(_("--svg: {path} is a folder; name a file such as {example}").format(
            path=path, example=os.path.join(path, "map.svg")), code="picture-refused")
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(_("--svg: {path} is {kind}, not a picture; it is left as it is").format(
            path=path, kind=kind_of(st.st_mode)), code="picture-refused")
    if any(os.path.exists(p) and os.path.samefile(p, path) for p in inputs):
        raise UsageError(_("--svg: {path} is the file being read; name another file for the picture").format(
            path=path), code="picture-refused")
    try:
        is_svg = _root_is_svg(path)
    except OSError as e:
        raise UsageError(_("--svg: {path} cannot be read ({reason}), so it is not replaced; it is left as it is")
                         .format(path=path, reason=reason(e)), code="picture-refused") from None
    if not is_svg:
        raise UsageError(_("--svg: {path} exists and is not an SVG picture; it is left as it is").format(path=path),
                         code="picture-refused")


def _root_is_svg(path: str) -> bool:
    """Whether a regular file is an SVG picture: XML whose root element is ``svg``."""
    import xml.etree.ElementTree as ET

    from ..files import read_head

    head = read_head(path, HEAD_BYTES)
    parser: ET.XMLPullParser = ET.XMLPullParser(events=("start",))
    try:
        parser.feed(head)
        for event in parser.read_events():
            element: Any = event[1]  # type: ignore[misc]  # ("start", element): typeshed allows a bare str
            return isinstance(element, ET.Element) and element.tag.rsplit("}", 1)[-1] == "svg"
    except ET.ParseError:
        return False
    return False


__all__ = ["NotAFile", "save_picture"]
