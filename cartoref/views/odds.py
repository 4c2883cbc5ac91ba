"""The odds as the table says them ("1 in 4") and the forecast's one-line summary: shared by
``advice`` (the ``forecast`` command) and ``words`` (the status screen), below both."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from ..game.forecast import Forecast


def odds(p: Fraction) -> str:
    """A probability as the table says it: "1 in 4", "3 in 10", "certain", "no chance"."""
    if p == 1:
        return "certain"
    if p == 0:
        return "no chance"
    return f"{p.numerator} in {p.denominator}"


def forecast_summary(f: Forecast) -> str:
    """One line: "the season ends with the next card: 1 in 4; 2.6 draws left on average"."""
    if f.ends_next == 1:
        head = "the season ends with the next card"
    elif f.ends_next == 0:
        head = f"the season cannot end with the next card (at least {min(f.draws_left)} more draws)"
    else:
        head = f"the season ends with the next card: {odds(f.ends_next)}"
    return f"{head}; {float(f.expected_draws_left):.1f} draws left on average"
