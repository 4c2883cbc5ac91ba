"""Help text laid out by the columns a terminal gives each character: a Japanese character takes
two, and a line of Japanese may break between any two characters (never before a closing mark
such as 、 or 。). click lays out help by counting characters and breaks lines at spaces only,
which is right for the other languages: their help goes to click unchanged."""

from __future__ import annotations

from collections.abc import Iterable

import click

from ..widths import columns as width
from ..widths import has_wide, wrap


class HelpFormatter(click.HelpFormatter):
    """click's help formatter, laying out text with wide characters by their columns, and its
    section headings punctuated as the language does ("Commandes :" in French)."""

    def write_heading(self, heading: str) -> None:
        from ..i18n import _

        self.write(" " * self.current_indent + _("{heading}:").format(heading=heading) + "\n")

    def write_text(self, text: str) -> None:
        if not has_wide(text):
            return super().write_text(text)
        indent = " " * self.current_indent
        columns = max(self.width - self.current_indent, 11) + self.current_indent
        for n, paragraph in enumerate(p for p in text.split("\n\n") if p.strip()):
            if n:
                self.write_paragraph()
            if paragraph.lstrip(" ").startswith("\b"):  # click's mark: lines kept as written
                kept = paragraph.lstrip(" ")[1:].strip("\n").splitlines()
                self.write("".join(indent + line + "\n" for line in kept))
                continue
            self.write("\n".join(wrap(paragraph, columns, indent, indent)) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
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

