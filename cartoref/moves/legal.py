"""Every legal drawing of a card on a sheet, the counts of placements, and the check of one
drawing with the reasons it is refused.

A drawing is legal when its spaces are one of the card's shapes in some rotation or mirror
image, lie on empty spaces, use one of the card's terrains and, under the ruins obligation (not
for a monster), cover an empty ruins space. Only when no shape of the card can be drawn legally
does a single empty space take its place: any terrain but mountain, a monster for an ambush, or
with ``strict_fallback`` one of the card's terrains unless the ruins obligation alone caused the
fallback (docs/rulings.md, "Drawings, the fallback, coins and solo").

``legal_drawings``, ``fits`` and ``check_drawing`` all rest on one enumeration of placements, so
they cannot disagree.

Refusals raise ``IllegalPlacement`` with ``card`` (the card's id), ``spaces`` (the spaces
named) and ``code``. A refusal may list several problems, one per line; ``code`` names the kind
of the first one listed, except that ``fallback-applies`` or ``ruins-fallback`` wins when present
(whatever else is wrong, one single space is to be drawn instead):

=====================  ========================================================================
code                   refusal
=====================  ========================================================================
``ruins-card``         a ruins card has no shape (its obligation goes with the next card)
``terrain-needed``     no terrain given and the card offers several
``no-spaces``          no spaces given
``off-map``            a space outside the 11 x 11 map
``no-such-option``     an option number the card does not print
``filled``             a space is already filled
``not-a-shape``        the spaces are no shape of the card in any rotation or mirror
``gap-spaces``         the same, and they are a shape with its gap spaces included
``not-that-option``    the spaces are not the shape of the option asked for
``wrong-terrain``      a terrain the card does not offer
``no-ruins-covered``   the ruins obligation: the shape covers no empty ruins space
``ruins-fallback``     the ruins obligation cannot be met by any shape: draw one space instead
``fallback-refused``   a single space while a shape of the card can be drawn
``fallback-terrain``   the single-space fallback in a terrain it does not allow
``fallback-applies``   several spaces while no shape fits: the fallback is one space
=====================  ========================================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from ..cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, Kind, ShapeOption
from ..cardtypes import shown_name
from ..errors import IllegalPlacement
from ..grid import BOARD, Sheet, Terrain, cells_label, count, iter_cells, repr_masks
from ..i18n import _, ngettext, pgettext
from ..shapes import Offset, Shape, placements
from .drawing import Card, Drawing, card_options, card_terrains, ruins_card_refusal


@dataclass(frozen=True)
class OptionFit:
    """How one shape option of a card fits a sheet: how many legal placements, and one of them."""

    option: int  # 1-based, as the options are printed on the card
    placements: int
    example: int  # a legal placement's mask, 0 when there is none

    def __repr__(self) -> str:
        return repr_masks(self, "example")


@dataclass(frozen=True)
class Fits:
    """Every shape option's fit on a sheet, and whether the single-space fallback applies."""

    options: tuple[OptionFit, ...]
    fallback: bool
    # under a ruins obligation: each option's placements without it (what the obligation took)
    unbound: tuple[int, ...] | None = None


@cache
def _on_board(shape: Shape) -> tuple[int, ...]:
    """Every distinct set of spaces the shape covers on an empty map, in ``placements`` order."""
    return tuple(placements(shape, BOARD))


@cache
def _on_board_set(shape: Shape) -> frozenset[int]:
    return frozenset(_on_board(shape))


def ruins_target(sheet: Sheet, card: Card, ruins: bool) -> int | None:
    """The empty ruins spaces a drawing must touch, or None when no ruins obligation applies."""
    # docs/rulings.md, "Ambush and ruins": the obligation passes on to the next explore card.
    if not ruins or isinstance(card, AmbushCard):
        return None
    return sheet.ruins & sheet.empty


def _legal_placements(sheet: Sheet, card: Card, need: int | None) -> list[list[int]]:
    """Per shape option, its legal placements (distinct sets of spaces) in a fixed order."""
    filled = sheet.filled
    if need is None:
        return [[m for m in _on_board(o.shape) if not m & filled] for o in card_options(card)]
    return [[m for m in _on_board(o.shape) if not m & filled and m & need]
            for o in card_options(card)]


def _fallback_terrains(sheet: Sheet, card: Card, ruins: bool, strict: bool) -> tuple[Terrain, ...]:
    """The terrains the single-space fallback may be drawn in (when it applies)."""
    if isinstance(card, AmbushCard):
        return (Terrain.MONSTER,)
    # The 2019 English reading keeps the card's terrains, except when the fallback comes from
    # the ruins obligation alone (docs/rulings.md, "Single-space fallback terrain").
    if strict and not any(_legal_placements(sheet, card, None)):
        return card.terrains
    return PLAYABLE_TERRAINS


