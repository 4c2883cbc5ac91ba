"""Scoring a map sheet: the 16 base scoring cards, coins and the monster penalty.

Each card's rule is a small pure function registered by card id in ``RULES``; this module
adds them up into a season score the way the score boxes on the sheet do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..grid import Sheet, neighbours
from . import arrangement, farm_water, forest, village  # noqa: F401  (they register the rules)
from .registry import RULES, CardScore, plural, rule

__all__ = [
    "RULES",
    "CardResult",
    "CardScore",
    "ScoreReport",
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

    @property
    def monsters(self) -> int:
        """Stars lost to monsters (>= 0)."""
        return self.monster_cells.bit_count()

    @property
    def total(self) -> int:
        """Card scores + coins - monsters; may be negative."""
        return sum(c.score.points for c in self.cards) + self.coins - self.monsters

    def to_json(self) -> dict:
        """The documented ``score --json`` shape."""
        return {
            "player": self.player,
            "sheet": self.sheet.side.id,
            "season": self.season,
            "cards": [{"edict": c.edict, "id": c.id, "name": c.name, "score": c.score.points} for c in self.cards],
            "coins": self.coins,
            "monsters": self.monsters,
            "total": self.total,
        }


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
    return f"{plural(report.monsters, 'empty space')} next to monsters"


def choose_cards(
    cards: Catalog,
    *,
    season: str | None,
    edicts: tuple[str, ...] | None,
    card_names: tuple[str, ...] = (),
    source: str = "",
) -> list[tuple[str | None, str, str]]:
    """Which cards to score: the named ones, or the season's two edicts.

    ``season`` is a season id and ``edicts`` four scoring-card ids (A to D); ``source`` names
    the map file in messages.
    """
    from ..errors import UsageError

    if card_names:
        picked = [cards.scoring_card(n) for n in card_names]
        return [(None, c.id, c.name) for c in picked]
    where = f"{source}: " if source else ""
    if season is None:
        raise UsageError(f"{where}say which season to score (--season spring, or season: in the map file) "
                         "or which cards (--card NAME)")
    if edicts is None:
        raise UsageError(f"{where}no edicts to score: give --edicts A,B,C,D (four scoring cards) or put "
                         "edicts: in the map file, or name cards with --card")
    by_id = {c.id: c for c in cards.scoring}
    s = cards.season(season)
    out: list[tuple[str | None, str, str]] = []
    for letter in s.edicts:
        c = by_id[edicts["ABCD".index(letter)]]
        out.append((letter, c.id, c.name))
    return out


def parse_edicts(cards: Catalog, text: str) -> tuple[str, ...]:
    """Four scoring cards A to D from "A,B,C,D" (forgiving names), as ids."""
    from ..errors import UsageError

    names = [n for n in (p.strip() for p in text.split(",")) if n]
    if len(names) != 4:
        raise UsageError(f"--edicts needs four scoring cards separated by commas (A,B,C,D), got {len(names)}")
    ids = tuple(cards.scoring_card(n).id for n in names)
    if len(set(ids)) != 4:
        raise UsageError("--edicts needs four different scoring cards")
    return ids


if TYPE_CHECKING:  # pragma: no cover
    from ..cards import Catalog
