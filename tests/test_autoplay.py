"""`cartoref autoplay --solo`: the advisor plays a whole solo game through the table's own calls,
leaving ordinary game and map files that every command reads."""

from __future__ import annotations

import json

import pytest


# The advisor's own games are slow to play whole (its look-ahead); here the command is played by
# the quicker policies, and the advisor's game below with a small budget.
@pytest.mark.parametrize("edition, policy", [("base", "now"), ("heroes", "random")])
def test_a_whole_solo_game_is_played_and_left_for_the_other_commands(cartoref, tmp_path, monkeypatch, edition,
                                                                     policy):
    monkeypatch.chdir(tmp_path)
    r = cartoref("autoplay", "--solo", "--seed", "5", "--edition", edition, "--policy", policy, "--json")
    assert r.code == 0, r.err
    played = json.loads(r.out)
    standings = json.loads(cartoref("standings", "--json").out)
    seasons = standings["players"][0]["seasons"]
    # Four seasons recorded, each from the map file, and the total is theirs.
    assert [s["season"] for s in seasons] == ["spring", "summer", "autumn", "winter"]
    assert played["score"] == standings["players"][0]["total"] == sum(s["total"] for s in seasons)
    assert cartoref("check", "autoplay-map.yaml").code == 0
    assert json.loads(cartoref("status", "--json").out)["game_over"]
    assert cartoref("show", "autoplay-map.yaml", "--svg", str(tmp_path / "map.svg")).code == 0
    assert cartoref("log").code == 0


@pytest.mark.campaign  # two whole games played, about 1.2 s: CI runs it with the campaigns
def test_the_same_seed_plays_the_same_game(tmp_path):
    """The advisor looking ahead (a small budget: the same sample of next drawings for a seed)
    plays the same game twice, to the last space."""
    from cartoref.table.autoplay import autoplay

    maps = []
    for n in (1, 2):
        played = autoplay(str(tmp_path / f"g{n}.yaml"), str(tmp_path / f"m{n}.yaml"), seed=9, policy="hint", budget=2)
        assert played.drawings > 0
        maps.append((tmp_path / f"m{n}.yaml").read_text())
    assert maps[0] == maps[1]


def test_a_gorgon_that_fits_nowhere_is_passed_over(tmp_path):
    # Heroes, seed 39, random drawings: in winter Gorgon Gaze's monster fits nowhere on the map
    # (the solo procedure ignores it); the game goes on to its end instead of asking again.
    from cartoref.table.autoplay import autoplay

    played = autoplay(str(tmp_path / "g.yaml"), str(tmp_path / "m.yaml"), seed=39, edition="heroes",
                      policy="random")
    assert played.score == 9 and played.drawings == 14


def test_autoplay_plays_with_the_promo_ambushes_when_asked(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("autoplay", "--solo", "--ambushes", "promo", "--seed", "5", "--policy", "now", "--json")
    assert r.code == 0, r.err
    text = (tmp_path / "cartoref-game.yaml").read_text()
    assert "ambushes: [flayer-incursion, insectoid-invasion, ratman-strike, ogre-charge]" in text
    # Every promo ambush revealed was drawn on the map by its solo procedure (or fitted nowhere).
    revealed = [a for a in ("flayer-incursion", "insectoid-invasion", "ratman-strike", "ogre-charge")
                if f"draw: [{a}]" in text or f", {a}]" in text or f"[{a}," in text]
    assert revealed, "seed 5 reveals at least one promo ambush in four seasons"
    history = (tmp_path / "autoplay-map.yaml").read_text()
    assert any(a in history for a in revealed)
    assert json.loads(cartoref("standings", "--json").out)["final"] is True
    r = cartoref("autoplay", "--solo", "--ambushes", "bogus")
    assert r.code == 2 and "ambushes should be one of base, promo, mixed" in r.err
