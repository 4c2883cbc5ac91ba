"""How long `cartoref read` takes on a phone's photo, as a person waits for it: the whole command
(start-up, decoding the JPEG, finding and proving the grid, reading, writing the map file), run
as a separate process. Not a test: run it by hand.

    python benchmarks/read_time.py [--photos 6] [--first-seed 10900] [--size 4032x3024] [--runs 3]

The photos are the second generator's (tests/phonephotos.py), made at ``--size`` (a 12 MP phone
photo by default) and saved as the JPEG its quality says, half of them coloured in, half pencil
symbols. Each photo is read ``--runs`` times, the runs interleaved so a busy moment of the
machine falls on every photo alike; printed per photo: its best and median time, then the
median over all photos and the slowest photo's median. The aim (issue #27): under 1 s a 12 MP
photo.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))


def cartoref_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m cartoref``."""
    exe = os.path.join(os.path.dirname(sys.executable), "cartoref")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "cartoref"]


def size_of(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=6)
    ap.add_argument("--first-seed", type=int, default=10900)
    ap.add_argument("--size", type=size_of, default=(4032, 3024), help="WIDTHxHEIGHT of the photos")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from phonephotos import make
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        photos = []
        for k in range(args.photos):
            seed = args.first_seed + k // 2
            style = ("coloured", "pencil")[k % 2]
            photo = make(seed, style=style, size=args.size)
            path = os.path.join(folder, f"{style[0]}{seed}.jpg")
            Image.fromarray(photo.rgb).save(path, quality=photo.notes["quality"])
            photos.append((path, photo.sheet))
        times: dict[str, list[float]] = {path: [] for path, _ in photos}
        for _ in range(args.runs):
            for path, sheet in photos:
                started = time.perf_counter()
                done = subprocess.run([*cartoref_cmd(), "read", path, "--sheet", sheet, "-o", path + ".yaml"],
                                      capture_output=True, text=True)
                times[path].append(time.perf_counter() - started)
                if done.returncode not in (0, 2):
                    sys.exit(f"{path}: cartoref read failed ({done.returncode}): {done.stderr}")
        medians = []
        for path, _ in photos:
            median = statistics.median(times[path])
            medians.append(median)
            print(f"{os.path.basename(path)}: best {min(times[path]):.2f} s, median {median:.2f} s")
        w, h = args.size
        print(f"{len(photos)} photos of {w} x {h} ({w * h / 1e6:.1f} MP), {args.runs} runs each: median "
              f"{statistics.median(medians):.2f} s, slowest photo's median {max(medians):.2f} s")


if __name__ == "__main__":
    main()
