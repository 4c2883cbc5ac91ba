"""Shell completion: commands, card names, players of the game at hand, sheet sides."""

from __future__ import annotations

import os
import subprocess
import sys


def offered(out: str) -> list[str]:
    """The words in click's bash completion answer (one ``type,word`` a line)."""
    return [line.split(",", 1)[1] for line in out.splitlines() if line]


def completion_env(words: str) -> dict[str, str]:
    """The variables bash sets to ask for the completion of the last word of ``words``."""
    return {"_CARTOREF_COMPLETE": "bash_complete", "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split(" ")) - 1)}


def test_the_command_itself_answers_completion(tmp_path):
    # As bash asks it: a process of its own; the other answers come from the same code in process.
    environ = dict(os.environ, **completion_env("cartoref ne"))
    environ.pop("CARTOREF_GAME", None)
    out = subprocess.run([sys.executable, "-m", "cartoref"], cwd=tmp_path, env=environ, capture_output=True,
                         text=True, check=True).stdout
    assert {"new", "new-map"} <= set(offered(out))


def test_commands_cards_sheets_and_players_complete(cartoref, tmp_path, monkeypatch):
    monkeypatch.delenv("CARTOREF_GAME", raising=False)
    monkeypatch.chdir(tmp_path)

    def complete(words: str) -> list[str]:
        for name, value in completion_env(words).items():
            monkeypatch.setenv(name, value)
        run = cartoref()
        for name in completion_env(words):
            monkeypatch.delenv(name)
        assert run.code == 0, run.err
        return offered(run.out)

    assert {"new", "new-map"} <= set(complete("cartoref ne"))
    assert complete("cartoref card gre") == ["great-river", "greenbough", "great-city", "greengold-plains"]
    assert complete("cartoref new-map --sheet wa") == ["wastelands"]
    game = tmp_path / "here"
    game.mkdir()
    monkeypatch.chdir(game)
    assert cartoref("new", "--players", "Ann,Bob,Annie", "--seed", "1").code == 0
    assert complete("cartoref record an") == ["Ann", "Annie"]
    monkeypatch.chdir(tmp_path)
    assert complete("cartoref record an") == []  # no game there, no names
