"""A club night in one room: T tables of P phones (30 x 5 by default) on one ``cartoref serve
--event``, each table's pages under /t/N/, the room's screen, every request the pages send. Not
a test: run it by hand (it needs '.[test]').

    python benchmarks/room_load.py [--tables 30] [--phones 5] [--cards N] [--seasons 4]
                                   [--window 5] [--db sqlite|postgresql://...] [--seed 3] [--json]

The event is made by ``cartoref event new`` in a temporary folder (an SQLite database by
default, or the PostgreSQL address given) and served by a real ``cartoref serve --event``
process. Each table is played as ``table_load.py`` plays one (its phones, their event streams,
syncs and drawings, the referee's page drawing when every seat has drawn), all at once; the
room's screen reads ``room.json`` every second. Every table has the same deal and every phone
draws the advisor's first drawing, so the maps stay alike and a drawing is worked out once per
card for the whole room.

Printed: every drawing's status, latency p50/p99/max of the phones' and referees' requests, of
the drawings and of the room's screen, per
card the time until every phone of the room showed it, the server's peak memory and CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, ClassVar

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import table_load


def tree(pid: int) -> list[int]:
    """A process and its children (a server's workers)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        children = []
    return [pid, *(p for c in children for p in tree(c))]


def tree_cpu(pid: int) -> float:
    """The CPU seconds of a process and of its children now running."""
    total = 0.0
    for p in tree(pid):
        try:
            total += table_load.cpu_seconds(p)
        except OSError:
            pass
    return total


def drawing_in_store(db: str, game: str, owner: str) -> dict:
    """The advisor's first drawing of the card on the table on ``owner``'s map, in the store."""
    from cartoref import store

    store.use(db)
    return table_load.drawing_for(game, owner)


class RoomBench(table_load.Bench):
    """A table's bench whose drawings are worked out in the event's store, shared by the room."""

    shared: ClassVar[dict[tuple[int, str], asyncio.Future]] = {}

    def __init__(self, client: Any, game: str, pool: ProcessPoolExecutor, db: str, timings: list, lags: list):
        super().__init__(client, game, pool)
        self.db = db
        self.timings = timings
        self.lags = lags

    def drawing(self, turn: int, target: str, grid: list[str]) -> asyncio.Future:
        key = (turn, "\n".join(grid))
        if key not in self.shared:
            loop = asyncio.get_running_loop()
            self.shared[key] = loop.run_in_executor(self.pool, drawing_in_store, self.db, self.game, target)
        return self.shared[key]


async def play_table(n: int, args: argparse.Namespace, base: str, token: str, game: str, pool: ProcessPoolExecutor,
                     timings: list, lags: list, seen_cards: dict[int, list[float]], players: list[str]) -> dict[str, Any]:
    import httpx2 as httpx

    rng = random.Random(f"{args.seed}:{n}")
    referee = {"Authorization": "Bearer " + token}
    limits = httpx.Limits(max_connections=len(players) * 3 + 10, max_keepalive_connections=len(players) * 3 + 10,
                          keepalive_expiry=25)
    async with httpx.AsyncClient(base_url=f"{base}/t/{n}", timeout=60, limits=limits) as client:
        bench = RoomBench(client, game, pool, args.db_value, timings, lags)
        phones = []
        for p in players:
            r = await client.post("/api/seats", json={"player": p})
            phones.append(table_load.Phone(bench, p, r.json()["token"], random.Random(rng.random())))
        tasks = [asyncio.ensure_future(bench.events(ph.on_event)) for ph in phones]
        tasks += [asyncio.ensure_future(ph.poll()) for ph in phones]

        async def referee_load() -> dict | None:
            status, t = await bench.request("referee", "GET", "/api/table", headers=referee)
            return t if status == 200 else None

        tasks.append(asyncio.ensure_future(bench.events(lambda game, calm: asyncio.ensure_future(referee_load()))))
        while not all(ph.seen for ph in phones):
            await asyncio.sleep(0.1)
        played, statuses, _seasons = await table_load.play_cards(bench, phones, referee, referee_load, args, rng)
        for i, card in enumerate(played):
            seen_cards.setdefault(i, []).append(card["new_card_s"])
        cards = len(played)
        await asyncio.sleep(3)
        bench.alive = False
        for task in tasks:
            task.cancel()
    return {"table": n, "cards": cards, "statuses": statuses, "failures": bench.failures}


async def room_screen(base: str, timings: list, alive: list[bool]) -> None:
    """The room's screen: room.json every second."""
    import httpx2 as httpx

    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while alive[0]:
            t0 = time.monotonic()
            try:
                status = (await client.get("/room.json")).status_code
            except Exception:  # noqa: BLE001
                status = 0
            timings.append(("room", time.monotonic() - t0, status))
            await asyncio.sleep(1)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--phones", type=int, default=5, help="phones at each table")
    ap.add_argument("--seasons", type=int, default=4)
    ap.add_argument("--cards", type=int, default=10**6)
    ap.add_argument("--window", type=float, default=5.0)
    ap.add_argument("--db", default="sqlite", help="sqlite (a file in the temporary folder) or a postgresql:// address")
    ap.add_argument("--workers", type=int, default=1, help="server processes (more than one: a postgresql:// --db)")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="cartoref-room-")
    args.db_value = os.path.join(folder, "room.db") if args.db == "sqlite" else args.db
    players = [f"P{i}" for i in range(1, args.tables * args.phones + 1)]
    env = {**os.environ, "CARTOREF_DB": args.db_value}
    subprocess.run([sys.executable, "-m", "cartoref", "event", "new", "night", "--tables", str(args.tables),  # noqa: ASYNC221
                    "--players", ",".join(players), "--as-given", "--seed", str(args.seed)],
                   check=True, capture_output=True, cwd=folder, env=env)
    server = subprocess.Popen([sys.executable, "-m", "cartoref", "serve", "--event", "night", "--port", "0",  # noqa: ASYNC220
                               "--workers", str(args.workers)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=folder, env=env)
    assert server.stdout is not None
    lines = [server.stdout.readline().strip() for _ in range(2 + (args.tables if args.workers == 1 else 0))]
    urls = dict(line.split(": ", 1) for line in lines)
    base, token = urls["room"].rstrip("/"), urls["referee"].rsplit("=", 1)[1]
    os.nice(10)
    os.chdir(folder)
    timings: list = []
    lags: list = []
    seen_cards: dict[int, list[float]] = {}
    alive = [True]
    pool = ProcessPoolExecutor(1)
    try:
        if args.workers > 1:
            await asyncio.sleep(3)  # every worker up
        started, cpu0 = time.monotonic(), tree_cpu(server.pid)
        screen = asyncio.ensure_future(room_screen(base, timings, alive))
        results = await asyncio.gather(*(
            play_table(n, args, base, token, f"night/round-1/table-{n}/game.yaml", pool, timings, lags, seen_cards,
                       players[(n - 1) * args.phones:n * args.phones]) for n in range(1, args.tables + 1)))
        alive[0] = False
        screen.cancel()
        elapsed, cpu = time.monotonic() - started, tree_cpu(server.pid) - cpu0
        peak = sum(table_load.peak_memory_mb(p) for p in tree(server.pid))
    finally:
        server.terminate()
        server.wait(10)
        pool.shutdown()
    statuses: collections.Counter[int] = collections.Counter()
    for r in results:
        statuses.update(r["statuses"])
    per_card = [round(max(v), 3) for _, v in sorted(seen_cards.items())]
    result = {
        "tables": args.tables, "phones": args.tables * args.phones, "store": args.db, "workers": args.workers,
        "cards": min(r["cards"] for r in results), "elapsed_s": round(elapsed, 1),
        "drawings": sum(statuses.values()), "drawing_statuses": dict(statuses),
        "failed_requests": sum(1 for _, _, s in timings if s != 200),
        "failures": [f for r in results for f in r["failures"]][:10],
        "latency_ms": {"all": table_load.quantiles([s for k, s, _ in timings if k != "room"]),
                       "drawings": table_load.quantiles([s for k, s, _ in timings if k == "drawing"]),
                       "room": table_load.quantiles([s for k, s, _ in timings if k == "room"])},
        "new_card_s": {"max": max(per_card, default=None), "per_card": per_card},
        "requests": len(timings), "server_cpu_s": round(cpu, 1), "server_peak_mb": round(peak, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    lat = result["latency_ms"]
    print(f"{args.tables} tables x {args.phones} phones ({result['phones']}) on {args.db}, {args.workers} worker(s): {result['cards']} cards in "
          f"{result['elapsed_s']} s; {result['drawings']} drawings, statuses {result['drawing_statuses']}, "
          f"{result['failed_requests']} requests failed")
    for name in ("all", "drawings", "room"):
        print(f"latency ({name}): p50 {lat[name]['p50']} ms, p99 {lat[name]['p99']} ms, max {lat[name]['max']} ms")
    print(f"every phone of the room showing a new card within {result['new_card_s']['max']} s (per card: {per_card})")
    for failure in result["failures"]:
        print(f"  failed: {failure}")
    print(f"server: peak memory {result['server_peak_mb']} MB, CPU {result['server_cpu_s']} s; {result['requests']} requests")


if __name__ == "__main__":
    asyncio.run(main())
