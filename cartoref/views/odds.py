"""The odds as the table says them ("1 in 4") and the forecast's one-line summary: shared by
``advice`` (the ``forecast`` command) and ``words`` (the status screen), below both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, decimal, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from ..game.forecast import Forecast


def odds(p: Fraction) -> str:
    """A probability as the table says it: "1 in 4", "3 in 10", "certain", "no chance"."""
    if p == 1:
        return _("certain")
    if p == 0:
        return _("no chance")
    return _("{chances} in {all}").format(chances=p.numerator, all=p.denominator)


def forecast_summary(f: Forecast) -> str:
    """One line: "the season ends with the next card: 1 in 4; 2.6 draws left on average"."""
    if f.ends_next == 1:
        head = _("the season ends with the next card")
    elif f.ends_next == 0:
        n = min(f.draws_left)
        head = ngettext("the season cannot end with the next card (at least {n} more draw)",
                        "the season cannot end with the next card (at least {n} more draws)", n).format(n=n)
    else:
        head = _("the season ends with the next card: {odds}").format(odds=odds(f.ends_next))
    return _("{forecast}; {draws} draws left on average").format(forecast=head,
                                                                 draws=decimal(float(f.expected_draws_left)))
