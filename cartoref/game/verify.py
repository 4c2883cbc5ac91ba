"""A solo game handed in, verified step by step: the setup is the challenge's, the deck is the
one its seed deals (the game's own replay checks every card revealed), every drawing on the map
is legal for the card on the table at its turn, every solo monster lies where the procedure
puts it, the map's grid and coins are what its drawings make, and every season's score is the
map's as it stood at that season's end. The first step that does not hold is named, with why.

Pure: values in (the challenge's setup, the game's state, the map as read), a ``Verdict`` out.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import AmbushCard, ExploreCard, HeroCard
from ..cardtypes import season_in_sentence, shown_name
from ..errors import CartorefError
from ..grid import Cell, Sheet, cells_label, iter_cells
from ..i18n import _
from ..moves import check_drawing, solo_drawing
from ..moves import playermap as pm
from ..moves.effects import GORGON, effect_of
from ..moves.heroes import check_hero
from .state import after_scoring, game_over
from .turns import TurnCard, season_fault, turns_of
from .values import GameState, Setup

#: The setup's fields a challenge fixes (its players and map file are each player's own).
FIXED = ("seed", "solo", "sheet", "edicts", "explore", "ambushes", "seasons", "heroes", "edition", "wastelands",
         "skills")


class Verdict(NamedTuple):
    """What a verification found: ``step`` and ``why`` name the first step that does not hold
    (both "" when every step holds); the score, rating and title are the game's own (verified
    or not); ``turns`` the drawings checked."""

    step: str
    why: str
    score: int
    rating: int | None
    title: str | None
    monsters: int
    turns: int
    disputed: bool = False  # the step is one cartoref cannot check (not a rule broken)

    @property
    def verified(self) -> bool:
        return not self.step


class _Refused(Exception):
    def __init__(self, step: str, why: str, disputed: bool = False):
        super().__init__(f"{step}: {why}")
        self.step, self.why, self.disputed = step, why, disputed


def setup_fault(challenge: Setup, setup: Setup) -> str:
    """Why a game's setup is not the challenge's ("" when it is)."""
    for name in FIXED:
        mine, theirs = getattr(setup, name), getattr(challenge, name)
        if mine != theirs:
            return _("its {field} is {value}, the challenge's {expected}").format(
                field=name, value=_said(mine), expected=_said(theirs))
    return ""


def _said(value: object) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "-"
    return str(value)


def verify_solo(challenge: Setup, state: GameState, drawn: pm.PlayerMap) -> Verdict:
    """Verify a solo game handed in for ``challenge``: ``state`` is the game as its file
    replays, ``drawn`` its map as read (its grid, coins and history of drawings)."""
    base = _base(state, 0)
    try:
        fault = setup_fault(challenge, state.setup)
        if fault:
            raise _Refused(_("setup"), fault)
        if not state.setup.solo:
            raise _Refused(_("setup"), _("not a solo game"))
        if state.setup.skills:
            raise _Refused(_("setup"), _("a challenge deals no skills"))
        if not game_over(state) or any(r is None for r in state.scores[0]):
            left = [s.id for s, r in zip(state.seasons, state.scores[0]) if r is None]
            raise _Refused(_("the game"), _("not played to its end (no score for {seasons})").format(
                seasons=", ".join(left)))
        turns = replay_map(state, drawn, 0)
    except _Refused as e:
        return base._replace(step=e.step, why=e.why)
    return base._replace(turns=turns)


def verify_player(state: GameState, player: int, drawn: pm.PlayerMap) -> Verdict:
    """Verify one player's map of a game (any game: a table's, a solo one) against the game's
    turns and that player's recorded scores."""
    base = _base(state, player)
    try:
        return base._replace(turns=replay_map(state, drawn, player))
    except _Refused as e:
        return base._replace(step=e.step, why=e.why, disputed=e.disputed)


def replay_alone(drawn: pm.PlayerMap) -> tuple[str, str]:
    """A map with no game: each kept drawing replayed on a blank sheet, legal for its card (no
    turn, so no ruins obligation nor solo procedure to check), and the grid what they make.
    The first step that does not hold and why; ("", "") when every one does."""
    from ..cards import catalog

    cards = catalog()
    now = pm.PlayerMap(Sheet.blank(drawn.sheet.side))
    try:
        for i, k in enumerate(drawn.drawings, 1):
            if k.card.startswith("after "):
                season = k.card.removeprefix("after ")
                now = pm.after_scoring(now, season, troll=next((c.bit for c, _h in k.destroyed), None)).after
                continue
            try:
                card = cards.any_card(k.card)
            except CartorefError:
                raise _Refused(_("drawing {n}").format(n=i), _("no card {card}").format(card=repr(k.card))) from None
            step = _("drawing {n} ({card})").format(n=i, card=shown_name(card))
            if k.skill:
                raise _Refused(step, _("a drawing made with a skill ({skill}): cartoref does not verify those yet")
                               .format(skill=k.skill), disputed=True)
            now = _drawing(now, card, k, TurnCard(k.card, False, 0, ()), step, False)
        _same_map(now, drawn)
    except _Refused as e:
        return e.step, e.why
    except CartorefError as e:
        return _("the map's history"), _one_line(e)
    return "", ""


