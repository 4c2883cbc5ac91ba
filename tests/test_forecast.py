"""`cartoref forecast`: exact odds of the season's end from the face-down cards, never their order.

Hand-worked cases first; then the exact distribution against a simulation of shuffles.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cartoref.game.forecast import draws_left


@pytest.mark.parametrize("times,ruins,used,threshold,expected", [
    # One card left, enough time: the next draw ends the season.
    ([2], 0, 6, 8, {1: F(1)}),
    # Two ruins and one explore card: however they lie, one draw reveals the ruins and then the
    # explore card, which ends the season.
    ([1], 2, 7, 8, {1: F(1)}),
    # 2 to go with a 2, a 1 and an ambush (0), six equally likely orders:
    #   2 first (2 orders): 1 draw; 1,2,0 and 0,2,1: 2 draws; 1,0,2 and 0,1,2: 3 draws.
    ([2, 1, 0], 0, 0, 2, {1: F(1, 3), 2: F(1, 3), 3: F(1, 3)}),
    # A ruins card and two 1s, 2 to go: each draw ends on a 1 (the ruins rides along): 2 draws.
    ([1, 1], 1, 0, 2, {2: F(1)}),
    # 3 to go from 2, 2, 1, 1, 0 (and a ruins card, which rides along and never changes the
    # count). No single card is enough. Two cards are when they sum to 3 or more: of the 10
    # pairs, {2,2} and the four {2,1}: P(2) = 5/10. Four draws exactly when the first three
    # are 1, 1, 0 (see below): P(4) = 1/10. Five are never needed (1+1+0+2 = 4), so
    # P(3) = 1 - 1/2 - 1/10 = 2/5.
    ([2, 2, 1, 1, 0], 1, 5, 8, {2: F(1, 2), 3: F(2, 5), 4: F(1, 10)}),
    # The season is already over: nothing is left to forecast.
    ([1, 2], 0, 8, 8, {}),
])
def test_hand_worked_odds(times, ruins, used, threshold, expected):
    assert draws_left(times, ruins, used, threshold) == expected


def test_the_four_draw_case_by_hand():
    # The last case above, P(4) = 1/10, counted on the 120 orders of 2, 2, 1, 1, 0: four draws
    # are needed exactly when the first three cards are 1, 1, 0 in some order (3! of them),
    # then anything: 3! * 2! = 12 orders of 120.
    assert draws_left([2, 2, 1, 1, 0], 0, 5, 8)[4] == F(12, 120)


def simulate(times: list[int], ruins: int, used: int, threshold: int, runs: int, seed: int) -> dict[int, float]:
    rng = random.Random(seed)
    deck = [("r", 0)] * ruins + [("x", t) for t in times]
    counts: dict[int, int] = {}
    for _ in range(runs):
        order = deck[:]
        rng.shuffle(order)
        time, draws, i = used, 0, 0
        while time < threshold and i < len(order):
            draws += 1
            while i < len(order) and order[i][0] == "r":
                i += 1
            if i < len(order):
                time += order[i][1]
                i += 1
        counts[draws] = counts.get(draws, 0) + 1
    return {k: v / runs for k, v in counts.items()}


@settings(max_examples=25, deadline=None)
@given(times=st.lists(st.integers(0, 2), min_size=3, max_size=9), ruins=st.integers(0, 2),
       threshold=st.integers(1, 8))
def test_the_exact_odds_match_a_simulation_of_shuffles(times, ruins, threshold):
    if sum(times) < threshold:
        times = times + [2] * ((threshold - sum(times) + 1) // 2)
    exact = draws_left(times, ruins, 0, threshold)
    assert sum(exact.values()) == 1
    # 4,000 shuffles with a fixed seed: each frequency lies within 0.04 of its probability
    # (over 5 standard deviations of a frequency, whose deviation is at most 0.008).
    seen = simulate(times, ruins, 0, threshold, 4000, seed=2024)
    for k in set(exact) | set(seen):
        assert abs(float(exact.get(k, 0)) - seen.get(k, 0)) < 0.04, (k, exact, seen)


def test_forecast_command_and_the_status_line(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "3").code == 0
    assert cartoref("draw").code == 0
    r = cartoref("forecast", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    status = json.loads(cartoref("status", "--json").out)
    assert (data["season"], data["time"], data["threshold"]) == (status["season"], status["time"], 8)
    exact = {k: F(v) for k, v in data["exact"]["draws_left"].items()}
    assert sum(exact.values()) == 1
    # Each card gives at most 2 time: at least ceil((8 - time) / 2) draws are left.
    assert min(int(k) for k in exact) == -(-(8 - status["time"]) // 2)
    assert F(data["exact"]["expected_draws_left"]) == sum(int(k) * p for k, p in exact.items())
    assert data["ends_next"] == float(F(data["exact"]["ends_next"]))
    out = cartoref("status").out
    assert "Forecast: the season cannot end with the next card" in out
    text = cartoref("forecast").out
    assert "Draws left until the season ends:" in text and "never the deck's" in text


def test_the_forecast_never_depends_on_the_deck_order(cartoref, tmp_path, monkeypatch):
    # Two games whose spring decks hold the same cards in different orders, at the same point
    # with the same cards revealed, get the same forecast.
    from cartoref.deck import DeckState
    from cartoref.game.forecast import forecast
    from cartoref.table import read_game

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "9").code == 0
    assert cartoref("draw").code == 0
    state = read_game("cartoref-game.yaml")
    d = state.deck
    hidden = list(d.remaining)
    random.Random(1).shuffle(hidden)
    other = DeckState(d.seed, d.cards, d.season, d.column + tuple(hidden), d.position, d.stack,
                      d.ruins_pending, d.ruins_card, d.hero_stack)
    from dataclasses import replace

    assert forecast(replace(state, deck=other)) == forecast(state)
