"""What a command asks of a table about a map file: place, fits, hint, season-end, solo-ambush.

``Desk`` holds these once. What is at hand (the card, its ruins obligation, the season, the
edicts, the game's checks of a map) comes from a game (``cartoref.table.game.Table``) or, with
no game, from what the command was told (``FreeTable``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..cards import (
    AmbushCard,
    Catalog,
    ExploreCard,
    HeroCard,
    Season,
    SkillCard,
    catalog,
    find_by_name,
)
from ..cardtypes import shown_name
from ..errors import UnknownCardError, UsageError
from ..i18n import _, clauses
from ..mapfile import MapFile, read_map
from ..moves import fits as count_fits
from ..moves.advice import hero_hints, hints
from ..moves.heroes import describe
from ..moves.lookahead import Budget, look_ahead
from ..notation import parse_spaces
from ..store import current
from . import maps
from .results import Hinted, Placed, PlacedHero, SeasonEnded

if TYPE_CHECKING:  # pragma: no cover
    from ..grid import Terrain
    from ..moves import Fits
    from ..moves.lookahead import Outlook
    from ..moves.playermap import Turn
    from ..store import Store

Card = ExploreCard | AmbushCard | HeroCard
#: ``hint``'s look-ahead budget when none is given: the command answers within a second.
DEFAULT_BUDGET_MS = 500


def drawing_card(name: str, cards: Catalog | None = None) -> Card:
    """An explore, ambush or hero card by a forgiving name; a scoring card's name is refused plainly."""
    cat = cards or catalog()
    every: list[Any] = [*cat.explore, *cat.ambushes, *cat.heroes]
    try:
        return find_by_name(name, every, what="explore, ambush or hero card", key=lambda c: c.name)
    except UnknownCardError as missing:
        try:
            scoring = cat.scoring_card(name)
        except UnknownCardError:
            raise missing from None
        raise UsageError(_("{card} is a scoring card; name the explore or ambush card drawn").format(
            card=shown_name(scoring)), code="scoring-card-drawn") from None


class TrollsToChoose(UsageError):
    """Maps whose troll still needs its space chosen (``left``: each map with the spaces it may
    destroy), the others' effects applied (``done``)."""

    def __init__(self, done: list[SeasonEnded], left: list[tuple[str, int]]):
        from ..grid import cells_label

        which = clauses(_("{map}: {spaces}").format(map=path, spaces=cells_label(targets)) for path, targets in left)
        super().__init__(_("the troll destroys one empty space next to it, still to choose on {maps}: give "
                           "--troll MAP=SPACE for each (the other maps' effects are applied)").format(maps=which),
                         code="troll-targets")
        self.done, self.left = done, left


def spaces(given: int | str | None, option: str = "cells") -> int | None:
    """Spaces as a mask, from a mask or the labels a person typed ("B4,B5" or "b4 b5", runs "D3-D6");
    a refusal names the option they were typed for (``bad-cells``' code stays ``bad-spaces``)."""
    from ..errors import IllegalPlacement

    if given is None or isinstance(given, int):
        return given
    try:
        return parse_spaces(given)
    except IllegalPlacement as e:
        if option == "cells" or e.code != "bad-spaces":
            raise
        raise IllegalPlacement(str(e), code=f"bad-{option}", spaces=e.spaces) from None


def terrain_of(given: Terrain | str | None) -> Terrain | None:
    """A terrain from its word (forest, village, farm, water, monster) in any language cartoref
    speaks, any case."""
    from ..grid import Terrain, terrain_named

    if given is None or isinstance(given, Terrain):
        return given
    found = terrain_named(given)
    if found is None:
        raise UsageError(_("{given} is not a terrain (forest, village, farm, water or monster)").format(
            given=repr(given)), code="bad-terrain")
    return found


