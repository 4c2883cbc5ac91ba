"""Synthetic photos of map sheets, made from known maps, for the tests and the benchmark of
``cartoref read``: the printed sheet (frame, lines, mountains, ruins, wastelands, coin track,
title) with the map drawn on it in coloured pencil (fills with gaps and strokes) or in grey
pencil symbols (a tree, a house, wheat, waves, a face...), each space jittered; then the photo's
troubles: perspective, rotation, blur, noise, uneven light, a shadow, JPEG.

Not a substitute for real photos: the figures these give are for synthetic photos only.
"""

from __future__ import annotations

import io
import itertools
import math
import random
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from cartoref.grid import SIZE, Cell, Sheet, Terrain
from cartoref.notation import sheet_symbols

PAPER = (246, 243, 234)
INK = (38, 38, 42)
PENCIL = {  # coloured pencil: a terrain's colour as a child's box of pencils has it
    "F": (46, 125, 50), "V": (198, 40, 40), "P": (240, 196, 40), "W": (30, 111, 191), "M": (106, 27, 154),
    "H": (255, 143, 0), "X": (70, 70, 70),
}


class Photo(NamedTuple):
    """A synthetic photo: the image, where the map's four corners are in it (TL, TR, BR, BL)."""

    image: Image.Image
    corners: list[tuple[float, float]]


def _pencil_fill(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], color: tuple[int, int, int],
                 rng: random.Random) -> None:
    """A space coloured in with a pencil: diagonal strokes covering most of it, some paper left."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    pad = w * rng.uniform(0.06, 0.14)
    shade = tuple(max(0, min(255, c + rng.randint(-18, 18))) for c in color)
    step = w * rng.uniform(0.05, 0.08)
    k = -w
    while k < w * 2:
        a = (x0 + pad + k, y1 - pad)
        b = (x0 + pad + k + (y1 - y0 - 2 * pad), y0 + pad)
        draw.line([a, b], fill=shade, width=max(2, int(step * rng.uniform(0.8, 1.3))))
        k += step
    # clip the strokes to the space: paint the paper back around it


def _circle(cx: float, cy: float, r: float, n: int = 16) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n + 1)]


#: Each terrain's pencil symbol as strokes (polylines) in a space of side 1, as players draw them.
GLYPHS: dict[str, list[list[tuple[float, float]]]] = {
    "F": [[(0.5, 0.15), (0.2, 0.65), (0.8, 0.65), (0.5, 0.15)], [(0.5, 0.65), (0.5, 0.85)]],  # a tree
    "V": [[(0.25, 0.8), (0.25, 0.5), (0.5, 0.2), (0.75, 0.5), (0.75, 0.8), (0.25, 0.8)]],  # a house
    "P": [[(f, 0.85), (f, 0.2)] for f in (0.3, 0.5, 0.7)],  # wheat: three stalks
    "W": [[(0.15 + t * 0.7, f + 0.08 * math.sin(t * 3 * math.pi)) for t in np.linspace(0, 1, 12)]
          for f in (0.35, 0.6)],  # waves
    "M": [_circle(0.5, 0.5, 0.3), [(0.35, 0.4), (0.45, 0.45)], [(0.65, 0.4), (0.55, 0.45)]],  # a face
    "X": [[(0.2, 0.2), (0.8, 0.8)], [(0.8, 0.2), (0.2, 0.8)]],  # crossed out
    "H": [_circle(0.5, 0.25, 0.1, 10), [(0.5, 0.35), (0.5, 0.62)], [(0.28, 0.45), (0.72, 0.45)],
          [(0.3, 0.85), (0.5, 0.62), (0.7, 0.85)]],  # a hero: a stick figure
}


class Hand(NamedTuple):
    """How one player draws: the pencil's grey, the stroke's width (of a space), the symbols' size."""

    grey: int
    width: float
    size: float


def _hand(rng: random.Random) -> Hand:
    return Hand(grey=rng.randint(55, 120), width=rng.uniform(0.03, 0.055), size=rng.uniform(0.85, 1.05))


