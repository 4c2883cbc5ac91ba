"""`cartoref hint`: every legal drawing ranked by what it is worth, now and later.

The maps are tiny on purpose: a plain sheet all water but a few empty spaces, so every legal
drawing and its worth can be counted by hand.
"""

from __future__ import annotations

import json
import os

from conftest import SAMPLES
from maps import cells, full

from cartoref.cards import catalog
from cartoref.moves.advice import hints

EDICTS = [("sentinel-wood", "Sentinel Wood"), ("wildholds", "Wildholds"), ("canal-lake", "Canal Lake"),
          ("greenbough", "Greenbough")]
#: The edicts each season scores, as the season cards print them: A+B, B+C, C+D, D+A.
PLAN = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]


def water_but(labels: str):
    return full("W").erased(cells(labels))


def test_rift_lands_on_three_empty_spaces_in_spring():
    # Empty: A1, A2, K11; everything else water; no monsters, no mountains, 0 coins.
    # Spring scores A (Sentinel Wood) and B (Wildholds) now. Later: A in winter (1), B in
    # summer (1), C in summer and autumn (2), D in autumn and winter (2); 3 later scorings.
    #   forest on any of them: Sentinel Wood 0 -> 1 (edge forest), now +1, later +1;
    #     Greenbough 0 -> 2 (its row and its column), later 2 x 2 = 4. Total 6, now 1.
    #   farm on A2: Canal Lake 0 -> 3 (waters A3 B2, farm A2), later 3 x 2 = 6: total 6, now 0.
    #   farm on K11: waters K10 J11 and the farm: 3, total 6, now 0.
    #   farm on A1: water B1 and the farm (A2 is empty): 2, later 4: total 4.
    #   village or water anywhere, monster on K11 (no empty neighbour): 0.
    #   monster on A1 (A2 left empty beside it) or A2 (A1): -1 now, -3 later: -4.
    ranked = hints(water_but("A1 A2 K11"), catalog().any_card("rift lands"), EDICTS, 0, PLAN)
    got = [(h.drawing.terrain.word, [c.label for c in _cells(h.drawing.mask)], h.now, h.later) for h in ranked]
    assert len(got) == 15
    assert got[:6] == [("forest", ["A1"], 1, 5), ("forest", ["A2"], 1, 5), ("forest", ["K11"], 1, 5),
                       ("farm", ["A2"], 0, 6), ("farm", ["K11"], 0, 6), ("farm", ["A1"], 0, 4)]
    assert sorted(g[2] + g[3] for g in got[6:13]) == [0] * 7
    assert got[13:] == [("monster", ["A1"], -1, -3), ("monster", ["A2"], -1, -3)]
    assert ranked[13].monsters == -1


def _cells(mask):
    from cartoref.grid import iter_cells

    return list(iter_cells(mask))


def test_winter_has_no_later_and_a_full_coin_track_earns_nothing():
    # Great River's option 1 is a line of 3 with a coin; option 2 has 5 spaces. Empty: A1 A2
    # A3 only, so the one legal drawing is water on A1-A3 with option 1. In winter (D and A
    # now, nothing later) Sentinel Wood and Greenbough stay 0 (water): the coin is all it earns.
    card = catalog().any_card("great river")
    sheet = water_but("A1 A2 A3")
    (only,) = hints(sheet, card, EDICTS, 3, PLAN, coins_held=2)
    assert (only.drawing.option, only.coins, only.now, only.later) == (1, 1, 1, 0)
    (full_track,) = hints(sheet, card, EDICTS, 3, PLAN, coins_held=14)
    assert (full_track.coins, full_track.total) == (0, 0)
    from cartoref.views.advice import hint_reasons

    assert hint_reasons(full_track) == ["no coin: the coin track is full"]


