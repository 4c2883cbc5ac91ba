"""Time and memory of cartoref on hostile and huge inputs. Not a test: run it by hand.

    python benchmarks/bench_inputs.py

Each input is written to a temporary folder and given to one cartoref process (`check` for a
map file, `status` for a game file); the script prints the exit status, the wall time and the
peak memory (maximum resident set size) of that process, and the largest of each. Aim: every
input answered in under 1 s and 100 MB, with exit status 2 for what is refused.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))


def cartoref_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m cartoref``."""
    exe = os.path.join(os.path.dirname(sys.executable), "cartoref")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "cartoref"]


#: A small process that starts each measured one, so that none inherits the memory this script
#: holds (Linux counts a forked child's peak from its parent's size at the fork).
SPAWNER = """
import json, os, subprocess, sys, time
for line in sys.stdin:
    args = json.loads(line)
    start = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.perf_counter() - start
    print(json.dumps([os.waitstatus_to_exitcode(status), seconds, usage.ru_maxrss / 1024]), flush=True)
"""


class Spawner:
    """Runs cartoref processes from a small process of its own and reports each one's figures."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", SPAWNER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def measure(self, args: list[str]) -> tuple[int, float, float]:
        """(exit status, seconds, peak MB) of one cartoref process."""
        import json

        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(cartoref_cmd() + args) + "\n")
        self.proc.stdin.flush()
        code, seconds, mb = json.loads(self.proc.stdout.readline())
        return code, seconds, mb


def bomb(levels: int, indent: str = "") -> str:
    """A YAML alias bomb: each level a list of nine aliases of the one before."""
    lines = [f"{indent}a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        me, prev = chr(97 + i), chr(96 + i)
        lines.append(f"{indent}{me}: &{me} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def inputs() -> list[tuple[str, str, str]]:
    """(name, command, file text) for every input measured."""
    from cartoref.cards import catalog
    from cartoref.game import Draw, apply, format_game, new_game
    from cartoref.mapfile import blank_map

    blank = blank_map(catalog().sheet_side("wilderness"), "Alice")
    game = format_game(apply(new_game(4, ("Ann", "Bob")), Draw())[0])
    players = tuple(f"P{i}" for i in range(100))
    big_game = new_game(5, players)
    huge = "9" * 5000
    one_mb, sixteen_mb = 1 << 20, 16 << 20
    return [
        ("map: the sample blank map", "check", blank),
        ("map: alias bomb, alias as a key (9 levels)", "check", bomb(9) + "? *i\n: 1\nsheet: wilderness\nmap: x\n"),
        ("map: alias bomb as values (9 levels)", "check", "sheet: wilderness\n" + bomb(9) + "map: *i\n"),
        ("map: 1 MB of map rows (44,000 rows)", "check",
         "sheet: wilderness\nmap: |\n" + "  F F F F F F F F F F F\n" * ((one_mb - 40) // 24)),
        ("map: 1 MB of unknown keys (100,000)", "check", "".join(f"k{i:06}: 1\n" for i in range(one_mb // 11))),
        ("map: 1 MB of nesting [[[...]]]", "check", "[" * (one_mb // 2) + "]" * (one_mb // 2)),
        ("map: 1 MB on one line (a long row)", "check", "sheet: wilderness\nmap: |\n  " + "F" * (one_mb - 40) + "\n"),
        ("map: 1 MB sheet name", "check", "sheet: " + "w" * (one_mb - 40) + "\nmap: x\n"),
        ("map: coins of 5,000 digits", "check", blank.replace("coins: 0", f"coins: {huge}")),
        ("map: 2 MB (over the limit)", "check", "# x\n" * (one_mb // 2)),
        ("game: a 2-player game", "status", game),
        ("game: 100 players, every season scored", "status", _full_game(big_game, players)),
        ("game: alias bomb under cartoref-game (9 levels)", "status", "cartoref-game:\n" + bomb(9, "  ")),
        ("game: seed of 5,000 digits", "status", game.replace("seed: 4", f"seed: {huge}")),
        ("game: 16 MB of log entries", "status", game.replace("log:\n", "log:\n" + "  - draw: [hamlet]\n"
                                                              * ((sixteen_mb - 2000) // 19))),
        ("game: 16 MB of nesting", "status", "cartoref-game: " + "[" * (sixteen_mb // 2 - 20)
         + "]" * (sixteen_mb // 2 - 20)),
        ("game: 16 MB player name", "status", game.replace('"Ann"', '"' + "A" * (sixteen_mb - 2000) + '"')),
        ("game: 17 MB (over the limit)", "status", "# x\n" * (17 << 18)),
    ]


def _full_game(state, players) -> str:
    from cartoref.errors import CartorefError
    from cartoref.game import Draw, Record, apply, format_game, season, season_over

    for _ in range(1000):
        if season_over(state):
            sid = season(state).id
            for p in players:
                try:
                    state, _ = apply(state, Record(p, sid, 3, 4, 1, 0))
                except CartorefError:
                    break
        try:
            state, _ = apply(state, Draw())
        except CartorefError:
            if not season_over(state):
                break
    return format_game(state)


def main() -> None:
    """Measure every input and print a table."""
    worst_t = worst_m = 0.0
    spawner = Spawner()
    with tempfile.TemporaryDirectory() as tmp:
        for name, command, text in inputs():
            path = os.path.join(tmp, "input.yaml")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            size = os.path.getsize(path)
            args = ["check", path] if command == "check" else ["status", "--game", path]
            code, seconds, mb = spawner.measure(args)
            worst_t, worst_m = max(worst_t, seconds), max(worst_m, mb)
            print(f"{name:52} {size / 1e6:8.3f} MB  exit {code}  {seconds * 1000:7.0f} ms  {mb:6.1f} MB peak")
    print(f"{'worst':52} {'':11}          {worst_t * 1000:7.0f} ms  {worst_m:6.1f} MB peak")


if __name__ == "__main__":
    main()
