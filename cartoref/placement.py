"""Checking a drawing against its card and the sheet: shapes, terrain, ruins, the single-space
fallback, and the coins a drawing earns.

A drawing is legal when its spaces are one of the card's shapes in some rotation or mirror
image, lie on empty spaces, use one of the card's terrains and, under the ruins obligation,
cover an empty ruins space. Only when no shape of the card can be drawn legally does a single
space of any terrain but mountain take its place (rules.md, "Fallback").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, ShapeOption
from .errors import IllegalPlacement
from .grid import ROW_LETTERS, SIZE, Cell, Sheet, Terrain, cells_label, count, iter_cells, mask_of
from .mapfile import MapFile, with_sheet
from .shapes import Shape, placements

Card = ExploreCard | AmbushCard


@dataclass(frozen=True)
class OptionFit:
    """How one shape option of a card fits a sheet: how many legal placements, and one of them."""

    option: int  # 1-based, as the options are printed on the card
    placements: int
    example: int  # a legal placement's mask, 0 when there is none


@dataclass(frozen=True)
class Fits:
    """Every shape option's fit on a sheet, and whether the single-space fallback applies."""

    options: tuple[OptionFit, ...]
    fallback: bool


@dataclass(frozen=True)
class Drawing:
    """A drawing the rules allow, with the sheet before and after and the coins it earns."""

    card: Card
    mask: int
    terrain: Terrain
    option: int | None  # 1-based shape option drawn; None for the single-space fallback
    before: Sheet
    after: Sheet
    coin_shape: bool  # the option drawn carries a coin
    mountains: int  # mountains this drawing surrounds for the first time

    @property
    def fallback(self) -> bool:
        """Whether this is the single-space fallback rather than one of the card's shapes."""
        return self.option is None

    @property
    def coins(self) -> int:
        """Coins earned: one for a coin shape, one per mountain newly surrounded."""
        return int(self.coin_shape) + count(self.mountains)

    def coin_reasons(self) -> list[str]:
        """One short line per coin earned, for a human reader."""
        out = ["coin shape"] if self.coin_shape else []
        out += [f"surrounded the mountain at {c.label}" for c in iter_cells(self.mountains)]
        return out


def card_options(card: Card) -> tuple[ShapeOption, ...]:
    """The shape options a card offers (an ambush offers its monster shape, without a coin)."""
    if isinstance(card, AmbushCard):
        return (ShapeOption(card.shape, False),)
    if card.kind == "ruins":
        raise IllegalPlacement(
            f"{card.name} is a ruins card: it has no shape; the next explore card's shape must "
            "cover an empty ruins space (use --ruins with that card)"
        )
    return card.options


def card_terrains(card: Card) -> tuple[Terrain, ...]:
    """The terrains a card lets the player choose (monster for an ambush)."""
    return (Terrain.MONSTER,) if isinstance(card, AmbushCard) else card.terrains


def ruins_target(sheet: Sheet, card: Card, ruins: bool) -> int | None:
    """The empty ruins spaces a drawing must touch, or None when no ruins obligation applies.

    The obligation never applies to a monster: it passes on to the next explore card.
    """
    if not ruins or isinstance(card, AmbushCard):
        return None
    return sheet.ruins & sheet.empty


def fits(sheet: Sheet, card: Card, ruins: bool = False) -> Fits:
    """Count each option's legal placements (distinct sets of spaces) and say if the fallback applies."""
    need = ruins_target(sheet, card, ruins)
    out = []
    for i, opt in enumerate(card_options(card), 1):
        n = 0
        example = 0
        for m in placements(opt.shape, sheet.empty):
            if need is None or m & need:
                n += 1
                example = example or m
        out.append(OptionFit(i, n, example))
    return Fits(tuple(out), all(o.placements == 0 for o in out))


_LABEL = re.compile(r"([A-Za-z])(\d+)")


def parse_cells(text: str) -> int:
    """Read spaces named like "B4,B5,C5" or "b4 b5 c5" into a mask; refuse bad or repeated names."""
    items = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    problems = []
    seen: set[Cell] = set()
    for item in items:
        m = _LABEL.fullmatch(item)
        if not m:
            problems.append(f"{item!r} is not a space (write a row letter A-K and a column 1-11, like C4)")
            continue
        letter, col = m.group(1).upper(), int(m.group(2))
        if letter not in ROW_LETTERS or not 1 <= col <= SIZE:
            problems.append(f"{item} is off the map (rows A-K, columns 1-11)")
            continue
        cell = Cell(ROW_LETTERS.index(letter), col - 1)
        if cell in seen:
            problems.append(f"{cell.label} is named twice")
        seen.add(cell)
    if not items:
        problems.append("no spaces named (give them like B4,B5,C5)")
    if problems:
        raise IllegalPlacement("bad --cells: " + "; ".join(problems))
    return mask_of(seen)


def _offsets(mask: int) -> frozenset[tuple[int, int]]:
    cells = list(iter_cells(mask))
    r0 = min(c.row for c in cells)
    c0 = min(c.col for c in cells)
    return frozenset((c.row - r0, c.col - c0) for c in cells)


def matches(shape: Shape, mask: int) -> bool:
    """Whether the spaces of ``mask`` are ``shape`` in some rotation or mirror image."""
    if not mask or count(mask) != shape.size:
        return False
    offsets = _offsets(mask)
    return any(o.cells == offsets for o in shape.orientations())


def _with_gaps(shape: Shape, mask: int) -> bool:
    """Whether ``mask`` is the shape with its gap spaces wrongly included."""
    if not shape.gaps:
        return False
    offsets = _offsets(mask)
    return any(o.cells | o.gaps == offsets for o in shape.orientations())


