"""``serve --workers N`` on a PostgreSQL store: several server processes behind one address,
sharing only the database; a write through one is heard by a page listening to another within
a second (LISTEN/NOTIFY). With the files or SQLite, one process: more is refused."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest


def test_more_than_one_worker_needs_postgresql(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "5", "--db", "club.db").code == 0
    r = cartoref("serve", "--workers", "2", "--db", "club.db", "--port", "0")
    assert r.code == 2 and "postgresql://" in r.err


@pytest.mark.campaign
def test_two_workers_hear_each_others_writes_within_a_second(tmp_path, request):
    import httpx2 as httpx
    from pgserver import fresh_database

    url = fresh_database(request)
    env = {**os.environ, "CARTOREF_DB": url}
    run = [sys.executable, "-m", "cartoref"]
    subprocess.run([*run, "new", "--players", "Ann,Bob", "--seed", "5", "--game", "t.yaml"], env=env, cwd=tmp_path,
                   check=True, capture_output=True)
    server = subprocess.Popen([*run, "serve", "--game", "t.yaml", "--workers", "2", "--port", "0"], env=env,
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = dict(server.stdout.readline().strip().split(": ", 1) for _ in range(3))
        base, token = lines["table"].rstrip("/"), lines["referee"].rsplit("=", 1)[1]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # both workers up
            try:
                if httpx.get(base + "/api/table").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        heard: list[float] = []

        def listen() -> None:
            with httpx.Client(timeout=None) as c, c.stream("GET", base + "/api/events") as r:
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        heard.append(time.monotonic())

        threading.Thread(target=listen, daemon=True).start()
        while not heard:
            time.sleep(0.05)
        waits = []
        for i in range(8):
            before = len(heard)
            began = time.monotonic()
            with httpx.Client() as c:  # a new connection each time: whichever worker takes it
                if i < 2:
                    r = c.post(base + "/api/seats", json={"player": ["Ann", "Bob"][i]})
                else:
                    r = c.post(base + "/api/draw", json={"force": True}, headers={"Authorization": "Bearer " + token})
                assert r.status_code == 200, r.text
            while len(heard) == before and time.monotonic() - began < 3:
                time.sleep(0.01)
            waits.append(heard[before] - began if len(heard) > before else None)
        assert all(w is not None and w < 1.0 for w in waits), waits
    finally:
        server.send_signal(2)
        assert server.wait(15) == 0
    assert "Cancel" not in server.stderr.read()  # every event stream ended at once
