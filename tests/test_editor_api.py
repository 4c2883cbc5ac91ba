"""The edit page's answers (Starlette's TestClient): a draft loaded, checked, scored, saved; a photo
dropped, seen from above, read with the typed spaces as labels."""

from __future__ import annotations

import io

import pytest
from test_read import photo_of

from cartoref.mapfile import blank_map, read_map


@pytest.fixture
def editor(tmp_path):
    from starlette.testclient import TestClient

    from cartoref.cards import catalog
    from cartoref.web.editor import make_editor

    path = tmp_path / "m.yaml"
    path.write_text("# my map\n" + blank_map(catalog().sheet_side("A"), "Ann"))
    with TestClient(make_editor(str(path))) as client:
        client.path = path
        yield client


def test_a_draft_is_loaded_checked_scored_and_saved_keeping_the_comments(editor):
    d = editor.get("/api/draft").json()
    assert d["sheet"] == "wilderness" and d["player"] == "Ann" and d["printed"]["mountains"] == [
        "B4", "C9", "F6", "I3", "J8"]
    rows = list(d["rows"])
    rows[10] = "FFFFFFFFFFF"  # row K: forest all along the bottom edge
    rows[0] = "?" + rows[0][1:]
    r = editor.post("/api/check", json={"rows": rows, "coins": 2, "season": "spring",
                                        "edicts": ["sentinel-wood", "canal-lake", "wildholds", "borderlands"]})
    assert [p["space"] for p in r.json()["problems"]] == ["A1"] and r.json()["score"] is None
    rows[0] = "." + rows[0][1:]
    r = editor.post("/api/check", json={"rows": rows, "coins": 2, "season": "spring",
                                        "edicts": ["sentinel-wood", "canal-lake", "wildholds", "borderlands"]})
    score = r.json()["score"]
    # Spring scores A (Sentinel Wood: 1 star per forest space on the edge: row K's 11) and B
    # (Canal Lake: nothing without water), plus 2 coins.
    assert [(c["id"], c["score"]) for c in score["cards"]] == [("sentinel-wood", 11), ("canal-lake", 0)]
    assert score["total"] == 13
    assert editor.post("/api/save", json={"rows": rows, "coins": 2, "player": "Ann"}).json()["unread"] == 0
    text = editor.path.read_text()
    assert text.startswith("# my map\n") and read_map(str(editor.path)).sheet.forest.bit_count() == 11


@pytest.mark.campaign  # a photo made and read, about 1.5 s: CI runs it with the campaigns
def test_a_dropped_photo_is_seen_from_above_and_read(editor):
    assert editor.post("/api/photo", content=b"x", headers={"Content-Type": "text/plain"}).status_code == 415
    _, photo = photo_of("A", 3)
    buf = io.BytesIO()
    photo.image.save(buf, "JPEG", quality=90)
    r = editor.post("/api/photo", content=buf.getvalue(), headers={"Content-Type": "image/jpeg"})
    assert r.status_code == 200 and r.json()["photo"]
    corners = r.json()["corners"]
    square = editor.post("/api/square", json={"corners": corners})
    assert square.headers["content-type"] == "image/png" and square.content.startswith(b"\x89PNG")
    read = editor.post("/api/read", json={"corners": corners, "labels": {}}).json()
    assert len(read["rows"]) == 11 and all(len(row) == 11 for row in read["rows"])
    assert editor.post("/api/square", json={"corners": [[0, 0]]}).status_code == 400


def test_with_a_game_the_map_is_scored_with_its_edicts_and_season(cartoref, tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from cartoref.web.editor import make_editor

    monkeypatch.chdir(tmp_path)
    assert cartoref("new", "--players", "Ann,Bob", "--seed", "4",
                    "--edicts", "sentinel wood,canal lake,wildholds,borderlands").code == 0
    assert cartoref("new-map", "--game", "cartoref-game.yaml", "--player", "Ann", "-o", "ann.yaml").code == 0
    with TestClient(make_editor("ann.yaml", game_path="cartoref-game.yaml")) as client:
        d = client.get("/api/draft").json()
        assert d["season"] == "spring" and d["edicts"] == ["sentinel-wood", "canal-lake", "wildholds", "borderlands"]


def test_a_check_counts_the_spaces_still_unread_that_keep_the_score_back(editor):
    rows = list(editor.get("/api/draft").json()["rows"])
    rows[0] = "?" + rows[0][1:]  # A1
    rows[4] = rows[4][:4] + "?" + rows[4][5:]  # E5
    spring = {"coins": 0, "season": "spring", "edicts": ["sentinel-wood", "canal-lake", "wildholds", "borderlands"]}
    r = editor.post("/api/check", json={"rows": rows, **spring}).json()
    assert r["unread"] == 2 and r["score"] is None
    rows[0] = "." + rows[0][1:]
    rows[4] = rows[4][:4] + "." + rows[4][5:]
    r = editor.post("/api/check", json={"rows": rows, **spring}).json()
    assert r["unread"] == 0 and r["score"]["total"] == 0  # a blank map scores nothing


def test_a_check_warns_as_the_command_line_does_of_coins_short_of_the_mountains(editor):
    rows = list(editor.get("/api/draft").json()["rows"])
    # B4's mountain surrounded: forest on A4, C4, B3 and B5.
    rows[0] = rows[0][:3] + "F" + rows[0][4:]
    rows[2] = rows[2][:3] + "F" + rows[2][4:]
    rows[1] = rows[1][:2] + "F^F" + rows[1][5:]
    r = editor.post("/api/check", json={"rows": rows, "coins": 0}).json()
    assert r["problems"] == [] and r["warnings"] == [
        "the map surrounds 1 mountain but the coin track shows only 0 coins: each surrounded mountain earns one"]
    assert editor.post("/api/check", json={"rows": rows, "coins": 1}).json()["warnings"] == []
