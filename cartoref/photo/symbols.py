"""Pencil symbols told apart by their likeness to the spaces a person labelled.

A space's ink is first made comparable with every other space's, whatever the hand: its strokes
judged against their own darkness (a faint pencil's strokes as wide and full as a dark one's),
the printed lines left at its edges taken out, then centred on its ink's centre and brought to one
size by its ink's spread (a tree drawn small in a corner and one drawn large in the middle become
the same picture). Two spaces are then alike as their pictures and their strokes' directions,
block by block, are alike (the cosine of the two).

A labelled space is seen turned a little and at a slightly different size too, as the same hand
draws the same symbol a little differently each time; and when all the drawn spaces of a sheet
are compared with each other (``alike``), each is seen turned a little each way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

N = 20  # the side of a normalised symbol's picture, in pixels
REACH = 2.2  # a normalised picture spans this many of its ink's spreads each way from its centre
TURNS = (-10.0, -5.0, 0.0, 5.0, 10.0)  # degrees: how a labelled space is also seen
SIZES = (0.9, 1.0, 1.1)
SEEN = (-7.0, 0.0, 7.0)  # degrees: how every drawn space is also seen when the sheet's spaces are compared
RELATIVE = 0.3  # a stroke's pixel is ink from this share of the darkness of the space's strokes
FAINTEST = 0.15  # and strokes are at least this dark (1 - their lightness against the paper)


def ink_of(ratio: np.ndarray) -> np.ndarray:
    """Soft ink (0..1) from each pixel's lightness against its paper (1 is the paper): none at
    88 % of the paper's lightness, full ink at 60 %."""
    return np.clip((0.88 - ratio) / 0.28, 0.0, 1.0).astype(np.float32)


def faint_ink(ratio: np.ndarray) -> np.ndarray:
    """A space's faint ink (0..1) from each pixel's lightness against its paper: none at 95 % of
    the paper's lightness, full at 85 %, the printed lines taken out. A pencil drawn lightly,
    which ``ink_of`` hardly sees, shows here as a hand drew it."""
    faint = np.clip((0.95 - ratio) / 0.1, 0.0, 1.0)
    lines = lines_in(ink_of(ratio)) | lines_in((faint > 0.5).astype(np.float32))
    return np.where(lines, 0, faint).astype(np.float32)


def faint_of(ratio: np.ndarray) -> float:
    """How much of a space is a little darker than its paper (``faint_ink``): a wave drawn
    faintly in a shadow has next to no ink by ``ink_of`` but a tenth of its space so, where
    paper has under 3 % (and a printed ruins about 4 %) on the tests' photos."""
    return float(faint_ink(ratio).mean())


def paper_of(grey: np.ndarray, k: int) -> np.ndarray:
    """Each pixel's paper: the grey closed by a k x k window (the brightest around it, then the
    darkest of those), which takes out strokes thinner than k but keeps a shadow's edge where it
    is, so a space half in shadow is paper on both sides. The picture's edge is repeated outwards."""
    import cv2

    window = np.ones((k, k), dtype=np.uint8)
    brightest = cv2.dilate(grey, window, borderType=cv2.BORDER_REPLICATE)
    return cv2.erode(brightest, window, borderType=cv2.BORDER_REPLICATE)


def lines_in(ink: np.ndarray, edge: float = 0.25) -> np.ndarray:
    """Where the printed lines are in a space's ink: a row or column near the patch's edge inked
    along nine tenths of its length is a printed line the photo's alignment left in (a symbol's
    stroke is shorter), and so are its neighbours' pixels beside it."""
    out = np.zeros(ink.shape, dtype=bool)
    h, w = ink.shape
    marked = ink > 0.25
    rows = np.flatnonzero(marked.mean(axis=1) >= 0.9)
    cols = np.flatnonzero(marked.mean(axis=0) >= 0.9)
    for y in rows[(rows < h * edge) | (rows >= h - h * edge)]:
        out[max(0, y - 1):y + 2, :] = True
    for x in cols[(cols < w * edge) | (cols >= w - w * edge)]:
        out[:, max(0, x - 1):x + 2] = True
    return out


def strip_lines(ink: np.ndarray, edge: float = 0.25) -> np.ndarray:
    """The ink with the printed lines taken out (``lines_in``)."""
    return np.where(lines_in(ink, edge), 0, ink).astype(np.float32)


