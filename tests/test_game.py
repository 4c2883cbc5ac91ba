"""Game state, actions, undo, standings, save and load (cartoref/game/)."""

from __future__ import annotations

import itertools

import pytest

from cartoref import game as games
from cartoref.errors import IllegalAction, SaveFileError, UsageError
from cartoref.game import Draw, Record, apply, format_game, new_game, parse_game, undo
from cartoref.mapfile import parse_map
from cartoref.table import check_map_for_game, read_game
from cartoref.views.json import standings as standings_shape
from cartoref.views.json import status as status_json

PLAYERS = ("Ann", "Bob", "Cy")


def step(state, action):
    """The state after one action (``apply`` also says what happened)."""
    return apply(state, action)[0]


def standings_json(state):
    return standings_shape(games.standings(state))


def record_from_map(state, player, mf, source=None):
    """What ``cartoref record PLAYER MAP`` does with a map file: check it belongs, then score it."""
    check_map_for_game(state, mf, player)
    return games.score_for_record(state, player, mf.sheet, mf.coins, source=source)


def to_season_end(state):
    """Draw until the current season is over."""
    while not games.season_over(state):
        state = step(state, Draw())
    return state


def play(state, figures):
    """Play seasons: for each, draw to its end then record ``figures[player] = (e1, e2, coins, monsters)``."""
    for season_figures in figures:
        state = to_season_end(state)
        season = games.season(state).id
        for player, (e1, e2, c, m) in season_figures.items():
            state = step(state, Record(player, season, e1, e2, c, m))
        if not games.game_over(state):
            state = step(state, Draw())
    return state


def every_state(seed=5, players=PLAYERS):
    """All the states of one whole game, with a record replaced along the way."""
    s = new_game(seed, players)
    states = [s]
    for season in range(4):
        while not games.season_over(s):
            s = step(s, Draw())
            states.append(s)
        sid = games.season(s).id
        for n, p in enumerate(players):
            s = step(s, Record(p, sid, n, 2, season, 1))
            states.append(s)
        s = step(s, Record(players[0], sid, 9, 9, 9, 0, replace=True))
        states.append(s)
        if season < 3:
            s = step(s, Draw())
            states.append(s)
    return states


# ----------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players, solo, message", [
    (("Ann", "ann"), False, "two players are called"),
    (("Ann",), False, "one player plays the solo game"),  # the command line adds "use --solo"
    (("Ann", "Bob"), True, "exactly one player"),
    (("Ann", ""), False, "empty"),
    (tuple(f"P{i}" for i in range(101)), False, "at most 100"),
])
def test_bad_player_lists_are_refused(players, solo, message):
    with pytest.raises(UsageError, match=message):
        new_game(1, players, solo=solo)


def test_a_hundred_players_can_play():
    s = new_game(1, tuple(f"P{i}" for i in range(100)))
    assert len(status_json(s)["players"]) == 100


def test_new_game_status_before_the_first_card():
    s = new_game(3, PLAYERS, edicts=("sentinel-wood", "canal-lake", "wildholds", "borderlands"))
    st = status_json(s)
    assert st["season"] == "spring" and st["time"] == 0 and st["threshold"] == 8
    assert st["column"] == [] and st["deck_size"] == 14 and st["ambushes_in_deck"] == 1
    assert st["edicts"] == ["sentinel-wood", "canal-lake", "wildholds", "borderlands"]
    assert st["scoring_now"] == ["A", "B"]
    assert not st["season_over"] and not st["game_over"] and not st["ruins_required"]


def test_the_seasons_score_ab_bc_cd_da():
    s = new_game(3, PLAYERS)
    seen = []
    for _ in range(4):
        s = to_season_end(s)
        seen.append(status_json(s)["scoring_now"])
        s = play(s, [{p: (0, 0, 0, 0) for p in PLAYERS}])
    assert seen == [["A", "B"], ["B", "C"], ["C", "D"], ["D", "A"]]
    assert games.game_over(s)


# ----------------------------------------------------------------------------- actions


def test_record_is_refused_while_the_season_runs_and_twice_without_replace():
    s = new_game(3, PLAYERS)
    with pytest.raises(IllegalAction, match="still running"):
        step(s, Record("Ann", "spring", 1, 1, 1, 1))
    s = to_season_end(s)
    s = step(s, Record("ann", "spring", 1, 1, 1, 1))
    assert s.log[-1].player == "Ann"  # the name as the game spells it
    with pytest.raises(IllegalAction, match="Ann already has a score for Spring") as refused:
        step(s, Record("Ann", "spring", 2, 2, 2, 2))
    assert refused.value.code == "already-recorded"  # the command line adds "use --replace"
    s = step(s, Record("Ann", "spring", 2, 2, 2, 2, replace=True))
    assert s.scores[0][0].total == 2 + 2 + 2 - 2


