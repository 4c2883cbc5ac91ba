"""The cards for the terminal, with rich: each kind of card as its picture (shapes, a hero's
pattern, a scoring card's text) and the card list. rich is imported inside the functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Kind
from ..cardtypes import KIND_WORDS, shown_name, shown_text
from ..grid import Terrain
from ..i18n import _, ngettext
from ..shapes import Shape
from . import phrases
from .terminal import PENALTY, STYLES, Prose, cell, console, table_box

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType

    from ..cards import AmbushCard, ExploreCard, HeroCard, ScoringCard, SkillCard


def terrain_choice(terrains: Sequence[Terrain]) -> str:
    """``forest or village``: the terrains a card offers, in the language spoken."""
    if not terrains:
        return ""
    shown = terrains[0].spoken
    for t in terrains[1:]:
        shown = _("{terrains} or {terrain}").format(terrains=shown, terrain=t.spoken)
    return shown


def shape_text(shape: Shape, terrain: Terrain | None = None, symbol: str = "") -> RenderableType:
    """A shape drawn as a small coloured grid (``symbol``, when given, in each of its spaces)."""
    from rich.text import Text

    sym, style = STYLES.get(terrain, ("X", "bold")) if terrain else ("X", "bold")
    sym = symbol or sym
    out = Text()
    for row in shape.render():
        row = row.rstrip(" .")  # no blanks at a line's end
        for i, ch in enumerate(row):
            gap = " " if i < len(row) - 1 else ""
            if ch == "X":
                out.append(sym + gap, style=style)
            elif ch == "-":
                out.append("-" + gap, style="grey50")
            else:
                out.append(" " + gap)
        out.append("\n")
    return out


def _side_by_side(blocks: list[list[Any]]) -> RenderableType:
    """Blocks of lines (rich ``Text``) next to each other, four columns apart; no line ends in a
    blank (rich's columns pad every line to its column's width)."""
    from rich.text import Text

    widths = [max((line.cell_len for line in block), default=0) for block in blocks]
    out = Text()
    for i in range(max((len(block) for block in blocks), default=0)):
        row = Text()
        for k, block in enumerate(blocks):
            part = block[i].copy() if i < len(block) else Text()
            if k < len(blocks) - 1:
                part.pad_right(widths[k] - part.cell_len + 4)
            row.append_text(part)
        row.rstrip()
        out.append_text(row)
        out.append("\n")
    out.rstrip()
    return out


def explore_card_view(card: ExploreCard) -> RenderableType:
    """An explore card: time, terrains and each shape option with its coin mark."""
    from rich.console import Group
    from rich.text import Text

    head = Text(shown_name(card), style="bold")
    head.append(f"   {phrases.card_subtitle(card)}")
    if card.kind == Kind.RUINS:
        return Group(head, Prose(_(phrases.RUINS_CARD_TEXT)))
    lines: list[RenderableType] = [head, Text(_("Terrain: {terrains}").format(terrains=terrain_choice(card.terrains)))]
    blocks = []
    for i, opt in enumerate(card.options, 1):
        label = Text(_("option {n}  + coin").format(n=i) if opt.coin else _("option {n}").format(n=i),
                     style="bold gold1" if opt.coin else "bold")
        shape = shape_text(opt.shape, card.terrains[0] if len(card.terrains) == 1 else None)
        blocks.append([label, *shape.split("\n")])
    lines.append(_side_by_side(blocks))
    return Group(*lines)


def ambush_card_view(card: AmbushCard) -> RenderableType:
    """An ambush card: the monster shape (gaps dashed), the arrow and the solo corner; for a
    special monster, its initial (drawn in the shape) and its effect."""
    from rich.console import Group
    from rich.text import Text

    lines: list[RenderableType] = [
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        *(Prose(line) for line in phrases.ambush_card_sentences(card)),
    ]
    lines.append(shape_text(card.shape, Terrain.MONSTER, card.initial))
    return Group(*lines)


def pattern_text(card: HeroCard) -> RenderableType:
    """A hero's attack pattern drawn as a small grid: H the hero, x an attacked space."""
    from rich.text import Text

    hero_style = STYLES[Terrain.HERO][1]
    out = Text()
    for row in card.render():
        for i, ch in enumerate(row):
            if i:
                out.append(" ")  # between the spaces, never after the last (no trailing blank)
            if ch == "H":
                out.append("H", style=hero_style)
            elif ch == "x":
                out.append("x", style=PENALTY)
            else:
                out.append(".", style="grey50")
        out.append("\n")
    return out