def legal_drawings(
    sheet: Sheet, card: Card, *, ruins: bool = False, strict_fallback: bool = False
) -> Iterator[Drawing]:
    """Every distinct legal drawing of an explore or ambush card on the sheet, each once.

    Two drawings are distinct when their (spaces, terrain, option) differ: the same spaces
    reached by two rotations or mirrors of one option are one drawing; the same spaces as two
    options (with or without a coin) are two. The order: options as printed; within one, the
    placements in ``shapes.placements`` order (orientation, then row, then column of the box);
    for each placement the card's terrains as printed. Only when no option has a legal
    placement come the single-space fallback drawings: every empty space in reading order,
    each in every terrain the fallback allows. ``ruins`` is the ruins obligation (ignored for
    an ambush); ``strict_fallback`` the 2019 English reading of the fallback's terrain.
    """
    options = card_options(card)  # refuses a ruins card now, not at the first next()
    lists = _legal_placements(sheet, card, ruins_target(sheet, card, ruins))
    return _drawings(sheet, card, options, lists, ruins, strict_fallback)


def _drawings(sheet: Sheet, card: Card, options: tuple[ShapeOption, ...], lists: list[list[int]],
              ruins: bool, strict: bool) -> Iterator[Drawing]:
    terrains = card_terrains(card)
    for i, (opt, masks) in enumerate(zip(options, lists, strict=True), 1):
        coin = opt.coin
        for m in masks:
            for t in terrains:
                yield Drawing(card, m, t, i, coin, sheet)
    if any(lists):
        return
    fallback = _fallback_terrains(sheet, card, ruins, strict)
    for c in iter_cells(sheet.empty):
        b = c.bit
        for t in fallback:
            yield Drawing(card, b, t, None, False, sheet)


def fits(sheet: Sheet, card: Card, ruins: bool = False) -> Fits:
    """Count each option's legal placements and say whether the single-space fallback applies.

    Placements are distinct sets of spaces, whatever rotation or mirror produced them; each
    option's example is its first placement in ``legal_drawings`` order (0 when none). Under a
    ruins obligation, ``unbound`` counts each option's placements without it.
    """
    need = ruins_target(sheet, card, ruins)
    lists = _legal_placements(sheet, card, need)
    unbound = None if need is None else tuple(len(ms) for ms in _legal_placements(sheet, card, None))
    return Fits(tuple(OptionFit(i, len(ms), ms[0] if ms else 0) for i, ms in enumerate(lists, 1)),
                not any(lists), unbound)


def matches(shape: Shape, mask: int) -> bool:
    """Whether the spaces of ``mask`` are ``shape`` in some rotation or mirror image."""
    return mask in _on_board_set(shape)


def _offsets(mask: int) -> frozenset[Offset]:
    cells = list(iter_cells(mask))
    r0 = min(c.row for c in cells)
    c0 = min(c.col for c in cells)
    return frozenset((c.row - r0, c.col - c0) for c in cells)


def _with_gaps(shape: Shape, mask: int) -> bool:
    """Whether ``mask`` is the shape with its gap spaces wrongly included."""
    if not shape.gaps:
        return False
    offsets = _offsets(mask)
    return any(o.cells | o.gaps == offsets for o in shape.orientations())


def _describe(card: Card, only: int | None = None) -> str:
    parts = []
    for i, opt in enumerate(card_options(card), 1):
        if only is not None and i != only:
            continue
        s = opt.shape
        if opt.coin:
            text = ngettext("option {option} is {n} space, coin ({shape})",
                            "option {option} is {n} spaces, coin ({shape})", s.size)
        else:
            text = ngettext("option {option} is {n} space ({shape})", "option {option} is {n} spaces ({shape})",
                            s.size)
        parts.append(text.format(option=i, n=s.size, shape="/".join(s.render())))
    return pgettext("list of shape options", "; ").join(parts)


def _terrain_list(terrains: Iterable[Terrain]) -> str:
    """The terrains as a choice, in the language spoken: ``forest, village or farm``."""
    words = [t.spoken for t in terrains]
    if len(words) == 1:
        return words[0]
    return _("{terrains} or {last}").format(terrains=pgettext("list separator", ", ").join(words[:-1]),
                                            last=words[-1])


def _example_text(f: Fits) -> str:
    for o in f.options:
        if o.placements:
            return _("option {option} fits, for example on {spaces}").format(option=o.option,
                                                                             spaces=cells_label(o.example))
    return ""  # pragma: no cover - only called when some option fits


_SINGLE_SPACE_INSTEAD = ("ruins-fallback", "fallback-applies")


def _refuse(message: str, code: str, card: Card, mask: int) -> IllegalPlacement:
    return IllegalPlacement(message, code=code, card=card.id, spaces=mask)


