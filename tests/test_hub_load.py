"""What keeps the table page quick at a large table: answers worked out once however many pages
ask at once, the pages told to take their time over a drawing at a large table, a season's end
written once."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from cartoref.errors import CartorefError
from cartoref.table import Table
from cartoref.web.app import calm_ms
from cartoref.web.hub import Hub


@pytest.fixture
def hub(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "12").code == 0
    return Hub(str(tmp_path / "cartoref-game.yaml"))


def test_pages_asking_at_once_share_one_working_out(hub):
    worked: list[float] = []
    gate = threading.Event()

    def work():
        worked.append(time.monotonic())
        gate.wait(2)  # held until every page has asked
        return len(worked)

    async def table_of_thirty():
        pages = [asyncio.ensure_future(hub.shared("table", work)) for _ in range(30)]
        await asyncio.sleep(0.2)
        gate.set()
        return await asyncio.gather(*pages)

    answers = asyncio.run(table_of_thirty())
    # The first page's ask begins the working out; the 29 others asked after it began and
    # would each have worked it out again: all 30 get the one answer.
    assert worked and answers == [answers[0]] * 30
    assert len(worked) <= 2


def test_a_page_asking_after_a_change_is_not_given_the_answer_from_before(hub, tmp_path):
    calls = []

    async def two_asks():
        first = await hub.shared("table", lambda: calls.append("a") or len(calls))
        time.sleep(0.06)
        with Table.open(hub.path) as table:  # the referee draws: the game file changes
            table.draw()
        time.sleep(0.06)
        second = await hub.shared("table", lambda: calls.append("b") or len(calls))
        return first, second

    assert asyncio.run(two_asks()) == (1, 2)


@pytest.mark.parametrize(("players", "most_ms"), [(1, 2500), (3, 2500), (20, 2500), (21, 2540), (100, 5700)])
def test_a_large_table_reads_a_drawing_more_calmly(players, most_ms):
    # 2.5 s up to 20 players, then 40 ms a player more: 2,500 + 40 x 80 at a hundred.
    assert calm_ms(players) == most_ms


def test_the_event_stream_tells_the_pages_how_calmly_to_read_a_drawing(cartoref, tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", ",".join(f"P{i}" for i in range(1, 31)), "--seed", "3").code == 0
    with TestClient(make_app(str(tmp_path / "cartoref-game.yaml"))) as client:
        with client.stream("GET", "/api/events") as r:
            lines = r.iter_lines()
            assert [next(lines), next(lines)] == ["retry: 1000", "event: table"]
            data = json.loads(next(lines).removeprefix("data: "))
    assert data["calm"] == 2900 and isinstance(data["game"], int)  # 2,500 + 40 x 10


def test_a_seasons_end_keeps_every_seats_record_in_one_write_or_none(hub, tmp_path, monkeypatch):
    from cartoref.table.seats import map_of, seat_map

    with Table.open(hub.path) as table:
        for player in ("Ann", "Bob", "Cy"):
            seat_map(table, player)
    table = Table.read(hub.path)
    maps = [(p, seat_map(table, p), map_of(seat_map(table, p), table.store)) for p in ("Ann", "Bob", "Cy")]
    saves = []
    real_save = Table._save
    monkeypatch.setattr(Table, "_save", lambda self, state: saves.append(state) or real_save(self, state))
    # Before any card is drawn no season has ended: the first map is refused, nothing is kept.
    with pytest.raises(CartorefError):
        table.record_maps(maps)
    assert saves == []
    with Table.open(hub.path) as game:
        while not game.at_hand.last_of_season:
            game.draw()
    saves.clear()
    recorded = Table.read(hub.path).record_maps(maps)
    # Spring recorded for all three, from their own map files, in one write of the game.
    assert [r.event.record.player for r in recorded] == ["Ann", "Bob", "Cy"] and len(saves) == 1
    assert [(row[0].season, row[0].source) for row in saves[0].scores] == [("spring", m[1]) for m in maps]
