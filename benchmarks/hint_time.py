"""How long the command line's `cartoref hint MAP --game GAME` takes, a fresh process every turn of
solo games the advisor plays (``cartoref.table.autoplay``). Not a test: run it by hand.

    python benchmarks/hint_time.py --edition base --seeds 1,2,3

Before each drawing the game and map files are copied aside and `hint` runs on the copies with its
default budget (the game being played holds its own lock); printed: the turns timed, the median
and the slowest, with the card.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time


def main() -> None:
    import cartoref.table.autoplay as ap
    from cartoref.cards import AmbushCard

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", default="base", choices=["base", "heroes", "combined"])
    parser.add_argument("--seeds", default="1,2,3")
    args = parser.parse_args()
    timed: list[tuple[float, str]] = []
    play = ap._draw_card

    def timing(table, map_path, policy, rng, seed=0, budget=None):  # type: ignore[no-untyped-def]
        card = table.at_hand.card
        if card is not None and not isinstance(card, AmbushCard) and not ap._drawn(table, map_path):
            with tempfile.TemporaryDirectory(prefix="hint-time-") as folder:
                for path in (table.path, map_path):
                    shutil.copy(path, os.path.join(folder, os.path.basename(path)))
                started = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "cartoref", "hint", os.path.basename(map_path),
                                       "--game", os.path.basename(table.path)], check=False, cwd=folder,
                                      capture_output=True,
                                      text=True)
                timed.append((time.perf_counter() - started, card.name))
                if done.returncode:
                    raise SystemExit(done.stderr)
        return play(table, map_path, policy, rng, seed, budget)

    ap._draw_card = timing
    for seed in (int(s) for s in args.seeds.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            ap.autoplay(os.path.join(folder, "game.yaml"), os.path.join(folder, "map.yaml"), seed=seed,
                        edition=args.edition, policy="hint")
    timed.sort()
    print(f"{args.edition}, seeds {args.seeds}: {len(timed)} turns, median {timed[len(timed) // 2][0]:.2f} s, "
          f"slowest {timed[-1][0]:.2f} s ({timed[-1][1]})")


if __name__ == "__main__":
    main()
