"""The sentences of the advisor: ``hint`` (where to draw a card, and why) and ``forecast``
(when the season ends). Plain strings, like ``words``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import AmbushCard
from ..grid import cells_label
from .words import plural

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from ..game.forecast import Forecast
    from ..moves.advice import Hint


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


def forecast_lines(f: Forecast, season_name: str, running: bool) -> list[str]:
    """What ``forecast`` says: the summary and each number of draws left with its odds."""
    lead = f"{season_name} {f.time}/{f.threshold}" if running else f"{season_name} (next season, from 0/{f.threshold})"
    lines = [f"{lead}: {forecast_summary(f)}.", "Draws left until the season ends:"]
    for n, p in f.draws_left.items():
        lines.append(f"  {n}: {odds(p)} ({float(p):.1%})")
    lines.append("From what the table knows: the cards revealed so far and how many ambushes and heroes "
                 "are face down, never the deck's order.")
    return lines


def hint_reasons(h: Hint) -> list[str]:
    """Why a drawing is worth what it is: each edict it changes, its coins, the monsters."""
    out = []
    for g in h.gains:
        if not g.stars:
            continue
        when = []
        if g.now:
            when.append("now")
        if g.later:
            when.append(f"at {plural(g.later, 'later scoring')}")
        out.append(f"{g.stars:+d} {g.name} " + (" and ".join(when) if when else "(not scored again)")
                   + f": {g.before} to {g.after} stars")
    if h.coins:
        out.append(f"+{plural(h.coins, 'coin')} ({', '.join(h.drawing.coin_reasons())}): a star at every scoring left")
    elif h.drawing.coins:
        out.append("no coin: the coin track is full")
    if h.monsters > 0:
        out.append(f"+{h.monsters}: fills {plural(h.monsters, 'empty space')} next to monsters")
    elif h.monsters < 0:
        out.append(f"{h.monsters}: leaves {plural(-h.monsters, 'more empty space')} next to monsters")
    return out or ["changes no score"]


def hint_line(rank: int, h: Hint) -> str:
    """``1. water on K1, K2, K3 (option 1): 16 = 1 now + 15 later``."""
    d = h.drawing
    how = "single-space fallback" if d.option is None else f"option {d.option}"
    return (f"{rank}. {d.terrain.word} on {cells_label(d.mask)} ({how}): {h.total} = {h.now} now "
            f"+ {h.later} later")


def hint_lines(card: Any, who: str, season: str, ranked: Sequence[Hint], shown: int) -> list[str]:
    """What ``hint`` says: the count, then each drawing shown with its reasons."""
    lines = [(f"{card.name} on {who}, {season}: {plural(len(ranked), 'legal drawing')}, "
              f"the best {min(shown, len(ranked))}:")]
    for n, h in enumerate(ranked[:shown], 1):
        lines.append(hint_line(n, h))
        lines += [f"     {why}" for why in hint_reasons(h)]
    if isinstance(card, AmbushCard):
        lines.append("An ambush is drawn by a neighbour: these are the drawings that hurt this map least.")
    lines.append("Now: this season's score; later: the scorings still to come, if nothing else changes.")
    return lines
