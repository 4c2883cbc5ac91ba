"""Which spaces of a map seen from above are drawn, and with what.

Each space is looked at inside its lines (the printed lines and most of a hand's overflow left
out) against the paper around it (so uneven light and a shadow do not colour it):

- the printed spaces (mountains, wastelands) are the sheet side's, never read;
- a space mostly covered in one pencil colour is that colour's terrain (forest green, village
  red, farm yellow, water blue, monster purple, hero orange);
- a space with grey pencil strokes and no colour holds a drawn symbol: it is read by its likeness
  to the spaces a person labelled (one of each terrain is enough), else left ``?``;
- a space with neither is empty (``r`` on a printed ruins space).

Whenever the evidence is not clear enough, the space is ``?`` with its confidence: a person
decides it. Confidence is in 0..1; a space read with less than ``SURE`` is ``?``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..grid import SIZE, Cell, SheetSide, Terrain

SURE = 0.7
GREEN_RED = 0.68  # between farm yellow and hero orange
#: A coloured pencil's hue, per terrain letter (degrees), and how light it is (0..1 of the paper).
COLOURS: dict[str, tuple[float, float]] = {
    "F": (125.0, 0.5), "V": (0.0, 0.75), "P": (49.0, 0.95), "W": (210.0, 0.75), "M": (280.0, 0.6),
    "H": (31.0, 0.95),
}


class Reading(NamedTuple):
    """Each space's symbol (map-file notation, ``?`` when undecided) and confidence, row A first."""

    symbols: list[list[str]]
    confidence: list[list[float]]

    def rows(self) -> list[str]:
        """The map's rows as a map file writes them."""
        return [" ".join(row) for row in self.symbols]

    @property
    def unread(self) -> list[str]:
        """The spaces left ``?``."""
        return [Cell(r, c).label for r in range(SIZE) for c in range(SIZE) if self.symbols[r][c] == "?"]


class Look(NamedTuple):
    """What one space shows: how much of it is coloured, and in which hue and lightness; how much
    grey ink; the ink as a small picture (for likeness)."""

    coloured: float
    hue: float
    light: float
    ink: float
    shape: np.ndarray
    green_red: float = 0.0  # the coloured pixels' green over red: farm yellow is far greener than hero orange


def _hsv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r, g, b = (rgb[..., i] for i in range(3))
    top = rgb.max(axis=-1)
    low = rgb.min(axis=-1)
    d = np.maximum(top - low, 1e-6)
    hue = np.where(top == r, ((g - b) / d) % 6, np.where(top == g, (b - r) / d + 2, (r - g) / d + 4)) * 60
    sat = (top - low) / np.maximum(top, 1e-6)
    return hue, sat, top


def look(square: np.ndarray, cell_size: int) -> list[list[Look]]:
    """Every space's look, each against the paper of the spaces around it."""
    img = square.astype(np.float32)
    m = int(cell_size * 0.2)
    patches = [[img[r * cell_size + m:(r + 1) * cell_size - m, c * cell_size + m:(c + 1) * cell_size - m]
                for c in range(SIZE)] for r in range(SIZE)]

    # The paper's colour near each space: the brightest unsaturated pixels of its 5 x 5 spaces.
    bright = np.zeros((SIZE, SIZE, 3), dtype=np.float32)
    for r in range(SIZE):
        for c in range(SIZE):
            p = patches[r][c].reshape(-1, 3)
            _, sat, val = _hsv(p)
            calm = p[(sat < 0.15)]
            bright[r, c] = np.percentile(calm, 90, axis=0) if len(calm) > 20 else np.nan
    out = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            near = bright[max(0, r - 2):r + 3, max(0, c - 2):c + 3].reshape(-1, 3)
            near = near[~np.isnan(near).any(axis=1)]
            paper = np.median(near, axis=0) if len(near) else np.array([235.0, 232.0, 222.0])
            p = np.clip(patches[r][c] / np.maximum(paper, 1) * 235.0, 0, 255)
            hue, sat, val = _hsv(p)
            coloured = (sat > 0.3) & (val > 90)  # a dark pixel is ink, whatever its tint
            share = float(coloured.mean())
            if share > 0:
                angles = np.deg2rad(hue[coloured])
                mean_hue = float(np.rad2deg(np.arctan2(np.sin(angles).mean(), np.cos(angles).mean())) % 360)
                light = float(np.median(val[coloured]) / 235.0)
            else:
                mean_hue, light = 0.0, 1.0
            dark = (val < 235 * 0.62) & ((sat < 0.3) | (val <= 90))
            ink = float(dark.mean())
            raw = patches[r][c][coloured]
            green_red = float(np.median(raw[:, 1] / np.maximum(raw[:, 0], 1))) if len(raw) else 0.0
            row.append(Look(share, mean_hue, light, ink, _shape(np.where(coloured, 235, val)), green_red))
        out.append(row)
    return out


