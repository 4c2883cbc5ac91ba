"""Changes to one map file, each under the file's lock, written atomically (keeping the player's
own lines): a drawing, a hero, a solo monster, a season's after-scoring effects, taking the last
change back. The rules of each change live in ``moves.playermap``; here they are read, called
and written. ``guard`` is the game's check of the map, run under the lock before any change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import AmbushCard
from ..errors import IllegalPlacement
from ..grid import Terrain
from ..mapedit import edit_map
from ..mapfile import MapFile, player_map, with_player_map
from ..moves import check_drawing, solo_drawing
from ..moves import playermap as pm
from ..moves.heroes import check_hero
from .results import Placed, PlacedHero, SeasonEnded, Unplaced

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import ExploreCard, HeroCard, SkillCard
    from ..moves.playermap import Turn
    from ..store import Store

Guard = Callable[[MapFile], None]


def _no_guard(mf: MapFile) -> None:
    return None


def place(map_path: str, card: ExploreCard | AmbushCard, mask: int, terrain: Terrain | None = None, *,
          ruins: bool = False, strict_fallback: bool = False, destroy: int | None = None, write: bool = True,
          guard: Guard = _no_guard, turn: Turn | None = None, store: Store | None = None) -> Placed:
    """Check a drawing of ``card`` on a map file and, when legal and ``write``, draw it there
    with all it does (IllegalPlacement, file untouched, when not). ``destroy``: the space
    Gorgon Gaze destroys (needed while one can be)."""

    def change(mf: MapFile) -> tuple[MapFile, Placed]:
        guard(mf)
        drawing = check_drawing(mf.sheet, card, mask, terrain, ruins=ruins, strict_fallback=strict_fallback)
        outcome = pm.draw(player_map(mf), drawing, destroy=destroy, turn=turn)
        return with_player_map(mf, outcome.after), Placed(map_path, mf, drawing, outcome, write)

    return edit_map(map_path, change, write=write, store=store)


def place_skill(map_path: str, card: ExploreCard | AmbushCard, skill: SkillCard, mask: int,
                terrain: Terrain | None = None, *, season: str, ruins: bool = False, write: bool = True,
                guard: Guard = _no_guard, turn: Turn | None = None, solo: bool = False, store: Store | None = None) -> Placed:
    """Check a drawing made with ``skill`` for ``card`` (the card at hand) on a map file and,
    when the skill allows it and the track holds its cost, draw it, the cost crossed out.
    ``solo``: the solo map, whose ambush monster cartoref drew as the card was revealed: a skill
    changing that monster (Acrobatics) takes it back and draws its own where the solo procedure
    puts it."""
    from ..moves.skills import check_skill_drawing

    def change(mf: MapFile) -> tuple[MapFile, Placed]:
        guard(mf)
        before = player_map(mf)
        if solo and isinstance(card, AmbushCard):
            before = _solo_monster_taken_back(before, card, skill, mask, turn)
        drawn = before.drawn_on(turn) if turn is not None else None
        drawing = check_skill_drawing(before.sheet, skill, card, mask, terrain, ruins=ruins, drawn=drawn)
        outcome = pm.draw(before, drawing, turn=turn, skill=(skill.id, skill.cost, season))
        return with_player_map(mf, outcome.after), Placed(map_path, mf, drawing, outcome, write)

    return edit_map(map_path, change, write=write, store=store)


def _solo_monster_taken_back(before: pm.PlayerMap, ambush: AmbushCard, skill: SkillCard, mask: int,
                             turn: Turn | None) -> pm.PlayerMap:
    """The solo map without the ambush's monster cartoref drew for this turn (when it drew one),
    once the spaces given are where the solo procedure draws the skill's monster."""
    from ..cardtypes import shown_name
    from ..grid import cells_label
    from ..i18n import _
    from ..moves.skills import solo_monster_places

    drew = before.drawn_on(turn) if turn is not None else None
    if drew is not None:
        if before.drawings[-1] != drew:
            raise IllegalPlacement(_("cartoref drew {card}'s monster and the map was drawn on since: take the later "
                                     "drawings back first").format(card=shown_name(ambush)),
                                   code="skill-too-late", card=skill.id)
        before, _kept, _changed = pm.take_back(before)
    places = solo_monster_places(before.sheet, skill, ambush)
    if mask not in places:
        where = _(" or ").join(cells_label(m) for m in places) or _("nowhere")
        raise IllegalPlacement(_("in solo the procedure draws {skill}'s monster, from {card}'s corner in its "
                                 "direction, turned as you choose: at {places}").format(
                                     skill=shown_name(skill), card=shown_name(ambush), places=where),
                               code="skill-solo-place", card=skill.id, spaces=mask)
    return before


