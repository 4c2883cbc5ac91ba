"""A sheet that keeps no drawings (typed from paper, read from a photo), its drawings found
again: the game's turns are known (its log, or a challenge's deck), the final sheet says what
every space holds, and each season's recorded score says what the map scored as it stood then.

The search has two steps, because an explore card comes back every season and nothing on the
sheet says which of its drawings was drawn when:

1. **Which drawings.** The drawn spaces are covered exactly by drawings of the cards the game
   dealt, each card as many times as it was drawn (a ruins card draws nothing; a solo monster
   lies where its shape fits among the monster spaces; a card may have been drawn as one space,
   the fallback, tried only when no cover without one is found). A cover is a set of drawings
   with no turn yet.
2. **When.** Turn by turn, each card takes one of its drawings in the cover: one the rules allow
   at that turn (the ruins obligation, the fallback only where no shape fits); each solo monster
   must be the cover's, where the procedure puts it on the map as it then stands; each season's
   end is scored and compared with the record. The map at a turn is known from the spaces
   filled, so a (turn, spaces, coins, drawings still to place) that failed once, in any
   cover, is not searched again.

The answer is "found" (a history that ``verify.replay_map`` then checks like any kept history),
"impossible" (no cover, or no order of any cover's drawings, makes this sheet and its records:
no legal play does, every fallback a history might need having been tried) or "gave up" after
``budget`` steps or beyond ``FALLBACKS`` fallbacks (nothing proven either way: the sheet is
disputed, never refused on a guess). At a table, a monster is the neighbour's to draw: any of
its legal places is tried.

Pure: values in, values out. Heroes, skills and destroyed spaces are not searched (``why``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from ..cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, HeroCard, Kind
from ..grid import Sheet, Terrain, count, iter_cells
from ..i18n import _
from ..moves import playermap as pm
from ..moves.drawing import Drawing, card_terrains
from ..moves.effects import effect_of
from ..moves.legal import _legal_placements, _on_board, ruins_target
from ..moves.solo import solo_drawing
from .values import GameState

#: Steps tried before the search gives up (a step: one drawing tried in a cover, or at a turn).
BUDGET = 200_000
#: The most single-space fallbacks a cover is searched with (a game played at random drew four).
FALLBACKS = 8
FALLBACK = ""  # the kind of a single-space fallback drawing (any explore card's, when no shape fits)


class Found(NamedTuple):
    """What the search found: ``history`` (a map's drawings, as a map file keeps them) when a
    history was found; else ``why`` and whether no history can exist (``impossible``) or the
    search stopped at its budget."""

    history: tuple[pm.Kept, ...] | None
    why: str
    impossible: bool
    steps: int


class _Budget(Exception):
    pass


class _Row(NamedTuple):
    """One drawing of a cover: the card (``FALLBACK`` for one space), its spaces and terrain."""

    kind: str
    mask: int
    terrain: Terrain
    option: int | None
    coin: bool


def reconstruct(state: GameState, player: int, final: Sheet, coins: int | None, *,
                budget: int = BUDGET) -> Found:
    """A history of drawings that makes ``final`` (and ``coins`` on the track, when known) from
    a blank sheet through ``state``'s turns, each season scoring what ``player`` recorded."""
    from .turns import turns_of

    turns = turns_of(state)
    why = _unsearched(state, final, turns)
    if why:
        return Found(None, why, False, 0)
    search = _Search(state, player, final, coins, turns, budget)
    try:
        return search.run()
    except _Budget:
        return Found(None, _("no history found within {n} steps").format(n=budget), False, search.steps)


def _unsearched(state: GameState, final: Sheet, turns) -> str:
    """Why this sheet's history is not searched ("" when it is)."""
    if state.setup.skills:
        return _("a game with skills: its drawings are not searched")
    if final.hero or final.destroyed or final.attacks:
        return _("a sheet with heroes or destroyed spaces: its drawings are not searched")
    for t in turns.values():
        card = state.catalog.any_card(t.card)
        if isinstance(card, HeroCard) or isinstance(card, AmbushCard) and effect_of(card.id):
            return _("a game with {card}: its drawings are not searched").format(card=card.name)
    return ""


class _Search:
    def __init__(self, state: GameState, player: int, final: Sheet, coins: int | None, turns, budget: int):
        from ..moves.playermap import Turn

        self.state, self.player, self.final, self.coins, self.budget = state, player, final, coins, budget
        self.cards = state.catalog
        self._cards: dict[int, object] = {}  # each turn's card, looked up once
        self.solo = state.setup.solo
        self.order = sorted(turns)
        self.turns = turns
        self.turn_of = {n: Turn(n, state.setup.seed) for n in self.order}
        self.to_draw = final.filled & ~(final.mountains | final.wastelands)
        self.steps = 0
        self.failed: set[tuple[int, int, int, int]] = set()  # the states that led nowhere
        last = {}
        for n in self.order:
            last[turns[n].season] = n
        self.season_ends = {n: s for s, n in last.items()}
        self.final_season = max(last) if last else -1
        # How many times each card was drawn (ruins cards draw nothing), and each solo monster.
        self.copies: Counter[str] = Counter()
        self.ambushes: set[str] = set()
        for n in self.order:
            card = self._card(n)
            if isinstance(card, AmbushCard):
                self.ambushes.add(card.id)
                self.copies[card.id] += 1
            elif card.kind != Kind.RUINS:
                self.copies[card.id] += 1
        self.rows = self._rows()
        self.row_index = {r: i for i, r in enumerate(self.rows)}
        self._by_cell: dict[int, list[_Row]] = {}  # the rows on each space
        for r in self.rows:
            for c in iter_cells(r.mask):
                self._by_cell.setdefault(c.bit, []).append(r)
        self.stand_in = 0  # the explore drawings the fallbacks of the covers searched stand for
        sizes = {k: [count(r.mask) for r in self.rows if r.kind == k] for k in self.copies}
        self.smallest = {k: min(v, default=1) for k, v in sizes.items()}
        self.largest = {k: max(v, default=1) for k, v in sizes.items()}

    def _card(self, n: int):
        card = self._cards.get(n)
        if card is None:
            card = self._cards[n] = self.cards.any_card(self.turns[n].card)
        return card

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise _Budget

    # -------------------------------------------------------------------------- 1. covers
    def _rows(self) -> list[_Row]:
        """Every drawing that agrees with the final sheet: each card's shapes on spaces that end
        in the terrain drawn, each solo monster's shape on monster spaces (where the game's log
        drew it, when the log says), and one space in its final terrain (a fallback)."""
        monsters = self.final.mask(Terrain.MONSTER)
        rows: list[_Row] = []
        logged = {self._card(n).id: t.monster for n, t in self.turns.items() if t.monster}
        for kind in self.copies:
            card = self.cards.any_card(kind)
            if isinstance(card, AmbushCard):
                for m in _on_board(card.shape):
                    if not m & ~monsters and (kind not in logged or _labels(m) == logged[kind]):
                        rows.append(_Row(kind, m, Terrain.MONSTER, 1, False))
                continue
            for i, opt in enumerate(card.options, 1):
                for m in _on_board(opt.shape):
                    for t in card_terrains(card):
                        if not m & ~self.final.mask(t):
                            rows.append(_Row(kind, m, t, i, opt.coin))
        for c in iter_cells(self.to_draw):
            t = self.final.terrain_at(c)
            if t in PLAYABLE_TERRAINS:
                rows.append(_Row(FALLBACK, c.bit, t, None, False))
        return rows

    def _may_fall_back(self, n: int) -> bool:
        """Whether turn ``n`` may have drawn one space as the fallback: not when one of its
        card's shapes fits in spaces still empty at the end (they were empty all game long)."""
        card = self._card(n)
        if not isinstance(card, ExploreCard) or card.kind == Kind.RUINS:
            return False
        empty = self.final.empty
        need = self.final.ruins & empty if self.turns[n].ruins else None
        return not any(not m & ~empty and (need is None or m & need)
                       for o in card.options for m in _on_board(o.shape))

    def run(self) -> Found:
        any_cover = False
        may = sum(self._may_fall_back(n) for n in self.order)
        for fallbacks in range(min(may, FALLBACKS) + 1):
            counts = dict(self.copies)
            counts[FALLBACK] = self.stand_in = fallbacks
            for cover in self._covers(self.to_draw, counts, []):
                any_cover = True
                history = _Assign(self, cover).run()
                if history is not None:
                    return Found(history, "", False, self.steps)
        if may > FALLBACKS:
            return Found(None, _("no history found with up to {n} single-space fallbacks").format(n=FALLBACKS),
                         False, self.steps)
        if any_cover:
            return Found(None, _("no order of the cards' drawings makes this sheet, its monsters and its "
                                 "seasons' scores"), True, self.steps)
        return Found(None, _("the cards drawn cannot cover the spaces drawn on this sheet"), True, self.steps)

    def _covers(self, left: int, counts: dict[str, int], chosen: list[_Row]) -> Iterator[tuple[_Row, ...]]:
        """Every set of drawings that covers ``left`` exactly with ``counts`` drawings of each
        card: every explore card's all, each fallback taking the place of one of them; a solo
        monster's drawing may be missing (it fitted nowhere)."""
        self._tick()
        if not self._sizes_fit(left, counts):
            return
        if not left:
            yield tuple(chosen)
            return
        best: list[_Row] | None = None
        for c in iter_cells(left):
            b = c.bit
            here = [r for r in self._rows_on(b) if counts.get(r.kind, 0) > 0 and not r.mask & ~left]
            if best is None or len(here) < len(best):
                best = here
                if len(best) <= 1:
                    break
        assert best is not None
        for r in best:
            counts[r.kind] -= 1
            chosen.append(r)
            yield from self._covers(left & ~r.mask, counts, chosen)
            chosen.pop()
            counts[r.kind] += 1

    def _rows_on(self, b: int) -> list[_Row]:
        return self._by_cell.get(b, [])

    def _sizes_fit(self, left: int, counts: dict[str, int]) -> bool:
        """Whether the drawings still to choose can add up to the spaces left: the explore
        cards' shapes (each card as often as it was drawn, but the ``stand_in`` drawings a
        fallback stands for), the fallbacks' single spaces, the monsters (each may be missing)."""
        explore: list[str] = []
        high = 0
        for kind, k in counts.items():
            if kind == FALLBACK or k <= 0:
                continue
            if kind in self.ambushes:
                high += k * self.largest[kind]
            else:
                explore += [kind] * k
        shapes = len(explore) - self.stand_in
        if shapes < 0:
            return False
        ones = counts[FALLBACK]
        # The fallbacks stand for the explore drawings that make the bounds widest.
        low = sum(sorted(self.smallest[k] for k in explore)[:shapes]) + ones
        high += sum(sorted((self.largest[k] for k in explore), reverse=True)[:shapes]) + ones
        return low <= count(left) <= high


class _Assign:
    """Step 2: a cover's drawings given their turns, in the game's order."""

    def __init__(self, search: _Search, cover: tuple[_Row, ...]):
        self.s = search
        # Each drawing of the cover by its place among all rows (one bit each): the drawings
        # still to give a turn, as one integer.
        self.cover = [(r.mask, 1 << search.row_index[r]) for r in cover]
        self.by_kind: dict[str, list[_Row]] = {}
        for r in cover:
            self.by_kind.setdefault(r.kind, []).append(r)

    def run(self) -> tuple[pm.Kept, ...] | None:
        from ..grid import Sheet as _Sheet

        return self._from(0, pm.PlayerMap(_Sheet.blank(self.s.final.side)))

    def _from(self, i: int, now: pm.PlayerMap) -> tuple[pm.Kept, ...] | None:
        s = self.s
        if i == len(s.order):
            done = (now.sheet.filled & s.to_draw) == s.to_draw
            return now.drawings if done and (s.coins is None or now.coins == s.coins) else None
        # The turn, the map (its spaces filled: each holds its final terrain), the coins and the
        # cover's drawings still to give a turn decide what follows: a failure is remembered
        # for every cover that comes to the same.
        filled = now.sheet.filled
        key = (i, filled, now.coins, sum(bit for mask, bit in self.cover if not mask & filled))
        if key in s.failed:
            return None
        s._tick()
        n = s.order[i]
        for nxt in self._moves(n, now):
            after = _season_end(s, n, nxt)
            if after is not None:
                found = self._from(i + 1, after)
                if found is not None:
                    return found
        s.failed.add(key)
        return None

    def _moves(self, n: int, now: pm.PlayerMap) -> Iterator[pm.PlayerMap]:
        """The maps after turn ``n``: each of its card's drawings in the cover that the rules
        allow now (the solo monster: only where the procedure puts it)."""
        s = self.s
        card = s._card(n)
        turn = s.turn_of[n]
        filled = now.sheet.filled
        if isinstance(card, ExploreCard) and card.kind == Kind.RUINS:
            yield now
            return
        if isinstance(card, AmbushCard) and not s.solo:
            # At a table the neighbour draws the monster wherever its shape fits.
            if not any(_legal_placements(now.sheet, card, None)):
                raise _Budget  # one space, anywhere: not searched (nothing proven)
            mine = [r for r in self.by_kind.get(card.id, ()) if not r.mask & filled]
            if not mine:
                yield now  # not drawn on this map (the neighbour's to draw)
            for r in mine:
                yield pm.draw(now, Drawing(card, r.mask, r.terrain, 1, False, now.sheet), turn=turn).after
            return
        if isinstance(card, AmbushCard):
            found = solo_drawing(now.sheet, card)
            mine = [r for r in self.by_kind.get(card.id, ()) if not r.mask & filled]
            if found is None:
                if not mine:
                    yield now
                return
            if any(r.mask == found[1].mask for r in mine):
                yield pm.draw(now, found[1], turn=turn).after
            return
        t = s.turns[n]
        need = ruins_target(now.sheet, card, t.ruins)
        legal = [r for r in self.by_kind.get(card.id, ()) if not r.mask & filled and (need is None or r.mask & need)]
        for r in legal:
            yield pm.draw(now, Drawing(card, r.mask, r.terrain, r.option, r.coin, now.sheet), turn=turn).after
        if legal or any(_legal_placements(now.sheet, card, need)):
            return  # a shape of the card fits: no fallback
        # No shape of the card fits: one space, a fallback of the cover.
        for r in self.by_kind.get(FALLBACK, ()):
            if not r.mask & filled:
                yield pm.draw(now, Drawing(card, r.mask, r.terrain, None, False, now.sheet), turn=turn).after


def _season_end(s: _Search, n: int, now: pm.PlayerMap) -> pm.PlayerMap | None:
    """The map after turn ``n``: at a season's end, scored against the record (None when it
    differs) and then its after-scoring effects (every season but the last)."""
    from .state import after_scoring
    from .turns import season_fault

    season = s.season_ends.get(n)
    if season is None:
        return now
    rec = s.state.scores[s.player][season]
    if rec is not None and rec.coins != now.coins - now.spent:
        return None
    if season_fault(s.state, s.player, season, now):
        return None
    if season == s.final_season:
        return now
    name = s.state.seasons[season].id
    return pm.after_scoring(now, name, order=tuple(after_scoring(s.state, name))).after


def _labels(mask: int) -> tuple[str, ...]:
    return tuple(c.label for c in iter_cells(mask))
