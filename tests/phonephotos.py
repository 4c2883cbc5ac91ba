"""Synthetic phone photos of Cartographers map sheets, to measure ``cartoref read`` honestly.

Written from a description of real photos, not from the reader, so that the reader's own
assumptions do not leak into its test images. ``make(seed)`` models three things:

* the printed page: parchment paper, a decorated border, the title banner with a player-name line
  (a name written on it), the side's letter on a shield, a compass rose, row letters and column
  numbers, the 11x11 map with a thick outer frame and thin inner lines, the side's printed
  mountains (peaks with a coin), wastelands (grey hatching) and ruins (a corner mark, or the whole
  space lightly printed), the 14-circle coin track and the four season score boxes with their
  sub-boxes (which look like small grids);
* what players drew: ``coloured`` (coloured pencils hatched in zig-zags that leave paper showing,
  felt-tip markers, waxy crayons; colours vary by brand, strokes overshoot borders) or ``pencil``
  (graphite symbols by two to four hands: a tree, a house, furrows, waves, a monster's face; a
  hero as a stick figure or a coloured star; a destroyed space as a big cross), filling 0-100 %
  of the spaces that are not printed, terrain on ruins too, plus coins and season scores;
* the photo: the sheet on wood, a dark desk or cloth, seen by a pinhole camera rolled 0-25 degrees,
  pitched (up to steep) and yawed, the paper curled or bulged (a height field, so lines bow and
  shading follows the slope), a page shadow, uneven light (a shadow band, a vignette, a
  gradient), a colour cast, sometimes a clipped glare spot or an out-of-focus thumb, blur, sensor
  noise and JPEG compression.

The truth travels with the pixels: ``corners`` are the map grid's four outer corners (the centre
line of the thick frame) pushed through the very mapping the image went through, curl included,
in cv2's pixel convention (pixel (0, 0) has its centre at (0.0, 0.0)); ``grid`` is what a careful
person would type, whatever glare or a thumb hides (``notes["hidden"]`` lists those spaces).

Run ``python tests/phonephotos.py OUTDIR --seeds 1-20`` to write ``NNN.jpg`` and ``NNN.json``.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cartoref.cards import catalog
from cartoref.grid import SIZE, SheetSide, iter_cells

SHEETS = ("wilderness", "wastelands", "heroes-wilderness", "heroes-wastelands")
STYLES = ("coloured", "pencil")
MEDIA = ("pencil", "marker", "crayon")
BACKGROUNDS = ("wood", "desk", "cloth")
CASTS = ("neutral", "warm", "cool")
#: Phone photo sizes, landscape (width, height); portrait swaps them.
SIZES = ((640, 480), (1024, 768), (1280, 960), (1600, 1200), (2048, 1536), (2592, 1944),
         (3264, 2448), (4032, 3024))

#: The printed page in units of one map space: width, height, and the map grid's top-left corner.
PAGE_W, PAGE_H = 13.6, 19.2
GRID_X, GRID_Y = 1.3, 3.3
INK = (62, 44, 30)  # dark brown print
PAPER = (0.95, 0.91, 0.80)

Rgb = tuple[float, float, float]
Point = tuple[float, float]


class Photo(NamedTuple):
    """One synthetic photo and its truth."""

    rgb: np.ndarray  # H x W x 3 uint8
    sheet: str  # the side id
    grid: list[str]  # 11 rows of 11 map symbols
    corners: list[tuple[float, float]]  # map grid corners: top-left, top-right, bottom-right, bottom-left
    style: str  # "coloured" or "pencil"
    notes: dict[str, Any]  # what was applied


# ------------------------------------------------------------------------------------ the truth

#: The weights of the terrains players draw (monsters come from ambushes, so fewer).
TERRAIN_WEIGHTS = {"F": 0.27, "V": 0.2, "P": 0.2, "W": 0.23, "M": 0.1}


class Drawing(NamedTuple):
    """What is on the map: the truth rows, and the blobs drawn (symbol, spaces) in drawing order."""

    rows: list[str]
    blobs: list[tuple[str, list[tuple[int, int]]]]


def printed_symbols(side: SheetSide) -> list[list[str]]:
    """The blank side as map symbols: ``^`` mountains, ``#`` wastelands, ``r`` ruins, ``.`` empty."""
    rows = [["."] * SIZE for _ in range(SIZE)]
    for mask, symbol in ((side.ruins, "r"), (side.mountains, "^"), (side.wastelands, "#")):
        for cell in iter_cells(mask):
            rows[cell.row][cell.col] = symbol
    return rows