def _describe_options(card: Card) -> str:
    parts = []
    for i, opt in enumerate(card_options(card), 1):
        s = opt.shape
        coin = ", coin" if opt.coin else ""
        parts.append(f"option {i} is {s.size} space{'s' * (s.size != 1)}{coin} ({'/'.join(s.render())})")
    return "; ".join(parts)


def _terrain_list(terrains: Iterable[Terrain]) -> str:
    words = [t.word for t in terrains]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _filled_problems(sheet: Sheet, mask: int) -> list[str]:
    out = []
    for c in iter_cells(mask & sheet.filled):
        t = sheet.terrain_at(c)
        out.append(f"{c.label} is already filled ({t.word if t else 'filled'})")
    return out


def _example_text(f: Fits) -> str:
    for o in f.options:
        if o.placements:
            return f"option {o.option} fits, for example on {cells_label(o.example)}"
    return ""  # pragma: no cover - only called when some option fits


def check_drawing(
    sheet: Sheet,
    card: Card,
    mask: int,
    terrain: Terrain | None = None,
    *,
    ruins: bool = False,
    strict_fallback: bool = False,
) -> Drawing:
    """Check a drawing of ``card`` on ``mask`` and return it, or raise IllegalPlacement saying why.

    ``terrain`` may be left out when the card offers one terrain (a monster for an ambush).
    ``ruins`` is the ruins obligation. ``strict_fallback`` reads the single-space fallback as
    the 2019 English rulebook does: one of the card's terrains (unless the ruins obligation
    alone caused it, where that rulebook too allows any terrain).
    """
    options = card_options(card)
    allowed = card_terrains(card)
    if terrain is None:
        if len(allowed) != 1:
            raise IllegalPlacement(f"choose a terrain for {card.name}: {_terrain_list(allowed)}")
        terrain = allowed[0]
    if not mask:
        raise IllegalPlacement("no spaces named")

    f = fits(sheet, card, ruins)
    need = ruins_target(sheet, card, ruins)
    problems = _filled_problems(sheet, mask)
    matched = [i for i, opt in enumerate(options, 1) if matches(opt.shape, mask)]
    single = count(mask) == 1
    on_shape = bool(matched) and (need is None or bool(mask & need))
    told_fallback = False

    if single and f.fallback and not on_shape:
        # The single-space fallback: any empty space, any terrain but mountain.
        if isinstance(card, AmbushCard):
            fallback_terrains: tuple[Terrain, ...] = (Terrain.MONSTER,)
        elif strict_fallback and not any(o.placements for o in fits(sheet, card, False).options):
            fallback_terrains = allowed
        else:
            fallback_terrains = PLAYABLE_TERRAINS
        if terrain not in fallback_terrains:
            problems.append(f"the single-space fallback is drawn with {_terrain_list(fallback_terrains)}, "
                            f"not {terrain.word}")
        option: int | None = None
    elif matched:
        option = matched[0]
        if terrain not in allowed:
            problems.append(f"{terrain.word} is not a terrain of {card.name} ({_terrain_list(allowed)})")
        if need is not None and not mask & need:
            if f.fallback:
                problems.append(f"under the ruins obligation no shape of {card.name} can cover an empty ruins "
                                "space, so draw a single space of any terrain but mountain instead")
                told_fallback = True
            else:
                problems.append(f"it covers no empty ruins space (the ruins obligation); empty ruins: "
                                f"{cells_label(need)}; {_example_text(f)}")
    elif single:
        ruins_note = " covering an empty ruins space" if need is not None else ""
        problems.append(f"a single space is allowed only when no shape of {card.name} can be drawn"
                        f"{ruins_note}; {_example_text(f)}")
        option = None
    else:
        hint = " (gap spaces are not part of the shape: leave them out)" if any(
            _with_gaps(opt.shape, mask) for opt in options) else ""
        problems.append(f"{cells_label(mask)} is not a shape of {card.name} in any rotation or mirror"
                        f"{hint}: {_describe_options(card)}")
        option = None
        if terrain not in allowed:
            problems.append(f"{terrain.word} is not a terrain of {card.name} ({_terrain_list(allowed)})")

    if problems and f.fallback and not single and not told_fallback:
        problems.append(f"no shape of {card.name} can be drawn on this map, so the single-space fallback "
                        "applies: name one empty space")
    if problems:
        raise IllegalPlacement(
            f"cannot draw {cells_label(mask)} for {card.name}:\n" + "\n".join(f"  - {p}" for p in problems)
        )
    after = sheet.with_drawn(mask, terrain)
    new_mountains = after.surrounded_mountains() & ~sheet.surrounded_mountains()
    coin = option is not None and options[option - 1].coin
    return Drawing(card, mask, terrain, option, sheet, after, coin, new_mountains)


def add_coins(held: int, gained: int, track: int = 14) -> tuple[int, str | None]:
    """The coin track after gaining coins, capped at its length, with a warning when capped."""
    total = held + gained
    if total <= track:
        return total, None
    lost = total - track
    return track, (f"the coin track is full ({track} coins): {lost} coin{'s' * (lost != 1)} "
                   "could not be marked")


def draw_on(mf: MapFile, drawing: Drawing) -> tuple[MapFile, str | None]:
    """The map file with a checked drawing on it and its coins marked (capped at the track),
    and the warning when the track was full."""
    coins, capped = add_coins(mf.coins, drawing.coins, mf.sheet.side.coin_track)
    return with_sheet(mf, drawing.after, coins), capped
