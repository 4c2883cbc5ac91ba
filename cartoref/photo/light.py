"""The light a photo was taken in, taken from the sheet itself: the paper just outside the map's
frame (a band between a tenth and half a space out, on all four sides) is paper, whatever is
drawn inside; its colour says the photo's cast (a warm lamp, a cool window), which is taken out
of the map's square before a space is read, so that paper reads as paper and a green pencil as
green. What varies across the sheet (a shadow, a vignette) is the reader's business, space by
space, against the paper near each."""

from __future__ import annotations

import numpy as np

from ..grid import SIZE
from .channels import brightest, dimmest
from .warp import CELL, on_photo, warp

PAPER = 235.0  # what the paper is brought to, in each channel
BAND = (0.1, 0.5)  # the band outside the frame, in spaces
BLOWN = 248  # a pixel of the photo this bright in every channel is blown out by glare
CLIPPED = 250  # a pixel of the photo this bright in one channel has lost its colour
CLIPPED_PALE = 0.45  # when it is pale: its lowest channel less than this share of its highest below it
MOST = 2.2  # no channel is scaled by more than this (nor less than its inverse)
LIT_MOST = 249  # no pixel the light did not blow out is brought brighter than this (glare's is 255)
PAPER_LEVEL = 90  # a space's paper: this percentile of its pixels' brightest channel


def _outward(corners: np.ndarray, reach: float) -> np.ndarray:
    """The corners of the square ``reach`` spaces beyond the map's frame on every side, in the
    photo (the same perspective carried on)."""
    far = float(SIZE) + reach
    return on_photo(corners, [(-reach, -reach), (far, -reach), (far, far), (-reach, far)])


def paper_colour(rgb: np.ndarray, corners: np.ndarray) -> np.ndarray | None:
    """The paper's colour around the map (the brighter half of the band outside its frame), or
    None when the band is mostly outside the photo."""
    reach = BAND[1]
    cell = 16
    ring = warp(rgb, _outward(corners, reach), cell).astype(np.float32)
    n = ring.shape[0]
    k0, k1 = int((reach - BAND[1]) * cell), int((reach - BAND[0]) * cell)
    inner = n - k1, n - k0
    band = np.concatenate([ring[k0:k1].reshape(-1, 3), ring[inner[0]:inner[1]].reshape(-1, 3),
                           ring[:, k0:k1].reshape(-1, 3), ring[:, inner[0]:inner[1]].reshape(-1, 3)])
    band = band[band.sum(axis=1) > 0]  # what fell outside the photo is black: not paper
    if len(band) < 50:
        return None
    light = band.mean(axis=1)
    return np.median(band[light >= np.median(light)], axis=0)


def balanced_square(rgb: np.ndarray, corners: np.ndarray, lines: np.ndarray | None = None) -> np.ndarray:
    """The map seen from above (``warp``, along its printed ``lines`` when they are given) with
    the photo's cast taken out by the paper around it, what the light blew out left white; as
    ``warp`` gives it when there is no paper to see."""
    square = warp(rgb, corners, CELL, lines)
    paper = paper_colour(rgb, corners)
    if paper is None or np.any(paper < 20):
        return square
    gains = np.clip(PAPER / paper, 1 / MOST, MOST)
    blown = dimmest(square) >= BLOWN
    lifted = square.astype(np.float32) * gains
    # Paper lit more than the band around the frame (a lamp over the sheet's middle, a vignette
    # darkening the band) would be brought past white, and a pale pencil on it with it (a pink
    # village turned white was read as paper): there the square is dimmed until its paper is
    # the band's. Nothing the light did not blow out reaches glare's white, which the reader
    # knows glare by (``doubt.glare``).
    lifted *= np.minimum(1.0, PAPER / _paper_field(lifted, blown))[..., None]
    balanced = np.clip(lifted, 0, LIT_MOST).astype(np.uint8)
    # What the light blew out stays white (the cast's gains would tint it).
    balanced[blown] = 255
    return balanced


def clipped(rgb: np.ndarray, corners: np.ndarray, lines: np.ndarray | None = None) -> np.ndarray:
    """Where the photo clipped a pale colour, on the square ``balanced_square`` makes (a boolean
    per pixel: ``CLIPPED`` or more in some channel, its lowest channel within ``CLIPPED_PALE``
    of its highest: a warm lamp's red and green over white paper, a glare's halo). The true
    colour there is unknown, and the cast taken out turns it (the paper's red held at its top,
    brought down with the cast, leaves it blue). A vivid colour keeps its hue however high one
    channel is held (a village's red at its top, its green and blue far below)."""
    square = warp(rgb, corners, CELL, lines).astype(np.int16)
    top, low = brightest(square), dimmest(square)
    return (top >= CLIPPED) & (top - low < CLIPPED_PALE * top)


def _paper_field(lifted: np.ndarray, blown: np.ndarray) -> np.ndarray:
    """How bright the paper is at each pixel of the square: a smooth surface (a quadratic in the
    log of the brightness, fitted twice, the second time without the quarter of the spaces
    furthest from the first: a space coloured in full in a dark marker shows no paper) through
    each space's paper level (``PAPER_LEVEL``, what the light did not blow out)."""
    cell = lifted.shape[0] // SIZE
    top = brightest(lifted)
    where, levels = [], []
    for r in range(SIZE):
        for c in range(SIZE):
            inside = top[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell][~blown[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell]]
            if inside.size >= cell * cell // 4:
                where.append((r + 0.5, c + 0.5))
                levels.append(float(np.percentile(inside, PAPER_LEVEL)))
    n = lifted.shape[0]
    if len(levels) < 12:
        return np.full((n, n), PAPER, dtype=np.float32)

    def terms(y: np.ndarray, x: np.ndarray) -> np.ndarray:
        return np.stack([np.ones_like(y), y, x, y * y, x * x, x * y], axis=-1)

    points = np.array(where)
    fit = fitted_twice(terms(points[:, 0], points[:, 1]), np.log(np.maximum(levels, 1.0)))
    yy, xx = (np.mgrid[0:n, 0:n] + 0.5) / cell
    return np.exp(terms(yy, xx) @ fit).astype(np.float32)


def fitted_twice(at: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Least-squares coefficients of ``at`` (one row of terms per point) for ``values`` (one
    row, or one value, per point), fitted twice: the second time without the quarter of the
    points furthest from the first fit (spaces coloured in among the paper)."""
    keep = np.ones(len(values), dtype=bool)
    for _ in range(2):
        fit, *_rest = np.linalg.lstsq(at[keep], values[keep], rcond=None)
        off = np.abs(values - at @ fit)
        off = off if off.ndim == 1 else np.hypot(*off.T)
        keep = off <= np.percentile(off, 75)
    return fit
