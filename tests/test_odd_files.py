"""The world's odd files: a picture never replaces what is not a picture; a FIFO or a device is
refused at once, never read; numbers and control characters a person typed are refused or
shown escaped, never a crash or raw on the terminal."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from conftest import SAMPLES

ALICE = os.path.join(SAMPLES, "alice-spring.yaml")
SVG = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n'


def run_cartoref(*args: str, cwd: str | None = None, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """cartoref in its own process, with a deadline: a command that would hang fails the test."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "cartoref", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=timeout, check=False)


# ------------------------------------------------------------------- 1. --svg replaces only a picture


@pytest.mark.parametrize("name, before", [
    ("pom.xml", '<?xml version="1.0"?>\n<project><modelVersion>4.0.0</modelVersion></project>\n'),
    ("blanks.svg", " " * 512 + "not a picture, but 512 blanks first\n"),
    ("notes.svg", "<svg is what I wrote about today\n"),
    ("empty.svg", ""),
])
def test_svg_never_replaces_a_file_that_is_not_an_svg_picture(cartoref, tmp_path, name, before):
    target = tmp_path / name
    target.write_text(before)
    r = cartoref("show", ALICE, "--svg", str(target))
    assert r.code == 2 and f"{target} exists and is not an SVG picture; it is left as it is" in r.err
    assert target.read_text() == before


def test_svg_writes_a_new_file_and_replaces_an_svg_picture(cartoref, tmp_path):
    new = tmp_path / "new.svg"
    assert cartoref("show", ALICE, "--svg", str(new)).code == 0
    assert new.read_text().startswith("<?xml")
    old = tmp_path / "old.svg"
    old.write_text("\n  " + SVG.split("\n", 1)[1])  # no declaration, blanks first: still an SVG
    assert cartoref("show", ALICE, "--svg", str(old)).code == 0
    assert "data-space" in old.read_text()
    assert cartoref("show", ALICE, "--svg", "-").out.startswith("<?xml")


def test_svg_refuses_a_fifo_at_once_and_leaves_it(tmp_path):
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    r = run_cartoref("show", ALICE, "--svg", str(fifo))
    assert r.returncode == 2 and "is a FIFO (named pipe), not a picture; it is left as it is" in r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="only root makes a device node")
def test_svg_refuses_a_device_node_and_leaves_it(tmp_path):
    node = tmp_path / "null.svg"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a copy of /dev/null
    r = run_cartoref("show", ALICE, "--svg", str(node))
    assert r.returncode == 2 and "is a device, not a picture" in r.stderr
    assert stat.S_ISCHR(os.stat(node).st_mode)


def test_svg_refuses_a_file_it_cannot_read(cartoref, tmp_path, monkeypatch):
    # As a normal user a mode-000 file cannot be read; root reads anything, so the refusal of
    # the read is what the test makes.
    from cartoref import files

    target = tmp_path / "locked.svg"
    target.write_text(SVG)

    real = files.read_head

    def refused(path, size):
        if str(path) == str(target):
            raise PermissionError(13, "Permission denied", path)
        return real(path, size)

    monkeypatch.setattr(files, "read_head", refused)
    r = cartoref("show", ALICE, "--svg", str(target))
    assert r.code == 2 and "cannot be read (Permission denied), so it is not replaced" in r.err
    assert target.read_text() == SVG


# ------------------------------------------------------------------- 2. nothing hangs on a FIFO


@pytest.mark.parametrize("args", [["check", "{fifo}"], ["score", "{fifo}", "--season", "spring"],
                                  ["show", "{fifo}"], ["status", "--game", "{fifo}"],
                                  ["place", "{fifo}", "hamlet", "--cells", "A1,A2,B1", "--no-game"]])
def test_a_fifo_is_refused_at_once_by_every_read(tmp_path, args):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    r = run_cartoref(*(a.format(fifo=fifo) for a in args), cwd=str(tmp_path))
    assert r.returncode == 2, r.stderr
    assert "not a regular file" in r.stderr


def test_the_table_page_answers_through_a_fifo_and_again_once_the_game_is_back(tmp_path, monkeypatch):
    from cartoref.web.server import serve_in_thread

    game = tmp_path / "g.yaml"
    assert run_cartoref("new", "--players", "Ann,Bob", "--seed", "5", "--game", str(game)).returncode == 0
    real = game.read_text()
    running = serve_in_thread(str(game))
    url = running.base + "/display.json"

    def get() -> int:
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return r.status
        except urllib.error.HTTPError as e:
            return e.code

    try:
        assert get() == 200
        game.unlink()
        os.mkfifo(game)
        assert [get() for _ in range(3)] == [503, 503, 503]  # at once, every time, never a wait
        game.unlink()
        game.write_text(real)
        assert get() == 200
    finally:
        running.stop()


# ------------------------------------------------------------------- 6. numbers in a map file


def test_coins_padded_with_thousands_of_zeros_are_a_clear_refusal(cartoref, tmp_path):
    with open(ALICE, encoding="utf-8") as f:
        text = f.read()
    start = text.index("coins:")
    end = text.index("\n", start)
    path = tmp_path / "zeros.yaml"
    path.write_text(text[:start] + "coins: " + "0" * 4400 + "3" + text[end:])
    r = cartoref("check", str(path))
    line = text[:start].count("\n") + 1
    assert r.code == 2 and f"{path}:{line}:8: coins should be a whole number from 0 to 14" in r.err
    path.write_text(text[:start] + "coins: 03" + text[end:])  # a leading zero or two is a number
    assert json.loads(cartoref("show", str(path), "--json").out)["coins"] == 3


# ------------------------------------------------------------------- 9. control characters


def test_control_characters_a_player_typed_are_shown_escaped(cartoref, tmp_path):
    with open(ALICE, encoding="utf-8") as f:
        text = f.read().replace("player: Alice", 'player: "Al\\e[2J\\aice\\u202e"')
    path = tmp_path / "ctl.yaml"
    path.write_text(text)
    for args in (["check", str(path)], ["show", str(path)], ["score", str(path), "--card", "sentinel wood"]):
        r = cartoref(*args)
        assert r.code == 0, r.err
        assert "\x1b" not in r.out + r.err and "\x07" not in r.out and "\u202e" not in r.out
        assert "Al\\x1b[2J\\x07ice\\u202e" in r.out

    # --json escapes them as JSON does (a reader gets the name back; a terminal acts on none).
    path.write_text(text.replace('player: "Al\\e[2J\\aice\\u202e"', 'player: "Al\\x9b2J\\x7fice\\u202e"'))
    for args in (["check", str(path), "--json"], ["show", str(path), "--json"]):
        r = cartoref(*args)
        assert r.code == 0, r.err
        assert not set("\x9b\x7f\u202e") & set(r.out)
        data = json.loads(r.out)
        assert (data[0] if isinstance(data, list) else data)["player"] == "Al\x9b2J\x7fice\u202e"
