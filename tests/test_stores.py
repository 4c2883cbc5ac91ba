"""Every store passes the same table tests: the files (as always), an SQLite database, and a
PostgreSQL database when a server is at hand (``db`` in conftest.py runs each test on each).

What a table needs of its store: a text kept whole and read back byte for byte, its version
moving with every write, a lock that keeps every other writer out (threads and processes), a
whole game played through the command line with ``--db``, and a game moved between stores by
``export`` and ``import`` unchanged."""

from __future__ import annotations

import json
import multiprocessing
import os
import threading

import pytest

from cartoref import files, store
from cartoref.table import Table


def test_a_text_is_kept_whole_its_version_moves_and_a_name_is_taken_once(db):
    s = store.current()
    for folder in ("friday", "saturday"):
        os.makedirs(folder)  # the files need their folders; a database's are parts of names
    text = "sheet: wilderness\n# é, 日本語, and a line without its end"
    s.create("friday/ann.yaml", text)
    assert s.read("friday/ann.yaml", 1 << 20) == text
    first = s.version("friday/ann.yaml")
    with pytest.raises(FileExistsError):
        s.create("friday/ann.yaml", "other")
    assert s.read("friday/ann.yaml", 1 << 20) == text  # the refused create changed nothing
    s.write("friday/ann.yaml", text + "!")
    assert s.version("friday/ann.yaml") not in (None, first)
    assert s.read("friday/ann.yaml", 1 << 20) == text + "!"
    with pytest.raises(files.TooLarge):
        s.read("friday/ann.yaml", 10)
    with pytest.raises(FileNotFoundError):
        s.read("friday/bob.yaml", 1 << 20)
    assert s.version("friday/bob.yaml") is None and not s.exists("friday/bob.yaml")
    s.create("friday/bob.yaml", "b")
    s.create("saturday/cy.yaml", "c")
    assert [os.path.basename(k) for k in s.keys("friday")] == ["ann.yaml", "bob.yaml"]
    s.remove("friday/bob.yaml")
    assert not s.exists("friday/bob.yaml") and s.exists("saturday/cy.yaml")


def test_a_missing_text_cannot_be_locked(db):
    with pytest.raises(FileNotFoundError), store.current().locked("nobody.yaml"):
        pass


def _add(where: str | None, key: str, times: int) -> None:
    s = store.use(where)
    for _ in range(times):
        with s.locked(key):
            n = int(s.read(key, 100))
            s.write(key, str(n + 1))


def test_writers_at_once_lose_nothing_threads_and_processes(db):
    # The classic lost update: each writer reads the count and writes it plus one, under the lock.
    s = store.current()
    s.create("count.txt", "0")
    threads = [threading.Thread(target=_add, args=(db, "count.txt", 25)) for _ in range(4)]
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_add, args=(db, "count.txt", 25)) for _ in range(2)]
    for w in (*threads, *procs):
        w.start()
    for w in (*threads, *procs):
        w.join(60)
    assert all(p.exitcode == 0 for p in procs)
    assert int(s.read("count.txt", 100)) == 6 * 25


def test_a_lock_is_held_across_a_read_and_a_write_while_another_waits(db):
    s = store.current()
    s.create("game.yaml", "one")
    inside, seen = threading.Event(), []

    def holder():
        with s.locked("game.yaml"):
            inside.set()
            threading.Event().wait(0.3)
            s.write("game.yaml", "two")

    def waiter():
        inside.wait(5)
        with s.locked("game.yaml"):
            seen.append(s.read("game.yaml", 100))

    a, b = threading.Thread(target=holder), threading.Thread(target=waiter)
    a.start(), b.start()
    a.join(10), b.join(10)
    assert seen == ["two"]


def test_what_an_interrupted_run_says_it_saved_is_what_the_store_holds(db):
    s = store.current()
    s.create("game.yaml", "one")
    files.WRITTEN.clear()
    with pytest.raises(KeyboardInterrupt), s.locked("game.yaml"):
        s.write("game.yaml", "two")
        raise KeyboardInterrupt
    # The files keep a write made before the Ctrl-C and say so; a database rolls the
    # transaction back and says nothing was saved. Either way the words and the store agree.
    saved = "game.yaml" in files.WRITTEN
    assert s.read("game.yaml", 100) == ("two" if saved else "one")


def test_a_refusal_keeps_what_was_written_before_it_as_the_files_do(db):
    s = store.current()
    s.create("game.yaml", "one")
    with pytest.raises(ValueError), s.locked("game.yaml"):
        s.write("game.yaml", "two")
        raise ValueError("refused")
    assert s.read("game.yaml", 100) == "two"


