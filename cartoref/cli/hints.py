"""Advice in the command line's own words, added to an error by its ``code``.

The rules and the table layer never name an option or a command; this table says, for the
errors where a command-line user needs it, which option or command helps.
"""

from __future__ import annotations

from ..errors import CartorefError
from ..i18n import N_, _

#: error code -> how the command line says it ({message} is the error's own message), translated
#: where it is shown.
HINTS: dict[str, str] = {
    "already-recorded": N_("{message}; use --replace to change it"),
    "scores-missing": N_("{message} (`cartoref record PLAYER MAP`)"),
    "game-over": N_("{message}: see `cartoref standings`"),
    "ruins-card": N_("{message} (use --ruins with that card)"),
    "solo-needed": N_("{message}: use --solo"),
    "no-players": N_('name the players: --players "Ann,Bob,Cy" (or --solo)'),
    "map-not-solo": N_("--map is for solo games (the monster is placed on the solo player's map)"),
    "no-game": N_("{message}; start a game with `cartoref new`"),
    "game-exists": N_("{message}; use --force to replace it (or --game FILE for another)"),
    "bad-spaces": N_("bad --cells: {message}"),
    "bad-destroy": N_("bad --destroy: {message}"),
    "bad-attacks": N_("bad --attacks: {message}"),
    "edicts": N_("--{message}"),
    "card-not-found": N_("{message} (`cartoref cards` lists them all)"),
    "combined-only": N_("{message}: add --edition combined"),
    "gorgon-target": N_("{message}: --destroy SPACE"),
    "troll-target": N_("{message}: --troll SPACE"),
    "bad-troll": N_("bad --troll: {message}"),
    "orientation-needed": N_("{message} (give --orientation N, or --attacks with the marked spaces)"),
    "no-season": N_("{message}: say which season (--season spring, or season: in the map file) "
                    "or which cards (--card NAME)"),
    "already-drawn": N_("{message}: `cartoref unplace MAP` takes it back, then place the card again"),
    "monster-drawn": N_("{message}; `cartoref unplace MAP` takes it back"),
    "not-recorded": N_("{message}: record it first (`cartoref record PLAYER MAP`), or use --force when the table "
                       "scores on paper"),
    "effects-applied": N_("{message}: `cartoref unplace MAP` takes the effects back, then record"),
    "card-needed": N_("{message}: name the CARD, or the game with --game FILE"),
    "edicts-needed": N_("{message}: give --edicts A,B,C,D, or the game with --game FILE"),
    "season-needed": N_("{message}: give --season S, or the game with --game FILE"),
    "no-card-yet": N_("{message} (`cartoref draw` reveals one; --no-game checks a drawing on its own)"),
    "not-on-table": N_("{message}; --no-game checks a drawing on its own"),
    "no-grid": N_("{message} (--corners X,Y X,Y X,Y X,Y: top-left, top-right, bottom-right, bottom-left)"),
    "no-edicts": N_("{message}: give --edicts A,B,C,D (four scoring cards) or put edicts: in the map file, "
                    "or name cards with --card"),
}


def render(error: CartorefError) -> str:
    """The error as the command line shows it: its message, with the advice for its code."""
    template = HINTS.get(error.code)
    text = error.render()
    return _(template).format(message=text) if template else text
