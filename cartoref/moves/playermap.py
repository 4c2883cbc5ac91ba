"""A player's map as a rules value: the sheet, the coins on its track, what it has resolved, and
the history of every change cartoref made to it, with the changes themselves as pure functions.

Each change (a drawing, a hero, a season's after-scoring effects) returns an ``Outcome``: the map
before and after, the history entry it kept, every coin it earned and why, the spaces it
destroyed. Two rules hold for every change, whatever made it (docs/rulings.md, "Mountain coins"
and "Heroes special ambushes"):

- a mountain whose last empty neighbour the change fills pays its owner one coin at once;
- Dragon Inferno's 3 coins are paid, once, by the change that meets its condition.

The history entry keeps enough to take the change back whole (``take_back``): the spaces drawn,
the spaces destroyed with what each held before, the attack marks added, the coins marked, what
it resolved. Sheets only: no file, no YAML, no words for a person (views word ``Coin``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..cardtypes import shown_name
from ..effectrules import AMBUSH_EFFECTS
from ..errors import IllegalPlacement
from ..grid import (
    MONSTER_INITIALS,
    Cell,
    Sheet,
    Terrain,
    cells_label,
    count,
    enclosed,
    iter_cells,
    mask_of,
    repr_masks,
)
from ..i18n import _, ngettext
from . import effects as fx
from .drawing import Drawing, add_coins

#: The map symbols a destroyed space may have held (map-file notation, upper case; "." empty).
_HELD = {".": None, **{t.value: t for t in (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER,
                                            Terrain.MONSTER, Terrain.HERO)},
         **dict.fromkeys(MONSTER_INITIALS, Terrain.MONSTER)}
AFTER = "after "  # the history's name for a season's after-scoring effects: "after spring"
#: What a change may add to a map's resolved: the special effects done once, the seasons done.
RESOLVABLE = (*(e.resolves for e in AMBUSH_EFFECTS.values() if e.resolves), "spring", "summer", "autumn", "winter")


class Turn(NamedTuple):
    """Which card of which game a drawing answered: the game's Nth draw, and the game's seed."""

    number: int
    seed: int

    def __str__(self) -> str:
        return f"turn {self.number} of game {self.seed}"


class Kept(NamedTuple):
    """One change cartoref made to a map, kept in the map's history so it can be taken back."""

    card: str  # the card's id, or "after SEASON" for a season's after-scoring effects
    terrain: Terrain | None  # what was drawn on ``cells`` (None: nothing drawn)
    cells: int
    coins: int  # the coins it marked on the track
    destroyed: tuple[tuple[Cell, str], ...] = ()  # spaces destroyed, each with the symbol it held
    marks: int = 0  # attack marks it added (a hero)
    resolves: tuple[str, ...] = ()  # what it added to the map's resolved
    turn: Turn | None = None  # the game's card it answered, when drawn in a game
    skill: str = ""  # the skill it used (a skill card's id), "" for none
    paid: int = 0  # the coins crossed out on the track to pay for that skill
    season: str = ""  # the season the skill was used in (one skill a season)

    @property
    def destroyed_mask(self) -> int:
        """The spaces this change destroyed."""
        return mask_of(c for c, _ in self.destroyed)

    def text(self) -> str:
        """As a map file keeps it: ``hamlet, village on B4 B5 C5, +1 coin, turn 3 of game 81234``."""
        parts = [self.card]
        if self.terrain is not None and self.cells:
            parts.append(f"{self.terrain.word} on {' '.join(c.label for c in iter_cells(self.cells))}")
        if self.coins:
            parts.append(f"+{self.coins} coin{'s' * (self.coins != 1)}")
        if self.destroyed:
            parts.append("destroyed " + " ".join(f"{c.label}={held}" for c, held in self.destroyed))
        if self.marks:
            parts.append("marks " + " ".join(c.label for c in iter_cells(self.marks)))
        if self.resolves:
            parts.append("resolves " + " ".join(self.resolves))
        if self.skill:
            parts.append(f"skill {self.skill} paid {self.paid} in {self.season}")
        if self.turn is not None:
            parts.append(str(self.turn))
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"Kept({self.text()})"


class PlayerMap(NamedTuple):
    """A player's map: the sheet, the coins on its track, what it has resolved (special effects
    done once, seasons whose after-scoring effects are applied), its history, oldest first, and
    the coins of the track crossed out to pay for skills (``spent``: among ``coins``, they score
    nothing)."""

    sheet: Sheet
    coins: int = 0
    drawings: tuple[Kept, ...] = ()
    resolved: tuple[str, ...] = ()
    spent: int = 0

    @property
    def coins_to_spend(self) -> int:
        """The coins on the track not crossed out yet: what a skill may be paid with."""
        return self.coins - self.spent

    @property
    def track(self) -> int:
        """The length of the sheet's coin track."""
        return self.sheet.side.coin_track

    def drawn_on(self, turn: Turn) -> Kept | None:
        """The drawing this map made for a game's card, if it has made one."""
        return next((k for k in self.drawings if k.turn == turn), None)