def draw_truth(rng: random.Random, side: SheetSide, fill: float, heroes: bool) -> Drawing:
    """Grow blobs of terrain (1-5 spaces, like explore shapes) over ``fill`` of the free spaces."""
    rows = printed_symbols(side)
    free = [(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] in ".r"]
    target = round(fill * len(free))
    owner: dict[tuple[int, int], int] = {}
    blobs: list[tuple[str, list[tuple[int, int]]]] = []
    terrains, weights = list(TERRAIN_WEIGHTS), list(TERRAIN_WEIGHTS.values())
    while len(owner) < target:
        start = rng.choice([p for p in free if p not in owner])
        symbol = rng.choices(terrains, weights)[0]
        spaces = [start]
        owner[start] = len(blobs)
        for _ in range(rng.randint(0, 4)):
            if len(owner) >= target:
                break
            around = [(r + dr, c + dc) for r, c in spaces for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            around = [p for p in around if p in free and p not in owner]
            if not around:
                break
            nxt = rng.choice(around)
            owner[nxt] = len(blobs)
            spaces.append(nxt)
        blobs.append((symbol, spaces))
    if heroes and owner:
        blobs = _heroes_marks(rng, rows, blobs)
    for symbol, spaces in blobs:
        for r, c in spaces:
            rows[r][c] = symbol.lower() if rows[r][c] == "r" else symbol
    return Drawing(["".join(row) for row in rows], blobs)


def _heroes_marks(rng: random.Random, printed: list[list[str]],
                  blobs: list[tuple[str, list[tuple[int, int]]]]) -> list[tuple[str, list[tuple[int, int]]]]:
    """Turn a few drawn spaces (never ruins: "h" and "x" are not map symbols) into heroes and
    destroyed spaces, each its own blob."""
    drawn = [p for _, spaces in blobs for p in spaces if printed[p[0]][p[1]] == "."]
    picks: dict[tuple[int, int], str] = {}
    for symbol, most in (("H", 3), ("X", 5)):
        if drawn and rng.random() < 0.75:
            for p in rng.sample(drawn, min(len(drawn), rng.randint(1, most))):
                picks.setdefault(p, symbol)
    kept = [(s, [p for p in spaces if p not in picks]) for s, spaces in blobs]
    return [b for b in kept if b[1]] + [(s, [p]) for p, s in picks.items()]


# ------------------------------------------------------------------------------- the paper page

class Page:
    """The page as a float RGB array in [0, 1], ``cell`` pixels per map space; ink multiplies."""

    def __init__(self, rng: np.random.Generator, cell: float, paper: Rgb):
        self.cell = cell
        self.w, self.h = round(PAGE_W * cell), round(PAGE_H * cell)
        mottle = cv2.resize(rng.normal(0, 1, (10, 7)).astype(np.float32), (self.w, self.h),
                            interpolation=cv2.INTER_CUBIC)
        fine = cv2.GaussianBlur(rng.normal(0, 1, (self.h, self.w)).astype(np.float32), (0, 0), 0.6)
        tone = 1 + 0.025 * mottle + 0.012 * fine
        self.rgb = np.clip(tone[..., None] * np.array(paper, np.float32), 0, 1)
        # The paper's tooth: pencils catch its peaks and skip its valleys.
        tooth = cv2.GaussianBlur(rng.random((self.h, self.w)).astype(np.float32), (0, 0), max(0.5, cell / 220))
        self.tooth = (tooth - tooth.mean()) / (tooth.std() + 1e-6)
        self._rng = rng
        self._blotches: np.ndarray | None = None

    def blotches(self) -> np.ndarray:
        """Smooth noise about a third of a space across (made once), for waxy, patchy tools."""
        if self._blotches is None:
            small = self._rng.normal(0, 1, (round(PAGE_H * 3), round(PAGE_W * 3))).astype(np.float32)
            self._blotches = cv2.resize(small, (self.w, self.h), interpolation=cv2.INTER_CUBIC)
        return self._blotches

    def multiply(self, layer: Image.Image) -> None:
        """Print an RGB layer (white = no ink) onto the page."""
        self.rgb *= np.asarray(layer, np.float32) / 255

    def mark(self, box: tuple[int, int, int, int], coverage: np.ndarray, colour: Rgb) -> None:
        """Lay a colour with ``coverage`` (0-1) over the page pixels of ``box``, multiplying."""
        x0, y0, x1, y1 = box
        x0c, y0c, x1c, y1c = max(x0, 0), max(y0, 0), min(x1, self.w), min(y1, self.h)
        if x1c <= x0c or y1c <= y0c:
            return
        cov = coverage[y0c - y0:y1c - y0, x0c - x0:x1c - x0, None]
        tint = 1 - cov * (1 - np.array(colour, np.float32))
        self.rgb[y0c:y1c, x0c:x1c] *= tint


def _font(size: float, bold: bool = False, italic: bool = False) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    names = {(False, False): "DejaVuSerif.ttf", (True, False): "DejaVuSerif-Bold.ttf",
             (False, True): "DejaVuSerif-Italic.ttf", (True, True): "DejaVuSerif-BoldItalic.ttf"}
    for folder in ("/usr/share/fonts/truetype/dejavu/", ""):
        try:
            return ImageFont.truetype(folder + names[bold, italic], max(6, round(size)))
        except OSError:
            continue
    return ImageFont.load_default(max(6, round(size)))


def print_page(page: Page, rng: random.Random, side: SheetSide, ruins_style: str) -> None:
    """Print everything the sheet carries before anyone draws on it."""
    layer = Image.new("RGB", (page.w, page.h), "white")
    draw = ImageDraw.Draw(layer)
    print_border(draw, page)
    print_banner(draw, page, side)
    print_compass(draw, page, 12.1, 1.45, 0.85)
    print_side_shield(draw, page, side)
    print_labels(draw, page)
    print_coin_track(draw, page)
    print_season_boxes(draw, page)
    for cell in iter_cells(side.wastelands):
        print_wasteland(draw, page, cell.row, cell.col, rng)
    for cell in iter_cells(side.ruins):
        print_ruins(draw, page, cell.row, cell.col, ruins_style)
    for cell in iter_cells(side.mountains):
        print_mountain(draw, page, cell.row, cell.col, rng)
    print_grid(draw, page)
    page.multiply(layer)


def _width(page: Page, spaces: float) -> int:
    return max(1, round(spaces * page.cell))


def print_border(draw: ImageDraw.ImageDraw, page: Page) -> None:
    """A parchment band with double rules and diamonds all round the page."""
    c = page.cell
    outer, inner = 0.18 * c, 0.62 * c
    draw.rectangle((outer, outer, page.w - outer, page.h - outer), fill=(222, 196, 150))
    draw.rectangle((inner, inner, page.w - inner, page.h - inner), fill="white")
    for inset, width in ((outer, 0.05), (outer + 0.08 * c, 0.02), (inner, 0.05), (inner - 0.08 * c, 0.02)):
        draw.rectangle((inset, inset, page.w - inset, page.h - inset), outline=INK, width=_width(page, width))
    mid = (outer + inner) / 2
    r = 0.1 * c
    step = 0.55 * c
    for along, length, horizontal in ((mid, page.w, True), (page.h - mid, page.w, True),
                                      (mid, page.h, False), (page.w - mid, page.h, False)):
        t = 1.0 * c
        while t < length - 1.0 * c:
            x, y = (t, along) if horizontal else (along, t)
            draw.polygon([(x - r, y), (x, y - r), (x + r, y), (x, y + r)], fill=(150, 110, 70))
            t += step
    for x, y in ((mid, mid), (page.w - mid, mid), (page.w - mid, page.h - mid), (mid, page.h - mid)):
        draw.ellipse((x - 0.3 * c, y - 0.3 * c, x + 0.3 * c, y + 0.3 * c), fill=(200, 160, 110),
                     outline=INK, width=_width(page, 0.04))
        draw.ellipse((x - 0.12 * c, y - 0.12 * c, x + 0.12 * c, y + 0.12 * c), fill=INK)


def print_banner(draw: ImageDraw.ImageDraw, page: Page, side: SheetSide) -> None:
    """The title ribbon ("Cartographers") and the player-name line below it."""
    c = page.cell
    cx, top, bottom, half = PAGE_W / 2 * c, 0.8 * c, 1.9 * c, 3.9 * c
    tail = [(cx - half - 0.9 * c, top + 0.25 * c), (cx - half + 0.2 * c, top + 0.25 * c),
            (cx - half + 0.2 * c, bottom + 0.25 * c), (cx - half - 0.9 * c, bottom + 0.25 * c),
            (cx - half - 0.55 * c, (top + bottom) / 2 + 0.25 * c)]
    for flip in (1, -1):
        pts = [(cx + flip * (x - cx), y) for x, y in tail]
        draw.polygon(pts, fill=(190, 150, 100), outline=INK, width=_width(page, 0.035))
    draw.rectangle((cx - half, top, cx + half, bottom), fill=(226, 200, 152), outline=INK, width=_width(page, 0.05))
    draw.rectangle((cx - half + 0.1 * c, top + 0.1 * c, cx + half - 0.1 * c, bottom - 0.1 * c),
                   outline=INK, width=_width(page, 0.015))
    title = "CARTOGRAPHERS" if not side.id.startswith("heroes") else "CARTOGRAPHERS HEROES"
    font = _font(0.62 * c if len(title) < 15 else 0.5 * c, bold=True)
    draw.text((cx, (top + bottom) / 2), title, fill=INK, font=font, anchor="mm")
    font = _font(0.34 * c, italic=True)
    y = 2.75 * c
    draw.text((2.4 * c, y), "Cartographer:", fill=INK, font=font, anchor="ls")
    draw.line((5.0 * c, y, 10.6 * c, y), fill=INK, width=_width(page, 0.025))
    draw.text((cx, 0.5 * c), "A Roll Player Tale", fill=INK, font=_font(0.2 * c, italic=True), anchor="mm")


def print_compass(draw: ImageDraw.ImageDraw, page: Page, x: float, y: float, radius: float) -> None:
    """An eight-pointed compass rose with a ring and an N."""
    c = page.cell
    cx, cy, r = x * c, y * c, radius * c
    draw.ellipse((cx - 0.8 * r, cy - 0.8 * r, cx + 0.8 * r, cy + 0.8 * r), outline=INK, width=_width(page, 0.03))
    draw.ellipse((cx - 0.7 * r, cy - 0.7 * r, cx + 0.7 * r, cy + 0.7 * r), outline=INK, width=_width(page, 0.015))
    for k in range(8):
        a = k * math.pi / 4
        length = r if k % 2 == 0 else 0.6 * r
        for half, shade in ((-1, INK), (1, (205, 175, 125))):
            pts = [(cx, cy), (cx + length * math.sin(a), cy - length * math.cos(a)),
                   (cx + 0.16 * r * math.sin(a + half * math.pi / 4), cy - 0.16 * r * math.cos(a + half * math.pi / 4))]
            draw.polygon(pts, fill=shade, outline=INK)
    draw.text((cx, cy - 1.12 * r), "N", fill=INK, font=_font(0.35 * c, bold=True), anchor="mm")


def print_side_shield(draw: ImageDraw.ImageDraw, page: Page, side: SheetSide) -> None:
    """A shield at the top left carrying the side's letter."""
    c = page.cell
    x, y, w = 1.5 * c, 0.95 * c, 0.55 * c
    pts = [(x - w, y), (x + w, y), (x + w, y + 0.8 * c), (x, y + 1.25 * c), (x - w, y + 0.8 * c)]
    draw.polygon(pts, fill=(214, 184, 130), outline=INK, width=_width(page, 0.045))
    draw.text((x, y + 0.55 * c), side.letter, fill=INK, font=_font(0.6 * c, bold=True), anchor="mm")


def print_labels(draw: ImageDraw.ImageDraw, page: Page) -> None:
    """Row letters A-K left of the map and column numbers 1-11 above it."""
    c = page.cell
    font = _font(0.3 * c, bold=True)
    for k in range(SIZE):
        draw.text(((GRID_X + k + 0.5) * c, (GRID_Y - 0.28) * c), str(k + 1), fill=INK, font=font, anchor="mm")
        draw.text(((GRID_X - 0.3) * c, (GRID_Y + k + 0.5) * c), "ABCDEFGHIJK"[k], fill=INK, font=font,
                  anchor="mm")


def print_grid(draw: ImageDraw.ImageDraw, page: Page) -> None:
    """Thin inner lines and a thick outer frame centred on the grid's outer edge."""
    c = page.cell
    x0, y0, x1, y1 = GRID_X * c, GRID_Y * c, (GRID_X + SIZE) * c, (GRID_Y + SIZE) * c
    thin = _width(page, 0.028)
    for k in range(1, SIZE):
        draw.line((x0 + k * c, y0, x0 + k * c, y1), fill=(45, 32, 24), width=thin)
        draw.line((x0, y0 + k * c, x1, y0 + k * c), fill=(45, 32, 24), width=thin)
    t = 0.13 * c
    for rect in ((x0 - t / 2, y0 - t / 2, x1 + t / 2, y0 + t / 2), (x0 - t / 2, y1 - t / 2, x1 + t / 2, y1 + t / 2),
                 (x0 - t / 2, y0 - t / 2, x0 + t / 2, y1 + t / 2), (x1 - t / 2, y0 - t / 2, x1 + t / 2, y1 + t / 2)):
        draw.rectangle(rect, fill=(30, 22, 18))


def _space_box(page: Page, row: int, col: int) -> tuple[float, float, float]:
    """A space's top-left corner in page pixels, and its side."""
    return (GRID_X + col) * page.cell, (GRID_Y + row) * page.cell, page.cell


def print_mountain(draw: ImageDraw.ImageDraw, page: Page, row: int, col: int, rng: random.Random) -> None:
    """Two grey-brown peaks with snow caps, and the coin reminder in the corner."""
    x, y, s = _space_box(page, row, col)
    back = [(x + 0.42 * s, y + 0.82 * s), (x + 0.66 * s, y + 0.22 * s), (x + 0.92 * s, y + 0.82 * s)]
    front = [(x + 0.08 * s, y + 0.86 * s), (x + 0.4 * s, y + 0.14 * s), (x + 0.74 * s, y + 0.86 * s)]
    for peak, fill in ((back, (160, 140, 118)), (front, (128, 110, 92))):
        draw.polygon(peak, fill=fill, outline=INK, width=_width(page, 0.03))
        (lx, ly), (tx, ty), (rx, ry) = peak
        k = 0.3
        draw.polygon([(tx, ty), (tx + k * (lx - tx), ty + k * (ly - ty)), (tx, ty + 0.18 * s),
                      (tx + k * (rx - tx), ty + k * (ry - ty))], fill=(240, 236, 228), outline=INK)
    r = 0.11 * s
    draw.ellipse((x + 0.84 * s - r, y + 0.14 * s - r, x + 0.84 * s + r, y + 0.14 * s + r), fill=(220, 180, 80),
                 outline=INK, width=_width(page, 0.02))


def print_wasteland(draw: ImageDraw.ImageDraw, page: Page, row: int, col: int, rng: random.Random) -> None:
    """A grey tint with diagonal hatching and a few cracks."""
    x, y, s = _space_box(page, row, col)
    draw.rectangle((x, y, x + s, y + s), fill=(176, 166, 152))
    n = 7
    for k in range(1, 2 * n):
        t = k / n * s
        a = (x + max(0.0, t - s), y + min(t, s))
        b = (x + min(t, s), y + max(0.0, t - s))
        draw.line((a, b), fill=(95, 82, 70), width=_width(page, 0.02))
    for _ in range(2):
        px, py = x + rng.uniform(0.2, 0.8) * s, y + rng.uniform(0.2, 0.8) * s
        pts = [(px, py)]
        for _ in range(3):
            px, py = px + rng.uniform(-0.15, 0.15) * s, py + rng.uniform(0.05, 0.15) * s
            pts.append((px, py))
        draw.line(pts, fill=INK, width=_width(page, 0.03))


def print_ruins(draw: ImageDraw.ImageDraw, page: Page, row: int, col: int, style: str) -> None:
    """A broken arch in the space's corner ("corner"), or the whole space lightly printed ("full")."""
    x, y, s = _space_box(page, row, col)
    if style == "full":
        draw.rectangle((x, y, x + s, y + s), fill=(236, 222, 196))
        ink, scale, ox, oy = (178, 150, 118), 0.8, 0.1, 0.12
    else:
        ink, scale, ox, oy = INK, 0.34, 0.05, 0.05
    w = _width(page, 0.035 if style != "full" else 0.03)

    def at(u: float, v: float) -> Point:
        return x + (ox + u * scale) * s, y + (oy + v * scale) * s

    draw.line((at(0.1, 0.95), at(0.9, 0.95)), fill=ink, width=w)
    draw.line((at(0.2, 0.95), at(0.2, 0.3)), fill=ink, width=w)
    draw.line((at(0.5, 0.95), at(0.5, 0.2)), fill=ink, width=w)
    draw.line((at(0.8, 0.95), at(0.8, 0.45)), fill=ink, width=w)
    draw.line((at(0.12, 0.3), at(0.6, 0.18)), fill=ink, width=w)
    draw.arc((*at(0.22, 0.45), *at(0.48, 0.8)), 180, 360, fill=ink, width=w)


def _coin_centres(page: Page) -> list[Point]:
    c = page.cell
    y = (GRID_Y + SIZE + 0.85) * c
    first, last = GRID_X + 1.45, GRID_X + SIZE - 0.35
    return [((first + k * (last - first) / 13) * c, y) for k in range(14)]


def print_coin_track(draw: ImageDraw.ImageDraw, page: Page) -> None:
    """A mountain-in-a-plus reminder and 14 coin circles below the map."""
    c = page.cell
    y = (GRID_Y + SIZE + 0.85) * c
    x = (GRID_X + 0.35) * c
    draw.line((x - 0.3 * c, y, x + 0.3 * c, y), fill=INK, width=_width(page, 0.06))
    draw.line((x, y - 0.3 * c, x, y + 0.3 * c), fill=INK, width=_width(page, 0.06))
    draw.polygon([(x - 0.15 * c, y + 0.1 * c), (x, y - 0.15 * c), (x + 0.15 * c, y + 0.1 * c)], fill=(128, 110, 92))
    r = 0.3 * c
    for cx, cy in _coin_centres(page):
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(240, 222, 170), outline=INK, width=_width(page, 0.04))
        draw.ellipse((cx - 0.6 * r, cy - 0.6 * r, cx + 0.6 * r, cy + 0.6 * r), outline=(150, 120, 80),
                     width=_width(page, 0.02))


