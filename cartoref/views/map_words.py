"""The sentences of what a drawing did on a map file: ``place``, ``unplace``, ``season-end``,
``fits``, ``solo-ambush``, ``title`` and ``read``. Plain strings, like ``words`` (whose small
helpers they use)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import EDICTS, AmbushCard, catalog
from ..cardtypes import shown_name
from ..effectrules import ZOMBIES
from ..grid import cells_label
from ..i18n import _, clauses, ngettext
from ..moves.effects import effect_of
from .phrases import coin_track_full, names, season_word

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
            out.append(_("coin shape"))
        elif c.why == "mountain":
            out.append(_("surrounded the mountain at {space}").format(space=c.space.label if c.space else "?"))
    if outcome.dragon:
        out.append(ngettext("Dragon Inferno: every dragon space is surrounded or destroyed ({n} coin)",
                            "Dragon Inferno: every dragon space is surrounded or destroyed ({n} coins)",
                            outcome.dragon).format(n=outcome.dragon))
    return out


def outcome_coins(outcome: Outcome) -> str:
    """``coins: +2 (coin shape; surrounded the mountain at F6), 3 -> 5``."""
    earned = len(outcome.earned)
    if not earned:
        return _("coins: none gained ({n} on the track)").format(n=outcome.after.coins)
    return _("coins: +{n} ({reasons}), {before} -> {after}").format(
        n=earned, reasons=clauses(coin_reasons(outcome)), before=outcome.before.coins, after=outcome.after.coins)


def placed_lines(result: Placed | PlacedHero) -> list[str]:
    """What ``place`` says: the drawing (a shape or a hero), what it did, the coins, and whether
    it was written."""
    import os

    from ..table import PlacedHero

    name = os.path.basename(result.path)
    if isinstance(result, PlacedHero):
        h = result.drawing
        lines = [_("{map}: {hero} (hero) on {spaces}, pattern in orientation {orientation}: marks {marks}").format(
            map=name, hero=shown_name(h.hero), spaces=cells_label(h.mask), orientation=h.orientation,
            marks=cells_label(h.attacks) or _("none (all beyond the map edge)"))]
        if h.destroyed:
            lines.append(_("destroyed: {spaces} (monster spaces inside the marks)").format(spaces=cells_label(h.destroyed)))
    else:
        d = result.drawing
        assert d is not None
        if d.fallback:
            text = _("{map}: {card}, the single-space fallback: {terrain} on {spaces}")
        elif d.coin_shape:
            text = _("{map}: {card}, option {option} (coin): {terrain} on {spaces}")
        else:
            text = _("{map}: {card}, option {option}: {terrain} on {spaces}")
        lines = [text.format(map=name, card=shown_name(d.card), option=d.option, terrain=d.terrain.spoken,
                             spaces=cells_label(d.mask))]
        lines += effect_lines(result)
    assert result.outcome is not None
    entry = result.outcome.entry
    if entry.skill:
        lines.append(ngettext("skill: {skill}, {n} coin crossed out on the track ({left} left to spend)",
                              "skill: {skill}, {n} coins crossed out on the track ({left} left to spend)",
                              entry.paid).format(skill=shown_name(catalog().skill(entry.skill)), n=entry.paid,
                                                 left=result.outcome.after.coins_to_spend))
    lines.append(outcome_coins(result.outcome))
    if not result.written:
        lines.append(_("dry run: nothing written"))
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
        notes.append(_("the ruins obligation does not apply to a monster: it passes on to the next explore card"))
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
        lines.append(_("destroyed at once: {spaces} (monster spaces inside an attack zone)")
                     .format(spaces=cells_label(d.destroyed)))
    gazed = result.outcome.destroyed & ~d.destroyed
    if gazed:
        lines.append(_("the gorgon destroyed {spaces}").format(spaces=cells_label(gazed)))
    return lines


def season_end_map_lines(result: SeasonEnded) -> list[str]:
    """What ``season-end`` says: each effect in order, what it did, and the coins."""
    import os

    name = os.path.basename(result.path)
    season = season_word(result.season)
    if not result.order:
        lines = [_("{map}: after {season}'s scoring: no zombie or troll on this map, nothing to do")
                 .format(map=name, season=season)]
    else:
        lines = [_("{map}: after {season}'s scoring:").format(map=name, season=season)]
    for step in result.order:
        if effect_of(step) == ZOMBIES:
            spread = cells_label(result.zombies) or _("nowhere (no empty space next to a zombie)")
            lines.append("  " + _("{card} spreads to {spaces}").format(card=_card_named(step), spaces=spread))
            if result.zombies_destroyed:
                lines.append("    " + _("destroyed at once, inside an attack zone: {spaces}")
                             .format(spaces=cells_label(result.zombies_destroyed)))
        else:
            ravaged = cells_label(result.troll) or _("nothing (no empty space next to it)")
            lines.append("  " + _("{card} destroys {spaces}").format(card=_card_named(step), spaces=ravaged))
    if result.outcome.earned:
        lines.append(outcome_coins(result.outcome))
    if not result.written:
        lines.append(_("dry run: nothing written"))
    return lines


def unplaced_lines(result: Unplaced) -> list[str]:
    """What ``unplace`` says: the drawing taken back, the coins, and whether it was written."""
    import os

    d = result.drawn
    name = os.path.basename(result.path)
    rubbed = cells_label(result.erased) or _("nothing: those spaces no longer hold it")
    if d.terrain is not None and d.cells:
        # d.card is the card id (or "after SEASON") as the map's history keeps it
        lines = [_("{map}: took back {card}, {terrain} on {spaces} (changed back: {erased})").format(
            map=name, card=d.card, terrain=d.terrain.spoken, spaces=cells_label(d.cells), erased=rubbed)]
    else:
        lines = [_("{map}: took back {card} (changed back: {erased})").format(map=name, card=d.card, erased=rubbed)]
    if d.destroyed:
        lines.append(_("given back what they held: {spaces}").format(spaces=cells_label(d.destroyed_mask)))
    if d.marks:
        lines.append(_("marks rubbed out: {spaces}").format(spaces=cells_label(d.marks)))
    if d.coins:
        lines.append(_("coins: -{n}, {before} -> {after}").format(n=d.coins, before=result.before.coins,
                                                                  after=result.coins))
    left = len(result.before.drawings) - 1
    lines.append(ngettext("{n} drawing left to take back", "{n} drawings left to take back", left).format(n=left)
                 if left else _("no drawing left to take back"))
    if not result.written:
        lines.append(_("dry run: nothing written"))
    return lines


def fits_lines(f: Fits, card: ExploreCard | AmbushCard) -> list[str]:
    """What ``fits`` says: each option's count with an example, and the fallback."""
    from ..moves import card_options

    options = [(opt.shape.render(), opt.coin) for opt in card_options(card)]
    card_name = shown_name(card)
    out = []
    for o, (rows, coin) in zip(f.options, options):
        shape = "/".join(rows)
        if coin:
            shape = _("{shape}, coin").format(shape=shape)
        n = o.placements
        if n:
            text = ngettext("{card} option {option} ({shape}): {n} placement, for example {example}",
                            "{card} option {option} ({shape}): {n} placements, for example {example}", n)
        else:
            text = ngettext("{card} option {option} ({shape}): {n} placement",
                            "{card} option {option} ({shape}): {n} placements", n)
        out.append(text.format(card=card_name, option=o.option, shape=shape, n=n,
                               example=cells_label(o.example) if n else ""))
    if f.unbound is not None:
        out.append(_("(a ruins card came before: a shape must cover an empty ruins space; without that, "
                     "{counts})").format(counts=", ".join(
                         ngettext("option {option}: {n} placement", "option {option}: {n} placements", n)
                         .format(option=i, n=n) for i, n in enumerate(f.unbound, 1))))
    out.append(_("single-space fallback: yes, no shape can be drawn") if f.fallback
               else _("single-space fallback: no"))
    return out


