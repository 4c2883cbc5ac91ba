"""`hint` looking at the next card (cartoref.moves.lookahead): worked out by hand on tiny maps.

The map: a plain sheet all water but three empty spaces, A1 and A2 (a two-space gap on the
edge) and F6 (alone, inside). The card at hand is Rift Lands (one space, any of five terrains);
the next card can only be a domino of forest. The four edicts are all Sentinel Wood (a star per
forest space on the map's edge): in spring each is scored twice in the game (A+B, B+C, C+D, D+A),
so a forest space on the edge is worth 8 stars over the game.

- One step: forest on A1 (or A2) is worth 8; anything on F6 is worth 0.
- Looking ahead: after A1 or A2 the domino fits nowhere (0); after F6 it goes on A1 A2 in forest,
  2 edge spaces: 16. So F6 is the better drawing, 0 + 16 = 16 against 8 + 0 = 8.
"""

from __future__ import annotations

import json

import pytest
from maps import cells, full

from cartoref.cards import ExploreCard, Kind, ShapeOption, catalog
from cartoref.grid import Terrain
from cartoref.moves.advice import hints
from cartoref.moves.lookahead import Budget, Outlook, look_ahead
from cartoref.shapes import Shape

EDICTS = ("sentinel-wood",) * 4
NAMED = [(i, "Sentinel Wood") for i in EDICTS]
PLAN = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]
DOMINO = ExploreCard("domino", 99, "Domino", Kind.EXPLORE, 1, (Terrain.FOREST,), (ShapeOption(Shape.parse("XX")),))
SHEET = full("W").erased(cells("A1 A2 F6"))


def rift_lands() -> ExploreCard:
    return next(c for c in catalog().explore if c.id == "rift-lands")


def ranked(budget: Budget, outlook: Outlook | None = None, seed: int = 0):
    one_step = hints(SHEET, rift_lands(), NAMED, 0, PLAN)
    return one_step, look_ahead(one_step, SHEET, EDICTS, PLAN, outlook or Outlook(((DOMINO, 1.0),), 9, 0),
                                coins_held=0, track=14, budget=budget, seed=seed)


def where(h) -> tuple[str, str]:
    return next(iter(cells_of(h.mask))), h.drawing.terrain.word


def cells_of(mask: int) -> list[str]:
    from cartoref.grid import iter_cells

    return [c.label for c in iter_cells(mask)]


def test_keeping_the_gap_for_the_next_card_beats_the_greedy_drawing():
    one_step, ahead = ranked(Budget(10_000))
    assert where(one_step[0]) == ("A1", "forest") and one_step[0].total == 8
    best = ahead[0]
    assert where(best) == ("F6", "forest")  # ties on F6 keep the one-step order: forest first
    assert (best.total, best.ahead.next, best.value) == (0, 16, 16)
    greedy = next(h for h in ahead if where(h) == ("A1", "forest"))
    assert (greedy.total, greedy.ahead.next, greedy.value) == (8, 0, 8)
    # The reason: the domino's best drawing next is worth 16 more than after the one-step best.
    assert best.ahead.card == DOMINO and best.ahead.more == 16 and best.ahead.chance == 1.0
    assert greedy.ahead.card is None  # the one-step best is what the others are compared with


def test_the_next_card_weighs_by_its_chance():
    # Half the time the next card is the domino, half a card that cannot be drawn here at all
    # (a 3 x 1 shape: no three empty spaces in a row): F6 is worth 0 + 16 / 2 = 8, A1 8 + 0.
    bar = DOMINO._replace(id="bar", name="Bar", options=(ShapeOption(Shape.parse("XXX")),))
    _, ahead = ranked(Budget(10_000), Outlook(((DOMINO, 0.5), (bar, 0.5)), 9, 0))
    f6 = next(h for h in ahead if where(h) == ("F6", "forest"))
    assert f6.value == 8 and f6.ahead.next == 8
    # A tie at 8 keeps the one-step order: forest on A1 first.
    assert where(ahead[0]) == ("A1", "forest")