def _base(state: GameState, player: int) -> Verdict:
    from .standings import standings

    st = standings(state)
    me = st.players[player]
    solo = st.solo
    return Verdict("", "", me.total, solo.rating if solo else None, solo.title if solo else None, me.monsters, 0)


def replay_map(state: GameState, drawn: pm.PlayerMap, player: int) -> int:
    """Replay a player's map from a blank sheet, drawing by drawing, against the game's turns;
    every season recorded for the player is scored on the map as it stood at that season's
    end. The drawings checked; ``_Refused`` at the first step that does not hold."""
    if drawn.sheet.side.id != state.side.id or drawn.sheet.side.printed != state.side.printed:
        raise _Refused(_("the map"), _("not on the game's sheet ({side})").format(side=state.side.id))
    turns = turns_of(state)
    if not turns:
        _same_map(pm.PlayerMap(Sheet.blank(state.side)), drawn)
        return 0
    if not drawn.drawings and drawn.sheet.filled & ~(drawn.sheet.mountains | drawn.sheet.wastelands):
        drawn = _history_found(state, drawn, player)
    cards = state.catalog
    solo = state.setup.solo
    last_of = {season: max(n for n, t in turns.items() if t.season == season) for season in
               {t.season for t in turns.values()}}
    now = pm.PlayerMap(Sheet.blank(state.side))
    answered: set[int] = set()
    scored = 0

    def score_seasons_until(turn: int) -> None:
        # Every season whose last turn came before ``turn``: scored on the map as it stands.
        nonlocal scored
        while scored < len(state.seasons) and last_of.get(scored, 0) < turn and scored in last_of:
            _check_season(state, player, scored, now)
            scored += 1

    for k in drawn.drawings:
        if k.card.startswith("after "):
            season = k.card.removeprefix("after ")
            index = next((i for i, s in enumerate(state.seasons) if s.id == season), None)
            if index is None:
                raise _Refused(_("the map's history"), _("effects after an unknown season {season}").format(
                    season=season))
            score_seasons_until(last_of.get(index, 0) + 1)
            now = _after_scoring(now, state, season, k)
            continue
        if k.turn is None or k.turn.seed != state.setup.seed or k.turn.number not in turns:
            raise _Refused(_("the map's history"), _("the drawing {drawing} answers no turn of this game").format(
                drawing=k.text()))
        n = k.turn.number
        if n in answered or (answered and n < max(answered)):
            raise _Refused(_("turn {n}").format(n=n), _("a second drawing, or one out of order ({drawing})").format(
                drawing=k.text()))
        score_seasons_until(n)
        t = turns[n]
        card = cards.any_card(t.card)
        step = _("turn {n} ({card})").format(n=n, card=shown_name(card))
        if k.skill:
            raise _Refused(step, _("a drawing made with a skill ({skill}): cartoref does not verify those yet").format(
                skill=k.skill), disputed=True)
        if k.card != t.card:
            raise _Refused(step, _("the map draws {drawn} where the card on the table was {card}").format(
                drawn=k.card, card=shown_name(card)))
        now = _drawing(now, card, k, t, step, solo)
        answered.add(n)
    score_seasons_until(max(turns) + 1)
    _missing_turns(turns, answered, state)
    _same_map(now, drawn)
    return len(answered)


def _history_found(state: GameState, drawn: pm.PlayerMap, player: int) -> pm.PlayerMap:
    """A map that keeps no drawings (typed from paper, read from a photo) with a history found
    for it (``reconstruct``); ``_Refused`` when none can exist, disputed when none was found."""
    from .reconstruct import reconstruct

    # A track of 0 is what a photo's reading writes: the coins are then the seasons' records'.
    found = reconstruct(state, player, drawn.sheet, drawn.coins or None)
    if found.history is None:
        raise _Refused(_("the map"), _("typed from paper or read from a photo: {why}").format(why=found.why),
                       disputed=not found.impossible)
    return drawn._replace(drawings=found.history, coins=drawn.coins or _coins_of(found.history))


def _coins_of(history: tuple[pm.Kept, ...]) -> int:
    return sum(k.coins for k in history)


def _after_scoring(now: pm.PlayerMap, state: GameState, season: str, k: pm.Kept) -> pm.PlayerMap:
    """The map after a season's effects as the history kept them: the troll's space, when it
    was the player's to choose, is the one the history says it destroyed."""
    from ..errors import IllegalPlacement

    step = _("the effects after {season}").format(season=season)
    order = tuple(after_scoring(state, season))
    try:
        try:
            return pm.after_scoring(now, season, order=order).after
        except IllegalPlacement as e:
            if e.code != "troll-target":
                raise
            chosen = next((c.bit for c, _held in k.destroyed if c.bit & e.spaces), None)
            if chosen is None:
                raise _Refused(step, _("the troll destroyed none of the spaces it may ({spaces})").format(
                    spaces=cells_label(e.spaces))) from None
            return pm.after_scoring(now, season, order=order, troll=chosen).after
    except CartorefError as e:
        raise _Refused(step, _one_line(e)) from None