def test_record_refuses_unknown_players_with_a_suggestion_and_wrong_seasons():
    s = to_season_end(new_game(3, PLAYERS))
    with pytest.raises(IllegalAction, match="did you mean 'Ann'"):
        step(s, Record("Anne", "spring", 1, 1, 1, 1))
    with pytest.raises(IllegalAction, match="the season to score is Spring"):
        step(s, Record("Ann", "summer", 1, 1, 1, 1))
    with pytest.raises(IllegalAction, match="monsters"):
        step(s, Record("Ann", "spring", 1, 1, 1, -2))
    with pytest.raises(IllegalAction, match="coins"):
        step(s, Record("Ann", "spring", 1, 1, 15, 0))  # the coin track has 14 spaces


def test_recording_never_blocks_drawing_and_an_ended_season_is_recorded_later():
    s = to_season_end(new_game(3, PLAYERS))
    s = step(s, Record("Ann", "spring", 1, 1, 1, 1))
    s, event = apply(s, Draw())  # the next season starts although Bob and Cy have not recorded
    assert event.season_started and event.unrecorded == ("Bob", "Cy")
    assert games.season(s).id == "summer" and len(s.deck.column) >= 1
    # Spring can be recorded in summer; summer cannot, while it runs; winter has not been played.
    assert games.season_to_record(s) == "spring"
    s = step(s, Record("Bob", "spring", 2, 2, 2, 0))
    assert s.scores[1][0].total == 6 and s.scores[1][1] is None
    with pytest.raises(IllegalAction, match="Summer is still running"):
        step(s, Record("Cy", "summer", 0, 0, 0, 0))
    with pytest.raises(IllegalAction, match="cannot record Winter: it has not ended"):
        step(s, Record("Cy", "winter", 0, 0, 0, 0))
    # A late record replays: the saved game loads with it.
    assert parse_game(format_game(s), "g.yaml") == s


def test_standings_show_a_missing_season_as_missing_never_as_zero():
    s = play(new_game(9, PLAYERS), [{"Ann": (5, 3, 2, 2), "Bob": (4, 3, 2, 1)}])  # Cy skipped spring
    st = games.standings(s)
    cy = st.players[2]
    assert cy.seasons == () and cy.missing == ("spring",) and not st.complete
    shape = standings_json(s)
    assert shape["complete"] is False and shape["players"][2]["missing"] == ["spring"]
    assert shape["players"][0]["missing"] == [] and shape["players"][0]["total"] == 8


def test_draw_after_winter_points_to_standings():
    s = play(new_game(3, PLAYERS), [{p: (0, 0, 0, 0) for p in PLAYERS}] * 4)
    with pytest.raises(IllegalAction, match="the game is over after winter") as refused:
        step(s, Draw())
    assert refused.value.code == "game-over"  # the command line adds "see `cartoref standings`"


def test_undo_after_every_action_returns_exactly_the_earlier_state():
    states = every_state()
    kinds = set()
    for before, after in itertools.pairwise(states):
        assert undo(after)[0] == before
        last = after.log[-1]
        kinds.add("replace" if isinstance(last, Record) and last.replace else
                  "new season" if isinstance(last, Draw) and after.deck.season != before.deck.season else
                  type(last).__name__)
    assert kinds == {"Draw", "Record", "replace", "new season"}


def test_after_undo_the_next_draw_reveals_the_same_cards():
    states = every_state(seed=8)
    for before, after in itertools.pairwise(states):
        if isinstance(after.log[-1], Draw):
            again = step(undo(after)[0], Draw())
            assert again.log[-1].revealed == after.log[-1].revealed
            assert again == after


def test_undo_of_a_fresh_game_is_refused():
    with pytest.raises(IllegalAction, match="nothing to undo"):
        undo(new_game(1, PLAYERS))


# ----------------------------------------------------------------------------- scoring a map


