"""The sentences of what a drawing did on a map file: ``place``, ``unplace``, ``season-end``,
``fits``, ``solo-ambush``, ``title`` and ``read``. Plain strings, like ``words`` (whose small
helpers they use)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import EDICTS, AmbushCard
from ..grid import cells_label
from .words import coin_track_full, names, plural

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import ExploreCard, ScoringCard
    from ..moves import Fits
    from ..moves.playermap import Outcome
    from ..table import Placed, PlacedHero, SeasonEnded, Unplaced



def coin_reasons(outcome: Outcome) -> list[str]:
    """Each coin a change earned, in words: the coin shape, each mountain, Dragon Inferno's three."""
    out = []
    for c in outcome.earned:
        if c.why == "shape":
            out.append("coin shape")
        elif c.why == "mountain":
            out.append(f"surrounded the mountain at {c.space.label if c.space else '?'}")
    if outcome.dragon:
        out.append(f"Dragon Inferno: every dragon space is surrounded or destroyed ({plural(outcome.dragon, 'coin')})")
    return out


def outcome_coins(outcome: Outcome) -> str:
    """``coins: +2 (coin shape; surrounded the mountain at F6), 3 -> 5``."""
    earned = len(outcome.earned)
    if not earned:
        return f"coins: none gained ({outcome.after.coins} on the track)"
    return (f"coins: +{earned} ({'; '.join(coin_reasons(outcome))}), {outcome.before.coins} -> "
            f"{outcome.after.coins}")


def placed_lines(result: Placed | PlacedHero) -> list[str]:
    """What ``place`` says: the drawing (a shape or a hero), what it did, the coins, and whether
    it was written."""
    import os

    from ..table import PlacedHero

    name = os.path.basename(result.path)
    if isinstance(result, PlacedHero):
        h = result.drawing
        lines = [(f"{name}: {h.hero.name} (hero) on {cells_label(h.mask)}, pattern in orientation "
                  f"{h.orientation}: marks {cells_label(h.attacks) or 'none (all beyond the map edge)'}")]
        if h.destroyed:
            lines.append(f"destroyed: {cells_label(h.destroyed)} (monster spaces inside the marks)")
    else:
        d = result.drawing
        assert d is not None
        how = "the single-space fallback" if d.fallback else f"option {d.option}" + (" (coin)" if d.coin_shape else "")
        lines = [f"{name}: {d.card.name}, {how}: {d.terrain.word} on {cells_label(d.mask)}"]
        lines += effect_lines(result)
    assert result.outcome is not None
    lines.append(outcome_coins(result.outcome))
    if not result.written:
        lines.append("dry run: nothing written")
    return lines


def placed_notes(result: Placed | PlacedHero, ruins: bool) -> list[str]:
    """The warnings of ``place``: coins the full track lost; a ruins obligation a monster ignores."""
    from ..cards import AmbushCard

    notes = []
    full = coin_track_full(result.before.sheet.side.coin_track, result.lost)
    if full:
        notes.append(full)
    card = getattr(result.drawing, "card", None)
    if ruins and isinstance(card, AmbushCard):
        notes.append("the ruins obligation does not apply to a monster: it passes on to the next explore card")
    return notes


def placed_highlight(result: Placed | PlacedHero) -> int:
    """The spaces the picture after ``place`` brackets: those drawn, marked and destroyed."""
    assert result.drawing is not None and result.outcome is not None
    return result.drawing.mask | result.outcome.entry.marks | result.outcome.destroyed


def effect_lines(result: Placed) -> list[str]:
    """What a drawing did beyond its spaces: monsters destroyed in a zone, the gorgon's gaze."""
    d = result.drawing
    assert d is not None and result.outcome is not None
    lines = []
    if d.destroyed:
        lines.append(f"destroyed at once: {cells_label(d.destroyed)} (monster spaces inside an attack zone)")
    gazed = result.outcome.destroyed & ~d.destroyed
    if gazed:
        lines.append(f"the gorgon destroyed {cells_label(gazed)}")
    return lines