def _shape(grey: np.ndarray, blocks: int = 3, bins: int = 8) -> np.ndarray:
    """A space's strokes as a histogram of their directions in 3 x 3 blocks (unit length): a tree,
    a house, wheat or waves differ in where their strokes run which way, however the hand
    wobbled."""
    gy, gx = np.gradient(grey.astype(np.float32))
    mag = np.hypot(gx, gy)
    ang = (np.rad2deg(np.arctan2(gy, gx)) % 180) / 180 * bins
    h, w = grey.shape
    out = np.zeros((blocks, blocks, bins), dtype=np.float32)
    ys = np.minimum((np.arange(h) * blocks) // h, blocks - 1)
    xs = np.minimum((np.arange(w) * blocks) // w, blocks - 1)
    lo = np.floor(ang).astype(int) % bins
    hi = (lo + 1) % bins
    frac = ang - np.floor(ang)
    for y in range(h):
        by = ys[y]
        np.add.at(out[by], (xs, lo[y]), mag[y] * (1 - frac[y]))
        np.add.at(out[by], (xs, hi[y]), mag[y] * frac[y])
    vec = out.ravel()
    norm = np.linalg.norm(vec)
    directions = vec / norm if norm else vec
    # Where the ink lies, on a 6 x 6 grid: a house's walls and base, a tree's trunk.
    dark = (grey < 235 * 0.62).astype(np.float32)
    rows = np.array_split(np.arange(h), 6)
    cols = np.array_split(np.arange(w), 6)
    where = np.array([[dark[np.ix_(ry, cx)].mean() for cx in cols] for ry in rows], dtype=np.float32).ravel()
    where_norm = np.linalg.norm(where)
    where = where / where_norm if where_norm else where
    return np.concatenate([directions, where]) / np.sqrt(2)


def _hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def read_colour(one: Look, heroes: bool = True) -> tuple[str, float]:
    """A coloured space's terrain letter and confidence (the nearest pencil against the next);
    without ``heroes``, no hero's orange."""
    gaps = sorted((_hue_gap(one.hue, hue) / 60 + abs(one.light - light) * 0.5, letter)
                  for letter, (hue, light) in COLOURS.items() if heroes or letter != "H")
    (best, letter), (second, other) = gaps[0], gaps[1]
    if {letter, other} == {"P", "H"}:
        # Yellow and orange are near in hue but not in how green they are (G/R about 0.8 and 0.55).
        letter = "P" if one.green_red > GREEN_RED else "H"
        confidence = max(0.0, min(1.0, abs(one.green_red - GREEN_RED) / 0.06)) * max(0.0, min(1.0, (0.6 - best) / 0.3))
        return letter, min(confidence, min(1.0, one.coloured / 0.45))
    # Sure when the nearest pencil is clearly nearer than the next (a quarter of a hue sextant).
    confidence = max(0.0, min(1.0, (second - best) / 0.25)) * max(0.0, min(1.0, (0.6 - best) / 0.3))
    coverage = min(1.0, one.coloured / 0.45)
    return letter, min(confidence, coverage)


def read_spaces(square: np.ndarray, side: SheetSide, labels: Mapping[str, str] | None = None,
                cell_size: int | None = None, heroes: bool | None = None) -> Reading:
    """Each space of the square picture of a map (from ``warp``): its symbol and confidence.
    ``labels``: spaces a person named, ``{"B3": "F"}`` (map-file letters), whose look teaches the
    likeness of pencil symbols. ``heroes``: whether heroes and destroyed spaces may be on the
    sheet (by default on the Heroes sides, C and D)."""
    if heroes is None:
        heroes = side.letter in ("C", "D")
    cell_size = cell_size or square.shape[0] // SIZE
    looks = look(square, cell_size)
    taught: dict[str, list[np.ndarray]] = {}
    for label, letter in (labels or {}).items():
        cell = Cell.parse(label)
        taught.setdefault(letter.upper(), []).append(looks[cell.row][cell.col].shape)
    symbols = [["?"] * SIZE for _ in range(SIZE)]
    confidence = [[0.0] * SIZE for _ in range(SIZE)]
    # The symbols read surely become examples too: the sheet's own hand teaches the rest.
    if taught:
        learnt = {k: list(v) for k, v in taught.items()}
        for r in range(SIZE):
            for c in range(SIZE):
                b = Cell(r, c).bit
                if side.mountains & b or side.wastelands & b:
                    continue
                one = looks[r][c]
                if one.coloured < 0.06 and 0.012 <= one.ink < 0.35:
                    letter, sure = _decide(one, taught, heroes)
                    if sure >= 0.9:
                        learnt.setdefault(letter, []).append(one.shape)
        taught = learnt
    for r in range(SIZE):
        for c in range(SIZE):
            b = Cell(r, c).bit
            ruins = bool(side.ruins & b)
            if side.mountains & b:
                symbols[r][c], confidence[r][c] = "^", 1.0
                continue
            if side.wastelands & b:
                symbols[r][c], confidence[r][c] = "#", 1.0
                continue
            label = Cell(r, c).label
            if labels and label in labels:
                letter, sure = labels[label].upper(), 1.0
            else:
                letter, sure = _decide(looks[r][c], taught, heroes)
            if letter == "." and ruins:
                letter = "r"
            elif ruins and letter not in ("?", "."):
                letter = letter.lower()
            symbols[r][c] = letter if sure >= SURE else "?"
            confidence[r][c] = round(sure, 3)
    return Reading(symbols, confidence)


def _decide(one: Look, taught: Mapping[str, list[np.ndarray]], heroes: bool = True) -> tuple[str, float]:
    """One space: empty, a colour's terrain, or a taught symbol; and how sure."""
    if heroes and one.ink >= 0.35 and one.coloured < 0.5:
        # A space blacked out or crossed out heavily in dark pencil: destroyed.
        return "X", max(0.0, min(1.0, (one.ink - 0.35) / 0.25))
    if one.coloured >= 0.25:
        return read_colour(one, heroes)
    if one.coloured < 0.06 and one.ink < 0.012:
        # Paper: the surer the less there is on it.
        return ".", max(0.0, min(1.0, 1 - one.coloured / 0.06 * 0.5 - one.ink / 0.012 * 0.5 + 0.3))
    if one.coloured >= 0.06:
        return "?", 0.3  # a little colour: a stray stroke or a half-coloured space
    if not taught:
        return "?", 0.0  # a pencil symbol, and nothing to compare it with
    scores = sorted(((max(float((one.shape * t).sum()) for t in shapes), letter)
                     for letter, shapes in taught.items()), reverse=True)
    best, letter = scores[0]
    second = scores[1][0] if len(scores) > 1 else 0.0
    # Strict: a pencil symbol is taken only when it is clearly like one taught symbol and clearly
    # unlike the others (two hands draw a tree and a house alike more often than one thinks).
    sure = max(0.0, min(1.0, (best - 0.68) / 0.15)) * max(0.0, min(1.0, (best - second - 0.22) / 0.15))
    return letter, sure


TERRAIN_LETTERS = {t.word: t.value for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER,
                                            Terrain.MONSTER, Terrain.HERO, Terrain.DESTROYED)}
