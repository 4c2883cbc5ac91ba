"""The game commands end to end: new, draw, status, record, standings, undo, log."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import re
import signal

import pytest
from click.testing import CliRunner

from cartoref.cli import cli, hints
from cartoref.errors import CartorefError
from cartoref.game import Draw, apply, format_game, new_game
from cartoref.table import read_game

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden", "game_seed2024.txt")
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "CARTOREF_GAME": None}
EDICTS = "sentinel wood,canal lake,wildholds,borderlands"
GAME_COMMANDS = ("draw", "status", "record", "standings", "undo", "log")

# Hand-scored sheets of the scripted game: (edict 1, edict 2, coins, monsters) per season.
ANN = [(4, 3, 1, 2), (6, 5, 2, 1), (7, 6, 3, 0), (5, 8, 4, 3)]
BOB = [(3, 2, 0, 0), (3, 6, 1, 4), (8, 4, 2, 1), (11, 9, 4, 0)]  # spring comes from bob.yaml


def hand(figs):
    e1, e2, c, m = figs
    return ["--edict1", str(e1), "--edict2", str(e2), "--coins", str(c), "--monsters", str(m)]


def blank_map_rows(**drawn):
    """Wilderness rows with a few spaces drawn: ``drawn={"A1": "F"}``."""
    rows = [list(r.split()) for r in (
        ". . . . . . . . . . .", ". . . ^ . r . . . . .", ". r . . . . . . ^ r .", ". . . . . . . . . . .",
        ". . . . . . . . . . .", ". . . . . ^ . . . . .", ". . . . . . . . . . .", ". . . . . . . . . . .",
        ". r ^ . . . . . . r .", ". . . . . r . ^ . . .", ". . . . . . . . . . .")]
    for label, sym in drawn.items():
        rows["ABCDEFGHIJK".index(label[0])][int(label[1:]) - 1] = sym
    return "".join("  " + " ".join(r) + "\n" for r in rows)


# ----------------------------------------------------------------------------- the golden game


def run_scripted_game(runner):
    """Play a whole game with a fixed seed; the text of every command, as the table saw it."""
    transcript = []

    def cmd(*args, code=0):
        result = runner.invoke(cli, list(args), env=ENV)
        output, status = result.output, result.exit_code
        if isinstance(result.exception, CartorefError):  # as cli.main reports it
            output, status = output + f"[stderr] {hints.render(result.exception)}\n", 2
        assert status == code, (args, result.output, result.exception)
        transcript.append(f"$ cartoref {' '.join(args)}\n{output}")
        return output

    with open("bob.yaml", "w", encoding="utf-8") as f:
        # Spring for Bob, scored from his map: Sentinel Wood (A) counts forest on the edge (A1, A2,
        # A3: 3, and the inland forest C5 none); Canal Lake (B) counts water K5 next to farm K6
        # and farm K6 next to water K5: 2. No coin, no monster: BOB[0] = (3, 2, 0, 0).
        f.write("player: Bob\nsheet: wilderness\ncoins: 0\nmap: |\n"
                + blank_map_rows(A1="F", A2="F", A3="F", C5="F", K5="W", K6="P"))
    cmd("new", "--players", "Ann,Bob", "--seed", "2024", "--edicts", EDICTS)
    for season in range(4):
        if season:
            cmd("draw")  # starts the next season
        while not json.loads(runner.invoke(cli, ["status", "--json"], env=ENV).output)["season_over"]:
            cmd("draw")
        name = ("spring", "summer", "autumn", "winter")[season]
        if season == 0:
            cmd("record", "Ann", *hand((0, 0, 0, 0)))
            cmd("undo")
            cmd("record", "Ann", *hand(ANN[0]))
            cmd("record", "Bob", "bob.yaml")
            cmd("status")
        else:
            cmd("record", "Ann", *hand((1, 1, 1, 1)), "--season", name)
            cmd("record", "Ann", *hand(ANN[season]), "--replace")
            cmd("record", "Bob", *hand(BOB[season]))
        if season < 3:
            cmd("standings")
    cmd("draw", code=2)
    cmd("log")
    cmd("standings")
    return "\n".join(transcript), json.loads(runner.invoke(cli, ["standings", "--json"], env=ENV).output)


def test_a_whole_game_from_new_to_standings_matches_the_golden_transcript(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text, final = run_scripted_game(CliRunner())
    if os.environ.get("CARTOREF_REGEN_GOLDEN"):
        os.makedirs(os.path.dirname(GOLDEN), exist_ok=True)
        with open(GOLDEN, "w", encoding="utf-8") as f:
            f.write(text)
    with open(GOLDEN, encoding="utf-8") as f:
        golden = f.read()
    assert [line.rstrip() for line in text.splitlines()] == [line.rstrip() for line in golden.splitlines()]

    # The final figures, by hand from the recorded sheets above:
    # Ann: (4+3+1-2) + (6+5+2-1) + (7+6+3-0) + (5+8+4-3) = 6 + 12 + 16 + 14 = 48, stars lost 2+1+0+3 = 6.
    # Bob: (3+2+0-0) + (3+6+1-4) + (8+4+2-1) + (11+9+4-0) = 5 + 6 + 13 + 24 = 48, stars lost 0+4+1+0 = 5.
    # Tied on 48: Bob lost fewer stars to monsters, so Bob wins.
    rows = {p["name"]: p for p in final["players"]}
    assert (rows["Ann"]["total"], rows["Ann"]["monsters"], rows["Ann"]["rank"]) == (48, 6, 2)
    assert (rows["Bob"]["total"], rows["Bob"]["monsters"], rows["Bob"]["rank"]) == (48, 5, 1)
    assert final["winners"] == ["Bob"] and final["solo"] is None
    assert [s["total"] for s in rows["Ann"]["seasons"]] == [6, 12, 16, 14]
    assert [s["total"] for s in rows["Bob"]["seasons"]] == [5, 6, 13, 24]
    last = golden.split("$ cartoref standings")[-1]
    assert re.search(r"\|\s+2 \| Ann ", last) and re.search(r"\|\s+1 \| Bob ", last)
    assert "Winner: Bob with 48" in last


# ----------------------------------------------------------------------------- JSON shapes


CARD_KEYS = {"id", "name", "kind", "time"}
STATUS_KEYS = {"season", "time", "threshold", "season_over", "game_over", "column", "deck_size",
               "ambushes_in_deck", "edicts", "scoring_now", "ruins_required"}


def test_json_shapes_hold_the_documented_keys(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    new = json.loads(cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--json").out)
    assert STATUS_KEYS <= set(new) and new["deck_size"] == 14 and new["column"] == []
    assert "seed" not in new and "order" not in new
    d = json.loads(cartoref("draw", "--json").out)
    assert {"revealed", "ruins_required", "pass", "status"} <= set(d)
    assert all(set(c) == CARD_KEYS for c in d["revealed"])
    assert STATUS_KEYS <= set(d["status"])
    # What was revealed is exactly the column so far, and the deck shrank by as many cards.
    assert d["status"]["column"] == d["revealed"] and d["status"]["deck_size"] == 14 - len(d["revealed"])
    st = json.loads(cartoref("status", "--json").out)
    assert st == d["status"]
    assert set(json.loads(cartoref("standings", "--json").out)) >= {"players", "winners", "solo"}
    player = json.loads(cartoref("standings", "--json").out)["players"][0]
    assert {"name", "seasons", "total", "monsters", "rank"} <= set(player)


def test_draw_says_which_way_to_pass_on_an_ambush(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "1")
    for _ in range(60):
        d = json.loads(cartoref("draw", "--json").out or "{}")
        if not d:  # a season is over: record everyone and go on
            for p in ("Ann", "Bob", "Cy"):
                assert cartoref("record", p, *hand((0, 0, 0, 0))).code == 0
            continue
        ambush = [c for c in d["revealed"] if c["kind"] == "ambush"]
        if ambush:
            arrow = {"goblin-attack": "counterclockwise", "bugbear-assault": "clockwise",
                     "kobold-onslaught": "clockwise", "gnoll-raid": "counterclockwise"}[ambush[0]["id"]]
            assert d["pass"] == arrow
            return
        assert d["pass"] is None
    pytest.fail("no ambush in a whole game")


# ----------------------------------------------------------------------------- bad input


def one_line_error(run):
    assert run.code == 2, run
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert "Traceback" not in run.err
    return run.err


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_every_command_names_a_missing_game_file(cartoref, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    args = [command] + (["Ann", *hand((0, 0, 0, 0))] if command == "record" else [])
    err = one_line_error(cartoref(*args))
    assert "cartoref-game.yaml" in err and "no game file" in err
    assert not os.listdir(tmp_path)  # no lock file, no game file left behind


@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("content, message", [
    ("cartoref-game: 1\nseed: [unclosed\n", "not valid YAML"),
    ("title: my shopping list\nitems: [eggs]\n", "not a cartoref game file"),
    ("\x00\x01binary", "not a cartoref game"),
])
def test_every_command_refuses_a_corrupt_or_foreign_file_and_never_writes_it(
        cartoref, tmp_path, monkeypatch, command, content, message):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "other.yaml"
    path.write_text(content)
    args = [command, "--game", "other.yaml"] + (["Ann", *hand((0, 0, 0, 0))] if command == "record" else [])
    err = one_line_error(cartoref(*args))
    assert err.startswith("other.yaml: ") and message in err
    assert path.read_text() == content


def test_new_refuses_to_overwrite_without_force_and_never_overwrites_a_foreign_file(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "1").code == 0
    before = (tmp_path / "cartoref-game.yaml").read_text()
    assert "--force" in one_line_error(cartoref("new", "--players", "Cy,Di", "--seed", "2"))
    assert (tmp_path / "cartoref-game.yaml").read_text() == before
    assert cartoref("new", "--players", "Cy,Di", "--seed", "2", "--force").code == 0
    assert "Cy" in (tmp_path / "cartoref-game.yaml").read_text()
    (tmp_path / "notes.yaml").write_text("todo: buy pens\n")
    one_line_error(cartoref("new", "--players", "Cy,Di", "--game", "notes.yaml", "--force"))
    assert (tmp_path / "notes.yaml").read_text() == "todo: buy pens\n"


@pytest.mark.parametrize("args, message", [
    (["new", "--players", "Ann"], "--solo"),
    (["new", "--players", "Ann,ann"], "two players"),
    (["new", "--players", "Ann,Bob", "--edicts", "sentinel wood,canal lake"], "four"),
    (["new", "--players", "Ann,Bob", "--edicts", "sentinel wood,canal lake,wildholds,bordrelands"], "unknown"),
    (["new", "--players", "Ann,Bob", "--sheet", "moon"], "moon"),
    (["new", "--solo", "--players", "Ann,Bob"], "one player"),
    (["new", "--players", "Ann,Bob", "--map", "m.yaml"], "solo games"),
])
def test_new_refuses_bad_setups(cartoref, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    assert message in one_line_error(cartoref(*args))
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no game, no map made


@pytest.mark.parametrize("edition, side", [("base", "wilderness"), ("heroes", "heroes-wilderness")])
def test_a_solo_map_not_there_yet_is_made_blank_for_the_game(cartoref, tmp_path, monkeypatch, edition, side):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--solo", "--players", "Ann", "--edition", edition, "--seed", "2", "--map", "ann.yaml")
    assert r.code == 0, r.err
    shown = json.loads(cartoref("show", "ann.yaml", "--json").out)
    game = json.loads(cartoref("status", "--json").out)
    assert (shown["player"], shown["sheet"], shown["coins"]) == ("Ann", side, 0)
    assert shown["edicts"] == game["edicts"]
    assert not set("FVPWMH") & set("".join(shown["grid"]))  # only the printed spaces
    # The game plays on it: its first season recorded from the map as it is.
    while not json.loads(cartoref("status", "--json").out)["season_over"]:
        assert cartoref("draw").code == 0
    assert cartoref("record", "Ann", "ann.yaml").code == 0


def test_a_solo_map_made_for_a_game_that_is_refused_is_taken_away(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "1").code == 0
    before = (tmp_path / "cartoref-game.yaml").read_text()
    assert "already here" in one_line_error(cartoref("new", "--solo", "--map", "me.yaml"))
    assert not (tmp_path / "me.yaml").exists()
    assert (tmp_path / "cartoref-game.yaml").read_text() == before
    assert "does not exist" in one_line_error(cartoref("new", "--solo", "--map", "no/me.yaml", "--force"))
    assert (tmp_path / "cartoref-game.yaml").read_text() == before


def test_record_refusals(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "1")
    assert "still running" in one_line_error(cartoref("record", "Ann", *hand((1, 1, 1, 1))))
    while not json.loads(cartoref("status", "--json").out)["season_over"]:
        cartoref("draw")
    assert "did you mean 'Ann'" in one_line_error(cartoref("record", "Anna", *hand((1, 1, 1, 1))))
    assert "Spring" in one_line_error(cartoref("record", "Ann", *hand((1, 1, 1, 1)), "--season", "winter"))
    assert "missing --monsters" in one_line_error(cartoref("record", "Ann", "--edict1", "1", "--edict2", "1",
                                                            "--coins", "1"))
    assert "not both" in one_line_error(cartoref("record", "Ann", "map.yaml", "--coins", "1"))
    assert "map.yaml" in one_line_error(cartoref("record", "Ann", "map.yaml"))
    assert "positive" in one_line_error(cartoref("record", "Ann", *hand((1, 1, 1, -1))))
    assert cartoref("record", "Ann", *hand((1, 1, 1, 1))).code == 0
    assert "--replace" in one_line_error(cartoref("record", "Ann", *hand((1, 1, 1, 1))))
    # Bob has not recorded: the next draw starts summer all the same and says so; Bob records
    # spring later, and summer only once it has ended.
    d = cartoref("draw")
    assert d.code == 0 and "Not recorded for Spring: Bob" in d.out
    assert "Summer is still running" in one_line_error(cartoref("record", "Bob", *hand((1, 1, 1, 1)),
                                                                "--season", "summer"))
    late = cartoref("record", "Bob", *hand((2, 2, 2, 0)))
    assert late.code == 0 and "Recorded Bob, spring: 2 + 2 + 2 coins - 0 monsters = 6" in late.out


def test_undo_of_a_fresh_game_and_the_game_env_variable(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CARTOREF_GAME", str(tmp_path / "table.yaml"))
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "1").code == 0
    assert (tmp_path / "table.yaml").exists() and not (tmp_path / "cartoref-game.yaml").exists()
    assert "nothing to undo" in one_line_error(cartoref("undo"))


def test_undo_then_draw_shows_the_same_card(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "77")
    first = json.loads(cartoref("draw", "--json").out)["revealed"]
    after_undo = json.loads(cartoref("undo", "--json").out)
    assert after_undo["undone"] == {"draw": [c["id"] for c in first]} and after_undo["status"]["column"] == []
    assert json.loads(cartoref("draw", "--json").out)["revealed"] == first


# ----------------------------------------------------------------------------- solo


def test_solo_draw_explains_the_solo_procedure(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--solo", "--seed", "1")
    for _ in range(60):
        run = cartoref("draw")
        if run.code:
            for_season = json.loads(cartoref("status", "--json").out)["season"]
            assert cartoref("record", "Solo", *hand((0, 0, 0, 0)), "--season", for_season).code == 0
            continue
        if "AMBUSH" in run.out:
            assert "Solo: you draw the monster on your own map" in run.out and "never rotated or mirrored" in run.out
            return
    pytest.fail("no ambush in a whole game")


def test_solo_ambush_is_drawn_on_the_players_map(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "me.yaml").write_text("player: Solo\nsheet: wilderness\ncoins: 0\nmap: |\n" + blank_map_rows())
    assert cartoref("new", "--solo", "--map", "me.yaml", "--seed", "3").code == 0
    # On a blank Wilderness sheet each monster fits at once, its box flush in the card's corner
    # (the solo ruling of docs/solo.md): Goblin Attack from the bottom-right, Bugbear Assault from
    # the top-right (gaps A10, B10 not drawn), Kobold Onslaught from the bottom-left, Gnoll Raid
    # from the top-left (C2 is an empty ruins space, so it may be covered).
    where = {"goblin-attack": ["I9", "J10", "K11"], "bugbear-assault": ["A9", "A11", "B9", "B11"],
             "kobold-onslaught": ["I1", "J1", "J2", "K1"], "gnoll-raid": ["A1", "A2", "B1", "C1", "C2"]}
    for _ in range(60):
        run = cartoref("draw", "--json")
        if run.code:  # a season without an ambush is over: record it and go on
            for_season = json.loads(cartoref("status", "--json").out)["season"]
            assert cartoref("record", "Solo", *hand((0, 0, 0, 0)), "--season", for_season).code == 0
            continue
        d = json.loads(run.out)
        ambush = [c["id"] for c in d["revealed"] if c["kind"] == "ambush"]
        if ambush:
            assert d["pass"] is None
            assert d["solo_monster"]["spaces"] == where[ambush[0]]
            from cartoref.grid import Cell, Terrain
            from cartoref.mapfile import read_map

            map_file = tmp_path / "me.yaml"
            sheet = read_map(str(map_file)).sheet
            assert all(sheet.terrain_at(Cell.parse(c)) is Terrain.MONSTER for c in where[ambush[0]])
            # The save file remembers where the monster went...
            assert f"monster: [{', '.join(where[ambush[0]])}]" in (tmp_path / "cartoref-game.yaml").read_text()
            # ...so undo rubs it out: the map is blank again, byte for byte.
            undone = cartoref("undo")
            assert undone.code == 0 and "erased the monster" in undone.out
            assert map_file.read_text() == "player: Solo\nsheet: wilderness\ncoins: 0\nmap: |\n" + blank_map_rows()
            # and the next draw reveals the same ambush and draws it in the same place.
            again = json.loads(cartoref("draw", "--json").out)
            assert again["solo_monster"]["spaces"] == where[ambush[0]]
            return
    pytest.fail("no ambush in a whole game")


# ----------------------------------------------------------------------------- crash and concurrency


def _draw_and_undo_forever(path):
    from cartoref import table

    while True:  # one card drawn, then taken back: the log stays one or two actions long
        if len(read_game(path).log) == 1:
            with table.Table.open(path) as t:
                t.draw()
        else:
            with table.Table.open(path) as t:
                t.undo()


@pytest.mark.parametrize("kills", [10, pytest.param(40, marks=pytest.mark.campaign)])
def test_killing_a_save_at_random_moments_always_leaves_a_loadable_game(tmp_path, kills):
    ctx = multiprocessing.get_context("fork")
    path = str(tmp_path / "g.yaml")
    with open(path, "w") as f:
        f.write(format_game(apply(new_game(4, ("Ann", "Bob")), Draw())[0]))
    rng = random.Random(2024)
    for _ in range(kills):
        child = ctx.Process(target=_draw_and_undo_forever, args=(path,))
        child.start()
        child.join(rng.uniform(0.0, 0.03))
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        state = read_game(path)
        assert len(state.log) in (1, 2)
    # A killed write may leave its temporary file (the game is never touched); the next command
    # on the game removes it, and no lock file is ever left.
    read_game(path)
    assert os.listdir(tmp_path) == ["g.yaml"]


# ----------------------------------------------------------------------------- at the table


def test_a_solo_game_takes_the_player_name_of_its_map(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--player", "Me", "-o", "me.yaml").code == 0
    r = cartoref("new", "--solo", "--map", "me.yaml", "--seed", "4", "--json")
    assert r.code == 0 and json.loads(r.out)["players"] == ["Me"]
    while not json.loads(cartoref("status", "--json").out)["season_over"]:
        cartoref("draw")
    # The map belongs to Me, and so does the game: recording it needs no renaming.
    assert cartoref("record", "Me", "me.yaml").code == 0


def test_an_ambush_says_whose_map_goes_to_whom(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob,Cy,Dee", "--seed", "1")
    for _ in range(60):
        run = cartoref("draw", "--json")
        if run.code:
            for p in ("Ann", "Bob", "Cy", "Dee"):
                cartoref("record", p, *hand((0, 0, 0, 0)))
            continue
        d = json.loads(run.out)
        if d["pass"] is None:
            continue
        # Seated clockwise in the order listed: clockwise each map goes to the next player,
        # counterclockwise to the previous one.
        if d["pass"] == "clockwise":
            expected = [("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee"), ("Dee", "Ann")]
        else:
            expected = [("Ann", "Dee"), ("Bob", "Ann"), ("Cy", "Bob"), ("Dee", "Cy")]
        assert [(p["map_of"], p["drawn_by"]) for p in d["passes"]] == expected
        cartoref("undo")
        text = cartoref("draw").out
        a, b = expected[0]
        assert f"{a}'s map goes to {b}, {expected[1][0]}'s to {expected[1][1]}," in text
        return
    pytest.fail("no ambush in a whole game")


def test_the_last_card_of_a_season_is_drawn_before_the_scoring(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "5")
    while True:
        out = cartoref("draw").out
        if "is over" in out:
            break
    assert out.index("This is the last card of Spring: everyone draws it first.") < out.index("Spring is over")


def test_standings_show_a_season_not_recorded_as_missing(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "5")
    while not json.loads(cartoref("status", "--json").out)["season_over"]:
        cartoref("draw")
    cartoref("record", "Ann", *hand((3, 2, 1, 0)))
    cartoref("draw")  # summer begins without Bob's spring
    st = json.loads(cartoref("standings", "--json").out)
    bob = next(p for p in st["players"] if p["name"] == "Bob")
    assert bob["missing"] == ["spring"] and bob["seasons"] == [] and not st["complete"]
    text = cartoref("standings").out
    assert re.search(r"Bob\s+\|\s+missing", text)
    assert "Not recorded for Spring: Bob" in cartoref("status").out


def test_status_shows_the_card_on_the_table(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cartoref("new", "--players", "Ann,Bob", "--seed", "10")
    assert "On the table" not in cartoref("status").out
    assert json.loads(cartoref("status", "--json").out)["on_table"] is None
    while True:  # seed 10 reveals Outpost Ruins then Fishing Village in its first draws
        d = json.loads(cartoref("draw", "--json").out)
        if d["revealed"][-1]["id"] == "fishing-village":
            break
    out = cartoref("status").out
    assert "On the table:" in out and "Fishing Village" in out.split("On the table:")[1]
    assert "RUINS: the shape drawn from Fishing Village must cover an empty ruins space" in out
    on = json.loads(cartoref("status", "--json").out)["on_table"]
    assert on == {"id": "fishing-village", "name": "Fishing Village", "kind": "explore", "time": 2, "ruins": True}
