"""Write cartoref/views/fontwidths.py: how wide each character is in DejaVu Sans (the first font
the pictures ask for), regular and bold, in thousandths of the font's size, measured from the
font files with Pillow. Run at development time, where the DejaVu fonts are installed:

    python scripts/font_widths.py [/usr/share/fonts/truetype/dejavu]
"""

from __future__ import annotations

import os
import sys

from PIL import ImageFont

#: The characters measured: printable ASCII, Latin-1 and Latin Extended-A (French, Spanish and
#: the editions' other words), typographic punctuation; anything else (Japanese) is counted as a
#: full em by ``views.svg``.
CHARS = ("".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA0, 0x180))
         + "\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u00b7\u2212\u00d7\u2192\u2190\u2191\u2193")


def measure(path: str) -> dict[str, int]:
    font = ImageFont.truetype(path, 1000)
    return {ch: round(font.getlength(ch)) for ch in CHARS}


def main() -> None:
    folder = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu"
    regular = measure(os.path.join(folder, "DejaVuSans.ttf"))
    bold = measure(os.path.join(folder, "DejaVuSans-Bold.ttf"))
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cartoref", "views", "fontwidths.py")
    with open(out, "w", encoding="utf-8") as f:
        f.write('"""How wide each character is in DejaVu Sans, regular and bold, in thousandths of the\n'
                'font\'s size (written by scripts/font_widths.py from the font files; see docs/sources.md).\n'
                'A character not here is counted as a full em."""\n\n')
        for name, widths in (("REGULAR", regular), ("BOLD", bold)):
            f.write(f"{name}: dict[str, int] = {{\n")
            items = [f"{ch!r}: {w}" for ch, w in widths.items()]
            line = "   "
            for item in items:
                if len(line) + len(item) + 2 > 100:
                    f.write(line.rstrip() + "\n")
                    line = "   "
                line += f" {item},"
            f.write(line.rstrip() + "\n}\n\n")
    print(f"wrote {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
