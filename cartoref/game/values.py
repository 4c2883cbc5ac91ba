"""The values of a refereed game: its setup, the actions of its log, the state they make, and
the events ``apply`` returns (what an action did). Frozen: equal states compare equal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..cards import AmbushCard, Catalog, ExploreCard, HeroCard, ScoringCard, Season
from ..cards import catalog as default_catalog
from ..deck import DeckState
from ..grid import Sheet, SheetSide
from ..tabula import side_of_game

if TYPE_CHECKING:  # pragma: no cover
    from ..moves import Drawing


@dataclass(frozen=True)
class Setup:
    """What is fixed when a game starts, the cards it plays with included."""

    seed: int
    players: tuple[str, ...]
    solo: bool
    sheet: str
    edicts: tuple[str, str, str, str]  # scoring-card ids under edicts A, B, C, D
    map: str | None = None  # solo: the player's map file, relative to the game file
    explore: tuple[str, ...] = ()  # explore and ruins card ids, in the order the shuffles take them
    ambushes: tuple[str, ...] = ()  # ambush card ids, in the order the stack is shuffled from
    seasons: str = "base"  # the set of the four season cards
    heroes: tuple[str, ...] = ()  # hero card ids (Heroes), in the order the stack is shuffled from
    edition: str = "base"  # base, heroes or combined: what the game's cards were chosen as
    wastelands: bool = False  # a rolled sheet (Tabula Rasa): the dice placed wasteland spaces too
    skills: tuple[str, ...] = ()  # the skill cards face up for every player (Skills Mini Expansion 1)


@dataclass(frozen=True)
class Draw:
    """Reveal the next card (and more after ruins); ``revealed`` is what the deck gave.

    In a solo game played on a map file, ``monster`` holds the spaces where cartoref drew an
    ambush's monster and ``monster_coins`` the coins that earned, so undo can rub them out.
    """

    revealed: tuple[str, ...] = ()
    monster: tuple[str, ...] = ()
    monster_coins: int = 0


@dataclass(frozen=True)
class Record:
    """One player's score boxes for one season."""

    player: str
    season: str
    edict1: int
    edict2: int
    coins: int
    monsters: int  # stars lost, >= 0
    replace: bool = False
    source: str | None = None  # the map file that was scored; None when hand-scored

    @property
    def total(self) -> int:
        """The season score: edicts + coins - monsters (may be negative)."""
        return self.edict1 + self.edict2 + self.coins - self.monsters


Action = Draw | Record


@dataclass(frozen=True)
class GameState:
    """A game after its log has been applied. Equal states compare equal (undo relies on it)."""

    setup: Setup
    deck: DeckState
    scores: tuple[tuple[Record | None, ...], ...]  # per player, per season index
    log: tuple[Action, ...] = ()
    catalog: Catalog = field(default_factory=default_catalog, compare=False, repr=False)

    # The one way to a card of this game: its deck's cards, its edicts, its seasons and side.

    def card(self, card_id: str) -> ExploreCard | AmbushCard | HeroCard:
        """A card of this game's deck by id (explore, ruins, ambush, hero); KeyError if none."""
        return self.deck.cards.by_id[card_id]

    @property
    def edicts(self) -> tuple[ScoringCard, ...]:
        """The four scoring cards under edicts A to D."""
        return tuple(self.catalog.scoring_by_id(i) for i in self.setup.edicts)

    @property
    def seasons(self) -> tuple[Season, ...]:
        """The game's four season cards, in play order."""
        return tuple(self.deck.cards.seasons)

    @property
    def side(self) -> SheetSide:
        """The sheet side the game is played on (a rolled one as the game's seed rolled it)."""
        return side_of_game(self.catalog.sheet_side(self.setup.sheet), self.setup.seed, self.setup.wastelands)


class SoloSheet(NamedTuple):
    """The solo player's sheet, coins and what the map has resolved, for the rules to draw an
    ambush's monster on."""

    sheet: Sheet
    coins: int
    resolved: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawEvent:
    """What a draw did: the cards revealed and what they ask of the table."""

    revealed: tuple[str, ...]
    season_started: bool  # this draw began a new season (the one now running)
    season_ended: bool  # the season's time reached its threshold with this draw
    ruins_card: str | None  # the revealed explore card whose shape must cover ruins
    ruins_pending: bool  # a ruins card came last: the next explore card takes the obligation
    ambush: str | None  # the ambush revealed, if one was
    monster: Drawing | None = None  # solo: the monster drawn on the solo sheet
    monster_coins: int = 0  # coins that monster marked (what the track had room for)
    coins_lost: int = 0  # coins it earned that the full track could not take
    unrecorded: tuple[str, ...] = ()  # on a new season: who has no score for the season before


@dataclass(frozen=True)
class RecordEvent:
    """What a record did: the score kept, and whether it replaced an earlier one."""

    record: Record
    replaced: bool


Event = DrawEvent | RecordEvent
