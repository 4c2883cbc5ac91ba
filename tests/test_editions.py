"""Heroes and combined games: the cards each edition plays with, the hero deck, the seasons,
the saved game, and what ``new``, ``draw`` and ``status`` say. Facts: docs/sources.md
("Cartographers Heroes", "combining"); choices: docs/rulings.md."""

from __future__ import annotations

import json

import pytest

from cartoref import deck as decks
from cartoref.cards import catalog
from cartoref.errors import UsageError
from cartoref.game import (
    Draw,
    Record,
    after_scoring,
    apply,
    format_game,
    new_game,
    parse_game,
    season_over,
)
from cartoref.game.editions import choose

CARDS = catalog()
PLAYERS = ("Ann", "Bob")


def test_a_heroes_game_plays_with_the_heroes_cards_only():
    e = choose(CARDS, "heroes")
    assert len(e.explore) == 11 and all(CARDS.deck_card(i).set == "heroes" for i in e.explore)
    assert not any(CARDS.deck_card(i).kind == "ruins" for i in e.explore)  # Heroes has no ruins cards
    assert set(e.ambushes) == {"dragon-inferno", "zombie-plague", "giant-troll-ravage", "gorgon-gaze"}
    assert set(e.heroes) == {"dobrik-of-lorkheim", "wren-the-lioness", "freyla-the-true", "dal-of-jolev"}
    assert (e.seasons, e.scoring_sets, e.sheet) == ("heroes", ("heroes",), "heroes-wilderness")


def test_a_combined_game_keeps_one_explore_set_and_the_two_ruins_cards():
    default = choose(CARDS, "combined")
    assert len(default.explore) == 13 and {"temple-ruins", "outpost-ruins"} <= set(default.explore)
    assert len(default.ambushes) == 8 and len(default.heroes) == 4 and default.seasons == "base"
    assert default.scoring_sets == ("base", "heroes") and default.sheet == "wilderness"
    heroes_explore = choose(CARDS, "combined", explore="heroes", ambushes="heroes", heroes=False, seasons="heroes")
    assert len(heroes_explore.explore) == 13  # 11 Heroes cards and the base game's two ruins
    assert {CARDS.deck_card(i).set for i in heroes_explore.explore if CARDS.deck_card(i).kind == "explore"} == {
        "heroes"}
    assert len(heroes_explore.ambushes) == 4 and heroes_explore.heroes == () and heroes_explore.seasons == "heroes"


@pytest.mark.parametrize("edition, option", [("base", {"explore": "heroes"}), ("heroes", {"heroes": False})])
def test_choosing_cards_is_for_a_combined_game(edition, option):
    with pytest.raises(UsageError, match="is for a combined game"):
        choose(CARDS, edition, **option)


def test_a_combined_games_edicts_come_one_per_category_from_both_games():
    sets = set()
    for seed in range(40):
        s = new_game(seed, PLAYERS, edition=choose(CARDS, "combined"))
        cats = [CARDS.scoring_by_id(e).category for e in s.setup.edicts]
        assert sorted(cats) == sorted(["forest", "village", "farm-water", "arrangement"])
        sets |= {CARDS.scoring_by_id(e).set for e in s.setup.edicts}
    assert sets == {"base", "heroes"}


def play_deck(seed: int, edition: str, **options):
    """Every season of a game's deck: (deck at its start, deck at its end, reveal groups)."""
    s = new_game(seed, PLAYERS, edition=choose(CARDS, edition, **options))
    d = s.deck
    out = []
    for season in range(4):
        if season:
            d = decks.next_season(d)
        first, groups = d, []
        while not decks.season_over(d):
            d, group = decks.reveal(d)
            groups.append(group)
        out.append((first, d, groups))
    return out