def test_the_budget_is_a_count_of_drawings_evaluated():
    # The domino's one drawing on the map as it is counts 1. Each candidate on A1 or A2 leaves
    # the domino nothing to evaluate (0), each on F6 one drawing (1). The one-step order: forest
    # on A1, on A2 (8 each); the 0s: village, farm, water on A1, then on A2, then the five on F6;
    # last a monster on A1 or A2 (-4: A2 or A1 left empty beside it at 4 scorings). With 2
    # allowed, the first nine are looked at, down to forest on F6; the rest keep their order.
    budget = Budget(2)
    one_step, ahead = ranked(budget)
    assert budget.spent == 2
    looked = [h for h in ahead if h.ahead is not None]
    assert len(looked) == 9 and where(ahead[0]) == ("F6", "forest")
    rest = ahead[9:]
    assert [where(h) for h in rest] == [("F6", t) for t in ("village", "farm", "water", "monster")] + \
        [("A1", "monster"), ("A2", "monster")]
    assert all(h.ahead is None for h in rest) and rest == one_step[9:]


def test_the_deadline_is_read_on_an_injected_clock_between_drawings():
    ticks = iter([0.0, 0.5, 5.0])  # before starting; before the first candidate; before the second
    budget = Budget(10_000, deadline=1.0, clock=lambda: next(ticks))
    one_step, ahead = ranked(budget)
    assert [h.ahead is not None for h in ahead].count(True) == 1
    assert ahead[1:] == one_step[1:]


def test_no_budget_or_the_game_s_last_card_keeps_the_one_step_ranking():
    one_step, ahead = ranked(Budget(0))
    assert ahead == one_step
    one_step, ahead = ranked(Budget(10_000), Outlook((), 0, None))
    assert ahead == one_step


def test_the_same_seed_gives_the_same_ranking_when_the_budget_samples():
    # A blank map and every base explore card next: far more follow-ups than 1,500 evaluations
    # cover, so the seed picks the sample; the same seed, the same ranking.
    from cartoref.grid import Sheet

    sheet = Sheet.blank(catalog().sheet_side("wilderness"))
    card = next(c for c in catalog().explore if c.id == "hamlet")
    explore = [c for c in catalog().explore if c.set == "base" and c.kind != Kind.RUINS]
    outlook = Outlook(tuple((c, 1 / len(explore)) for c in explore), len(explore), 0)
    named = [(i, i) for i in ("sentinel-wood", "wildholds", "canal-lake", "greenbough")]
    runs = []
    for _ in range(2):
        one_step = hints(sheet, card, named, 0, PLAN)
        runs.append([(h.mask, h.drawing.terrain, h.value) for h in
                     look_ahead(one_step, sheet, [i for i, _ in named], PLAN, outlook, coins_held=0, track=14,
                                budget=Budget(1_500), seed=7)])
    assert runs[0] == runs[1]


def test_the_outlook_is_the_face_down_multiset():
    # Spring before the first draw: 13 explore cards (2 ruins) and 1 ambush face down. Ruins are
    # left out (they reveal another card at once): 12 cards, each explore card 1 in 12; the ambush
    # face down is any of the 4 not yet revealed, each 1/12 x 1/4 = 1/48.
    from cartoref.game import new_game
    from cartoref.game.forecast import outlook

    views = []
    for seed in (1, 2):  # two shuffles: the same outlook, whatever the order
        o = outlook(new_game(seed, ("Solo",), solo=True))
        views.append(sorted((c.id, round(p, 9)) for c, p in o.next_cards))
        assert (o.face_down, o.season, o.ruins) == (14, 0, 2)
        kinds = {c.kind: p for c, p in o.next_cards}
        assert kinds[Kind.EXPLORE] == pytest.approx(1 / 12) and kinds[Kind.AMBUSH] == pytest.approx(1 / 48)
        assert sum(p for _, p in o.next_cards) == pytest.approx(1)
    assert views[0] == views[1]


FOUR = [("sentinel-wood", "Sentinel Wood"), ("wildholds", "Wildholds"), ("canal-lake", "Canal Lake"),
        ("greenbough", "Greenbough")]


