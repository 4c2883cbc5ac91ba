"""The rules of drawing on a sheet, with no files and no commands: every legal drawing of a card,
the check of one drawing, the coins it earns, and where a solo monster goes.

Everything works on ``grid.Sheet`` values; refusals are ``IllegalPlacement`` errors carrying a
``code`` (listed in ``cartoref.moves.legal``), the card's id and
the spaces concerned, with a message that names no command or option.
"""

from .drawing import Card, Drawing, add_coins, card_options, card_terrains
from .legal import Fits, OptionFit, check_drawing, fits, legal_drawings, matches, ruins_target
from .solo import (
    CORNERS,
    Candidate,
    iter_perimeter,
    iter_ring,
    iter_scan,
    scan_picture,
    solo_ambush,
    solo_candidate,
    solo_drawing,
    solo_rating,
)

__all__ = [
    "CORNERS",
    "Candidate",
    "Card",
    "Drawing",
    "Fits",
    "OptionFit",
    "add_coins",
    "card_options",
    "card_terrains",
    "check_drawing",
    "fits",
    "iter_perimeter",
    "iter_ring",
    "iter_scan",
    "legal_drawings",
    "matches",
    "ruins_target",
    "scan_picture",
    "solo_ambush",
    "solo_candidate",
    "solo_drawing",
    "solo_rating",
]
