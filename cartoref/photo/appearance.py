"""What one space of a map seen from above shows: how much of it is coloured, in which hue and
lightness and how vividly; how much dark grey ink; its ink as a small picture for likeness.

Each space is looked at inside its lines (the printed lines and most of a hand's overflow left
out) against the paper of the spaces around it, so uneven light and a shadow do not colour it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..grid import SIZE
from . import symbols
from .channels import brightest, dimmest

EMPTY = 0.007  # a space with less soft ink than this share of it is paper
DRAWN = 0.012  # and one with at least this much holds a symbol (between: "?")
FAINT = 0.06  # a space with less ink but this share of it a little darker than its paper is drawn faintly
GREY = 0.06  # a space with less of it saturated than this shows grey: pencil or paper, no colour
HEAVY = 0.35  # a space with this share of dark ink is drawn heavily: blacked out, or near it
#: A coloured pencil's hue, per terrain letter (degrees), and how light it is (0..1 of the paper).
COLOURS: dict[str, tuple[float, float]] = {
    "F": (125.0, 0.5), "V": (0.0, 0.75), "P": (49.0, 0.95), "W": (210.0, 0.75), "M": (280.0, 0.6),
    "H": (31.0, 0.95),
}


class Look(NamedTuple):
    """What one space shows: how much of it is coloured, and in which hue and lightness; how much
    grey ink; the ink as a small picture (for likeness)."""

    coloured: float
    hue: float
    light: float
    ink: float
    picture: np.ndarray  # soft ink (0..1) of the space inside its printed lines, for likeness
    strokes: np.ndarray | None = None  # the picture's strokes against their own darkness (for likeness)
    saturation: float = 0.0  # how vivid the coloured pixels are: a pencil's colour, not a grey in a tinted light
    faint: float = 0.0  # the share of it a little darker than its paper (``symbols.faint_of``): a faint drawing
    #: A space drawn faintly (less ink than ``DRAWN``, ``FAINT`` of it a little darker than its
    #: paper): its faint ink (``symbols.faint_ink``) and that ink's strokes, as ``picture`` and
    #: ``strokes`` are for a drawing ``ink_of`` sees.
    faintly: tuple[np.ndarray, np.ndarray] | None = None

    @property
    def stroke_picture(self) -> np.ndarray:
        """The strokes to compare (the picture itself where they were not worked out)."""
        return self.picture if self.strokes is None else self.strokes


def hsv(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Hue (degrees), saturation and value of RGB pixels, as HSV measures them."""
    r, g, b = (rgb[..., i] for i in range(3))
    top = brightest(rgb)
    low = dimmest(rgb)
    d = np.maximum(top - low, 1e-6)
    hue = np.where(top == r, ((g - b) / d) % 6, np.where(top == g, (b - r) / d + 2, (r - g) / d + 4)) * 60
    sat = (top - low) / np.maximum(top, 1e-6)
    return hue, sat, top


MARK_SATURATED, MARK_BRIGHT = 0.3, 90  # a pixel this saturated and bright is coloured, to a mark's eye


