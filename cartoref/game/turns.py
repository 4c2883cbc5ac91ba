"""What a game's turns showed, replayed from its log (each card on the table, its ruins
obligation, its season, the solo monster cartoref drew), and whether a season's recorded score is
a map's as it stood at the season's end: what ``verify`` replays a kept history against and what
``reconstruct`` searches a history with.

Pure: values in, values out.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import _
from ..moves import playermap as pm
from .values import Draw, GameState


class TurnCard(NamedTuple):
    """What the table showed at one turn (the game's Nth draw)."""

    card: str  # the card every player draws
    ruins: bool  # the ruins obligation
    season: int  # the season's index
    monster: tuple[str, ...]  # the spaces cartoref drew a solo monster on (the log's)


def turns_of(state: GameState) -> dict[int, TurnCard]:
    """Each turn of the game's log, as the table showed it: replayed from its setup."""
    from .opening import from_setup
    from .state import apply, card_on_table

    out: dict[int, TurnCard] = {}
    now = from_setup(state.setup, state.catalog)
    for action in state.log:
        now, _event = apply(now, action)
        if isinstance(action, Draw):
            card, ruins = card_on_table(now)
            assert card is not None
            out[len(out) + 1] = TurnCard(card, ruins, now.deck.season, action.monster)
    return out


def season_fault(state: GameState, player: int, index: int, now: pm.PlayerMap) -> str:
    """Why the season's recorded score is not the map's as it stands (``now``, at the season's
    end): "" when it is, or while the season is not recorded."""
    from ..scoring import score_sheet
    from .state import edict_card

    season = state.seasons[index]
    rec = state.scores[player][index]
    if rec is None:
        return ""
    edicts = [(x, edict_card(state, x).id, edict_card(state, x).name) for x in season.edicts]
    report = score_sheet(now.sheet, edicts, now.coins - now.spent, season=season.id)
    e1, e2 = (c.score.points for c in report.cards)
    mine = (e1, e2, now.coins - now.spent, report.monsters)
    kept = (rec.edict1, rec.edict2, rec.coins, rec.monsters)
    if mine == kept:
        return ""
    return _("recorded {kept}, the map then scores {mine} (edicts, coins, monsters)").format(
        kept=" ".join(map(str, kept)), mine=" ".join(map(str, mine)))
