"""The saved game names its cards: format-1 files still load and replay as before, and card
data can grow without changing or breaking a saved game.

tests/data/format1/ holds three games saved by cartoref 0.1.0 (format 1) with the `status
--json` and `standings --json` that release printed for each: a two-player game in summer
with a replaced record and an undone draw, a three-player game played to the end with drawn
edicts, and a solo game played on a map file through two ambushes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from cartoref.cards import Catalog, cards_dir
from cartoref.game import Draw, apply, format_game, new_game, parse_game
from cartoref.views.json import standings as standings_json
from cartoref.views.json import status as status_json

HERE = os.path.dirname(os.path.abspath(__file__))
FORMAT1 = os.path.join(HERE, "data", "format1")
GAMES = ("two", "three", "solo")
GAME_FILES = {"two": "two.yaml", "three": "three.yaml", "solo": "solo.game.yaml"}

EXTRA_CARD = """\
  - id: test-meadow
    number: 99
    name: Test Meadow
    time: 1
    terrains: [farm]
    options:
      - shape: |
          XX
"""


def read(name: str) -> str:
    with open(os.path.join(FORMAT1, name), encoding="utf-8") as f:
        return f.read()


def expected(game: str, what: str):
    return json.loads(read(f"{game}.{what}.json"))


def figures(state):
    from cartoref.game import standings

    return status_json(state), standings_json(standings(state))


@pytest.fixture(scope="module")
def grown_cards(tmp_path_factory) -> Catalog:
    """A copy of the card data with one more explore card, listed first."""
    folder = tmp_path_factory.mktemp("grown") / "cards"
    shutil.copytree(cards_dir(), folder, ignore=shutil.ignore_patterns("__pycache__"))
    text = (folder / "base" / "explore.yaml").read_text(encoding="utf-8")
    (folder / "base" / "explore.yaml").write_text(text.replace("cards:\n", "cards:\n" + EXTRA_CARD, 1), encoding="utf-8")
    grown = Catalog(str(folder))
    base = [c for c in grown.explore if c.set == "base"]
    assert len(base) == 14 and base[0].id == "test-meadow"
    return grown


def holds(new, old) -> bool:
    """Whether ``new`` says everything ``old`` said (keys may be added, never changed)."""
    if isinstance(old, dict):
        return isinstance(new, dict) and all(k in new and holds(new[k], v) for k, v in old.items())
    if isinstance(old, list):
        return isinstance(new, list) and len(new) == len(old) and all(map(holds, new, old))
    return new == old


@pytest.mark.parametrize("game", GAMES)
def test_a_format_1_game_loads_and_shows_what_cartoref_0_1_showed(game):
    state = parse_game(read(GAME_FILES[game]), GAME_FILES[game])
    status, standings = figures(state)
    assert holds(status, expected(game, "status"))
    assert holds(standings, expected(game, "standings"))


@pytest.mark.parametrize("game", GAMES)
def test_a_format_1_game_loads_the_same_with_one_more_explore_card_in_the_data(game, grown_cards):
    state = parse_game(read(GAME_FILES[game]), GAME_FILES[game], grown_cards)
    status, standings = figures(state)
    assert holds(status, expected(game, "status")) and holds(standings, expected(game, "standings"))


def test_a_format_1_game_is_saved_again_as_format_2_and_plays_on_the_same():
    state = parse_game(read("two.yaml"), "two.yaml")
    text = format_game(state)
    assert "cartoref-game: 2\n" in text
    assert "  explore: [temple-ruins, outpost-ruins, great-river, farmland, hamlet," in text
    again = parse_game(text, "two.yaml")
    assert again == state
    assert apply(again, Draw())[0] == apply(state, Draw())[0]


def test_a_game_saved_now_plays_the_same_after_the_card_data_grows(grown_cards):
    state = new_game(31, ("Ann", "Bob", "Cy"))
    for _ in range(2):
        state, _ = apply(state, Draw())
    text = format_game(state)
    assert "test-meadow" not in text
    grown = parse_game(text, "g.yaml", grown_cards)
    assert figures(grown) == figures(state)
    # And the next cards are the same ones too: the deck comes from the game's own list.
    for _ in range(2):
        state, event = apply(state, Draw())
        grown, grown_event = apply(grown, Draw())
        assert grown_event.revealed == event.revealed
    assert figures(grown) == figures(state)


def test_a_new_game_plays_with_the_cards_of_the_data_it_was_made_with(grown_cards):
    state = new_game(31, ("Ann", "Bob"), cards=grown_cards)
    assert "test-meadow" in state.setup.explore and len(state.deck.remaining) == 15  # 14 base + 1 ambush
    text = format_game(state)
    assert "  explore: [test-meadow, temple-ruins," in text
    # Loaded with card data that lacks its extra card, it is refused by name, not misplayed.
    with pytest.raises(Exception, match="test-meadow"):
        parse_game(text, "g.yaml")


def test_the_command_line_reads_the_grown_card_data_from_cartoref_cards(tmp_path, grown_cards):
    game = tmp_path / "two.yaml"
    game.write_text(read("two.yaml"), encoding="utf-8")
    env = dict(os.environ, CARTOREF_CARDS=grown_cards.folder)
    env.pop("CARTOREF_GAME", None)
    for what in ("status", "standings"):
        out = subprocess.run([sys.executable, "-m", "cartoref", what, "--json", "--game", str(game)],
                             capture_output=True, text=True, env=env, check=True).stdout
        assert holds(json.loads(out), expected("two", what))
    # The game file is read, never rewritten, by status and standings.
    assert game.read_text(encoding="utf-8") == read("two.yaml")