def marked_colour(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The coloured pixels of an RGB picture as ``doubt.marks`` and ``stars`` see a mark of colour
    (saturated, and bright enough not to be a dark pencil's), and each pixel's hue (HSV degrees)."""
    hue, saturation, top = hsv(rgb)
    return (saturation > MARK_SATURATED) & (top > MARK_BRIGHT), hue


def _percentile(values: np.ndarray, keep: np.ndarray, q: float) -> np.ndarray:
    """Each row's ``q``th percentile (as ``np.percentile``'s linear one) of the values it keeps
    (``keep``), along the last axis; ``nan`` for a row that keeps none."""
    ordered = np.sort(np.where(keep, values, np.inf), axis=-1)
    n = keep.sum(axis=-1)
    at = np.maximum(n - 1, 0) * (q / 100.0)
    low = np.floor(at).astype(int)
    high = np.minimum(low + 1, np.maximum(n - 1, 0))
    below = np.take_along_axis(ordered, low[..., None], axis=-1)[..., 0]
    above = np.take_along_axis(ordered, high[..., None], axis=-1)[..., 0]
    with np.errstate(invalid="ignore"):  # a row keeping nothing: inf - inf, answered nan
        return np.where(n > 0, below + (above - below) * (at - low), np.nan)


def look(square: np.ndarray, cell_size: int) -> list[list[Look]]:
    """Every space's look, each against the paper of the spaces around it."""
    img = square.astype(np.float32)
    m = int(cell_size * 0.2)
    wide = max(2, int(cell_size * 0.1))  # a symbol reaches nearer the lines than a colour is looked for
    side = SIZE * cell_size
    # Each space inside its lines, as the rows of one array: space row, space column, pixel, channel.
    patches = (img[:side, :side].reshape(SIZE, cell_size, SIZE, cell_size, 3).transpose(0, 2, 1, 3, 4)
               [:, :, m:cell_size - m, m:cell_size - m].reshape(SIZE, SIZE, -1, 3))

    # The paper's colour near each space: the brightest unsaturated pixels of its 5 x 5 spaces.
    # Glare (blown pixels) is no paper's colour: paper measured under it is too bright, and the
    # spaces beside it, read against it, too dark (a farm's furrows read as a space blacked out).
    _, sat, _ = hsv(patches)
    calm = (sat < 0.15) & (brightest(patches) < 250)
    bright = np.stack([_percentile(patches[..., k], calm, 90) for k in range(3)], axis=-1).astype(np.float32)
    bright[calm.sum(axis=-1) <= 20] = np.nan
    papers = np.empty((SIZE, SIZE, 3), dtype=np.float32)
    for r in range(SIZE):
        for c in range(SIZE):
            near = bright[max(0, r - 2):r + 3, max(0, c - 2):c + 3].reshape(-1, 3)
            near = near[~np.isnan(near).any(axis=1)]
            papers[r, c] = np.median(near, axis=0) if len(near) else (235.0, 232.0, 222.0)
    seen = np.clip(patches / np.maximum(papers, 1)[:, :, None, :] * 235.0, 0, 255)
    hue, sat, val = hsv(seen)
    coloured = (sat > 0.3) & (val > 90)  # a dark pixel is ink, whatever its tint
    shares = coloured.mean(axis=-1)
    angles = np.deg2rad(hue)
    counted = np.maximum(coloured.sum(axis=-1), 1)
    hues = np.rad2deg(np.arctan2((np.sin(angles) * coloured).sum(axis=-1) / counted,
                                 (np.cos(angles) * coloured).sum(axis=-1) / counted)) % 360
    lights = _percentile(val, coloured, 50) / 235.0
    vivids = _percentile(sat, coloured, 50)
    inks = ((val < 235 * 0.62) & ((sat < 0.3) | (val <= 90))).mean(axis=-1)

    grey = img.mean(axis=2)
    ratio = grey / np.maximum(symbols.paper_of(grey, max(3, int(cell_size * 0.19)) | 1), 1.0)
    out = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            share = float(shares[r, c])
            if share > 0:
                mean_hue, light, vivid = float(hues[r, c]), float(lights[r, c]), float(vivids[r, c])
            else:
                mean_hue, light, vivid = 0.0, 1.0, 0.0
            whole = ratio[r * cell_size + wide:(r + 1) * cell_size - wide, c * cell_size + wide:(c + 1) * cell_size - wide]
            picture = symbols.strip_lines(symbols.ink_of(whole))
            faint = symbols.faint_ink(whole)
            faintly = None
            if float(picture.mean()) < DRAWN and float(faint.mean()) >= FAINT:
                faintly = (faint, symbols.strokes_of(whole, faint))
            row.append(Look(share, mean_hue, light, float(inks[r, c]), picture, symbols.strokes_of(whole, picture),
                            vivid, float(faint.mean()), faintly))
        out.append(row)
    return out