class Desk:
    """The map commands, on what is at hand. Spaces may be given as labels, terrains as words."""

    turn: Turn | None = None
    #: Where the maps are kept: a game's store, or the run's for a free table.
    store: Store

    # What is at hand: a game answers these from its file, a free table from the command.

    def card(self, name: str | None, ruins: bool) -> tuple[Card, bool]:
        """The card to draw and its ruins obligation."""
        raise NotImplementedError

    def check_map(self, mf: MapFile, purpose: str) -> None:
        """Refuse a map this table cannot use for ``purpose`` (place, hint, fits, season-end)."""

    def season_and_edicts(self, mf: MapFile, season: str | None, edicts: tuple[str, ...] | None
                          ) -> tuple[str, tuple[str, ...]]:
        """The season being played (its id) and the four edicts' ids, for ``hint``."""
        raise NotImplementedError

    def ambush(self, name: str) -> AmbushCard:
        """The ambush whose monster the solo procedure draws (``solo-ambush``): any ambush named."""
        return catalog().ambush(name)

    def season_order(self, season: str | None) -> tuple[str, tuple[str, ...] | None]:
        """The season whose after-scoring effects apply, and the effects' order (None: the map's)."""
        raise NotImplementedError

    def seasons(self) -> tuple[Season, ...]:
        """The season cards at hand, in play order (their edicts and thresholds)."""
        return tuple(catalog().seasons)

    def on_solo_map(self, map_path: str) -> bool:
        """Whether ``map_path`` is the solo map cartoref draws the ambushes' monsters on."""
        return False

    def skill(self, name: str) -> tuple[SkillCard, str]:
        """A skill face up at this table, and the season it would be used in."""
        raise UsageError(_("--skill: skills are played in a game set up with them (cartoref new --skills)"),
                         code="no-skills")

    # The commands.

    def place(self, map_path: str, card_name: str | None, cells: int | str, *, terrain: Terrain | str | None = None,
              ruins: bool = False, strict_fallback: bool = False, destroy: int | str | None = None,
              orientation: int | None = None, attacks: int | str | None = None, write: bool = True,
              skill: str | None = None) -> Placed | PlacedHero:
        """Check a drawing of the card at hand on a map file and, when legal, draw it there
        (``skill``: made with a skill face up at the table, paid from the map's coin track)."""
        mask = spaces(cells)
        assert mask is not None
        destroy, attacks = spaces(destroy, "destroy"), spaces(attacks, "attacks")
        card, ruins = self.card(card_name, ruins)
        if skill is not None:
            if destroy is not None or attacks is not None or orientation is not None:
                raise UsageError(_("--skill draws a shape: --destroy, --orientation and --attacks are not for it"),
                                 code="skill-options")
            return self._place_with_skill(map_path, card, skill, mask, terrain_of(terrain), ruins, write)

        def guard(mf: MapFile) -> None:
            self.check_map(mf, "place")

        if isinstance(card, HeroCard):
            if destroy is not None:
                raise UsageError(_("only Gorgon Gaze's monster destroys a space as it is drawn, not {card}").format(
                    card=shown_name(card)), code="no-gaze")
            return maps.place_hero(map_path, card, mask, orientation=orientation, attacks=attacks, write=write,
                                   guard=guard, turn=self.turn, store=self.store)
        if orientation is not None or attacks is not None:
            raise UsageError(_("the orientation and marks are for a hero's pattern, and {card} is no hero").format(
                card=shown_name(card)), code="not-a-hero")
        return maps.place(map_path, card, mask, terrain_of(terrain), ruins=ruins, strict_fallback=strict_fallback,
                          destroy=destroy, write=write, guard=guard, turn=self.turn, store=self.store)

    def _place_with_skill(self, map_path: str, card: Card, name: str, mask: int, terrain: Terrain | None,
                          ruins: bool, write: bool) -> Placed:
        """A drawing made with a skill: checked by the game (one skill a season for each map)
        and by the skill's rule."""
        from ..errors import IllegalAction
        from ..moves.skills import adds_a_drawing

        skill, season = self.skill(name)
        if isinstance(card, HeroCard):
            raise UsageError(_("{skill} is not used with a hero's drawing").format(skill=shown_name(skill)),
                             code="skill-not-now")

        # On the solo map an ambush's monster is cartoref's, drawn as it was revealed: a skill
        # changing it replaces that drawing.
        solo = isinstance(card, AmbushCard) and self.on_solo_map(map_path)

        def guard(mf: MapFile) -> None:
            self.check_map(mf, "place-also" if adds_a_drawing(skill) or solo else "place")
            used = next((k for k in mf.drawings if k.skill and k.season == season and k.turn is not None
                         and self.turn is not None and k.turn.seed == self.turn.seed), None)
            if used is not None:
                raise IllegalAction(_("{file}: this map used {skill} in {season} already: one skill a season").format(
                    file=mf.name, skill=shown_name(catalog().skill(used.skill)), season=season),
                    code="skill-used", card=used.skill, spaces=used.cells)

        return maps.place_skill(map_path, card, skill, mask, terrain, season=season, ruins=ruins, write=write,
                                guard=guard, turn=self.turn, solo=solo, store=self.store)

    def fits(self, map_path: str, card_name: str | None, ruins: bool = False
             ) -> tuple[ExploreCard | AmbushCard, MapFile, Fits]:
        """Where each shape of the card at hand can be drawn on a map."""

        card, ruins = self.card(card_name, ruins)
        mf = read_map(map_path, store=self.store)
        self.check_map(mf, "fits")
        if isinstance(card, HeroCard):
            raise UsageError(_("{card} is a hero: it goes on any empty space ({n} on this map), its pattern in one "
                               "of its orientations, {patterns}").format(card=shown_name(card),
                                                                         n=mf.sheet.empty.bit_count(),
                                                                         patterns=describe(card)),
                             code="hero-fits")
        return card, mf, count_fits(mf.sheet, card, ruins)

    def check_pass(self, drawer: MapFile, victim: MapFile, card: Card) -> None:
        """Refuse an ambush ranked against a map its drawer does not draw on."""
        if not isinstance(card, AmbushCard):
            raise UsageError(_("{card} is no ambush: only a monster is drawn on another player's map").format(
                card=shown_name(card)), code="against-not-ambush")

    def outlook(self, side: str, season: int) -> Outlook:
        """What the next draw may show. With no game: every explore card of the game of the
        sheet side ``side`` face down, no ambush known, the next card in the same season."""
        from ..cards import CardSet, Kind
        from ..game.forecast import ruins_in_seasons
        from ..moves.lookahead import Outlook

        game = CardSet.HEROES if side.startswith("heroes-") else CardSet.BASE
        cards = [c for c in catalog().explore if c.set == game]
        explore = [c for c in cards if c.kind != Kind.RUINS]
        return Outlook(tuple((c, 1 / len(explore)) for c in explore), len(explore), season,
                       ruins_to_come=ruins_in_seasons(cards, self.seasons()[season:]))

    def hint(self, map_path: str, card_name: str | None, *, ruins: bool = False, season: str | None = None,
             edicts: tuple[str, ...] | str | None = None, against: str | None = None, quick: bool = False,
             budget: int | Budget | None = None, seed: int | None = None) -> Hinted:
        """Every legal drawing of the card at hand on a map, ranked by what it is worth; with
        ``against``, an ambush's monster on that map ranked from its drawer's side (``map_path``
        is the drawer's own map): the drawings that hurt it most first.

        A shape or a hero is then ranked again looking at the next card (``moves.lookahead``)
        within ``budget`` (milliseconds, or a ``Budget``; ``DEFAULT_BUDGET_MS`` when None),
        ``seed`` fixing the sample it looks at when the budget cannot cover everything;
        ``quick`` keeps the one-step ranking."""

        if isinstance(edicts, str):
            from .lookup import edict_ids

            edicts = edict_ids(edicts)
        card, ruins = self.card(card_name, ruins)
        mf = read_map(map_path, store=self.store)
        if against is not None:
            victim = read_map(against, store=self.store)
            self.check_pass(mf, victim, card)
            self.check_map(mf, "fits")
            self.check_map(victim, "hint-against")
            mf = victim
        else:
            self.check_map(mf, "hint")
        season_id, ids = self.season_and_edicts(mf, season, edicts)
        cards = catalog()
        named = [(i, cards.scoring_by_id(i).name) for i in ids]
        seasons = self.seasons()
        order = [s.id for s in seasons].index(season_id)
        plan = [s.edicts for s in seasons]
        if isinstance(card, HeroCard):
            ranked = hero_hints(mf.sheet, card, named, order, plan, coins_held=mf.coins, resolved=mf.resolved)
        else:
            ranked = hints(mf.sheet, card, named, order, plan, coins_held=mf.coins, track=mf.sheet.side.coin_track,
                           ruins=ruins, resolved=mf.resolved)
        if against is not None:
            ranked.sort(key=lambda h: (h.total, h.now))  # stable: ties keep the ranking's order
        elif not quick and not isinstance(card, AmbushCard):
            if not isinstance(budget, Budget):
                budget = Budget.of_ms(DEFAULT_BUDGET_MS if budget is None else budget)
            outlook = self.outlook(mf.sheet.side.id, order)
            ranked = look_ahead(ranked, mf.sheet, ids, plan, outlook, coins_held=mf.coins,
                                track=mf.sheet.side.coin_track, budget=budget, seed=seed or 0)
        return Hinted(mf, card, season_id, ranked, against)

    def season_end(self, map_paths: tuple[str, ...], season: str | None = None, *,
                   troll: int | str | Mapping[str, str] | None = None, force: bool = False,
                   write: bool = True) -> list[SeasonEnded]:
        """Apply a season's after-scoring effects, once, on each map file. ``troll``: the troll's
        space for one map, or for each map its own (``{map: space}``, a map named by its path or
        its file name). When maps' trolls still need their space chosen, the other maps are done
        and ``TrollsToChoose`` names those left (with what was done)."""
        import os

        from ..errors import IllegalPlacement

        chosen: dict[str, int | None] = {p: None for p in map_paths}
        if isinstance(troll, Mapping):
            for name, space in troll.items():
                match = [p for p in map_paths if p == name or os.path.basename(p) == os.path.basename(name)]
                if not match:
                    raise UsageError(_("--troll {given}: {map} is not one of the maps given").format(
                        given=f"{name}={space}", map=name), code="troll-map")
                chosen[match[0]] = spaces(space, "troll")
        elif troll is not None:
            if len(map_paths) > 1:
                raise UsageError(_("the troll's space is chosen for one map at a time: give one MAP with it, or "
                                   "MAP=SPACE for each"), code="troll-one-map")
            chosen[map_paths[0]] = spaces(troll, "troll")
        season_id, order = self.season_order(season)

        def guard(mf: MapFile) -> None:
            self.check_map(mf, "season-end" if not force else "season-end-forced")

        # Every map is checked before any is written: one refusal leaves them all as they were;
        # but a troll whose space is still to choose holds only its own map.
        checked, left = [], []
        for p in map_paths:
            try:
                checked.append(maps.season_end(p, season_id, troll=chosen[p], order=order, write=False, guard=guard,
                                               store=self.store))
            except IllegalPlacement as e:
                if e.code != "troll-target" or len(map_paths) == 1:
                    raise
                left.append((p, e.spaces))
        ready = [p for p in map_paths if p not in {q for q, _ in left}]
        done = checked if not write else [maps.season_end(p, season_id, troll=chosen[p], order=order, write=True,
                                                          guard=guard, store=self.store) for p in ready]
        if left:
            raise TrollsToChoose(done, left)
        return done

    def solo_ambush(self, map_path: str, ambush_name: str, *, destroy: int | str | None = None,
                    write: bool = True) -> tuple[AmbushCard, Placed]:
        """An ambush's monster drawn on a map by the solo procedure. In a game, the ambush is the
        card on the table, a monster already drawn for it on the map is refused (``check_map``)
        and the drawing keeps its turn in the map's history."""
        ambush = self.ambush(ambush_name)
        destroy = spaces(destroy, "destroy")

        def guard(mf: MapFile) -> None:
            self.check_map(mf, "place")

        return ambush, maps.solo_ambush(map_path, ambush, destroy=destroy, write=write, guard=guard,
                                        turn=self.turn, store=self.store)


