"""A table's evening on the pages (issue: a whole evening on the phones): seats that outlive the
server, the game's last card drawn and scored, a forced draw on a season's last card, a take-back
after the season scored itself, the troll's choice holding the draw, and ``cartoref draw``
agreeing with the referee's page. Through Starlette's TestClient on real game and map files."""

from __future__ import annotations

import pytest
from test_api import a_drawing, error, seat

from cartoref.table import Table


@pytest.fixture
def pages(cartoref, tmp_path, monkeypatch):
    """A factory of the table page's clients on one base game of Ann and Bob (seed 12); each
    call is a new server on the same files (a restart)."""
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "12").code == 0
    clients = []

    def start():
        app = make_app(str(tmp_path / "cartoref-game.yaml"))
        client = TestClient(app)
        client.__enter__()
        client.referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        clients.append(client)
        return client

    yield start
    for c in clients:
        c.__exit__(None, None, None)


def state():
    return Table.read("cartoref-game.yaml").state


def to_last_card(client, season_index: int) -> None:
    """The referee draws (nobody seated yet, so nothing waits) until the season's last card is
    on the table."""
    while True:
        t = client.get("/api/table").json()
        if t["card"] is not None and t["last_of_season"] and state().deck.season == season_index:
            return
        assert client.post("/api/draw", json={}, headers=client.referee).status_code == 200


def draw_for(client, player, token):
    """``player`` draws the card on the table (on the map passed to them for an ambush)."""
    card = client.get("/api/table").json()["card"]
    owner = next((p["map_of"] for p in card.get("passes", []) if p["drawn_by"] == player), player)
    r = client.post(f"/api/maps/{owner}/drawings", json=a_drawing(owner), headers=token)
    assert r.status_code == 200, r.text
    return r.json()


def test_seats_and_the_referees_url_outlive_a_restart_and_no_token_is_kept_in_clear(pages, tmp_path):
    first = pages()
    ann = seat(first, "Ann")
    assert first.get("/api/me", headers=ann).json() == {"player": "Ann", "referee": False}
    book = (tmp_path / "cartoref-game.seats.yaml").read_text()
    assert ann["Authorization"].split()[1] not in book and first.referee["Authorization"].split()[1] not in book
    again = pages()  # serve stopped and started
    assert again.get("/api/me", headers=ann).json()["player"] == "Ann"
    assert again.get("/api/me", headers=first.referee).json()["referee"] is True
    assert [s["taken"] for s in again.get("/api/table").json()["seats"]] == [True, False]
    assert error(again.post("/api/seats", json={"player": "Ann"})) == (409, "seat-taken")


def test_change_seat_frees_the_seat_and_its_token_stops(pages):
    client = pages()
    ann = seat(client, "Ann")
    assert client.delete("/api/seats/me", headers=ann).json() == {"player": "Ann", "taken": False}
    assert error(client.get("/api/me", headers=ann)) == (401, "bad-token")
    assert client.get("/api/table").json()["seats"][0]["taken"] is False
    seat(client, "Ann")  # anyone may take it again


def test_a_new_game_in_the_file_frees_every_seat(pages, cartoref):
    client = pages()
    ann = seat(client, "Ann")
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "13", "--force").code == 0
    assert error(client.get("/api/me", headers=ann)) == (401, "bad-token")


def test_the_games_last_card_is_drawn_on_the_pages_then_winter_scores_and_the_game_finishes(pages):
    client = pages()
    to_last_card(client, 3)
    seats = {p: seat(client, p) for p in ("Ann", "Bob")}
    t = client.get("/api/table").json()
    assert t["game_over"] and not t["finished"] and t["waiting"] == ["Ann", "Bob"]
    draw_for(client, "Ann", seats["Ann"])
    assert not client.get("/api/table").json()["finished"]
    done = draw_for(client, "Bob", seats["Bob"])
    assert sorted(r["player"] for r in done["season_scored"]["recorded"]) == ["Ann", "Bob"]
    t = client.get("/api/table").json()
    assert t["finished"] and t["everyone_drawn"]
    assert [row[3] is not None for row in state().scores] == [True, True]
    ranks = {p["name"]: p["rank"] for p in t["standings"]["players"]}
    assert sorted(ranks.values())[0] == 1


