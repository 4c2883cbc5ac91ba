"""`cartoref serve`: the table display's HTTP answers, tried on a real server on localhost.

The browser test (a real headless Chromium loading the page) is in test_serve_browser.py.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from cartoref.web.server import serve_in_thread


@pytest.fixture
def game(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--players", "Ann,Bob", "--seed", "5")
    assert r.code == 0, r.err
    return tmp_path / "cartoref-game.yaml"


@pytest.fixture
def served(game) -> Iterator[str]:
    running = serve_in_thread(str(game))
    yield running.base
    running.stop()


def get(url: str, method: str = "GET") -> tuple[int, str, str]:
    req = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read().decode("utf-8")


def test_status_json_is_what_status_json_prints(cartoref, served):
    for _ in range(3):
        assert cartoref("draw").code == 0
        code, kind, body = get(served + "/status.json")
        assert code == 200 and kind.startswith("application/json")
        assert json.loads(body) == json.loads(cartoref("status", "--json").out)


def test_the_page_is_self_contained_and_follows_the_game(cartoref, served):
    code, kind, page = get(served + "/")
    assert code == 200 and kind.startswith("text/html")
    # Nothing fetched from elsewhere: no link, no script or picture from another address (the
    # join URL is shown as text, and drawn as the inline QR code).
    assert "<link" not in page and 'src="http' not in page and "<script src" not in page
    assert "<svg" in page and served + "/join" in page
    # Its own addresses relative, so that a table served in an event's room (/t/2/) finds them.
    assert '"display.json"' in page and '"/display.json"' not in page and "innerHTML" not in page
    code, _, body = get(served + "/display.json")
    before = json.loads(body)
    assert before["status"]["on_table"] is None and before["status"]["column"] == []
    assert cartoref("draw").code == 0
    after = json.loads(get(served + "/display.json")[2])
    on_table = after["status"]["on_table"]
    assert on_table is not None
    assert [e for e in "ABCD"] == list(after["edicts"])
    assert after["status"]["scoring_now"] == ["A", "B"]  # spring scores edicts A and B
    # The revealed card's picture is served; a card still in the deck is not.
    code, kind, svg = get(served + f"/card/{on_table['id']}.svg")
    assert code == 200 and kind.startswith("image/svg+xml") and on_table["name"] in svg
    from cartoref.table import read_game

    state = read_game("cartoref-game.yaml")
    hidden = next(c for c in state.deck.remaining if c not in state.deck.column)
    code, _, body = get(served + f"/card/{hidden}.svg")
    assert code == 404 and hidden not in body


def test_it_never_shows_the_deck_order(cartoref, served):
    from cartoref.table import read_game

    assert cartoref("draw").code == 0
    state = read_game("cartoref-game.yaml")
    body = get(served + "/display.json")[2]
    for card_id in state.deck.remaining:
        if card_id not in state.deck.column and card_id not in state.setup.edicts:
            assert f'"{card_id}"' not in body


def test_paths_outside_what_it_serves_are_refused(served):
    for path in ("/../cartoref-game.yaml", "/cartoref-game.yaml", "/card/../x.svg", "/card/a/b.svg",
                 "/etc/passwd", "/favicon.ico"):
        code, _, body = get(served + path)
        assert (path, code) == (path, 404) and "Ann" not in body


def test_it_is_read_only(served, game):
    before = game.read_bytes()
    for method in ("POST", "PUT", "DELETE"):
        assert get(served + "/status.json", method)[0] == 405
    assert game.read_bytes() == before


def test_a_missing_game_file_is_a_clear_error_not_a_crash(tmp_path):
    running = serve_in_thread(str(tmp_path / "nothing.yaml"))
    try:
        code, _, body = get(running.base + "/display.json")
        assert code == 503 and "no game file here yet" in json.loads(body)["error"]["message"]
        assert get(running.base + "/")[0] == 200
    finally:
        running.stop()


def test_a_port_in_use_is_a_usage_error(cartoref, served):
    port = served.rsplit(":", 1)[1]
    r = cartoref("serve", "--port", port)
    assert r.code == 2 and f"--port {port}" in r.err and "Traceback" not in r.err


def test_at_a_seasons_end_it_says_what_to_score_and_once_recorded_the_standings(cartoref, served):
    while not json.loads(cartoref("status", "--json").out)["season_over"]:
        assert cartoref("draw").code == 0
    d = json.loads(get(served + "/display.json")[2])
    ended = " ".join(d["season_end"])
    # Spring scores edicts A and B, named by their cards.
    assert f"edict A: {d['edicts']['A']['name']}" in ended and f"edict B: {d['edicts']['B']['name']}" in ended
    assert all(p["seasons"] == [] for p in d["standings"]["players"])
    r = cartoref("record", "Ann", "--edict1", "4", "--edict2", "3", "--coins", "1", "--monsters", "2")
    assert r.code == 0, r.err
    d = json.loads(get(served + "/display.json")[2])
    ann = next(p for p in d["standings"]["players"] if p["name"] == "Ann")
    assert ann["total"] == 4 + 3 + 1 - 2 and ann["rank"] == 1
    assert "Leading: Ann with 6" in d["verdict"]


def test_an_ambush_on_the_table_says_who_passes_to_whom(cartoref, tmp_path, monkeypatch):
    # Three players: an ambush passes the maps round the table, each to the next one
    # (clockwise: Ann's to Bob, Bob's to Cy, Cy's to Ann; counterclockwise the other way).
    from cartoref.table import Table, read_game
    from cartoref.views.page_json import display

    monkeypatch.chdir(tmp_path)
    for seed in range(1, 60):
        for f in tmp_path.iterdir():
            f.unlink()
        assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", str(seed)).code == 0
        for _ in range(6):
            assert cartoref("draw").code == 0
            state = read_game("cartoref-game.yaml")
            card = state.deck.cards.by_id[state.deck.column[-1]]
            if card.kind == "ambush":
                # The TV shows the passing order pair by pair (``passes``), whole at any table.
                pairs = [(p["map_of"], p["drawn_by"]) for p in display(Table.read("cartoref-game.yaml"), "g")["passes"]]
                if card.arrow == "cw":
                    assert pairs == [("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Ann")]
                else:
                    assert pairs == [("Ann", "Cy"), ("Bob", "Ann"), ("Cy", "Bob")]
                return
            if json.loads(cartoref("status", "--json").out)["season_over"]:
                break
    pytest.fail("no seed revealed an ambush early in spring")


def test_a_table_of_a_hundred_asking_at_once_is_answered(served):
    import concurrent.futures
    import socket

    # A hundred connections opened before any is read: the listen queue holds them all.
    host, port = served.removeprefix("http://").split(":")
    socks = [socket.create_connection((host, int(port)), timeout=10) for _ in range(100)]
    try:
        for s in socks:
            s.sendall(b"GET /status.json HTTP/1.0\r\nHost: x\r\n\r\n")
        answers = []
        for s in socks:
            data = b""
            while chunk := s.recv(65536):
                data += chunk
            answers.append(data.split(b"\r\n", 1)[0].split(b" ", 1)[1])
    finally:
        for s in socks:
            s.close()
    assert answers == [b"200 OK"] * 100
    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        codes = list(pool.map(lambda _: get(served + "/display.json")[0], range(200)))
    assert codes == [200] * 200


def test_a_client_that_hangs_up_early_is_no_error_on_the_terminal(served, capsys):
    import socket
    import time

    host, port = served.removeprefix("http://").split(":")
    for request in (b"GET /display.json HTTP/1.1\r\nHost: x\r\n", b"GET /display.json HTTP/1.0\r\n\r\n"):
        s = socket.create_connection((host, int(port)), timeout=5)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset
        s.sendall(request)
        s.close()
    time.sleep(0.3)
    assert get(served + "/status.json")[0] == 200
    assert "Traceback" not in capsys.readouterr().err


def test_the_listening_socket_says_tcp_so_that_answers_are_not_held_back():
    """asyncio sets TCP_NODELAY on the connections it accepts only from a socket whose protocol
    says TCP; without it an answer written as a head and a body waited 40 ms for the phone's
    delayed acknowledgement (measured with benchmarks/table_load.py)."""
    import socket

    from cartoref.web.server import bind

    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()
