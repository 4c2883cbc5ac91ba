"""The sentences of the advisor: ``hint`` (where to draw a card, and why) and ``forecast``
(when the season ends). Plain strings, like ``words``, each a message of the catalogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import AmbushCard
from ..cardtypes import shown_name
from ..grid import cells_label
from ..i18n import _, decimal, ngettext
from ..moves.heroes import HeroDrawing
from .odds import forecast_summary, odds
from .phrases import season_word

if TYPE_CHECKING:  # pragma: no cover
    from ..game.forecast import Forecast
    from ..moves.advice import Gain, Hint
    from ..moves.lookahead import Ahead, RuinsCost
    from ..table import Hinted


def forecast_lines(f: Forecast, season_name: str, running: bool) -> list[str]:
    """What ``forecast`` says: the summary and each number of draws left with its odds."""
    lead = (f"{season_name} {f.time}/{f.threshold}" if running
            else _("{season} (next season, from 0/{threshold})").format(season=season_name, threshold=f.threshold))
    lines = [_("{season}: {summary}.").format(season=lead, summary=forecast_summary(f)),
             _("Draws left until the season ends:")]
    for n, p in f.draws_left.items():
        lines.append(f"  {n}: {odds(p)} ({decimal(float(p) * 100)}%)")
    lines.append(_("From what the table knows: the cards revealed so far and how many ambushes and heroes "
                   "are face down, never the deck's order."))
    return lines


def _gain_line(g: Gain) -> str:
    """One edict's change: "+3 Sentinel Wood now and at 2 later scorings: 4 to 7 stars"."""
    fields = {"stars": f"{g.stars:+d}", "name": g.name, "before": g.before, "after": g.after, "n": g.later}
    if g.now and g.later:
        text = ngettext("{stars} {name} now and at {n} later scoring: {before} to {after} stars",
                        "{stars} {name} now and at {n} later scorings: {before} to {after} stars", g.later)
    elif g.now:
        text = _("{stars} {name} now: {before} to {after} stars")
    elif g.later:
        text = ngettext("{stars} {name} at {n} later scoring: {before} to {after} stars",
                        "{stars} {name} at {n} later scorings: {before} to {after} stars", g.later)
    else:
        text = _("{stars} {name} (not scored again): {before} to {after} stars")
    return text.format(**fields)


def hint_reasons(h: Hint) -> list[str]:
    """Why a drawing is worth what it is: each edict it changes, its coins, the monsters."""
    out = [_gain_line(g) for g in h.gains if g.stars]
    reasons = h.drawing.coin_reasons() + ([_("Dragon Inferno's {n} coins").format(n=h.dragon)] if h.dragon else [])
    if h.coins:
        out.append(ngettext("+{n} coin ({reasons}): a star at every scoring left",
                            "+{n} coins ({reasons}): a star at every scoring left", h.coins).format(
                                n=h.coins, reasons=", ".join(reasons)))
    elif reasons:
        out.append(_("no coin: the coin track is full"))
    if h.protects:
        out.append(ngettext("its marks cover {n} more empty space: a monster drawn there is destroyed",
                            "its marks cover {n} more empty spaces: a monster drawn there is destroyed",
                            h.protects).format(n=h.protects))
    if h.monsters > 0:
        out.append(ngettext("+{n}: fills {n} empty space next to monsters",
                            "+{n}: fills {n} empty spaces next to monsters", h.monsters).format(n=h.monsters))
    elif h.monsters < 0:
        out.append(ngettext("{change}: leaves {n} more empty space next to monsters",
                            "{change}: leaves {n} more empty spaces next to monsters", -h.monsters).format(
                                change=h.monsters, n=-h.monsters))
    return out or [_("changes no score")]


def ahead_reason(a: Ahead) -> str:
    """Why the next card makes a drawing worth more or less: "keeps room for Fishing Village: its
    best drawing next is worth 4.0 stars more than after the one-step best (1 of 9 cards face
    down)"."""
    expected = decimal(a.next, sign=True)
    if a.card is None:
        return ngettext("the next card: {next} stars expected at best after it (from the {n} card face down)",
                        "the next card: {next} stars expected at best after it (from the {n} cards face down)",
                        a.face_down).format(next=expected, n=a.face_down)
    name = shown_name(a.card)
    if isinstance(a.card, AmbushCard):
        text = (_("{card}'s monster would land where it costs {cost} stars less than after the one-step best "
                  "({chance} that it is the next card); the next card: {next} expected") if a.more >= 0 else
                _("{card}'s monster would land where it costs {cost} stars more than after the one-step best "
                  "({chance} that it is the next card); the next card: {next} expected"))
        return text.format(card=name, cost=decimal(abs(a.more)), chance=f"{a.chance:.0%}", next=expected)
    left = ngettext("{copies} of {n} cards face down", "{copies} of {n} cards face down", a.face_down).format(
        copies=round(a.chance * a.drawn), n=a.face_down)
    if a.more > 0:
        return _("keeps room for {card}: its best drawing next is worth {more} stars more than after the one-step "
                 "best ({left}); the next card: {next} expected").format(card=name, more=decimal(a.more), left=left,
                                                                         next=expected)
    return _("the next card: {next} stars expected at best after it; no card gains more than after the one-step "
             "best ({card}: {more}, {left})").format(next=expected, card=name, more=decimal(a.more, sign=True),
                                                     left=left)


