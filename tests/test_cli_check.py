"""`cartoref check` on bad map files, run as a user runs it (a separate process, and in process
through the same ``main`` for the many small cases): exit status 2, every problem on stderr in
`file:line:col: C4: ...` form, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

BLANK_A = """\
player: Alice
sheet: A
coins: 2
map: |
  . . . . . . . . . . .
  . . . ^ . r . . . . .
  . r . . . . . . ^ r .
  . . . . . . . . . . .
  . . . . . . . . . . .
  . . . . . ^ . . . . .
  . . . . . . . . . . .
  . . . . . . . . . . .
  . r ^ . . . . . . r .
  . . . . . r . ^ . . .
  . . . . . . . . . . .
"""


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    env.pop("CARTOREF_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "cartoref", *args], capture_output=True, text=True, env=env, check=False,
                          timeout=120)


@pytest.fixture
def here(cartoref, monkeypatch):
    """``cartoref ARGS`` through ``cli.main`` in this process, answered like ``run``."""
    monkeypatch.delenv("CARTOREF_DEBUG", raising=False)

    def run_here(*args: str) -> subprocess.CompletedProcess:
        r = cartoref(*args)
        return subprocess.CompletedProcess(args, r.code, r.out, r.err)

    return run_here


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_good_map_checks_ok(tmp_path):
    good = write(tmp_path, "good.yaml", BLANK_A)
    r = run("check", good)
    assert r.returncode == 0, r.stderr
    assert f"{good} (Alice): ok" in r.stdout


@pytest.mark.parametrize("text, message", [
    ("sheet: 'A\n", ":2:1: not valid YAML"),
    ("- a\n- b\n", ":1:1: expected a mapping"),
    ("", ":1:1: the file is empty"),
    ("player: Bob\n", ":1:1: missing key 'sheet'"),
    (BLANK_A.replace("coins:", "coin:"), ":3:1: unknown key 'coin' (did you mean 'coins'?)"),
    (BLANK_A.replace("  . . . . . . . . . . .\n", "", 1), ":4:6: the map has 10 rows"),
    (BLANK_A.replace(". . . . . ^ . . . . .", ". . . . . ^ . . . ."), ":10:23: row F has 10 symbols"),
    (BLANK_A.replace(". . . ^ . r", ". . . Q . r"), ":6:9: B4: 'Q' is not a map symbol"),
    (BLANK_A.replace(". . . ^ . r", ". . . . . r"), ":6:9: B4: the Wilderness side prints a mountain here"),
    (BLANK_A.replace("coins: 2", "coins: 15"), ":3:8: coins should be a whole number from 0 to 14, not '15'"),
    (BLANK_A.replace("sheet: A", "sheet: E"), ":2:8: unknown sheet 'E'"),
])
def test_a_bad_map_exits_2_with_the_place_and_no_traceback(here, tmp_path, text, message):
    bad = write(tmp_path, "bad.yaml", text)
    r = here("check", bad)
    assert r.returncode == 2
    assert f"{bad}{message}" in r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert r.stdout == ""


def test_every_problem_of_every_file_at_once(tmp_path):
    one = write(tmp_path, "one.yaml", BLANK_A.replace("coins: 2", "coins: x").replace("sheet: A", "sheet: Q"))
    two = write(tmp_path, "two.yaml", BLANK_A.replace(". r ^ .", ". r . ^"))
    good = write(tmp_path, "good.yaml", BLANK_A)
    r = run("check", one, good, two)
    assert r.returncode == 2
    for where in (f"{one}:2:8: unknown sheet", f"{one}:3:8: coins should be", f"{two}:13:7: I3: ",
                  f"{two}:13:9: I4: "):
        assert where in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_the_caret_points_at_the_symbol(here, tmp_path):
    bad = write(tmp_path, "bad.yaml", BLANK_A.replace(". . . ^ . r", ". . . Z . r"))
    lines = here("check", bad).stderr.splitlines()
    i = next(n for n, line in enumerate(lines) if "'Z'" in line)
    assert lines[i + 1].index("Z") == lines[i + 2].index("^")


def test_score_refuses_a_bad_map_the_same_way(here, tmp_path):
    bad = write(tmp_path, "bad.yaml", BLANK_A.replace(". . . ^ . r", ". . . Q . r"))
    r = here("score", bad, "--card", "sentinel wood")
    assert r.returncode == 2
    assert f"{bad}:6:9: B4: 'Q' is not a map symbol" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_missing_file(here, tmp_path):
    r = here("check", str(tmp_path / "nowhere.yaml"))
    assert r.returncode == 2 and "cannot read the map file" in r.stderr and "Traceback" not in r.stderr