def season_end_map_lines(result: SeasonEnded) -> list[str]:
    """What ``season-end`` says: each effect in order, what it did, and the coins."""
    import os

    name = os.path.basename(result.path)
    if not result.order:
        lines = [f"{name}: after {result.season}'s scoring: no zombie or troll on this map, nothing to do"]
    else:
        lines = [f"{name}: after {result.season}'s scoring:"]
    for step in result.order:
        if step == "zombie-plague":
            spread = cells_label(result.zombies) or "nowhere (no empty space next to a zombie)"
            lines.append(f"  Zombie Plague spreads to {spread}")
            if result.zombies_destroyed:
                lines.append(f"    destroyed at once, inside an attack zone: {cells_label(result.zombies_destroyed)}")
        else:
            lines.append(f"  Giant Troll Ravage destroys {cells_label(result.troll) or 'nothing (no empty space next to it)'}")
    if result.outcome.earned:
        lines.append(outcome_coins(result.outcome))
    if not result.written:
        lines.append("dry run: nothing written")
    return lines


def unplaced_lines(result: Unplaced) -> list[str]:
    """What ``unplace`` says: the drawing taken back, the coins, and whether it was written."""
    import os

    d = result.drawn
    rubbed = cells_label(result.erased) or "nothing: those spaces no longer hold it"
    what = d.card + (f", {d.terrain.word} on {cells_label(d.cells)}" if d.terrain is not None and d.cells else "")
    lines = [f"{os.path.basename(result.path)}: took back {what} (changed back: {rubbed})"]
    if d.destroyed:
        lines.append("given back what they held: " + cells_label(d.destroyed_mask))
    if d.marks:
        lines.append("marks rubbed out: " + cells_label(d.marks))
    if d.coins:
        lines.append(f"coins: -{d.coins}, {result.before.coins} -> {result.coins}")
    left = len(result.before.drawings) - 1
    lines.append(f"{plural(left, 'drawing')} left to take back" if left else "no drawing left to take back")
    if not result.written:
        lines.append("dry run: nothing written")
    return lines


def fits_lines(f: Fits, card: ExploreCard | AmbushCard) -> list[str]:
    """What ``fits`` says: each option's count with an example, and the fallback."""
    from ..moves import card_options

    options = [(opt.shape.render(), opt.coin) for opt in card_options(card)]
    card_name = card.name
    out = []
    for o, (rows, coin) in zip(f.options, options):
        example = f", for example {cells_label(o.example)}" if o.placements else ""
        out.append(f"{card_name} option {o.option} ({'/'.join(rows)}{', coin' if coin else ''}): "
                   f"{plural(o.placements, 'placement')}{example}")
    out.append("single-space fallback: " + ("yes, no shape can be drawn" if f.fallback else "no"))
    return out


def solo_ambush_lines(result: Placed, ambush: AmbushCard) -> list[str]:
    """What ``solo-ambush`` says: where the monster went (or that it is ignored) and the coins."""
    import os

    name = os.path.basename(result.path)
    if result.drawing is None or result.candidate is None:
        return [f"{name}: {ambush.name} fits nowhere in its printed orientation: the ambush is ignored"]
    cand = result.candidate
    lines = [(f"{name}: {ambush.name}: monster on {cells_label(cand.mask)} "
             f"(ring {cand.ring}, from the {ambush.corner.upper()} corner going {ambush.arrow})")]
    assert result.outcome is not None
    if result.outcome.earned:
        lines.append(outcome_coins(result.outcome))
    lines += effect_lines(result)
    return lines + ([] if result.written else ["dry run: nothing written"])


def title_lines(score: int, chosen: Sequence[ScoringCard], rating: int, name: str) -> list[str]:
    """What ``title`` says: the rating worked out, and the title."""
    parts = ", ".join(f"{e} {c.name} {c.solo}" for e, c in zip(EDICTS, chosen))
    return [f"rating {rating} = score {score} - solo numbers {score - rating} ({parts})", f"title: {name}"]


def photo_read_lines(result: Any) -> list[str]:
    """What ``read`` says besides the map: where it found the map, and the spaces left ``?``."""
    how = "found the map" if result.found else "took the corners given"
    corners = " ".join(f"{x:g},{y:g}" for x, y in result.corners)
    lines = [f"{how} at {corners}"]
    if result.unread:
        lines.append(f"{plural(len(result.unread), 'space')} left '?' (not read surely): {names(result.unread, 20)}; "
                     "type them before scoring")
    else:
        lines.append("every space read; look the map over before scoring it")
    return lines
