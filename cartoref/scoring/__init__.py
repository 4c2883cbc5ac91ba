"""Scoring a map sheet: the 16 base and 16 Heroes scoring cards, coins and the monster penalty.

Each card's rule is a small pure function registered by card id in ``RULES``; this module
adds them up into a season score the way the score boxes on the sheet do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..grid import Sheet, neighbours, repr_masks
from ..i18n import _, ngettext
from . import (  # noqa: F401  (they register the rules)
    arrangement,
    farm_water,
    forest,
    heroes_farm_water,
    heroes_forest,
    heroes_general,
    heroes_village,
    village,
)
from .registry import LAYERS, READS, RULES, CardScore, layers_changed, rule

__all__ = [
    "LAYERS",
    "READS",
    "RULES",
    "CardResult",
    "CardScore",
    "ScoreReport",
    "layers_changed",
    "monster_spaces",
    "rule",
    "score_card",
    "score_sheet",
]


def score_card(card_id: str, sheet: Sheet) -> CardScore:
    """Score one scoring card (by id) on a sheet."""
    return RULES[card_id](sheet)


def monster_spaces(sheet: Sheet) -> int:
    """Empty spaces next to at least one monster space: each costs one reputation star."""
    return sheet.empty & neighbours(sheet.monster)


class CardResult(NamedTuple):
    """One scoring card's line of a score breakdown."""

    edict: str | None  # "A".."D", or None when scored outside a season
    id: str
    name: str
    score: CardScore


class ScoreReport(NamedTuple):
    """A season's score boxes for one sheet: the edicts, coins, monsters and total."""

    player: str | None
    sheet: Sheet
    season: str | None
    cards: tuple[CardResult, ...]
    coins: int
    monster_cells: int
    warnings: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return repr_masks(self, "monster_cells")

    @property
    def monsters(self) -> int:
        """Stars lost to monsters (>= 0)."""
        return self.monster_cells.bit_count()

    @property
    def total(self) -> int:
        """Card scores + coins - monsters; may be negative."""
        return sum(c.score.points for c in self.cards) + self.coins - self.monsters


def score_sheet(
    sheet: Sheet,
    cards: list[tuple[str | None, str, str]],
    coins: int,
    *,
    player: str | None = None,
    season: str | None = None,
    warnings: tuple[str, ...] = (),
) -> ScoreReport:
    """Score the given cards ``(edict, id, name)`` plus coins and monsters on a sheet."""
    results = tuple(CardResult(e, cid, name, RULES[cid](sheet)) for e, cid, name in cards)
    return ScoreReport(player, sheet, season, results, coins, monster_spaces(sheet), warnings)


def monster_reason(report: ScoreReport) -> str:
    """A one-line reason for the monster box."""
    n = report.monsters
    return ngettext("{n} empty space next to monsters", "{n} empty spaces next to monsters", n).format(n=n)


def choose_cards(
    season: Season | None,
    edicts: tuple[str, ...] | None,
    picked: Sequence[ScoringCard] = (),
    *,
    cards: Catalog,
    source: str = "",
) -> list[tuple[str | None, str, str]]:
    """Which cards to score: the ``picked`` ones, or the season's two edicts (``edicts`` are
    four scoring-card ids, A to D); ``source`` names the map file in messages."""
    from ..errors import UsageError

    if picked:
        return [(None, c.id, c.name) for c in picked]
    if season is None:
        message = _("{file}: no season to score") if source else _("no season to score")
        raise UsageError(message.format(file=source), code="no-season")
    if edicts is None:
        message = _("{file}: no edicts to score") if source else _("no edicts to score")
        raise UsageError(message.format(file=source), code="no-edicts")
    out: list[tuple[str | None, str, str]] = []
    for letter in season.edicts:
        c = cards.scoring_by_id(edicts["ABCD".index(letter)])
        out.append((letter, c.id, c.name))
    return out


if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from ..cards import Catalog, ScoringCard, Season
