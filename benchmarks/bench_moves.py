"""Time the generator of legal drawings in process. Not a test: run it by hand.

    python benchmarks/bench_moves.py [--runs 50]

For an empty sheet (one with no printed spaces, and side A) and a half-full one, it finds the
card with the most legal drawings and times ``list(legal_drawings(sheet, card))`` (the median
of the runs; the aim is under 100 ms each), then the same while reading every drawing's coins
(which works out the mountains each one surrounds, done lazily), one ``fits`` and one
``check_drawing`` for comparison, and ``hint``'s ranking of every drawing on four edicts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cartoref.cards import catalog
from cartoref.grid import BOARD, DRAWN, Sheet, SheetSide, iter_cells
from cartoref.moves import Card, check_drawing, fits, legal_drawings
from cartoref.moves.advice import hints

AIM_MS = 100.0
#: Four edicts for timing hint: among the slowest rules (clusters, lines, squares).
HINT_EDICTS = ("the cauldrons", "great city", "shoreside expanse", "borderlands")


def half_full(seed: int = 2024) -> Sheet:
    """Side A with about half its open spaces drawn on, in random playable terrains."""
    side = catalog().sheet_side("A")
    rng = random.Random(seed)
    drawn = [0] * len(DRAWN)
    for c in iter_cells(BOARD & ~(side.mountains | side.wastelands)):
        if rng.random() < 0.5:
            drawn[rng.randrange(5)] |= c.bit
    return Sheet(side, tuple(drawn))


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """The median wall time of ``fn`` in milliseconds, after one warm-up call."""
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def worst_card(sheet: Sheet, cards: list[Card]) -> tuple[Card, int]:
    """The card with the most legal drawings on the sheet, and how many."""
    counts = [(sum(1 for _ in legal_drawings(sheet, c)), i) for i, c in enumerate(cards)]
    n, i = max(counts)
    return cards[i], n


def bench(name: str, sheet: Sheet, cards: list[Card], runs: int) -> None:
    """Time one sheet's worst card, and print three lines."""
    cat = catalog()
    card, n = worst_card(sheet, cards)
    gen = median_ms(lambda: list(legal_drawings(sheet, card)), runs)
    coins = median_ms(lambda: [d.coins for d in legal_drawings(sheet, card)], runs)
    every = median_ms(lambda: [list(legal_drawings(sheet, c)) for c in cards], runs)
    verdict = "within" if gen < AIM_MS else "OVER"
    print(f"{name}: {card.name}, {n} drawings: legal_drawings {gen:.2f} ms ({verdict} the "
          f"{AIM_MS:.0f} ms aim); reading every drawing's coins too {coins:.2f} ms; "
          f"all {len(cards)} cards {every:.2f} ms")
    first = next(legal_drawings(sheet, card))
    f = median_ms(lambda: fits(sheet, card), runs)
    chk = median_ms(lambda: check_drawing(sheet, card, first.mask, first.terrain), runs)
    print(f"    fits {f:.3f} ms, check_drawing {chk:.3f} ms")
    # hint: every legal drawing ranked on four edicts (the aim is the same 100 ms).
    edicts = [(c.id, c.name) for c in (cat.scoring_card(n) for n in HINT_EDICTS)]
    ranked = median_ms(lambda: hints(sheet, card, edicts, 0, [s.edicts for s in catalog().seasons]), runs)
    verdict = "within" if ranked < AIM_MS else "OVER"
    print(f"    hint (rank all {n} on 4 edicts) {ranked:.2f} ms ({verdict} the {AIM_MS:.0f} ms aim)")


def main() -> None:
    """Print the timings, two lines per sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs
    cat = catalog()
    cards: list[Card] = [c for c in cat.explore if c.kind == "explore"] + list(cat.ambushes)
    plain = SheetSide("plain", "Plain", "P", 0, 0, 0)
    bench("empty plain sheet (no printed spaces)", Sheet.blank(plain), cards, runs)
    bench("empty side A", Sheet.blank(cat.sheet_side("A")), cards, runs)
    bench("half-full side A", half_full(), cards, runs)


if __name__ == "__main__":
    main()