class Coin(NamedTuple):
    """One coin earned and why: ``shape`` (a coin shape), ``mountain`` (at ``space``), ``dragon``
    (Dragon Inferno's condition met; three of these)."""

    why: str
    space: Cell | None = None


class Outcome(NamedTuple):
    """What a change did to a map."""

    before: PlayerMap
    after: PlayerMap
    entry: Kept
    earned: tuple[Coin, ...]  # every coin earned, the full track's lost ones included
    lost: int  # coins earned that the full track could not take
    destroyed: int  # the spaces destroyed by the change
    zombies: int = 0  # after scoring: the new zombie spaces
    troll: int = 0  # after scoring: the space the troll destroyed
    steps: tuple[str, ...] = ()  # after scoring: the effects applied, in order (ambush ids)

    @property
    def gained(self) -> int:
        """The coins marked on the track."""
        return self.after.coins - self.before.coins

    @property
    def dragon(self) -> int:
        """Dragon Inferno's coins among those earned."""
        return sum(c.why == "dragon" for c in self.earned)

    def __repr__(self) -> str:
        return repr_masks(self, 'destroyed', 'zombies', 'troll')


# ---------------------------------------------------------------------------------- changes


def _held(sheet: Sheet, mask: int) -> tuple[tuple[Cell, str], ...]:
    """Each space of ``mask`` with the symbol it holds now (upper case; "." when empty)."""
    out = []
    for cell in iter_cells(mask):
        terrain = sheet.terrain_at(cell)
        out.append((cell, sheet.initial_at(cell) or (terrain.value if terrain else ".")))
    return tuple(out)


def _dragon_drawn(pm: PlayerMap, card: str = "", cells: int = 0) -> bool:
    # A dragon drawn with its shape (its initial written, on the map or in its history); the
    # single space drawn when the shape fits nowhere has no initial and no effect.
    return bool(fx.spaces_of(pm.sheet, fx.DRAGON)) or any(
        fx.effect_of(k.card) == fx.DRAGON and count(k.cells) > 1 for k in (*pm.drawings, Kept(card, None, cells, 0)))


def _finish(before: PlayerMap, sheet: Sheet, *, card: str, terrain: Terrain | None, cells: int, destroyed: int,
            coin_shape: bool = False, marks: int = 0, resolves: tuple[str, ...] = (), turn: Turn | None = None,
            held: tuple[tuple[Cell, str], ...] = (), skill: str = "", paid: int = 0, season: str = "",
            **extra: object) -> Outcome:
    """The outcome of a change that turned ``before.sheet`` into ``sheet``: the coins of the
    mountains it surrounds, Dragon Inferno's coins when it meets the condition, the history."""
    earned = [Coin("shape")] if coin_shape else []
    newly = before.sheet.mountains & enclosed(sheet.filled) & ~enclosed(before.sheet.filled)
    earned += [Coin("mountain", c) for c in iter_cells(newly)]
    done = fx.resolved_word(fx.DRAGON)
    if done not in before.resolved and fx.dragon_pays(sheet, _dragon_drawn(before, card, cells)):
        earned += [Coin("dragon")] * fx.DRAGON_COINS
        resolves += (done,)
    coins, lost = add_coins(before.coins, len(earned), before.track)
    entry = Kept(card, terrain, cells, coins - before.coins, held, marks, resolves, turn, skill, paid, season)
    after = PlayerMap(sheet, coins, before.drawings + (entry,), before.resolved + resolves, before.spent + paid)
    return Outcome(before, after, entry, tuple(earned), lost, destroyed, **extra)  # type: ignore[arg-type]


