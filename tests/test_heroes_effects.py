"""The special ambushes' effects (Heroes), worked out by hand on small boards: zombies spread,
the troll destroys, the gorgon gazes, the dragon pays its 3 coins once; and ``season-end`` and
``place --destroy`` on map files."""

from __future__ import annotations

import json

import pytest
from maps import PLAIN, cells, sheet_from

from cartoref.errors import IllegalPlacement
from cartoref.grid import Sheet, Terrain
from cartoref.moves import effects as fx


def test_zombies_spread_once_into_every_empty_space_beside_them():
    # A zombie on F6 of a plain sheet, a forest on F7: new zombies on E6 G6 F5 (not F7, filled).
    sheet = sheet_from("Z F", at="F6")
    after, new, doomed = fx.zombie_spread(sheet)
    assert new == cells("E6 G6 F5") and doomed == 0
    assert after.initials[1] == cells("F6 E6 G6 F5") and after.monster == cells("F6 E6 G6 F5")
    # One ring a season: the new zombies do not spread again at once.
    assert fx.zombie_spread(after)[1] == cells("D6 H6 E5 G5 F4 E7 G7")


def test_a_new_zombie_inside_an_attack_zone_is_destroyed_at_once():
    sheet = sheet_from("Z", at="F6").with_attacks(cells("E6 F5"))
    after, new, doomed = fx.zombie_spread(sheet)
    assert new == cells("E6 G6 F5 F7") and doomed == cells("E6 F5")
    assert after.destroyed == cells("E6 F5") and after.initials[1] == cells("F6 G6 F7")


def test_the_troll_destroys_one_empty_space_beside_it_or_nothing():
    sheet = sheet_from("TTT/.T.", at="E5")  # a troll on E5 E6 E7 F6
    assert fx.troll_targets(sheet) == cells("D5 D6 D7 E4 E8 F5 F7 G6")
    boxed = sheet_from("FFFFF/FTTTF/FFTFF/.FFF.", at="D4")  # every side of the troll filled
    assert fx.troll_targets(boxed) == 0
    with pytest.raises(IllegalPlacement) as e:
        fx.destroy_one(sheet, cells("A1"), fx.troll_targets(sheet), "the troll", fx.TROLL)
    assert e.value.code == "not-a-target"


def test_the_gorgon_destroys_any_space_beside_it_but_a_mountain():
    # A gorgon X-X/.X. on E5 E7 F6; a mountain on D5, a hero on E6 (inside the gorgon's box).
    sheet = sheet_from("^../G.G/.G.", at="D5").with_drawn(cells("E6"), Terrain.HERO)
    targets = fx.gorgon_targets(sheet, fx.spaces_of(sheet, fx.GORGON))
    assert targets == cells("D7 E4 E6 E8 F5 F7 G6")  # D5 is a mountain; E6 (the hero) may be destroyed


def test_the_dragon_pays_once_every_dragon_space_is_closed():
    open_dragon = sheet_from("D", at="E5")
    assert not fx.dragon_pays(open_dragon, True)
    closed = sheet_from("FFF/FDF/FFF", at="D4")
    assert fx.dragon_pays(closed, True)
    assert fx.dragon_pays(Sheet.blank(PLAIN), True)  # destroyed at birth: no dragon space left
    assert not fx.dragon_pays(Sheet.blank(PLAIN), False)  # no dragon drawn: nothing to pay


def full_map_but(holes: str) -> str:
    """A plain-looking map file on side C filled with forest but on ``holes`` (and its printed
    mountains; its ruins written as forest drawn on them)."""
    from cartoref.cards import catalog

    side = catalog().sheet_side("C")
    rows = []
    for r in range(11):
        row = []
        for c in range(11):
            b = 1 << (r * 12 + c)
            label = "ABCDEFGHIJK"[r] + str(c + 1)
            row.append("^" if side.mountains & b else "." if label in holes.split() else "F")
        rows.append(" ".join(row))
    return "sheet: C\ncoins: 13\nmap: |\n" + "".join(f"  {r}\n" for r in rows)