def _season_boxes(page: Page) -> list[tuple[float, float, float, float]]:
    c = page.cell
    top, bottom = (GRID_Y + SIZE + 1.45) * c, (GRID_Y + SIZE + 3.85) * c
    w, gap = 2.15 * c, 0.22 * c
    left = 0.95 * c
    return [(left + k * (w + gap), top, left + k * (w + gap) + w, bottom) for k in range(4)]


def print_season_boxes(draw: ImageDraw.ImageDraw, page: Page) -> None:
    """Four season boxes (A|B ... D|A), each with edict, coin and monster sub-boxes, and a total."""
    c = page.cell
    wide, thin = _width(page, 0.05), _width(page, 0.025)
    labels = ("A | B", "B | C", "C | D", "D | A")
    seasons = ("Spring", "Summer", "Autumn", "Winter")
    for (x0, y0, x1, y1), label, season in zip(_season_boxes(page), labels, seasons):
        draw.rounded_rectangle((x0, y0, x1, y1), radius=0.15 * c, fill=(236, 218, 180), outline=INK, width=wide)
        draw.text(((x0 + x1) / 2, y0 + 0.25 * c), label, fill=INK, font=_font(0.26 * c, bold=True), anchor="mm")
        sub = (x1 - x0 - 0.45 * c) / 2
        for i in range(2):
            for j in range(2):
                bx = x0 + 0.15 * c + j * (sub + 0.15 * c)
                by = y0 + 0.5 * c + i * (0.72 * c)
                draw.rectangle((bx, by, bx + sub, by + 0.6 * c), fill="white", outline=INK, width=thin)
                icon = ("A", "B", "o", "M")[2 * i + j] if label else ""
                draw.text((bx + 0.12 * c, by + 0.12 * c), icon, fill=(120, 95, 70), font=_font(0.16 * c), anchor="mm")
        draw.text((x0 + sub + 0.22 * c, y0 + 0.8 * c), "+", fill=INK, font=_font(0.22 * c), anchor="mm")
        ry = y1 - 0.5 * c
        draw.rectangle((x0 + 0.45 * c, ry - 0.15 * c, x1 - 0.45 * c, ry + 0.35 * c), fill="white", outline=INK,
                       width=wide)
        draw.text(((x0 + x1) / 2, y1 + 0.17 * c), season, fill=INK, font=_font(0.2 * c, italic=True), anchor="mm")
    x0, y0, x1, y1 = _season_boxes(page)[-1]
    sx, sy = x1 + 0.25 * c, y0 + 0.4 * c
    shield = [(sx, sy), (sx + 1.5 * c, sy), (sx + 1.5 * c, sy + 1.3 * c), (sx + 0.75 * c, sy + 2.0 * c),
              (sx, sy + 1.3 * c)]
    draw.polygon(shield, fill=(214, 184, 130), outline=INK, width=wide)
    draw.rectangle((sx + 0.25 * c, sy + 0.45 * c, sx + 1.25 * c, sy + 1.15 * c), fill="white", outline=INK, width=thin)
    draw.text((sx + 0.75 * c, sy + 0.22 * c), "TOTAL", fill=INK, font=_font(0.18 * c, bold=True), anchor="mm")


# --------------------------------------------------------------------------------- hands and ink

class Hand(NamedTuple):
    """How one person draws: symbol size, slant, line weight, pressure, wobble, hatch angle."""

    size: float  # of a space
    slant: float  # degrees
    width: float  # of a space
    pressure: float  # 0-1
    wobble: float  # of a space
    angle: float  # hatch direction, degrees
    spacing: float  # hatch stroke spacing, of a space
    overshoot: float  # how far strokes cross a space's border, of a space
    variant: int