def test_record_from_map_scores_the_seasons_two_edicts():
    s = to_season_end(new_game(3, PLAYERS, edicts=("sentinel-wood", "canal-lake", "wildholds", "borderlands")))
    text = (
        "player: Bob\nsheet: wilderness\ncoins: 2\nmap: |\n"
        "  F F . . . . . . . . .\n"
        "  . . . ^ . r . . . . .\n"
        "  . r . . . . . . ^ r .\n"
        "  . . . . . . . . . . .\n"
        "  . . . . M . . . . . .\n"
        "  . . . . . ^ . . . . .\n"
        "  . . . . . . . . . . .\n"
        "  . . . . . . . . . . .\n"
        "  . r ^ . . . . . . r .\n"
        "  . . . . . r . ^ . . .\n"
        "  . . . . W P . . . . .\n"
    )
    rec, _ = record_from_map(s, "bob", parse_map(text, "bob.yaml"), source="bob.yaml")
    # Sentinel Wood (A): forest on A1 and A2, both on the edge: 2.
    # Canal Lake (B): water K5 next to farm K6 (1) and farm K6 next to water K5 (1): 2.
    # Monster E5: its four empty neighbours D5, F5, E4, E6 each cost a star: 4.
    assert (rec.player, rec.edict1, rec.edict2, rec.coins, rec.monsters) == ("Bob", 2, 2, 2, 4)
    assert rec.total == 2 + 2 + 2 - 4
    s = step(s, rec)
    assert s.scores[1][0].source == "bob.yaml"


def test_record_from_map_refuses_another_players_map_or_another_games_edicts():
    s = to_season_end(new_game(3, PLAYERS, edicts=("sentinel-wood", "canal-lake", "wildholds", "borderlands")))
    blank = "sheet: wilderness\nmap: |\n" + "".join(
        "  " + row + "\n" for row in (
            ". . . . . . . . . . .", ". . . ^ . r . . . . .", ". r . . . . . . ^ r .", ". . . . . . . . . . .",
            ". . . . . . . . . . .", ". . . . . ^ . . . . .", ". . . . . . . . . . .", ". . . . . . . . . . .",
            ". r ^ . . . . . . r .", ". . . . . r . ^ . . .", ". . . . . . . . . . ."))
    with pytest.raises(IllegalAction, match="belongs to 'Ann'"):
        record_from_map(s, "Bob", parse_map("player: Ann\n" + blank))
    with pytest.raises(IllegalAction, match="edicts"):
        record_from_map(s, "Bob", parse_map("edicts: [greenbough, canal lake, wildholds, borderlands]\n" + blank))
    with pytest.raises(IllegalAction, match="season summer"):
        record_from_map(s, "Bob", parse_map("season: summer\n" + blank))


# ----------------------------------------------------------------------------- standings


def test_standings_rank_by_total_then_fewest_monster_stars_then_shared():
    # Season figures (edict1, edict2, coins, monsters), the same every season for simplicity.
    # Ann: 5 + 3 + 2 - 2 = 8 a season, 32 in all, 8 stars lost.
    # Bob: 4 + 3 + 2 - 1 = 8 a season, 32 in all, 4 stars lost.
    # Cy:  3 + 3 + 3 - 1 = 8 a season, 32 in all, 4 stars lost.
    fig = {"Ann": (5, 3, 2, 2), "Bob": (4, 3, 2, 1), "Cy": (3, 3, 3, 1)}
    s = play(new_game(9, PLAYERS), [fig] * 4)
    st = standings_json(s)
    rows = {p["name"]: p for p in st["players"]}
    assert [rows[n]["total"] for n in PLAYERS] == [32, 32, 32]
    assert [rows[n]["monsters"] for n in PLAYERS] == [8, 4, 4]
    assert [rows[n]["rank"] for n in PLAYERS] == [3, 1, 1]
    assert st["winners"] == ["Bob", "Cy"] and st["final"] and st["solo"] is None
    assert rows["Ann"]["seasons"][0] == {"season": "spring", "edict1": 5, "edict2": 3, "coins": 2,
                                         "monsters": 2, "total": 8}


def test_running_standings_name_no_winner():
    s = play(new_game(9, PLAYERS), [{"Ann": (1, 0, 0, 0), "Bob": (0, 0, 0, 0), "Cy": (0, 0, 0, 0)}])
    st = standings_json(s)
    assert st["winners"] == [] and st["leaders"] == ["Ann"] and not st["final"]
    assert [p["rank"] for p in st["players"]] == [1, 2, 2]