def strokes_of(ratio: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """A space's strokes (0..1) judged against their own darkness, not the paper's: each pixel's
    darkness as a share of the darkness of the space's strokes (their darkest tenth), nothing
    below ``RELATIVE`` of it. A faint pencil's strokes are then as wide and as full as a heavy
    pencil's (by the soft ink alone a faint stroke is thin and broken, a heavy one thick), so a
    faint labelled space is like the spaces drawn like it. ``ink``: the space's soft ink with the
    printed lines taken out (where it is 0 but the ink was not, there is a line)."""
    dark = np.clip(1.0 - ratio, 0.0, 1.0).astype(np.float32)
    dark = np.where(lines_in(ink_of(ratio)), 0, dark)
    inked = dark[ink > 0.05]
    if inked.size == 0:
        return np.zeros_like(dark)
    top = max(float(np.percentile(inked, 90)), FAINTEST)
    return np.clip((dark / top - RELATIVE) / (1 - RELATIVE), 0.0, 1.0).astype(np.float32)


def _sample(img: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """Bilinear samples of ``img`` at (ys, xs); nothing (0) outside it."""
    h, w = img.shape
    y0 = np.floor(ys).astype(int)
    x0 = np.floor(xs).astype(int)
    fy, fx = ys - y0, xs - x0
    out = np.zeros(ys.shape, dtype=np.float32)
    for dy, wy in ((0, 1 - fy), (1, fy)):
        for dx, wx in ((0, 1 - fx), (1, fx)):
            yy, xx = y0 + dy, x0 + dx
            inside = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            out += np.where(inside, img[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)], 0) * wy * wx
    return out


def normalise(ink: np.ndarray, turn: float = 0.0, size: float = 1.0) -> np.ndarray:
    """The ink as an N x N picture centred on its ink's centre, scaled by its spread; ``turn``
    (degrees) and ``size`` show it as a hand might also have drawn it."""
    h, w = ink.shape
    total = float(ink.sum())
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if total <= 0:
        return np.zeros((N, N), dtype=np.float32)
    cy, cx = float((ink * yy).sum() / total), float((ink * xx).sum() / total)
    spread = float(np.sqrt((ink * ((yy - cy) ** 2 + (xx - cx) ** 2)).sum() / total))
    spread = max(spread, 1.0)
    u = np.linspace(-REACH, REACH, N, dtype=np.float32) * spread / size
    vy, vx = np.meshgrid(u, u, indexing="ij")
    a = np.deg2rad(turn)
    sy = cy + vy * np.cos(a) + vx * np.sin(a)
    sx = cx - vy * np.sin(a) + vx * np.cos(a)
    picture = _sample(ink, sy, sx)
    # A faint pencil's strokes as dark as a heavy one's: the strokes' own darkness is full ink.
    top = float(np.percentile(picture, 97))
    return np.clip(picture / max(top, 0.2), 0.0, 1.0)


def features(picture: np.ndarray, blocks: int = 5, bins: int = 12) -> np.ndarray:
    """A normalised picture as one unit vector: the picture itself (its mean taken away) and its
    strokes' directions in ``blocks`` x ``blocks`` blocks (``bins`` directions), weighing the
    same. Five blocks a side, not four: a block of four pixels tells a tree's trunk and slanted
    sides from a house's walls (among the drawn spaces of a sheet, a tree nearer a house than any
    other tree: 0.42 % of spaces with four blocks and the picture weighing 0.7, 0.17 % so, on the
    tests' smaller photos)."""
    flat = (picture - picture.mean()).ravel().astype(np.float64)
    gy, gx = np.gradient(picture.astype(np.float64))
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) % np.pi) / np.pi * bins
    lo = np.floor(ang).astype(int) % bins
    frac = ang - np.floor(ang)
    by = np.minimum(np.arange(N) * blocks // N, blocks - 1)
    block = (by[:, None] * blocks + by[None, :]).ravel()
    hist = np.zeros(blocks * blocks * bins, dtype=np.float64)
    np.add.at(hist, block * bins + lo.ravel(), (mag * (1 - frac)).ravel())
    np.add.at(hist, block * bins + (lo.ravel() + 1) % bins, (mag * frac).ravel())
    parts = []
    for v, weight in ((flat, 1.0), (hist, 1.0)):
        norm = np.linalg.norm(v)
        parts.append(v / norm * weight if norm else v)
    out = np.concatenate(parts)
    norm = np.linalg.norm(out)
    return (out / norm if norm else out).astype(np.float32)  # no strokes at all: like nothing


def taught_views(ink: np.ndarray) -> list[np.ndarray]:
    """A labelled space's features as it is and slightly turned and resized."""
    return [features(normalise(ink, t, s)) for t in TURNS for s in SIZES]


def seen_views(ink: np.ndarray) -> np.ndarray:
    """A drawn space's features as it is and turned a little each way (``SEEN``), one row each:
    two drawings of one symbol by one hand differ by a turn more than by anything else."""
    return stack(features(normalise(ink, t)) for t in SEEN)


def alike(views: np.ndarray) -> np.ndarray:
    """How alike each two spaces are (``views``: each space's ``seen_views``, stacked as spaces x
    views x features): the best likeness of one as it is to the other seen turned, either way
    round (so the measure is symmetric). The plain view is the middle one."""
    plain = views[:, len(SEEN) // 2]
    one_way = (views @ plain.T).max(axis=1)  # [i, j]: i seen turned against j as it is
    return np.maximum(one_way, one_way.T)


def likeness(vector: np.ndarray, taught: Mapping[str, np.ndarray]) -> list[tuple[float, str]]:
    """Each taught symbol's likeness to a space (the best of its examples, stacked), best first."""
    scores = []
    for letter, examples in taught.items():
        stack = np.asarray(examples)
        scores.append((float((stack @ vector).max()), letter))
    return sorted(scores, reverse=True)


def stack(examples: Iterable[np.ndarray]) -> np.ndarray:
    """Examples as one array (for ``likeness``)."""
    return np.asarray(list(examples), dtype=np.float32)


def look_alike_groups(likeness: np.ndarray, among: Iterable[int], least: float) -> list[tuple[int, int]]:
    """The spaces ``among`` (indices into ``likeness``) gathered into groups of look-alikes, the
    largest first: the space like the most others (at least ``least``) and those it is like, then
    the same among the rest. Each group of two or more as its space and its size: labelling that
    one space is likely to read the others."""
    left = list(among)
    groups = []
    while len(left) > 1:
        near = likeness[np.ix_(left, left)] >= least
        np.fill_diagonal(near, False)
        k = int(near.sum(axis=1).argmax())
        if not near[k].any():
            break
        groups.append((left[k], int(near[k].sum()) + 1))
        left = [i for i, close in zip(left, near[k]) if not close and i != left[k]]
    return groups


CROSS_ALONG = 0.8  # a destroyed space's X: each of its two strokes inked along this share of its length
CROSS_SPAN = 0.4  # the strokes' length looked along, each way from where they pass the middle (of the side)
CROSS_MIDDLE = 0.25  # how far from the space's centre the strokes pass, at most (of the side)
CROSS_APART = 45.0  # degrees between the two strokes, at least
CROSS_SLANT = 20.0  # and each this far from level and upright (an X, not a plus or a house's walls and floor)
CROSS_OFF = 0.3  # and at most this share of the space's ink away from both
CROSS_BAND = 0.04  # of the space's side, either side of a stroke, is on it
CROSS_THICK = 0.08  # a stroke this thick (of the side) is a felt-tip marker's, its band wider:
CROSS_BAND_MOST = 0.1  # at most this (of the side); and at most CROSS_FAR of the ink half as far again
CROSS_FAR = 0.05
CROSS_CORNER = 0.25  # of the side: a space's corner, which an X's strokes reach (three corners of four at least)
CROSS_CORNER_INK = 0.01  # with this share of its pixels inked (0.3) at least


def _strokes_along(ink: np.ndarray, angle: float, offsets: np.ndarray) -> np.ndarray:
    """How much of each straight line at ``angle`` (degrees), passing ``offsets`` pixels from the
    picture's centre, is inked: the share of its samples (``CROSS_SPAN`` of the side each way)
    with ink of 0.3 within ``CROSS_BAND`` of the side across it."""
    reach = round(CROSS_BAND * min(ink.shape))
    return (_across(ink, angle, offsets, reach).max(axis=2) >= 0.3).mean(axis=1)


def _across(ink: np.ndarray, angle: float, offsets: np.ndarray, reach: int) -> np.ndarray:
    """The ink along straight lines at ``angle`` (degrees) passing ``offsets`` pixels from the
    picture's centre: at 33 points over ``CROSS_SPAN`` of the side each way, the pixels up to
    ``reach`` across (offsets x points x across; 0 outside the picture)."""
    h, w = ink.shape
    side = min(h, w)
    a = np.deg2rad(angle)
    direction, normal = np.array([np.sin(a), np.cos(a)]), np.array([np.cos(a), -np.sin(a)])
    centres = np.array([(h - 1) / 2, (w - 1) / 2]) + offsets[:, None] * normal
    along = np.linspace(-CROSS_SPAN, CROSS_SPAN, 33) * side
    across = np.arange(-reach, reach + 1)
    points = (centres[:, None, None, :] + along[None, :, None, None] * direction
              + across[None, None, :, None] * normal)
    ys, xs = np.round(points[..., 0]).astype(int), np.round(points[..., 1]).astype(int)
    inside = (ys >= 0) & (ys < h) & (xs >= 0) & (xs < w)
    return np.where(inside, ink[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)], 0.0)


def crossed(ink: np.ndarray) -> bool:
    """Whether a space's ink (its printed lines taken out) is a big X: how the rules mark a
    destroyed space. Two long straight slanting strokes that cross near the space's middle, far
    apart in direction, reaching the space's corners, and little ink off them: furrows run one
    way, a house's or a tree's straight strokes are short or upright, a star or a cross-hatching
    puts ink off any two, a hero's stick figure stands clear of the corners."""
    h, w = ink.shape
    side = min(h, w)
    total = float(ink.sum())
    if total <= 0 or side < 8 or not _reaches_the_corners(ink):
        return False
    offsets = np.linspace(-CROSS_MIDDLE, CROSS_MIDDLE, 21) * side
    found = []
    for angle in np.arange(0.0, 180.0, 3.0):
        if min(angle % 90.0, 90.0 - angle % 90.0) < CROSS_SLANT:
            continue
        covers = _strokes_along(ink, angle, offsets)
        k = len(covers) - 1 - int(np.argmax(covers[::-1]))  # the best cover; of equals, the furthest offset
        if covers[k] >= CROSS_ALONG:
            found.append((float(covers[k]), angle, float(offsets[k])))
    pairs = sorted(((a, b) for a in found for b in found if a[1] < b[1]
                    and CROSS_APART <= b[1] - a[1] <= 180 - CROSS_APART), key=lambda p: -(p[0][0] + p[1][0]))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)

    def off(pair: tuple[tuple[float, float, float], ...], band: float) -> float:
        return float(ink[~_near_strokes(yy, xx, pair, band)].sum()) / total

    for pair in pairs:
        band = _band(ink, pair)
        if off(pair, band) > CROSS_OFF:
            continue
        # Strokes thick enough to widen their band (a marker's) keep hardly any ink half as far again:
        # a face drawn in the same marker under the X puts a tenth of the ink there.
        if band > CROSS_BAND * side * 1.5 and off(pair, 1.5 * band) > CROSS_FAR:
            continue
        return True
    return False