def random_hand(rng: random.Random) -> Hand:
    """One player's way of drawing."""
    return Hand(size=rng.uniform(0.5, 0.9), slant=rng.gauss(0, 8), width=rng.uniform(0.022, 0.05),
                pressure=rng.uniform(0.45, 0.95), wobble=rng.uniform(0.005, 0.03),
                angle=rng.choice((rng.uniform(20, 70), rng.uniform(110, 160), rng.uniform(-10, 10))),
                spacing=rng.uniform(0.07, 0.16), overshoot=rng.uniform(0.0, 0.12), variant=rng.randint(0, 1))


class Ink(NamedTuple):
    """A drawing tool: its colour (as a multiplying tint), coverage and grain."""

    colour: Rgb
    strength: float  # 0-1, how much of the tint a full stroke lays down
    tooth: float  # how much the paper's grain breaks up the stroke
    soft: float  # edge blur, of a space
    patches: float = 0.0  # how much of the stroke skips in blotches (crayon wax)


GRAPHITE = (0.38, 0.38, 0.42)


def stroke(page: Page, lines: Sequence[Sequence[Point]], width: float, ink: Ink) -> None:
    """Draw polylines (page pixels) with one tool, its coverage broken up by the paper's tooth."""
    pts = np.array([p for line in lines for p in line], np.float32)
    if len(pts) == 0:
        return
    pad = width + 4
    x0, y0 = (np.floor(pts.min(0) - pad)).astype(int)
    x1, y1 = (np.ceil(pts.max(0) + pad)).astype(int)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    draw = ImageDraw.Draw(mask)
    w = max(1, round(width))
    for line in lines:
        shifted = [(x - x0, y - y0) for x, y in line]
        draw.line(shifted, fill=255, width=w, joint="curve")
    cov = np.asarray(mask, np.float32) / 255
    soft = ink.soft * page.cell
    if soft > 0.3:
        cov = cv2.GaussianBlur(cov, (0, 0), soft)
    ys, xs = slice(max(y0, 0), min(y1, page.h)), slice(max(x0, 0), min(x1, page.w))
    grain = np.zeros_like(cov)
    grain[ys.start - y0:ys.stop - y0, xs.start - x0:xs.stop - x0] = page.tooth[ys, xs]
    cov = cov * np.clip(ink.strength + ink.tooth * grain, 0, 1)
    if ink.patches:
        blotch = np.zeros_like(cov)
        blotch[ys.start - y0:ys.stop - y0, xs.start - x0:xs.stop - x0] = page.blotches()[ys, xs]
        cov = cov * np.clip(1 - ink.patches * blotch, 0, 1)
    page.mark((x0, y0, x1, y1), cov, ink.colour)


def wobbly(rng: random.Random, pts: Sequence[Point], amount: float, step: float) -> list[Point]:
    """A hand-drawn polyline: resampled every ``step`` pixels, pushed about by a smooth wobble."""
    out: list[Point] = []
    phase, freq = rng.uniform(0, 6.3), rng.uniform(0.5, 1.5)
    travelled = 0.0
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length / step))
        for k in range(n):
            t = k / n
            d = travelled + t * length
            jitter = amount * (math.sin(phase + freq * d / (step * 8)) + 0.15 * rng.gauss(0, 1))
            nx, ny = (-(by - ay) / length, (bx - ax) / length) if length else (0.0, 0.0)
            out.append((ax + t * (bx - ax) + jitter * nx, ay + t * (by - ay) + jitter * ny))
        travelled += length
    out.append(pts[-1])
    return out


# ------------------------------------------------------------------------- the coloured style

#: Colours of several pencil and marker brands per terrain (as multiplying tints).
PALETTES: dict[str, list[Rgb]] = {
    "F": [(0.16, 0.55, 0.22), (0.33, 0.66, 0.24), (0.1, 0.42, 0.3), (0.45, 0.72, 0.2)],
    "V": [(0.86, 0.16, 0.15), (0.96, 0.5, 0.6), (0.96, 0.38, 0.16), (0.7, 0.12, 0.16)],
    "P": [(0.99, 0.86, 0.22), (0.86, 0.66, 0.22), (0.97, 0.76, 0.1)],
    "W": [(0.2, 0.45, 0.9), (0.35, 0.72, 0.95), (0.15, 0.3, 0.72)],
    "M": [(0.55, 0.26, 0.7), (0.44, 0.16, 0.54), (0.72, 0.42, 0.82)],
    "H": [(0.98, 0.68, 0.1), (0.95, 0.82, 0.15)],
}


def medium_ink(rng: random.Random, medium: str, colour: Rgb, hand: Hand) -> tuple[Ink, float, float]:
    """The ink of a tool, its stroke width and stroke spacing (both of a space)."""
    if medium == "marker":
        strong = tuple(min(1.0, v * 0.92) for v in colour)
        return Ink(strong, 0.9, 0.05, 0.01), 0.14, 0.1  # type: ignore[arg-type]
    if medium == "crayon":
        return Ink(colour, 0.95, 0.7, 0.005, patches=0.6), 0.1, 0.09
    return Ink(colour, hand.pressure, 0.45, 0.004), hand.spacing * rng.uniform(0.35, 0.6), hand.spacing