def _said(r: RuinsCost | None) -> RuinsCost | None:
    """A ruins cost worth a word: a twentieth of a star or more (less would read "-0.0")."""
    return r if r is not None and r.stars >= 0.05 else None


def ruins_reason(r: RuinsCost) -> str:
    """Why covering ruins spaces costs stars: "covers 1 of 2 empty ruins spaces: -3.1 stars for
    the ruins cards to come (1.4 obligations expected to the game's end)"."""
    return ngettext("covers {n} of {left} empty ruins space: {stars} stars for the ruins cards to come "
                    "({to_come} obligations expected to the game's end)",
                    "covers {n} of {left} empty ruins spaces: {stars} stars for the ruins cards to come "
                    "({to_come} obligations expected to the game's end)", r.left).format(
                        n=r.covered, left=r.left, stars=decimal(-r.stars, sign=True), to_come=decimal(r.to_come))


def hint_line(rank: int, h: Hint) -> str:
    """``1. water on K1, K2, K3 (option 1): 16 = 1 now + 15 later``, and with the next card
    looked at ``; 19.5 with the next card (+3.5)``."""
    d = h.drawing
    fields = {"rank": rank, "spaces": cells_label(d.mask), "total": h.total, "now": h.now, "later": h.later}
    if h.ahead is not None:
        fields.update(value=decimal(h.value), next=decimal(h.ahead.next, sign=True))
        if (ruins := _said(h.ahead.ruins)) is not None:
            # The next card's part and the ruins' part of the value, side by side.
            fields["next"] = _("{next}, ruins {ruins}").format(next=fields["next"],
                                                              ruins=decimal(-ruins.stars, sign=True))
    if isinstance(d, HeroDrawing):
        text = (_("{rank}. hero on {spaces} (orientation {orientation}, marks {marks}): {total} = {now} now "
                  "+ {later} later") if h.ahead is None else
                _("{rank}. hero on {spaces} (orientation {orientation}, marks {marks}): {total} = {now} now "
                  "+ {later} later; {value} with the next card ({next})"))
        return text.format(orientation=d.orientation, marks=cells_label(d.attacks) or _("none"), **fields)
    how = _("single-space fallback") if d.option is None else _("option {n}").format(n=d.option)
    text = (_("{rank}. {terrain} on {spaces} ({how}): {total} = {now} now + {later} later") if h.ahead is None else
            _("{rank}. {terrain} on {spaces} ({how}): {total} = {now} now + {later} later; {value} with the next "
              "card ({next})"))
    return text.format(terrain=d.terrain.spoken, how=how, **fields)


def best_svg(result: Hinted) -> str:
    """The map with the best drawing outlined, as an SVG picture."""
    import os

    from ..errors import UsageError
    from .svg import sheet_svg

    card = shown_name(result.card)
    if not result.ranked:
        raise UsageError(_("{card} has no legal drawing on {map}").format(card=card, map=result.map.name),
                         code="no-drawing")
    best = result.ranked[0]
    caption = (_("best {card}, {total} = {now} now + {later} later") if best.ahead is None else
               _("best {card}, {total} = {now} now + {later} later, {value} with the next card"))
    return sheet_svg(best.after, result.map.player or os.path.basename(result.map.name), result.map.coins + best.coins,
                     drawn=best.mask,
                     caption=caption.format(card=card, total=best.total, now=best.now, later=best.later,
                                            value=decimal(best.value)))


def hint_lines(result: Hinted, shown: int) -> list[str]:
    """What ``hint`` says: the count, then each drawing shown with its reasons."""
    card, ranked, season = result.card, result.ranked, result.season
    who = result.map.player or result.map.name
    lines = [ngettext("{card} on {who}, {season}: {n} legal drawing, the best {shown}:",
                      "{card} on {who}, {season}: {n} legal drawings, the best {shown}:", len(ranked)).format(
                          card=shown_name(card), who=who, season=season_word(season), n=len(ranked),
                          shown=min(shown, len(ranked)))]
    for n, h in enumerate(ranked[:shown], 1):
        lines.append(hint_line(n, h))
        lines += [f"     {why}" for why in hint_reasons(h)]
        if h.ahead is not None:
            lines.append(f"     {ahead_reason(h.ahead)}")
            if (ruins := _said(h.ahead.ruins)) is not None:
                lines.append(f"     {ruins_reason(ruins)}")
    if result.against is not None:
        lines.append(_("Drawn by you on {who}'s map: these are the drawings that hurt it most (its worth, lowest "
                       "first).").format(who=who))
    elif isinstance(card, AmbushCard):
        lines.append(_("An ambush is drawn by a neighbour: these are the drawings that hurt this map least."))
    lines.append(_("Now: this season's score; later: the scorings still to come, if nothing else changes."))
    if any(h.ahead is not None for h in ranked):
        lines.append(_("With the next card: each card still face down drawn at its best after this drawing (a "
                       "monster where it would land), averaged by its chance; never the deck's order."))
    return lines
