"""Pencil symbols read by the sheet's own drawings: every drawn space compared with every other
(``symbols.alike``), the labels a person gave spread over them one space at a time, the clearest
first (``propagate``), each space then scored against the others' letters
(``sheet_likeness``); and the spaces left ``?`` that a label would read most of (``asks``).
``spaces`` decides each space with these scores.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..grid import Cell
from . import symbols

ALIKE = 0.75  # a pencil symbol is read when its likeness to the sheet's spaces of one letter is at least this
LEARN, LEARN_GAP = 0.7, 0.07  # so like one letter's spaces, and so much more than another's: the spread reads it
ASKS = 6  # at most so many spaces left "?" are asked for a label, each standing for its look-alikes
NEAREST = 6  # a space the spread read teaches only the spaces it is among the most like of


def asks(drawn: list[Cell], strokes: Mapping[Cell, np.ndarray], compared: list[Cell], likeness: np.ndarray,
          read: list[list[str]], ruins: int) -> tuple[tuple[str, int], ...]:
    """The pencil symbols left ``?`` that a label would read most of: the look-alike groups
    (``symbols.look_alike_groups``, as alike as the spread needs) of the drawn spaces left ``?``,
    at most ``ASKS`` of them. A ruins space is never asked: its print mixes with the symbol, so
    its label teaches the print too. ``compared`` and ``likeness``: the spaces the labels were
    spread over, when there were labels (else the drawn spaces are compared here)."""
    if not compared:
        compared = drawn
        if len(drawn) < 2:
            return ()
        likeness = symbols.alike(np.stack([symbols.seen_views(strokes[cell]) for cell in drawn]))
    unread = [i for i, cell in enumerate(compared) if read[cell.row][cell.col] == "?" and not ruins & cell.bit]
    groups = symbols.look_alike_groups(likeness, unread, LEARN)
    return tuple((compared[i].label, n) for i, n in groups[:ASKS])


def sheet_likeness(drawn: list[Cell], strokes: Mapping[Cell, np.ndarray], labelled: Mapping[Cell, str]
                    ) -> tuple[dict[Cell, list[tuple[float, str]]], list[Cell], np.ndarray, dict[Cell, np.ndarray]]:
    """Each drawn space's likeness to each labelled symbol as this sheet's hand draws it, best
    first. Every drawn and labelled space is compared with every other (``symbols.alike``); the
    labels spread over the drawn spaces (``propagate``); then each space is scored against the
    others' letters, not its own: the best likeness to a space of each letter. A space the spread
    reached with another letter than its scores give is given no scores (it is ``?``). Also the
    spaces compared (labelled first), their likeness, and each drawn space's features as it is."""
    cells = list(labelled) + [cell for cell in drawn if cell not in labelled]
    if not cells:
        return {}, cells, np.zeros((0, 0)), {}
    views = np.stack([symbols.seen_views(strokes[cell]) for cell in cells])
    likeness = symbols.alike(views)
    plain = {cell: views[i, len(symbols.SEEN) // 2] for i, cell in enumerate(cells) if cell not in labelled}
    known = {i: labelled[cell] for i, cell in enumerate(cells) if cell in labelled}
    # The letter of the labelled space each is most like: the spread reads a space as no other.
    alone = {i: known[max(known, key=lambda j: float(likeness[i, j]))] for i in range(len(cells))}
    read = propagate(likeness, known, LEARN, LEARN_GAP, alone)
    letters = sorted(set(labelled.values()))
    out: dict[Cell, list[tuple[float, str]]] = {}
    for i, cell in enumerate(cells):
        if cell in labelled:
            continue
        others = [j for j in read if j != i]
        best = {letter: max((float(likeness[i, j]) for j in others if read[j] == letter), default=0.0)
                for letter in letters}
        ranked = sorted(((v, k) for k, v in best.items()), reverse=True)
        if i in read and ranked[0][1] == read[i]:
            out[cell] = ranked
        elif i not in read:
            out[cell] = [(min(v, ALIKE - 0.1), k) for v, k in ranked]  # the spread did not reach it
    return out, cells, likeness, plain


def propagate(likeness: np.ndarray, known: Mapping[int, str], least: float, margin: float,
              alone: Mapping[int, str] | None = None) -> dict[int, str]:
    """Letters spread from the spaces ``known`` (index: letter) over the others, one space at a
    time: of the spaces not read yet, the one whose likeness to a read space of one letter most
    exceeds its likeness to any read space of another (by at least ``margin``, the likeness at
    least ``least``) is read as that letter, and so becomes an example itself. A symbol drawn in
    a way far from its label is then reached through the drawings between them, and the surest
    are read first, so that a doubtful one is judged with the most examples. ``alone``: the
    letter the labels alone give each space (``known``'s letter most like it); a space is read
    only as that letter, so that one drawing read wrong cannot carry its likes with it (a house
    read as a tree, then every house more like it than like the labelled house). And a space
    read by the spread teaches only the ``NEAREST`` spaces most like it: a house read among the
    faces, less like any face than the faces are like each other, does not bring the other
    houses with it."""
    letters = sorted(set(known.values()))
    n = likeness.shape[0]
    read = dict(known)
    # A drawn space teaches only its nearest few (the spaces it is among the most like too).
    order = np.argsort(-np.where(np.eye(n, dtype=bool), -np.inf, likeness), axis=1)
    near = np.zeros((n, n), dtype=bool)
    np.put_along_axis(near, order[:, :NEAREST], True, axis=1)
    teaches = np.where(near, likeness, -1.0)
    nearest = np.full((len(letters), n), -1.0)  # each letter's best likeness to each space
    for i, letter in known.items():
        k = letters.index(letter)
        nearest[k] = np.maximum(nearest[k], likeness[i])
    if len(letters) < 2:
        nearest = np.vstack([nearest, np.zeros((1, n))])
    while len(read) < n:
        ordered = np.sort(nearest, axis=0)
        top, gap = ordered[-1], ordered[-1] - ordered[-2]
        # Clearly like one letter; or less like it but twice as clearly unlike the others.
        clear = ((top >= least) & (gap >= margin)) | ((top >= least - 0.1) & (gap >= 2 * margin))
        ready = np.array([i not in read for i in range(n)]) & clear
        if alone is not None:
            ready &= np.array([k < len(letters) and alone.get(i, letters[k]) == letters[k]
                               for i, k in enumerate(nearest.argmax(axis=0))])
        if not ready.any():
            break
        i = int(np.argmax(np.where(ready, gap, -np.inf)))
        k = int(np.argmax(nearest[:, i]))
        read[i] = letters[k]
        nearest[k] = np.maximum(nearest[k], teaches[i])
    return read