def test_a_whole_solo_game_is_played_with_db_and_scores_as_on_files(db, cartoref, tmp_path):
    if not db:
        pytest.skip("the files are what a database's game is compared with")
    args = ("autoplay", "--solo", "--seed", "11", "--policy", "now", "--game", "club/solo.yaml",
            "--map", "club/solo-map.yaml", "--json")
    os.makedirs("club", exist_ok=True)
    r = cartoref(*args, *(("--db", db) if db else ()))
    assert r.code == 0, r.err
    played = json.loads(r.out)
    # The same seed on plain files in another folder: the store changes nothing of the game.
    other = tmp_path / "plain"
    (other / "club").mkdir(parents=True)
    here = os.getcwd()
    os.chdir(other)
    try:
        plain = json.loads(cartoref(*args).out)
    finally:
        os.chdir(here)
    assert (played["score"], played["title"], played["drawings"]) == (plain["score"], plain["title"],
                                                                       plain["drawings"])
    s = store.use(db)
    assert s.exists("club/solo.yaml") and s.exists("club/solo-map.yaml")
    assert os.listdir("club") == []  # a database's game leaves no file behind
    r = cartoref("standings", "--game", "club/solo.yaml", "--json", *(("--db", db) if db else ()))
    assert r.code == 0 and json.loads(r.out)["players"][0]["total"] == played["score"]


def test_a_table_with_seats_draws_places_and_keeps_its_seats(db, cartoref):
    db_args = ("--db", db) if db else ()
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "5", "--game", "t1.yaml", *db_args).code == 0
    assert cartoref("draw", "--game", "t1.yaml", *db_args).code == 0
    from cartoref.table.seats import seat_map, seated, take_seat, token_holder

    s = store.use(db)
    with Table.open("t1.yaml", store=s) as table:
        name, token = take_seat(table, "ann")
        ann_map = seat_map(table, "Ann")
    assert name == "Ann" and s.exists(ann_map)
    # Another run (a server restarted) finds the seat and its token in the store.
    with Table.open("t1.yaml", store=s) as table:
        assert seated(table) == ("Ann",) and token_holder(table, token) == ("Ann", False)
        card = table.at_hand.card
    hints = json.loads(cartoref("hint", ann_map, "--game", "t1.yaml", "--quick", "--json", *db_args).out)
    best = hints["drawings"][0]
    r = cartoref("place", ann_map, "--game", "t1.yaml", "--cells", *best["cells"],
                 *(("--terrain", best["terrain"]) if best.get("terrain") else ()), "--json", *db_args)
    assert r.code == 0, r.err
    assert json.loads(r.out)["card"] == card.name
    # The map in the store holds the drawing; placing it again is refused, the map unchanged.
    before = s.read(ann_map, 1 << 20)
    r = cartoref("place", ann_map, "--game", "t1.yaml", "--cells", *best["cells"], *db_args)
    assert r.code == 2 and s.read(ann_map, 1 << 20) == before


def test_export_then_import_moves_a_game_byte_for_byte(db, cartoref, tmp_path):
    db_args = ("--db", db) if db else ()
    os.makedirs("friday", exist_ok=True)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "8", "--game", "friday/t1.yaml", *db_args).code == 0
    assert cartoref("new-map", "--game", "friday/t1.yaml", "--player", "Bob", "-o", "friday/bob.yaml",
                    *db_args).code == 0
    assert cartoref("draw", "--game", "friday/t1.yaml", *db_args).code == 0
    s = store.use(db)
    game_text, map_text = s.read("friday/t1.yaml", 1 << 20), s.read("friday/bob.yaml", 1 << 20)
    (tmp_path / "out").mkdir()
    r = cartoref("export", "friday/t1.yaml", "-o", str(tmp_path / "out" / "t1.yaml"), "--json", *db_args)
    assert r.code == 0, r.err
    assert (tmp_path / "out" / "t1.yaml").read_bytes() == game_text.encode("utf-8")
    # The game took its player's map along; nothing else came.
    assert sorted(os.listdir(tmp_path / "out")) == ["bob.yaml", "t1.yaml"]
    assert (tmp_path / "out" / "bob.yaml").read_bytes() == map_text.encode("utf-8")
    # A second export over it is refused and names the files; --force writes them again.
    r = cartoref("export", "friday/t1.yaml", "-o", str(tmp_path / "out" / "t1.yaml"), *db_args)
    assert r.code == 2 and "already there" in r.err and "t1.yaml" in r.err
    # Into a fresh SQLite database and out again: the same bytes.
    back = str(tmp_path / "back.db")
    r = cartoref("import", str(tmp_path / "out" / "t1.yaml"), "--as", "sat/t9.yaml", "--db", back)
    assert r.code == 0, r.err
    assert store.use(back).read("sat/t9.yaml", 1 << 20) == game_text
    assert store.use(back).read("sat/bob.yaml", 1 << 20) == map_text
    assert cartoref("status", "--game", "sat/t9.yaml", "--db", back).code == 0


def _write_forever(where: str | None, ready) -> None:
    """Write a game and its map together, generation after generation, until killed."""
    s = store.use(where)
    n = 0
    while True:
        n += 1
        with s.locked("game.yaml"):
            s.write("game.yaml", f"generation {n}\n" + "g" * (n % 7000) + "\nend\n")
            s.write("map.yaml", f"generation {n}\n" + "m" * (n % 5000) + "\nend\n")
        ready.set()