def test_a_dragon_drawn_closed_in_pays_three_coins_once_capped_by_the_track(cartoref, tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text(full_map_but("E5 E6 E7 D7 F5 K11"))
    r = cartoref("place", str(path), "dragon", "--cells", "D7,E5,E6,E7,F5", "--no-game", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    # 13 coins; the dragon fills F5, the last open side of side C's mountain F4: +1 = 14, the
    # track's end; the dragon is closed in at once: its 3 coins are earned too, and find no room.
    assert data["coins_gained"] == 4 and data["coins"] == 14 and data["dragon_coins"] == 3
    assert data["coin_reasons"] == ["surrounded the mountain at F4",
                                    "Dragon Inferno: every dragon space is surrounded or destroyed (3 coins)"]
    assert "the coin track is full (14 coins): 3 coins could not be marked" in data["warnings"][0]
    text = path.read_text()
    assert "resolved: [dragon-inferno]" in text and "DDD" in json.loads(cartoref("show", str(path), "--json").out)[
        "grid"][4]
    # Paid once: a later drawing leaves the coins alone.
    again = json.loads(cartoref("place", str(path), "rift lands", "--cells", "K11", "--terrain", "forest",
                                "--no-game", "--json").out)
    assert again["coins"] == 14


def test_place_gorgon_needs_the_space_it_destroys(cartoref, tmp_path):
    path = tmp_path / "g.yaml"
    assert cartoref("new-map", "--sheet", "C", "-o", str(path)).code == 0
    r = cartoref("place", str(path), "gorgon", "--cells", "E5,E7,F6", "--no-game")
    assert r.code == 2 and "choose it (one of" in r.err and "--destroy SPACE" in r.err
    r = cartoref("place", str(path), "gorgon", "--cells", "E5,E7,F6", "--destroy", "A1", "--no-game")
    assert r.code == 2 and "A1 is not a space the gorgon may destroy" in r.err
    r = cartoref("place", str(path), "gorgon", "--cells", "E5,E7,F6", "--destroy", "E6", "--no-game")
    assert r.code == 0 and "the gorgon destroyed E6" in r.out
    grid = json.loads(cartoref("show", str(path), "--json").out)["grid"]
    assert grid[4][4:7] == "GXG" and grid[5][5] == "G"
    r = cartoref("place", str(path), "hamlet", "--cells", "K1,K2,J1", "--terrain", "village", "--destroy", "A1",
                 "--no-game")
    assert r.code == 2 and "only Gorgon Gaze" in r.err


def test_season_end_applies_the_effects_once_in_order(cartoref, tmp_path):
    path = tmp_path / "s.yaml"
    assert cartoref("new-map", "--sheet", "C", "-o", str(path)).code == 0
    assert cartoref("place", str(path), "zombie", "--cells", "F6", "--no-game").code == 0
    assert cartoref("place", str(path), "troll", "--cells", "A6,A7,A8,B7", "--no-game").code == 0
    # The troll's empty neighbours are A5 A9 B6 B8 C7; without --troll the choice is asked for
    # and nothing is written. The zombie on F6 spreads to E6 F5 F7 G6 first (revealed first).
    before = path.read_text()
    r = cartoref("season-end", str(path), "--season", "spring")
    assert r.code == 2 and "one of A5, A9, B6, B8, C7" in r.err and path.read_text() == before
    r = cartoref("season-end", str(path), "--season", "spring", "--troll", "B6", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["order"] == ["zombie-plague", "giant-troll-ravage"]
    assert data["zombies"] == ["E6", "F5", "F7", "G6"] and data["troll"] == ["B6"]
    assert "resolved: [spring]" in path.read_text()
    r = cartoref("season-end", str(path), "--season", "spring", "--troll", "B8")
    assert r.code == 2 and "already applied" in r.err


def test_a_solo_heroes_game_draws_its_monsters_with_their_initials_but_leaves_the_gorgon(cartoref, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--sheet", "C", "--player", "Me", "-o", "me.yaml").code == 0
    # Seed 9 reveals Gorgon Gaze, Zombie Plague and Giant Troll Ravage in this solo game.
    assert cartoref("new", "--solo", "--edition", "heroes", "--map", "me.yaml", "--seed", "9").code == 0
    seen = set()
    for _ in range(80):
        status = json.loads(cartoref("status", "--json").out)
        if status["game_over"]:
            break
        if status["season_over"]:
            cartoref("record", "Me", "--edict1", "0", "--edict2", "0", "--coins", "0", "--monsters", "0")
        run = cartoref("draw", "--json")
        d = json.loads(run.out)
        ambush = [c["id"] for c in d["revealed"] if c["kind"] == "ambush"]
        if not ambush:
            continue
        shown = json.loads(cartoref("show", "me.yaml", "--json").out)
        letters = "".join(shown["grid"])
        if ambush[0] == "gorgon-gaze":
            # The gorgon's target is the player's: cartoref draws nothing and says what to run.
            assert d["solo_monster"]["yours"] == "gorgon-gaze" and d["solo_monster"]["cells"] == []
            assert "G" not in letters and "g" not in letters
            cartoref("undo")
            assert "cartoref solo-ambush me.yaml gorgon-gaze --destroy SPACE" in cartoref("draw").out
            seen.add("gorgon")
        else:
            initial = {"dragon-inferno": "D", "zombie-plague": "Z", "giant-troll-ravage": "T"}[ambush[0]]
            assert letters.count(initial) + letters.count(initial.lower()) == len(d["solo_monster"]["cells"])
            seen.add("monster")
    assert seen == {"gorgon", "monster"}


def test_a_gorgon_destroying_a_hero_space_leaves_its_marks(cartoref, tmp_path):
    path = tmp_path / "h.yaml"
    assert cartoref("new-map", "--sheet", "C", "-o", str(path)).code == 0
    # Wren on E3 (orientation 1) marks D5 E5 F5. The gorgon X-X/.X. on E4 E6 F5: F5 falls in a
    # mark and is destroyed at birth; E4 survives, next to the hero E3, which it destroys.
    assert cartoref("place", str(path), "wren", "--cells", "E3", "--orientation", "1", "--no-game").code == 0
    r = cartoref("place", str(path), "gorgon", "--cells", "E4,E6,F5", "--destroy", "E3", "--no-game")
    assert r.code == 0, r.err
    assert "destroyed at once: F5" in r.out and "the gorgon destroyed E3" in r.out
    shown = json.loads(cartoref("show", str(path), "--json").out)
    assert shown["grid"][4][2:6] == "XG.G"  # E3 destroyed, the gorgon on E4 and E6, E5 an empty mark
    assert shown["grid"][5][4] == "X"  # F5: the gorgon space destroyed at birth
    assert shown["zones"] == ["D5", "E5", "F5"]  # the hero is gone, its marks stay


def test_season_end_on_several_maps_takes_a_troll_space_per_map_and_names_those_left(cartoref, tmp_path):
    ann, bob, cy = (tmp_path / f"{n}.yaml" for n in ("ann", "bob", "cy"))
    for path in (ann, bob, cy):
        assert cartoref("new-map", "--sheet", "C", "-o", str(path)).code == 0
    for path in (ann, bob):  # the troll's empty neighbours: A5 A9 B6 B8 C7
        assert cartoref("place", str(path), "troll", "--cells", "A6,A7,A8,B7", "--no-game").code == 0
    assert cartoref("place", str(cy), "zombie", "--cells", "F6", "--no-game").code == 0
    # No space given: Cy's zombie spreads (written), Ann's and Bob's trolls are named, with
    # what each may destroy; their maps stay as they were; exit 2.
    before = ann.read_text(), bob.read_text()
    r = cartoref("season-end", str(ann), str(bob), str(cy), "--season", "spring")
    assert r.code == 2 and "Traceback" not in r.err
    assert f"{ann}: A5, A9, B6, B8, C7" in r.err and f"{bob}: A5, A9, B6, B8, C7" in r.err
    assert "--troll MAP=SPACE" in r.err
    assert (ann.read_text(), bob.read_text()) == before and "resolved: [spring]" in cy.read_text()
    # A space for each, by file name: both applied.
    r = cartoref("season-end", str(ann), str(bob), "--season", "spring", "--troll", "ann.yaml=B6",
                 "--troll", f"{bob}=C7", "--json")
    assert r.code == 0, r.err
    assert [d["troll"] for d in json.loads(r.out)] == [["B6"], ["C7"]]
    # One bare SPACE is for one map only; a map not given is named.
    r = cartoref("season-end", str(ann), str(bob), "--season", "spring", "--troll", "B6")
    assert r.code == 2 and "MAP=SPACE" in r.err
    r = cartoref("season-end", str(ann), "--season", "spring", "--troll", "dee.yaml=B6")
    assert r.code == 2 and "dee.yaml is not one of the maps given" in r.err
