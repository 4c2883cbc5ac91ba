"""The sentences of the advisor: ``hint`` (where to draw a card, and why) and ``forecast``
(when the season ends). Plain strings, like ``words``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import AmbushCard
from ..grid import cells_label
from ..moves.heroes import HeroDrawing
from .odds import forecast_summary, odds
from .words import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..game.forecast import Forecast
    from ..moves.advice import Hint
    from ..moves.lookahead import Ahead
    from ..table import Hinted


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
    reasons = h.drawing.coin_reasons() + ([f"Dragon Inferno's {h.dragon} coins"] if h.dragon else [])
    if h.coins:
        out.append(f"+{plural(h.coins, 'coin')} ({', '.join(reasons)}): a star at every scoring left")
    elif reasons:
        out.append("no coin: the coin track is full")
    if h.protects:
        out.append(f"its marks cover {plural(h.protects, 'more empty space')}: a monster drawn there is destroyed")
    if h.monsters > 0:
        out.append(f"+{h.monsters}: fills {plural(h.monsters, 'empty space')} next to monsters")
    elif h.monsters < 0:
        out.append(f"{h.monsters}: leaves {plural(-h.monsters, 'more empty space')} next to monsters")
    return out or ["changes no score"]


def ahead_reason(a: Ahead) -> str:
    """Why the next card makes a drawing worth more or less: "keeps room for Fishing Village: its
    best drawing next is worth 4.0 stars more than after the one-step best (1 of 9 cards face
    down)"."""
    if a.card is None:
        return (f"the next card: {a.next:+.1f} stars expected at best after it "
                f"(from the {plural(a.face_down, 'card')} face down)")
    if isinstance(a.card, AmbushCard):
        where = (f"{a.card.name}'s monster would land where it costs {abs(a.more):.1f} "
                 f"{'stars less' if a.more >= 0 else 'stars more'} than after the one-step best")
        return f"{where} ({a.chance:.0%} that it is the next card); the next card: {a.next:+.1f} expected"
    copies = round(a.chance * a.drawn)
    left = f"{copies} of {a.face_down} cards face down"
    if a.more > 0:
        return (f"keeps room for {a.card.name}: its best drawing next is worth {a.more:.1f} stars more "
                f"than after the one-step best ({left}); the next card: {a.next:+.1f} expected")
    return (f"the next card: {a.next:+.1f} stars expected at best after it; no card gains more than after "
            f"the one-step best ({a.card.name}: {a.more:+.1f}, {left})")


def hint_line(rank: int, h: Hint) -> str:
    """``1. water on K1, K2, K3 (option 1): 16 = 1 now + 15 later``, and with the next card
    looked at ``; 19.5 with the next card (+3.5)``."""
    d = h.drawing
    ahead = f"; {h.value:.1f} with the next card ({h.ahead.next:+.1f})" if h.ahead is not None else ""
    if isinstance(d, HeroDrawing):
        return (f"{rank}. hero on {cells_label(d.mask)} (orientation {d.orientation}, marks "
                f"{cells_label(d.attacks) or 'none'}): {h.total} = {h.now} now + {h.later} later{ahead}")
    how = "single-space fallback" if d.option is None else f"option {d.option}"
    return (f"{rank}. {d.terrain.word} on {cells_label(d.mask)} ({how}): {h.total} = {h.now} now "
            f"+ {h.later} later{ahead}")


def best_svg(result: Hinted) -> str:
    """The map with the best drawing outlined, as an SVG picture."""
    import os

    from ..errors import UsageError
    from .svg import sheet_svg

    if not result.ranked:
        raise UsageError(f"{result.card.name} has no legal drawing on {result.map.name}", code="no-drawing")
    best = result.ranked[0]
    ahead = f", {best.value:.1f} with the next card" if best.ahead is not None else ""
    return sheet_svg(best.after, result.map.player or os.path.basename(result.map.name), result.map.coins + best.coins,
                     drawn=best.mask,
                     caption=f"best {result.card.name}, {best.total} = {best.now} now + {best.later} later{ahead}")


def hint_lines(result: Hinted, shown: int) -> list[str]:
    """What ``hint`` says: the count, then each drawing shown with its reasons."""
    card, ranked, season = result.card, result.ranked, result.season
    who = result.map.player or result.map.name
    lines = [(f"{card.name} on {who}, {season}: {plural(len(ranked), 'legal drawing')}, "
              f"the best {min(shown, len(ranked))}:")]
    for n, h in enumerate(ranked[:shown], 1):
        lines.append(hint_line(n, h))
        lines += [f"     {why}" for why in hint_reasons(h)]
        if h.ahead is not None:
            lines.append(f"     {ahead_reason(h.ahead)}")
    if result.against is not None:
        lines.append(f"Drawn by you on {who}'s map: these are the drawings that hurt it most (its worth, lowest "
                     "first).")
    elif isinstance(card, AmbushCard):
        lines.append("An ambush is drawn by a neighbour: these are the drawings that hurt this map least.")
    lines.append("Now: this season's score; later: the scorings still to come, if nothing else changes.")
    if any(h.ahead is not None for h in ranked):
        lines.append("With the next card: each card still face down drawn at its best after this drawing (a "
                     "monster where it would land), averaged by its chance; never the deck's order.")
    return lines
