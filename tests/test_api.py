"""The table page's API (docs/api.md): every endpoint and every refusal, through Starlette's
TestClient (httpx), on real game and map files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cartoref.game import season_over
from cartoref.table import Table
from cartoref.table.seats import seat_map


@pytest.fixture
def table(cartoref, tmp_path, monkeypatch):
    """A three-player base game (seed 12: Goblin Attack comes first) and a client of its page."""
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "12").code == 0
    app = make_app(str(tmp_path / "cartoref-game.yaml"))
    with TestClient(app) as client:
        client.referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        yield client


def seat(client, player: str) -> dict[str, str]:
    r = client.post("/api/seats", json={"player": player})
    assert r.status_code == 200, r.text
    return {"Authorization": "Bearer " + r.json()["token"]}


def a_drawing(owner: str) -> dict:
    """A legal drawing of the card on the table on ``owner``'s seat map (the advisor's first)."""
    game = Table.read("cartoref-game.yaml")
    best = game.hint(seat_map(game, owner), None, quick=True).ranked[0]
    body: dict = {"cells": [c.label for c in _cells(best.mask)]}
    terrain = getattr(best.drawing, "terrain", None)
    if terrain is not None and game.at_hand.card.kind != "ambush":
        body["terrain"] = terrain.word
    return body


def _cells(mask: int):
    from cartoref.grid import iter_cells

    return list(iter_cells(mask))


def error(r) -> tuple[int, str]:
    return r.status_code, r.json()["error"]["code"]


# ------------------------------------------------------------------- reading the table


def test_the_table_says_status_seats_and_never_a_face_down_card(cartoref, table):
    assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
    r = table.get("/api/table")
    data = r.json()
    status = json.loads(cartoref("status", "--json").out)
    assert {k: data[k] for k in status} == status
    assert data["seats"] == [{"player": p, "taken": False, "map": None} for p in ("Ann", "Bob", "Cy")]
    assert data["drawn"] == [] and data["card"]["id"] == "goblin-attack"
    # Goblin Attack's arrow is counterclockwise: each map goes to the previous player (Ann's to
    # Cy, Bob's to Ann, Cy's to Bob).
    assert data["card"]["arrow"] == "ccw"
    assert data["card"]["passes"] == [{"map_of": "Ann", "drawn_by": "Cy"}, {"map_of": "Bob", "drawn_by": "Ann"},
                                      {"map_of": "Cy", "drawn_by": "Bob"}]
    state = Table.read("cartoref-game.yaml").state
    for hidden in state.deck.remaining:
        if hidden not in state.deck.column:
            for path in ("/api/table", "/display.json", "/status.json"):
                assert f'"{hidden}"' not in table.get(path).text


# ------------------------------------------------------------------- seats


def test_seats_are_taken_once_and_freed_by_the_referee(table, tmp_path):
    r = table.post("/api/seats", json={"player": "ann"})
    assert r.status_code == 200 and r.json()["player"] == "Ann" and len(r.json()["token"]) >= 32
    assert (tmp_path / "ann.yaml").exists()  # the seat's map, named after the seat
    assert error(table.post("/api/seats", json={"player": "Ann"})) == (409, "seat-taken")
    assert error(table.post("/api/seats", json={"player": "Zed"})) == (404, "unknown-player")
    for path in ("/api/maps/Zed", "/api/maps/Zed/score"):  # a stranger's map is no path (docs/api.md)
        assert error(table.get(path)) == (404, "unknown-player")
    first = table.get("/api/table").json()["seats"][0]
    assert first["taken"] is True and isinstance(first["map"], int)  # the seat's map made: its version
    bob = seat(table, "Bob")
    assert error(table.delete("/api/seats/Ann")) == (401, "no-token")
    assert error(table.delete("/api/seats/Ann", headers=bob)) == (403, "not-referee")
    assert table.delete("/api/seats/Ann", headers=table.referee).json() == {"player": "Ann", "taken": False}
    assert seat(table, "Ann")


@pytest.mark.parametrize("send, expected", [
    ({"content": b"player=Ann", "headers": {"Content-Type": "application/x-www-form-urlencoded"}},
     (415, "json-only")),
    ({"content": b"{not json", "headers": {"Content-Type": "application/json"}}, (400, "bad-json")),
    ({"content": b"[1]", "headers": {"Content-Type": "application/json"}}, (400, "bad-json")),
    ({"content": b'{"player": "' + b"x" * 70_000 + b'"}', "headers": {"Content-Type": "application/json"}},
     (413, "too-large")),
    ({"json": {"player": 7}}, (400, "bad-request")),
])
def test_a_bad_body_is_refused_with_its_reason(table, send, expected):
    assert error(table.post("/api/seats", **send)) == expected


def test_a_freed_seats_token_no_longer_works(table):
    ann = seat(table, "Ann")
    table.delete("/api/seats/Ann", headers=table.referee)
    assert error(table.post("/api/maps/Ann/drawings", json={"cells": ["A1"]}, headers=ann)) == (401, "bad-token")
    assert error(table.post("/api/maps/Ann/drawings", json={"cells": ["A1"]},
                            headers={"Authorization": "Basic abc"})) == (401, "no-token")


# ------------------------------------------------------------------- maps and drawings


def test_a_map_is_its_show_json(cartoref, table):
    assert error(table.get("/api/maps/Ann")) == (404, "no-map")
    seat(table, "Ann")
    data = table.get("/api/maps/Ann").json()
    shown = json.loads(cartoref("show", "ann.yaml", "--json").out)
    assert {k: data[k] for k in shown} == shown and data["drawings"] == []


def test_an_ambush_is_drawn_on_the_map_passed_to_you_once_and_taken_back(cartoref, table, tmp_path):
    ann, bob = seat(table, "Ann"), seat(table, "Bob")
    seat(table, "Cy")
    table.post("/api/draw", json={}, headers=table.referee)  # Goblin Attack, counterclockwise
    drawing = a_drawing("Bob")  # Bob's map goes to Ann
    assert error(table.post("/api/maps/Ann/drawings", json=drawing, headers=ann)) == (403, "not-your-map")
    assert error(table.post("/api/maps/Bob/drawings", json=drawing)) == (401, "no-token")
    r = table.post("/api/maps/Bob/drawings", json={"cells": ["A1", "A2"]}, headers=ann)
    # The refusal is place's own sentence.
    said = cartoref("place", "bob.yaml", "goblin attack", "--cells", "A1,A2", "--no-game").err
    assert error(r) == (422, "not-a-shape") and r.json()["error"]["message"] in said
    r = table.post("/api/maps/Bob/drawings", json=drawing, headers=ann)
    assert r.status_code == 200, r.text
    placed = r.json()
    assert placed["card_id"] == "goblin-attack" and placed["cells"] == drawing["cells"] and placed["map"] == "Bob"
    assert "goblin-attack, monster on" in (tmp_path / "bob.yaml").read_text()
    again = table.post("/api/maps/Bob/drawings", json=drawing, headers=ann)
    assert error(again) == (422, "already-drawn")
    assert table.get("/api/table").json()["drawn"] == ["Ann"]
    assert error(table.delete("/api/maps/Bob/drawings/last", headers=bob)) == (403, "not-your-map")
    r = table.delete("/api/maps/Bob/drawings/last", headers=ann)
    assert r.status_code == 200 and r.json()["erased"] == drawing["cells"]
    assert error(table.delete("/api/maps/Bob/drawings/last", headers=ann)) == (422, "nothing-to-take-back")


def test_a_bad_drawing_request_is_400(table):
    ann = seat(table, "Ann")
    table.post("/api/draw", json={}, headers=table.referee)
    for body in ({"cells": "A1"}, {"cells": [1]}, {"cells": ["A1"], "terrain": 3}, {"cells": ["A1"], "orientation": "1"},
                 {"cells": ["A1"], "destroy": ["E5"]}):
        assert error(table.post("/api/maps/Bob/drawings", json=body, headers=ann)) == (400, "bad-request")


# ------------------------------------------------------------------- the referee


def test_the_referee_draws_when_everyone_has_drawn_or_forced_and_undoes(table):
    ann, bob, cy = seat(table, "Ann"), seat(table, "Bob"), seat(table, "Cy")
    assert error(table.post("/api/draw", json={})) == (401, "no-token")
    assert error(table.post("/api/draw", json={}, headers=ann)) == (403, "not-referee")
    r = table.post("/api/draw", json={}, headers=table.referee)
    assert r.status_code == 200 and r.json()["revealed"][0]["id"] == "goblin-attack"
    r = table.post("/api/draw", json={}, headers=table.referee)
    assert error(r) == (409, "still-drawing") and "Ann, Bob, Cy" in r.json()["error"]["message"]
    for who, owner in ((ann, "Bob"), (bob, "Cy"), (cy, "Ann")):
        assert table.post(f"/api/maps/{owner}/drawings", json=a_drawing(owner), headers=who).status_code == 200
    assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
    assert table.post("/api/undo", json={}, headers=table.referee).status_code == 200
    assert error(table.post("/api/undo", json={}, headers=ann)) == (403, "not-referee")
    assert table.post("/api/draw", json={"force": True}, headers=table.referee).status_code == 200


def test_the_event_stream_says_the_table_changed(table):
    with table.stream("GET", "/api/events") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        lines = r.iter_lines()
        # At once: how soon to reconnect a lost stream (1 s), then the table's first event.
        assert [next(lines), next(lines)] == ["retry: 1000", "event: table"]


# ------------------------------------------------------------------- a season that scores itself


def test_a_season_played_on_phones_scores_itself(table):
    seats = {p: seat(table, p) for p in ("Ann", "Bob", "Cy")}
    scored = None
    for _ in range(20):
        assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
        t = table.get("/api/table").json()
        passes = {p["drawn_by"]: p["map_of"] for p in t["card"].get("passes", [])}
        for player, token in seats.items():
            owner = passes.get(player, player)
            r = table.post(f"/api/maps/{owner}/drawings", json=a_drawing(owner), headers=token)
            assert r.status_code == 200, r.text
            scored = r.json().get("season_scored") or scored
        if season_over(Table.read("cartoref-game.yaml").state):
            break
    # The last drawing scored every map of the table and recorded it, from its file.
    assert scored is not None and sorted(r["player"] for r in scored["recorded"]) == ["Ann", "Bob", "Cy"]
    t = table.get("/api/table").json()
    assert sorted(t["recorded"]) == ["Ann", "Bob", "Cy"]
    for player in ("Ann", "Bob", "Cy"):
        score = table.get(f"/api/maps/{player}/score").json()
        record = next(r for r in scored["recorded"] if r["player"] == player)
        assert score["total"] == record["total"] and all("reason" in c for c in score["cards"])
        assert os.path.exists(f"{player.lower()}.yaml")


def test_a_seasons_last_card_waits_for_every_seat_and_a_drawing_made_on_the_command_line_counts(cartoref, table):
    seats = {p: seat(table, p) for p in ("Ann", "Bob", "Cy")}
    for _ in range(20):
        assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
        if Table.read("cartoref-game.yaml").at_hand.last_of_season:
            break
        t = table.get("/api/table").json()
        passes = {p["drawn_by"]: p["map_of"] for p in t["card"].get("passes", [])}
        for player, token in seats.items():
            owner = passes.get(player, player)
            assert table.post(f"/api/maps/{owner}/drawings", json=a_drawing(owner), headers=token).status_code == 200
    assert Table.read("cartoref-game.yaml").at_hand.card.kind == "explore"
    for player in ("Ann", "Bob"):
        assert table.post(f"/api/maps/{player}/drawings", json=a_drawing(player), headers=seats[player]).status_code == 200
    r = table.post("/api/maps/Ann/drawings", json={"cells": ["K11"], "terrain": "forest"}, headers=seats["Ann"])
    # Refused as place refuses it, the map named by its file's name (never the server's folders).
    assert error(r) == (422, "already-drawn") and os.getcwd() not in r.text and "ann.yaml" in r.text
    # Cy has not drawn the season's last card: the next card waits (the season would go unscored).
    r = table.post("/api/draw", json={}, headers=table.referee)
    assert error(r) == (409, "still-drawing") and "Cy" in r.json()["error"]["message"]
    # Cy draws it at the terminal; the referee's draw scores the season first, from the three maps.
    body = a_drawing("Cy")
    args = ["place", "cy.yaml", "--cells", ",".join(body["cells"])] + (["--terrain", body["terrain"]] if "terrain" in body else [])
    assert cartoref(*args).code == 0
    r = table.post("/api/draw", json={}, headers=table.referee)
    assert r.status_code == 200, r.text
    recorded = r.json()["season_scored"]["recorded"]
    assert sorted((rec["player"], rec["map"]) for rec in recorded) == [("Ann", "ann.yaml"), ("Bob", "bob.yaml"),
                                                                      ("Cy", "cy.yaml")]
    assert json.loads(cartoref("status", "--json").out)["unrecorded"] == []


def test_a_token_is_good_for_one_game_and_a_new_game_in_its_place_frees_every_seat(cartoref, table):
    ann = seat(table, "Ann")
    assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
    assert table.post("/api/maps/Bob/drawings", json=a_drawing("Bob"), headers=ann).status_code == 200
    old = Path("ann.yaml").read_text()
    # Another game is set up in the same file, the same players, other edicts.
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "5", "--force").code == 0
    new_edicts = Table.read("cartoref-game.yaml").state.setup.edicts
    assert f"edicts: [{', '.join(new_edicts)}]" not in old
    assert error(table.post("/api/draw", json={}, headers=ann)) == (401, "bad-token")
    assert table.get("/api/table").json()["seats"][0]["taken"] is False
    again = seat(table, "Ann")
    assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
    assert table.post("/api/maps/Ann/drawings", json=a_drawing("Ann"), headers=again).status_code == 200
    # The old game's map is left alone: the new seat draws on a map of the new game.
    assert Path("ann.yaml").read_text() == old
    assert seat_map(Table.read("cartoref-game.yaml"), "Ann").endswith("ann-seat-1.yaml")


# ------------------------------------------------------------------- Heroes on the phones


@pytest.fixture
def heroes(cartoref, tmp_path, monkeypatch):
    """A factory of two-player Heroes tables (Ann, Bob) at a seed, with a client of the page."""
    from starlette.testclient import TestClient

    from cartoref.web.app import make_app

    monkeypatch.chdir(tmp_path)
    clients = []

    def make(seed: int):
        assert cartoref("new", "--players", "Ann,Bob", "--seed", str(seed), "--edition", "heroes").code == 0
        app = make_app(str(tmp_path / "cartoref-game.yaml"))
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        client.referee = {"Authorization": "Bearer " + app.state.hub.referee_token}
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)


def test_a_hero_is_drawn_from_a_phone_with_its_orientation(heroes, tmp_path):
    table = heroes(4)  # the third card is Freyla the True
    ann = seat(table, "Ann")
    seat(table, "Bob")
    for _ in range(3):
        table.post("/api/draw", json={"force": True}, headers=table.referee)
    card = table.get("/api/table").json()["card"]
    assert card["kind"] == "hero" and len(card["orientations"]) > 1
    r = table.post("/api/maps/Ann/drawings", json={"cells": ["E5"]}, headers=ann)
    assert error(r) == (422, "orientation-needed")
    r = table.post("/api/maps/Ann/drawings", json={"cells": ["E5"], "orientation": 1}, headers=ann)
    assert r.status_code == 200, r.text
    # Freyla marks the three spaces to the right of her, as printed in orientation 1.
    assert (r.json()["terrain"], r.json()["orientation"], r.json()["attacks"]) == ("hero", 1, ["E6", "E7", "E8"])
    assert "attacks: E6, E7, E8" in (tmp_path / "ann.yaml").read_text()


def test_the_gorgons_space_is_chosen_on_the_phone_that_draws_it(heroes):
    table = heroes(8)  # the third card is Gorgon Gaze
    seat(table, "Ann")
    bob = seat(table, "Bob")
    for _ in range(3):
        table.post("/api/draw", json={"force": True}, headers=table.referee)
    card = table.get("/api/table").json()["card"]
    assert card["id"] == "gorgon-gaze"
    owner = next(p["map_of"] for p in card["passes"] if p["drawn_by"] == "Bob")
    body = {"cells": ["A5", "A7", "B6"]}  # X-X / .X. on the top edge, as printed
    r = table.post(f"/api/maps/{owner}/drawings", json=body, headers=bob)
    assert error(r) == (422, "gorgon-target")
    # The gorgon on A5 A7 B6 may destroy any space next to it: A4, A6, A8, B5 (a ruins space),
    # B7, C6 (side C prints no mountain or wasteland there).
    assert r.json()["error"]["spaces"] == ["A4", "A6", "A8", "B5", "B7", "C6"]
    r = table.post(f"/api/maps/{owner}/drawings", json={**body, "destroy": "A6"}, headers=bob)
    assert r.status_code == 200 and r.json()["destroyed"] == ["A6"], r.text


def test_the_trolls_space_is_chosen_on_its_owners_phone_when_the_season_scores_itself(heroes):
    table = heroes(10)  # spring: Coastal Encampment, Pasture, Giant Troll Ravage, ...
    seats = {p: seat(table, p) for p in ("Ann", "Bob")}
    scored = None
    for _ in range(12):
        assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200
        card = table.get("/api/table").json()["card"]
        passes = {p["drawn_by"]: p["map_of"] for p in card.get("passes", [])}
        for player, token in seats.items():
            owner = passes.get(player, player)
            body = a_drawing(owner)
            if card["kind"] in ("ambush", "hero"):
                # The troll where it hurts its map least (in the open, beside empty spaces), and
                # the hero where its marks spare it: the troll is there when the season scores.
                game = Table.read("cartoref-game.yaml")
                worst = game.hint(seat_map(game, owner), None, quick=True).ranked[-1]
                body = {"cells": [c.label for c in _cells(worst.mask)]}
                if card["kind"] == "hero":
                    body["orientation"] = worst.drawing.orientation
            r = table.post(f"/api/maps/{owner}/drawings", json=body, headers=token)
            assert r.status_code == 200, r.text
            scored = r.json().get("season_scored") or scored
        if scored:
            break
    # Both maps recorded by themselves; the troll's map waits for its owner to choose its space.
    assert sorted(rec["player"] for rec in scored["recorded"]) == ["Ann", "Bob"]
    choices = {c["player"]: c["spaces"] for c in scored["choose_troll"]}
    assert sorted(choices) == ["Ann", "Bob"]  # each drew the troll on the other's map
    # The choices hold the referee's draw, forced or not, and the table says whose they are.
    pending = table.get("/api/table").json()["pending"]
    assert [(p["player"], p["choice"], p["spaces"]) for p in pending] == [
        ("Ann", "troll", choices["Ann"]), ("Bob", "troll", choices["Bob"])]
    assert error(table.post("/api/draw", json={"force": True}, headers=table.referee)) == (409, "choice-pending")
    owner, other = "Ann", "Bob"
    spaces = choices[owner]
    assert len(spaces) > 1
    game = Table.read("cartoref-game.yaml")
    from cartoref.moves import effects
    from cartoref.table.sheets import read_map

    sheet = read_map(seat_map(game, owner)).sheet
    assert spaces == [c.label for c in _cells(effects.troll_targets(sheet))]  # the empty spaces next to it
    end = f"/api/maps/{owner}/season-end"
    assert error(table.post(end, json={"troll": spaces[0]}, headers=seats[other])) == (403, "not-your-map")
    assert error(table.post(end, json={"troll": "A1" if "A1" not in spaces else "K11"},
                            headers=seats[owner])) == (422, "not-a-target")
    r = table.post(end, json={"troll": spaces[-1]}, headers=seats[owner])
    assert r.status_code == 200 and r.json()["troll"] == [spaces[-1]], r.text
    assert read_map(seat_map(game, owner)).sheet.destroyed & _cells_mask([spaces[-1]])
    assert table.get(f"/api/maps/{owner}").json()["resolved"] == ["spring"]
    assert table.get(f"/api/maps/{other}").json()["resolved"] == []  # Bob's troll still to choose
    assert error(table.post("/api/draw", json={}, headers=table.referee)) == (409, "choice-pending")
    r = table.post(f"/api/maps/{other}/season-end", json={"troll": choices[other][0]}, headers=seats[other])
    assert r.status_code == 200 and table.get(f"/api/maps/{other}").json()["resolved"] == ["spring"]
    assert table.get("/api/table").json()["pending"] == []
    assert table.post("/api/draw", json={}, headers=table.referee).status_code == 200


def _cells_mask(labels):
    from cartoref.grid import Cell

    mask = 0
    for label in labels:
        mask |= Cell.parse(label).bit
    return mask


def test_the_pages_and_the_refusals_speak_the_servers_language(table):
    """`cartoref --lang fr serve`: the pages say lang="fr" and their words are French (a
    non-breaking space before a colon, as French sets it); a refusal's message for a person is
    French; its code, for the page's script, is not translated."""
    from cartoref import i18n

    i18n.use("fr")
    try:
        page = table.get("/join").text
        assert '<html lang="fr">' in page and "Choisissez votre place\u00a0:" in page
        seat(table, "Ann")
        r = table.post("/api/seats", json={"player": "Ann"})
        assert r.status_code == 409
        assert r.json()["error"]["code"] == "seat-taken"
        assert r.json()["error"]["message"] == "la place de Ann est occupée\u00a0; l'arbitre peut la libérer"
    finally:
        i18n.use("en")
    assert '<html lang="en">' in table.get("/join").text
