"""What the table does next, in the command line's words: each ``Next`` code of the game at hand
(``game.athand``) as the command that does it. The views say what happened in sentences; only
this shell names commands (the table page words the same codes for the people at the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Drawn, Table

HAND_SCORED = "--edict1 N --edict2 N --coins N --monsters N"


def next_lines(table: Table, *, drawn: Drawn | None = None, recording: bool = False) -> list[str]:
    """The commands that do what the table does next (``recording``: after a record, which has
    said who is still to record)."""
    hand = table.at_hand
    solo_map = table.solo_map
    solo_player = hand.players[0] if hand.solo else None
    lines: list[str] = []
    if table.completed:
        lines.append(f"Completed the last draw's monster on {table.completed} (the run that drew it was cut short "
                     "before writing the map).")
    if drawn is not None and drawn.solo is not None and drawn.solo.yours:
        lines.append(f"Draw it: cartoref solo-ambush {drawn.solo.map} {drawn.solo.yours} --destroy SPACE")
    for step in hand.next:
        if step.code == "place" and solo_map and hand.card is not None and hand.card.kind == "hero" and not hand.last_of_season:
            lines.append(f"On your map: cartoref place {solo_map} --cells SPACE --orientation N (or --attacks with "
                         "the marks); the orientations are listed when one is missing.")
        elif step.code == "record" and step.season == hand.season.id and recording:
            continue
        elif step.code == "record" and step.season == hand.season.id:
            if solo_player is not None:
                where = solo_map or "MAP"
                lines.append(f"Then record your sheet: cartoref record {_quoted(solo_player)} {where}")
                lines.append(f"  (or hand-scored: cartoref record {_quoted(solo_player)} {HAND_SCORED})")
            else:
                lines.append("Then record each sheet: cartoref record PLAYER MAP")
                lines.append(f"  (or hand-scored: cartoref record PLAYER {HAND_SCORED})")
        elif step.code == "record":
            lines.append(f"Later, for {step.season}: cartoref record PLAYER MAP --season {step.season}")
        elif step.code == "season-end" and (table.effects_done() or (
                step.season != hand.season.id and not table.pending_effects())):
            continue
        elif step.code == "season-end" and step.season != hand.season.id:
            name = next(s.name for s in table.state.seasons if s.id == step.season)
            lines.append(f"{name}'s effects after scoring are still to apply: cartoref season-end "
                         + " ".join(table.pending_effects()))
        elif step.code == "season-end":
            pending = table.pending_effects()
            lines.append("After scoring, on each map file: cartoref season-end MAP..."
                         + (f" (still to apply on {', '.join(pending)})" if pending else ""))
        elif step.code == "standings":
            lines.append("The game is over: cartoref standings")
        elif step.code == "draw" and step.season is not None and not any(s.code == "record" and s.season ==
                                                                             hand.season.id for s in hand.next):
            name = next(s.name for s in table.state.seasons if s.id == step.season)
            lines.append(f"cartoref draw starts {name}.")
        elif step.code == "draw" and hand.card is None:
            lines.append("Reveal the first card: cartoref draw")
    return lines


def _quoted(name: str) -> str:
    """A player's name as a shell word."""
    import shlex

    return shlex.quote(name)