def _glyph(draw: ImageDraw.ImageDraw, symbol: str, box: tuple[float, float, float, float], rng: random.Random,
           hand: Hand) -> None:
    """A grey pencil symbol for a terrain, drawn by ``hand`` as a person draws: each time a little
    bigger or smaller, off-centre, turned, its strokes wobbling, some gone over twice."""
    x0, y0, x1, _ = box
    w = x1 - x0
    scale = hand.size * rng.uniform(0.85, 1.12)
    turn = math.radians(rng.uniform(-10, 10))
    dx, dy = rng.uniform(-0.07, 0.07), rng.uniform(-0.07, 0.07)
    grey = max(0, min(200, hand.grey + rng.randint(-15, 15)))
    width = max(1, round(hand.width * w * rng.uniform(0.8, 1.2)))

    def at(x: float, y: float) -> tuple[float, float]:
        x, y = (x - 0.5) * scale, (y - 0.5) * scale
        x, y = x * math.cos(turn) - y * math.sin(turn), x * math.sin(turn) + y * math.cos(turn)
        return (x0 + (0.5 + dx + x) * w, y0 + (0.5 + dy + y) * w)

    for stroke in GLYPHS["M" if symbol in "DZTG" else symbol]:
        for _ in range(2 if rng.random() < 0.25 else 1):  # gone over twice, not quite on the same line
            points = []
            for (ax, ay), (bx, by) in itertools.pairwise(stroke):
                steps = max(1, int(math.hypot(bx - ax, by - ay) / 0.08))
                for k in range(steps):
                    t = k / steps
                    points.append((ax + (bx - ax) * t + rng.gauss(0, 0.01), ay + (by - ay) * t + rng.gauss(0, 0.01)))
            points.append((stroke[-1][0] + rng.gauss(0, 0.01), stroke[-1][1] + rng.gauss(0, 0.01)))
            draw.line([at(x, y) for x, y in points], fill=(grey, grey, grey + 4), width=width, joint="curve")


def sheet_image(sheet: Sheet, *, style: str = "colour", seed: int = 0, cell: int = 64) -> Image.Image:
    """The sheet as printed and drawn on, seen from straight above: ``style`` ``colour`` (coloured
    pencil fills) or ``pencil`` (grey symbols)."""
    rng = random.Random(seed)
    hand = _hand(random.Random(f"{seed}:hand"))  # its own stream: the coloured sheets stay as they were
    margin = cell * 2
    width = SIZE * cell + 2 * margin
    height = SIZE * cell + 3 * margin
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)
    draw.text((margin, margin * 0.4), "CARTOGRAPHERS", fill=INK)
    ox, oy = margin, margin
    symbols = sheet_symbols(sheet)
    for r in range(SIZE):
        for c in range(SIZE):
            box = (ox + c * cell, oy + r * cell, ox + (c + 1) * cell, oy + (r + 1) * cell)
            ch = symbols[r][c]
            b = Cell(r, c).bit
            if sheet.mountains & b:  # a printed mountain: a brown peak
                draw.rectangle(box, fill=(214, 196, 170))
                draw.polygon([(box[0] + cell * 0.2, box[3] - cell * 0.2), ((box[0] + box[2]) / 2, box[1] + cell * 0.2),
                              (box[2] - cell * 0.2, box[3] - cell * 0.2)], fill=(121, 85, 72))
                continue
            if sheet.wastelands & b:  # a printed wasteland: grey hatching
                draw.rectangle(box, fill=(200, 200, 196))
                continue
            if sheet.ruins & b:  # printed ruins: a small arch in the corner
                draw.arc([box[0] + cell * 0.05, box[1] + cell * 0.05, box[0] + cell * 0.35, box[1] + cell * 0.35],
                         180, 360, fill=(120, 100, 80), width=3)
            up = ch.upper()
            if up in (".", "R"):
                continue
            if style == "colour":
                sub = Image.new("RGB", (cell, cell), PAPER)
                sdraw = ImageDraw.Draw(sub)
                _pencil_fill(sdraw, (0, 0, cell, cell), PENCIL.get(up, PENCIL["M"]), rng)
                if up in "DZTGH X".replace(" ", ""):
                    sdraw.text((cell * 0.4, cell * 0.35), up, fill=(255, 255, 255))
                mask = Image.new("L", (cell, cell), 0)
                ImageDraw.Draw(mask).rectangle([3, 3, cell - 4, cell - 4], fill=255)
                img.paste(sub, (int(box[0]), int(box[1])), mask)
            else:
                _glyph(draw, up, box, rng, hand)
    for i in range(SIZE + 1):  # the printed lines, the frame thicker
        w = 5 if i in (0, SIZE) else 2
        draw.line([(ox + i * cell, oy), (ox + i * cell, oy + SIZE * cell)], fill=INK, width=w)
        draw.line([(ox, oy + i * cell), (ox + SIZE * cell, oy + i * cell)], fill=INK, width=w)
    # the coin track below the map: fourteen circles
    for k in range(14):
        x = ox + k * (SIZE * cell / 14) + cell * 0.2
        draw.ellipse([x, oy + SIZE * cell + margin * 0.5, x + cell * 0.5, oy + SIZE * cell + margin * 0.5 + cell * 0.5],
                     outline=INK, width=2)
    return img


