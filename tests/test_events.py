"""An event: several tables on one deal, rounds with reseating, standings by stars or rank
points with the game's tie-break and a second one, dropouts and byes; on the files and on a
database (``db`` runs each test on every store).

The games are played through the table (draws to each season's end) with scores filled in by
hand, so every standing below is worked out by hand from the scores given."""

from __future__ import annotations

import json
import random

import pytest

from cartoref import store
from cartoref.game.event import Event, Round, meetings, seat, table_sizes
from cartoref.table import Table
from cartoref.table.results import HandScores


def _args(db):
    return ("--db", db) if db else ()


def _play(db, key: str, totals: dict[str, tuple[int, int]]) -> None:
    """Play the game at ``key`` to its end; each player scores, every season, (stars, monsters)
    as ``totals`` gives them per season: edict1 = stars + monsters, the rest 0."""
    from cartoref.game import season_over

    s = store.use(db)
    with Table.open(key, store=s) as t:
        for index, season in enumerate(t.state.seasons):
            while t.state.deck.season != index or not season_over(t.state):
                t.draw()
            for player, (stars, monsters) in totals.items():
                t.record(player, scores=HandScores(stars + monsters, 0, 0, monsters), season=season.id)


def test_table_sizes_are_as_even_as_the_players_allow():
    assert table_sizes(8, 3) == [3, 3, 2]
    assert table_sizes(12, 3) == [4, 4, 4]
    assert table_sizes(2, 5) == [1, 1]


def test_a_lone_player_gets_a_bye_and_swiss_avoids_repeat_opponents():
    rng = random.Random(1)
    tables, byes = seat(["A", "B", "C", "D", "E"], 3, "standing", rng, order=["A", "B", "C", "D", "E"])
    # 5 players at 3 tables would leave one alone: the lowest in the standings sits out.
    assert byes == ("E",) and tables == (("A", "B"), ("C", "D"))
    # A and B met, C and D met: the swiss pairing splits them, best first.
    ev = Event("e", 1, ("A", "B", "C", "D"), 2, rounds=(Round(1, (("A", "B"), ("C", "D"))),))
    tables, byes = seat(["A", "B", "C", "D"], 2, "swiss", rng, order=["A", "B", "C", "D"], met=meetings(ev))
    assert tables == (("A", "C"), ("B", "D")) and byes == ()
    tables, _ = seat(["A", "B", "C", "D"], 2, "standing", rng, order=["A", "B", "C", "D"])
    assert tables == (("A", "B"), ("C", "D"))


def test_every_table_plays_the_same_deal_and_a_round_deals_anew(db, cartoref):
    r = cartoref("event", "new", "club", "--tables", "2", "--players", "Ann,Bob,Cy,Dan,Eve", "--seed", "11",
                 "--json", *_args(db))
    assert r.code == 0, r.err
    made = json.loads(r.out)
    assert [len(t["players"]) for t in made["tables"]] == [3, 2]
    seated = sorted(p for t in made["tables"] for p in t["players"])
    assert seated == ["Ann", "Bob", "Cy", "Dan", "Eve"]
    s = store.use(db)
    first = [Table.read(t["game"], store=s).state for t in made["tables"]]
    assert first[0].setup.edicts == first[1].setup.edicts and first[0].setup.seed == first[1].setup.seed == 11
    with Table.open(made["tables"][0]["game"], store=s) as a, Table.open(made["tables"][1]["game"], store=s) as b:
        for _ in range(3):
            assert a.draw().event.revealed == b.draw().event.revealed  # the same deck order, card by card
    r = cartoref("event", "round", "club", "--seating", "random", "--json", *_args(db))
    assert r.code == 0, r.err
    second = json.loads(r.out)
    assert second["round"] == 2 and second["seed"] != 11
    again = Table.read(second["tables"][0]["game"], store=s).state
    assert again.setup.seed == second["seed"]


