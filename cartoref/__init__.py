"""cartoref: a referee and scoring assistant for the board game Cartographers."""

__version__ = "0.1.0"