def test_solo_rating_subtracts_the_four_solo_numbers_once():
    # Solo numbers (docs/sources.md, scoring cards): Sentinel Wood 25, Canal Lake 24,
    # Wildholds 16, Borderlands 24: 89 in all.
    s = new_game(4, ("Me",), solo=True, edicts=("sentinel-wood", "canal-lake", "wildholds", "borderlands"))
    # Seasons: 20 + 10 + 5 - 0 = 35, 25 + 15 + 6 - 1 = 45, 10 + 10 + 8 - 3 = 25, 8 + 2 + 8 - 0 = 18; total 123.
    figs = [(20, 10, 5, 0), (25, 15, 6, 1), (10, 10, 8, 3), (8, 2, 8, 0)]
    s = play(s, [{"Me": f} for f in figs])
    st = standings_json(s)
    assert st["players"][0]["total"] == 123
    assert st["solo"]["rating"] == 123 - 89 == 34
    assert st["solo"]["title"] == "Legendary Cartographer"  # 30 or more


# ----------------------------------------------------------------------------- save and load


def test_save_and_load_give_back_the_same_game_at_every_step():
    for s in every_state(seed=12):
        assert parse_game(format_game(s), "g.yaml") == s


def test_player_names_with_quotes_and_colons_survive_the_save():
    s = new_game(2, ('Ann "the Bold"', "Bob: jr.", "#1"))
    assert parse_game(format_game(s)).setup.players == ('Ann "the Bold"', "Bob: jr.", "#1")


def saved(seed=5):
    s = to_season_end(new_game(seed, PLAYERS))
    s = step(s, Record("Ann", "spring", 3, 4, 1, 2))
    return format_game(s)


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("draw: [", "draw: [hamlet, ", 1) if "draw: [hamlet" not in t else
     t.replace("draw: [", "draw: [farmland, ", 1), "log entry 1 is impossible"),
    (lambda t: t.replace("edict1: 3", "edict1: -3"), "edict1"),
    (lambda t: t + '  - record: {player: "Ann", season: spring, edict1: 1, edict2: 1, coins: 1, monsters: 1}\n',
     "already has a score"),
    (lambda t: t + '  - record: {player: "Zed", season: spring, edict1: 1, edict2: 1, coins: 1, monsters: 1}\n',
     "no player called 'Zed'"),
    (lambda t: t + '  - record: {player: "Bob", season: winter, edict1: 1, edict2: 1, coins: 1, monsters: 1}\n',
     "cannot record Winter: it has not ended"),
    (lambda t: t + "  - shuffle: yes\n", "unknown action 'shuffle'"),
    (lambda t: t.replace("cartoref-game: 2", "cartoref-game: 7"), "format 7"),
    (lambda t: t.replace("edicts: {A: ", "edicts: {A: nonsense, X: "), "edicts"),
    (lambda t: t.replace("seed: 5", "seed: five"), "'seed' should be a whole number"),
    (lambda t: t.replace("solo: false", "solo: false\ncolour: blue"), "unknown key 'colour'"),
    (lambda t: t.replace('  - "Bob"\n', '  - "ann"\n'), "two players are called"),
])
def test_a_game_edited_into_an_impossible_one_is_refused_naming_the_file(edit, message):
    text = edit(saved())
    with pytest.raises(SaveFileError, match=message) as info:
        parse_game(text, "table.yaml")
    assert str(info.value).startswith("table.yaml: ")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text, message", [
    ("players: [Ann]\n", "not a cartoref game file"),
    ("- just\n- a list\n", "not a cartoref game file"),
    ("", "not a cartoref game file"),
    ("cartoref-game: 1\nseed: [\n", "not valid YAML"),
    ("\tcartoref-game: 1\n", "not valid YAML"),
])
def test_foreign_and_corrupt_files_are_refused(text, message):
    with pytest.raises(SaveFileError, match=message):
        parse_game(text, "other.yaml")


def test_read_game_names_a_missing_file(tmp_path):
    with pytest.raises(SaveFileError, match="no game file here"):
        read_game(str(tmp_path / "nope.yaml"))
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError, match="not UTF-8"):
        read_game(str(binary))


def _to_first_ambush(state):
    """Draw (recording zeros at each season end) until a draw reveals an ambush."""
    ambushes = {a.id for a in state.catalog.ambushes}
    for _ in range(80):
        if games.season_over(state):
            for p in state.setup.players:
                state = step(state, Record(p, games.season(state).id, 0, 0, 0, 0))
        after = step(state, Draw())
        if ambushes & set(after.log[-1].revealed):
            return state, after.log[-1].revealed
        state = after
    raise AssertionError("no ambush in a whole game")


def test_a_solo_monster_drawn_on_the_map_is_kept_in_the_log_for_undo():
    state, revealed = _to_first_ambush(new_game(3, ("Solo",), solo=True, map="me.yaml"))
    after = step(state, Draw(revealed, ("A1", "A2"), 1))
    text = format_game(after)
    assert "    monster: [A1, A2]\n    coins: 1\n" in text
    again = parse_game(text, "g.yaml")
    assert again.log[-1] == Draw(revealed, ("A1", "A2"), 1)
    assert undo(again)[0] == state


