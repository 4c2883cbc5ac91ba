"""``serve --event``: one server for the room. Every table of the round has its own pages under
``/t/N/`` (the table page a single table has), the room has its screen and ``room.json``, and one
referee token reveals the next card at every table at once (the duplicate way) or each table
draws at its own pace; on every store."""

from __future__ import annotations

import json

import pytest

from cartoref import store


@pytest.fixture
def room(db, cartoref):
    from starlette.testclient import TestClient

    from cartoref.web.room import make_room_app

    db_args = ("--db", db) if db else ()
    r = cartoref("event", "new", "club", "--tables", "3", "--players", "Ann,Bob,Cy,Dan,Eve,Fay", "--as-given",
                 "--seed", "5", *db_args)
    assert r.code == 0, r.err
    app = make_room_app("club", base="http://room.test", store=store.use(db))
    with TestClient(app) as client:
        client.referee = {"Authorization": "Bearer " + app.room.referee_token}
        client.db_args = db_args
        yield client


def test_the_room_lists_every_table_with_its_pages(room):
    r = room.get("/room.json").json()
    assert r["round"] == 1
    assert [(t["table"], t["players"]) for t in r["tables"]] == [(1, ["Ann", "Bob"]), (2, ["Cy", "Dan"]),
                                                                 (3, ["Eve", "Fay"])]
    assert r["tables"][1]["join"] == "http://room.test/t/2/join" and r["tables"][1]["card"] is None
    # Each table's own pages, addressed under /t/N/ (its QR code shows its own join address).
    assert room.get("/t/2", follow_redirects=False).headers["location"] == "/t/2/"
    assert "http://room.test/t/2/join" in room.get("/t/2/").text
    qr = room.get("/t/2/join.svg")  # each tile's QR code, a picture of its own
    assert qr.headers["content-type"].startswith("image/svg+xml") and 'xmlns="http://www.w3.org/2000/svg"' in qr.text
    assert room.get("/t/2/api/table").json()["players"] == ["Cy", "Dan"]
    r = room.get("/t/4/api/table")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no-table"
    page = room.get("/").text
    assert '"room.json"' in page and "innerHTML" not in page and "<script src" not in page


def test_one_token_reveals_at_every_table_at_once_or_each_at_its_pace(room):
    # Table 1 draws on its own, with the room's referee token.
    assert room.post("/t/1/api/draw", json={}, headers=room.referee).status_code == 200
    tables = room.get("/room.json").json()["tables"]
    assert tables[0]["card"] is not None and tables[1]["card"] is None
    # Ann and Bob sit at table 1; the room's reveal waits for them there, draws elsewhere.
    for p in ("Ann", "Bob"):
        assert room.post("/t/1/api/seats", json={"player": p}).status_code == 200
    r = room.post("/api/reveal", json={}, headers=room.referee).json()
    assert [t["drawn"] for t in r["tables"]] == [False, True, True]
    assert r["tables"][0]["error"]["code"] == "still-drawing"
    # Every table of the round plays the same deal: tables 2 and 3 show table 1's first card.
    tables = room.get("/room.json").json()["tables"]
    assert tables[1]["card"] == tables[2]["card"] == tables[0]["card"]
    assert tables[0]["waiting"] == ["Ann", "Bob"]
    r = room.post("/api/reveal", json={"force": True}, headers=room.referee).json()
    assert [t["drawn"] for t in r["tables"]] == [True, True, True]
    # Without the token, nothing.
    assert room.post("/api/reveal", json={}).status_code == 401


def test_a_new_round_is_served_within_half_a_second(room, cartoref):
    import time

    assert room.get("/room.json").json()["round"] == 1
    assert cartoref("event", "round", "club", "--seating", "standing", *room.db_args).code == 0
    began = time.monotonic()
    while (r := room.get("/room.json").json())["round"] != 2 and time.monotonic() - began < 2:
        time.sleep(0.05)
    assert r["round"] == 2 and time.monotonic() - began < 0.9
    players = room.get("/t/1/api/table").json()["players"]
    assert players == r["tables"][0]["players"]
    game = json.loads(cartoref("event", "standings", "club", "--json", *room.db_args).out)["games"]
    assert [g["game"] for g in game if g["round"] == 2][0] == "club/round-2/table-1/game.yaml"