def place_hero(map_path: str, hero: HeroCard, mask: int, *, orientation: int | None = None,
               attacks: int | None = None, write: bool = True, guard: Guard = _no_guard,
               turn: Turn | None = None, store: Store | None = None) -> PlacedHero:
    """Draw a hero on a map file: its space, its marks, the monsters they destroy, its coins."""

    def change(mf: MapFile) -> tuple[MapFile, PlacedHero]:
        guard(mf)
        drawing = check_hero(mf.sheet, hero, mask, orientation=orientation, attacks=attacks)
        outcome = pm.draw_hero(player_map(mf), drawing, turn=turn)
        return with_player_map(mf, outcome.after), PlacedHero(map_path, mf, drawing, outcome, write)

    return edit_map(map_path, change, write=write, store=store)


def solo_ambush(map_path: str, ambush: AmbushCard, *, destroy: int | None = None, write: bool = True,
                guard: Guard = _no_guard, turn: Turn | None = None, store: Store | None = None) -> Placed:
    """Draw an ambush's monster on a map file by the solo procedure (docs/solo.md), or find
    that it fits nowhere (``drawing`` None: the ambush is ignored); ``destroy``: the space
    Gorgon Gaze destroys."""

    def change(mf: MapFile) -> tuple[MapFile, Placed]:
        guard(mf)
        found = solo_drawing(mf.sheet, ambush)
        if found is None:
            return mf, Placed(map_path, mf, None, None, False)
        cand, drawing = found
        outcome = pm.draw(player_map(mf), drawing, destroy=destroy, turn=turn)
        return with_player_map(mf, outcome.after), Placed(map_path, mf, drawing, outcome, write, cand)

    return edit_map(map_path, change, write=write, store=store)


def season_end(map_path: str, season: str, *, troll: int | None = None, order: tuple[str, ...] | None = None,
               write: bool = True, guard: Guard = _no_guard, store: Store | None = None) -> SeasonEnded:
    """Apply, once, a season's after-scoring effects on a map file (``moves.playermap``)."""

    def change(mf: MapFile) -> tuple[MapFile, SeasonEnded]:
        guard(mf)
        try:
            outcome = pm.after_scoring(player_map(mf), season, order=order, troll=troll)
        except IllegalPlacement as e:
            if e.code == "season-done":
                raise IllegalPlacement(f"{map_path}: {e}", code=e.code) from None
            raise
        return with_player_map(mf, outcome.after), SeasonEnded(map_path, mf, season, outcome, write)

    return edit_map(map_path, change, write=write, store=store)


def unplace(map_path: str, *, write: bool = True, store: Store | None = None) -> Unplaced:
    """Take back the last change cartoref made to a map file, whole (``moves.playermap.take_back``)."""

    def change(mf: MapFile) -> tuple[MapFile, Unplaced]:
        try:
            after, last, changed = pm.take_back(player_map(mf))
        except IllegalPlacement as e:
            raise IllegalPlacement(f"{map_path}: {e}", code=e.code) from None
        return with_player_map(mf, after), Unplaced(map_path, mf, last, changed, after.coins, write, after.sheet)

    return edit_map(map_path, change, write=write, store=store)
