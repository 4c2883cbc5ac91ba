"""The TV's and the referee's reads through Starlette's TestClient: the season's recap, the
whole passing order of an ambush, a season's effects joined, a seat's map as a picture, and the
results to keep (``/results.json``, ``/results.csv``, ``/standings.svg``, the BG Stats link),
worked out by hand from a small game.

The game: ``cartoref new --players Ann,Bob --seed 12``, every season drawn to its end and
hand-scored (edict 1, edict 2, coins, monsters):

    Ann  spring 3 2 1 1 = 5   summer 4 0 2 0 = 6   autumn 2 2 0 1 = 3   winter 5 1 1 2 = 5   19, 4 monsters
    Bob  spring 2 2 2 0 = 6   summer 3 3 0 2 = 4   autumn 1 4 1 0 = 6   winter 2 1 1 1 = 3   19, 3 monsters

A tie on 19, broken by the fewest stars lost to monsters: Bob (3) first, Ann (4) second.
"""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import unquote

import pytest

SCORES = {"Ann": [(3, 2, 1, 1), (4, 0, 2, 0), (2, 2, 0, 1), (5, 1, 1, 2)],
          "Bob": [(2, 2, 2, 0), (3, 3, 0, 2), (1, 4, 1, 0), (2, 1, 1, 1)]}


@pytest.fixture
def game(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "12").code == 0
    return tmp_path / "cartoref-game.yaml"


def client_for(path):
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    return TestClient(make_app(str(path)))


def to_season_end(cartoref) -> None:
    for _ in range(20):
        r = cartoref("draw", "--json")
        assert r.code == 0, r.err
        if json.loads(r.out)["status"]["season_over"]:
            return
    raise AssertionError("the season never ended")


def record(cartoref, k: int) -> None:
    for player, seasons in SCORES.items():
        e1, e2, coins, monsters = seasons[k]
        assert cartoref("record", player, "--edict1", str(e1), "--edict2", str(e2), "--coins", str(coins),
                        "--monsters", str(monsters)).code == 0


