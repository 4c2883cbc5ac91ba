"""Shell completion: commands, card names, players of the game at hand, sheet sides."""

from __future__ import annotations

import os
import subprocess
import sys


def complete(words: str, cwd, env=None) -> list[str]:
    """What bash completion offers for the last word of ``words`` (click's protocol)."""
    parts = words.split(" ")
    environ = dict(os.environ, _CARTOREF_COMPLETE="bash_complete", COMP_WORDS=words,
                   COMP_CWORD=str(len(parts) - 1), **(env or {}))
    environ.pop("CARTOREF_GAME", None)
    out = subprocess.run([sys.executable, "-m", "cartoref"], cwd=cwd, env=environ, capture_output=True,
                         text=True, check=True).stdout
    return [line.split(",", 1)[1] for line in out.splitlines() if line]


def test_commands_cards_sheets_and_players_complete(tmp_path):
    assert {"new", "new-map"} <= set(complete("cartoref ne", tmp_path))
    assert complete("cartoref card gre", tmp_path) == ["great-river", "greenbough", "great-city",
                                                       "greengold-plains"]
    assert complete("cartoref new-map --sheet wa", tmp_path) == ["wastelands"]
    subprocess.run([sys.executable, "-m", "cartoref", "new", "--players", "Ann,Bob,Annie", "--seed", "1"],
                   cwd=tmp_path, check=True, capture_output=True)
    assert complete("cartoref record an", tmp_path) == ["Ann", "Annie"]
    assert complete("cartoref record an", tmp_path / "..") == []  # no game there, no names
