"""The reliability campaigns on what came with Heroes and the table: Heroes map and game files
fuzzed, kills during solo Heroes games on a map, pictures written over whatever is there, and the
table page read while its game file changes under it. A small sample by default; the full counts
with CARTOREF_CAMPAIGN=1 (the ``campaign`` marker; CI runs both)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import urllib.error
import urllib.request

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_reliability import SAME_EXAMPLES, at_once, listing, mutated, run

from cartoref.cards import catalog
from cartoref.errors import CartorefError
from cartoref.game import Draw, Record, apply, format_game, new_game, season_over
from cartoref.game.editions import choose
from cartoref.grid import Cell, iter_cells, mask_of
from cartoref.mapfile import blank_map, read_map
from cartoref.table import Table, read_game

CARDS = catalog()
HEROES_MAP = blank_map(CARDS.sheet_side("C"), "Ann").replace(
    "coins: 0", "coins: 4\nattacks: D5 E4 E6\nresolved: [spring]\ndrawings:\n"
                "  - dragon-inferno, monster on B6 B7 C6 C7, +1 coin, turn 3 of game 4\n"
                "  - wren-the-lioness, hero on E3, marks D5 E5 F5, destroyed E5=M, turn 4 of game 4")


def _heroes_game_text() -> str:
    s = new_game(4, ("Ann", "Bob"), edition=choose(CARDS, "heroes"), cards=CARDS)
    while not season_over(s):
        s, _ = apply(s, Draw())
    s, _ = apply(s, Record("Ann", "spring", 3, 4, 1, 0))
    return format_game(s)


HEROES_GAME = _heroes_game_text()


def fuzz_heroes_map(tmp_path, text: str) -> None:
    """check, a hero, the season's effects, unplace on a mangled Heroes map: exit 0 or 2, and a
    refusal leaves the file alone."""
    path = tmp_path / "h.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    for args in (("check", str(path)), ("place", str(path), "dobrik", "--cells", "H8", "--no-game"),
                 ("season-end", str(path), "--season", "summer"), ("unplace", str(path))):
        before = path.read_bytes()
        code, _, err = run(*args)
        assert code in (0, 2), (args, err)
        assert "Traceback" not in err and "internal error" not in err
        if code == 2:
            assert path.read_bytes() == before
    assert listing(tmp_path) == ["h.yaml"]


@settings(max_examples=25, **SAME_EXAMPLES)
@given(text=mutated(HEROES_MAP))
def test_fuzz_heroes_maps(tmp_path, text):
    fuzz_heroes_map(tmp_path, text)


@pytest.mark.campaign
@settings(max_examples=600, **SAME_EXAMPLES)
@given(text=mutated(HEROES_MAP))
def test_fuzz_heroes_maps_campaign(tmp_path, text):
    fuzz_heroes_map(tmp_path, text)


def fuzz_heroes_game(tmp_path, text: str, command: str) -> None:
    path = tmp_path / "g.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    before = path.read_bytes()
    args = {"record": ("record", "Bob", "--edict1", "1", "--edict2", "1", "--coins", "0", "--monsters", "0")}.get(
        command, (command,))
    code, _, err = run(*args, "--game", str(path))
    assert code in (0, 2), err
    assert "Traceback" not in err and "internal error" not in err
    if code == 2:
        assert path.read_bytes() == before


@settings(max_examples=25, **SAME_EXAMPLES)
@given(text=mutated(HEROES_GAME), command=st.sampled_from(["status", "draw", "undo", "record", "forecast"]))
def test_fuzz_heroes_games(tmp_path, text, command):
    fuzz_heroes_game(tmp_path, text, command)


@pytest.mark.campaign
@settings(max_examples=600, **SAME_EXAMPLES)
@given(text=mutated(HEROES_GAME), command=st.sampled_from(["status", "draw", "undo", "record", "forecast"]))
def test_fuzz_heroes_games_campaign(tmp_path, text, command):
    fuzz_heroes_game(tmp_path, text, command)


# ------------------------------------------------------------------- kills in a solo Heroes game


def _solo_forever(game: str) -> None:
    """Draw, record at each season's end, undo now and then: a solo Heroes game on a map file,
    forever, until killed."""
    rng = random.Random(os.getpid())
    while True:
        # A refusal of the rules (a season still to record, a troll to choose): the next move.
        with contextlib.suppress(CartorefError), Table.open(game) as table:
            if table.at_hand.game_over:
                table.undo()
            elif table.at_hand.last_of_season and table.state.scores[0][table.state.deck.season] is None:
                table.record("Zoe", map_file=table.solo_map)
            elif rng.random() < 0.25 and table.state.log:
                table.undo()
            else:
                table.draw()


def agree(game: str) -> None:
    """The game and its solo map agree: the monster of the last draw is on the map."""
    with Table.open(game) as table:  # completes a draw that was cut short
        last = table.state.log[-1] if table.state.log else None
        if isinstance(last, Draw) and last.monster:
            mf = read_map(table.solo_map)
            spaces = mask_of(Cell.parse(x) for x in last.monster)
            assert mf.sheet.filled & spaces == spaces


@pytest.mark.parametrize("kills", [15, pytest.param(150, marks=pytest.mark.campaign)])
def test_kills_in_a_solo_heroes_game_leave_game_and_map_agreeing(tmp_path, monkeypatch, kills):
    monkeypatch.chdir(tmp_path)
    assert run("new-map", "--sheet", "C", "--player", "Zoe", "-o", "zoe.yaml")[0] == 0
    assert run("new", "--solo", "--map", "zoe.yaml", "--edition", "heroes", "--seed", "31")[0] == 0
    game = str(tmp_path / "cartoref-game.yaml")
    ctx = multiprocessing.get_context("fork")
    rng = random.Random(77)
    for _ in range(kills):
        child = ctx.Process(target=_solo_forever, args=(game,))
        child.start()
        child.join(rng.uniform(0.0, 0.05))
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        read_game(game)  # never a broken file
        read_map("zoe.yaml")
        agree(game)
    assert run("status")[0] == 0
    assert listing(tmp_path) == ["cartoref-game.yaml", "zoe.yaml"]


# ------------------------------------------------------------------- pictures over whatever is there


PICTURE_HEADS = ["", " " * 600, "<svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", "<?xml version='1.0'?><svg/>",
                 "<?xml version='1.0'?><project/>", "\ufeff<svg/>", "<!-- a comment --><svg/>", "<html><svg/></html>",
                 "<!DOCTYPE svg><svg/>", "sheet: A\nmap: |\n", "\x00\x01", "<svg><unclosed>"]


def picture_over(tmp_path, head: str, tail: str) -> None:
    """``show --svg`` over a file holding ``head + tail``: replaced only when it was an SVG picture."""
    import xml.etree.ElementTree as ET

    target = tmp_path / "p.svg"
    target.write_bytes((head + tail).encode("utf-8", "surrogatepass"))
    before = target.read_bytes()
    code, _, err = run("show", os.path.join(os.path.dirname(__file__), "..", "sample_maps", "alice-spring.yaml"),
                       "--svg", str(target))
    assert code in (0, 2), err
    try:
        root = ET.fromstring(before.decode("utf-8"))
        was_svg = root.tag.rsplit("}", 1)[-1] == "svg"
    except (ET.ParseError, UnicodeDecodeError):
        was_svg = None  # not a whole document: its head alone may still be a picture's
    if code == 2:
        assert target.read_bytes() == before and was_svg is not True
    else:
        assert was_svg is not False and b"data-space" in target.read_bytes()
    assert listing(tmp_path) == ["p.svg"]


@settings(max_examples=25, **SAME_EXAMPLES)
@given(head=st.sampled_from(PICTURE_HEADS), tail=st.text(max_size=40))
def test_pictures_replace_only_pictures(tmp_path, head, tail):
    picture_over(tmp_path, head, tail)


@pytest.mark.campaign
@settings(max_examples=500, **SAME_EXAMPLES)
@given(head=st.sampled_from(PICTURE_HEADS), tail=st.text(max_size=40))
def test_pictures_replace_only_pictures_campaign(tmp_path, head, tail):
    picture_over(tmp_path, head, tail)


# ------------------------------------------------------------------- the page while the file changes


@pytest.mark.parametrize("rounds", [20, pytest.param(300, marks=pytest.mark.campaign)])
def test_the_table_page_answers_while_its_game_file_changes(tmp_path, rounds):
    from cartoref.web.server import serve_in_thread

    game = tmp_path / "g.yaml"
    assert run("new", "--players", "Ann,Bob", "--seed", "5", "--game", str(game))[0] == 0
    real = game.read_text()
    running = serve_in_thread(str(game))
    url = running.base
    rng = random.Random(5)
    try:
        for _ in range(rounds):
            what = rng.choice(["draw", "fifo", "garbage", "missing", "real"])
            if game.exists() or game.is_fifo():
                game.unlink()
            if what == "fifo":
                os.mkfifo(game)
            elif what == "garbage":
                game.write_text("not: [a game")
            elif what != "missing":
                game.write_text(real)
                if what == "draw":
                    run("draw", "--game", str(game))
            for path in ("/display.json", "/status.json", "/"):
                try:
                    with urllib.request.urlopen(url + path, timeout=5) as r:
                        code = r.status
                except urllib.error.HTTPError as e:
                    code = e.code
                assert code == 200 or (code == 503 and what in ("fifo", "garbage", "missing")), (what, path)
    finally:
        running.stop()


# ----------------------------------------------------------------------------- writers at once


def _place_and_record(game: str, folder: str, names, cells: str, terrain: str) -> None:
    from cartoref.cli import main

    for name in names:
        path = os.path.join(folder, f"{name}.yaml")
        for args in (["place", path, "--cells", cells, "--terrain", terrain, "--game", game],
                     ["record", name, path, "--game", game]):
            try:
                main(args)
            except SystemExit as e:
                if e.code:
                    os._exit(1)
    os._exit(0)


@pytest.mark.parametrize("writers, rounds", [(4, 1), pytest.param(2, 4, marks=pytest.mark.campaign),
                                             pytest.param(8, 8, marks=pytest.mark.campaign)])
def test_writers_at_once_on_a_heroes_game_and_its_maps_lose_nothing(tmp_path, writers, rounds):
    """Processes at once each draw the season's last card on their players' maps and record
    them from the files: every drawing and every record kept, each map scored as it stands."""
    from cartoref.table.sheets import new_map

    players = tuple(f"P{i}" for i in range(16))
    for n in range(rounds):
        folder = tmp_path / f"r{n}"
        folder.mkdir()
        game = str(folder / "g.yaml")
        s = new_game(21, players, edition=choose(CARDS, "heroes"), cards=CARDS)
        while not season_over(s):
            s, _ = apply(s, Draw())
        (folder / "g.yaml").write_text(format_game(s))
        for p in players:
            (folder / f"{p}.yaml").write_text(new_map(None, p, game))
        table = Table.read(game)
        card = table.at_hand.card
        assert card is not None and card.kind == "explore", card  # seed 21: spring ends on an explore card
        best = table.hint(str(folder / "P0.yaml"), None, quick=True).ranked[0]
        cells = ",".join(c.label for c in iter_cells(best.mask))
        at_once(_place_and_record, [(game, str(folder), players[k::writers], cells, best.drawing.terrain.word)
                                    for k in range(writers)], timeout=120)
        state = read_game(game)
        records = {a.player: a for a in state.log if isinstance(a, Record)}
        assert sorted(records) == sorted(players)
        for p in players:
            mf = read_map(str(folder / f"{p}.yaml"))
            assert mf.sheet.mask(best.drawing.terrain) == best.mask and len(mf.drawings) == 1
            assert records[p].total == records["P0"].total  # the same drawing on the same blank side
        assert listing(folder) == sorted(["g.yaml", *(f"{p}.yaml" for p in players)])
