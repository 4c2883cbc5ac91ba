"""Text by the columns a terminal gives it: a Japanese character takes two, and a line of
Japanese may break between any two characters (never before a closing mark such as 、 or 。).
Python's ``str.ljust`` and ``textwrap`` count characters and break at spaces only."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

#: Marks that never begin a line (they stay with the character before them).
_CLOSING = set("、。，．・：；？！）」』】〕〉》ー…,.:;?!)]}")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def has_wide(text: str) -> bool:
    """Whether ``text`` holds a character that takes two columns."""
    return any(_wide(ch) for ch in text)


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character (Japanese), none for
    a combining mark, one for the others."""
    return sum(2 if _wide(ch) else 0 if unicodedata.combining(ch) else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns."""
    return text + " " * max(width - columns(text), 0)


def _tokens(text: str) -> list[tuple[str, str]]:
    """The pieces a line may break between, each with the blank before it: words, and a break
    beside every wide character but before a closing mark ("地図を描く" is five pieces). Blanks are
    kept as written (two spaces stay two); a line break is a space, or nothing between two
    Japanese characters (the text runs on)."""
    import re

    out: list[tuple[str, str]] = []
    for blank, word in re.findall(r"(\s*)(\S+)", text):
        if "\n" in blank:
            blank = "" if out and _wide(word[0]) and _wide(out[-1][0][-1]) else " "
        piece = ""
        for ch in word:
            if piece and ch not in _CLOSING and (_wide(ch) or _wide(piece[-1])):
                out.append((piece, blank))
                piece, blank = "", ""
            piece += ch
        out.append((piece, blank))
    return out


def wrap(text: str, limit: float, first: str = "", rest: str = "",
         measure: Callable[[str], float] = columns) -> list[str]:
    """``text`` in lines of at most ``limit`` columns (a piece longer than a line stays whole),
    the first indented by ``first`` and by the text's own leading blanks, the others by
    ``rest``; no line starts with a blank. ``measure``: how wide a piece is (in columns; a
    picture measures in pixels, by its font's widths)."""
    lines: list[str] = []
    line, used = first, measure(first)
    empty = True
    for piece, blank in _tokens(text):
        if not empty and used + measure(blank + piece) > limit:
            lines.append(line)
            line, used, blank = rest, measure(rest), ""
        line += blank + piece
        used += measure(blank + piece)
        empty = False
    lines.append(line)
    return lines


#: Where a line best breaks: after a blank, a slash between choices, or a Japanese mark that
#: ends a phrase, so that a word such as 時計回り stays whole.
_PHRASE_ENDS = " 、。・/）」"


def phrases(text: str) -> list[str]:
    """``text`` cut after each blank, slash or mark that ends a phrase ("怪物4マス、時計回り" is
    "怪物4マス、" and "時計回り"; "forest/village" is "forest/" and "village")."""
    out, phrase = [], ""
    for ch in text:
        phrase += ch
        if ch in _PHRASE_ENDS:
            out.append(phrase)
            phrase = ""
    return out + [phrase] if phrase else out


def wrap_phrases(text: str, limit: int) -> list[str]:
    """A line in lines of at most ``limit`` columns, broken between its phrases (``phrases``),
    no line ending in a blank; a phrase longer than a line is broken as ``wrap`` breaks it."""
    lines: list[str] = []
    line = ""
    for phrase in phrases(" ".join(text.split())):
        if columns((line + phrase).rstrip()) <= limit:
            line += phrase
            continue
        if line:
            lines.append(line.rstrip())
        *whole, line = wrap(phrase, limit) if columns(phrase.rstrip()) > limit else [phrase]
        lines += [w.rstrip() for w in whole]
    return lines + [line.rstrip()] if line.strip() else lines