def zigzag(rng: random.Random, box: tuple[float, float, float, float], angle: float, spacing: float,
           overshoot: float) -> list[Point]:
    """A back-and-forth hatching stroke covering a box, each turn a little short or long of its edge."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    a = math.radians(angle)
    d, n = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))
    half_w, half_h = (x1 - x0) / 2, (y1 - y0) / 2
    reach_n = abs(n[0]) * half_w + abs(n[1]) * half_h
    pts: list[Point] = []
    t, k = -reach_n + spacing / 2, 0
    while t < reach_n:
        # where the line centre + n*t + d*s leaves the box, as a range of s
        lo, hi = -1e9, 1e9
        for comp, half, off in ((0, half_w, n[0] * t), (1, half_h, n[1] * t)):
            dc = d[comp]
            if abs(dc) < 1e-9:
                continue
            s1, s2 = (-half - off) / dc, (half - off) / dc
            lo, hi = max(lo, min(s1, s2)), min(hi, max(s1, s2))
        if hi > lo:
            end = (hi if k % 2 == 0 else lo) + (1 if k % 2 == 0 else -1) * rng.uniform(-0.06, 1.0) * overshoot
            pts.append((cx + n[0] * t + d[0] * end, cy + n[1] * t + d[1] * end))
            k += 1
        t += spacing * rng.uniform(0.8, 1.2)
    return pts


def colour_space(page: Page, rng: random.Random, row: int, col: int, colour: Rgb, medium: str, hand: Hand) -> None:
    """Hatch one space with a colour, in one or two passes."""
    x, y, s = _space_box(page, row, col)
    inset = rng.uniform(-0.02, 0.06) * s
    box = (x + inset, y + inset, x + s - inset, y + s - inset)
    ink, width, spacing = medium_ink(rng, medium, colour, hand)
    passes = 1 if medium == "marker" or rng.random() < 0.6 else 2
    for p in range(passes):
        angle = hand.angle + rng.gauss(0, 7) + 60 * p
        path = zigzag(rng, box, angle, spacing * s, hand.overshoot * s)
        if len(path) > 1:
            stroke(page, [wobbly(rng, path, hand.wobble * s * 0.5, s / 6)], width * s, ink)


def draw_star(page: Page, rng: random.Random, row: int, col: int, hand: Hand) -> None:
    """A hero in the coloured style: a gold star, outlined in dark pencil."""
    x, y, s = _space_box(page, row, col)
    cx, cy, r = x + s / 2, y + s / 2, 0.42 * s
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else 0.42 * r
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    layer = Image.new("L", (round(s), round(s)), 0)
    ImageDraw.Draw(layer).polygon([(px - x, py - y) for px, py in pts], fill=255)
    cov = np.asarray(layer, np.float32) / 255 * 0.9
    page.mark((round(x), round(y), round(x) + layer.width, round(y) + layer.height), cov, rng.choice(PALETTES["H"]))
    stroke(page, [wobbly(rng, pts + pts[:1], hand.wobble * s * 0.3, s / 10)], 0.035 * s,
           Ink((0.25, 0.2, 0.2), 0.9, 0.2, 0.004))


def draw_coloured(page: Page, rng: random.Random, drawing: Drawing, medium: str, hands: list[Hand]) -> dict[str, Any]:
    """Colour every drawn space; heroes as stars, destroyed spaces as crosses, faces on some monsters."""
    brand = {t: rng.choice(p) for t, p in PALETTES.items()}
    faces = rng.random() < 0.3
    for symbol, spaces in drawing.blobs:
        hand = rng.choice(hands)
        for r, c in spaces:
            if symbol == "H":
                draw_star(page, rng, r, c, hand)
            elif symbol == "X":
                pencil_symbol(page, rng, r, c, "X", hand, Ink((0.15, 0.15, 0.18), 0.95, 0.1, 0.004))
            else:
                colour_space(page, rng, r, c, brand[symbol], medium, hand)
                if symbol == "M" and faces:
                    pencil_symbol(page, rng, r, c, "M", hand, Ink(GRAPHITE, 0.8, 0.4, 0.004))
    return {"medium": medium, "brand": {t: [round(v, 2) for v in brand[t]] for t in "FVPWM"},
            "monster_faces": faces}


# ---------------------------------------------------------------------------- the pencil style

def _circle(cx: float, cy: float, r: float, n: int = 14) -> list[Point]:
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n + 1)]


def symbol_lines(symbol: str, variant: int) -> list[list[Point]]:
    """The strokes of a map symbol in a unit box centred on (0, 0), y downwards."""
    if symbol == "F":
        if variant == 0:
            return [[(0, 0.45), (0, 0.15)], [(-0.3, 0.18), (0, -0.45), (0.3, 0.18), (-0.3, 0.18)],
                    [(-0.2, -0.05), (0.2, -0.05)]]
        return [[(0, 0.45), (0, 0.1)], _circle(0, -0.12, 0.27)]
    if symbol == "V":
        house = [[(-0.28, 0.02), (-0.28, 0.4), (0.28, 0.4), (0.28, 0.02)], [(-0.38, 0.06), (0, -0.35), (0.38, 0.06)]]
        return house + ([[(-0.07, 0.4), (-0.07, 0.18), (0.07, 0.18), (0.07, 0.4)]] if variant == 0 else [])
    if symbol == "P":
        n = 4 if variant == 0 else 3
        return [[(-0.38, -0.3 + k * 0.6 / (n - 1) + 0.1), (0.38, -0.3 + k * 0.6 / (n - 1) - 0.1)] for k in range(n)]
    if symbol == "W":
        waves = []
        for k in range(3 if variant == 0 else 2):
            yy = -0.22 + k * 0.22 * (1 if variant == 0 else 1.8)
            waves.append([(-0.38 + 0.76 * t / 12, yy + 0.08 * math.sin(t / 12 * 4 * math.pi)) for t in range(13)])
        return waves
    if symbol == "M":
        face = [_circle(0, 0, 0.38), _circle(-0.14, -0.1, 0.05, 6), _circle(0.14, -0.1, 0.05, 6),
                [(-0.2, 0.16), (-0.1, 0.24), (0, 0.14), (0.1, 0.24), (0.2, 0.16)]]
        return face + ([[(-0.3, -0.22), (-0.38, -0.45)], [(0.3, -0.22), (0.38, -0.45)]] if variant == 0 else [])
    if symbol == "H":
        return [_circle(0, -0.3, 0.12), [(0, -0.18), (0, 0.15)], [(-0.25, -0.05), (0.25, -0.05)],
                [(-0.2, 0.45), (0, 0.15), (0.2, 0.45)]]
    if symbol == "X":
        return [[(-0.46, -0.46), (0.46, 0.46)], [(0.46, -0.46), (-0.46, 0.46)]]
    raise ValueError(f"no symbol for {symbol!r}")


def pencil_symbol(page: Page, rng: random.Random, row: int, col: int, symbol: str, hand: Hand, ink: Ink) -> None:
    """Draw a symbol in a space the way ``hand`` draws: sized, slanted, off-centre, wobbly."""
    x, y, s = _space_box(page, row, col)
    size = 1.0 if symbol == "X" else hand.size * rng.uniform(0.85, 1.1)
    slant = math.radians(hand.slant + rng.gauss(0, 4))
    shift = (1 - size) * 0.35 * s
    cx, cy = x + s / 2 + rng.uniform(-shift, shift), y + s / 2 + rng.uniform(-shift, shift)
    lines = []
    for line in symbol_lines(symbol, hand.variant):
        pts = [(cx + size * s * (u * math.cos(slant) - v * math.sin(slant)),
                cy + size * s * (u * math.sin(slant) + v * math.cos(slant))) for u, v in line]
        lines.append(wobbly(rng, pts, hand.wobble * s, s / 12))
    stroke(page, lines, hand.width * s * (1.3 if symbol == "X" else 1.0), ink)


def draw_pencil(page: Page, rng: random.Random, drawing: Drawing, hands: list[Hand]) -> dict[str, Any]:
    """Graphite symbols in every drawn space; a hero a stick figure, a destroyed space a cross."""
    for symbol, spaces in drawing.blobs:
        hand = rng.choice(hands)
        ink = Ink(GRAPHITE, hand.pressure, 0.3, 0.004)
        for r, c in spaces:
            pencil_symbol(page, rng, r, c, symbol, hand, ink)
    return {"hands": len(hands)}


def write_extras(page: Page, rng: random.Random, coins: int, seasons: int, style: str, hand: Hand) -> None:
    """The player's name, filled coins and written season scores."""
    graphite = Ink(GRAPHITE, hand.pressure, 0.3, 0.004)
    name = rng.choice(("Alice", "Bob", "Mira", "Tom", "Jo", "Priya", "Sam", "Lena"))
    c = page.cell
    layer = Image.new("L", (round(4 * c), round(0.8 * c)), 0)
    ImageDraw.Draw(layer).text((0.1 * c, 0.6 * c), name, fill=255, font=_font(0.5 * c, italic=True), anchor="ls")
    layer = layer.rotate(rng.uniform(-4, 4), resample=Image.BILINEAR)
    cov = np.asarray(layer, np.float32) / 255 * hand.pressure
    x0, y0 = round(5.4 * c), round(2.2 * c)
    page.mark((x0, y0, x0 + layer.width, y0 + layer.height), cov, GRAPHITE)
    coin_ink = Ink(PALETTES["P"][1], 0.9, 0.4, 0.004) if style == "coloured" else graphite
    for cx, cy in _coin_centres(page)[:coins]:
        r = 0.24 * c
        if style == "pencil" and rng.random() < 0.5:
            stroke(page, [[(cx - r, cy - r), (cx + r, cy + r)], [(cx + r, cy - r), (cx - r, cy + r)]], 0.04 * c, coin_ink)
        else:
            stroke(page, [zigzag(rng, (cx - r, cy - r, cx + r, cy + r), hand.angle, 0.07 * c, 0.02 * c)],
                   0.06 * c, coin_ink)
    for x0b, y0b, x1b, y1b in _season_boxes(page)[:seasons]:
        sub = (x1b - x0b - 0.45 * c) / 2
        for i in range(2):
            for j in range(2):
                number = str(rng.randint(0, 15)) if 2 * i + j < 3 else f"-{rng.randint(0, 6)}"
                bx = x0b + 0.15 * c + j * (sub + 0.15 * c) + sub / 2
                by = y0b + 0.5 * c + i * 0.72 * c + 0.35 * c
                handwrite(page, rng, number, bx, by, 0.42 * c, graphite)
        handwrite(page, rng, str(rng.randint(0, 40)), (x0b + x1b) / 2, y1b - 0.4 * c, 0.42 * c, graphite)


def handwrite(page: Page, rng: random.Random, text: str, cx: float, cy: float, height: float, ink: Ink) -> None:
    """A few pencilled characters centred on a point, a little rotated."""
    size = round(height * 1.6)
    layer = Image.new("L", (size * max(2, len(text)), size), 0)
    ImageDraw.Draw(layer).text((layer.width / 2, size / 2), text, fill=255, font=_font(height, italic=True),
                               anchor="mm")
    layer = layer.rotate(rng.uniform(-8, 8), resample=Image.BILINEAR)
    cov = np.asarray(layer, np.float32) / 255 * ink.strength
    x0, y0 = round(cx - layer.width / 2), round(cy - layer.height / 2)
    page.mark((x0, y0, x0 + layer.width, y0 + layer.height), cov, ink.colour)


# ------------------------------------------------------------------------------------ the camera

