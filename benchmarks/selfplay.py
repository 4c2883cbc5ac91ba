"""Solo games played by policies, to measure the advisor: each game through cartoref's own table
calls (``cartoref.table.autoplay``). Not a test: run it by hand.

    python benchmarks/selfplay.py --seeds 1-40 --policies random,now,hint [--edition base] [--budget MS]
                                  [--out DIR] [--json]

Printed per policy: the mean, median, min and max score, the mean solo rating, how many games
earned each title, and the seconds per game (with the slowest single choice). ``--out`` keeps
every final game and map file. ``--json`` also gives each seed's score (``scores``), so that two
versions of the advisor can be compared seed by seed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections import Counter


def seeds_of(text: str) -> list[int]:
    """``1-40`` or ``3,5,9``."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def main() -> None:
    from cartoref.table.autoplay import autoplay

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--policies", default="random,now,hint")
    ap.add_argument("--edition", default="base", choices=["base", "heroes", "combined"])
    ap.add_argument("--budget", type=int, metavar="MS", help="hint's look-ahead budget (default: hint's own)")
    ap.add_argument("--out", metavar="DIR", help="keep every final game and map file here")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = args.out or tempfile.mkdtemp(prefix="cartoref-selfplay-")
    os.makedirs(folder, exist_ok=True)
    results = []
    for policy in args.policies.split(","):
        scores, ratings, titles, seconds, slowest = [], [], Counter(), [], 0.0
        seeds = seeds_of(args.seeds)
        for seed in seeds:
            stem = os.path.join(folder, f"{args.edition}-{policy}-{seed}")
            started = time.perf_counter()
            played = autoplay(stem + "-game.yaml", stem + "-map.yaml", seed=seed, edition=args.edition,
                              policy=policy, budget=args.budget)
            seconds.append(time.perf_counter() - started)
            scores.append(played.score)
            ratings.append(played.rating)
            titles[played.title] += 1
            slowest = max(slowest, played.slowest_s)
        results.append({"policy": policy, "edition": args.edition, "games": len(scores),
                        "mean": round(statistics.mean(scores), 1), "median": statistics.median(scores),
                        "min": min(scores), "max": max(scores), "mean_rating": round(statistics.mean(ratings), 1),
                        "titles": dict(titles.most_common()), "seconds_per_game": round(statistics.mean(seconds), 2),
                        "slowest_choice_s": round(slowest, 3), "scores": dict(zip(seeds, scores))})
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("| policy | games | mean | median | min | max | mean rating | s a game | slowest choice |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['policy']} | {r['games']} | {r['mean']} | {r['median']} | {r['min']} | {r['max']} | "
              f"{r['mean_rating']} | {r['seconds_per_game']} | {r['slowest_choice_s']} s |")
    for r in results:
        print(f"{r['policy']} titles: " + ", ".join(f"{t} {n}" for t, n in r["titles"].items()))
    print(f"games kept in {folder}")


if __name__ == "__main__":
    main()
