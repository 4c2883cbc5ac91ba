"""Coloured spaces read by their ink, in the sheet's own colours.

A space's ink is its pixels whose colour differs from the paper around it (in CIE Lab, by more
than ``INK_CHROMA`` in a* and b*, so that a shadow, being darker but no other colour, is none):
hatching that leaves paper between its strokes, a felt-tip marker and a waxy crayon are all read
by the hue of their ink alone, not by an average with the paper. A space is coloured in when at
least ``COLOURED`` of it is ink.

Pencils differ from brand to brand (a green may be yellowish, a "village" pink), so the sheet
teaches its own colours: each terrain's hue starts at a usual pencil's (``HUES``) and moves to
the middle of the sheet's spaces nearest it (at most ``DRIFT`` degrees), a few times over. A
space is read as the terrain whose sheet hue is nearest its own (measured in how far that
terrain's spaces spread on the sheet: a brand's greens may range over forty degrees, its yellows
over ten), when that one is near and clearly nearer than the next, and no other terrain was
learned nearly the same; otherwise it is ``?``. Two terrains close on the circle (water's blue
and the monsters' purple) must show a valley between them among the sheet's hues: when a light's
gradient across the sheet runs one into the other (the waters in a warm corner turning purple),
no space between their two hues is read, nor one near either's own hue (the other's spaces reach
it): each is read only beyond its own hue, on its far side from the other.

A space's **tint** is a second, coarser look: its median colour against the sheet's paper (not
the paper near it), a hatching's strokes and the paper between them taken together. Where the
ink is lost (a small or blurred photo mixes strokes and paper, and on a sheet drawn full the
paper near a space is taken from pale strokes), the tint still shows the pencil's hue, paler:
``tinted`` reads it in the hues the sheet's own tints teach, with the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ..grid import SIZE

#: A usual coloured pencil's hue per terrain letter, as an angle in Lab's a*-b* plane (degrees).
HUES: dict[str, float] = {"V": 20.0, "H": 65.0, "P": 90.0, "F": 138.0, "W": 278.0, "M": 315.0}
PAPER_NEAR = 15.0  # the paper near a space is within this of the sheet's paper, in a*-b*
INK_CHROMA = 12.0  # a pixel this far from the paper's colour in a*-b* is ink of colour
COLOURED = 0.15  # a space with this share of ink of colour is coloured in
DRIFT = 30.0  # a terrain's hue on the sheet stays within this of the usual pencil's
VIVID = 16.0  # a coloured space's ink at least this far from the paper (a pale tint is "?")
VIVID_ON_RUINS = 22.0  # on a ruins space, whose print may tint it all: at least this
PALE_LEAST = 12.0  # a paler ink (down to this) is read when its terrain's spaces on the sheet are pale too:
PALE_SHARE = 0.5  # it is at least this share of their median ink's
PALE_NEIGHBOURS, PALE_APART = 40.0, 25.0  # a pale ink between two terrains this near: this much nearer its own
PALE_HUE, PALE_WITHIN = 25.0, 0.6  # an ink paler than PALE_HUE is read within that share of WITHIN (PALE_WITHIN at least)
NEAR = 45.0  # a space's hue within this many degrees of its terrain's on the sheet, at most
SPREAD = 6.0  # a terrain's spread of hues on a sheet is at least this (degrees)
UNLEARNED = 12.0  # and this, for a terrain the sheet did not teach (pencils differ from brand to brand)
WITHIN, APART = 3.0, 2.0  # within so many of its terrain's spreads, and nearer by so many more than the next
APART_DEGREES = 12.0  # and nearer its terrain's hue than the next's by this many degrees, when either
TRUSTED = 5  # was learned from fewer spaces than this (a spread learned from few spaces is too narrow)
LEARN_FROM = 3  # a terrain's hue moves only with at least this many spaces near it
CROWDED = 20.0  # two terrains learned within this many degrees of each other: one colour split in two
NEIGHBOURS = 60.0  # two terrains learned within this many degrees must show a valley between them
VALLEY = 10.0  # a gap in the sheet's hues at least this wide: where one terrain's colour ends
ONE_HUE, ONE_HUE_FROM = 25.0, 3  # so many spaces' ink all within this of one pale hue: a light's cast (``the_lights_tint``)
TINT_LEAST = 5.0  # a space's median colour this far from the sheet's paper (a*-b*) has a tint
MARGIN = 0.15  # of a space, left out on each side
#: A sheet holds at most this many heroes: one for each of the four hero cards of Heroes.
HEROES_MOST = 4


class Ink(NamedTuple):
    """A space's ink of colour: its share of the space, its hue (Lab degrees), how much colour;
    and how far its median colour is from the sheet's paper rather than the paper near it
    (``tint``, in a*-b*: a pale colouring among others like it, which the paper near it takes
    for paper, still shows there), and that median colour itself against the sheet's paper
    (``a``, ``b``); and how much of it the photo clipped (``lost``)."""

    share: float
    hue: float
    chroma: float
    tint: float = 0.0
    a: float = 0.0
    b: float = 0.0
    #: The share of its ink (of the space, when it has hardly any ink) whose colour the photo
    #: clipped (``light.clipped``): a colour that is not the pencil's.
    lost: float = 0.0
    #: Its two halves' ink, each way (top, bottom, left, right): the share of the half that is
    #: ink of colour and that ink's hue (0 when it has hardly any). A space coloured in is
    #: coloured all over; one whose halves differ straddles two spaces (``safeguards``).
    halves: tuple[tuple[float, float], ...] = ()


def inks(square: np.ndarray, cell: int, clipped: np.ndarray | None = None) -> list[list[Ink]]:
    """Each space's ink of colour, against the paper around it: the sheet's paper is the colour
    of its bright pixels near grey; the paper near a space, that of the bright pixels of its own and its
    neighbours' spaces not far from the sheet's paper (``PAPER_NEAR``), so that a light's tint
    across the sheet is followed while a space coloured in full is not taken for paper.
    ``clipped``: where the photo clipped a colour (``light.clipped``), each pixel."""
    import cv2

    lab = cv2.cvtColor(square.astype(np.float32) / 255.0, cv2.COLOR_RGB2Lab)
    light, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    # The square comes with the cast taken out (``light``): its paper is near grey. On a sheet
    # drawn full the brightest pixels are a yellow pencil's, so the paper is the bright pixels
    # that are near grey; with too few of them, grey itself.
    greyish = (np.hypot(a, b) < PAPER_NEAR) & (light >= np.percentile(light, 50))
    a0, b0 = 0.0, 0.0
    if greyish.mean() > 0.01:
        a0, b0 = float(np.median(a[greyish])), float(np.median(b[greyish]))
    papery = np.hypot(a - a0, b - b0) < PAPER_NEAR
    m = int(cell * MARGIN)
    out = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            near = (slice(max(0, r - 1) * cell, min(SIZE, r + 2) * cell),
                    slice(max(0, c - 1) * cell, min(SIZE, c + 2) * cell))
            candidates = papery[near]
            pa, pb = a0, b0
            if candidates.sum() >= 20:
                lit = light[near][candidates]
                top = lit >= np.percentile(lit, 50)
                pa, pb = float(np.median(a[near][candidates][top])), float(np.median(b[near][candidates][top]))
            inside = (slice(r * cell + m, (r + 1) * cell - m), slice(c * cell + m, (c + 1) * cell - m))
            da, db = a[inside] - pa, b[inside] - pb
            off = np.hypot(da, db)
            ink = off > INK_CHROMA
            ta, tb = float(np.median(a[inside])) - a0, float(np.median(b[inside])) - b0
            tint = float(np.hypot(ta, tb))
            lost = 0.0
            if clipped is not None:
                held = clipped[inside]
                lost = float(held[ink].mean() if ink.sum() >= 6 else held.mean())
            if ink.sum() < 6:
                row.append(Ink(float(ink.mean()), 0.0, 0.0, tint, ta, tb, lost))
                continue
            hue = float(np.degrees(np.arctan2(np.median(db[ink]), np.median(da[ink]))) % 360)
            row.append(Ink(float(ink.mean()), hue, float(np.median(off[ink])), tint, ta, tb, lost,
                           _halves(ink, da, db)))
        out.append(row)
    return out


def _halves(ink: np.ndarray, da: np.ndarray, db: np.ndarray) -> tuple[tuple[float, float], ...]:
    """A space's halves (top, bottom, left, right): each one's share of ink of colour and that
    ink's hue (0 with fewer than 6 pixels of it)."""
    h, w = ink.shape
    out = []
    for part in (np.s_[:h // 2], np.s_[h - h // 2:], np.s_[:, :w // 2], np.s_[:, w - w // 2:]):
        held = ink[part]
        hue = 0.0
        if held.sum() >= 6:
            hue = float(np.degrees(np.arctan2(np.median(db[part][held]), np.median(da[part][held]))) % 360)
        out.append((float(held.mean()), hue))
    return tuple(out)


def the_lights_tint(coloured: list[Ink]) -> bool:
    """Whether the spaces showing ink of colour show one pale hue (``ONE_HUE_FROM`` of them at
    least, nine in ten within ``ONE_HUE`` degrees of their middle, their median ink paler than
    ``VIVID``): a light's cast over a sheet of pencil symbols, not a sheet coloured in, whose
    colourings are several terrains'. A warm lamp beside a glare left a 640 x 480 photo's paper
    yellow around its drawings, 15 from the white paper under the glare (the second generator's
    11577 made at that size: 19 spaces, 6 degrees apart; every symbol read as a farm). Of 172
    phone photos' sheets coloured in with three coloured spaces or more, the least spread was
    30 degrees."""
    return one_hue(coloured) and float(np.median([one.chroma for one in coloured])) < VIVID


def one_hue(coloured: list[Ink]) -> bool:
    """Whether these inks of colour are one hue: ``ONE_HUE_FROM`` of them at least, nine in ten
    within ``ONE_HUE`` degrees of their middle."""
    if len(coloured) < ONE_HUE_FROM:
        return False
    hues = [one.hue for one in coloured]
    middle = _middle(hues)
    return float(np.percentile([gap(h, middle) for h in hues], 90)) < ONE_HUE


def shows_colour(one: Ink) -> bool:
    """Whether a space shows a colour at all, in its ink or its tint (else what it holds was
    read by its pencil strokes)."""
    return one.share >= COLOURED / 4 or one.tint >= TINT_LEAST


def tint(one: Ink) -> Ink:
    """A space's median colour against the sheet's paper, as an ink covering all of it."""
    return Ink(1.0, float(np.degrees(np.arctan2(one.b, one.a)) % 360), float(np.hypot(one.a, one.b)), one.tint,
               one.a, one.b, one.lost)


def tinted(one: Ink, learned: Mapping[str, Learned]) -> tuple[str, float]:
    """A space's terrain by its ``tint`` (``?`` when it is paler than ``TINT_LEAST``), in the
    hues the sheet's tints teach (``learn`` of the tints at least ``TINT_LEAST`` from the paper):
    read as ``read`` reads an ink, of any paleness, but only as a terrain the tints of
    ``TRUSTED`` spaces at least taught, and never as a hero (a hero's orange star among the
    farms' yellow tints is a farm's tint)."""
    mixed = tint(one)
    if mixed.chroma < TINT_LEAST:
        return "?", 0.0
    letter, sure = read(mixed._replace(chroma=float("inf")), learned)
    if letter == "H" or learned[letter].members < TRUSTED:
        return "?", 0.0
    return letter, sure


def gap(a: float, b: float) -> float:
    """Degrees between two hues, around the circle."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def _middle(hues: list[float]) -> float:
    """The circular median of hues (the member nearest to all the others)."""
    return min(hues, key=lambda h: sum(gap(h, o) for o in hues))


class Learned(NamedTuple):
    """A terrain's colour on this sheet: its hue, how far its spaces' hues spread around it, and
    whether another terrain was learned nearly the same (``CROWDED``): then neither is read."""

    hue: float
    spread: float
    crowded: bool = False
    blurred: tuple[tuple[float, float], ...] = ()  # arcs (from, to) its colour runs into another's
    members: int = 0  # the sheet's spaces it was learned from
    chroma: float = 0.0  # how far from the paper their ink is, their median (0 when none)


def learn(coloured: list[Ink], heroes: bool) -> dict[str, Learned]:
    """The sheet's colour of each terrain, from its coloured spaces: each usual hue moved to the
    middle of the spaces nearest it (with at least ``LEARN_FROM`` of them), within ``DRIFT``,
    and their spread around it (``SPREAD`` at least; ``UNLEARNED`` without enough of them).
    On a sheet with ``heroes``, their orange, a few spaces a sheet between the many villages and
    farms, is not learned (it would take the sheet's reddest farms or yellowest villages): it
    stays the usual pencil's, yet keeps the spaces nearest it from teaching the farms' or the
    villages' hue (a hero's orange would pull the farms' yellow towards it); with more spaces
    nearest it than a sheet holds heroes (``HEROES_MOST``), those spaces are another terrain's:
    the others learn again, the orange attracting none, and it is not read."""
    out = _learned(coloured, heroes, heroes)
    if heroes and out["H"].members > HEROES_MOST:
        # More spaces nearest the heroes' orange than a sheet holds heroes: the villages' or the
        # farms' colour is there (an orange brand's villages, 42-51 degrees, nearer the heroes'
        # 65 than the usual village's 20, photo 11387 of the second generator). They teach their
        # own terrain, the orange attracting none; and it is not read.
        out = _learned(coloured, heroes, False)
        out["H"] = out["H"]._replace(crowded=True)
    return out


def _learned(coloured: list[Ink], heroes: bool, orange: bool) -> dict[str, Learned]:
    """``learn``'s work: ``orange``, whether the heroes' orange (on a sheet with ``heroes``)
    attracts the spaces nearest it; its ``members`` are how many it attracted (0 without)."""
    usual = {k: v for k, v in HUES.items() if heroes or k != "H"}
    hues = dict(usual)
    near: dict[str, list[float]] = {}
    chromas: dict[str, list[float]] = {}
    for _ in range(4):
        near, chromas = {k: [] for k in hues}, {k: [] for k in hues}
        for one in coloured:
            nearest = min((k for k in hues if orange or k != "H"), key=lambda k: gap(one.hue, hues[k]))
            near[nearest].append(one.hue)
            chromas[nearest].append(one.chroma)
        moved = {}
        for k, members in near.items():
            if len(members) < LEARN_FROM or k == "H":
                moved[k] = usual[k]
                continue
            middle = _middle(members)
            shift = (middle - usual[k] + 180) % 360 - 180
            moved[k] = (usual[k] + max(-DRIFT, min(DRIFT, shift))) % 360
        if moved == hues:
            break
        hues = moved
    out = {}
    for k, hue in hues.items():
        members = near.get(k, [])
        spread = SPREAD if k == "H" else UNLEARNED  # the heroes' orange: one narrow hue between two
        if len(members) >= LEARN_FROM and k != "H":
            spread = max(SPREAD, 1.4826 * float(np.median([gap(h, hue) for h in members])))
        out[k] = Learned(hue, spread, members=len(members),
                         chroma=float(np.median(chromas[k])) if chromas.get(k) else 0.0)
    # A cast that moves every hue can leave a terrain's usual hue nearer another's spaces: the
    # farms' yellow learns the yellowest forests, the forests' green the others, and both read
    # a forest. Two terrains learned this close are one colour split in two: neither is read.
    # (The heroes' orange is not learned: it sits between two terrains by nature.)
    crowded = {k for k in out for o in out if k != o and "H" not in (k, o) and gap(out[k].hue, out[o].hue) < CROWDED}
    blurred: dict[str, list[tuple[float, float]]] = {k: [] for k in out}
    for k, o in _without_valley(out, [one.hue for one in coloured]):
        # Where one colour runs into the other, its spaces reach the other's own hue (a lime
        # forest drawn lightly is as yellow as the brand's farms, photo 10210 of the second
        # generator): each is read only beyond its own hue, away from the other.
        arc = (out[k].hue - SPREAD, out[o].hue + SPREAD)
        blurred[k].append(arc)
        blurred[o].append(arc)
    return {k: v._replace(crowded=k in crowded, blurred=tuple(blurred[k])) for k, v in out.items()}


def _without_valley(learned: Mapping[str, Learned], hues: list[float]) -> list[tuple[str, str]]:
    """The pairs of terrains (first, second going round the circle) learned within
    ``NEIGHBOURS`` of each other with no gap of ``VALLEY`` among the sheet's hues between them
    (the heroes' orange, which sits between two terrains by nature, left out)."""
    out = []
    for k, o in ((k, o) for k in learned for o in learned if "H" not in (k, o) and k != o):
        start, width = learned[k].hue, (learned[o].hue - learned[k].hue) % 360
        if not 2 * SPREAD < width < NEIGHBOURS:  # nearer still: crowded, neither read
            continue
        inside = sorted((h - start) % 360 for h in hues if 0 < (h - start) % 360 < width)
        steps = np.diff([0.0, *inside, width])
        if float(steps.max()) < VALLEY:
            out.append((k, o))
    return out


def _within(hue: float, arc: tuple[float, float]) -> bool:
    return (hue - arc[0]) % 360 <= (arc[1] - arc[0]) % 360


def read(one: Ink, colours: Mapping[str, Learned], ruins: bool = False) -> tuple[str, float]:
    """A coloured space's terrain letter and how sure: its hue near the sheet's colour of one
    terrain (within ``NEAR`` degrees and ``WITHIN`` of its spread) and clearly nearer it than any
    other's (by ``APART`` of their spreads; and by ``APART_DEGREES`` when either was learned from
    fewer than ``TRUSTED`` spaces, or on a ``ruins`` space), enough of it coloured, its colour vivid (``VIVID``;
    ``VIVID_ON_RUINS`` on a ``ruins`` space; from ``PALE_LEAST`` where its terrain's spaces on the
    sheet are not much stronger, ``PALE_SHARE``)."""
    ranked = sorted((gap(one.hue, c.hue) / c.spread, gap(one.hue, c.hue), k) for k, c in colours.items())
    (best, degrees, letter), (second, _d, _other) = ranked[0], ranked[1]
    if one.chroma < (VIVID_ON_RUINS if ruins else VIVID) and not (
            # A pale colouring: read when its terrain's spaces on the sheet, enough of them to
            # have taught its colour, are not much stronger (a pink village pencil under a dim
            # light; a forest hatched lightly among forests pressed harder, 14.2 against their
            # 17.9, photo 11009 of the second generator). A tint the light gives a corner, or a
            # thumb's skin, has no such terrain behind it.
            not ruins and one.chroma >= PALE_LEAST and colours[letter].members >= LEARN_FROM
            and one.chroma >= PALE_SHARE * colours[letter].chroma):
        return "?", 0.3
    # A pale ink's hue is moved by the paper's own tint: where another terrain's colour on the
    # sheet lies near its terrain's (``PALE_NEIGHBOURS``), it must be clearly nearer its own
    # (``PALE_APART`` degrees). A light-handed farm among a brand's yellow-green forests, 28
    # degrees from their farms and 9 from their forests, was read as a forest (the second
    # generator's 11552: farms and forests 37 degrees apart; a pale water 21 degrees nearer a
    # brand's lilac monsters than its waters, 35 apart, read as a monster, its 11581 at 640 x
    # 480). On 172 phone photos this left 8 right spaces of 17,908 to a person.
    if one.chroma < VIVID and any(
            k != letter and c.members >= LEARN_FROM and gap(c.hue, colours[letter].hue) < PALE_NEIGHBOURS
            and gap(one.hue, c.hue) - degrees < PALE_APART for k, c in colours.items()):
        return letter, 0.3
    # In degrees too when either colour was learned from few spaces, or on a ruins space, whose
    # print tints the hatching over it (a green over a tan print turned olive, between a brand's
    # forest and its farm: 3.8 degrees nearer the farm, read as farm, photo 10400 of the second
    # generator).
    if ((ruins or min(colours[letter].members, colours[_other].members) < TRUSTED)
            and min(d for _s, d, k in ranked if k != letter) - degrees < APART_DEGREES):
        return letter, 0.3
    if colours[letter].crowded or any(_within(one.hue, arc) for arc in colours[letter].blurred):
        return letter, 0.3
    if ruins and letter == "H":
        # A ruins print's tan turns a village's red or a farm's yellow towards the heroes' orange
        # (an orange brand's village on a ruins space read 62 degrees, the heroes' 65, photo
        # 11395 of the second generator); where the print is all coloured over, it cannot be
        # taken out.
        return letter, 0.3
    # A pale ink's hue is the less certain the paler it is (the paper's own tint moves it): it
    # must lie nearer its terrain's middle (a pale forest between a brand's farms and forests,
    # 1.65 of the farms' spreads from them, was read as a farm, photo 10700).
    within = WITHIN * max(PALE_WITHIN, min(1.0, one.chroma / PALE_HUE))
    near = max(0.0, min(1.0, (NEAR - degrees) / (NEAR / 2), (within - best) / (within / 2)))  # near by both measures
    clear = max(0.0, min(1.0, (second - best) / APART))
    covered = min(1.0, one.share / (2 * COLOURED))
    return letter, min(near, clear, covered)


def print_tint(ruins: list[Ink]) -> tuple[float, float] | None:
    """The colour a sheet's ruins print gives its spaces (a* and b* against the sheet's paper):
    the median of its ruins spaces that no colour was read on (too pale to be a pencil's, on a
    ruins space); None when every ruins space is coloured in."""
    plain = [one for one in ruins if one.chroma < VIVID_ON_RUINS]
    if not plain:
        return None
    return float(np.median([one.a for one in plain])), float(np.median([one.b for one in plain]))


def without(one: Ink, tint: tuple[float, float]) -> Ink:
    """A space's colour with a print's tint taken out of its median colour (a* and b*)."""
    a, b = one.a - tint[0], one.b - tint[1]
    return one._replace(hue=float(np.degrees(np.arctan2(b, a)) % 360), chroma=float(np.hypot(a, b)), a=a, b=b)