def test_a_monster_in_the_log_needs_a_solo_map_and_an_ambush():
    state, revealed = _to_first_ambush(new_game(3, ("Ann", "Bob")))
    with pytest.raises(IllegalAction, match="only on a solo map"):
        step(state, Draw(revealed, ("A1",), 0))
    solo, revealed = _to_first_ambush(new_game(3, ("Solo",), solo=True, map="me.yaml"))
    with pytest.raises(IllegalAction, match="not spaces of the map"):
        step(solo, Draw(revealed, ("Z99",), 0))


# ----------------------------------------------------------------------------- events


def test_each_draw_says_what_it_revealed_and_what_it_asks_of_the_table():
    s = new_game(21, PLAYERS)
    seen = {"ruins": 0, "ambush": 0, "started": 0, "ended": 0}
    for _ in range(4):
        while not games.season_over(s):
            before = s
            s, event = apply(s, Draw())
            assert event.revealed == s.log[-1].revealed == s.deck.column[len(s.deck.column) - len(event.revealed):]
            kinds = [s.deck.cards.by_id[c].kind for c in event.revealed]
            # A ruins chain ends on the first other card; an explore card after ruins takes the obligation.
            assert all(k == "ruins" for k in kinds[:-1])
            if kinds[0] == "ruins" or before.deck.ruins_pending:
                if kinds[-1] == "explore":
                    assert event.ruins_card == event.revealed[-1] and not event.ruins_pending
                    seen["ruins"] += 1
                else:
                    assert event.ruins_pending and event.ambush == event.revealed[-1]
            assert (event.ambush is not None) == (kinds[-1] == "ambush")
            seen["ambush"] += event.ambush is not None
            assert event.season_ended == games.season_over(s)
            seen["ended"] += event.season_ended
            seen["started"] += event.season_started
            assert event.monster is None  # no solo map here
        if not games.game_over(s):
            for p in PLAYERS:
                s = step(s, Record(p, games.season(s).id, 0, 0, 0, 0))
            s, event = apply(s, Draw())
            assert event.season_started and not event.season_ended
            seen["started"] += event.season_started
    assert seen == {**seen, "ended": 4, "started": 3} and seen["ruins"] >= 1 and seen["ambush"] >= 1


def test_a_draw_on_a_solo_sheet_draws_the_ambushs_monster_by_the_solo_procedure():
    from cartoref.cards import catalog
    from cartoref.game import SoloSheet
    from cartoref.grid import Sheet

    blank = Sheet.blank(catalog().sheet_side("wilderness"))
    state = new_game(3, ("Solo",), solo=True, map="me.yaml")
    # On a blank Wilderness sheet each monster fits at once, flush in its card's corner
    # (docs/solo.md): Goblin Attack bottom-right, Bugbear Assault top-right (gaps A10, B10 left
    # out), Kobold Onslaught bottom-left, Gnoll Raid top-left (C2 is an empty ruins space).
    where = {"goblin-attack": ("I9", "J10", "K11"), "bugbear-assault": ("A9", "A11", "B9", "B11"),
             "kobold-onslaught": ("I1", "J1", "J2", "K1"), "gnoll-raid": ("A1", "A2", "B1", "C1", "C2")}
    for _ in range(80):
        if games.season_over(state):
            state = step(state, Record("Solo", games.season(state).id, 0, 0, 0, 0))
        state, event = apply(state, Draw(), solo=SoloSheet(blank, 0))
        if event.ambush:
            assert event.monster is not None and event.monster.terrain.word == "monster"
            assert state.log[-1].monster == where[event.ambush]
            assert event.monster.after.monster == event.monster.mask  # the sheet held no monster before
            assert tuple(c.label for c in _cells(event.monster.mask)) == where[event.ambush]
            assert event.monster_coins == 0 == state.log[-1].monster_coins
            return
    pytest.fail("no ambush in a whole game")


def _cells(mask):
    from cartoref.grid import iter_cells

    return list(iter_cells(mask))


def test_a_record_says_whether_it_replaced_one():
    s = to_season_end(new_game(3, PLAYERS))
    s, first = apply(s, Record("Ann", "spring", 1, 2, 3, 0))
    assert first.record.total == 6 and not first.replaced
    s, second = apply(s, Record("Ann", "spring", 2, 2, 3, 1, replace=True))
    assert second.record.total == 6 and second.replaced
