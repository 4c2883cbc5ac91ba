"""Card pictures as SVG: an explore card's terrains and shape options with their coins, an
ambush's monster shape with its arrow and solo corner, a hero's attack pattern, a scoring
card's text.

A shape's spaces are ``g.shape-space`` (``g.option-N`` around each option of an explore card,
with ``coin`` when it gives one), a hero's ``g.hero-space`` and ``g.attack-space``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from ..cards import Kind
from ..cardtypes import shown_name, shown_text
from ..grid import Terrain
from ..i18n import _
from . import phrases
from .svg import LOOKS, PENALTY, el, picture, serialise, text_at, text_width, wrap_to

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import AmbushCard, ExploreCard, HeroCard, ScoringCard

CARD_WIDTH = 380
SHAPE_CELL = 30


def _lines(parent: ET.Element, x: int, y: int, text: str, size: int = 14, **attrs: object) -> int:
    """Text wrapped to the card's width (by the font's own widths: a French or Spanish text's
    long words fit as an English one's), from ``y`` down; returns the y below it."""
    room = CARD_WIDTH - x - 16
    for line in wrap_to(text, room, size, bold=attrs.get("font_weight") == "bold"):
        text_at(parent, x, y + size, line, size, **attrs)
        y += size + 6
    return y


def _shape(parent: ET.Element, x: int, y: int, rows: list[str], look: tuple[str, str, str, str],
           letter: str, cls: str) -> tuple[int, int]:
    """A small grid of a shape (``X`` a space, ``-`` a gap drawn dashed, ``H``/``x`` a hero and
    its attacks); returns its width and height."""
    _cls, fill, ink, _letter = look
    _cls, hero_fill, hero_ink, _letter = LOOKS[Terrain.HERO]
    g = el(parent, "g", class_=cls)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            px, py = x + c * SHAPE_CELL, y + r * SHAPE_CELL
            if ch == "X":
                cell = el(g, "g", class_="shape-space")
                el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill=fill, stroke="#222222")
                if letter:
                    text_at(cell, px + SHAPE_CELL / 2, py + 21, letter, 16, fill=ink, font_weight="bold",
                          text_anchor="middle")
            elif ch == "-":
                el(g, "rect", x=px + 2, y=py + 2, width=SHAPE_CELL - 4, height=SHAPE_CELL - 4, fill="none",
                    stroke="#777777", stroke_dasharray="4 3", class_="shape-gap")
            elif ch == "H":
                cell = el(g, "g", class_="hero-space")
                el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill=hero_fill, stroke="#222222")
                text_at(cell, px + SHAPE_CELL / 2, py + 21, "H", 16, fill=hero_ink, font_weight="bold",
                      text_anchor="middle")
            elif ch == "x":
                cell = el(g, "g", class_="attack-space")
                el(cell, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill="url(#hatch)",
                    stroke="#222222")
                text_at(cell, px + SHAPE_CELL / 2, py + 21, "x", 16, fill=PENALTY, font_weight="bold",
                      text_anchor="middle")
            elif ch == "." and cls == "pattern":
                el(g, "rect", x=px, y=py, width=SHAPE_CELL, height=SHAPE_CELL, fill="none", stroke="#dddddd")
    return len(rows[0]) * SHAPE_CELL, len(rows) * SHAPE_CELL


def _swatch(parent: ET.Element, x: int, y: int, terrain: Terrain) -> int:
    """A terrain's colour and letter with its word; returns the width taken."""
    _cls, fill, ink, letter = LOOKS[terrain]
    g = el(parent, "g", class_=f"terrain {terrain.word}")
    el(g, "rect", x=x, y=y, width=22, height=22, fill=fill, stroke="#222222")
    text_at(g, x + 11, y + 16, letter, 13, fill=ink, font_weight="bold", text_anchor="middle")
    text_at(g, x + 27, y + 16, terrain.spoken, 13)
    return _swatch_width(terrain)


def _swatch_width(terrain: Terrain) -> int:
    return 27 + 8 * len(terrain.spoken) + 10


