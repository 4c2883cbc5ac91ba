"""The guards a real table needs: one table object knows what is at hand (the card, its season,
the side, who drew what), and every change to a map says and takes back all it did.

Every expected value here is worked out by hand from the rules (docs/rulings.md)."""

from __future__ import annotations

import json
import os

import pytest

from cartoref.cards import catalog
from cartoref.game import season_over
from cartoref.mapfile import parse_map
from cartoref.table import Table

SIDE_C = catalog().sheet_side("C")  # mountains B2 D9 F4 I10 J6; no wastelands


def side_c_map(symbols: dict[str, str], *, coins: int = 5, player: str | None = None, extra: str = "") -> str:
    """A map file on side C: every space forest but its printed mountains and the spaces named
    (a symbol each: "." empty, "D" a dragon space...)."""
    rows = []
    for r in range(11):
        row = []
        for c in range(11):
            label = "ABCDEFGHIJK"[r] + str(c + 1)
            b = 1 << (r * 12 + c)
            row.append("^" if SIDE_C.mountains & b else symbols.get(label, "F"))
        rows.append(" ".join(row))
    who = f"player: {player}\n" if player else ""
    return f"{who}sheet: C\ncoins: {coins}\n{extra}map: |\n" + "".join(f"  {r}\n" for r in rows)


def grid(cartoref, path) -> list[list[str]]:
    return json.loads(cartoref("show", str(path), "--json").out)["grid"]


def at(g: list[list[str]], label: str) -> str:
    return g["ABCDEFGHIJK".index(label[0])][int(label[1:]) - 1]


def draw_until(cartoref, done) -> None:
    for _ in range(60):
        if done(Table.read("cartoref-game.yaml")):
            return
        assert cartoref("draw").code == 0
    pytest.fail("the condition never came")


def first_legal(cartoref, map_name: str) -> tuple[list[str], str | None]:
    data = json.loads(cartoref("hint", map_name, "--json", "--top", "0").out)
    d = data["drawings"][0]
    return d["cells"], d.get("terrain")


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------- 1. the season at hand


