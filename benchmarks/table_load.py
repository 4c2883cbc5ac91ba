"""A whole game at a full table, as the table page's real pages play it: N phones (100 by
default), the TV and the referee's page, every request they send. Not a test: run it by hand
(it needs '.[test]').

    python benchmarks/table_load.py [--phones 100] [--seasons 4] [--cards N] [--window 5]
                                    [--seed 3] [--json] [--profile FILE]

The game is a base game made by `cartoref new --players P1,...,PN` in a temporary folder and
served by a real `cartoref serve` process. The clients model the pages' protocol:

- a phone takes its seat (POST /api/seats), holds GET /api/events and, on a ``table`` event,
  waits 50-300 ms when the event's game number moved (a card drawn, a seat changed), else
  1 s to the event's ``calm`` (2.5 s, 5.7 s at 100 players; a burst of events is one reload)
  once it has drawn the card on the table (before that, a drawing on another map is not read),
  then syncs: GET /api/table; when its ``version`` changed, GET /api/maps/{target} if the map
  it draws on (its own, or for an ambush the ``map_of`` passed to it) has a new ``map`` number
  in ``seats``, and at a season's or the game's end GET /api/maps/{player}/score if its own map changed since its last score
  (at a large table at a random moment of 20 ms a seat, 2 s at most).
  It also syncs every 15 s, and after each of its drawings;
- each phone answers each card with one drawing (the advisor's first, on the map it draws on),
  sent at a random moment of --window seconds after the referee's draw, once it has seen the
  card; maps alike get the same drawing, worked out once in a niced worker process;
- the TV holds the event stream and GETs /display.json 200 ms after an event and every 2 s;
- the referee's page holds the event stream and GETs /api/table on every event; it draws the
  next card (POST /api/draw) once every seat has drawn, until the game ends (a season's end
  scores itself with its last drawing).

The clients run niced in this one process (their CPU time is printed), as a table's devices
would not take the server's processors. Printed: every drawing's status; latency p50/p99/max
of all requests and of the drawings; per card, the time from the draw's answer until every
phone's /api/table shows the new turn; requests per card; the server's peak memory (VmHWM)
and CPU time. --profile FILE samples the server with py-spy (collapsed stacks in FILE) and
prints its top functions.
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
from typing import Any


def peak_memory_mb(pid: int) -> float:
    """A process's peak resident memory (Linux's VmHWM), in MB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system, from /proc/PID/stat), in seconds."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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