def check_drawing(
    sheet: Sheet,
    card: Card,
    mask: int,
    terrain: Terrain | None = None,
    *,
    ruins: bool = False,
    strict_fallback: bool = False,
    option: int | None = None,
) -> Drawing:
    """The drawing of ``card`` on ``mask`` when it is legal; else IllegalPlacement says why.

    Legal means among ``legal_drawings``; a refusal lists every problem and carries a code
    (see the module docstring). ``terrain`` may be left out when the card offers one terrain
    (a monster for an ambush). ``option`` asks for one shape option; left out, the first option
    whose shape the spaces are is drawn, or the single-space fallback when it applies.
    """
    if isinstance(card, ExploreCard) and card.kind == Kind.RUINS:
        raise ruins_card_refusal(card, mask)
    name = shown_name(card)
    options = card_options(card)
    allowed = card_terrains(card)
    if terrain is None:
        if len(allowed) != 1:
            raise _refuse(_("choose a terrain for {card}: {terrains}").format(card=name,
                                                                               terrains=_terrain_list(allowed)),
                          "terrain-needed", card, mask)
        terrain = allowed[0]
    if not mask:
        raise _refuse(_("no spaces named"), "no-spaces", card, mask)
    if mask & ~BOARD:
        raise _refuse(_("spaces off the 11 x 11 map"), "off-map", card, mask)
    if option is not None and not 1 <= option <= len(options):
        raise _refuse(_("{card} has no option {option} (it prints {n})").format(card=name, option=option,
                                                                              n=len(options)),
                      "no-such-option", card, mask)

    need = ruins_target(sheet, card, ruins)
    f = fits(sheet, card, ruins)
    problems: list[tuple[str, str]] = []

    def add(code: str, text: str) -> None:
        problems.append((code, text))

    for c in iter_cells(mask & sheet.filled):
        t = sheet.terrain_at(c)
        add("filled", _("{space} is already filled ({terrain})").format(space=c.label,
                                                                       terrain=t.spoken if t else _("filled")))
    if option is None:
        matched = [i for i, opt in enumerate(options, 1) if matches(opt.shape, mask)]
    else:
        matched = [option] if matches(options[option - 1].shape, mask) else []
    single = count(mask) == 1
    on_shape = bool(matched) and (need is None or bool(mask & need))
    told_fallback = False
    chosen: int | None = None

    if single and f.fallback and not on_shape and option is None:
        # docs/rulings.md, "Single-space fallback terrain".
        fallback = _fallback_terrains(sheet, card, ruins, strict_fallback)
        if terrain not in fallback:
            add("fallback-terrain", _("the single-space fallback is drawn with {terrains}, not {terrain}").format(
                terrains=_terrain_list(fallback), terrain=terrain.spoken))
    elif matched:
        chosen = matched[0]
        if terrain not in allowed:
            add("wrong-terrain", _("{terrain} is not a terrain of {card} ({terrains})").format(
                terrain=terrain.spoken, card=name, terrains=_terrain_list(allowed)))
        if need is not None and not mask & need:
            if f.fallback:
                # docs/rulings.md, "When the fallback applies": a single space anywhere instead.
                add("ruins-fallback", _("under the ruins obligation no shape of {card} can cover an empty ruins "
                                        "space, so draw a single space of any terrain but mountain instead")
                    .format(card=name))
                told_fallback = True
            else:
                add("no-ruins-covered", _("it covers no empty ruins space (the ruins obligation); empty ruins: "
                                          "{ruins}; {example}").format(ruins=cells_label(need),
                                                                       example=_example_text(f)))
    elif single and not f.fallback:
        if need is not None:
            refused = _("a single space is allowed only when no shape of {card} can be drawn covering an empty "
                        "ruins space; {example}")
        else:
            refused = _("a single space is allowed only when no shape of {card} can be drawn; {example}")
        add("fallback-refused", refused.format(card=name, example=_example_text(f)))
    else:
        if option is not None:
            add("not-that-option", _("{spaces} is not option {option} of {card} in any rotation or mirror: "
                                     "{options}").format(spaces=cells_label(mask), option=option, card=name,
                                                         options=_describe(card, option)))
        else:
            gaps = any(_with_gaps(opt.shape, mask) for opt in options)
            if gaps:
                not_shape = _("{spaces} is not a shape of {card} in any rotation or mirror (gap spaces are not part "
                              "of the shape: leave them out): {options}")
            else:
                not_shape = _("{spaces} is not a shape of {card} in any rotation or mirror: {options}")
            add("gap-spaces" if gaps else "not-a-shape", not_shape.format(spaces=cells_label(mask), card=name,
                                                                          options=_describe(card)))
        if terrain not in allowed:
            add("wrong-terrain", _("{terrain} is not a terrain of {card} ({terrains})").format(
                terrain=terrain.spoken, card=name, terrains=_terrain_list(allowed)))

    if problems and f.fallback and not told_fallback and (not single or option is not None):
        if option is None:
            applies = _("no shape of {card} can be drawn on this map, so the single-space fallback applies: "
                        "name one empty space")
        else:
            applies = _("no shape of {card} can be drawn on this map, so the single-space fallback applies: "
                        "name one empty space, no option")
        add("fallback-applies", applies.format(card=name))
    if problems:
        lines = "\n".join(f"  - {text}" for _code, text in problems)
        kinds = [k for k, _text in problems]
        code = next((k for k in kinds if k in _SINGLE_SPACE_INSTEAD), kinds[0])
        message = _("cannot draw {spaces} for {card}:\n{problems}").format(spaces=cells_label(mask), card=name,
                                                                           problems=lines)
        raise _refuse(message, code, card, mask)
    coin = chosen is not None and options[chosen - 1].coin
    return Drawing(card, mask, terrain, chosen, coin, sheet)