def solo_ambush_lines(result: Placed, ambush: AmbushCard) -> list[str]:
    """What ``solo-ambush`` says: where the monster went (or that it is ignored) and the coins."""
    import os

    name = os.path.basename(result.path)
    if result.drawing is None or result.candidate is None:
        return [_("{map}: {card} fits nowhere in its printed orientation: the ambush is ignored")
                .format(map=name, card=shown_name(ambush))]
    cand = result.candidate
    # the corner (NW) and the arrow (cw) as the card files spell them
    lines = [_("{map}: {card}: monster on {spaces} (ring {ring}, from the {corner} corner going {arrow})").format(
        map=name, card=shown_name(ambush), spaces=cells_label(cand.mask), ring=cand.ring,
        corner=ambush.corner.upper(), arrow=ambush.arrow)]
    assert result.outcome is not None
    if result.outcome.earned:
        lines.append(outcome_coins(result.outcome))
    lines += effect_lines(result)
    return lines + ([] if result.written else [_("dry run: nothing written")])


def title_lines(score: int, chosen: Sequence[ScoringCard], rating: int, name: str) -> list[str]:
    """What ``title`` says: the rating worked out, and the title."""
    parts = ", ".join(f"{e} {shown_name(c)} {c.solo}" for e, c in zip(EDICTS, chosen))
    return [_("rating {rating} = score {score} - solo numbers {numbers} ({cards})").format(
                rating=rating, score=score, numbers=score - rating, cards=parts),
            _("title: {title}").format(title=catalog().spoken_title(name))]


def photo_read_lines(result: Any) -> list[str]:
    """What ``read`` says besides the map: where it found the map, and the spaces left ``?``."""
    corners = " ".join(f"{x:g},{y:g}" for x, y in result.corners)
    lines = [(_("found the map at {corners}") if result.found else _("took the corners given at {corners}"))
             .format(corners=corners)]
    if result.unread:
        n = len(result.unread)
        lines.append(ngettext("{n} space left '?' (not read surely): {spaces}; type them before scoring",
                              "{n} spaces left '?' (not read surely): {spaces}; type them before scoring",
                              n).format(n=n, spaces=names(result.unread, 20)))
    else:
        lines.append(_("every space read; look the map over before scoring it"))
    if result.unread and 0 < result.space_px < result.least_px:
        lines.append(_("the map is {px:.0f} pixels a space in this photo, too few to tell a light hand's drawing "
                       "from paper ({least} or more): photograph it closer to read more").format(
            px=result.space_px, least=result.least_px))
    if result.asks:
        lines.append(_("to read more, label these spaces and read again; each looks like others left '?' "
                       "(how many, itself included): {spaces}").format(
            spaces=", ".join(f"{space} ({n})" for space, n in result.asks)))
    return lines


def _card_named(card_id: str) -> str:
    """An ambush's name in the language spoken, by its id."""
    card = catalog().ambush_by_id(card_id)
    return shown_name(card) if card is not None else card_id
