"""A colour picture's channels compared pixel by pixel: its brightest and dimmest channel.

The same as numpy's ``max`` and ``min`` over the last axis, taken channel by channel: a
reduction over an axis of three is 10 to 20 times slower (a 3 MP photo: 72 ms against 3 ms),
and the reader takes these of the whole photo and of the square several times a read."""

from __future__ import annotations

import numpy as np


def brightest(rgb: np.ndarray) -> np.ndarray:
    """Each pixel's highest channel."""
    return np.maximum(np.maximum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])


def dimmest(rgb: np.ndarray) -> np.ndarray:
    """Each pixel's lowest channel."""
    return np.minimum(np.minimum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])