def test_the_season_recap_then_the_results_to_keep(cartoref, game):
    client = client_for(game)
    to_season_end(cartoref)
    d = client.get("/display.json").json()
    assert d["recap"] is None  # the last card is on the table, nobody's score is in yet
    record(cartoref, 0)
    recap = client.get("/display.json").json()["recap"]
    assert recap["season"] == "spring" and recap["complete"]
    assert [e["edict"] for e in recap["edicts"]] == ["A", "B"]
    assert recap["players"] == [
        {"player": "Ann", "edict1": 3, "edict2": 2, "coins": 1, "monsters": 1, "total": 5},
        {"player": "Bob", "edict1": 2, "edict2": 2, "coins": 2, "monsters": 0, "total": 6}]
    # Before the game's end: no winner, no BG Stats link.
    before = client.get("/results.json").json()
    assert before["final"] is False and before["winners"] == [] and before["bgstats"] is None
    assert client.get("/bgstats.svg").status_code == 404
    for k in range(1, 4):
        to_season_end(cartoref)
        record(cartoref, k)

    r = client.get("/results.json").json()
    assert r["final"] is True and r["winners"] == ["Bob"]
    assert [(p["name"], p["rank"], p["total"], p["monsters"], p["winner"]) for p in r["players"]] == [
        ("Bob", 1, 19, 3, True), ("Ann", 2, 19, 4, False)]
    assert [s["total"] for s in r["players"][1]["seasons"]] == [5, 6, 3, 5]
    assert r["tie_break"] == {"total": 19, "by": "monsters", "players": [
        {"name": "Bob", "monsters": 3, "rank": 1}, {"name": "Ann", "monsters": 4, "rank": 2}]}
    assert [e["edict"] for e in r["edicts"]] == ["A", "B", "C", "D"]
    # BG Stats' createPlay link: the game by its BoardGameGeek id, the scores, the winner.
    url = r["bgstats"]
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = json.loads(unquote(url.split("?data=", 1)[1]))
    assert play["sourceName"] == "cartoref" and play["game"]["bggId"] == 263918
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Bob", 19, True), ("Ann", 19, False)]
    assert len(play["playDate"]) == 19  # yyyy-MM-dd HH:mm:ss
    qr = client.get("/bgstats.svg")
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<svg")

    rows = list(csv.reader(io.StringIO(client.get("/results.csv").text)))
    assert rows == [["rank", "player", "spring", "summer", "autumn", "winter", "total", "monsters"],
                    ["1", "Bob", "6", "4", "6", "3", "19", "3"],
                    ["2", "Ann", "5", "6", "3", "5", "19", "4"]]

    svg = client.get("/standings.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "Final standings" in svg.text and "Winner: Bob with 19" in svg.text
    assert "Tie on 19 broken by the fewest stars lost to monsters: Bob 3, Ann 4" in svg.text
    assert "href" not in svg.text  # self-contained: nothing fetched

    # The TV's data at the end: the standings final, the verdict lines.
    d = client.get("/display.json").json()
    assert d["standings"]["final"] and "Winner: Bob with 19" in d["verdict"]


def test_a_csv_cell_is_never_a_formula(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "=SUM(A1),Bob", "--seed", "3").code == 0
    rows = list(csv.reader(io.StringIO(client_for(tmp_path / "cartoref-game.yaml").get("/results.csv").text)))
    assert [row[1] for row in rows[1:]] == ["'=SUM(A1)", "Bob"]


def test_a_seats_map_as_a_picture_and_404_without_one(cartoref, game):
    client = client_for(game)
    assert client.get("/map/Ann.svg").status_code == 404  # no seat, no map yet
    assert client.get("/map/Zed.svg").status_code == 404  # nobody of that name
    assert client.post("/api/seats", json={"player": "Ann"}).status_code == 200
    svg = client.get("/map/ann.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.count("data-space=") == 121


def test_an_ambush_shows_the_whole_passing_order_and_no_solo_corner(cartoref, tmp_path, monkeypatch):
    from cartoref.table import Table
    from cartoref.views.page_json import display

    monkeypatch.chdir(tmp_path)
    players = [f"P{n}" for n in range(1, 21)]
    # Seed 12: Goblin Attack (counterclockwise) is spring's first card.
    assert cartoref("new", "--players", ",".join(players), "--seed", "12").code == 0
    assert cartoref("draw").code == 0
    d = display(Table.read("cartoref-game.yaml"), "g")
    assert len(d["passes"]) == 20  # every pair, none cut ("and so on")
    assert d["passes"][0] == {"map_of": "P1", "drawn_by": "P20"}
    assert "so on" not in d["card_note"] and "Solo" not in d["card_note"] and "corner" not in d["card_note"]
    assert d["card_note"].startswith("Pass your map counterclockwise")


def test_the_effects_after_scoring_are_joined_as_one_sentence(cartoref, tmp_path, monkeypatch):
    # Two effects after scoring (the troll revealed in one season, the zombies in another): each
    # card's text loses its own full stop, the list ends with one (never "destroyed.; Zombie").
    import cartoref.game as games
    from cartoref.views.words import season_end_lines

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--edition", "heroes", "--seed", "4").code == 0
    to_season_end(cartoref)
    monkeypatch.setattr(games, "after_scoring", lambda state: ["giant-troll-ravage", "zombie-plague"])
    monkeypatch.setattr(games, "game_over", lambda state: False)
    from cartoref.table import Table

    (line,) = [x for x in season_end_lines(Table.read("cartoref-game.yaml").state) if x.startswith("After")]
    assert ".;" not in line and "; Zombie Plague: " in line and line.endswith(".") and not line.endswith("..")


def test_the_pages_carry_their_new_words(game):
    client = client_for(game)
    tv = client.get("/").text
    for word in ("Everyone has drawn.", "Cannot reach the server", "Final standings"):
        assert word in tv, word
    referee = client.get("/referee?token=x").text
    for word in ("Tick 'even if not everyone has drawn' to draw anyway", "Waiting for {player}'s troll",
                 "Everyone has drawn.", 'href="results.csv"', 'href="standings.svg"'):
        assert word in referee, word


def test_ctrl_c_stops_serve_quietly_with_event_streams_open(cartoref, game):
    # A real `cartoref serve` with two pages listening to the event stream and a draw made
    # through it: Ctrl-C ends the streams at once (no "Cancel N running task(s)" from uvicorn),
    # says "stopped", and does not claim a reveal made long before was interrupted.
    import os
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    p = subprocess.Popen([sys.executable, "-m", "cartoref", "serve", "--port", "0", "--game", str(game)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        urls = dict(p.stdout.readline().strip().split(": ", 1) for _ in range(3))
        base, token = urls["table"].rstrip("/"), urls["referee"].rsplit("=", 1)[1]
        req = urllib.request.Request(base + "/api/draw", data=b"{}", method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": "Bearer " + token})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.loads(r.read())["revealed"]
        streams = [urllib.request.urlopen(base + "/api/events", timeout=10) for _ in range(2)]
        for s in streams:
            assert s.readline().strip()  # the stream is open and has spoken
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=10)
        took = time.monotonic() - start
        for s in streams:
            s.read()  # ended by the server, not left hanging
            s.close()
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, err
    assert "ERROR" not in err and "Cancel" not in err and "Interrupted" not in err, err
    assert err.rstrip().endswith("stopped"), err
    assert took < 1.5, took