class Camera(NamedTuple):
    """A pinhole camera over a curled page: page positions (in map spaces) to photo pixels."""

    rotation: np.ndarray  # 3 x 3
    distance: float  # in page widths
    curl: tuple[tuple[str, float, float, float], ...]  # (kind, amplitude, a, b) height terms
    scale: float
    shift: tuple[float, float]

    def height(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """The paper's height above the table (page widths) at page positions (map spaces)."""
        uu = np.clip(u / PAGE_W, 0, 1)
        vv = np.clip(v / PAGE_H, 0, 1)
        h = np.zeros(np.broadcast(uu, vv).shape)
        for kind, amp, a, b in self.curl:
            if kind == "bulge":
                h = h + amp * np.sin(np.pi * uu) * np.sin(np.pi * vv)
            elif kind == "edge":  # a lifting edge: a = which edge (0-3), b = how far in the lift reaches
                t = (uu, 1 - uu, vv, 1 - vv)[int(a)]
                h = h + amp * np.clip(1 - t / b, 0, None) ** 2
            elif kind == "wave":  # a = waves along the page, b = phase
                h = h + amp * np.sin(2 * np.pi * a * vv + b)
        return h

    def project(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Photo position (continuous pixels, (0, 0) the image's corner) of page positions."""
        u, v = np.asarray(u, np.float64), np.asarray(v, np.float64)
        world = np.stack([(u - PAGE_W / 2) / PAGE_W, (v - PAGE_H / 2) / PAGE_W, -self.height(u, v)])
        cam = np.tensordot(self.rotation, world, axes=1)
        z = cam[2] + self.distance
        return self.scale * cam[0] / z + self.shift[0], self.scale * cam[1] / z + self.shift[1]

    def flat(self) -> Camera:
        """The same camera over a flat page."""
        return self._replace(curl=())

    def unproject(self, x: np.ndarray, y: np.ndarray, rounds: int = 12) -> tuple[np.ndarray, np.ndarray]:
        """Page positions that ``project`` sends to photo positions: the flat answer, corrected."""
        page_corners = np.array([[0, 0], [PAGE_W, 0], [PAGE_W, PAGE_H], [0, PAGE_H]])
        seen = np.stack(self.flat().project(page_corners[:, 0], page_corners[:, 1]), 1)
        to_page = cv2.getPerspectiveTransform(np.float32(seen), np.float32(page_corners))
        # Fixed point: move the guess by how far its flat back-projection misses the target's.
        tu, tv = _apply(to_page, x, y)
        u, v = tu.copy(), tv.copy()
        for _ in range(rounds):
            gu, gv = _apply(to_page, *self.project(u, v))
            u, v = u + (tu - gu), v + (tv - gv)
        return u, v


def _apply(h: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    return (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w, (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w


def rotation(roll: float, pitch: float, yaw: float) -> np.ndarray:
    """The camera's rotation: roll in the image plane after pitch (about x) and yaw (about y), degrees."""
    r, p, y = (math.radians(a) for a in (roll, pitch, yaw))
    rz = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, math.cos(p), -math.sin(p)], [0, math.sin(p), math.cos(p)]])
    ry = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    return rz @ rx @ ry


def _outline(x0: float, y0: float, x1: float, y1: float, n: int = 40) -> tuple[np.ndarray, np.ndarray]:
    t = np.linspace(0, 1, n)
    u = np.concatenate([x0 + (x1 - x0) * t, np.full(n, x1), x1 - (x1 - x0) * t, np.full(n, x0)])
    v = np.concatenate([np.full(n, y0), y0 + (y1 - y0) * t, np.full(n, y1), y1 - (y1 - y0) * t])
    return u, v


def fit_camera(rng: random.Random, scene: dict[str, Any], width: int, height: int) -> Camera:
    """Aim the camera: the page fills 70-100 % of the frame, the map always wholly inside it."""
    camera = Camera(rotation(scene["tilt"] + 90 * scene["turn"], scene["pitch"], scene["yaw"]),
                    scene["distance"], scene["curl"], 1.0, (0.0, 0.0))
    px, py = camera.project(*_outline(0, 0, PAGE_W, PAGE_H))
    gx, gy = camera.project(*_outline(GRID_X, GRID_Y, GRID_X + SIZE, GRID_Y + SIZE))
    scale = scene["framing"] * min(width / np.ptp(px), height / np.ptp(py))
    margin = 0.03 * min(width, height)
    while True:
        # centre the page, then slide it as far as the slack allows while the map stays inside
        sx = width / 2 - scale * (px.min() + px.max()) / 2
        sy = height / 2 - scale * (py.min() + py.max()) / 2
        lo_x, hi_x = margin - (scale * gx.min() + sx), width - margin - (scale * gx.max() + sx)
        lo_y, hi_y = margin - (scale * gy.min() + sy), height - margin - (scale * gy.max() + sy)
        if lo_x <= hi_x and lo_y <= hi_y:
            off_x = min(max(rng.uniform(-0.08, 0.08) * width, lo_x), hi_x)
            off_y = min(max(rng.uniform(-0.08, 0.08) * height, lo_y), hi_y)
            return camera._replace(scale=scale, shift=(sx + off_x, sy + off_y))
        scale *= 0.95


def grid_corners(camera: Camera) -> list[tuple[float, float]]:
    """The map grid's outer corners in the photo, cv2 pixel convention (centre of pixel 0 at 0.0)."""
    u = np.array([GRID_X, GRID_X + SIZE, GRID_X + SIZE, GRID_X])
    v = np.array([GRID_Y, GRID_Y, GRID_Y + SIZE, GRID_Y + SIZE])
    x, y = camera.project(u, v)
    return [(float(a) - 0.5, float(b) - 0.5) for a, b in zip(x, y)]


def cell_pixels(camera: Camera) -> float:
    """The largest size of one map space in the photo, in pixels (perspective makes it vary)."""
    c = np.array(grid_corners(camera))
    return max(np.hypot(*(c[k] - c[(k + 1) % 4])) for k in range(4)) / SIZE


def _upsample(coarse: np.ndarray, step: int, width: int, height: int) -> np.ndarray:
    # Coarse samples sit at the centres of step x step blocks, which is where cv2.resize puts them.
    big = cv2.resize(coarse, (coarse.shape[1] * step, coarse.shape[0] * step), interpolation=cv2.INTER_LINEAR)
    return big[:height, :width]


class Warped(NamedTuple):
    """The page as the camera sees it: colour, coverage (alpha) and the curl's shading."""

    rgb: np.ndarray
    alpha: np.ndarray
    shade: np.ndarray


def warp_page(page: Page, camera: Camera, width: int, height: int, light: Point) -> Warped:
    """Resample the page into the photo through the camera (curl included), and shade its slopes."""
    step = max(2, min(width, height) // 240)
    nx, ny = -(-width // step), -(-height // step)
    x, y = np.meshgrid((np.arange(nx) + 0.5) * step, (np.arange(ny) + 0.5) * step)
    u, v = camera.unproject(x, y)
    e = 0.05
    gu = (camera.height(u + e, v) - camera.height(u - e, v)) / (2 * e / PAGE_W)
    gv = (camera.height(u, v + e) - camera.height(u, v - e)) / (2 * e / PAGE_W)
    shade = np.clip(1 - 1.5 * (gu * light[0] + gv * light[1]), 0.55, 1.25).astype(np.float32)
    map_x = _upsample((u * page.cell - 0.5).astype(np.float32), step, width, height)
    map_y = _upsample((v * page.cell - 0.5).astype(np.float32), step, width, height)
    rgba = np.dstack([page.rgb, np.ones(page.rgb.shape[:2], np.float32)])
    out = cv2.remap(rgba, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return Warped(out[..., :3], out[..., 3], _upsample(shade, step, width, height))


def render_page(rng: random.Random, nrng: np.random.Generator, scene: dict[str, Any], side: SheetSide,
                drawing: Drawing, cell: float) -> tuple[Page, dict[str, Any]]:
    """The printed and drawn page at ``cell`` pixels per map space."""
    page = Page(nrng, cell, scene["paper"])
    print_page(page, rng, side, scene["ruins"])
    hands = [random_hand(rng) for _ in range(rng.randint(2, 4))]
    if scene["style"] == "coloured":
        notes = draw_coloured(page, rng, drawing, scene["medium"], hands)
    else:
        notes = draw_pencil(page, rng, drawing, hands)
    write_extras(page, rng, scene["coins"], scene["seasons"], scene["style"], hands[0])
    np.clip(page.rgb, 0, 1, out=page.rgb)
    return page, notes


# ------------------------------------------------------------------------------- the photo's world

def _smooth_noise(nrng: np.random.Generator, width: int, height: int, cells: tuple[int, int]) -> np.ndarray:
    small = nrng.normal(0, 1, (cells[1], cells[0])).astype(np.float32)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)


def background(nrng: np.random.Generator, kind: str, width: int, height: int) -> np.ndarray:
    """What the sheet lies on: wood planks, a dark desk or a cloth, filling the photo."""
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    scale = max(width, height)
    if kind == "wood":
        base = np.array(nrng.choice([(0.72, 0.52, 0.33), (0.45, 0.29, 0.17), (0.8, 0.66, 0.46)]), np.float32)
        a = nrng.uniform(0, math.pi)
        along = (x * math.cos(a) + y * math.sin(a)) / scale
        straight = (-x * math.sin(a) + y * math.cos(a)) / scale
        across = straight + 0.004 * _smooth_noise(nrng, width, height, (5, 5))  # the grain meanders
        # streaks: noise fine across the grain and long along it, looked up through the grain's frame
        texture = cv2.GaussianBlur(nrng.normal(0, 1, (2048, 24)).astype(np.float32), (0, 0), 0.8)
        texture = cv2.copyMakeBorder(texture, 0, 0, 0, 1, cv2.BORDER_WRAP)
        streak = cv2.remap(texture, np.mod(along * 4, 1) * 24, np.mod(across * 2.0, 1) * 2047, cv2.INTER_LINEAR)
        planks = nrng.uniform(4, 8)
        plank_no = np.floor(straight * planks + 100).astype(int)
        plank_tone = nrng.normal(0, 0.07, 256).astype(np.float32)[plank_no % 256]
        seam = np.abs(np.mod(straight * planks, 1.0) - 0.5) > 0.5 - 0.003 * planks
        rings = np.sin(across * nrng.uniform(150, 300) + 3 * _smooth_noise(nrng, width, height, (3, 3)))
        tone = 1 + 0.12 * streak + plank_tone + 0.05 * rings - 0.45 * seam
    elif kind == "desk":
        base = np.array(nrng.choice([(0.16, 0.16, 0.17), (0.12, 0.1, 0.09), (0.22, 0.2, 0.19)]), np.float32)
        tone = 1 + 0.04 * nrng.normal(0, 1, (height, width)).astype(np.float32) \
            + 0.12 * _smooth_noise(nrng, width, height, (3, 3))
    else:
        base = np.array(nrng.choice([(0.2, 0.25, 0.45), (0.55, 0.15, 0.15), (0.25, 0.4, 0.25), (0.7, 0.64, 0.55)]),
                        np.float32)
        f = 2 * math.pi / max(3.0, scale / 400)
        weave = np.sin(x * f) * np.sin(y * f)
        folds = _smooth_noise(nrng, width, height, (5, 4))
        tone = 1 + 0.08 * weave + 0.12 * folds + 0.03 * nrng.normal(0, 1, (height, width)).astype(np.float32)
    return np.clip(tone[..., None] * base, 0, 1)


def lay_page(back: np.ndarray, warped: Warped, shadow_shift: Point, blur: float) -> np.ndarray:
    """The page on the table, with the soft shadow it casts."""
    shadow = cv2.GaussianBlur(warped.alpha, (0, 0), blur)
    m = np.float32([[1, 0, shadow_shift[0]], [0, 1, shadow_shift[1]]])
    shadow = cv2.warpAffine(shadow, m, (shadow.shape[1], shadow.shape[0]))
    a = warped.alpha[..., None]
    return back * (1 - 0.5 * shadow[..., None]) * (1 - a) + warped.rgb * warped.shade[..., None] * a


CORNER_NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


def thumb_target(rng: random.Random, camera: Camera, on: str, width: int, height: int) -> tuple[str, Point]:
    """A corner of the page (or of the map) that is in the frame, for a thumb to hold down."""
    boxes = {"page": (0, 0, PAGE_W, PAGE_H), "grid": (GRID_X, GRID_Y, GRID_X + SIZE, GRID_Y + SIZE)}
    choices = []
    for name in (on, "grid"):
        u0, v0, u1, v1 = boxes[name]
        for k, (u, v) in enumerate(((u0, v0), (u1, v0), (u1, v1), (u0, v1))):
            x, y = camera.project(np.array(u), np.array(v))
            if 0 <= x < width and 0 <= y < height:
                choices.append((f"{name} {CORNER_NAMES[k]}", (float(x), float(y))))
        if choices:
            break
    return rng.choice(choices)


def add_thumb(img: np.ndarray, rng: random.Random, target: Point, cell: float) -> np.ndarray:
    """An out-of-focus thumb reaching in from the nearest edge of the photo, its tip over
    ``target``, widening into the hand; it casts a soft shadow. Returns its coverage."""
    h, w = img.shape[:2]
    tx, ty = target
    edges = [(tx, (-1.0, 0.0)), (w - tx, (1.0, 0.0)), (ty, (0.0, -1.0)), (h - ty, (0.0, 1.0))]
    _, (dx, dy) = min(edges, key=lambda e: e[0])
    dx, dy = dx + rng.uniform(-0.5, 0.5) * abs(dy), dy + rng.uniform(-0.5, 0.5) * abs(dx)
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n  # from the tip out of the frame
    half_w = cell * rng.uniform(0.9, 1.5)
    tip = (tx - dx * rng.uniform(0.2, 0.8) * half_w, ty - dy * rng.uniform(0.2, 0.8) * half_w)
    reach = math.hypot(w, h)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    along = (xx - tip[0]) * dx + (yy - tip[1]) * dy
    across = np.abs(-(xx - tip[0]) * dy + (yy - tip[1]) * dx)
    rounded = half_w * np.sqrt(np.clip(1 - (1 - along / half_w) ** 2, 0, 1))
    widening = half_w * (1 + 0.8 * np.clip(along - half_w, 0, None) / (0.25 * reach))
    width = np.where(along < half_w, rounded, widening)
    soft = 0.08 * half_w
    alpha = np.clip((width - across) / soft + 0.5, 0, 1) * (along > 0)
    alpha = cv2.GaussianBlur(alpha.astype(np.float32), (0, 0), soft)
    shadow = cv2.GaussianBlur(alpha, (0, 0), 0.6 * half_w)
    shadow = cv2.warpAffine(shadow, np.float32([[1, 0, 0.3 * half_w], [0, 1, 0.4 * half_w]]), (w, h))
    img *= 1 - 0.4 * shadow[..., None]
    skin = np.array(rng.choice([(0.93, 0.72, 0.6), (0.82, 0.58, 0.45), (0.52, 0.35, 0.26)]), np.float32)
    roundness = np.clip(1 - (across / np.maximum(width, 1)) ** 2, 0, 1)
    nail = (((along - 0.6 * half_w) / (0.5 * half_w)) ** 2 + (across / (0.55 * half_w)) ** 2 < 1).astype(np.float32)
    nail = cv2.GaussianBlur(nail, (0, 0), soft)
    colour = skin * (0.55 + 0.5 * roundness)[..., None]
    colour = colour * (1 - 0.6 * nail[..., None]) + np.float32([0.97, 0.85, 0.82]) * 0.6 * nail[..., None]
    img *= 1 - alpha[..., None]
    img += colour * alpha[..., None]
    return alpha


def lighting(nrng: np.random.Generator, scene: dict[str, Any], width: int, height: int, page_box: tuple[float, ...]
             ) -> np.ndarray:
    """A multiplying light field: vignette, a gradient across the frame, maybe a shadow band."""
    y, x = np.mgrid[0:height, 0:width].astype(np.float32)
    nx, ny = (x - width / 2) / (width / 2), (y - height / 2) / (height / 2)
    field = 1 - scene["vignette"] * (nx ** 2 + ny ** 2) / 2
    a = nrng.uniform(0, 2 * math.pi)
    field *= 1 + scene["gradient"] * (nx * math.cos(a) + ny * math.sin(a)) / 2
    if scene["shadow"]:
        x0, y0, x1, y1 = page_box
        px, py = nrng.uniform(x0 + 0.25 * (x1 - x0), x1 - 0.25 * (x1 - x0)), nrng.uniform(y0 + 0.25 * (y1 - y0),
                                                                                        y1 - 0.25 * (y1 - y0))
        b = nrng.uniform(0, 2 * math.pi)
        d = (x - px) * math.cos(b) + (y - py) * math.sin(b)
        soft = nrng.uniform(0.01, 0.06) * math.hypot(width, height)
        field *= 1 - scene["shadow_depth"] * (1 / (1 + np.exp(-d / soft)))
    return field * scene["exposure"]


CAST_GAINS = {"neutral": (1.0, 1.0, 1.0), "warm": (1.1, 0.98, 0.74), "cool": (0.88, 0.98, 1.12)}


def add_glare(img: np.ndarray, rng: random.Random, centre: Point, radius: float) -> np.ndarray:
    """A specular highlight that clips to white over a few spaces; returns how much it adds."""
    h, w = img.shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, math.pi)
    u = (x - centre[0]) * math.cos(a) + (y - centre[1]) * math.sin(a)
    v = -(x - centre[0]) * math.sin(a) + (y - centre[1]) * math.cos(a)
    stretch = rng.uniform(1.0, 2.2)
    glow = rng.uniform(1.3, 2.5) * np.exp(-((u / stretch) ** 2 + v ** 2) / (2 * radius ** 2))
    img += glow[..., None]
    return glow


def camera_finish(img: np.ndarray, nrng: np.random.Generator, scene: dict[str, Any]) -> np.ndarray:
    """Lens blur (sometimes shake), sensor noise, then the JPEG round trip; returns uint8 RGB."""
    sigma = scene["blur"]
    if sigma > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if scene["shake"] > 0:
        length = max(2, round(scene["shake"]))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1
        rot = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), nrng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        img = cv2.filter2D(img, -1, kernel / kernel.sum())
    h, w = img.shape[:2]
    level = scene["noise"]
    shot = nrng.normal(0, 1, img.shape).astype(np.float32) * level * np.sqrt(np.clip(img, 0.02, 1))
    chroma = cv2.resize(nrng.normal(0, 1, (max(1, h // 4), max(1, w // 4), 3)).astype(np.float32), (w, h))
    img = img + shot + 0.5 * level * chroma
    out = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(out).save(buffer, "JPEG", quality=scene["quality"])
    return np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("RGB"))


# -------------------------------------------------------------------------------------- a scene

def random_scene(rng: random.Random) -> dict[str, Any]:
    """Every choice a photo makes, drawn at random (options override them one by one)."""
    roll = rng.random()
    fill = 1.0 if roll < 0.15 else 0.0 if roll < 0.22 else rng.uniform(0.05, 0.95)
    w, h = rng.choice(SIZES)
    size = (h, w) if rng.random() < 0.65 else (w, h)
    curl: list[tuple[str, float, float, float]] = []
    if rng.random() < 0.6:
        curl.append(("bulge", rng.uniform(-0.01, 0.035), 0.0, 0.0))
    if rng.random() < 0.45:
        curl.append(("edge", rng.uniform(0.01, 0.06), rng.randint(0, 3), rng.uniform(0.15, 0.4)))
    if rng.random() < 0.25:
        curl.append(("wave", rng.uniform(0.002, 0.008), rng.uniform(0.5, 1.5), rng.uniform(0, 6.3)))
    return {
        "sheet": rng.choice(SHEETS),
        "style": rng.choice(STYLES),
        "medium": rng.choices(MEDIA, (0.6, 0.25, 0.15))[0],
        "fill": fill,
        "size": size,
        "tilt": rng.triangular(-25, 25, 0),
        "turn": 0,
        "pitch": rng.choice((-1, 1)) * min(40.0, abs(rng.gauss(0, 16))),
        "yaw": rng.gauss(0, 7),
        "distance": rng.uniform(1.4, 2.8),
        "framing": rng.uniform(0.72, 1.02),
        "curl": tuple(curl),
        "background": rng.choice(BACKGROUNDS),
        "paper": tuple(v * rng.uniform(0.97, 1.02) for v in PAPER),
        "ruins": rng.choice(("corner", "full")),
        "cast": rng.choice(CASTS),
        "exposure": rng.uniform(0.85, 1.12),
        "vignette": rng.uniform(0.05, 0.45),
        "gradient": rng.uniform(0.0, 0.3),
        "shadow": rng.random() < 0.45,
        "shadow_depth": rng.uniform(0.25, 0.55),
        "glare": rng.random() < 0.3,
        "thumb": rng.random() < 0.25,
        "thumb_on": rng.choice(("page", "grid")),
        "blur": rng.uniform(0.3, 1.3),
        "shake": 0.0 if rng.random() < 0.85 else rng.uniform(2, 6),
        "noise": rng.uniform(0.006, 0.03),
        "quality": rng.randint(50, 90),
        "coins": 0,
        "seasons": 0,
    }


def make(seed: int, **options: Any) -> Photo:
    """A synthetic phone photo of a Cartographers map sheet and its truth, the same for the same
    seed and options. Options override the scene's random choices: ``sheet``, ``style``
    ("coloured" or "pencil"), ``medium`` ("pencil", "marker", "crayon": the coloured style's tool),
    ``fill`` (0-1 of the unprinted spaces drawn), ``size`` ((width, height) pixels), ``tilt``
    (degrees in the image plane), ``turn`` (quarter turns of the page in the frame), ``pitch`` and
    ``yaw`` (degrees the phone leans), ``distance`` (camera distance in page widths: smaller is
    more perspective), ``framing`` (how much of the frame the page fills), ``curl`` (height terms,
    () for a flat page), ``background`` ("wood", "desk", "cloth"), ``cast`` ("neutral", "warm",
    "cool"), ``shadow``, ``glare`` and ``thumb`` (booleans), ``blur`` (sigma in pixels at 1000
    pixels' height, scaled up with the photo), ``shake``, ``noise``, ``quality`` (JPEG), and the
    rest of ``random_scene``'s keys."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    scene = random_scene(rng)
    unknown = set(options) - set(scene)
    if unknown:
        raise TypeError(f"unknown options: {', '.join(sorted(unknown))} (expected some of {', '.join(scene)})")
    scene.update(options)
    if "coins" not in options:
        scene["coins"] = min(14, round(scene["fill"] * rng.uniform(0, 14)))
    if "seasons" not in options:
        scene["seasons"] = min(4, int(scene["fill"] * rng.uniform(0, 4.9)))
    side = catalog().sheet_side(scene["sheet"])
    scene["sheet"] = side.id
    drawing = draw_truth(rng, side, scene["fill"], side.id.startswith("heroes"))

    width, height = scene["size"]
    scale_px = min(width, height) / 1000
    camera = fit_camera(rng, scene, width, height)
    cell_img = cell_pixels(camera)
    page, drawn_notes = render_page(rng, nrng, scene, side, drawing, float(np.clip(1.3 * cell_img, 40, 280)))
    light = (math.cos(a := rng.uniform(0, 2 * math.pi)), math.sin(a))
    warped = warp_page(page, camera, width, height, light)
    del page
    shadow_shift = (rng.uniform(-1, 1) * 0.15 * cell_img, rng.uniform(0.05, 1) * 0.2 * cell_img)
    img = lay_page(background(nrng, scene["background"], width, height), warped, shadow_shift, 0.15 * cell_img)
    px, py = camera.project(*_outline(0, 0, PAGE_W, PAGE_H))
    covered = np.zeros((height, width), np.float32)
    notes: dict[str, Any] = {"cell_px": round(cell_img, 1), **drawn_notes}
    if scene["thumb"]:
        where, target = thumb_target(rng, camera, scene["thumb_on"], width, height)
        covered = np.maximum(covered, add_thumb(img, rng, target, cell_img))
        notes["thumb_over"] = where
    img *= lighting(nrng, scene, width, height, (px.min(), py.min(), px.max(), py.max()))[..., None]
    img *= np.float32(CAST_GAINS[scene["cast"]])
    if scene["glare"]:
        gu, gv = rng.uniform(GRID_X + 1, GRID_X + SIZE - 1), rng.uniform(GRID_Y + 1, GRID_Y + SIZE - 1)
        centre = camera.project(np.array(gu), np.array(gv))
        glow = add_glare(img, rng, (float(centre[0]), float(centre[1])), rng.uniform(0.35, 1.0) * cell_img)
        covered = np.maximum(covered, np.clip(glow - 0.3, 0, 1))
    scene["blur"] = scene["blur"] * max(1.0, scale_px) ** 0.6
    scene["shake"] = scene["shake"] * max(1.0, scale_px)
    rgb = camera_finish(img, nrng, scene)
    notes["hidden"] = hidden_spaces(camera, covered)
    notes.update({k: v for k, v in scene.items()})
    return Photo(rgb, side.id, drawing.rows, grid_corners(camera), scene["style"], notes)


def hidden_spaces(camera: Camera, covered: np.ndarray) -> list[str]:
    """The spaces whose centre glare or a thumb hides (their truth stays what was drawn)."""
    rows, cols = np.mgrid[0:SIZE, 0:SIZE]
    x, y = camera.project(GRID_X + cols + 0.5, GRID_Y + rows + 0.5)
    h, w = covered.shape
    xi, yi = np.clip(x.astype(int), 0, w - 1), np.clip(y.astype(int), 0, h - 1)
    hit = covered[yi, xi] > 0.5
    return [f"{'ABCDEFGHIJK'[r]}{c + 1}" for r, c in zip(*np.nonzero(hit))]


# ---------------------------------------------------------------------------------- the command

def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    return int(w), int(h)


def _json_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    if isinstance(value, (np.floating, float)):
        return round(float(value), 4)
    if isinstance(value, np.integer):
        return int(value)
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Write OUTDIR/NNN.jpg and OUTDIR/NNN.json for each seed."""
    parser = argparse.ArgumentParser(description="Synthetic phone photos of Cartographers map sheets.")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--seeds", default="1-20", help="seeds, like 1-20 or 3,5,8-9")
    parser.add_argument("--style", choices=STYLES)
    parser.add_argument("--size", type=_size, help="WIDTHxHEIGHT, like 640x480 or 3024x4032")
    parser.add_argument("--sheet", choices=SHEETS)
    parser.add_argument("--fill", type=float, help="0-1 of the unprinted spaces drawn")
    args = parser.parse_args(argv)
    options = {k: v for k, v in (("style", args.style), ("size", args.size), ("sheet", args.sheet),
                                 ("fill", args.fill)) if v is not None}
    args.outdir.mkdir(parents=True, exist_ok=True)
    for seed in _seeds(args.seeds):
        photo = make(seed, **options)
        stem = args.outdir / f"{seed:03d}"
        Image.fromarray(photo.rgb).save(stem.with_suffix(".jpg"), quality=photo.notes["quality"])
        record = {"sheet": photo.sheet, "grid": photo.grid, "corners": photo.corners, "style": photo.style,
                  "notes": photo.notes}
        stem.with_suffix(".json").write_text(json.dumps(_json_ready(record), indent=1) + "\n")
        print(f"{stem}.jpg  {photo.sheet}  {photo.style}  {photo.rgb.shape[1]}x{photo.rgb.shape[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
