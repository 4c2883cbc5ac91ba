"""A solo challenge: published as a code and a file, played with ``new --solo --challenge``,
every game handed in verified step by step (refused at the first step that does not hold), and
the verified ones ranked.

The honest games are played by ``autoplay`` (the advisor and a random player); the dishonest
ones are those games with one thing changed by hand, as a cheat or a slip would change it."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from conftest import CAMPAIGN
from maps import draw_on_empty, typed_from_paper

from cartoref.game.challenge import Challenge, parse_code
from cartoref.table.challenges import Entry, rank


def test_a_code_says_edition_sheet_ambushes_and_seed_and_checks_itself():
    # 4242 in base 36 is 3*1296 + 9*36 + 30: "39U". The check letter: the values of B A O 3 9 U
    # (11 10 24 3 9 30) weighted 1 5 7 11 13 17 sum to 889; 889 mod 36 = 25, the letter P.
    c = Challenge("", "base", "wilderness", 4242)
    assert c.code == "BAO-39U-P"
    assert parse_code("bao 39u p")[1:5] == ("base", "wilderness", 4242, None)
    promo = Challenge("", "heroes", "heroes-wastelands", 1, "promo").code
    assert promo is not None and promo.startswith("HDP-1-")
    assert parse_code(promo)[1:5] == ("heroes", "heroes-wastelands", 1, "promo")
    # Any one character typed wrong is refused, never read as another game.
    for i, ch in enumerate("BAO39UP"):
        for other in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if other == ch:
                continue
            typo = "BAO39UP"[:i] + other + "BAO39UP"[i + 1:]
            try:
                got = parse_code(typo)
            except Exception as e:
                assert getattr(e, "code", "") == "bad-challenge"
                continue
            raise AssertionError(f"{typo} read as {got}")


def test_a_challenge_file_is_refused_when_its_edicts_are_not_its_seeds(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("challenge", "new", "--name", "Week 49", "--seed", "4242", "-o", "week49.yaml").code == 0
    text = (tmp_path / "week49.yaml").read_text()
    assert "code: BAO-39U-P" in text and "name: Week 49" in text
    edicts = re.findall(r"^- (\S+)$", text, re.MULTILINE)
    assert len(edicts) == 4
    (tmp_path / "changed.yaml").write_text(text.replace(edicts[0], edicts[1], 1))
    r = cartoref("new", "--solo", "--challenge", "changed.yaml", "--game", "g.yaml")
    assert r.code == 2 and "not the ones its seed deals" in r.err


def test_new_plays_the_challenges_game_and_refuses_what_it_fixes(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("challenge", "new", "--seed", "4242", "-o", "week49.yaml").code == 0
    by_code = json.loads(cartoref("new", "--solo", "--challenge", "BAO-39U-P", "--game", "a.yaml", "--json").out)
    by_file = json.loads(cartoref("new", "--solo", "--challenge", "week49.yaml", "--game", "b.yaml", "--json").out)
    assert by_code["edicts"] == by_file["edicts"] and by_code["challenge"] == "BAO-39U-P"
    # The same seed by hand is the same game: the same deck, turn after turn.
    assert cartoref("new", "--solo", "--seed", "4242", "--game", "c.yaml").code == 0
    for game in ("a.yaml", "c.yaml"):
        assert cartoref("draw", "--game", game).code == 0
    assert (json.loads(cartoref("status", "--game", "a.yaml", "--json").out)["column"]
            == json.loads(cartoref("status", "--game", "c.yaml", "--json").out)["column"])
    r = cartoref("new", "--solo", "--challenge", "BAO-39U-P", "--seed", "7", "--game", "d.yaml")
    assert r.code == 2 and "--seed" in r.err
    r = cartoref("new", "--challenge", "BAO-39U-P", "--players", "Ann", "--game", "d.yaml")
    assert r.code == 2 and "--solo" in r.err
    r = cartoref("new", "--solo", "--challenge", "BAO-39U-Q", "--game", "d.yaml")
    assert r.code == 2 and "check letter" in r.err
    assert not os.path.exists("d.yaml")


def _play(cartoref, challenge: str, player: str, policy: str, seed: int, folder: str = "subs") -> str:
    os.makedirs(folder, exist_ok=True)
    game = f"{folder}/{player.lower()}.yaml"
    r = cartoref("autoplay", "--solo", "--challenge", challenge, "--player", player, "--policy", policy,
                 "--seed", str(seed), "--game", game, "--map", f"{folder}/{player.lower()}-map.yaml")
    assert r.code == 0, r.err
    return game


def _verify(cartoref, *args: str) -> dict:
    r = cartoref("challenge", "verify", *args, "--json")
    assert r.code == 0, r.err
    return json.loads(r.out)


HONEST = [("base", None, 3), ("heroes", None, 3), ("combined", "mixed", 2), ("base", "promo", 2)]


@pytest.mark.parametrize("edition, ambushes, games", HONEST if CAMPAIGN else HONEST[:1])
def test_honest_games_of_every_edition_are_verified(cartoref, tmp_path, monkeypatch, edition, ambushes, games):
    monkeypatch.chdir(tmp_path)
    extra = ("--ambushes", ambushes) if ambushes else ()
    assert cartoref("challenge", "new", "--edition", edition, *extra, "--seed", "31", "-o", "c.yaml").code == 0
    for i in range(games if CAMPAIGN else 1):
        _play(cartoref, "c.yaml", f"R{i}", "random", 100 + i)
    _play(cartoref, "c.yaml", "Adv", "now", 1)
    report = _verify(cartoref, "c.yaml", "subs")
    assert [g["why"] for g in report["games"] if not g["verified"]] == []
    assert report["verified"] == len(report["games"]) >= 2


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A base challenge and one honest game of it, played at random, once for the module."""
    from cartoref import store
    from cartoref.table.autoplay import autoplay
    from cartoref.table.challenges import publish

    store.use(None)
    folder = tmp_path_factory.mktemp("played")
    here = os.getcwd()
    os.chdir(folder)
    try:
        publish("", "base", None, 4242, output="week49.yaml")
        os.mkdir("subs")
        autoplay("subs/eve.yaml", "subs/eve-map.yaml", seed=9, policy="random", challenge="week49.yaml", player="Eve")
    finally:
        os.chdir(here)
    return folder


