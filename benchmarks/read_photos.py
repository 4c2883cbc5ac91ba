"""How well `cartoref read` reads photographed sheets: synthetic photos made from known maps
(tests/photos.py), read as the command reads them, every space compared with the truth. Not a
test: run it by hand (it needs '.[test]' for nothing but numpy and Pillow, which cartoref has).

    python benchmarks/read_photos.py [--photos 40] [--first-seed 1] [--small] [--style colour|pencil] [--json]
    python benchmarks/read_photos.py --phone [--size 640x480] [--photos 12] [--first-seed 11559]

Printed per style: photos whose grid was found by itself, spaces right, spaces left `?`, spaces
wrong and not marked (the one figure that must be 0), and the time per photo. For pencil
symbols one space of each terrain is labelled, as a person would on the edit page; with
``--phone``, also the reading with no label at all (a person's first read) and the reading after
a person labels the spaces it asks for (``read`` prints them) and reads the photo again. Seeds 1-40
are the figures the README gives; other seeds (``--first-seed 101``) are photos the reader was not
tuned on. ``--small``: the tests' smaller photos (48-pixel spaces, 1000 pixels wide). ``--size``
(with ``--phone``): every photo made at that size (``--size 640x480``: the issue's aim of 90 % at
640 x 480), as wide and high as given. How long the command takes, start-up included:
``benchmarks/read_time.py``.
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
    from cartoref.photo import find_grid, read_map

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
        reading = read_map(rgb, corners, side, labels)
        seconds.append(time.perf_counter() - started)
        counts = compare(reading, truth)
        right, unread, wrong = right + counts[0], unread + counts[1], wrong + counts[2]
        total += SIZE * SIZE
    return {"style": style, "first_seed": first_seed, "small": small, "photos": photos, "grid_found": found, "spaces": total, "right": right,
            "unread": unread, "wrong_unmarked": wrong, "right_share": round(right / total, 4),
            "seconds_per_photo": round(sum(seconds) / len(seconds), 3), "slowest_s": round(max(seconds), 3)}


def clear_examples(grid: list[str], hidden: list[str], rgb: np.ndarray, corners: list) -> dict[str, str]:
    """One labelled space per terrain drawn, as a person labels a photo on the edit page: the
    first in reading order that they can see, not on a ruins space (whose print mixes with the
    symbol; the reader never asks for one). A space a person cannot see is one the generator
    says a glare or a thumb hides (``hidden``), or one of whose pixels, or its neighbours', the
    photo blew out (more than 2 % of them white in every channel: a glare's halo washes the
    strokes out). Heroes are not labelled. ``corners``: the map's true corners in ``rgb``."""
    import cv2

    from cartoref.grid import SIZE, Cell

    side = 24 * SIZE
    to = np.array([(0, 0), (side, 0), (side, side), (0, side)], dtype=np.float32)
    warped = cv2.warpPerspective(rgb, cv2.getPerspectiveTransform(np.array(corners, dtype=np.float32), to),
                                 (side, side), flags=cv2.INTER_NEAREST)
    blown = (warped.min(axis=2) >= 250).reshape(SIZE, 24, SIZE, 24).mean(axis=(1, 3)) > 0.02
    unseen = {(Cell.parse(space).row, Cell.parse(space).col) for space in hidden}
    unseen |= {(int(r), int(c)) for r, c in zip(*np.nonzero(blown))}
    seen: dict[str, str] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch not in "FVPWM" or ch in seen:  # lower case: a ruins space drawn on
                continue
            if any((r + dr, c + dc) in unseen for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
                continue
            seen[ch] = f"{'ABCDEFGHIJK'[r]}{c + 1}"
    return seen


def run_phone(style: str, photos: int, first_seed: int, given: bool, size: tuple[int, int] | None = None) -> dict:
    """The second generator's phone photos (tests/phonephotos.py, written from a description of
    real photos, not from the reader), read as ``cartoref read`` reads a file: the grid found by
    itself, or (``given``) the true corners given as ``--corners``. A space is right when it
    reads as the truth, ``?`` when left unread, wrong otherwise; a photo whose grid is not found
    (or whose corners are refused) leaves all its spaces unread."""
    import tempfile

    from phonephotos import make
    from PIL import Image

    from cartoref.errors import CartorefError
    from cartoref.grid import SIZE, Cell
    from cartoref.table.photos import read_photo

    def plain(ch: str) -> str:
        return ch if ch in ".r?" else ch.upper()

    def tally(symbols: list[list[str]], grid: list[str], counts: dict[str, int]) -> int:
        """Adds a reading's spaces right, left ``?`` and wrong to ``counts``; the wrong ones."""
        bad = 0
        for r in range(SIZE):
            for c in range(SIZE):
                got, truth = plain(symbols[r][c]), plain(grid[r][c])
                key = "unread" if got == "?" else "right" if got == truth else "wrong"
                counts[key] += 1
                bad += key == "wrong"
        return bad

    found = total = asked = 0
    first = {"right": 0, "unread": 0, "wrong": 0}
    bare = dict(first)  # pencil symbols read with no label at all, as a person first reads a photo
    then = dict(first)  # after a person labels the spaces the reading asks for, and it is read again
    words = {"F": "forest", "V": "village", "P": "farm", "W": "water", "M": "monster", "H": "hero"}
    seconds, wrong_photos = [], []
    with tempfile.TemporaryDirectory() as folder:
        for k in range(photos):
            seed = first_seed + k
            photo = make(seed, style=style, **({"size": size} if size else {}))
            path = os.path.join(folder, f"{seed}.png")
            Image.fromarray(photo.rgb).save(path)
            labels: list[str] = []
            if style == "pencil":
                examples = clear_examples(photo.grid, photo.notes.get("hidden", []), photo.rgb, photo.corners)
                labels = [f"{space}={words[t]}" for t, space in examples.items()]
            corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in photo.corners) if given else None
            started = time.perf_counter()
            try:
                result = read_photo(path, photo.sheet, corners=corners, labels=labels)
                symbols = result.symbols
                found += 1
            except CartorefError:
                result, symbols = None, [["?"] * SIZE for _ in range(SIZE)]
            seconds.append(time.perf_counter() - started)
            bad = tally(symbols, photo.grid, first)
            if bad:
                wrong_photos.append((seed, bad))
            if style == "pencil":
                try:
                    unlabelled = read_photo(path, photo.sheet, corners=corners).symbols
                except CartorefError:
                    unlabelled = [["?"] * SIZE for _ in range(SIZE)]
                bad = tally(unlabelled, photo.grid, bare)
                if bad:
                    wrong_photos.append((seed, f"{bad} read without labels"))
            # The spaces asked for, labelled with what they hold (a symbol: an empty or destroyed
            # space is typed, not labelled), then read again.
            held = {space: photo.grid[Cell.parse(space).row][Cell.parse(space).col].upper()
                    for space, _ in (result.asks if result else ())}
            more = [f"{space}={words[letter]}" for space, letter in held.items() if letter in words]
            asked += len(more)
            if more:
                symbols = read_photo(path, photo.sheet, corners=corners, labels=labels + more).symbols
            bad = tally(symbols, photo.grid, then)
            if bad:
                wrong_photos.append((seed, f"{bad} after the asked labels"))
            total += SIZE * SIZE
    return {"style": style, "generator": "phonephotos", "corners_given": given, "first_seed": first_seed, "size": size,
            "photos": photos, "grid_found": found, "spaces": total, "right": first["right"],
            "unread": first["unread"], "wrong_unmarked": first["wrong"], "right_share": round(first["right"] / total, 4),
            "asked": asked, "after_asked": then, "without_labels": bare if style == "pencil" else None,
            "wrong_photos": wrong_photos,
            "seconds_per_photo": round(sum(seconds) / len(seconds), 3), "slowest_s": round(max(seconds), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--photos", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--small", action="store_true", help="the tests' smaller photos")
    ap.add_argument("--style", choices=["colour", "pencil", "both"], default="both")
    ap.add_argument("--json", action="store_true")
    from read_time import size_of

    ap.add_argument("--size", type=size_of,
                    help="with --phone: every photo WIDTHxHEIGHT (like 640x480), not the generator's choice")
    ap.add_argument("--phone", action="store_true",
                    help="the second generator's phone photos (tests/phonephotos.py), found and with corners given")
    args = ap.parse_args()
    styles = ["colour", "pencil"] if args.style == "both" else [args.style]
    if args.phone:
        results = [run_phone("coloured" if s == "colour" else s, args.photos, args.first_seed, given, args.size)
                   for s in styles for given in (False, True)]
    else:
        results = [run(s, args.photos, args.first_seed, args.small) for s in styles]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        how = (", corners given" if r["corners_given"] else ", found by itself") if "corners_given" in r else ""
        print(f"{r['style']}: {r['photos']} photos (seeds {r['first_seed']}-{r['first_seed'] + r['photos'] - 1}"
              f"{', small' if r.get('small') else ''}{how}), grid found {r['grid_found']}; {r['spaces']} spaces: "
              f"{r['right']} right ({r['right_share']:.1%}), {r['unread']} left ?, {r['wrong_unmarked']} wrong "
              f"and not marked; {r['seconds_per_photo']} s a photo (slowest {r['slowest_s']} s)")
        if r.get("without_labels"):
            b = r["without_labels"]
            print(f"  read without labels: {b['right']} right ({b['right'] / r['spaces']:.1%}), {b['unread']} left ?, "
                  f"{b['wrong']} wrong and not marked")
        if r.get("asked"):
            a = r["after_asked"]
            print(f"  then {r['asked']} spaces asked for labelled and read again: {a['right']} right "
                  f"({a['right'] / r['spaces']:.1%}), {a['unread']} left ?, {a['wrong']} wrong and not marked")


if __name__ == "__main__":
    main()
