"""Help text laid out by the columns a terminal gives each character: a Japanese character takes
two, and a line of Japanese may break between any two characters (never before a closing mark
such as 、 or 。). click lays out help by counting characters and breaks lines at spaces only,
which is right for the other languages: their help goes to click unchanged."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import click

from ..i18n import columns as width

#: Marks that never begin a line (they stay with the character before them).
_CLOSING = set("、。，．・：；？！）」』】〕〉》ー…,.:;?!)]}")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def has_wide(text: str) -> bool:
    """Whether ``text`` holds a character that takes two columns."""
    return any(_wide(ch) for ch in text)


def _tokens(text: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space came before it: words,
    and a break before every wide character but a closing mark ("地図を描く" is five pieces)."""
    out: list[tuple[str, bool]] = []
    for n, word in enumerate(text.split()):
        spaced = n > 0
        piece = ""
        for ch in word:
            if _wide(ch) and piece and ch not in _CLOSING:
                out.append((piece, spaced))
                piece, spaced = "", False
            piece += ch
        out.append((piece, spaced))
    return out


def wrap(text: str, columns: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` in lines of at most ``columns`` columns (a piece longer than a line stays whole),
    the first indented by ``first``, the others by ``rest``."""
    lines: list[str] = []
    line, used = first, width(first)
    empty = True
    for piece, spaced in _tokens(text):
        gap = " " if spaced and not empty else ""
        if not empty and used + width(gap + piece) > columns:
            lines.append(line)
            line, used, gap = rest, width(rest), ""
        line += gap + piece
        used += width(gap + piece)
        empty = False
    lines.append(line)
    return lines


class HelpFormatter(click.HelpFormatter):
    """click's help formatter, laying out text with wide characters by their columns."""

    def write_text(self, text: str) -> None:
        if not has_wide(text):
            return super().write_text(text)
        indent = " " * self.current_indent
        columns = max(self.width - self.current_indent, 11) + self.current_indent
        for n, paragraph in enumerate(p for p in text.split("\n\n") if p.strip()):
            if n:
                self.write_paragraph()
            self.write("\n".join(wrap(paragraph, columns, indent, indent)) + "\n")

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not any(has_wide(second) for _, second in rows):
            return super().write_dl(rows, col_max, col_spacing)
        first_col = min(max((width(first) for first, _ in rows), default=0), col_max) + col_spacing
        for first, second in rows:
            head = " " * self.current_indent + first
            if not second:
                self.write(head + "\n")
                continue
            text_start = self.current_indent + first_col
            text_columns = max(self.width - text_start, 10)
            lines = wrap(" ".join(second.split()), text_columns)
            if width(first) <= first_col - col_spacing:
                self.write(head + " " * (first_col - width(first)) + lines[0] + "\n")
            else:
                self.write(head + "\n" + " " * text_start + lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * text_start + line + "\n")


class Context(click.Context):
    """A context whose help is laid out by ``HelpFormatter``."""

    formatter_class = HelpFormatter

