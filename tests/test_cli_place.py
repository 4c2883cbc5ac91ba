"""`cartoref place`, `fits`, `solo-ambush` and `title` as a user runs them: exit statuses, what
is written (and what is not), JSON shapes, and the solo title thresholds worked out by hand."""

from __future__ import annotations

import json
import os

import pytest

# A map file as a player might keep it: comments, their own keys, a trailing note.
MAP_TEXT = """\
# Alice's sheet, game of Tuesday
player: Alice
sheet: wilderness   # side A
edicts: sentinel wood, wildholds, canal lake, the broken road
season: spring
coins: 2   # two coins so far
map: |
  . . . . . . . . . . .
  . . . ^ . r . . . . .
  . r . . . . . . ^ r .
  . . . . . . . . . . .
  . . . . . . . . . . .
  . . . . . ^ . . . . .
  . . . . . . . . . . .
  . . . . . . . . . . .
  . r ^ . . . . . . r .
  . . . . . r . ^ . . .
  . . . . . . . . . . .

# notes: remember the ruins at C2
"""


def grid_rows(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("map: |") + 1
    return [line.strip() for line in lines[start:start + 11]]


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "alice.yaml"
    path.write_text(MAP_TEXT, encoding="utf-8")
    return path


def test_place_writes_the_drawing_and_keeps_everything_else(cartoref, map_file):
    before_inode = os.stat(map_file).st_ino
    r = cartoref("place", str(map_file), "hamlet", "--cells", "b5 c4 c5", "--terrain", "village")
    assert r.code == 0, r.err
    assert "Hamlet, option 1 (coin): village on B5, C4, C5" in r.out
    assert "coins: +1 (coin shape), 2 -> 3" in r.out
    text = map_file.read_text(encoding="utf-8")
    rows = grid_rows(text)
    assert rows[1] == ". . . ^ V r . . . . ."
    assert rows[2] == ". r . V V . . . ^ r ."
    assert rows[0] == ". . . . . . . . . . ." and rows[3:] == grid_rows(MAP_TEXT)[3:]
    # Only the coin count and the two map rows changed, and the drawing is kept for unplace;
    # comments and other keys are untouched.
    old_lines, new_lines = MAP_TEXT.splitlines(), text.splitlines()
    kept = new_lines.index("drawings:")
    assert new_lines[kept:kept + 2] == ["drawings:", "  - hamlet, village on B5 C4 C5, +1 coin"]
    del new_lines[kept:kept + 2]
    assert len(old_lines) == len(new_lines)
    changed = [i for i, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b]
    assert [new_lines[i] for i in changed] == [
        "coins: 3   # two coins so far", "  . . . ^ V r . . . . .", "  . r . V V . . . ^ r ."]
    # Written by replacing the file (a new inode), leaving no temporary file behind.
    assert os.stat(map_file).st_ino != before_inode
    assert sorted(os.listdir(map_file.parent)) == ["alice.yaml"]  # no lock file, no temporary file left


def test_place_dry_run_writes_nothing(cartoref, map_file):
    r = cartoref("place", str(map_file), "hamlet", "--cells", "B5,C4,C5", "--dry-run", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["cells"] == ["B5", "C4", "C5"] and data["terrain"] == "village"
    assert data["option"] == 1 and data["fallback"] is False
    assert data["coins_gained"] == 1 and data["coins"] == 3 and data["written"] is False
    assert map_file.read_bytes() == MAP_TEXT.encode()


@pytest.mark.parametrize("args, message", [
    (["hamlet", "--cells", "B4,B5,C5"], "B4 is already filled (mountain)"),
    (["hamlet", "--cells", "A1,A2,A4"], "is not a shape of Hamlet in any rotation or mirror"),
    (["hamlet", "--cells", "A1,A2,B1", "--terrain", "forest"], "forest is not a terrain of Hamlet (village)"),
    (["hamlet", "--cells", "A1,A2,B1", "--ruins"], "covers no empty ruins space"),
    (["hamlet", "--cells", "E5"], "a single space is allowed only when no shape of Hamlet"),
    (["hamlet", "--cells", "A1,A1,B1"], "A1 is named twice"),
    (["hamlet", "--cells", "A1,A2,L1"], "L1 is off the map"),
    (["temple ruins", "--cells", "C2"], "Temple Ruins is a ruins card"),
    (["hamlt", "--cells", "A1"], "did you mean 'Hamlet'?"),
    (["canal lake", "--cells", "A1"], "Canal Lake is a scoring card"),
    (["orchard", "--cells", "A1,A2,A3,B3"], "choose a terrain for Orchard: forest or farm"),
])
def test_refusal_exits_2_and_leaves_the_file_byte_identical(cartoref, map_file, args, message):
    stat = os.stat(map_file)
    r = cartoref("place", str(map_file), *args)
    assert r.code == 2
    assert message in r.err
    assert r.out == ""
    assert map_file.read_bytes() == MAP_TEXT.encode()
    assert os.stat(map_file).st_ino == stat.st_ino


def test_place_ambush_implies_monster_and_credits_the_mountain_coin(cartoref, map_file):
    # Fill three neighbours of the mountain B4 (A4, B3, B5) first; the monster fills C4.
    cartoref("place", str(map_file), "rift lands", "--cells", "A4", "--terrain", "farm")
    cartoref("place", str(map_file), "rift lands", "--cells", "B3", "--terrain", "farm")
    cartoref("place", str(map_file), "rift lands", "--cells", "B5", "--terrain", "farm")
    r = cartoref("place", str(map_file), "kobold onslaught", "--cells", "C4,D4,D5,E4", "--ruins")
    assert r.code == 0, r.err
    assert "monster on C4, D4, D5, E4" in r.out
    assert "coins: +1 (surrounded the mountain at B4), 2 -> 3" in r.out
    assert "ruins obligation does not apply to a monster" in r.err
    rows = grid_rows(map_file.read_text(encoding="utf-8"))
    assert rows[2] == ". r . M . . . . ^ r ."
    assert rows[3] == ". . . M M . . . . . ."


def test_place_caps_the_coin_track(cartoref, map_file):
    map_file.write_text(MAP_TEXT.replace("coins: 2", "coins: 14"), encoding="utf-8")
    r = cartoref("place", str(map_file), "farmland", "--cells", "A1,A2", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["coins_gained"] == 1 and data["coins"] == 14
    assert "coin track is full" in data["warnings"][0]
    assert "coins: 14 " in map_file.read_text(encoding="utf-8")


NEARLY_FULL = MAP_TEXT.replace("coins: 2", "coins: 5").split("map: |")[0] + """map: |
  . . . F F F F F F F F
  . F F ^ F r F F F F F
  F r F F F F F F ^ r F
  F F F F F F F F F F F
  F F F F F F F F F F F
  F F F F F ^ F F F F F
  F F F F F F F F F F F
  F F F F F F F F F F F
  F r ^ F F F F F F r F
  F F F F F r F ^ F F F
  F F F F F F F F F F F
"""


def test_fits_json_shape_on_a_nearly_full_map(cartoref, tmp_path):
    # Empty: A1 A2 A3 B1 and the six ruins. Hamlet's L (2 x 2 box) fits only as A1 A2 B1
    # (the box A2-B3 has B2 B3 filled); its 5-space option fits nowhere.
    path = tmp_path / "full.yaml"
    path.write_text(NEARLY_FULL, encoding="utf-8")
    r = cartoref("fits", str(path), "hamlet", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out) == {
        "options": [{"option": 1, "placements": 1, "cells": ["A1", "A2", "B1"], "example": ["A1", "A2", "B1"]},
                    {"option": 2, "placements": 0, "cells": None, "example": None}],
        "fallback": False,
        "without_ruins": None,
    }
    # Fishing Village needs four in a row: A1-A3 is only three. The fallback applies.
    data = json.loads(cartoref("fits", str(path), "fishing village", "--json").out)
    assert data == {"options": [{"option": 1, "placements": 0, "cells": None, "example": None}], "fallback": True,
                    "without_ruins": None}
    # Under the ruins obligation the L cannot reach a ruins space (C2 is shut in).
    data = json.loads(cartoref("fits", str(path), "hamlet", "--ruins", "--json").out)
    assert [o["placements"] for o in data["options"]] == [0, 0] and data["fallback"] is True
    assert data["without_ruins"] == [1, 0]  # the L of A1, A2, B1 touches no ruins space
    r = cartoref("fits", str(path), "hamlet")
    assert "option 1 (X./XX, coin): 1 placement, for example A1, A2, B1" in r.out
    assert "single-space fallback: no" in r.out


def test_solo_ambush_json_and_write(cartoref, map_file):
    r = cartoref("solo-ambush", str(map_file), "goblin attack", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out) == {"cells": ["I9", "J10", "K11"], "ignored": False}
    rows = grid_rows(map_file.read_text(encoding="utf-8"))
    assert rows[8] == ". r ^ . . . . . M r ."
    assert rows[9] == ". . . . . r . ^ . M ."
    assert rows[10] == ". . . . . . . . . . M"
    assert "# notes: remember the ruins at C2" in map_file.read_text(encoding="utf-8")


def test_solo_ambush_dry_run_and_ignored(cartoref, map_file, tmp_path):
    r = cartoref("solo-ambush", str(map_file), "gnoll raid", "--dry-run")
    assert r.code == 0 and "monster on A1, A2, B1, C1, C2" in r.out and "dry run" in r.out
    assert map_file.read_bytes() == MAP_TEXT.encode()
    path = tmp_path / "full.yaml"
    path.write_text(NEARLY_FULL, encoding="utf-8")
    r = cartoref("solo-ambush", str(path), "gnoll raid", "--json")
    assert json.loads(r.out) == {"cells": None, "ignored": True}
    assert path.read_text(encoding="utf-8") == NEARLY_FULL
    r = cartoref("solo-ambush", str(path), "gnoll raid")
    assert "the ambush is ignored" in r.out


# Sentinel Wood 25 + Canal Lake 24 + Wildholds 16 + Borderlands 24 = 89 (solo numbers).
EDICTS = "sentinel wood,canal lake,wildholds,borderlands"


@pytest.mark.parametrize("score, rating, title", [
    (119, 30, "Legendary Cartographer"),
    (118, 29, "Master Mapsmith"),
    (109, 20, "Master Mapsmith"),
    (99, 10, "Journeyman Topographer"),
    (89, 0, "Apprentice Surveyor"),
    (88, -1, "Amateur Assessor"),
    (84, -5, "Amateur Assessor"),
    (83, -6, "Inept Assistant"),
    (79, -10, "Inept Assistant"),
    (69, -20, "Dimwitted Doodler"),
    (59, -30, "Oblivious Inkdrinker"),
    (58, -31, "Oblivious Inkdrinker"),  # below the table: the lowest title (docs/rulings.md)
    (-5, -94, "Oblivious Inkdrinker"),
])
def test_title_thresholds(cartoref, score, rating, title):
    r = cartoref("title", str(score), "--edicts", EDICTS, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert (data["rating"], data["title"], data["solo_total"]) == (rating, title, 89)
    assert [c["solo"] for c in data["cards"]] == [25, 24, 16, 24]


def test_title_human_output(cartoref):
    r = cartoref("title", "100", "--edicts", EDICTS)
    assert "rating 11 = score 100 - solo numbers 89" in r.out
    assert "title: Journeyman Topographer" in r.out


@pytest.mark.parametrize("edicts", [
    "sentinel wood,sentinel wood,wildholds,borderlands",
    "sentinel wood,canal lake,wildholds",
])
def test_title_needs_four_different_cards(cartoref, edicts):
    assert cartoref("title", "50", "--edicts", edicts).code == 2


# ----------------------------------------------------------------------------- place in a game


def _draw_until(cartoref, found):
    """Draw (recording zeros at each season's end) until ``found(revealed ids)``; the draw's JSON."""
    for _ in range(80):
        run = cartoref("draw", "--json")
        if run.code:
            status = json.loads(cartoref("status", "--json").out)
            for p in status["players"]:
                cartoref("record", p, "--edict1", "0", "--edict2", "0", "--coins", "0", "--monsters", "0")
            continue
        d = json.loads(run.out)
        if found([c["id"] for c in d["revealed"]]):
            return d
    pytest.fail("never drawn")


def test_place_takes_the_card_and_the_ruins_obligation_from_the_game(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--player", "Ann", "-o", "ann.yaml").code == 0
    cartoref("new", "--players", "Ann,Bob", "--seed", "10")
    # Seed 10 reveals Outpost Ruins then Fishing Village (XXXX, village) within its first draws.
    d = _draw_until(cartoref, lambda ids: ids == ["outpost-ruins", "fishing-village"])
    assert d["ruins_required"]
    # Another card is refused, naming the card on the table.
    other = cartoref("place", "ann.yaml", "hamlet", "--cells", "K1,K2,K3", "--terrain", "village")
    assert other.code == 2 and "Hamlet is not the card on the table: Fishing Village" in other.err
    # The ruins obligation applies without --ruins: K1-K4 covers none of side A's ruins (B6 C2
    # C10 I2 I10 J6); A6-D6 covers B6.
    far = cartoref("place", "ann.yaml", "--cells", "K1,K2,K3,K4", "--terrain", "village")
    assert far.code == 2 and "covers no empty ruins space" in far.err
    near = cartoref("place", "ann.yaml", "--cells", "A6,B6,C6,D6", "--terrain", "village")
    assert near.code == 0 and "Fishing Village, option 1: village on A6, B6, C6, D6" in near.out
    # fits counts what the game allows: Fishing Village under the ruins obligation.
    counted = json.loads(cartoref("fits", "ann.yaml", "--json").out)
    alone = json.loads(cartoref("fits", "ann.yaml", "fishing village", "--json", "--no-game").out)
    assert counted["options"][0]["placements"] < alone["options"][0]["placements"]
    # --no-game checks a drawing on its own, as without a game.
    free = cartoref("place", "ann.yaml", "hamlet", "--cells", "K1,K2,J1", "--terrain", "village", "--no-game")
    assert free.code == 0, free.err


def test_place_without_a_game_needs_the_card(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CARTOREF_GAME", raising=False)
    assert cartoref("new-map", "-o", "m.yaml").code == 0
    r = cartoref("place", "m.yaml", "--cells", "A1")
    assert r.code == 2 and "name the CARD drawn" in r.err


@pytest.mark.parametrize("args", [
    ["hamlet", "--cells", "b5", "c4", "c5", "--terrain", "village"],  # as the README prints it
    ["--cells", "B5", "C4", "C5", "hamlet", "--terrain", "village"],  # the card after the spaces
    ["hamlet", "--terrain", "village", "--cells", "b5,c4", "C5"],
])
def test_the_spaces_may_follow_cells_as_separate_words(cartoref, map_file, args):
    r = cartoref("place", str(map_file), *args)
    assert r.code == 0, r.err
    assert "Hamlet, option 1 (coin): village on B5, C4, C5" in r.out
    assert grid_rows(map_file.read_text(encoding="utf-8"))[1:3] == [". . . ^ V r . . . . .", ". r . V V . . . ^ r ."]
