"""cartoref: a referee and scoring assistant for the board game Cartographers.

The version is the package's own (pyproject.toml), read by `cartoref --version`.
"""