def _reaches_the_corners(ink: np.ndarray) -> bool:
    """Whether ink reaches three corners of the space at least (``CROSS_CORNER`` of its side
    each way, ``CROSS_CORNER_INK`` of it inked): a destroyed space's X runs from corner to
    corner, a hero's stick figure, whose legs and arms slant as an X's strokes do, stands in
    the middle (on the second generator's pencil sheets, 72 of 74 X's so read reach three
    corners or four, and none of the 21 figures and 4 trees and houses taken for an X reach
    more than two)."""
    h, w = ink.shape
    a, b = max(1, int(h * CROSS_CORNER)), max(1, int(w * CROSS_CORNER))
    corners = (ink[:a, :b], ink[:a, -b:], ink[-a:, :b], ink[-a:, -b:])
    return sum(float((corner >= 0.3).mean()) >= CROSS_CORNER_INK for corner in corners) >= 3


def _band(ink: np.ndarray, strokes: tuple[tuple[float, float, float], ...]) -> float:
    """How far from two strokes (cover, angle, offset) their ink reaches, in pixels: one and a
    half ``CROSS_BAND`` of the side for a pencil's, and for a thicker stroke (a felt-tip
    marker's) half its thickness more than ``CROSS_BAND``, up to ``CROSS_BAND_MOST``. A stroke's
    thickness is its ink summed across it, the median along its length, where another stroke
    crossing it or a drawing beside it shows little (the second generator's 11424: five marker
    X's, 3.5 pixels thick of 40, left a third of their ink outside a pencil's band)."""
    side = min(ink.shape)
    reach = int(round(CROSS_BAND_MOST * side))
    thick = max(float(np.median(_across(ink, angle, np.array([offset]), reach)[0].sum(axis=1)))
                for _cover, angle, offset in strokes)
    if thick < CROSS_THICK * side:
        return CROSS_BAND * side * 1.5
    return min(CROSS_BAND_MOST * side, thick / 2 + CROSS_BAND * side)


def _near_strokes(yy: np.ndarray, xx: np.ndarray, strokes: tuple[tuple[float, float, float], ...],
                  band: float) -> np.ndarray:
    """The pixels within ``band`` pixels of these strokes (cover, angle, offset)."""
    h, w = yy.shape
    near = np.zeros((h, w), dtype=bool)
    for _cover, angle, offset in strokes:
        a = np.deg2rad(angle)
        distance = (yy - (h - 1) / 2) * np.cos(a) - (xx - (w - 1) / 2) * np.sin(a) - offset
        near |= np.abs(distance) <= band
    return near