def _drawing(now: pm.PlayerMap, card: object, k: pm.Kept, t: TurnCard, step: str, solo: bool) -> pm.PlayerMap:
    """The map after turn ``t``'s drawing ``k``, checked as the table checks it (a solo
    monster where the procedure puts it; at a table, where the neighbour may draw it)."""
    try:
        if isinstance(card, HeroCard):
            return pm.draw_hero(now, _hero(now, card, k), turn=k.turn).after
        if solo and isinstance(card, AmbushCard) and effect_of(card.id) != GORGON:
            found = solo_drawing(now.sheet, card)
            where = found[1].mask if found is not None else 0
            if k.cells != where:
                raise _Refused(step, _("the monster is on {drawn}; the solo procedure puts it on {where}").format(
                    drawn=cells_label(k.cells), where=cells_label(where) or _("no space (it fits nowhere)")))
            if t.monster and tuple(c.label for c in iter_cells(k.cells)) != t.monster:
                raise _Refused(step, _("the map's monster is not where the game's log drew it ({where})").format(
                    where=" ".join(t.monster)))
            assert found is not None
            return pm.draw(now, found[1], turn=k.turn).after
        assert isinstance(card, ExploreCard | AmbushCard)
        drawing = check_drawing(now.sheet, card, k.cells, k.terrain, ruins=t.ruins)
        destroy = next((c.bit for c, _held in k.destroyed), None) if isinstance(card, AmbushCard) else None
        return pm.draw(now, drawing, turn=k.turn, destroy=destroy).after
    except _Refused:
        raise
    except CartorefError as e:
        raise _Refused(step, _one_line(e)) from None


def _one_line(e: Exception) -> str:
    """An error's words on one line (a refusal of a drawing lists its reasons on lines of their own)."""
    return " ".join(line.strip() for line in str(e).splitlines() if line.strip())


def _hero(now: pm.PlayerMap, hero: HeroCard, k: pm.Kept) -> object:
    """The hero drawing the history kept: its space, in the orientation whose marks on the map
    are the ones it kept (a mark off the map is not kept, so the marks alone may not say it)."""
    from ..moves.heroes import orientations

    first: CartorefError | None = None
    for n in range(1, len(orientations(hero)) + 1):
        try:
            drawing = check_hero(now.sheet, hero, k.cells, orientation=n)
        except CartorefError as e:
            first = first or e
            continue
        if drawing.attacks & ~now.sheet.attacks == k.marks or drawing.attacks == k.marks:
            return drawing
    if first is not None:
        raise first
    return check_hero(now.sheet, hero, k.cells, attacks=k.marks or None)


def _check_season(state: GameState, player: int, index: int, now: pm.PlayerMap) -> None:
    """The season's recorded score is the map's as it stood at the season's end."""
    fault = season_fault(state, player, index, now)
    if fault:
        raise _Refused(_("{season}'s score").format(season=season_in_sentence(state.seasons[index])), fault)


def _missing_turns(turns: dict[int, TurnCard], answered: set[int], state: GameState) -> None:
    """Every turn is drawn, but a monster the procedure fits nowhere (an ambush ignored) and, at
    a table, a monster (the neighbour's to draw); the card on the table may not be drawn yet."""
    last = max(turns)
    for n, t in sorted(turns.items()):
        if n in answered:
            continue
        card = state.catalog.any_card(t.card)
        if isinstance(card, AmbushCard) and (not t.monster or not state.setup.solo):
            continue  # nothing drawn: the monster fitted nowhere (or, at a table, the neighbour's to draw)
        if n == last and not game_over(state):
            continue  # the card on the table: its drawing may still come
        raise _Refused(_("turn {n} ({card})").format(n=n, card=shown_name(card)), _("the map holds no drawing of it"))


def _same_map(now: pm.PlayerMap, drawn: pm.PlayerMap) -> None:
    """The map's grid and coins are what its drawings make."""
    from ..grid import sheet_symbols

    mine, theirs = sheet_symbols(now.sheet), sheet_symbols(drawn.sheet)
    for r, (a, b) in enumerate(zip(mine, theirs)):
        for c, (x, y) in enumerate(zip(a, b)):
            if x != y:
                label = Cell(r, c).label
                raise _Refused(_("the map's grid"), _("{space} holds {theirs}, its drawings make {mine}").format(
                    space=label, theirs=repr(y), mine=repr(x)))
    if (now.coins, now.spent) != (drawn.coins, drawn.spent):
        raise _Refused(_("the map's coins"), _("the track says {theirs}, its drawings earned {mine}").format(
            theirs=drawn.coins, mine=now.coins))
