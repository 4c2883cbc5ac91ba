"""Heroes on a sheet: each hero's pattern in every orientation, the monsters its marks destroy,
monsters drawn later inside a mark, and the special ambushes' initials. Boards worked out by
hand from the hero cards (docs/sources.md, "Cartographers Heroes") on the plain test side."""

from __future__ import annotations

import pytest
from maps import PLAIN, cells, sheet_from

from cartoref.cards import catalog
from cartoref.errors import IllegalPlacement
from cartoref.grid import Sheet
from cartoref.moves import check_drawing
from cartoref.moves.heroes import check_hero, orientations

CARDS = catalog()


def hero(card_id):
    return CARDS.deck_card(card_id)


# Each hero on E5 of a blank plain sheet: the spaces each orientation marks, by hand.
# Dobrik marks the four neighbours, Dal the four diagonals (one orientation each); Wren a
# line of three two columns away (4 orientations), Freyla a line of three starting next to it.
PATTERNS = {
    "dobrik-of-lorkheim": ["D5 F5 E4 E6"],
    "dal-of-jolev": ["D4 D6 F4 F6"],
    "wren-the-lioness": ["D7 E7 F7", "G4 G5 G6", "D3 E3 F3", "C4 C5 C6"],
    "freyla-the-true": ["E6 E7 E8", "F5 G5 H5", "E2 E3 E4", "B5 C5 D5"],
}


@pytest.mark.parametrize("card_id, marks", PATTERNS.items())
def test_every_orientation_of_every_hero(card_id, marks):
    blank = Sheet.blank(PLAIN)
    assert len(orientations(hero(card_id))) == len(marks)
    for n, expected in enumerate(marks, 1):
        d = check_hero(blank, hero(card_id), cells("E5"), orientation=n)
        assert d.attacks == cells(expected), (card_id, n)
        assert d.after.hero == cells("E5") and d.after.attacks == cells(expected)
        assert d.after.filled == cells("E5")  # marks fill nothing
        # The marks as drawn on the sheet choose the same orientation.
        assert check_hero(blank, hero(card_id), cells("E5"), attacks=cells(expected)).orientation == n


def test_marks_beyond_the_map_edge_are_lost():
    d = check_hero(Sheet.blank(PLAIN), hero("freyla-the-true"), cells("A10"), orientation=1)
    assert d.attacks == cells("A11")  # A12 and A13 are off the map


def test_the_monsters_inside_the_marks_are_destroyed_at_once():
    # Monsters on D5 and F6; Dobrik on E5 marks D5 (destroyed) but not F6 (a diagonal).
    sheet = sheet_from("M../.../..M", at="D5")
    d = check_hero(sheet, hero("dobrik-of-lorkheim"), cells("E5"))
    assert d.destroyed == cells("D5")
    assert d.after.destroyed == cells("D5") and d.after.monster == cells("F7")
    with pytest.raises(IllegalPlacement) as e:
        check_hero(sheet, hero("dobrik-of-lorkheim"), cells("D5"))
    assert e.value.code == "filled"


def test_a_turnable_pattern_needs_its_orientation_and_bad_marks_are_refused():
    blank = Sheet.blank(PLAIN)
    with pytest.raises(IllegalPlacement) as e:
        check_hero(blank, hero("wren-the-lioness"), cells("E5"))
    assert e.value.code == "orientation-needed"
    # each orientation with the way it points and, two spaces off the hero, the spaces it marks
    for listed in ("1 ..x/H.x/..x, marks to the right (D7, E7, F7)", "2 .H./.../xxx, marks below (G4, G5, G6)",
                   "3 x../x.H/x.., marks to the left (D3, E3, F3)", "4 xxx/.../.H., marks above (C4, C5, C6)"):
        assert listed in str(e.value)
    with pytest.raises(IllegalPlacement, match="is not Wren the Lioness's pattern") as e:
        check_hero(blank, hero("wren-the-lioness"), cells("E5"), attacks=cells("E6 E7 E8"))
    assert e.value.code == "not-the-pattern"
    with pytest.raises(IllegalPlacement) as e:
        check_hero(blank, hero("dobrik-of-lorkheim"), cells("E5 E6"))
    assert e.value.code == "hero-spaces"


