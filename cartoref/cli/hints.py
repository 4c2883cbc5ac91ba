"""Advice in the command line's own words, added to an error by its ``code``.

The rules and the table layer never name an option or a command; this table says, for the
errors where a command-line user needs it, which option or command helps.
"""

from __future__ import annotations

from ..errors import CartorefError

#: error code -> how the command line says it ({message} is the error's own message).
HINTS: dict[str, str] = {
    "already-recorded": "{message}; use --replace to change it",
    "scores-missing": "{message} (`cartoref record PLAYER MAP`)",
    "game-over": "{message}: see `cartoref standings`",
    "ruins-card": "{message} (use --ruins with that card)",
    "solo-needed": "{message}: use --solo",
    "no-players": 'name the players: --players "Ann,Bob,Cy" (or --solo)',
    "map-not-solo": "--map is for solo games (the monster is placed on the solo player's map)",
    "no-game": "{message}; start a game with `cartoref new`",
    "game-exists": "{message}; use --force to replace it (or --game FILE for another)",
    "bad-spaces": "bad --cells: {message}",
    "edicts": "--{message}",
    "card-not-found": "{message} (`cartoref cards` lists them all)",
    "combined-only": "{message}: add --edition combined",
    "gorgon-target": "{message}: --destroy SPACE",
    "troll-target": "{message}: --troll SPACE",
    "orientation-needed": "{message} (give --orientation N, or --attacks with the marked spaces)",
    "no-season": "{message}: say which season (--season spring, or season: in the map file) "
                 "or which cards (--card NAME)",
    "already-drawn": "{message}: `cartoref unplace MAP` takes it back, then place the card again",
    "monster-drawn": "{message}; `cartoref unplace MAP` takes it back",
    "not-recorded": "{message}: record it first (`cartoref record PLAYER MAP`), or use --force when the table "
                    "scores on paper",
    "effects-applied": "{message}: `cartoref unplace MAP` takes the effects back, then record",
    "card-needed": "{message}: name the CARD, or the game with --game FILE",
    "edicts-needed": "{message}: give --edicts A,B,C,D, or the game with --game FILE",
    "season-needed": "{message}: give --season S, or the game with --game FILE",
    "no-card-yet": "{message} (`cartoref draw` reveals one; --no-game checks a drawing on its own)",
    "not-on-table": "{message}; --no-game checks a drawing on its own",
    "no-grid": "{message} with --corners X,Y X,Y X,Y X,Y (top-left, top-right, bottom-right, bottom-left)",
    "no-edicts": "{message}: give --edicts A,B,C,D (four scoring cards) or put edicts: in the map file, "
                 "or name cards with --card",
}


def render(error: CartorefError) -> str:
    """The error as the command line shows it: its message, with the advice for its code."""
    template = HINTS.get(error.code)
    text = error.render()
    return template.format(message=text) if template else text
