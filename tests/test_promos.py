"""The promo ambushes (PROMO A01-A04), a card set that is data (cards/promos/): dealt with
``new --ambushes promo|mixed`` in every edition, drawn in solo from their printed corners, and
the manifests that make a set."""

from __future__ import annotations

import os
import shutil

import pytest
from maps import cells

from cartoref.cards import Catalog, cards_dir, catalog
from cartoref.errors import CardDataError
from cartoref.grid import Sheet
from cartoref.moves.solo import solo_drawing

BASE = ["goblin-attack", "bugbear-assault", "kobold-onslaught", "gnoll-raid"]
HEROES = ["dragon-inferno", "zombie-plague", "giant-troll-ravage", "gorgon-gaze"]
PROMO = ["flayer-incursion", "insectoid-invasion", "ratman-strike", "ogre-charge"]


def game_cards(cartoref, tmp_path, *options) -> dict:
    game = tmp_path / "game.yaml"
    r = cartoref("new", "--players", "Ann,Bob", "--seed", "3", "--game", str(game), "--force", "--json", *options)
    assert r.code == 0, r.err
    import yaml

    return yaml.safe_load(game.read_text())["cards"]


@pytest.mark.parametrize(("options", "ambushes"), [
    ((), BASE),
    (("--ambushes", "promo"), PROMO),
    (("--ambushes", "mixed"), BASE + PROMO),
    (("--edition", "heroes", "--ambushes", "promo"), PROMO),
    (("--edition", "heroes", "--ambushes", "mixed"), HEROES + PROMO),
    (("--edition", "combined"), BASE + HEROES),
    (("--edition", "combined", "--ambushes", "heroes"), HEROES),
    (("--edition", "combined", "--ambushes", "promo"), PROMO),
    (("--edition", "combined", "--ambushes", "mixed"), BASE + HEROES + PROMO),
])
def test_the_ambush_deck_of_each_edition_and_choice(cartoref, tmp_path, options, ambushes):
    assert game_cards(cartoref, tmp_path, *options)["ambushes"] == ambushes


@pytest.mark.parametrize(("options", "said"), [
    (("--ambushes", "both"), "ambushes should be one of base, promo, mixed, not 'both'"),
    (("--edition", "heroes", "--ambushes", "base"), "ambushes should be one of heroes, promo, mixed, not 'base'"),
    (("--edition", "deluxe"), "unknown edition 'deluxe' (one of base, heroes, combined)"),
])
def test_an_ambush_choice_the_edition_lacks_is_refused(cartoref, tmp_path, options, said):
    r = cartoref("new", "--players", "Ann", "--game", str(tmp_path / "g.yaml"), *options)
    assert r.code == 2 and said in r.err and "Traceback" not in r.err


def test_mixed_ambushes_are_one_stack_of_eight_the_four_on_top_are_the_games():
    # The eight shuffled into one stack; one joins each season's deck, so the four on top are
    # the only ones a game can reveal and the other four stay unseen. Over many seeds, the promo
    # ones are on top about as often as the base ones.
    from cartoref.deck import ambush_stack

    eight = [catalog().deck_card(a) for a in BASE + PROMO]
    on_top = []
    for seed in range(40):
        stack = ambush_stack(seed, eight)
        assert sorted(stack) == sorted(BASE + PROMO)
        on_top += stack[:4]
    promo_share = sum(1 for a in on_top if a in PROMO) / len(on_top)
    assert 0.35 < promo_share < 0.65


SIDE_A = Sheet.blank(catalog().sheet_side("A"))


@pytest.mark.parametrize(("card", "spaces"), [
    # Each drawn unturned from its printed corner of an empty side A (no space there filled):
    ("flayer-incursion", "A10 B10 B11"),  # X. / XX, top-right
    ("insectoid-invasion", "A2 B1 B2 C1"),  # .X / XX / X., top-left (C2 is ruins: still empty)
    ("ratman-strike", "K9 K10 K11"),  # XXX, bottom-right
    ("ogre-charge", "J1 J2 K1 K2"),  # XX / XX, bottom-left
])
def test_solo_draws_each_promo_ambush_from_its_printed_corner(card, spaces):
    found = solo_drawing(SIDE_A, catalog().ambush(card))
    assert found is not None and found[1].mask == cells(spaces)


def test_a_card_set_is_a_folder_with_a_manifest(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    shutil.rmtree(folder / "promos")  # a set taken out: no code names it
    cat = Catalog(str(folder))
    assert cat.set_names == ("base", "heroes") and len(cat.ambushes) == 8
    assert [name for name, _sets in cat.ambush_choices] == []
    (folder / "extra").mkdir()  # a folder without a manifest is no set
    (folder / "extra" / "ambush.yaml").write_text("cards: []\n")
    assert Catalog(str(folder)).set_names == ("base", "heroes")


def test_a_manifest_listing_a_file_it_lacks_names_the_file(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    (folder / "promos" / "ambush.yaml").unlink()
    with pytest.raises(CardDataError) as e:
        _ = Catalog(str(folder)).ambushes
    assert os.path.join("promos", "ambush.yaml") in str(e.value) and "cannot read card file" in str(e.value)


NEW_AMBUSH = """
  - id: frost-wyrm
    number: 9
    name: Frost Wyrm
    arrow: cw
    corner: ne
    shape: X
    acts: zombies-spread
    effect: >-
      After each season is scored, its cold spreads to every empty space next to it.
"""


def test_an_ambush_added_as_data_acts_by_the_effect_it_names(tmp_path, monkeypatch):
    """A newcomer's ambush naming an effect the rules have (acts: zombies-spread) spreads after
    each scoring as Zombie Plague does; no code names it."""
    from cartoref import cards
    from cartoref.grid import Sheet, Terrain
    from cartoref.moves.effects import effect_of
    from cartoref.moves.playermap import Kept, PlayerMap, after_scoring
    from cartoref.notation import parse_spaces

    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    with open(folder / "promos" / "ambush.yaml", "a", encoding="utf-8") as f:
        f.write(NEW_AMBUSH)
    monkeypatch.setattr(cards, "_catalog", Catalog(str(folder)))
    wyrm = cards.catalog().ambush_by_id("frost-wyrm")
    assert wyrm is not None and (wyrm.initial, wyrm.after_scoring) == ("Z", True)
    assert effect_of("frost-wyrm") == "zombies-spread"
    # The wyrm drawn on E5 (its initial written), drawn by cartoref (in the map's history).
    e5 = parse_spaces("E5")
    sheet = Sheet.blank(cards.catalog().sheet_side("A")).with_drawn(e5, Terrain.MONSTER, "Z")
    done = after_scoring(PlayerMap(sheet, 0, (Kept("frost-wyrm", Terrain.MONSTER, e5, 0),)), "spring")
    assert done.steps == ("frost-wyrm",)
    assert done.zombies == parse_spaces("D5 F5 E4 E6")


def test_an_ambush_naming_an_effect_the_rules_lack_is_refused_when_read(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(cards_dir(), folder)
    with open(folder / "promos" / "ambush.yaml", "a", encoding="utf-8") as f:
        f.write(NEW_AMBUSH.replace("acts: zombies-spread", "acts: frost-breath"))
    with pytest.raises(CardDataError) as e:
        _ = Catalog(str(folder)).ambushes
    text = str(e.value)
    assert os.path.join("promos", "ambush.yaml") in text and "frost-wyrm" in text and "'frost-breath'" in text
    assert "dragon-coins, zombies-spread, troll-destroys, gorgon-destroys" in text
