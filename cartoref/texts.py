"""Small text helpers every layer may use (the rules, the table, the views and the shells):
a byte count as people say it, a short excerpt of a long text, an OSError's reason in the
catalogs' words. No file is read or written here."""

from __future__ import annotations

import errno
import os

from .i18n import N_, _, ngettext


def size_text(n: int) -> str:
    """A byte count as people say it: "1 MB", "16 MB", "512 bytes"."""
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return _("{n} MB").format(n=n >> 20)
    return ngettext("{n:,} byte", "{n:,} bytes", n).format(n=n)


def excerpt(text: str, limit: int = 60) -> str:
    """``text`` cut to at most ``limit`` characters ("abc..."), so a message stays one short line."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


#: The system's reasons a person meets most, in the catalogs' words (the system gives them in
#: English, or in the C library's language); any other stays as the system says it.
_REASONS = {errno.ENOENT: N_("No such file or directory"), errno.EACCES: N_("Permission denied"),
            errno.EPERM: N_("Operation not permitted"), errno.EISDIR: N_("Is a directory"),
            errno.ENOTDIR: N_("Not a directory"), errno.ENOSPC: N_("No space left on device"),
            errno.EROFS: N_("Read-only file system"), errno.EEXIST: N_("File exists"),
            errno.ENAMETOOLONG: N_("File name too long"), errno.ELOOP: N_("Too many levels of symbolic links")}


def reason(e: OSError) -> str:
    """An OSError's reason in words ("Permission denied"), without its errno or path."""
    if e.errno in _REASONS and e.strerror == os.strerror(e.errno):
        return _(_REASONS[e.errno])
    return e.strerror or type(e).__name__
