"""What the table does next, in the command line's words: each ``Next`` code of the game at hand
(``game.athand``) as the command that does it. The views say what happened in sentences; only
this shell names commands (the table page words the same codes for the people at the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext

if TYPE_CHECKING:  # pragma: no cover
    from ..table import Drawn, Table

HAND_SCORED = "--edict1 N --edict2 N --coins N --monsters N"


def completed_line(map_path: str) -> str:
    """What a run says of a solo map it completed (a draw cut short between its two writes)."""
    return _("Completed the last draw's monster on {map} (the run that drew it was cut short "
             "before writing the map).").format(map=map_path)


def next_lines(table: Table, *, drawn: Drawn | None = None, recording: bool = False) -> list[str]:
    """The commands that do what the table does next (``recording``: after a record, which has
    said who is still to record)."""
    from ..views.words import season_in_sentence

    hand = table.at_hand
    solo_map = table.solo_map
    solo_player = hand.players[0] if hand.solo else None
    lines: list[str] = []
    late: list[tuple[str, tuple[str, ...]]] = []  # (season, who) still to record
    if table.completed:
        from ..table.game import COMPLETED

        lines.append(completed_line(table.completed))
        if table.completed in COMPLETED:
            COMPLETED.remove(table.completed)  # said here, not again at the end of the run
    if drawn is not None and drawn.solo is not None and drawn.solo.yours:
        lines.append(_("Draw it: cartoref solo-ambush {map} {ambush} --destroy SPACE").format(
            map=drawn.solo.map, ambush=drawn.solo.yours))
    for step in hand.next:
        if step.code == "place" and solo_map and hand.card is not None and hand.card.kind == "hero" and not hand.last_of_season:
            lines.append(_("On your map: cartoref place {map} --cells SPACE --orientation N (or --attacks with "
                           "the marks); the orientations are listed when one is missing.").format(map=solo_map))
        elif step.code == "record" and step.season == hand.season.id and recording:
            continue
        elif step.code == "record" and step.season == hand.season.id:
            if solo_player is not None:
                where = solo_map or "MAP"
                lines.append(_("Then record your sheet: cartoref record {player} {map}").format(
                    player=_quoted(solo_player), map=where))
                lines.append("  " + _("(or hand-scored: cartoref record {player} {boxes})").format(
                    player=_quoted(solo_player), boxes=HAND_SCORED))
            else:
                lines.append(_("Then record each sheet: cartoref record PLAYER MAP"))
                lines.append("  " + _("(or hand-scored: cartoref record PLAYER {boxes})").format(boxes=HAND_SCORED))
        elif step.code == "record":
            late.append((step.season, step.players))
        elif step.code == "season-end" and (table.effects_done() or (
                step.season != hand.season.id and not table.pending_effects())):
            continue
        elif step.code == "season-end" and step.season != hand.season.id:
            name = season_in_sentence(next(s for s in table.state.seasons if s.id == step.season))
            lines.append(_("{season}'s effects after scoring are still to apply: cartoref season-end {maps}").format(
                season=name, maps=" ".join(table.pending_effects())))
        elif step.code == "season-end":
            pending = table.pending_effects()
            if pending:
                lines.append(_("After scoring, on each map file: cartoref season-end MAP... (still to apply on "
                               "{maps})").format(maps=", ".join(pending)))
            else:
                lines.append(_("After scoring, on each map file: cartoref season-end MAP..."))
        elif step.code == "standings":
            lines.append(_("The game is over: cartoref standings"))
        elif step.code == "draw" and step.season is not None and not any(s.code == "record" and s.season ==
                                                                             hand.season.id for s in hand.next):
            name = season_in_sentence(next(s for s in table.state.seasons if s.id == step.season))
            lines.append(_("cartoref draw starts {season}.").format(season=name))
        elif step.code == "draw" and hand.card is None:
            lines.append(_("Reveal the first card: cartoref draw"))
    return lines + _late_records(late, solo_map)


def unplace_lines(map_path: str | None, drawings: int) -> list[str]:
    """How to take back the drawings an undo left on the solo map (none: nothing to say)."""
    if not drawings or map_path is None:
        return []
    return [ngettext("To take it back too: cartoref unplace {map}",
                     "To take them back too: cartoref unplace {map}, once for each (the last first)",
                     drawings).format(map=_quoted(map_path))]


def read_again_line(photo: str, sheet: str, labels: tuple[str, ...], asks: tuple[tuple[str, int], ...], *,
                    corners: str | None = None, output: str | None = None) -> list[str]:
    """The ``read`` that labels the spaces a reading asked about too (none asked: nothing to say):
    the same photo, sheet, corners and labels, each asked space's terrain for the person to name."""
    if not asks:
        return []
    words = [_quoted(photo), "--sheet", _quoted(sheet)]
    if corners:
        words += ["--corners", _quoted(corners)]
    words += [f"--label {_quoted(label)}" for label in labels]
    terrain = _("TERRAIN")  # for the person to name
    words += [f"--label {space}={terrain}" for space, _n in asks]
    if output:
        words += ["-o", _quoted(output), "--force"]
    return [_("Then: cartoref read {arguments}").format(arguments=" ".join(words))]


def _late_records(late: list[tuple[str, tuple[str, ...]]], solo_map: str | None) -> list[str]:
    """How to record ended seasons late: by hand, since a map file is scored as it stands now
    (with the drawings made since), said once; the player's own name when one is missing."""
    from ..views.phrases import season_word

    lines = []
    for season, players in late:
        who = _quoted(players[0]) if len(players) == 1 else _("PLAYER")
        lines.append(_("Later, for {season}: cartoref record {player} --season {season} {boxes}").format(
            season=_quoted(season_word(season)), player=who, boxes=HAND_SCORED))
    if late:
        where = solo_map or _("MAP")
        lines.append("  " + _("(a map file given instead of the boxes is scored as it stands now, with the "
                              "drawings made since: {example})").format(
            example=f"cartoref record {who} {where} --season {_quoted(season_word(late[-1][0]))}"))
    return lines


def _quoted(name: str) -> str:
    """A name as a shell word: quoted only when a shell would split or read it (Japanese, like
    any letter, stands as it is: 春, not '春')."""
    import re
    import shlex

    return shlex.quote(name) if not name or re.search(r"[\s'\"\\$`!*?&;|<>(){}\[\]#~=%]", name) else name
