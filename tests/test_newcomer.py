"""What a newcomer trips on in the first hour (issue 28): a mistyped command, a card name that
shares nothing with any card, the option a bad space was typed for, a file in the game's place
that is not a game, a picture that says "-0"."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("typed, meant", [("standing", "standings"), ("stauts", "status"), ("scor", "score")])
def test_a_mistyped_command_gets_did_you_mean(cartoref, typed, meant):
    r = cartoref(typed)
    assert r.code == 2 and f"did you mean {meant}" in r.err and "Traceback" not in r.err


def test_a_card_name_sharing_nothing_with_any_card_gets_no_suggestion(cartoref):
    r = cartoref("card", "nope")
    assert r.code == 2 and "did you mean" not in r.err and "cartoref cards" in r.err
    r = cartoref("card", "sentinl wood")  # a typo still gets the card
    assert r.code == 2 and "did you mean 'Sentinel Wood'" in r.err


def test_a_bad_destroy_space_names_destroy_not_cells(cartoref, tmp_path):
    assert cartoref("new-map", "--sheet", "C", "-o", str(tmp_path / "m.yaml")).code == 0
    r = cartoref("place", str(tmp_path / "m.yaml"), "gorgon gaze", "--cells", "A1", "A3", "B2", "--destroy", "Z9",
                 "--no-game")
    assert r.code == 2 and "bad --destroy: Z9 is off the map" in r.err and "--cells" not in r.err


def test_new_over_a_file_that_is_no_game_says_so_first(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cartoref-game.yaml").write_text("hello: 1\n")
    r = cartoref("new", "--players", "Ann,Bob")
    assert r.code == 2 and "not a cartoref game" in r.err and "--force" not in r.err
    assert (tmp_path / "cartoref-game.yaml").read_text() == "hello: 1\n"


def test_a_map_with_no_monster_penalty_says_0_not_minus_0(cartoref, tmp_path):
    assert cartoref("new-map", "--sheet", "A", "-o", str(tmp_path / "m.yaml")).code == 0
    r = cartoref("score", str(tmp_path / "m.yaml"), "--card", "sentinel wood", "--explain", "--svg",
                 str(tmp_path / "m.svg"))
    assert r.code == 0, r.err
    picture = (tmp_path / "m.svg").read_text()
    assert "Monsters: 0 (" in picture and "-0" not in picture


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ja"])
@pytest.mark.parametrize("card", ["shoreside expanse", "great river", "bugbear assault", "wren the lioness"])
def test_a_card_at_80_columns_wraps_with_a_hanging_indent_and_no_trailing_blanks(cartoref, monkeypatch, lang, card):
    from cartoref.widths import columns

    monkeypatch.setenv("COLUMNS", "80")
    r = cartoref("--lang", lang, "card", card)
    assert r.code == 0
    lines = r.out.splitlines()
    assert all(columns(line) <= 80 for line in lines)
    assert not [line for line in lines if line != line.rstrip()]


@pytest.mark.parametrize(("text", "width", "lines"), [
    # Short enough: as it is, without its trailing blanks.
    ("Edicts: A + B  ", 80, ["Edicts: A + B"]),
    # Too long: broken between words, the next lines two columns further in than the first.
    ("  Forecast: the season cannot end with the next card", 30,
     ["  Forecast: the season cannot", "    end with the next card"]),
    # Japanese has no spaces: broken between its characters, each two columns wide.
    ("予報：次のカードでは季節は終わりません", 20, ["予報：次のカードでは", "  季節は終わりません"]),
])
def test_a_line_too_long_for_the_terminal_is_wrapped_under_itself(text, width, lines):
    from cartoref.views.terminal import lines_within

    assert lines_within(text, width) == lines


def test_the_french_banded_hills_card_says_the_rule_cartoref_scores(cartoref, monkeypatch):
    # The French print reads as filled rows; cartoref scores rows that need not be (docs/rulings.md).
    monkeypatch.setenv("COLUMNS", "200")
    r = cartoref("--lang", "fr", "card", "banded hills")
    assert r.code == 0 and "n'a pas besoin d'être remplie" in r.out and "remplies" not in r.out


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ja"])
def test_every_cards_picture_keeps_its_text_inside_the_card_in_every_language(lang):
    # Measured by DejaVu Sans's own widths (the pictures' first font), each text's right end
    # stays inside the card's border (CARD_WIDTH less 8 pixels).
    import re

    from cartoref import i18n
    from cartoref.cards import catalog
    from cartoref.views.svg import text_width
    from cartoref.views.svg_card import CARD_WIDTH, card_svg

    i18n.use(lang)
    try:
        cards = catalog()
        every = [*cards.explore, *cards.ambushes, *cards.heroes, *cards.scoring]
        assert len(every) > 40
        for card in every:
            svg = card_svg(card)
            for attrs, text in re.findall(r"<text ([^>]*)>([^<]*)</text>", svg):
                x = float(re.search(r'\bx="([\d.]+)"', attrs).group(1))
                size = float(re.search(r'font-size="([\d.]+)"', attrs).group(1))
                width = text_width(text.replace("&amp;", "&").replace("&lt;", "<"), size, 'font-weight="bold"' in attrs)
                right = x + width / 2 if 'text-anchor="middle"' in attrs else x + width
                assert right <= CARD_WIDTH - 8, (card.id, text)
    finally:
        i18n.use("en")


def test_an_effect_revealed_in_summer_is_nothing_to_resolve_after_spring(cartoref, tmp_path, monkeypatch):
    # Heroes, seed 7: Giant Troll Ravage is revealed in summer, no such ambush in spring.
    from cartoref import game as games
    from cartoref.game.athand import at_hand
    from cartoref.table import Table

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--edition", "heroes", "--seed", "7").code == 0
    with Table.open("cartoref-game.yaml") as table:
        while not (table.state.deck.season == 1 and games.after_scoring(table.state)):
            table.draw()
        state = table.state
    assert games.after_scoring(state) == ["giant-troll-ravage"]
    assert games.after_scoring(state, state.seasons[0].id) == []
    # So no "spring's effects after scoring are still to apply" among the next steps.
    assert not [step for step in at_hand(state).next if step.code == "season-end"]


def test_check_and_score_refusing_unread_spaces_name_the_edit_page_once(cartoref, tmp_path):
    path = tmp_path / "m.yaml"
    assert cartoref("new-map", "--sheet", "A", "-o", str(path)).code == 0
    text = path.read_text().replace(". . . . . . . . . . .", "? ? . . . . . . . . .", 1)
    path.write_text(text)
    for args in (("check", str(path)), ("score", str(path), "--card", "sentinel wood")):
        r = cartoref(*args)
        assert r.code == 2 and "Traceback" not in r.err
        assert r.err.count("cartoref edit MAP --photo PHOTO") == 1 and r.err.count("not read yet") == 2


@pytest.mark.parametrize(("typed", "said"), [("wildernes", "taken as wilderness"), ("heroes-wild", "taken as heroes-wilderness"),
                                             ("A", None), ("wilderness", None), ("Wilderness", None)])
def test_a_sheet_named_by_a_part_of_its_name_is_said(cartoref, tmp_path, typed, said):
    r = cartoref("new-map", "--sheet", typed, "-o", str(tmp_path / "m.yaml"))
    assert r.code == 0
    assert (f"--sheet {typed}: {said}" in r.err) if said else "taken as" not in r.err


def test_a_late_record_reminder_names_the_solo_player_and_says_a_map_counts_as_it_stands(cartoref, tmp_path,
                                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--solo", "--players", "Maya", "--seed", "3").code == 0
    for _ in range(16):  # spring's time is 8: draw until summer has begun, recording nothing
        out = cartoref("draw").out
        if "Later, for spring" in out:
            break
    assert "Later, for spring: cartoref record Maya --season spring --edict1 N" in " ".join(out.split())
    assert "PLAYER" not in out
    said = " ".join(out.split())
    assert "scored as it stands now, with the drawings made since" in said


def test_fits_under_a_ruins_obligation_says_what_the_obligation_took(cartoref, tmp_path):
    # every space drawn (the ruins too) but A1-A5: the 3-line of Great River fits 3 ways along
    # row A, its staircase none; no empty ruins space is left, so the obligation leaves 0 and
    # the single-space fallback
    wilderness = ["...........", "...^.r.....", ".r......^r.", "...........", "...........", ".....^.....",
                  "...........", "...........", ".r^......r.", ".....r.^...", "..........."]
    drawn = [row.replace(".", "F").replace("r", "f") for row in wilderness]
    rows = [" ".join("....." + drawn[0][5:])] + [" ".join(row) for row in drawn[1:]]
    (tmp_path / "m.yaml").write_text("sheet: wilderness\ncoins: 0\nmap: |\n" + "".join(f"  {r}\n" for r in rows))
    r = cartoref("fits", str(tmp_path / "m.yaml"), "great river", "--ruins", "--no-game")
    assert r.code == 0, r.err
    said = " ".join(r.out.split())
    assert "option 1 (X/X/X, coin): 0 placements" in said
    assert "without that, option 1: 3 placements, option 2: 0 placements" in said
    assert "single-space fallback: yes" in said
    r = cartoref("fits", str(tmp_path / "m.yaml"), "great river", "--no-game")
    assert "option 1 (X/X/X, coin): 3 placements" in " ".join(r.out.split()) and "ruins card" not in r.out


def test_undoing_a_solo_monster_drawn_over_since_names_the_drawings_that_stay(cartoref, tmp_path, monkeypatch):
    from maps import cells

    from cartoref.mapfile import read_map

    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--sheet", "A", "-o", "m.yaml").code == 0
    assert cartoref("new", "--solo", "--seed", "5", "--players", "Maya", "--map", "m.yaml").code == 0
    for _ in range(6):  # seed 5: spring's five turns, then summer opens with Bugbear Assault
        out = cartoref("draw").out
    # the bugbear's 2x2 ring with a hole between, from the top-right corner (docs/solo.md)
    assert "monster on m.yaml at A9, A11, B9, B11" in out
    assert "Great River" in cartoref("draw").out
    assert cartoref("place", "m.yaml", "--cells", "B10", "C10", "D10").code == 0
    assert "Great River" in cartoref("undo").out  # the card goes back; its drawing stays on the map
    r = cartoref("undo")
    said = " ".join(r.out.split())
    assert "erased the monster it drew on m.yaml (A9, A11, B9, B11)" in said
    assert "kept: Great River on B10, C10, D10. To take it back too: cartoref unplace m.yaml" in said
    sheet = read_map(str(tmp_path / "m.yaml")).sheet
    assert sheet.monster == 0 and sheet.water == cells("B10 C10 D10")
    assert cartoref("unplace", "m.yaml").code == 0
    assert read_map(str(tmp_path / "m.yaml")).sheet.water == 0
    assert "nothing to take back" in cartoref("unplace", "m.yaml").err  # the monster's entry went with it


def test_a_new_solo_game_on_a_map_drawn_on_or_of_other_edicts_or_side_asks_first(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "--sheet", "C", "-o", "c.yaml").code == 0
    r = cartoref("new", "--solo", "--map", "c.yaml")
    assert r.code == 2 and "on side C, the game on side A" in r.err and "--sheet C" in r.err
    assert cartoref("new", "--solo", "--map", "c.yaml", "--sheet", "C").code == 0
    # Hamlet's 3-space option with its coin: 3 spaces drawn, the coin track at 1
    assert cartoref("new-map", "--sheet", "A", "-o", "m.yaml").code == 0
    assert cartoref("place", "m.yaml", "hamlet", "--cells", "A1", "A2", "B1", "--no-game").code == 0
    r = cartoref("new", "--solo", "--map", "m.yaml", "--force")  # --force: over the game on side C too
    assert r.code == 0, r.err
    (tmp_path / "cartoref-game.yaml").unlink()
    r = cartoref("new", "--solo", "--map", "m.yaml")
    assert r.code == 2 and "already holds drawings (3 spaces drawn, the coin track at 1)" in r.err
    assert "--force" in r.err and not (tmp_path / "cartoref-game.yaml").exists()
    # a map made by another game's `new` carries that game's edicts
    assert cartoref("new", "--solo", "--seed", "6", "--map", "fresh.yaml").code == 0
    (tmp_path / "cartoref-game.yaml").unlink()
    assert cartoref("new", "--solo", "--seed", "6", "--map", "fresh.yaml").code == 0  # the same edicts again
    (tmp_path / "cartoref-game.yaml").unlink()
    r = cartoref("new", "--solo", "--seed", "7", "--map", "fresh.yaml")
    assert r.code == 2 and "made for other edicts" in r.err