def test_a_forced_draw_on_a_seasons_last_card_scores_every_seated_map_as_it_stands(pages, tmp_path):
    client = pages()
    to_last_card(client, 0)
    seats = {p: seat(client, p) for p in ("Ann", "Bob")}
    draw_for(client, "Ann", seats["Ann"])
    r = client.post("/api/draw", json={}, headers=client.referee)
    assert error(r) == (409, "still-drawing") and "Bob" in r.json()["error"]["message"]
    assert '{"force"' not in r.json()["error"]["message"]  # the page's control is a checkbox, not JSON
    r = client.post("/api/draw", json={"force": True}, headers=client.referee)
    assert r.status_code == 200, r.text
    data = r.json()
    assert [s["player"] for s in data["skipped"]] == ["Bob"]
    assert sorted(x["player"] for x in data["season_scored"]["recorded"]) == ["Ann", "Bob"]
    spring = [row[0] for row in state().scores]
    assert all(rec is not None for rec in spring)
    # Bob drew nothing all spring: his blank map scores nothing, and loses no star to monsters.
    assert (spring[1].coins, spring[1].monsters) == (0, 0)
    # A base game's season writes no "after spring" line on the maps.
    assert "after spring" not in (tmp_path / "ann.yaml").read_text()
    assert data["status"]["season"] == "summer"


def test_take_back_after_the_season_scored_itself_takes_the_record_with_it(pages, tmp_path):
    client = pages()
    to_last_card(client, 0)
    seats = {p: seat(client, p) for p in ("Ann", "Bob")}
    draw_for(client, "Ann", seats["Ann"])
    done = draw_for(client, "Bob", seats["Bob"])
    assert "season_scored" in done and all(row[0] is not None for row in state().scores)
    r = client.delete("/api/maps/Ann/drawings/last", headers=seats["Ann"])
    assert r.status_code == 200, r.text
    assert state().scores[0][0] is None and state().scores[1][0] is not None
    assert client.get("/api/table").json()["waiting"] == ["Ann"]
    assert error(client.post("/api/draw", json={}, headers=client.referee)) == (409, "still-drawing")
    again = draw_for(client, "Ann", seats["Ann"])
    assert [x["player"] for x in again["season_scored"]["recorded"]] == ["Ann"]
    assert state().scores[0][0] is not None


def test_cartoref_draw_waits_for_the_seats_as_the_referees_page_does(pages, cartoref):
    client = pages()
    assert client.post("/api/draw", json={}, headers=client.referee).status_code == 200
    seats = {p: seat(client, p) for p in ("Ann", "Bob")}
    draw_for(client, "Ann", seats["Ann"])
    r = cartoref("draw")
    # Goblin Attack passes Bob's map to Ann and Ann's to Bob: the table waits for Bob's drawing.
    assert r.code == 2 and "still drawing the card on the table: Bob" in r.err
    r = cartoref("draw", "--force")
    assert r.code == 0 and "Bob did not draw Goblin Attack" in r.out


def test_a_page_asks_for_a_map_again_only_when_its_number_moved(pages):
    """``seats[].map`` changes with that seat's map file alone (a phone reads its map only then);
    the map's answer names the side's ruins spaces, under drawings too, and its coin track."""
    client = pages()
    ann = seat(client, "Ann")
    seat(client, "Bob")  # Bob's map made: it has a number too
    before = {s["player"]: s["map"] for s in client.get("/api/table").json()["seats"]}
    assert client.post("/api/draw", json={}, headers=client.referee).status_code == 200
    after_draw = {s["player"]: s["map"] for s in client.get("/api/table").json()["seats"]}
    assert after_draw == before  # a card revealed writes the game, not the maps
    draw_for(client, "Ann", ann)
    now = {s["player"]: s["map"] for s in client.get("/api/table").json()["seats"]}
    # Goblin Attack passes counterclockwise: Ann draws on Bob's map, so Bob's number moves.
    assert now["Bob"] != before["Bob"] and now["Ann"] == before["Ann"]
    mine = client.get("/api/maps/Ann").json()
    # Side A, the Wilderness: ruins at B6, C2, C10, I2, I10, J6 (the printed sheet).
    assert mine["ruins"] == ["B6", "C2", "C10", "I2", "I10", "J6"] and mine["coin_track"] == 14


def test_the_referees_turn_timer_counts_from_the_cards_draw_and_outlives_a_restart(pages):
    import time

    client = pages()
    seat(client, "Ann")
    assert client.get("/api/table").json()["timer"] == {"seconds": 0, "ends": None}
    assert error(client.post("/api/timer", json={"seconds": 30}, headers=seat(client, "Bob"))) == (403, "not-referee")
    assert error(client.post("/api/timer", json={"seconds": -1}, headers=client.referee))[0] == 400
    assert client.post("/api/timer", json={"seconds": 45}, headers=client.referee).status_code == 200
    assert client.get("/api/table").json()["timer"] == {"seconds": 45, "ends": None}  # no card yet
    before = time.time()
    assert client.post("/api/draw", json={}, headers=client.referee).status_code == 200
    again = pages()  # serve stopped and started: the timer is the table's
    timer = again.get("/api/table").json()["timer"]
    assert timer["seconds"] == 45 and before + 45 <= timer["ends"] <= time.time() + 45