def test_hint_on_the_last_card_of_spring_counts_spring_edicts(cartoref, here):
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4",
                    "--edicts", "sentinel wood,greenbough,canal lake,wildholds").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    draw_until(cartoref, lambda t: season_over(t.state))
    hand = Table.read("cartoref-game.yaml").at_hand
    # The last card of spring belongs to spring: edicts A and B score now (summer scores B and C).
    assert hand.last_of_season and hand.season.id == "spring"
    assert [(x, c.id) for x, c in hand.scoring] == [("A", "sentinel-wood"), ("B", "greenbough")]
    r = cartoref("hint", "ann.yaml", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["season"] == "spring"


# ------------------------------------------------------------------- 2. the solo monster drawn


def test_a_solo_monster_cartoref_drew_is_done_on_that_map_and_can_be_taken_back(cartoref, here):
    assert cartoref("new-map", "--player", "Zoe", "-o", "zoe.yaml").code == 0
    assert cartoref("new", "--solo", "--map", "zoe.yaml", "--seed", "12").code == 0
    draw_until(cartoref, lambda t: t.at_hand.card is not None and t.at_hand.card.id.endswith(("attack", "raid",
                                                                                            "assault", "onslaught")))
    hand = Table.read("cartoref-game.yaml").at_hand
    text = (here / "zoe.yaml").read_text()
    monster = [line for line in text.splitlines() if line.startswith(f"  - {hand.card.id}, monster on ")]
    assert len(monster) == 1 and monster[0].endswith(f"turn {hand.turn.number} of game 12")
    spaces = monster[0].split(" on ")[1].split(",")[0]
    r = cartoref("place", "zoe.yaml", "--cells", "K1")
    assert r.code == 2 and f"cartoref already drew {hand.card.name}'s monster at {spaces.replace(' ', ', ')}" in r.err
    r = cartoref("hint", "zoe.yaml")
    assert r.code == 2 and "cartoref already drew" in r.err
    assert cartoref("unplace", "zoe.yaml").code == 0
    assert all(c not in "M" for row in grid(cartoref, here / "zoe.yaml") for c in row)


#: On a blank Wilderness sheet (mountains B4 C9 F6 I3 J8), by the solo procedure of docs/solo.md:
#: where each base ambush's monster lands first (its box flush in the card's corner), and where
#: it lands when that first one is already drawn (the next position along the first side walked
#: whose monster spaces are all empty).
SOLO_FIRST = {"goblin-attack": "I9 J10 K11", "bugbear-assault": "A9 A11 B9 B11",
              "kobold-onslaught": "I1 J1 J2 K1", "gnoll-raid": "A1 A2 B1 C1 C2"}
# Goblin Attack up column 11: H9-J11 is free (I10 is an empty ruins space). Bugbear Assault down
# column 11: B9-C11 meets its own B9 and B11, C9-D11 the mountain C9, D9-E11 is free. Kobold
# Onslaught up column 1: H1-J2 and G1-I2 meet its own I1, F1-H2 is free. Gnoll Raid down
# column 1: B1-D2 and C1-E2 meet its own B1 and C1, D1-F2 is free.
SOLO_SECOND = {"goblin-attack": "H9 I10 J11", "bugbear-assault": "D9 D11 E9 E11",
               "kobold-onslaught": "F1 G1 G2 H1", "gnoll-raid": "D1 D2 E1 F1 F2"}


def monster_spaces(cartoref, path) -> set[str]:
    g = grid(cartoref, path)
    return {"ABCDEFGHIJK"[r] + str(c + 1) for r, row in enumerate(g) for c, sym in enumerate(row) if sym == "M"}


def is_base_ambush(t: Table) -> bool:
    return t.at_hand.card is not None and t.at_hand.card.id in SOLO_FIRST


def test_solo_ambush_in_the_game_refuses_the_monster_cartoref_drew_and_no_game_draws_it_again(cartoref, here):
    assert cartoref("new-map", "--player", "Zoe", "-o", "zoe.yaml").code == 0
    assert cartoref("new", "--solo", "--map", "zoe.yaml", "--seed", "12").code == 0
    draw_until(cartoref, is_base_ambush)
    hand = Table.read("cartoref-game.yaml").at_hand
    first = SOLO_FIRST[hand.card.id]
    assert monster_spaces(cartoref, here / "zoe.yaml") == set(first.split())
    before = (here / "zoe.yaml").read_bytes()
    # The game is found here (cartoref-game.yaml): the monster cartoref drew is done on that map.
    r = cartoref("solo-ambush", "zoe.yaml", hand.card.id)
    assert r.code == 2
    assert f"zoe.yaml: cartoref already drew {hand.card.name}'s monster at {first.replace(' ', ', ')}" in r.err
    assert "cartoref unplace MAP" in r.err
    r = cartoref("solo-ambush", "zoe.yaml", hand.card.id, "--game", "cartoref-game.yaml", "--json")
    assert r.code == 2 and "cartoref already drew" in r.err
    assert (here / "zoe.yaml").read_bytes() == before
    # In a game, the ambush is the card on the table.
    other = next(a for a in SOLO_FIRST if a != hand.card.id)
    r = cartoref("solo-ambush", "zoe.yaml", other)
    assert r.code == 2 and "is not the card on the table" in r.err and "--no-game" in r.err
    assert (here / "zoe.yaml").read_bytes() == before
    # --no-game: the map on its own, as with no game here; the procedure finds the next free place.
    r = cartoref("solo-ambush", "zoe.yaml", hand.card.id, "--no-game")
    assert r.code == 0, r.err
    second = SOLO_SECOND[hand.card.id]
    assert monster_spaces(cartoref, here / "zoe.yaml") == set(first.split()) | set(second.split())
    kept = [line for line in (here / "zoe.yaml").read_text().splitlines() if line.startswith("  - ")]
    assert kept == [f"  - {hand.card.id}, monster on {first}, turn {hand.turn.number} of game 12",
                    f"  - {hand.card.id}, monster on {second}"]


def test_solo_ambush_in_a_game_keeps_its_turn_and_draws_once(cartoref, here):
    # A solo game without --map: cartoref draws no monster; the player runs solo-ambush.
    assert cartoref("new-map", "--player", "Zoe", "-o", "zoe.yaml").code == 0
    assert cartoref("new", "--solo", "--seed", "12").code == 0
    draw_until(cartoref, is_base_ambush)
    hand = Table.read("cartoref-game.yaml").at_hand
    assert monster_spaces(cartoref, here / "zoe.yaml") == set()
    r = cartoref("solo-ambush", "zoe.yaml", hand.card.name)
    assert r.code == 0, r.err
    first = SOLO_FIRST[hand.card.id]
    assert monster_spaces(cartoref, here / "zoe.yaml") == set(first.split())
    monster = [line for line in (here / "zoe.yaml").read_text().splitlines() if line.startswith("  - ")]
    assert monster == [f"  - {hand.card.id}, monster on {first}, turn {hand.turn.number} of game 12"]
    before = (here / "zoe.yaml").read_bytes()
    r = cartoref("solo-ambush", "zoe.yaml", hand.card.id)
    assert r.code == 2 and f"this map has already drawn {hand.card.name}, the card on the table (at " \
        f"{first.replace(' ', ', ')})" in r.err
    assert (here / "zoe.yaml").read_bytes() == before


# ------------------------------------------------------------------- 3. one drawing per card per map


def test_a_map_draws_the_card_on_the_table_once(cartoref, here):
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    draw_until(cartoref, lambda t: t.at_hand.card is not None and t.at_hand.card.kind == "explore"
               and t.at_hand.card.options)
    cells, terrain = first_legal(cartoref, "ann.yaml")
    args = ["--terrain", terrain] if terrain else []
    assert cartoref("place", "ann.yaml", "--cells", ",".join(cells), *args).code == 0
    again, again_terrain = cells, terrain
    r = cartoref("place", "ann.yaml", "--cells", "K1", *args)
    assert r.code == 2 and "has already drawn" in r.err and "cartoref unplace MAP" in r.err
    # Taken back, it may be drawn again.
    assert cartoref("unplace", "ann.yaml").code == 0
    assert cartoref("place", "ann.yaml", "--cells", ",".join(again), *(["--terrain", again_terrain]
                                                                      if again_terrain else [])).code == 0


# ------------------------------------------------------------------- 4. the wrong side


def test_a_map_of_another_side_is_refused_by_every_command_of_the_game(cartoref, here):
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4", "--sheet", "B").code == 0
    assert cartoref("new-map", "--sheet", "A", "--player", "Ann", "-o", "ann.yaml").code == 0
    draw_until(cartoref, lambda t: season_over(t.state))
    said = "the map is on the wilderness side but"
    for args in (["place", "ann.yaml", "--cells", "K1"], ["hint", "ann.yaml"], ["fits", "ann.yaml"],
                 ["score", "ann.yaml", "--game", "cartoref-game.yaml"], ["season-end", "ann.yaml"]):
        r = cartoref(*args)
        assert r.code == 2 and said in r.err, (args, r.err)


# ------------------------------------------------------------------- 5. record and season-end in order


def test_effects_come_after_the_record_and_a_map_after_them_is_not_recorded(cartoref, here):
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    draw_until(cartoref, lambda t: season_over(t.state))
    r = cartoref("season-end", "ann.yaml")
    assert r.code == 2 and "no score of this map is recorded for spring" in r.err and "--force" in r.err
    # A table scoring on paper forces it; the map then no longer shows spring as scored.
    assert cartoref("season-end", "ann.yaml", "--force").code == 0
    assert "resolved: [spring]" in (here / "ann.yaml").read_text()
    r = cartoref("record", "Ann", "ann.yaml")
    assert r.code == 2 and "the effects after Spring's scoring are already applied" in r.err


# ------------------------------------------------------------------- 6. mountain coins, one rule


def test_a_zombie_filling_the_last_space_by_a_mountain_pays_its_coin(cartoref, here):
    # F4's neighbours E4 G4 F3 F5: E4 the only one empty, the zombie on D4 beside it.
    (here / "z.yaml").write_text(side_c_map({"D4": "Z", "E4": "."}))
    r = cartoref("season-end", "z.yaml", "--season", "spring", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["zombies"] == ["E4"] and data["coins"] == 6
    assert (data["coins_gained"], data["coin_reasons"]) == (1, ["surrounded the mountain at F4"])
    assert "warning" not in cartoref("check", "z.yaml").err


def test_the_troll_destroys_its_one_possible_space_by_itself_and_the_coin_is_paid(cartoref, here):
    (here / "t.yaml").write_text(side_c_map({"D4": "T", "E4": "."}))
    r = cartoref("season-end", "t.yaml", "--season", "summer", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert (data["troll"], data["coins"], data["coin_reasons"]) == (["E4"], 6, ["surrounded the mountain at F4"])
    assert at(grid(cartoref, here / "t.yaml"), "E4") == "X"


# ------------------------------------------------------------------- 7 and 10. every coin, taken back whole


def test_a_hero_destroying_the_dragon_pays_its_three_coins_and_unplace_takes_all_back(cartoref, here):
    # Wren on E3 marks D5 E5 F5: the three dragon spaces, destroyed; E6 stays open beside E5 but
    # no dragon space is left: Dragon Inferno pays 3 coins, once.
    (here / "h.yaml").write_text(side_c_map({"D5": "D", "E5": "D", "F5": "D", "E3": ".", "E6": "."}))
    before = (here / "h.yaml").read_text()
    r = cartoref("place", "h.yaml", "wren", "--cells", "E3", "--attacks", "D5,E5,F5", "--no-game", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert (data["coins_gained"], data["dragon_coins"], data["coins"]) == (3, 3, 8)
    assert data["coin_reasons"] == ["Dragon Inferno: every dragon space is surrounded or destroyed (3 coins)"]
    assert data["destroyed"] == ["D5", "E5", "F5"]
    assert "resolved: [dragon-inferno]" in (here / "h.yaml").read_text()
    r = cartoref("unplace", "h.yaml", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["restored"] == ["D5", "E5", "F5"] and json.loads(r.out)["coins"] == 5
    g = grid(cartoref, here / "h.yaml")
    assert [at(g, x) for x in ("D5", "E5", "F5", "E3")] == ["D", "D", "D", "."]
    after = parse_map((here / "h.yaml").read_text())
    assert (after.sheet, after.coins, after.resolved, after.drawings) == (parse_map(before).sheet, 5, (), ())
    # Taken back whole, the dragon pays again when the hero is drawn again.
    r = cartoref("place", "h.yaml", "wren", "--cells", "E3", "--attacks", "D5,E5,F5", "--no-game", "--json")
    assert (json.loads(r.out)["dragon_coins"], json.loads(r.out)["coins"]) == (3, 8)


def test_the_gorgon_destroy_is_reported_drawn_and_taken_back(cartoref, here):
    # The gorgon (X-X / .X.) on A4 A6 B5, the forest at A5 destroyed; nothing else empty nearby.
    (here / "g.yaml").write_text(side_c_map({"A4": ".", "A6": ".", "B5": "."}))
    r = cartoref("place", "g.yaml", "gorgon", "--cells", "A4,A6,B5", "--destroy", "A5", "--no-game", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.out)["destroyed"] == ["A5"]
    g = grid(cartoref, here / "g.yaml")
    assert [at(g, x) for x in ("A4", "A5", "A6", "B5")] == ["G", "X", "G", "G"]
    assert cartoref("unplace", "g.yaml").code == 0
    g = grid(cartoref, here / "g.yaml")
    assert [at(g, x) for x in ("A4", "A5", "A6", "B5")] == [".", "F", ".", "r"]  # B5: printed ruins


def test_the_picture_after_a_gorgon_destroy_shows_the_space_destroyed(cartoref, here):
    (here / "g.yaml").write_text(side_c_map({"A4": ".", "A6": ".", "B5": "."}))
    r = cartoref("place", "g.yaml", "gorgon", "--cells", "A4,A6,B5", "--destroy", "A5", "--no-game")
    assert r.code == 0, r.err
    # Row A after the gaze: the gorgon on A4 and A6, A5 destroyed, each bracketed as drawn.
    assert "  A  F  F  F [G][X][G] F  F  F  F  F" in r.out.splitlines()


# ------------------------------------------------------------------- 8. hint counts what it reports


def test_hint_counts_dragon_inferno_coins(cartoref, here):
    # Filling E6 closes the dragon in (+3 coins) and lifts one star of monster penalty; K11 does
    # neither.
    (here / "d.yaml").write_text(side_c_map({"D5": "D", "E5": "D", "F5": "D", "E6": ".", "K11": "."}))
    r = cartoref("hint", "d.yaml", "rift lands", "--no-game", "--season", "spring", "--top", "0", "--json",
                 "--edicts", "sentinel wood,canal lake,wildholds,borderlands")
    assert r.code == 0, r.err
    drawings = json.loads(r.out)["drawings"]
    assert len(drawings) == 10  # two spaces, five terrains
    for d in drawings:
        if d["cells"] == ["E6"]:
            assert (d["coins"], d["dragon_coins"], d["monsters"]) == (3, 3, 1)
        else:
            assert (d["coins"], d["dragon_coins"], d["monsters"]) == (0, 0, 0)


def test_hint_ranks_a_hero_by_its_space_and_what_its_marks_destroy(cartoref, here):
    # Dobrik marks the four spaces around him. On K11 he destroys the goblin on K10, lifting
    # K11's monster penalty (now +1) and completing row K and column 11 for Borderlands (edict D,
    # scored in autumn and winter: +12 twice); on E6 he completes row E and column 6 only.
    (here / "k.yaml").write_text(side_c_map({"E6": ".", "K11": ".", "K10": "M"}))
    r = cartoref("hint", "k.yaml", "dobrik", "--no-game", "--season", "spring", "--top", "0", "--json",
                 "--edicts", "sentinel wood,canal lake,wildholds,borderlands")
    assert r.code == 0, r.err
    drawings = json.loads(r.out)["drawings"]
    assert [(d["cells"], d["destroyed"], d["now"], d["later"]) for d in drawings] == [
        (["K11"], ["K10"], 1, 24 + 3), (["E6"], [], 0, 24)]


def test_hint_against_ranks_an_ambush_from_the_drawers_side(cartoref, here):
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "12").code == 0
    for p in ("Ann", "Bob", "Cy"):
        assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", p, "-o", f"{p.lower()}.yaml").code == 0
    assert cartoref("draw").code == 0
    card = Table.read("cartoref-game.yaml").at_hand.card
    assert card.id == "goblin-attack"
    # Clockwise each map goes to the next player: Ann draws on Cy's map, Cy's goes to Ann.
    victim, other = ("cy", "bob") if card.arrow == "cw" else ("bob", "cy")
    r = cartoref("hint", "ann.yaml", "--against", f"{victim}.yaml", "--json", "--top", "0")
    assert r.code == 0, r.err
    totals = [d["total"] for d in json.loads(r.out)["drawings"]]
    assert totals == sorted(totals) and totals[0] < totals[-1]
    r = cartoref("hint", "ann.yaml", "--against", f"{other}.yaml")
    assert r.code == 2 and "not to Ann" in r.err


# ------------------------------------------------------------------- 9. season-end at the table


def test_season_end_finds_the_game_and_the_table_names_the_maps_left(cartoref, here):
    # Heroes, seed 4: Zombie Plague comes in spring.
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4", "--edition", "heroes").code == 0
    for p in ("Ann", "Bob"):
        assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", p, "-o", f"{p.lower()}.yaml").code == 0
    draw_until(cartoref, lambda t: season_over(t.state))
    assert cartoref("record", "Ann", "ann.yaml").code == 0
    assert cartoref("record", "Bob", "bob.yaml").code == 0
    status = cartoref("status").out
    assert "cartoref season-end MAP... (still to apply on ann.yaml, bob.yaml)" in " ".join(status.split())
    r = cartoref("season-end", "ann.yaml", "--json")
    assert r.code == 0 and json.loads(r.out)["season"] == "spring", r.err
    # Summer starts with Bob's map still to do: the draw names it.
    r = cartoref("draw")
    assert "Spring's effects after scoring are still to apply: cartoref season-end bob.yaml" in " ".join(r.out.split())
    before = (here / "bob.yaml").read_text()
    r = cartoref("season-end", "bob.yaml", "ann.yaml", "--json")
    assert r.code == 2 and "ann.yaml: the effects after spring's scoring are already applied" in r.err
    assert (here / "bob.yaml").read_text() == before  # one refusal leaves every map as it was
    r = cartoref("season-end", "bob.yaml", "--json")
    assert r.code == 0 and json.loads(r.out)["season"] == "spring", r.err
    assert "still to apply" not in cartoref("status").out


# ------------------------------------------------------------------- 11. Ctrl-C says what was saved


def test_ctrl_c_after_a_draw_was_saved_names_the_card_and_before_it_says_nothing_was_saved(cartoref, here,
                                                                                           monkeypatch):
    from cartoref.table import game as table_game

    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4").code == 0
    saved = table_game.save

    def save_then_interrupt(path, state, *store):
        saved(path, state, *store)
        raise KeyboardInterrupt

    monkeypatch.setattr(table_game, "save", save_then_interrupt)
    r = cartoref("draw")
    name = Table.read("cartoref-game.yaml").at_hand.card.name
    assert r.code == 130 and r.err.strip() == f"Interrupted after revealing {name}; `cartoref status` shows it."

    def interrupt(path, state, *store):
        raise KeyboardInterrupt

    monkeypatch.setattr(table_game, "save", interrupt)
    r = cartoref("draw")
    assert r.code == 130 and r.err.strip() == "Interrupted: nothing was saved."


# ------------------------------------------------------------------- 12. solo words


def test_a_solo_game_speaks_to_one_player(cartoref, here):
    assert cartoref("new-map", "--player", "Zoe", "-o", "zoe.yaml").code == 0
    assert cartoref("new", "--solo", "--map", "zoe.yaml", "--seed", "5", "--edition", "heroes", "--sheet",
                    "A").code == 0
    said = []
    for _ in range(40):
        r = cartoref("draw")
        said.append(r.out)
        hand = Table.read("cartoref-game.yaml").at_hand
        if hand.last_of_season:
            said.append(cartoref("status").out)
            said.append(cartoref("record", "Zoe", "zoe.yaml").out)
            said.append(cartoref("standings").out)
            if hand.season.id == "summer":
                break
    text = " ".join(" ".join(said).split()).lower()
    for phrase in ("every player", "everyone", "rank", "pass your map", "each sheet", "is passed"):
        assert phrase not in text, phrase
    assert "you score:" in text and "record your sheet: cartoref record zoe zoe.yaml" in text


# ------------------------------------------------------------------- 13. a card named twice


def test_score_names_a_card_given_twice_once(cartoref):
    sample = os.path.join(os.path.dirname(os.path.dirname(__file__)), "sample_maps", "alice-spring.yaml")
    r = cartoref("score", sample, "--card", "sentinel wood", "--card", "Sentinel Wood", "--json")
    assert r.code == 0, r.err
    assert [c["id"] for c in json.loads(r.out)["cards"]] == ["sentinel-wood"]


def test_season_end_takes_several_maps_at_once(cartoref, here):
    for name in ("a", "b"):
        (here / f"{name}.yaml").write_text(side_c_map({"D4": "Z", "E4": "."}))
    r = cartoref("season-end", "a.yaml", "b.yaml", "--season", "spring", "--json")
    assert r.code == 0, r.err
    assert [(d["map"], d["zombies"], d["coins"]) for d in json.loads(r.out)] == [
        ("a.yaml", ["E4"], 6), ("b.yaml", ["E4"], 6)]