def hero_card_view(card: HeroCard) -> RenderableType:
    """A hero card: name, number, time 0 and the attack pattern around the hero."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        Prose(_(phrases.HERO_CARD_TEXT)),
        pattern_text(card),
    )


def scoring_card_view(card: ScoringCard) -> RenderableType:
    """A scoring card: name, category, rule text and solo number."""
    from rich.console import Group
    from rich.text import Text

    return Group(
        Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}", style=""),
        Prose(shown_text(card)),
        Prose(_("Solo number: {solo}").format(solo=card.solo)),
    )


def skill_card_view(card: SkillCard) -> RenderableType:
    """A skill card: name, cost, what it does, the shape it draws."""
    from rich.console import Group
    from rich.text import Text

    parts: list[RenderableType] = [Text(shown_name(card), style="bold").append(f"   {phrases.card_subtitle(card)}",
                                                                               style=""),
                                   Prose(shown_text(card))]
    if card.shape is not None:
        parts.append(Text("\n".join(card.shape.render())))
    return Group(*parts)


def card_view(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> RenderableType:
    """Any card, drawn as its kind is."""
    from ..cards import AmbushCard, HeroCard, ScoringCard, SkillCard

    if isinstance(card, SkillCard):
        return skill_card_view(card)
    if isinstance(card, ScoringCard):
        return scoring_card_view(card)
    if isinstance(card, AmbushCard):
        return ambush_card_view(card)
    if isinstance(card, HeroCard):
        return hero_card_view(card)
    return explore_card_view(card)


def cards_table(
    cards: Sequence[ExploreCard | AmbushCard | HeroCard | ScoringCard],
) -> RenderableType:
    """The card listing: set, number, id, name, kind, time or solo number, details."""
    from rich.table import Table

    from ..cards import AmbushCard, HeroCard, ScoringCard, SkillCard

    # The set as --set spells it; the kind and the category in the language spoken, as
    # --category takes them too.
    rows: list[tuple[str, ...]] = []
    for c in cards:
        if isinstance(c, SkillCard):
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS["skill"]),
                         ngettext("{n} coin", "{n} coins", c.cost).format(n=c.cost), shown_text(c)))
        elif isinstance(c, ScoringCard):
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS[c.category]),
                         _("solo {solo}").format(solo=c.solo), shown_text(c)))
        elif isinstance(c, AmbushCard):
            n = c.shape.size
            if c.initial:
                detail = ngettext("{n} monster space, {arrow}, {corner}, initial {initial}",
                                  "{n} monster spaces, {arrow}, {corner}, initial {initial}", n)
            else:
                detail = ngettext("{n} monster space, {arrow}, {corner}", "{n} monster spaces, {arrow}, {corner}", n)
            detail = detail.format(n=n, arrow=_(phrases.ARROW_WORDS[c.arrow]), corner=_(phrases.CORNER_WORDS[c.corner]),
                                   initial=c.initial)
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS["ambush"]), "0", detail))
        elif isinstance(c, HeroCard):
            n = len(c.pattern)
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS["hero"]), "0",
                         ngettext("attacks {n} space", "attacks {n} spaces", n).format(n=n)))
        else:
            terrains = "/".join(t.spoken for t in c.terrains)
            coin = any(o.coin for o in c.options)
            if terrains:
                detail = _("{terrains}, coin option").format(terrains=terrains) if coin else terrains
            else:
                detail = _("reveal another card, coin option") if coin else _("reveal another card")
            rows.append((c.set, str(c.number), c.id, shown_name(c), _(KIND_WORDS[c.kind]), str(c.time), detail))
    header = ("Set", "No.", "Id", "Name", "Kind", "Time / solo", "Details")
    headings = {"Set": _("Set"), "No.": _("No."), "Id": _("Id"), "Name": _("Name"), "Kind": _("Kind"),
                "Time / solo": _("Time / solo"), "Details": _("Details")}
    # A narrow terminal drops the set and the name (the id says it): the id, which a user
    # types, is never cut or wrapped.
    keep = [i for i, col in enumerate(header) if console().width >= 110 or col not in ("Set", "Name")]
    t = Table(box=table_box())
    for i in keep:
        t.add_column(headings[header[i]], justify="right" if header[i] == "No." else "left",
                     no_wrap=header[i] in ("No.", "Id"))
    for r in rows:
        t.add_row(*(cell(r[i]) for i in keep))
    return t