def _generation(text: str) -> int:
    head, body, end = text.split("\n")[0], text.split("\n")[1], text.split("\n")[2]
    n = int(head.split()[1])
    assert len(body) in (n % 7000, n % 5000) and end == "end", "a torn text"
    return n


@pytest.mark.parametrize("rounds", [pytest.param(30, marks=pytest.mark.campaign), 1])
def test_a_kill_during_writes_loses_nothing_saved_and_tears_nothing(db, rounds):
    import random
    import signal
    import time

    s = store.current()
    s.create("game.yaml", "generation 0\n\nend\n")
    s.create("map.yaml", "generation 0\n\nend\n")
    ctx = multiprocessing.get_context("spawn")
    rng = random.Random(rounds)
    last = 0
    for _ in range(rounds):
        ready = ctx.Event()
        p = ctx.Process(target=_write_forever, args=(db, ready))
        p.start()
        assert ready.wait(30)
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(p.pid, signal.SIGKILL)
        p.join()
        game, map_ = _generation(s.read("game.yaml", 1 << 20)), _generation(s.read("map.yaml", 1 << 20))
        if db:
            assert game == map_  # a database's transaction: the game and its map land together
        else:
            assert game - map_ in (0, 1)  # files: each whole, the game first
        # The next run starts from what was saved (its own count from 1 again overwrites it, so
        # what was saved is read back whole, never lost to a torn write).
        last = game
    assert last >= 1


def test_the_table_page_plays_on_every_store_and_its_seats_outlive_a_restart(db, cartoref):
    from starlette.testclient import TestClient

    from cartoref.table.seats import seat_map
    from cartoref.web.app import make_app

    db_args = ("--db", db) if db else ()
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "5", "--game", "t.yaml", *db_args).code == 0
    s = store.use(db)
    app = make_app("t.yaml", store=s)
    with TestClient(app) as client:
        referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        tokens = {}
        for p in ("Ann", "Bob"):
            r = client.post("/api/seats", json={"player": p})
            assert r.status_code == 200, r.text
            tokens[p] = {"Authorization": "Bearer " + r.json()["token"]}
        assert client.post("/api/draw", json={}, headers=referee).status_code == 200
        for p in ("Ann", "Bob"):
            game = Table.read("t.yaml", store=s)
            best = game.hint(seat_map(game, p), None, quick=True).ranked[0]
            body = {"cells": [c.label for c in _cells(best.mask)], "terrain": best.drawing.terrain.word}
            r = client.post(f"/api/maps/{p}/drawings", json=body, headers=tokens[p])
            assert r.status_code == 200, r.text
        table = client.get("/api/table").json()
        assert sorted(table["drawn"]) == ["Ann", "Bob"]
    # A new server on the same store: the seats and their tokens are still there.
    app = make_app("t.yaml", store=s)
    with TestClient(app) as client:
        assert client.get("/api/me", headers=tokens["Ann"]).json()["player"] == "Ann"
    if db:
        assert not any(name.endswith(".yaml") for name in os.listdir("."))  # all in the database
        assert {os.path.basename(k) for k in s.keys("")} >= {"t.yaml", "t.seats.yaml", "ann.yaml", "bob.yaml"}


def _cells(mask: int):
    from cartoref.grid import iter_cells

    return list(iter_cells(mask))


def test_a_database_takes_the_schemas_later_steps_and_refuses_a_newer_one(cartoref, tmp_path, monkeypatch):
    import sqlite3

    from cartoref.store.sqlite import SqliteStore

    monkeypatch.chdir(tmp_path)
    # A database at step 0 (as a first cartoref would have left it): opened, it takes step 1.
    old = sqlite3.connect("old.db")
    old.execute("CREATE TABLE cartoref (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    old.execute("INSERT INTO cartoref VALUES ('schema', '0')")
    old.commit()
    old.close()
    s = SqliteStore("old.db")
    s.create("a.yaml", "text")
    assert s.read("a.yaml", 100) == "text"
    assert sqlite3.connect("old.db").execute("SELECT value FROM cartoref").fetchone() == (str(len(s.SCHEMA)),)
    # A database a newer cartoref made: refused by name, never changed.
    new = sqlite3.connect("new.db")
    new.execute("CREATE TABLE cartoref (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    new.execute("INSERT INTO cartoref VALUES ('schema', '99')")
    new.commit()
    new.close()
    r = cartoref("status", "--db", "new.db")
    assert r.code == 2 and "newer cartoref" in r.err and "new.db" in r.err
    assert sqlite3.connect("new.db").execute("SELECT value FROM cartoref").fetchone() == ("99",)
    # A file that is no database: refused, not a traceback.
    (tmp_path / "notes.db").write_text("shopping list\n" * 100)
    r = cartoref("status", "--db", "notes.db")
    assert r.code == 2 and "notes.db" in r.err and "Traceback" not in r.err
