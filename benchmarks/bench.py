"""Measure cartoref's speed, side by side with what it stands on. Not a test: run it by hand.

    python benchmarks/bench.py [--runs 20]

It reports, in one run:
1. the cold wall time of `cartoref score --json` on a sample map against
   `python -c "import click, yaml"`, and of the rich table output against the same plus the
   rich modules it draws with;
2. maps scored per second with all 16 scoring cards, coins and monsters (in process);
3. `cartoref score --json` on 200 maps against the same on 1 map, with the season's edicts and
   with all 16 scoring cards named by `--card` (names are resolved once per command);
4. maps scored per second with the 16 Heroes scoring cards, coins and monsters (in process),
   on sheets with hero and destroyed spaces too.
Times are medians of interleaved runs, so a busy moment of the machine hits both sides alike.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "sample_maps", "alice-spring.yaml")
EDICTS = "sentinel wood,wildholds,canal lake,the broken road"


def cartoref_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m cartoref``."""
    exe = os.path.join(os.path.dirname(sys.executable), "cartoref")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "cartoref"]


def wall(cmd: list[str]) -> float:
    """Seconds one run of ``cmd`` takes, output discarded; fails loudly if the command fails."""
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def compare(runs: int, *cmds: list[str]) -> list[float]:
    """Median wall time of each command, runs interleaved."""
    for c in cmds:  # warm the file cache once; "cold" here means a new process each time
        wall(c)
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, c in enumerate(cmds):
            times[i].append(wall(c))
    return [statistics.median(t) for t in times]


def random_map_text(rng: random.Random, side_id: str) -> str:
    """A plausible random map file: about half the open spaces drawn on."""
    from cartoref.cards import catalog
    from cartoref.grid import Sheet, Terrain, bit
    from cartoref.mapfile import MapFile, format_map

    side = catalog().sheet_side(side_id)
    sheet = Sheet.blank(side)
    letters = [Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER]
    for r in range(11):
        for c in range(11):
            b = bit(r, c)
            if not sheet.filled & b and rng.random() < 0.5:
                sheet = sheet.with_drawn(b, rng.choice(letters))
    return format_map(MapFile(sheet, f"P{rng.randrange(1000)}", rng.randrange(15)))


def scoring_rate(card_set: str, seconds: float = 2.0) -> tuple[float, int]:
    """Maps per second scored with all 16 scoring cards of a set, plus coins and monsters, on
    200 random sheets (hero and destroyed spaces too for the Heroes cards)."""
    from cartoref.cards import catalog
    from cartoref.grid import Sheet, Terrain, bit
    from cartoref.scoring import score_sheet

    cards = [(None, c.id, c.name) for c in catalog().scoring if c.set == card_set]
    letters = [Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER]
    if card_set == "heroes":
        letters += [Terrain.HERO, Terrain.DESTROYED]
    sides = [s for s in catalog().sheets if card_set == "heroes" or s.letter in "AB"]
    rng = random.Random(7)
    sheets = []
    for _ in range(200):
        sheet = Sheet.blank(rng.choice(sides))
        for r in range(11):
            for c in range(11):
                if not sheet.filled & bit(r, c) and rng.random() < 0.5:
                    sheet = sheet.with_drawn(bit(r, c), rng.choice(letters))
        sheets.append(sheet)
    n = 0
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        for s in sheets:
            score_sheet(s, cards, 3)
        n += len(sheets)
    return n / (time.perf_counter() - t), len(cards)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="runs of each command (default 20)")
    args = ap.parse_args()
    py = sys.executable
    cli = cartoref_cmd()
    score_json = [*cli, "score", SAMPLE, "--json"]
    score_rich = [*cli, "score", SAMPLE]
    deps = [py, "-c", "import click, yaml"]
    deps_rich = [py, "-c", "import click, yaml, rich.console, rich.table, rich.text"]
    t_json, t_deps, t_rich, t_deps_rich = compare(args.runs, score_json, deps, score_rich, deps_rich)

    folder = tempfile.mkdtemp(prefix="cartoref-bench-")
    try:
        rng = random.Random(2026)
        paths = []
        for i in range(200):
            p = os.path.join(folder, f"map{i:03d}.yaml")
            with open(p, "w", encoding="utf-8") as f:
                f.write(random_map_text(rng, rng.choice(["A", "B"])))
            paths.append(p)
        many = [*cli, "score", *paths, "--season", "summer", "--edicts", EDICTS, "--json"]
        one = [*cli, "score", paths[0], "--season", "summer", "--edicts", EDICTS, "--json"]
        t_many, t_one = compare(max(5, args.runs // 2), many, one)
        from cartoref.cards import catalog

        every_card = [arg for c in catalog().scoring if c.set == "base" for arg in ("--card", c.name)]
        many16 = [*cli, "score", *paths, *every_card, "--json"]
        one16 = [*cli, "score", paths[0], *every_card, "--json"]
        t_many16, t_one16 = compare(max(5, args.runs // 2), many16, one16)
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    rate, ncards = scoring_rate("base")
    heroes_rate, nheroes = scoring_rate("heroes")
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores; medians of {args.runs} interleaved runs\n")
    print(f"{'what':<46}{'time':>10}{'ratio':>9}  aim")
    print(f"{'python -c import click, yaml':<46}{t_deps * 1000:>8.1f}ms")
    print(f"{'cartoref score --json (1 map)':<46}{t_json * 1000:>8.1f}ms{t_json / t_deps:>8.2f}x  <= 1.3x")
    print(f"{'python -c import click, yaml, rich.*':<46}{t_deps_rich * 1000:>8.1f}ms")
    print(f"{'cartoref score, rich table (1 map)':<46}{t_rich * 1000:>8.1f}ms{t_rich / t_deps_rich:>8.2f}x  <= 1.3x")
    print(f"{'cartoref score --json, 1 map':<46}{t_one * 1000:>8.1f}ms")
    print(f"{'cartoref score --json, 200 maps':<46}{t_many * 1000:>8.1f}ms{t_many / t_one:>8.2f}x  < 2x")
    print(f"{'cartoref score --json, 1 map x 16 --card':<46}{t_one16 * 1000:>8.1f}ms")
    print(f"{'cartoref score --json, 200 maps x 16 --card':<46}{t_many16 * 1000:>8.1f}ms{t_many16 / t_one16:>8.2f}x  < 2x")
    print(f"{f'scoring, all {ncards} cards + coins + monsters':<46}{rate:>8.0f}/s{'':>9}  > 5000 maps/s")
    print(f"{f'scoring, {nheroes} Heroes cards + coins + monsters':<46}{heroes_rate:>8.0f}/s{'':>9}  > 5000 maps/s")


if __name__ == "__main__":
    main()
