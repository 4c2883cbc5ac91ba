"""How well `cartoref read` reads photographed sheets: synthetic photos made from known maps
(tests/photos.py), read as the command reads them, every space compared with the truth. Not a
test: run it by hand (it needs '.[test]' for nothing but numpy and Pillow, which cartoref has).

    python benchmarks/read_photos.py [--photos 40] [--first-seed 1] [--small] [--style colour|pencil] [--json]

Printed per style: photos whose grid was found by itself, spaces right, spaces left `?`, spaces
wrong and not marked (the one figure that must be 0), and the time per photo. For pencil
symbols one space of each terrain is labelled, as a person would on the edit page. Seeds 1-40
are the figures the README gives; other seeds (``--first-seed 101``) are photos the reader was not
tuned on. ``--small``: the tests' smaller photos (48-pixel spaces, 1000 pixels wide).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))


def run(style: str, photos: int, first_seed: int = 1, small: bool = False) -> dict:
    from photos import compare, labels_of, photograph, random_map, sheet_image

    from cartoref.cards import catalog
    from cartoref.grid import SIZE
    from cartoref.notation import sheet_symbols
    from cartoref.photo import find_grid, read_spaces, warp

    sides = [catalog().sheet_side(s) for s in ("A", "B", "C", "D")]
    found = right = unread = wrong = total = 0
    seconds = []
    for k in range(photos):
        seed = first_seed + k
        side = sides[k % 4]
        sheet = random_map(side, seed, heroes=side.letter in "CD")
        truth = sheet_symbols(sheet)
        if small:
            photo = photograph(sheet_image(sheet, style=style, seed=seed, cell=48), seed=seed, size=1000)
        else:
            photo = photograph(sheet_image(sheet, style=style, seed=seed), seed=seed)
        rgb = np.asarray(photo.image)
        started = time.perf_counter()
        try:
            corners = find_grid(rgb)
            found += 1
        except Exception:  # noqa: BLE001 - a grid not found is a figure here, not an error
            corners = np.array(photo.corners)
        labels = labels_of(truth) if style == "pencil" else None  # one labelled space per terrain
        reading = read_spaces(warp(rgb, corners), side, labels)
        seconds.append(time.perf_counter() - started)
        counts = compare(reading, truth)
        right, unread, wrong = right + counts[0], unread + counts[1], wrong + counts[2]
        total += SIZE * SIZE
    return {"style": style, "first_seed": first_seed, "small": small, "photos": photos, "grid_found": found, "spaces": total, "right": right,
            "unread": unread, "wrong_unmarked": wrong, "right_share": round(right / total, 4),
            "seconds_per_photo": round(sum(seconds) / len(seconds), 3), "slowest_s": round(max(seconds), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--small", action="store_true", help="the tests' smaller photos")
    ap.add_argument("--style", choices=["colour", "pencil", "both"], default="both")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    styles = ["colour", "pencil"] if args.style == "both" else [args.style]
    results = [run(s, args.photos, args.first_seed, args.small) for s in styles]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(f"{r['style']}: {r['photos']} photos (seeds {r['first_seed']}-{r['first_seed'] + r['photos'] - 1}"
              f"{', small' if r['small'] else ''}), grid found {r['grid_found']}; {r['spaces']} spaces: "
              f"{r['right']} right ({r['right_share']:.1%}), {r['unread']} left ?, {r['wrong_unmarked']} wrong "
              f"and not marked; {r['seconds_per_photo']} s a photo (slowest {r['slowest_s']} s)")


if __name__ == "__main__":
    main()
