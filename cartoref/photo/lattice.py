"""The map found by its spaces: when a thumb, a shadow or a fold hides the grid's frame, the
spaces the photo still shows as paper between printed lines place it.

Each blank space is a hole in the dark ink: a small four-sided outline. The outlines of one size
that sit a space apart, across each of their sides (or two or three spaces apart, past spaces
drawn in), are the map's lattice: each is given its column and row by a walk from one to the
next, and a perspective fitted to where they lie (OpenCV, with outliers left out) gives the
grid's corners. When the walk did not reach all 11 columns or rows, each way the grid may lie
over the ones it reached is a candidate; the proof (``proof.prove``) decides among them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

LEAST_SPACES = 20  # the walk must reach at least this many spaces
LEAST_SPAN = 8  # and span this many columns and rows of the 11 (fewer leaves too many ways to lie)
HOPS = (1, 2, 3)  # a neighbour is looked for across a side this many spaces on (spaces drawn in are no holes)
STEP = 2.16  # a space's centre to the next's, in its centre-to-side distances (the printed line between)
NEAR = 0.3  # how far from where it is expected a neighbour may be, in the space's side
ALIKE = (0.6, 1.6)  # a neighbour's area against this one's
SQUARE_ENOUGH = 0.8  # a side lies along the walk's row or column direction (cosine) at least this much


def spaces_of(ink: np.ndarray) -> list[np.ndarray]:
    """The four-sided holes in a mask of dark ink (as ``grid._dark_ink`` makes it) small enough
    to be a space: outlines whose polygon has four corners, convex, filling their polygon."""
    import cv2

    h, w = ink.shape
    contours, _hierarchy = cv2.findContours(ink, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < 60 or area > 0.01 * h * w:
            continue
        poly = cv2.approxPolyDP(contour, 0.08 * cv2.arcLength(contour, True), True)
        if len(poly) != 4 or not cv2.isContourConvex(poly) or area < 0.6 * cv2.contourArea(poly):
            continue
        out.append(poly.reshape(4, 2).astype(np.float64))
    return out


def _neighbours(areas: np.ndarray, centres: np.ndarray, sides: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each space and each of its sides: the space of a like size found across it (-1 when
    none), and how many spaces on it is."""
    n = len(areas)
    across = -np.ones((n, 4), dtype=int)
    hops = np.ones((n, 4), dtype=int)
    for i in range(n):
        reach = NEAR * np.sqrt(areas[i])
        for k in range(4):
            for hop in HOPS:
                dist = np.linalg.norm(centres - (centres[i] + STEP * hop * sides[i][k]), axis=1)
                j = int(np.argmin(dist))
                if j != i and dist[j] < reach and ALIKE[0] < areas[j] / areas[i] < ALIKE[1]:
                    across[i, k], hops[i, k] = j, hop
                    break
    return across, hops


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-9))


def _walk(start: int, sides: np.ndarray, across: np.ndarray, hops: np.ndarray) -> dict[int, tuple[int, int]]:
    """Column and row (relative to ``start``) of every space reached from it. Each space's own
    directions are its sides most like the one it was reached from (perspective turns them
    slowly across the map)."""
    own = sides[start]
    right = own[int(np.argmin(np.abs(np.arctan2(own[:, 1], own[:, 0]))))]
    # Down is the side a quarter turn clockwise from right on the screen (y grows downwards).
    down = own[int(np.argmax([(right[0] * s[1] - right[1] * s[0]) / max(np.linalg.norm(s), 1e-9) for s in own]))]
    place = {start: (0, 0)}
    ways = {start: (right, down)}
    todo = [start]
    while todo:
        i = todo.pop()
        r, d = ways[i]
        own = sides[i]
        r = own[int(np.argmax([_cosine(s, r) for s in own]))]
        d = own[int(np.argmax([_cosine(s, d) for s in own]))]
        for k in range(4):
            j = int(across[i, k])
            if j < 0 or j in place:
                continue
            along, down_by = _cosine(own[k], r), _cosine(own[k], d)
            if max(abs(along), abs(down_by)) < SQUARE_ENOUGH:
                continue
            hop = int(hops[i, k])
            col, row = place[i]
            place[j] = (col + int(np.sign(along)) * hop, row) if abs(along) > abs(down_by) else \
                (col, row + int(np.sign(down_by)) * hop)
            ways[j] = (r, d)
            todo.append(j)
    return place


