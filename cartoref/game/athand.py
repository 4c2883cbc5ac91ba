"""What is at hand in a game: the card on the table, the season it belongs to, the edicts it
scores, the side, the players; and what the table does next, as codes a shell words.

One place answers these questions, so every command and the table page agree. Pure: a
``GameState`` in, values out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import AmbushCard, ExploreCard, HeroCard, ScoringCard, Season
from ..grid import SheetSide
from ..moves.playermap import Turn
from . import state as games
from .values import Draw, GameState

Card = ExploreCard | AmbushCard | HeroCard


@dataclass(frozen=True)
class Next:
    """One thing the table does next, as a code a shell words in its own way:

    - ``draw``: reveal the next card (``season``: the season it opens, when it opens one);
    - ``place``: every map draws the card on the table (``players``: the ambush's passes, as
      "map of>drawn by" pairs, when it is an ambush in a game of several);
    - ``record``: score the season that ended (``players``: those still to record);
    - ``season-end``: apply a season's after-scoring effects on each map (``effects``: the
      ambush ids, in order); while the next season runs, for the maps that have not yet;
    - ``standings``: the game is over, see who won.
    """

    code: str
    season: str | None = None
    players: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()


@dataclass(frozen=True)
class AtHand:
    """What a game has at hand now."""

    card: Card | None  # the card every map draws now (None before the first card)
    turn: Turn | None  # which reveal that card is (None before the first card)
    ruins: bool  # its shape must cover an empty ruins space
    last_of_season: bool  # it is the last card of its season (the season ended with it)
    season: Season  # the season it belongs to: the running one, or the one it ended
    edicts: tuple[ScoringCard, ...]  # the four scoring cards under edicts A to D
    scoring: tuple[tuple[str, ScoringCard], ...]  # the two edicts the season scores: (letter, card)
    side: SheetSide
    players: tuple[str, ...]
    solo: bool
    solo_map: str | None  # the solo map file, as the game file names it (relative to it)
    game_over: bool
    next: tuple[Next, ...]


def turn_of(state: GameState) -> Turn | None:
    """Which reveal the card on the table is: the game's Nth draw (None before the first)."""
    n = sum(isinstance(a, Draw) for a in state.log)
    return Turn(n, state.setup.seed) if n else None


def at_hand(state: GameState) -> AtHand:
    """What the game in ``state`` has at hand."""
    card_id, ruins = games.card_on_table(state)
    card = state.card(card_id) if card_id else None
    season = games.season(state)
    edicts = state.edicts
    scoring = tuple((x, edicts["ABCD".index(x)]) for x in season.edicts)
    side = state.side
    return AtHand(card, turn_of(state), ruins, games.season_over(state), season, edicts, scoring, side,
                  state.setup.players, state.setup.solo, state.setup.map, games.game_over(state),
                  next_steps(state))


def next_steps(state: GameState) -> tuple[Next, ...]:
    """What the table does next, in order (a season some players never recorded comes last)."""
    season = games.season(state)
    late = tuple(Next("record", sid, tuple(who)) for sid, who in games.unrecorded(state) if sid != season.id)
    return _steps(state, season) + late


def _steps(state: GameState, season: Season) -> tuple[Next, ...]:
    if not games.season_over(state):
        card_id, _ = games.card_on_table(state)
        steps = []
        if card_id is not None:
            card = state.card(card_id)
            passes: tuple[str, ...] = ()
            if isinstance(card, AmbushCard) and not state.setup.solo:
                passes = tuple(f"{a}>{b}" for a, b in games.passes(state.setup.players, card.arrow))
            steps.append(Next("place", season.id, passes))
        before = state.seasons[state.deck.season - 1].id if state.deck.season > 0 else None
        if before is not None and games.after_scoring(state, before):
            # The season before's effects (those revealed by its end) may still be due on some maps.
            steps.append(Next("season-end", before, effects=tuple(games.after_scoring(state, before))))
        return (*steps, Next("draw"))
    steps = [Next("place", season.id)]
    waiting = tuple(games.waiting(state))
    if waiting:
        steps.append(Next("record", season.id, waiting))
    effects = tuple(games.after_scoring(state))
    if effects and not games.game_over(state):
        steps.append(Next("season-end", season.id, effects=effects))
    if games.game_over(state):
        if not waiting:
            steps.append(Next("standings"))
    else:
        steps.append(Next("draw", state.seasons[state.deck.season + 1].id))
    return tuple(steps)