@pytest.mark.parametrize("edition, options, thresholds", [
    ("heroes", {}, (8, 7, 7, 6)),
    ("combined", {}, (8, 8, 7, 6)),
    ("combined", {"explore": "heroes", "seasons": "heroes"}, (8, 7, 7, 6)),
])
def test_each_season_adds_one_ambush_and_one_hero_and_carries_the_unrevealed(edition, options, thresholds):
    for seed in range(150):
        seasons = play_deck(seed, edition, **options)
        carried_a: list[str] = []
        carried_h: list[str] = []
        revealed: list[str] = []
        for index, (start, end, groups) in enumerate(seasons):
            cards = start.cards
            ambushes = [c for c in start.order if cards.by_id[c].kind == "ambush"]
            heroes = [c for c in start.order if cards.by_id[c].kind == "hero"]
            explore = [c for c in start.order if cards.by_id[c].kind in ("explore", "ruins")]
            assert sorted(explore) == sorted(c.id for c in cards.explore)
            assert len(ambushes) == len(carried_a) + 1 and set(carried_a) <= set(ambushes), seed
            assert len(heroes) == len(carried_h) + (1 if cards.heroes else 0) and set(carried_h) <= set(heroes)
            times = [cards.by_id[c].time for c in end.column]
            assert sum(times) >= thresholds[index] > sum(times[:-1]), seed
            for group in groups:  # a ruins chain stops on the first card that is not ruins
                kinds = [cards.by_id[c].kind for c in group]
                assert all(k == "ruins" for k in kinds[:-1]) and kinds[-1] != "ruins"
            revealed += [c for c in end.column if cards.by_id[c].kind in ("ambush", "hero")]
            carried_a = [c for c in end.remaining if cards.by_id[c].kind == "ambush"]
            carried_h = [c for c in end.remaining if cards.by_id[c].kind == "hero"]
        assert len(revealed) == len(set(revealed)), seed  # each ambush and hero at most once a game


def test_no_ruins_in_a_pure_heroes_game_and_always_in_a_combined_one():
    for seed in range(60):
        assert not any(CARDS.deck_card(c).kind == "ruins"
                       for _, end, _ in play_deck(seed, "heroes") for c in end.column)
    seen_ruins = sum(CARDS.deck_card(c).kind == "ruins" for seed in range(60)
                     for _, end, _ in play_deck(seed, "combined", explore="heroes") for c in end.column)
    assert seen_ruins > 0


def test_a_heroes_game_is_saved_with_its_heroes_and_replays():
    s = new_game(9, PLAYERS, edition=choose(CARDS, "heroes"))
    for _ in range(5):
        s, _ = apply(s, Draw())
    text = format_game(s)
    assert "  edition: heroes\n" in text and "  heroes: [" in text and "  seasons: heroes\n" in text
    again = parse_game(text, "g.yaml")
    assert again == s and again.setup.heroes == s.setup.heroes


def test_zombie_plague_and_the_troll_act_after_scoring_in_the_order_revealed():
    for seed in range(200):
        s = new_game(seed, PLAYERS, edition=choose(CARDS, "heroes"))
        order = []
        while not (season_over(s) and s.deck.season == 3):
            if season_over(s):
                for p in PLAYERS:
                    s, _ = apply(s, Record(p, s.deck.season_card.id, 0, 0, 0, 0))
            s, event = apply(s, Draw())
            if event.ambush in ("zombie-plague", "giant-troll-ravage"):
                order.append(event.ambush)
        if len(order) == 2:
            assert after_scoring(s) == order
            return
    pytest.fail("no game revealed both")


