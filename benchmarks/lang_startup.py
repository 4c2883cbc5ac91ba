"""What speaking a language costs cartoref's start-up. Not a test: run it by hand.

    python benchmarks/lang_startup.py [--runs 30]

It reports:
1. loading each compiled catalog (``i18n.use``), in process: the best of many runs;
2. the whole command ``cartoref score MAP`` (the rich table) in English and in each language,
   medians of interleaved runs, so a busy moment of the machine hits every language alike.
The aim (issue #20): a language costs start-up under 5 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "sample_maps", "alice-spring.yaml")
sys.path.insert(0, os.path.join(HERE, ".."))


def cartoref_cmd() -> list[str]:
    """The installed console script beside this Python, else ``python -m cartoref``."""
    exe = os.path.join(os.path.dirname(sys.executable), "cartoref")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "cartoref"]


def catalog_load_ms(lang: str, runs: int = 200) -> float:
    import gettext

    from cartoref import i18n

    best = float("inf")
    for _ in range(runs):
        gettext._translations.clear()  # type: ignore[attr-defined]  # gettext keeps what it loaded
        start = time.perf_counter()
        i18n.use(lang)
        best = min(best, time.perf_counter() - start)
    i18n.use("en")
    return best * 1000


def command_ms(langs: list[str], runs: int) -> dict[str, float]:
    times: dict[str, list[float]] = {lang: [] for lang in langs}
    for _ in range(runs):
        for lang in langs:
            env = dict(os.environ, CARTOREF_LANG=lang, COLUMNS="100")
            start = time.perf_counter()
            subprocess.run([*cartoref_cmd(), "score", SAMPLE], env=env, stdout=subprocess.DEVNULL, check=True)
            times[lang].append(time.perf_counter() - start)
    return {lang: statistics.median(t) * 1000 for lang, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    langs = ["en", "fr", "es", "ja"]
    print("| language | catalog load, in process | `cartoref score MAP`, median | beyond English |")
    print("|---|---|---|---|")
    whole = command_ms(langs, args.runs)
    for lang in langs:
        load = catalog_load_ms(lang)
        print(f"| {lang} | {load:.2f} ms | {whole[lang]:.1f} ms | {whole[lang] - whole['en']:+.1f} ms |")


if __name__ == "__main__":
    main()