def quantiles(values: list[float]) -> dict[str, float]:
    """p50, p99 and max of latencies in seconds, in milliseconds."""
    if not values:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan")}
    v = sorted(values)
    return {"p50": round(v[len(v) // 2] * 1000, 1), "p99": round(v[max(0, -(-len(v) * 99 // 100) - 1)] * 1000, 1),
            "max": round(v[-1] * 1000, 1)}


class Bench:
    """What the clients share: the HTTP client, the figures taken, the drawings worked out."""

    def __init__(self, client: Any, game: str, pool: ProcessPoolExecutor):
        self.client, self.game, self.pool = client, game, pool
        self.timings: list[tuple[str, float, int]] = []  # (kind, seconds, status)
        self.drawings: dict[tuple[int, str], asyncio.Future] = {}
        self.alive = True
        self.failures: list[str] = []  # the first failed requests, as said
        self.lags: list[float] = []  # how late this process's own event loop woke (its clients' lag)

    async def watch_lag(self) -> None:
        """How late the clients' own event loop runs: a request's time measured here includes
        it, which a table's separate devices would not have."""
        while self.alive:
            t0 = time.monotonic()
            await asyncio.sleep(0.01)
            self.lags.append(max(0.0, time.monotonic() - t0 - 0.01))

    async def request(self, kind: str, method: str, path: str, **kw: Any) -> tuple[int, Any]:
        """One request of a page, timed: (status, its JSON or None); status 0 when the
        connection failed."""
        t0 = time.monotonic()
        try:
            r = await self.client.request(method, path, **kw)
            status, data = r.status_code, r.json()
        except Exception as e:  # noqa: BLE001 - a failed request is a figure, not a crash
            status, data = 0, repr(e)
        self.timings.append((kind, time.monotonic() - t0, status))
        if status != 200 and len(self.failures) < 10:
            self.failures.append(f"{method} {path}: {status} {data}"[:300])
        return status, data

    async def events(self, on_event: Any) -> None:
        """Hold GET /api/events, calling ``on_event()`` on each ``table`` event; reconnect as
        EventSource does."""
        while self.alive:
            try:
                async with self.client.stream("GET", "/api/events", timeout=None) as r:
                    table = False
                    async for line in r.aiter_lines():
                        if line == "event: table":
                            table = True
                        elif line.startswith("data:") and table:
                            table = False
                            try:
                                data = json.loads(line[5:])
                                on_event(data.get("game"), data.get("calm") or 2500)
                            except ValueError:
                                on_event(None, 2500)
            except Exception:  # noqa: BLE001
                pass
            if self.alive:
                await asyncio.sleep(1)

    def drawing(self, turn: int, target: str, grid: list[str]) -> asyncio.Future:
        """The drawing for the card of ``turn`` on a map showing ``grid``: maps alike draw alike,
        so the advisor works once per distinct map, in the niced worker."""
        key = (turn, "\n".join(grid))
        if key not in self.drawings:
            loop = asyncio.get_running_loop()
            self.drawings[key] = loop.run_in_executor(self.pool, drawing_for, self.game, target)
        return self.drawings[key]


class Phone:
    """One player's phone page: its seat, its event stream, its syncs and its drawings."""

    def __init__(self, bench: Bench, player: str, token: str, rng: random.Random):
        self.bench, self.player, self.rng = bench, player, rng
        self.auth = {"Authorization": "Bearer " + token}
        self.version: int | None = None
        self.fetched_map: tuple[str, object] | None = None  # (target, its map number) last fetched
        self.scored_map: object = None  # own map number at the last score fetched
        self.grid: list[str] = []  # of the map last fetched
        self.seen: dict[int, float] = {}  # turn -> when this phone's /api/table first showed it
        self.synced = asyncio.Event()
        self.pending: asyncio.TimerHandle | None = None
        self.game: int | None = None  # the game's number in the last event
        self.turn: int | None = None  # the card on the table, as this phone last read it
        self.drawn_turn: int | None = None  # the last card this phone drew

    def on_event(self, game: int | None, calm: int) -> None:
        """As web/sync.py: a new card or seat (the game's number moved) is read within 50-300 ms,
        a drawing on some map within 1 s to the event's ``calm`` ms; a burst of events is one read."""
        quick = game is None or game != self.game
        self.game = game
        if not quick and self.turn is not None and self.drawn_turn != self.turn:
            return  # as the phone page's quiet(): not drawn yet, only the next card matters
        loop = asyncio.get_running_loop()
        at = loop.time() + (self.rng.uniform(0.05, 0.3) if quick else self.rng.uniform(1.0, max(1.0, calm / 1000)))
        if self.pending is not None and self.pending.when() <= at:
            return
        if self.pending is not None:
            self.pending.cancel()
        self.pending = loop.call_at(at, self._fire)

    def _fire(self) -> None:
        self.pending = None
        asyncio.ensure_future(self.sync())

    async def poll(self) -> None:
        await asyncio.sleep(self.rng.uniform(0, 15))  # the phones came in at different moments
        while self.bench.alive:
            await self.sync()
            await asyncio.sleep(15)

    async def sync(self) -> None:
        """What the page does on an event, a poll or after a drawing."""
        try:
            await self._sync()
        finally:
            self.synced.set()

    async def _sync(self) -> None:
        status, t = await self.bench.request("table", "GET", "/api/table")
        if status != 200:
            return
        self.seen.setdefault(t["turn"], time.monotonic())
        self.turn = t["turn"]
        if t["version"] == self.version:
            return
        self.version = t["version"]
        passes = (t.get("card") or {}).get("passes") or []
        target = next((p["map_of"] for p in passes if p["drawn_by"] == self.player), self.player)
        numbers = {s["player"]: s.get("map") for s in t["seats"]}
        if (target, numbers.get(target)) != self.fetched_map or "map" not in t["seats"][0]:
            status, m = await self.bench.request("map", "GET", f"/api/maps/{target}")
            if status == 200:
                self.fetched_map, self.grid = (target, numbers.get(target)), m["grid"]
        if (t.get("season_over") or t.get("game_over")) and numbers.get(self.player) != self.scored_map:
            self.scored_map = numbers.get(self.player)
            # As the phone page: at a large table, asked at a random moment of 20 ms a seat (2 s at most).
            spread = min(2.0, 0.02 * len(t["seats"]))
            if spread > 0.2:
                asyncio.ensure_future(self.score_later(self.rng.uniform(0, spread)))
            else:
                await self.bench.request("score", "GET", f"/api/maps/{self.player}/score")

    async def score_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.bench.request("score", "GET", f"/api/maps/{self.player}/score")

    async def draw(self, turn: int, target: str, at: float) -> int:
        """This phone's drawing of the card of ``turn`` on ``target``'s map, sent at ``at`` (once
        the page shows the card and that map); its status."""
        while turn not in self.seen or self.fetched_map is None or self.fetched_map[0] != target:
            self.synced.clear()
            await self.synced.wait()
        body = await self.bench.drawing(turn, target, self.grid)
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        status, _ = await self.bench.request("drawing", "POST", f"/api/maps/{target}/drawings",
                                             json=body, headers=self.auth)
        self.drawn_turn = turn
        await self.sync()
        return status


async def tv(bench: Bench) -> None:
    """The TV page: /display.json 200 ms after an event, and every 2 s."""
    pending = False

    def on_event(game: int | None, calm: int) -> None:
        nonlocal pending
        if not pending:
            pending = True
            asyncio.get_running_loop().call_later(0.2, fire)

    def fire() -> None:
        nonlocal pending
        pending = False
        asyncio.ensure_future(bench.request("display", "GET", "/display.json"))

    asyncio.ensure_future(bench.events(on_event))
    while bench.alive:
        await bench.request("display", "GET", "/display.json")
        await asyncio.sleep(2)


async def play_cards(bench: Bench, phones: list[Phone], referee: dict[str, str], referee_load: Any,
                     args: argparse.Namespace, rng: random.Random
                     ) -> tuple[list[dict[str, Any]], collections.Counter[int], int]:
    """The referee draws each card once every seat has drawn the one before (or forces it after a
    refused drawing), each phone draws it at a random moment of --window seconds; until --cards
    or --seasons. Each card (its turn, season, and when every phone showed it), the drawings'
    statuses, the seasons played."""
    cards: list[dict[str, Any]] = []
    statuses: collections.Counter[int] = collections.Counter()
    seasons = 0
    force = False
    while len(cards) < args.cards and seasons < args.seasons:
        status, drawn = await bench.request("draw", "POST", "/api/draw", json={"force": force}, headers=referee)
        if status != 200:
            print(f"the draw was refused ({status}): {drawn}", file=sys.stderr)
            break
        answered = time.monotonic()
        t = await referee_load()
        assert t is not None
        turn = t["turn"]
        drawn_on = {p["drawn_by"]: p["map_of"] for p in (t.get("card") or {}).get("passes") or []}
        answers = await asyncio.gather(*(ph.draw(turn, drawn_on.get(ph.player, ph.player),
                                                 answered + rng.uniform(0, args.window)) for ph in phones))
        statuses.update(answers)
        force = any(a != 200 for a in answers)
        seen = max(ph.seen[turn] for ph in phones)
        cards.append({"card": (t.get("card") or {}).get("name"), "turn": turn, "season": t["season"],
                      "new_card_s": round(max(0.0, seen - answered), 3)})
        if t.get("last_of_season"):
            seasons += 1
    return cards, statuses, seasons


async def play(args: argparse.Namespace, base: str, referee_token: str, game: str) -> dict[str, Any]:
    """The whole game (or --cards/--seasons of it) at the table; the figures taken."""
    import httpx2 as httpx

    players = [f"P{i}" for i in range(1, args.phones + 1)]
    rng = random.Random(args.seed)
    referee = {"Authorization": "Bearer " + referee_token}
    # A connection is given up before the server's keep-alive (30 s) ends it, as a browser does
    # (a request on a connection the server is closing would fail for the client's sake alone).
    limits = httpx.Limits(max_connections=args.phones * 3 + 20, max_keepalive_connections=args.phones * 3 + 20,
                          keepalive_expiry=25)
    pool = ProcessPoolExecutor(1)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        bench = Bench(client, game, pool)
        phones = []
        for p in players:
            r = await client.post("/api/seats", json={"player": p})
            phones.append(Phone(bench, p, r.json()["token"], random.Random(rng.random())))
        tasks = [asyncio.ensure_future(bench.events(ph.on_event)) for ph in phones]
        tasks += [asyncio.ensure_future(ph.poll()) for ph in phones]
        tasks.append(asyncio.ensure_future(tv(bench)))
        tasks.append(asyncio.ensure_future(bench.watch_lag()))
        referee_seen: list[dict] = []

        async def referee_load() -> dict | None:
            status, t = await bench.request("referee", "GET", "/api/table", headers=referee)
            if status == 200:
                referee_seen.append(t)
            return t

        tasks.append(asyncio.ensure_future(bench.events(lambda game, calm: asyncio.ensure_future(referee_load()))))
        while not all(ph.seen for ph in phones):
            await asyncio.sleep(0.1)
        started, cpu0, first = time.monotonic(), cpu_seconds(args.server_pid), len(bench.timings)
        lags_first = len(bench.lags)
        cards, statuses, seasons = await play_cards(bench, phones, referee, referee_load, args, rng)
        await asyncio.sleep(3)  # the last scores fetched
        elapsed, cpu = time.monotonic() - started, cpu_seconds(args.server_pid) - cpu0
        timings = bench.timings[first:]
        bench.alive = False
        for task in tasks:
            task.cancel()
        worker_cpu = sum(cpu_seconds(p.pid) for p in pool._processes.values())  # noqa: SLF001
    pool.shutdown()
    by_kind = collections.Counter(k for k, _, _ in timings)
    own = os.times()
    return {
        "phones": args.phones, "cards": len(cards), "seasons": seasons, "window_s": args.window,
        "elapsed_s": round(elapsed, 1),
        "drawings": sum(statuses.values()), "drawing_statuses": dict(statuses),
        "failed_requests": sum(1 for _, _, s in timings if s != 200), "failures": bench.failures,
        "latency_ms": {"all": quantiles([s for _, s, _ in timings]),
                       "drawings": quantiles([s for k, s, _ in timings if k == "drawing"]),
                       "clients_own_lag": quantiles(bench.lags[lags_first:])},
        "new_card_s": {"max": max((c["new_card_s"] for c in cards), default=None),
                       "per_card": [c["new_card_s"] for c in cards]},
        "requests": len(timings), "requests_per_card": round(len(timings) / max(1, len(cards)), 1),
        "requests_by_kind": dict(by_kind),
        "p99_by_kind_ms": {kind: quantiles([s for k, s, _ in timings if k == kind])["p99"] for kind in by_kind},
        "server_cpu_s": round(cpu, 1),
        "clients_cpu_s": round(own.user + own.system + worker_cpu, 1),
    }


def top_of_profile(path: str, shown: int = 20) -> list[tuple[str, float, float]]:
    """The cartoref functions of a py-spy collapsed-stack file: (function, share of the samples
    inside it, share in it itself), the most inclusive first."""
    inside: collections.Counter[str] = collections.Counter()
    itself: collections.Counter[str] = collections.Counter()
    total = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            stack, _, n = line.rstrip().rpartition(" ")
            frames = [fr.rsplit(":", 1)[0] + ")" for fr in stack.split(";")]  # "fn (file.py:12)" -> "fn (file.py)"
            total += int(n)
            for fr in set(frames):
                inside[fr] += int(n)
            itself[frames[-1]] += int(n)
    ours = [fr for fr, _ in inside.most_common() if "(cartoref/" in fr and "cli/" not in fr and "server.py" not in fr]
    return [(fr, inside[fr] / total, itself[fr] / total) for fr in ours[:shown]]


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phones", type=int, default=100)
    ap.add_argument("--seasons", type=int, default=4, help="stop after this many seasons")
    ap.add_argument("--cards", type=int, default=10**6, help="stop after this many cards (a quick run)")
    ap.add_argument("--window", type=float, default=5.0, help="seconds over which the phones send their drawings")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--profile", metavar="FILE", help="sample the server with py-spy into FILE")
    args = ap.parse_args()
    players = [f"P{i}" for i in range(1, args.phones + 1)]
    folder = tempfile.mkdtemp(prefix="cartoref-table-")
    game = os.path.join(folder, "cartoref-game.yaml")
    # Setting up, before any timing: blocking calls are fine here.
    subprocess.run([sys.executable, "-m", "cartoref", "new", "--players", ",".join(players),  # noqa: ASYNC221
                    "--seed", str(args.seed), "--game", game], check=True, capture_output=True)
    server = subprocess.Popen([sys.executable, "-m", "cartoref", "serve", "--game", game, "--port", "0"],  # noqa: ASYNC220
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    args.server_pid = server.pid
    assert server.stdout is not None
    urls = dict(server.stdout.readline().strip().split(": ", 1) for _ in range(3))
    spy = None
    if args.profile:
        import shutil

        found = shutil.which("py-spy", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        if found is None:
            server.terminate()
            sys.exit("--profile needs py-spy: pip install py-spy")
        spy = subprocess.Popen([found, "record", "--format", "raw",  # noqa: ASYNC220
                                "--rate", "200", "--gil", "-o", args.profile, "-p", str(server.pid)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # The clients are a hundred other devices: on this machine they yield to the server.
    os.nice(10)
    try:
        result = await play(args, urls["table"].rstrip("/"), urls["referee"].rsplit("=", 1)[1], game)
        result["server_peak_mb"] = round(peak_memory_mb(server.pid), 1)
    finally:
        if spy is not None:
            spy.send_signal(2)
            spy.wait(60)
        server.terminate()
        server.wait(10)
    if args.profile:
        result["profile"] = [(f, round(a, 3), round(b, 3)) for f, a, b in top_of_profile(args.profile)]
    if args.json:
        print(json.dumps(result, indent=2))
        return
    lat = result["latency_ms"]
    print(f"{args.phones} phones, {result['cards']} cards ({result['seasons']} seasons) in {result['elapsed_s']} s, "
          f"drawings over {args.window:g} s: {result['drawings']} drawings, statuses {result['drawing_statuses']}, "
          f"{result['failed_requests']} requests failed")
    for name in ("all", "drawings", "clients_own_lag"):
        print(f"latency ({name}): p50 {lat[name]['p50']} ms, p99 {lat[name]['p99']} ms, max {lat[name]['max']} ms")
    print(f"every page showing a new card within {result['new_card_s']['max']} s (per card: "
          f"{result['new_card_s']['per_card']})")
    print(f"{result['requests']} requests, {result['requests_per_card']} per card: {result['requests_by_kind']}")
    for failure in result["failures"]:
        print(f"  failed: {failure}")
    print(f"p99 by kind (ms): {result['p99_by_kind_ms']}")
    print(f"server: peak memory {result['server_peak_mb']} MB, CPU {result['server_cpu_s']} s; "
          f"clients' CPU {result['clients_cpu_s']} s")
    for fn, inside, itself in result.get("profile", []):
        print(f"  {inside:6.1%} {itself:6.1%}  {fn}")


if __name__ == "__main__":
    asyncio.run(main())
