"""``challenge verify`` over many handed-in games, and the leaderboard after it. Not a test: run
it by hand.

    python benchmarks/challenge_verify.py [--count 10000] [--tampered 0.1] [--seeds 6] [--seed 3]
                                          [--db sqlite] [--json]

In a temporary folder: a base challenge, ``--seeds`` honest games of it played by ``autoplay``
(the random player, each its own seed, and the advisor), then ``benchmarks/submissions.py``
(written apart from cartoref, from the file formats alone) makes ``--count`` submissions from
them, a ``--tampered`` share changed by one cheat or slip each, and lists which in its manifest.
Timed: ``challenge verify`` over the folder (the first run replays every game; a second run,
nothing changed, replays none), then ``challenge leaderboard --json`` (the median of 20 runs, in
process, and one whole command). Printed: how many honest games were verified and tampered ones
refused (by kind), any honest one refused or tampered one verified, the times.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args: str, cwd: str) -> str:
    return subprocess.run([sys.executable, "-m", "cartoref", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10_000)
    ap.add_argument("--tampered", type=float, default=0.1)
    ap.add_argument("--seeds", type=int, default=6, help="honest games played to copy from")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="cartoref-challenge-")
    run("challenge", "new", "--name", "Bench", "--seed", "4242", "-o", "week.yaml", cwd=folder)
    os.mkdir(os.path.join(folder, "seeds"))
    for i in range(args.seeds):
        policy = "now" if i == 0 else "random"
        run("autoplay", "--solo", "--challenge", "week.yaml", "--player", f"S{i}", "--policy", policy,
            "--seed", str(args.seed * 100 + i), "--game", f"seeds/s{i}.yaml", "--map", f"seeds/s{i}-map.yaml",
            cwd=folder)
    began = time.perf_counter()
    subprocess.run([sys.executable, os.path.join(HERE, "submissions.py"), "--from", "seeds", "--to", "subs",
                    "--count", str(args.count), "--tampered", str(args.tampered), "--seed", str(args.seed)],
                   cwd=folder, check=True, capture_output=True)
    made_s = time.perf_counter() - began
    with open(os.path.join(folder, "subs", "manifest.json"), encoding="utf-8") as f:
        manifest = {os.path.basename(m["game"]): m for m in json.load(f)}

    began = time.perf_counter()
    report = json.loads(run("challenge", "verify", "week.yaml", "subs", "--json", cwd=folder))
    first_s = time.perf_counter() - began
    began = time.perf_counter()
    again = json.loads(run("challenge", "verify", "week.yaml", "subs", "--json", cwd=folder))
    again_s = time.perf_counter() - began

    sys.path.insert(0, os.path.dirname(HERE))
    os.chdir(folder)
    from cartoref.table.challenges import leaderboard

    leaderboard("week.yaml")  # the card data loaded once, as a server's would be
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        board = leaderboard("week.yaml")
        times.append(time.perf_counter() - t0)
    began = time.perf_counter()
    run("challenge", "leaderboard", "week.yaml", "--json", cwd=folder)
    command_s = time.perf_counter() - began

    outcome: collections.Counter[str] = collections.Counter()
    wrong = []
    for g in report["games"]:
        m = manifest[os.path.basename(g["game"])]
        kind = m["tampered"] or "honest"
        ok = g["verified"] == (kind == "honest")
        outcome[f"{kind} {'as expected' if ok else 'WRONG'}"] += 1
        if not ok:
            wrong.append({"game": g["game"], "kind": kind, "detail": m["detail"], "step": g["step"], "why": g["why"]})
    result = {
        "submissions": len(report["games"]), "made_s": round(made_s, 1),
        "verified": report["verified"], "refused": report["refused"], "outcome": dict(sorted(outcome.items())),
        "wrong": wrong[:20],
        "verify_s": round(first_s, 1), "per_game_ms": round(first_s / max(1, len(report["games"])) * 1000, 2),
        "verify_again_s": round(again_s, 1), "replayed_again": again["replayed"],
        "leaderboard_ms": {"median": round(statistics.median(times) * 1000, 1),
                           "max": round(max(times) * 1000, 1)},
        "leaderboard_command_s": round(command_s, 2), "ranked": len(board.ranked),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['submissions']} submissions ({args.tampered:.0%} tampered) made in {result['made_s']} s; "
          f"verified {result['verified']}, refused {result['refused']}")
    for k, v in result["outcome"].items():
        print(f"  {k}: {v}")
    for w in result["wrong"]:
        print(f"  WRONG: {w}")
    print(f"challenge verify: {result['verify_s']} s ({result['per_game_ms']} ms a game); again, nothing changed: "
          f"{result['verify_again_s']} s ({result['replayed_again']} replayed)")
    print(f"leaderboard of {result['ranked']}: median {result['leaderboard_ms']['median']} ms, max "
          f"{result['leaderboard_ms']['max']} ms in process; the whole command {result['leaderboard_command_s']} s")


if __name__ == "__main__":
    main()