def test_a_monster_drawn_later_inside_a_mark_is_destroyed_as_soon_as_it_is_drawn():
    # Dobrik on E5 marks D5 F5 E4 E6. Goblin Attack's diagonal C4 D5 E6 puts D5 and E6 inside
    # the marks: both are destroyed at once; C4 stays a monster.
    marked = check_hero(Sheet.blank(PLAIN), hero("dobrik-of-lorkheim"), cells("E5")).after
    d = check_drawing(marked, CARDS.deck_card("goblin-attack"), cells("C4 D5 E6"))
    assert d.destroyed == cells("D5 E6")
    assert d.after.monster == cells("C4") and d.after.destroyed == cells("D5 E6")


def test_a_special_ambush_writes_its_initial_but_not_in_its_fallback_space():
    d = check_drawing(Sheet.blank(PLAIN), CARDS.deck_card("zombie-plague"), cells("E5"))
    assert d.after.initials[1] == cells("E5") and d.initial == "Z"  # Zombie Plague is one space
    dragon = CARDS.deck_card("dragon-inferno")
    drawn = check_drawing(Sheet.blank(PLAIN), dragon, cells("D7 E5 E6 E7 F5"))  # ..X/XXX/X.. at D5
    assert drawn.after.initials[0] == cells("D7 E5 E6 E7 F5")
    # A full sheet but one space: no shape fits, the single space has no initial.
    full = sheet_from("/".join(["F" * 11] * 10 + ["FFFFFFFFFF."]))
    fallback = check_drawing(full, dragon, cells("K11"))
    assert fallback.option is None and fallback.initial is None and fallback.after.initials == (0, 0, 0, 0)


def test_a_dragon_drawn_inside_a_mark_is_destroyed_at_birth():
    # Dal of Jolev on E9 marks D8 D10 F8 F10. The dragon ..X/XXX/X.. drawn with its box at D6
    # covers D8 E6 E7 E8 F6: D8 is inside a mark and destroyed; the rest keep the initial D.
    marked = check_hero(Sheet.blank(PLAIN), hero("dal-of-jolev"), cells("E9")).after
    d = check_drawing(marked, CARDS.deck_card("dragon-inferno"), cells("D8 E6 E7 E8 F6"))
    assert d.destroyed == cells("D8")
    assert d.after.initials[0] == cells("E6 E7 E8 F6") and d.after.destroyed == cells("D8")


def test_place_draws_a_hero_on_a_map_file(cartoref, tmp_path):
    path = tmp_path / "c.yaml"
    assert cartoref("new-map", "--sheet", "C", "-o", str(path)).code == 0
    # A goblin on E4 F5 G6 first (its monster written M), then Wren on E3 marking D5 E5 F5.
    assert cartoref("place", str(path), "goblin attack", "--cells", "E4,F5,G6", "--no-game").code == 0
    r = cartoref("place", str(path), "wren", "--cells", "E3", "--no-game")
    assert r.code == 2 and "(give --orientation N, or --attacks with the marked spaces)" in r.err
    r = cartoref("place", str(path), "wren", "--cells", "E3", "--attacks", "D5-F5", "--no-game", "--json")
    assert r.code == 0, r.err
    import json

    data = json.loads(r.out)
    assert (data["card_id"], data["cells"], data["orientation"], data["attacks"], data["destroyed"]) == (
        "wren-the-lioness", ["E3"], 1, ["D5", "E5", "F5"], ["F5"])
    shown = json.loads(cartoref("show", str(path), "--json").out)
    assert shown["zones"] == ["D5", "E5", "F5"] and shown["grid"][4][2] == "H" and shown["grid"][5][4] == "X"
    # unplace takes the hero back whole: its space, its marks, and the goblin space it destroyed.
    r = cartoref("unplace", str(path))
    assert r.code == 0, r.err
    shown = json.loads(cartoref("show", str(path), "--json").out)
    assert shown["zones"] == [] and shown["grid"][4][2] == "." and shown["grid"][5][4] == "M"
    assert shown["grid"][4][3] == "M" and shown["grid"][6][5] == "M"


@pytest.mark.parametrize("card_id", PATTERNS)
def test_a_pattern_turns_about_its_hero_and_is_printed_as_on_the_card(card_id):
    from cartoref.shapes import mirror_pattern, pattern_orientations, pattern_rows, turn_pattern

    pattern = hero(card_id).pattern
    turned = pattern
    for _ in range(4):
        turned = turn_pattern(turned)
    assert turned == pattern and mirror_pattern(mirror_pattern(pattern)) == pattern
    assert orientations(hero(card_id)) == pattern_orientations(pattern)
    assert len(pattern_orientations(pattern)) in (1, 2, 4, 8)
    assert hero(card_id).render() == pattern_rows(pattern)