def test_the_ruins_obligation_keeps_only_drawings_on_ruins():
    # Side A prints ruins at B6 C2 C10 I2 I10 J6. Rift Lands under the obligation: only those
    # 6 spaces, 5 terrains each.
    from cartoref.grid import Sheet

    side = catalog().sheet_side("wilderness")
    ranked = hints(Sheet.blank(side), catalog().any_card("rift lands"), EDICTS, 0, PLAN, ruins=True)
    assert len(ranked) == 30
    assert {c.label for h in ranked for c in _cells(h.drawing.mask)} == {"B6", "C2", "C10", "I2", "I10", "J6"}


def test_hint_command_text_and_json(cartoref, tmp_path):
    m = tmp_path / "m.yaml"
    with open(os.path.join(SAMPLES, "alice-spring.yaml"), encoding="utf-8") as f:
        m.write_text(f.read(), encoding="utf-8")
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "2", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["card"] == {"id": "rift-lands", "name": "Rift Lands"} and data["season"] == "spring"
    assert len(data["drawings"]) == 2 and data["count"] > 100
    best = data["drawings"][0]
    assert best["total"] == best["now"] + best["later"] and best["why"]
    # Ranked with the next card looked at (by ahead.value); --quick by the one-step total.
    assert best["ahead"]["value"] >= data["drawings"][1]["ahead"]["value"]
    quick = json.loads(cartoref("hint", str(m), "rift lands", "--no-game", "--top", "2", "--quick", "--json").out)
    assert quick["drawings"][0]["total"] >= quick["drawings"][1]["total"]
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "1")
    assert r.code == 0 and "1. " in r.out and "now +" in r.out
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--top", "1", "--explain")
    assert r.code == 0 and "The best drawing, in [brackets]:" in r.out and "[" in r.out.split("brackets]:")[1]
    r = cartoref("hint", str(m), "dobrik", "--no-game", "--top", "1")
    assert r.code == 0 and "1. hero on " in r.out and "orientation" in r.out


def test_hint_follows_the_game_card_and_edicts(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    assert cartoref("draw").code == 0
    status = json.loads(cartoref("status", "--json").out)
    r = cartoref("hint", "ann.yaml", "--json")
    if status["on_table"]["kind"] == "hero":
        assert r.code == 2
        return
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["card"]["id"] == status["on_table"]["id"] and data["season"] == "spring"
    # The best drawing is legal: place accepts it.
    best = data["drawings"][0]
    r = cartoref("place", "ann.yaml", "--cells", ",".join(best["cells"]), "--terrain", best["terrain"],
                 "--dry-run")
    assert r.code == 0, r.err


def test_hint_explain_svg_outlines_the_best_drawing(cartoref, tmp_path):
    # Side A all water but A1 A2 K11 (none of them printed; its mountains are already
    # surrounded, so no coin): as in the first test, the best Rift Lands is forest on A1 by its
    # one-step worth (--quick; looking ahead keeps A1 A2 for a two-space shape).
    import xml.etree.ElementTree as ET

    from cartoref.mapfile import MapFile, format_map

    m = tmp_path / "tiny.yaml"
    sheet = full("W", "wilderness").erased(cells("A1 A2 K11"))
    m.write_text(format_map(MapFile(sheet, player="Tiny", edicts=tuple(i for i, _ in EDICTS), season="spring")),
                 encoding="utf-8")
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--quick", "--explain", "--svg", "-")
    assert r.code == 0, r.err
    root = ET.fromstring(r.out.split("\n", 1)[1])
    ns = {"s": "http://www.w3.org/2000/svg"}
    outlined = {e.get("data-space") for e in root.iterfind(".//s:g[@class='hinted']//s:rect", ns)}
    assert outlined == {"A1"}
    a1 = next(g for g in root.iterfind(".//s:g[@data-space]", ns) if g.get("data-space") == "A1")
    assert "forest" in a1.get("class").split()
    r = cartoref("hint", str(m), "rift lands", "--no-game", "--quick", "--svg", "-")
    assert r.code == 2 and "--explain" in r.err