def card_svg(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> str:
    """A card as a picture: an explore card's terrains and shape options with their coins, an
    ambush's monster shape with its arrow and solo corner, a hero's attack pattern, a scoring
    card's text."""
    from ..cards import AmbushCard, HeroCard, ScoringCard, SkillCard

    body = ET.Element("g")
    y = 64
    x = 20
    if isinstance(card, SkillCard):
        y = _lines(body, x, y, shown_text(card), class_="card-text")
        if card.shape is not None:
            _width, h = _shape(body, x, y + 8, card.shape.render(), ("skill", "#e0e0e0", "#000000", ""), "", "shape")
            y += h + 16
    elif isinstance(card, ScoringCard):
        y = _lines(body, x, y, shown_text(card), class_="card-text")
        y = _lines(body, x, y + 8, _("Solo number: {solo}").format(solo=card.solo), font_weight="bold")
    elif isinstance(card, HeroCard):
        y = _lines(body, x, y, _(phrases.HERO_CARD_TEXT), 13)
        _width, h = _shape(body, x, y + 8, card.render(), LOOKS[Terrain.HERO], "", "pattern")
        y += h + 16
    elif isinstance(card, AmbushCard):
        for line in phrases.ambush_card_sentences(card):
            y = _lines(body, x, y, line, 13)
        _width, h = _shape(body, x, y + 8, card.shape.render(), LOOKS[Terrain.MONSTER], card.initial or "M", "shape")
        # The solo corner: a small map with the start corner filled and the arrow's turn.
        mx, my, size = CARD_WIDTH - 90, y + 8, 60
        mini = el(body, "g", class_=f"corner {card.corner} {card.arrow}")
        el(mini, "rect", x=mx, y=my, width=size, height=size, fill="#ffffff", stroke="#222222")
        cx = mx if card.corner[1] == "w" else mx + size - 16
        cy = my if card.corner[0] == "n" else my + size - 16
        el(mini, "rect", x=cx, y=cy, width=16, height=16, fill=LOOKS[Terrain.MONSTER][1])
        text_at(mini, mx + size / 2, my + size / 2 + 9, "\u21bb" if card.arrow == "cw" else "\u21ba", 26,
              text_anchor="middle", class_="arrow")
        y += max(h, size) + 16
    elif card.kind == Kind.RUINS:
        y = _lines(body, x, y, _(phrases.RUINS_CARD_TEXT), class_="card-text")
    else:
        text_at(body, x, y + 16, _("Terrain:"), 13, font_weight="bold")
        tx = x + 64
        for t in card.terrains:
            if tx + _swatch_width(t) > CARD_WIDTH - 12:
                tx, y = x + 64, y + 28
            tx += _swatch(body, tx, y, t)
        y += 36
        only = card.terrains[0] if len(card.terrains) == 1 else None
        ox, tallest = x, 0
        for i, opt in enumerate(card.options, 1):
            look = LOOKS[only] if only else ("any", "#e0e0e0", "#000000", "")
            option = el(body, "g", class_=f"option option-{i}" + (" coin" if opt.coin else ""))
            text_at(option, ox, y + 14, _("option {n}").format(n=i), 13, font_weight="bold")
            if opt.coin:
                el(option, "circle", cx=ox + 76, cy=y + 9, r=7, fill="#f9a825", stroke="#000000",
                    class_="coin filled")
                text_at(option, ox + 87, y + 14, _("coin"), 13, font_weight="bold")
            w, h = _shape(option, ox, y + 22, opt.shape.render(), look, look[3] if only else "", "shape")
            ox += max(w, 120) + 24
            tallest = max(tallest, h + 22)
        y += tallest + 16
    name = shown_name(card)
    svg = picture(CARD_WIDTH, y + 10, name)
    el(svg, "rect", x=4, y=4, width=CARD_WIDTH - 8, height=y + 2, rx=12, fill="none", stroke="#222222",
        stroke_width=2)
    # A long name (a French edition's, with the English one beside it) is set smaller to fit.
    size = min(20.0, round((CARD_WIDTH - 36) / max(text_width(name, 1, bold=True), 1e-6), 1))
    text_at(svg, 20, 32, name, size, font_weight="bold", class_="card-name")
    text_at(svg, 20, 52, phrases.card_subtitle(card), 13, class_="card-kind")
    svg.append(body)
    return serialise(svg)