def _fitted(place: dict[int, tuple[int, int]], centres: np.ndarray, areas: np.ndarray) -> tuple[Any, np.ndarray]:
    """The perspective from the lattice's columns and rows to the photo that fits the spaces
    placed (OpenCV's RANSAC, outliers left out), and the columns and rows of those it fits
    (None and no cells when no perspective does)."""
    import cv2

    where = np.array([[c + 0.5, r + 0.5] for c, r in place.values()], dtype=np.float32)
    seen = np.array([centres[i] for i in place], dtype=np.float32)
    side = float(np.sqrt(np.median(areas[list(place)])))
    fit, inliers = cv2.findHomography(where, seen, cv2.RANSAC, 0.15 * side)
    if fit is None:
        return None, np.zeros((0, 2), dtype=int)
    return fit, np.array(list(place.values()))[inliers.ravel() > 0]


def _joined(place: dict[int, tuple[int, int]], fit: Any, centres: np.ndarray,
            areas: np.ndarray) -> dict[int, tuple[int, int]]:
    """``place`` with the spaces not in it whose centre the fit puts within ``NEAR`` of a
    space's centre of the lattice (a column or row no walk crossed), of a like size, on no
    place already taken, and keeping the lattice within 11 columns and rows (the nearest
    first: a coin circle below the map is no space of it)."""
    import cv2

    side = float(np.median(areas[list(place)]))
    back = np.linalg.inv(fit)
    at = cv2.perspectiveTransform(centres.reshape(-1, 1, 2).astype(np.float64), back).reshape(-1, 2) - 0.5
    taken = set(place.values())
    middle = np.array(list(taken), dtype=np.float64).mean(axis=0)
    out = dict(place)
    for i in np.argsort(np.abs(at - middle).max(axis=1)):
        x, y = at[i]
        spot = (round(float(x)), round(float(y)))
        if (i in out or spot in taken or max(abs(x - spot[0]), abs(y - spot[1])) > NEAR
                or not ALIKE[0] < areas[i] / side < ALIKE[1]):
            continue
        cols, rows = zip(*taken, spot)
        if max(cols) - min(cols) >= 11 or max(rows) - min(rows) >= 11:
            continue
        out[int(i)] = spot
        taken.add(spot)
    return out


def lattice_frames(ink: np.ndarray, scale: float = 1.0) -> list[np.ndarray]:
    """The grid's corners (top-left, top-right, bottom-right, bottom-left, in the photo's
    pixels: the mask's divided by ``scale``) for each way the map may lie over the largest
    lattice of spaces in the mask; none when there is no lattice to speak of."""
    import cv2

    quads = spaces_of(ink)
    if len(quads) < LEAST_SPACES:
        return []
    areas = np.array([cv2.contourArea(q.astype(np.float32)) for q in quads])
    centres = np.array([q.mean(axis=0) for q in quads])
    sides = np.array([[(q[k] + q[(k + 1) % 4]) / 2 - q.mean(axis=0) for k in range(4)] for q in quads])
    across, hops = _neighbours(areas, centres, sides)
    place: dict[int, tuple[int, int]] = {}
    walked = np.zeros(len(quads), dtype=bool)
    for start in range(len(quads)):
        if walked[start] or (across[start] < 0).all():
            continue
        reached = _walk(start, sides, across, hops)
        walked[list(reached)] = True
        if len(reached) > len(place):
            place = reached
    if len(place) < LEAST_SPACES:
        return []
    fit, cells = _fitted(place, centres, areas)
    if fit is None:
        return []
    # The spaces the walk did not reach (past a column drawn full) that lie where the fit puts
    # a space join it, and the fit is made again with them.
    place = _joined(place, fit, centres, areas)
    fit, cells = _fitted(place, centres, areas)
    if fit is None:
        return []
    (c0, r0), (c1, r1) = cells.min(axis=0), cells.max(axis=0)
    if min(c1 - c0, r1 - r0) + 1 < LEAST_SPAN or max(c1 - c0, r1 - r0) + 1 > 11:
        return []
    frames = []
    for left in range(c1 - 10, c0 + 1):
        for top in range(r1 - 10, r0 + 1):
            box = np.array([[left, top], [left + 11, top], [left + 11, top + 11], [left, top + 11]], dtype=np.float32)
            frames.append(cv2.perspectiveTransform(box.reshape(-1, 1, 2), fit).reshape(4, 2).astype(np.float64) / scale)
    return frames