def draw(pm: PlayerMap, drawing: Drawing, *, destroy: int | None = None, turn: Turn | None = None,
         skill: tuple[str, int, str] | None = None) -> Outcome:
    """The map after a checked drawing (an explore card's shape, the fallback, a monster): its
    coins, monsters inside an attack zone destroyed at once, and Gorgon Gaze's destroy
    (``destroy``: the space chosen, needed while one can be). ``skill``: the skill the drawing
    used, its cost (paid first with coins of the track, each crossed out) and the season."""
    skill_id, paid, season = skill or ("", 0, "")
    if paid > pm.coins_to_spend:
        raise IllegalPlacement(ngettext("{skill} costs {cost} coin and the track has {n} not crossed out",
                                        "{skill} costs {cost} coins and the track has {n} not crossed out",
                                        paid).format(skill=skill_id, cost=paid, n=pm.coins_to_spend),
                               code="skill-cost", card=skill_id)
    card = drawing.card
    sheet = drawing.after
    destroyed = drawing.destroyed
    held = tuple((c, ".") for c in iter_cells(destroyed))
    if getattr(card, "acts", "") == fx.GORGON and drawing.initial:
        targets = fx.gorgon_targets(sheet, fx.spaces_of(sheet, fx.GORGON))
        if targets and destroy is None:
            raise IllegalPlacement(_("the gorgon destroys one space next to it that is not a mountain: choose it "
                                     "(one of {spaces})").format(spaces=cells_label(targets)),
                                   code="gorgon-target", card=card.id, spaces=targets)
        if destroy is not None:
            held += _held(sheet, destroy)
            sheet = fx.destroy_one(sheet, destroy, targets, "the gorgon", fx.GORGON, card.id)
            destroyed |= destroy
    elif destroy is not None:
        raise IllegalPlacement(_("only Gorgon Gaze's monster destroys a space as it is drawn, not {card}'s")
                               .format(card=shown_name(card)), code="no-gaze", card=card.id)
    return _finish(pm, sheet, card=card.id, terrain=drawing.terrain, cells=drawing.mask, destroyed=destroyed,
                   coin_shape=drawing.coin_shape, turn=turn, held=held, skill=skill_id, paid=paid, season=season)


def draw_hero(pm: PlayerMap, drawing: object, *, turn: Turn | None = None) -> Outcome:
    """The map after a checked hero drawing (``moves.heroes.HeroDrawing``): the hero's space, its
    marks, the monsters inside them destroyed, the coins."""
    from .heroes import HeroDrawing

    assert isinstance(drawing, HeroDrawing)
    return _finish(pm, drawing.after, card=drawing.hero.id, terrain=Terrain.HERO, cells=drawing.mask,
                   destroyed=drawing.destroyed, marks=drawing.attacks & ~pm.sheet.attacks, turn=turn,
                   held=_held(pm.sheet, drawing.destroyed))


def troll_choice(pm: PlayerMap) -> int:
    """The empty spaces next to the troll, one of which it destroys after a season's scoring."""
    return fx.troll_targets(pm.sheet)


def after_scoring(pm: PlayerMap, season: str, *, order: tuple[str, ...] | None = None,
                  troll: int | None = None) -> Outcome:
    """The map after a season's after-scoring effects, applied once: the zombies spread (a new
    zombie inside an attack zone destroyed at once), the troll destroys an empty space next to it
    (``troll``; chosen for the player when only one is possible); in ``order`` (the ambushes'
    reveal order; by default the order the history drew them, zombie first for a map typed
    from paper)."""
    if season in pm.resolved:
        # The season's id (``spring``), as the map's history names it.
        raise IllegalPlacement(_("the effects after {season}'s scoring are already applied on this map")
                               .format(season=season), code="season-done")
    # The steps are the ambushes' ids (as the game's reveal order and the history name them), each
    # acting by its effect; a map typed from paper knows its monsters by their initials only.
    drawn = [k.card for k in pm.drawings if fx.effect_of(k.card) in (fx.ZOMBIES, fx.TROLL)]
    known = (*(order or ()), *drawn)  # the cards that brought each effect, as the game or history names them

    def card_of(effect: str) -> str:
        return next((a for a in known if fx.effect_of(a) == effect), fx.card_acting(effect))

    present = [card_of(e) for e in (fx.ZOMBIES, fx.TROLL) if fx.spaces_of(pm.sheet, e)]
    steps = tuple(a for a in dict.fromkeys(order if order is not None else (*drawn, *present)) if a in present)
    sheet, new, destroyed, razed = pm.sheet, 0, 0, 0
    held: tuple[tuple[Cell, str], ...] = ()
    for step in steps:
        if fx.effect_of(step) == fx.ZOMBIES:
            sheet, new, doomed = fx.zombie_spread(sheet)
            destroyed |= doomed
            held += tuple((c, ".") for c in iter_cells(doomed))
            continue
        targets = fx.troll_targets(sheet)
        if troll is None and count(targets) == 1:
            troll = targets
        if targets and troll is None:
            raise IllegalPlacement(_("the troll destroys one empty space next to it: choose it (one of {spaces})")
                                   .format(spaces=cells_label(targets)), code="troll-target", card=step,
                                   spaces=targets)
        if targets:
            assert troll is not None
            held += _held(sheet, troll)
            sheet = fx.destroy_one(sheet, troll, targets, "the troll", fx.TROLL, step)
            destroyed |= troll
            razed = troll
    if troll is not None and not razed:
        raise IllegalPlacement(_("there is no troll with an empty space next to it on this map"), code="no-troll")
    return _finish(pm, sheet, card=AFTER + season, terrain=Terrain.MONSTER if new else None, cells=new,
                   destroyed=destroyed, resolves=(season,), held=held, zombies=new, troll=razed, steps=steps)


