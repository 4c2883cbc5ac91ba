"""A full table on the table page: N phones (100 by default) at one game, each holding an event
stream and sending one drawing per card. Not a test: run it by hand (it needs '.[test]').

    python benchmarks/table_load.py [--phones 100] [--cards 3] [--window 5] [--json]

The server is a real `cartoref serve` process on this machine; the phones (the event streams in
a process of their own, the drawings in this one) run niced, as a hundred other devices would
not take the server's processors. For each card the referee draws
(POST /api/draw) and the time until every phone's event stream says "table" is taken; then each
phone sends the advisor's first drawing on the map it draws on, at a random moment of a window
of --window seconds (a table's players do not all tap in the same millisecond), and each
answer's latency is taken. Printed: every drawing's status, the latencies' p50, p99 and max,
the slowest event, and the server's peak memory (VmHWM).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def peak_memory_mb(pid: int) -> float:
    """A process's peak resident memory (Linux's VmHWM), in MB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def drawing_for(game: str, owner: str) -> dict:
    """The advisor's first drawing of the card on the table on ``owner``'s seat map."""
    from cartoref.grid import iter_cells
    from cartoref.table import Table
    from cartoref.table.seats import seat_map

    table = Table.read(game)
    best = table.hint(seat_map(table, owner, create=False), None).ranked[0]
    body: dict = {"cells": [c.label for c in iter_cells(best.mask)]}
    terrain = getattr(best.drawing, "terrain", None)
    if terrain is not None and table.at_hand.card is not None and table.at_hand.card.kind == "explore":
        body["terrain"] = terrain.word
    return body


async def listen_all(base: str, players: list[str]) -> None:
    """The phones' event streams, in a process of their own (so that reading a hundred streams
    does not slow the process that times the drawings): prints "PLAYER TIME" per event heard."""
    import httpx2 as httpx

    limits = httpx.Limits(max_connections=len(players) + 10)
    async with httpx.AsyncClient(base_url=base, timeout=None, limits=limits) as client:

        async def listen(player: str) -> None:
            async with client.stream("GET", "/api/events") as r:
                async for line in r.aiter_lines():
                    if line == "event: table":
                        print(player, time.monotonic(), flush=True)

        await asyncio.gather(*(listen(p) for p in players))


async def main() -> None:
    import threading

    import httpx2 as httpx

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phones", type=int, default=100)
    ap.add_argument("--cards", type=int, default=3)
    ap.add_argument("--window", type=float, default=5.0, help="seconds over which the phones send their drawings")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--listen", metavar="BASE", help=argparse.SUPPRESS)  # the listeners' process
    args = ap.parse_args()
    players = [f"P{i}" for i in range(1, args.phones + 1)]
    if args.listen:
        os.nice(10)
        await listen_all(args.listen, players)
        return
    folder = tempfile.mkdtemp(prefix="cartoref-table-")
    game = os.path.join(folder, "cartoref-game.yaml")
    # Setting up, before any timing: blocking calls are fine here.
    subprocess.run([sys.executable, "-m", "cartoref", "new", "--players", ",".join(players),  # noqa: ASYNC221
                    "--seed", str(args.seed), "--game", game], check=True, capture_output=True)
    server = subprocess.Popen([sys.executable, "-m", "cartoref", "serve", "--game", game, "--port", "0"],  # noqa: ASYNC220
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    # The phones are a hundred other devices: on this machine their processes yield to the
    # server, whose figures these are (niced, as far as one machine can model that).
    os.nice(10)
    assert server.stdout is not None
    urls = dict(server.stdout.readline().strip().split(": ", 1) for _ in range(3))
    base = urls["table"].rstrip("/")
    referee = {"Authorization": "Bearer " + urls["referee"].rsplit("=", 1)[1]}
    rng = random.Random(args.seed)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    event_delays: list[float] = []
    limits = httpx.Limits(max_connections=args.phones * 2 + 10)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        tokens = {}
        for p in players:
            r = await client.post("/api/seats", json={"player": p})
            tokens[p] = {"Authorization": "Bearer " + r.json()["token"]}
        heard: dict[str, list[float]] = {p: [] for p in players}
        listeners = subprocess.Popen([sys.executable, __file__, "--listen", base, "--phones", str(args.phones)],  # noqa: ASYNC220
                                     stdout=subprocess.PIPE, text=True)

        def read_heard() -> None:
            assert listeners.stdout is not None
            for line in listeners.stdout:
                who, at = line.split()
                heard[who].append(float(at))

        threading.Thread(target=read_heard, daemon=True).start()
        while not all(heard.values()):
            await asyncio.sleep(0.1)
        for _ in range(args.cards):
            started = time.monotonic()
            drawn = (await client.post("/api/draw", json={"force": True}, headers=referee)).json()
            deadline = started + 5
            while time.monotonic() < deadline and not all(any(t >= started for t in heard[p]) for p in players):
                await asyncio.sleep(0.02)
            event_delays.append(max(min((t for t in heard[p] if t >= started), default=float("inf")) - started
                                    for p in players))
            passes = {x["drawn_by"]: x["map_of"] for x in drawn.get("passes", [])}
            bodies = {p: drawing_for(game, passes.get(p, p)) for p in players}

            async def send(player: str, passes: dict = passes, bodies: dict = bodies) -> None:
                await asyncio.sleep(rng.uniform(0, args.window))
                owner = passes.get(player, player)
                t0 = time.monotonic()
                r = await client.post(f"/api/maps/{owner}/drawings", json=bodies[player], headers=tokens[player])
                latencies.append(time.monotonic() - t0)
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1

            await asyncio.gather(*(send(p) for p in players))
        memory = peak_memory_mb(server.pid)
        listeners.terminate()
    server.terminate()
    server.wait(10)
    latencies.sort()
    result = {
        "phones": args.phones, "cards": args.cards, "window_s": args.window, "drawings": len(latencies),
        "statuses": statuses,
        "latency_ms": {"p50": round(statistics.median(latencies) * 1000, 1),
                       "p99": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1),
                       "max": round(latencies[-1] * 1000, 1)},
        "slowest_event_s": round(max(event_delays), 3),
        "server_peak_mb": round(memory, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.phones} phones, {args.cards} cards, drawings sent over {args.window:g} s each: "
          f"{len(latencies)} drawings, statuses {statuses}")
    print(f"drawing latency: p50 {result['latency_ms']['p50']} ms, p99 {result['latency_ms']['p99']} ms, "
          f"max {result['latency_ms']['max']} ms")
    print(f"every page told of a draw within {result['slowest_event_s']} s; server peak memory "
          f"{result['server_peak_mb']} MB")


if __name__ == "__main__":
    asyncio.run(main())