def tiny_map(tmp_path):
    from cartoref.mapfile import MapFile, format_map

    m = tmp_path / "tiny.yaml"
    m.write_text(format_map(MapFile(full("W", "wilderness").erased(cells("A1 A2 F6")), player="Tiny",
                                    edicts=tuple(i for i, _ in FOUR), season="spring")), encoding="utf-8")
    return m


def test_the_command_line_looks_ahead_and_quick_keeps_the_one_step_ranking(cartoref, tmp_path):
    m = tiny_map(tmp_path)
    quick = cartoref("hint", str(m), "rift lands", "--no-game", "--quick", "--top", "0", "--json")
    assert quick.code == 0, quick.err
    old = hints(full("W", "wilderness").erased(cells("A1 A2 F6")), rift_lands(), FOUR, 0, PLAN)
    drawings = json.loads(quick.out)["drawings"]
    assert [(d["cells"], d["terrain"], d["total"]) for d in drawings] == \
        [(cells_of(h.mask), h.drawing.terrain.word, h.total) for h in old]
    assert all("ahead" not in d for d in drawings)
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "1", "--seed", "3")
    assert r.code == 0, r.err
    assert "with the next card" in r.out and "cards face down" in r.out
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "1", "--json")
    assert "ahead" in json.loads(r.out)["drawings"][0]


@pytest.mark.parametrize("args, words", [
    (("--budget", "0"), "--budget"),
    (("--budget", "soon"), "--budget"),
    (("--quick", "--budget", "100"), "--quick"),
    (("--quick", "--seed", "1"), "--quick"),
])
def test_bad_look_ahead_options_are_refused(cartoref, tmp_path, args, words):
    r = cartoref("hint", str(tiny_map(tmp_path)), "rift lands", "--no-game", *args)
    assert r.code == 2 and words in r.err


def test_the_reason_in_words():
    from cartoref.moves.lookahead import Ahead
    from cartoref.views.advice import ahead_reason

    assert ahead_reason(Ahead(16.0, 11, DOMINO, 16.0, 1 / 9, 9)) == (
        "keeps room for Domino: its best drawing next is worth 16.0 stars more than after the one-step best "
        "(1 of 11 cards face down); the next card: +16.0 expected")
    assert ahead_reason(Ahead(2.5, 11)) == "the next card: +2.5 stars expected at best after it (from the 11 cards " \
        "face down)"
    gaze = next(a for a in catalog().ambushes if a.id == "gorgon-gaze")
    assert ahead_reason(Ahead(1.0, 11, gaze, 3.0, 0.25, 9)) == (
        "Gorgon Gaze's monster would land where it costs 3.0 stars less than after the one-step best (25% that it "
        "is the next card); the next card: +1.0 expected")


# Ruins to come. C2 is a ruins space of side A, E4 is not; both lie inside the map, every space
# around them water. The edicts are all Treetower (a star per forest space whose four sides are
# filled or the edge): forest on either is worth 1 star at each of the game's 8 scorings. The next
# card is one forest space, worth 8 on the other one. With ruins obligations to come, a Poisson
# number of mean ln 2, the chance that at least one comes is 1/2: covering C2 (the last empty
# ruins space) leaves it unmet, and an unmet obligation loses LOST times the next card's best (8).
TOWERS = [("treetower", "Treetower")] * 4
MONO = ExploreCard("mono", 98, "Mono", Kind.EXPLORE, 1, (Terrain.FOREST,), (ShapeOption(Shape.parse("X")),))


def ruins_ranked(to_come: float):
    from cartoref.moves.lookahead import LOST

    sheet = full("W", "wilderness").erased(cells("C2 E4"))
    one_step = hints(sheet, rift_lands(), TOWERS, 0, PLAN)
    outlook = Outlook(((MONO, 1.0),), 9, 0, ruins_to_come=to_come)
    return LOST, one_step, look_ahead(one_step, sheet, [i for i, _ in TOWERS], PLAN, outlook, coins_held=0,
                                      track=14, budget=Budget(10_000))