def test_new_draw_and_status_in_a_heroes_game(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--players", "Ann,Bob", "--edition", "heroes", "--seed", "2")
    assert r.code == 0, r.err
    assert "Cards: Cartographers Heroes" in r.out and "1 ambush, 1 hero" in r.out
    st = json.loads(cartoref("status", "--json").out)
    assert (st["edition"], st["sheet"], st["heroes_in_deck"], st["after_scoring"]) == (
        "heroes", "heroes-wilderness", 1, [])
    assert st["threshold"] == 8 and st["deck_size"] == 11 + 1 + 1
    for _ in range(40):
        run = cartoref("draw", "--json")
        d = json.loads(run.out)
        hero = [c for c in d["revealed"] if c["kind"] == "hero"]
        if hero:
            assert d["revealed"][-1]["time"] == 0
            cartoref("undo")
            text = cartoref("draw").out
            assert f"HERO! {hero[0]['name']} (time 0)" in text
            # The attack pattern as printed, row by row (H the hero, x the spaces it attacks).
            for row in CARDS.deck_card(hero[0]["id"]).render():
                assert " ".join(row) in text
            return
    pytest.fail("no hero drawn")


def test_choosing_cards_without_combined_is_refused_on_the_command_line(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cartoref("new", "--players", "Ann,Bob", "--explore", "heroes")
    assert r.code == 2 and "choosing the explore cards is for a combined game: add --edition combined" in r.err


# ----------------------------------------------------------------------------- golden games

GOLDEN = __import__("os").path.join(__import__("os").path.dirname(__file__), "golden")
# Hand-scored sheets (edict 1, edict 2, coins, monsters) per season, for Ann and Bob.
SHEETS = {"Ann": [(5, 4, 1, 2), (6, 3, 2, 1), (4, 7, 3, 0), (8, 2, 4, 3)],
          "Bob": [(3, 3, 0, 0), (7, 7, 1, 2), (5, 5, 2, 2), (6, 6, 3, 1)]}


def play_golden(runner, args):
    """A whole game through the commands; the transcript as the table read it, and the final
    standings."""
    import os

    from cartoref.cli import cli, hints
    from cartoref.errors import CartorefError

    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "CARTOREF_GAME": None}
    transcript = []

    def cmd(*a):
        result = runner.invoke(cli, list(a), env=env)
        out = result.output
        if isinstance(result.exception, CartorefError):
            out += f"[stderr] {hints.render(result.exception)}\n"
        transcript.append(f"$ cartoref {' '.join(a)}\n{out}")
        return result

    cmd("new", "--players", "Ann,Bob", *args)
    for season in range(4):
        if season:
            cmd("draw")
        while not json.loads(runner.invoke(cli, ["status", "--json"], env=env).output)["season_over"]:
            cmd("draw")
        cmd("status")
        for p, figs in SHEETS.items():
            e1, e2, c, m = figs[season]
            cmd("record", p, "--edict1", str(e1), "--edict2", str(e2), "--coins", str(c), "--monsters", str(m))
    cmd("standings")
    assert os.environ.get("CARTOREF_GAME") is None or True
    return "\n".join(transcript), json.loads(runner.invoke(cli, ["standings", "--json"], env=env).output)


@pytest.mark.parametrize("name, args", [
    ("game_heroes_seed7.txt", ["--edition", "heroes", "--seed", "7",
                               "--edicts", "faunlost thicket,craylund,traylo monastery,silos"]),
    ("game_combined_seed8.txt", ["--edition", "combined", "--explore", "heroes", "--seed", "8",
                                 "--edicts", "sentinel wood,ulem's wallow,wildholds,banded hills"]),
])
def test_a_heroes_and_a_combined_game_match_their_golden_transcripts(tmp_path, monkeypatch, name, args):
    import os

    from click.testing import CliRunner

    monkeypatch.chdir(tmp_path)
    text, final = play_golden(CliRunner(), args)
    path = os.path.join(GOLDEN, name)
    if os.environ.get("CARTOREF_REGEN_GOLDEN"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    with open(path, encoding="utf-8") as f:
        golden = f.read()
    assert [line.rstrip() for line in text.splitlines()] == [line.rstrip() for line in golden.splitlines()]
    # By hand: Ann 8 + 10 + 14 + 11 = 43 (6 stars lost); Bob 6 + 13 + 10 + 14 = 43 (5 lost): Bob wins.
    rows = {p["name"]: p for p in final["players"]}
    assert (rows["Ann"]["total"], rows["Ann"]["monsters"], rows["Bob"]["total"], rows["Bob"]["monsters"]) == (
        43, 6, 43, 5)
    assert final["winners"] == ["Bob"] and final["final"]