class FreeTable(Desk):
    """No game at hand: the card, the ruins obligation, the season and the edicts are what the
    command says (or the map file's own ``season:`` and ``edicts:``); its maps are in ``store``
    (the run's store by default: the files unless the shell named another)."""

    def __init__(self, store: Store | None = None):
        self.store = store or current()

    def card(self, name: str | None, ruins: bool) -> tuple[Card, bool]:
        if name is None:
            raise UsageError(_("name the CARD drawn (no game here to take it from)"), code="card-needed")
        return drawing_card(name), ruins

    def season_and_edicts(self, mf: MapFile, season: str | None, edicts: tuple[str, ...] | None
                          ) -> tuple[str, tuple[str, ...]]:
        ids = edicts or mf.edicts
        season = season or mf.season
        if not ids:
            raise UsageError(_("{file}: name the edicts (none in the map file, no game here)").format(file=mf.name),
                             code="edicts-needed")
        if season is None:
            raise UsageError(_("{file}: name the season (none in the map file, no game here)").format(file=mf.name),
                             code="season-needed")
        return season, tuple(ids)

    def season_order(self, season: str | None) -> tuple[str, tuple[str, ...] | None]:
        if season is None:
            raise UsageError(_("name the season just scored (no game here to take it from)"), code="season-needed")
        return season, None