def photograph(img: Image.Image, *, seed: int = 0, tilt: float = 0.08, turn: float = 6.0, blur: float = 1.0,
               noise: float = 6.0, light: float = 0.25, quality: int = 80, size: int = 1400) -> Photo:
    """A photo of a flat sheet: put on a table, seen at an angle (``tilt``: how far the corners
    move, as a share of the sheet), turned by up to ``turn`` degrees, blurred, with noise, uneven
    light and a shadow, saved as JPEG. Also where the map's corners land."""
    rng = random.Random(seed)
    w, h = img.size
    cell = (w - 0) / (SIZE + 4)
    margin = cell * 2
    map_corners = [(margin, margin), (margin + SIZE * cell, margin), (margin + SIZE * cell, margin + SIZE * cell),
                   (margin, margin + SIZE * cell)]
    canvas_w, canvas_h = size, int(size * 0.8 * h / w * 1.25)
    # where the sheet's corners go in the photo: centred, turned, each corner moved by the tilt
    scale = min(canvas_w / w, canvas_h / h) * 0.82
    angle = math.radians(rng.uniform(-turn, turn))
    cx, cy = canvas_w / 2, canvas_h / 2

    def place(x: float, y: float) -> tuple[float, float]:
        dx, dy = (x - w / 2) * scale, (y - h / 2) * scale
        return (cx + dx * math.cos(angle) - dy * math.sin(angle), cy + dx * math.sin(angle) + dy * math.cos(angle))

    sheet_corners = [place(0, 0), place(w, 0), place(w, h), place(0, h)]
    moved = [(x + rng.uniform(-tilt, tilt) * w * scale, y + rng.uniform(-tilt, tilt) * h * scale)
             for x, y in sheet_corners]
    coeffs = _homography(moved, [(0, 0), (w, 0), (w, h), (0, h)])  # photo -> sheet, for PIL
    table = Image.new("RGB", (canvas_w, canvas_h), (92, 70, 52))
    warped = img.transform((canvas_w, canvas_h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BICUBIC,
                           fillcolor=(92, 70, 52))
    mask = Image.new("L", img.size, 255).transform((canvas_w, canvas_h), Image.Transform.PERSPECTIVE, coeffs,
                                                   Image.Resampling.BILINEAR, fillcolor=0)
    table.paste(warped, (0, 0), mask)
    arr = np.asarray(table).astype(np.float32)
    yy, xx = np.mgrid[0:canvas_h, 0:canvas_w]
    gx, gy = rng.uniform(-1, 1), rng.uniform(-1, 1)
    gradient = 1 - light * (0.5 + 0.5 * (gx * (xx / canvas_w - 0.5) + gy * (yy / canvas_h - 0.5)))
    shadow_x = rng.uniform(0.2, 0.8) * canvas_w
    shadow = np.where(xx > shadow_x, 1 - light * 0.5, 1.0)
    arr = arr * (gradient * shadow)[..., None]
    arr += np.random.default_rng(seed).normal(0, noise, arr.shape)
    out = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur))
    buf = io.BytesIO()
    out.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    # where the map's corners landed: through the inverse of the photo -> sheet mapping
    to_photo = _homography([(0, 0), (w, 0), (w, h), (0, h)], moved)
    corners = [_apply(to_photo, x, y) for x, y in map_corners]
    return Photo(Image.open(buf).convert("RGB"), corners)


def _homography(src: list[tuple[float, float]], dst: list[tuple[float, float]]) -> tuple[float, ...]:
    """The eight coefficients that map each point of ``src`` onto the same point of ``dst``. (The
    photos are the tests' truth: they are made with their own geometry, not cartoref.photo's.)"""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs.append(v)
    return tuple(float(k) for k in np.linalg.solve(np.array(rows), np.array(rhs)))


def _apply(h: tuple[float, ...], x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f, g, k = h
    z = g * x + k * y + 1
    return ((a * x + b * y + c) / z, (d * x + e * y + f) / z)


def random_map(side, seed: int, *, filled: float = 0.45, heroes: bool = False) -> Sheet:
    """A sheet of ``side`` with about ``filled`` of its open spaces drawn, terrains at random; at
    most four heroes (a game has four hero cards): a fifth hero drawn is a forest instead."""
    rng = random.Random(seed)
    sheet = Sheet.blank(side)
    terrains = [Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER]
    if heroes:
        terrains += [Terrain.HERO, Terrain.DESTROYED]
    for r in range(SIZE):
        for c in range(SIZE):
            b = Cell(r, c).bit
            if not sheet.filled & b and rng.random() < filled:
                t = rng.choice(terrains)
                if t is Terrain.HERO and sheet.hero.bit_count() >= 4:
                    t = Terrain.FOREST
                sheet = sheet.with_destroyed(b) if t is Terrain.DESTROYED else sheet.with_drawn(b, t)
    return sheet


def labels_of(truth: list[list[str]]) -> dict[str, str]:
    """One labelled space per terrain drawn (its first in reading order), as a person labels them
    on the edit page: ``{"B3": "F"}``."""
    out: dict[str, str] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            up = truth[r][c].upper()
            if up not in ".R^#" and up not in out.values():
                out[Cell(r, c).label] = up
    return out


def compare(reading, truth: list[list[str]]) -> tuple[int, int, int]:
    """How a reading fares against the map the photo was made from: (right, left '?', wrong and
    not marked)."""
    right = unread = wrong = 0
    for r in range(SIZE):
        for c in range(SIZE):
            got = reading.symbols[r][c]
            if got == "?":
                unread += 1
            elif got == truth[r][c]:
                right += 1
            else:
                wrong += 1
    return right, unread, wrong