def take_back(pm: PlayerMap) -> tuple[PlayerMap, Kept, int]:
    """The map without its last change, whole: the spaces it drew rubbed out (those still holding
    what it drew), the spaces it destroyed given back what they held, its marks, coins and
    resolved marks removed. Also the change taken back and the spaces that changed."""
    if not pm.drawings:
        raise IllegalPlacement(_("nothing to take back: the map keeps no drawing written by cartoref (a map typed "
                                 "from paper has none)"), code="no-history")
    last = pm.drawings[-1]
    sheet = pm.sheet
    restored = last.destroyed_mask & sheet.destroyed
    sheet = sheet.erased(restored)
    for cell, symbol in last.destroyed:
        terrain = _HELD.get(symbol)
        if terrain is not None and cell.bit & restored and not cell.bit & last.cells:
            sheet = sheet.with_drawn(cell.bit, terrain, symbol if symbol in MONSTER_INITIALS else None)
    mine = last.cells & sheet.mask(last.terrain) if last.terrain is not None else 0
    sheet = sheet.erased(mine)
    if last.marks:
        sheet = Sheet(sheet.side, sheet.drawn, sheet.initials, sheet.attacks & ~last.marks)
    resolved = list(pm.resolved)
    for r in last.resolves:
        if r in resolved:
            resolved.remove(r)
    after = PlayerMap(sheet, max(0, pm.coins - last.coins), pm.drawings[:-1], tuple(resolved),
                      max(0, pm.spent - last.paid))
    return after, last, mine | restored | last.marks


_CARD = re.compile(r"[a-z0-9-]+|after (?:spring|summer|autumn|winter)")
_CLAUSES = (
    ("drawn", re.compile(r"([a-z]+) on ([A-Ka-k0-9 ]+)")),
    ("coins", re.compile(r"\+(\d{1,2}) coins?")),
    ("destroyed", re.compile(r"destroyed ((?:[A-Ka-k]\d{1,2}=[.A-Za-z] ?)+)")),
    ("marks", re.compile(r"marks ([A-Ka-k0-9 ]+)")),
    ("resolves", re.compile(r"resolves ([a-z -]+)")),
    ("skill", re.compile(r"skill ([a-z0-9-]{1,40}) paid (\d{1,2}) in (spring|summer|autumn|winter)")),
    ("turn", re.compile(r"turn (\d{1,4}) of game (-?\d{1,30})")),
)


def parse_kept(text: str) -> Kept | None:
    """One line of a map's history (``Kept.text``), or None when it is not one."""
    from ..notation import parse_spaces

    first, *rest = [p.strip() for p in text.strip().split(",")]
    if not _CARD.fullmatch(first):
        return None
    found: dict[str, re.Match[str]] = {}
    for part in rest:
        for key, pattern in _CLAUSES:
            m = pattern.fullmatch(part)
            if m and key not in found:
                found[key] = m
                break
        else:
            return None
    words = {t.word: t for t in Terrain}
    try:
        terrain, cells = None, 0
        if "drawn" in found:
            terrain = words[found["drawn"].group(1)]
            cells = parse_spaces(found["drawn"].group(2))
        marks = parse_spaces(found["marks"].group(1)) if "marks" in found else 0
        destroyed = parse_destroyed(found["destroyed"].group(1)) if "destroyed" in found else ()
    except (KeyError, ValueError, IllegalPlacement):
        return None
    resolves = tuple(found["resolves"].group(1).split()) if "resolves" in found else ()
    if any(r not in RESOLVABLE for r in resolves) or (not cells and not first.startswith(AFTER) and not destroyed):
        return None
    turn = Turn(int(found["turn"].group(1)), int(found["turn"].group(2))) if "turn" in found else None
    coins = int(found["coins"].group(1)) if "coins" in found else 0
    skill, paid, season = (found["skill"].group(1), int(found["skill"].group(2)), found["skill"].group(3)) \
        if "skill" in found else ("", 0, "")
    return Kept(first, terrain, cells, coins, destroyed, marks, resolves, turn, skill, paid, season)


def parse_destroyed(text: str) -> tuple[tuple[Cell, str], ...]:
    """``E5=F F6=.`` as a history keeps it; ValueError when it is not that."""
    out = []
    for item in text.split():
        label, _, symbol = item.partition("=")
        if symbol.upper() not in _HELD:
            raise ValueError(item)
        out.append((Cell.parse(label), symbol.upper()))
    return tuple(out)
