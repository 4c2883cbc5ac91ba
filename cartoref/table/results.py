"""What each table call returns: plain values a view turns into words, JSON or a picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..game import DrawEvent, GameState, RecordEvent
from ..grid import Sheet, repr_masks

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import AmbushCard, ExploreCard, HeroCard
    from ..game import Action
    from ..mapfile import MapFile
    from ..moves import Candidate, Drawing
    from ..moves.advice import Hint
    from ..moves.heroes import HeroDrawing
    from ..moves.playermap import Kept, Outcome
    from ..scoring import ScoreReport


class SoloMonster(NamedTuple):
    """What cartoref did on the solo map for an ambush: drew its monster, found it fits
    nowhere (``spaces == 0``: the ambush is ignored), could not (``error``), or left it to the
    player (``yours``: the gorgon's target is the player's choice)."""

    map: str
    spaces: int = 0
    coins: int = 0  # coins the monster marked on the track
    lost: int = 0  # coins it earned that the full track could not take
    error: str | None = None
    yours: str | None = None  # the ambush's id, when the player draws it

    def __repr__(self) -> str:
        return repr_masks(self, 'spaces')


class Drawn(NamedTuple):
    """The result of ``draw``: the game before and after, what the draw did, the solo map."""

    before: GameState
    state: GameState
    event: DrawEvent
    solo: SoloMonster | None


class Recorded(NamedTuple):
    """The result of ``record``: the game after, the record kept, the working when scored from
    a map file (and that file's warnings)."""

    state: GameState
    event: RecordEvent
    report: ScoreReport | None
    warnings: tuple[str, ...] = ()


class Undone(NamedTuple):
    """The result of ``undo``: the game after, the action taken back, what was rubbed out on
    the solo map (``erased`` spaces; ``error`` when it could not be; ``later``: the drawings made
    on it after the monster, which stay)."""

    state: GameState
    undone: Action
    map: str | None = None
    erased: int = 0
    coins: int = 0
    error: str | None = None
    later: tuple[Kept, ...] = ()

    def __repr__(self) -> str:
        return repr_masks(self, 'erased')


class HandScores(NamedTuple):
    """A season's score boxes as the player filled them in by hand."""

    edict1: int
    edict2: int
    coins: int
    monsters: int


class Placed(NamedTuple):
    """The result of a drawing on a map file: the map before, the drawing (None when a solo
    monster fits nowhere), what the drawing did (``outcome``: every coin and why, the spaces
    destroyed), whether it was written."""

    path: str
    before: MapFile
    drawing: Drawing | None
    outcome: Outcome | None
    written: bool
    candidate: Candidate | None = None  # solo: the position the scan found

    @property
    def coins(self) -> int:
        """The coins on the track after the drawing."""
        return self.outcome.after.coins if self.outcome else self.before.coins

    @property
    def lost(self) -> int:
        """The coins earned that the full track could not take."""
        return self.outcome.lost if self.outcome else 0

    @property
    def sheet(self) -> Sheet:
        """The map after the drawing and all it did (a gorgon's destroy included)."""
        return self.outcome.after.sheet if self.outcome else self.before.sheet


class PlacedHero(NamedTuple):
    """The result of drawing a hero on a map file: the map before, the drawing, what it did,
    whether it was written."""

    path: str
    before: MapFile
    drawing: HeroDrawing
    outcome: Outcome
    written: bool

    @property
    def coins(self) -> int:
        return self.outcome.after.coins

    @property
    def lost(self) -> int:
        return self.outcome.lost

    @property
    def sheet(self) -> Sheet:
        return self.outcome.after.sheet


class SeasonEnded(NamedTuple):
    """The result of ``season_end`` on a map file: what the after-scoring effects did."""

    path: str
    before: MapFile
    season: str
    outcome: Outcome
    written: bool

    @property
    def order(self) -> tuple[str, ...]:
        return self.outcome.steps

    @property
    def zombies(self) -> int:
        return self.outcome.zombies

    @property
    def zombies_destroyed(self) -> int:
        return self.outcome.zombies & self.outcome.destroyed

    @property
    def troll(self) -> int:
        return self.outcome.troll

    @property
    def dragon_coins(self) -> int:
        return self.outcome.dragon

    @property
    def coins(self) -> int:
        return self.outcome.after.coins

    @property
    def sheet(self) -> Sheet:
        return self.outcome.after.sheet


class Unplaced(NamedTuple):
    """The result of ``unplace``: the change taken back, the spaces that changed, the coins on
    the track after."""

    path: str
    before: MapFile
    drawn: Kept
    erased: int
    coins: int
    written: bool
    sheet: Sheet

    def __repr__(self) -> str:
        return repr_masks(self, 'erased')


class Hinted(NamedTuple):
    """The result of ``hint``: the card, the season and map it was ranked for, every drawing."""

    map: MapFile
    card: ExploreCard | AmbushCard | HeroCard
    season: str
    ranked: list[Hint]
    against: str | None = None  # an ambush ranked from the drawer's side: the map it hurts


class ScoringSeason(NamedTuple):
    """The season and edicts ``score`` uses for a game: the season's id and the four edicts."""

    season: str
    edicts: tuple[str, ...]


__all__ = [
    "Drawn",
    "HandScores",
    "Hinted",
    "Placed",
    "PlacedHero",
    "Recorded",
    "ScoringSeason",
    "SeasonEnded",
    "SoloMonster",
    "Undone",
    "Unplaced",
]