@pytest.fixture
def honest(played, cartoref, tmp_path, monkeypatch):
    """That game, copied here and verified: (its game, its map)."""
    import shutil

    shutil.copytree(played, tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    assert _verify(cartoref, "week49.yaml", "subs/eve.yaml")["verified"] == 1
    return tmp_path / "subs" / "eve.yaml", tmp_path / "subs" / "eve-map.yaml"


def _refusal(cartoref, game) -> dict:
    report = _verify(cartoref, "week49.yaml", str(game))
    (entry,) = report["games"]
    assert not entry["verified"]
    return entry


def test_a_drawing_moved_off_its_shape_is_refused_at_its_turn(cartoref, honest):
    game, map_ = honest
    text = map_.read_text()
    # The first drawing of an explore card: its last space moved one row down.
    line = re.search(r"^  - ([a-z-]+), (forest|village|farm|water) on ([A-K]\d+(?: [A-K]\d+)*), .*turn (\d+) of",
                     text, re.MULTILINE)
    cells = line.group(3).split()
    last = cells[-1]
    moved = ("ABCDEFGHIJK"[("ABCDEFGHIJK".index(last[0]) + 2) % 11]) + last[1:]
    map_.write_text(text.replace(line.group(3), " ".join([*cells[:-1], moved]), 1))
    entry = _refusal(cartoref, game)
    assert entry["step"].startswith(f"turn {line.group(4)} (")


def test_a_space_changed_on_the_grid_is_refused_naming_it(cartoref, honest):
    game, map_ = honest
    col = draw_on_empty(map_, 0, "F")  # an empty space of row A, made forest
    entry = _refusal(cartoref, game)
    assert entry["step"] == "the map's grid" and entry["why"].startswith(f"A{col + 1} holds 'F'")


def test_a_score_written_up_by_one_is_refused_at_its_season(cartoref, honest):
    game, _map = honest
    text = game.read_text()
    text = re.sub(r"(season: summer, edict1: )(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1), text, count=1)
    game.write_text(text)
    assert _refusal(cartoref, game)["step"] == "Summer's score"


def test_a_monster_moved_from_where_the_procedure_puts_it_is_refused(cartoref, honest):
    game, map_ = honest
    text = map_.read_text()
    line = re.search(r"^  - ([a-z-]+), monster on ([A-K]\d+(?: [A-K]\d+)*), turn (\d+) of", text, re.MULTILINE)
    if line is None:
        pytest.skip("no monster in this game")
    cells = line.group(2).split()
    empty_row = "K" if cells[-1][0] != "K" else "A"
    moved = " ".join([*cells[:-1], empty_row + "11"])
    map_.write_text(text.replace(line.group(0), line.group(0).replace(line.group(2), moved), 1))
    entry = _refusal(cartoref, game)
    assert entry["step"].startswith(f"turn {line.group(3)} (")


@pytest.mark.campaign  # three games played and verified (1-1.5 s): CI runs it with the campaigns
def test_a_game_of_another_seed_and_an_unfinished_one_are_refused(cartoref, honest, tmp_path):
    game, _map = honest
    other = _play(cartoref, "BAO-39U-P", "Ann", "now", 1, folder="other")  # the same challenge by its code
    assert _verify(cartoref, "week49.yaml", other)["verified"] == 1
    os.makedirs("x", exist_ok=True)
    assert cartoref("autoplay", "--solo", "--seed", "5", "--policy", "now", "--game", "x/x.yaml",
                    "--map", "x/x-map.yaml").code == 0
    entry = _refusal(cartoref, "x/x.yaml")
    assert entry["step"] == "setup" and "seed is 5" in entry["why"] and "4242" in entry["why"]
    text = game.read_text()
    game.write_text(text[:text.rindex("  - record:")])  # winter's score taken out
    entry = _refusal(cartoref, game)
    assert entry["step"] == "the game" and "winter" in entry["why"]


@pytest.mark.campaign  # three games played and verified (1-1.5 s): CI runs it with the campaigns
def test_verify_again_replays_only_what_changed_and_the_leaderboard_ranks_the_verified(cartoref, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("challenge", "new", "--name", "Week 49", "--seed", "4242", "-o", "week49.yaml").code == 0
    _play(cartoref, "week49.yaml", "Ann", "now", 1)
    _play(cartoref, "week49.yaml", "Bob", "random", 2)
    first = _verify(cartoref, "week49.yaml", "subs")
    assert first["replayed"] == 2 and first["verified"] == 2
    assert _verify(cartoref, "week49.yaml", "subs")["replayed"] == 0
    bob = (tmp_path / "subs" / "bob.yaml")
    bob.write_text(bob.read_text().replace("edict1: ", "edict1: 1", 1))  # a score changed: refused now
    again = _verify(cartoref, "week49.yaml", "subs")
    assert again["replayed"] == 1 and again["verified"] == 1
    board = json.loads(cartoref("challenge", "leaderboard", "week49.yaml", "--json").out)
    assert [r["player"] for r in board["ranked"]] == ["Ann"] and board["refused"] == 1
    csv = cartoref("challenge", "leaderboard", "week49.yaml", "--csv").out.splitlines()
    assert csv[0] == "rank,player,score,monsters,rating,title,game" and csv[1].startswith("1,Ann,")
    assert cartoref("challenge", "leaderboard", "week49.yaml", "--svg", "board.svg").code == 0
    assert "Ann" in (tmp_path / "board.svg").read_text()


def _entry(player: str, score: int, monsters: int, step: str = "") -> Entry:
    return Entry(f"{player}.yaml", player, "x", step, "why" if step else "", score, 0, "t", monsters, 20)


def test_the_ranking_is_by_score_then_fewest_stars_lost_and_ties_share_a_rank():
    c = Challenge("w", "base", "wilderness", 1)
    board = rank(c, [_entry("A", 50, 2), _entry("B", 50, 1), _entry("C", 60, 5), _entry("D", 90, 0, "turn 3"),
                     _entry("E", 50, 1)])
    assert [(r.rank, r.entry.player) for r in board.ranked] == [(1, "C"), (2, "B"), (2, "E"), (4, "A")]
    assert board.refused == 1


def test_a_challenge_is_verified_in_a_database_store(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "week.db")
    assert cartoref("challenge", "new", "--seed", "4242", "-o", "week49.yaml", "--db", db).code == 0
    os.makedirs("subs")
    r = cartoref("autoplay", "--solo", "--challenge", "week49.yaml", "--player", "Ann", "--policy", "now",
                 "--game", "subs/ann.yaml", "--map", "subs/ann-map.yaml", "--db", db)
    assert r.code == 0, r.err
    assert os.listdir("subs") == []  # everything is in the database
    report = json.loads(cartoref("challenge", "verify", "week49.yaml", "subs", "--db", db, "--json").out)
    assert report["verified"] == 1
    assert json.loads(cartoref("challenge", "leaderboard", "week49.yaml", "--db", db, "--json").out
                      )["ranked"][0]["player"] == "Ann"


def test_a_huge_file_among_the_games_handed_in_is_refused_and_the_others_verified(honest, cartoref, tmp_path):
    game, _map = honest
    # Two megabytes that say they are a game (a comment as long as a whole map file ten times over).
    (game.parent / "huge.yaml").write_text("cartoref-game: 2\n# " + "x" * (2 << 20) + "\n")
    report = _verify(cartoref, "week49.yaml", str(game.parent))
    by_file = {os.path.basename(g["game"]): g for g in report["games"]}
    assert by_file["eve.yaml"]["verified"] and not by_file["huge.yaml"]["verified"]
    assert by_file["huge.yaml"]["step"] == "the game file"


def _as_typed_from_paper(map_) -> None:
    text = map_.read_text()
    map_.write_text(typed_from_paper(text))
    assert map_.read_text() != text


def test_a_sheet_typed_from_paper_is_verified_by_finding_its_drawings_again(cartoref, honest):
    game, map_ = honest
    played = _verify(cartoref, "week49.yaml", str(game))["games"][0]
    _as_typed_from_paper(map_)
    (entry,) = _verify(cartoref, "week49.yaml", str(game))["games"]
    # The same game, the same stars: an order of legal drawings of the challenge's deck makes
    # the sheet, every monster where the procedure puts it, every season the score recorded.
    assert entry["verified"] and entry["score"] == played["score"] and entry["turns"] == played["turns"]


def test_a_sheet_typed_from_paper_with_a_space_no_card_drew_is_not_verified(cartoref, honest):
    game, map_ = honest
    _as_typed_from_paper(map_)
    draw_on_empty(map_, 0, "F")  # an empty space of row A, made forest: one space too many
    entry = _refusal(cartoref, game)
    assert entry["step"] == "the map" and "typed from paper" in entry["why"]


def _photo_of_the_map(map_, path, *, seed: int, blur: float) -> None:
    """A synthetic phone photo of the map's sheet drawn in coloured pencil (tests/photos.py)."""
    from photos import photograph, sheet_image

    from cartoref.mapfile import read_map

    sheet = read_map(str(map_)).sheet
    photograph(sheet_image(sheet, style="colour", seed=seed, cell=48), seed=seed, size=1400,
               blur=blur).image.save(path, quality=90)


@pytest.mark.campaign  # a photo made and read, about 2 s: CI runs it with the campaigns
def test_a_photo_of_the_sheet_handed_in_is_read_and_verified(cartoref, honest):
    game, map_ = honest
    played = _verify(cartoref, "week49.yaml", str(game))["games"][0]
    # A clear photo, every space of which the reader is sure (this one: photo seed 4).
    _photo_of_the_map(map_, game.parent / "eve.jpg", seed=4, blur=0.5)
    game.write_text(game.read_text().replace('map: "eve-map.yaml"', 'map: "eve.jpg"'))
    (entry,) = _verify(cartoref, "week49.yaml", str(game))["games"]
    assert entry["verified"], entry["why"]
    assert entry["score"] == played["score"]


@pytest.mark.campaign  # a second photo made and read, about 1.2 s: CI runs it with the campaigns
def test_a_photo_the_reader_is_not_sure_of_is_not_verified_and_says_which_spaces(cartoref, honest):
    game, map_ = honest
    _photo_of_the_map(map_, game.parent / "eve.jpg", seed=3, blur=3.0)
    game.write_text(game.read_text().replace('map: "eve-map.yaml"', 'map: "eve.jpg"'))
    entry = _refusal(cartoref, game)
    assert entry["step"] == "the photo", entry
    assert "not sure of" in entry["why"] or "no map grid found" in entry["why"]


def test_a_game_played_on_paper_is_verified_with_its_sheet_handed_in_beside_it(cartoref, honest):
    """A player who plays the challenge on paper: cartoref deals the cards (no map file: the
    player draws, the solo monsters too), the season's boxes are recorded by hand, and the
    sheet is handed in beside the game, typed (``eve-map.yaml``) or photographed (``eve.jpg``)."""
    import yaml

    game, map_ = honest
    os.mkdir("paper")
    assert cartoref("new", "--solo", "--challenge", "week49.yaml", "--players", "Eve", "--game",
                    "paper/eve.yaml").code == 0
    for _turn in range(60):
        if cartoref("draw", "--game", "paper/eve.yaml").code != 0:
            break  # the game is over
    played = [a["record"] for a in yaml.safe_load(game.read_text())["log"] if "record" in a]
    for r in played:
        assert cartoref("record", "Eve", "--game", "paper/eve.yaml", "--season", r["season"], "--edict1",
                        str(r["edict1"]), "--edict2", str(r["edict2"]), "--coins", str(r["coins"]),
                        "--monsters", str(r["monsters"])).code == 0
    report = _verify(cartoref, "week49.yaml", "paper/eve.yaml")
    assert not report["games"][0]["verified"] and "eve-map.yaml" in report["games"][0]["why"]  # nothing handed in
    (Path("paper") / "eve-map.yaml").write_text(map_.read_text())
    _as_typed_from_paper(Path("paper") / "eve-map.yaml")
    (entry,) = _verify(cartoref, "week49.yaml", "paper/eve.yaml")["games"]
    assert entry["verified"], entry["why"]
    assert cartoref("verify", "paper/").out.startswith("verified")