def test_standings_by_stars_and_by_rank_points_with_the_tie_breaks(db, cartoref):
    # Round 1: table 1 Ann, Bob; table 2 Cy, Dan (as given). Four seasons each.
    r = cartoref("event", "new", "night", "--tables", "2", "--players", "Ann,Bob,Cy,Dan", "--as-given",
                 "--seed", "3", "--points", "6,4,2,0", *_args(db))
    assert r.code == 0, r.err
    _play(db, "night/round-1/table-1/game.yaml", {"Ann": (10, 1), "Bob": (8, 0)})
    _play(db, "night/round-1/table-2/game.yaml", {"Cy": (9, 2), "Dan": (10, 1)})
    # Totals over 4 seasons: Ann 40 (4 lost), Bob 32 (0), Cy 36 (8), Dan 40 (4).
    st = json.loads(cartoref("event", "standings", "night", "--json", *_args(db)).out)
    by_stars = [(s["rank"], s["player"], s["score"], s["monsters"], s["points"]) for s in st["standings"]]
    # Ann and Dan tie on 40 stars and 4 lost; the second tie-break (rank points) is 6 each: shared 1st.
    assert by_stars == [(1, "Ann", 40, 4, 6), (1, "Dan", 40, 4, 6), (3, "Cy", 36, 8, 4), (4, "Bob", 32, 0, 4)]
    st = json.loads(cartoref("event", "standings", "night", "--by", "rank", "--json", *_args(db)).out)
    by_points = [(s["rank"], s["player"]) for s in st["standings"]]
    # 6 points: Ann (4 lost), Dan (4 lost), tied again then by stars (40 each): shared. 4 points: Bob (0 lost)
    # before Cy (8 lost).
    assert by_points == [(1, "Ann"), (1, "Dan"), (3, "Bob"), (4, "Cy")]
    assert all(g["final"] and g["bgstats"].startswith("https://app.bgstatsapp.com/") for g in st["games"])
    csv = cartoref("event", "standings", "night", "--csv", *_args(db)).out.splitlines()
    assert csv[0] == "rank,player,score,points,monsters,wins,games,byes,dropped" and csv[1].startswith("1,Ann,40,6,4,1,1")
    # Round 2 by standing, Bob dropping out: Ann and Dan together, Cy alone has a bye.
    r = cartoref("event", "round", "night", "--seating", "standing", "--drop", "Bob", "--json", *_args(db))
    made = json.loads(r.out)
    assert [t["players"] for t in made["tables"]] == [["Ann", "Dan"]] and made["byes"] == ["Cy"]
    assert made["dropped"] == ["Bob"]
    st = json.loads(cartoref("event", "standings", "night", "--by", "rank", "--json", *_args(db)).out)
    cy = next(s for s in st["standings"] if s["player"] == "Cy")
    # A bye: the middle place's points of a table of two (1st: 6).
    assert cy["byes"] == 1 and cy["points"] == 4 + 6


def test_bad_input_is_refused_with_a_clear_word(db, cartoref, tmp_path):
    r = cartoref("event", "new", "a/b", "--tables", "2", "--players", "Ann,Bob", *_args(db))
    assert r.code == 2 and "without slashes" in r.err
    r = cartoref("event", "standings", "nothing", *_args(db))
    assert r.code == 2 and "no event of that name" in r.err
    assert cartoref("event", "new", "x", "--tables", "1", "--players", "Ann,Bob", *_args(db)).code == 0
    r = cartoref("event", "new", "x", "--tables", "1", "--players", "Ann,Bob", *_args(db))
    assert r.code == 2 and "already" in r.err
    r = cartoref("event", "round", "x", "--drop", "Zed", *_args(db))
    assert r.code == 2 and "Zed" in r.err
    r = cartoref("event", "new", "y", "--tables", "2", "--players", "Ann,Bob", "--points", "6,x", *_args(db))
    assert r.code == 2


@pytest.mark.parametrize("n", [7])
def test_players_come_from_a_file_one_name_a_line(db, cartoref, tmp_path, n):
    (tmp_path / "players.txt").write_text("# the club\n" + "\n".join(f"P{i}" for i in range(n)) + "\n\n")
    r = cartoref("event", "new", "club", "--tables", "3", "--players", str(tmp_path / "players.txt"), "--json",
                 *_args(db))
    assert r.code == 0, r.err
    assert sorted(p for t in json.loads(r.out)["tables"] for p in t["players"]) == [f"P{i}" for i in range(n)]