def test_the_last_empty_ruins_space_is_kept_for_the_ruins_cards_to_come():
    import math

    lost, one_step, ahead = ruins_ranked(math.log(2))
    assert [(where(h), h.total) for h in one_step[:2]] == [(("C2", "forest"), 8), (("E4", "forest"), 8)]
    c2 = next(h for h in ahead if where(h) == ("C2", "forest"))
    assert c2.ahead.next == 8 and c2.ahead.ruins is not None
    assert (c2.ahead.ruins.covered, c2.ahead.ruins.left) == (1, 1)
    assert c2.ahead.ruins.stars == pytest.approx(lost * 8 * 0.5)
    assert c2.value == pytest.approx(8 + 8 - lost * 4)
    best = ahead[0]
    assert where(best) == ("E4", "forest") and best.value == 16 and best.ahead.ruins is None


def test_with_no_ruins_card_to_come_a_ruins_space_costs_nothing():
    _, _, ahead = ruins_ranked(0.0)
    assert where(ahead[0]) == ("C2", "forest") and ahead[0].value == 16
    assert ahead[0].ahead.ruins.stars == 0
    from cartoref.views.advice import hint_line

    assert "ruins" not in hint_line(1, ahead[0])  # nothing to say


@pytest.mark.parametrize("times, ruins, threshold, expected", [
    # Two cards of time 1, a ruins card, the season ends at 2: the ruins card is first (draw 1
    # is bound), second (draw 2) or last (never revealed): 2 of 3 orders.
    ((1, 1), 1, 2, 2 / 3),
    # A card of time 1 and one of time 2, ends at 2: of the 6 orders, R a b, R b a and a R b
    # bind a drawing; b first ends the season, and a b R never reveals the ruins card.
    ((1, 2), 1, 2, 1 / 2),
    ((1, 1), 0, 2, 0),
])
def test_the_ruins_obligations_expected_before_a_season_ends(times, ruins, threshold, expected):
    from cartoref.game.forecast import _obligations

    assert _obligations(times, ruins, 0, threshold) == pytest.approx(expected)


def test_heroes_has_no_ruins_card_so_no_obligation_to_come():
    from cartoref.cards import CardSet
    from cartoref.game.forecast import ruins_in_seasons

    cards = catalog()
    heroes = [c for c in cards.explore if c.set == CardSet.HEROES]
    base = [c for c in cards.explore if c.set == CardSet.BASE]
    assert ruins_in_seasons(heroes, cards.seasons) == 0
    assert 0 < ruins_in_seasons(base, cards.seasons[3:]) < ruins_in_seasons(base, cards.seasons)


def test_the_command_line_says_what_a_ruins_space_costs(cartoref, tmp_path):
    # With no game every base explore card may come, and so may ruins cards (about 3 obligations
    # in a whole game): forest on E4 beats forest on C2, the last empty ruins space, worth the same.
    from cartoref.mapfile import MapFile, format_map

    m = tmp_path / "ruins.yaml"
    # Only Treetower (A: spring and winter) scores forest alone on C2 or E4: 2 stars a drawing.
    m.write_text(format_map(MapFile(full("W", "wilderness").erased(cells("C2 E4")), player="Ruth",
                                    edicts=("treetower", "wildholds", "mages-valley", "stoneside-forest"),
                                    season="spring")), encoding="utf-8")
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "0", "--json")
    assert r.code == 0, r.err
    drawings = json.loads(r.out)["drawings"]
    assert (drawings[0]["cells"], drawings[0]["terrain"], drawings[0]["ahead"]["ruins"]) == (["E4"], "forest", None)
    c2 = next(d for d in drawings if d["cells"] == ["C2"] and d["terrain"] == "forest")
    assert (c2["ahead"]["ruins"]["covered"], c2["ahead"]["ruins"]["left"]) == (1, 1)
    assert c2["ahead"]["ruins"]["stars"] > 0 and c2["ahead"]["value"] < drawings[0]["ahead"]["value"]
    text = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "0").out
    assert "covers 1 of 1 empty ruins space" in text and "ruins -" in text
