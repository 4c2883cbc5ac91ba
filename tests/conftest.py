"""Shared fixtures: run the cartoref command in process with its real exit-status mapping.

Tests marked ``campaign`` (the long fuzzing, kill and property campaigns) are deselected unless
CARTOREF_CAMPAIGN=1 is set; the default run keeps a small sample of each, and CI runs both.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import NamedTuple

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(REPO, "sample_maps")
CAMPAIGN = os.environ.get("CARTOREF_CAMPAIGN", "") not in ("", "0")
# The tests read cartoref's English, whatever the developer's locale (their own processes too);
# the language tests choose theirs.
os.environ["CARTOREF_LANG"] = "en"


def pytest_collection_modifyitems(config, items):
    """Without CARTOREF_CAMPAIGN=1 the long campaigns are deselected (their samples still run)."""
    if CAMPAIGN:
        return
    campaigns = [item for item in items if item.get_closest_marker("campaign")]
    if campaigns:
        config.hook.pytest_deselected(items=campaigns)
        items[:] = [item for item in items if not item.get_closest_marker("campaign")]


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that ran cartoref in another language, or on a database, leaves the next one (in
    the same worker) speaking English on the files, as a new process would."""
    yield
    from cartoref import i18n, store

    i18n.use("en")
    store.use(None)  # and on the files, as a new process would be (a test may have named a database)


class Run(NamedTuple):
    code: int
    out: str
    err: str


@pytest.fixture
def cartoref(capsys, monkeypatch) -> Callable[..., Run]:
    """Call ``cartoref ARGS...`` through ``cli.main`` (exit statuses as a user sees them),
    with a pinned width and no colour."""
    from cartoref.cli import main

    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")

    def run(*args: str) -> Run:
        from cartoref import store

        store.use(None)  # each run starts on the files, as a new process does
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        out, err = capsys.readouterr()
        return Run(code, out, err)

    return run


def pytest_assertrepr_compare(op, left, right):
    """Two unequal sheets are drawn side by side, with the spaces that differ named."""
    from maps import explain_sheets

    return explain_sheets(op, left, right)


#: The stores the table tests run on (tests/test_stores.py and those of events, challenges and
#: the room): ``files`` and ``sqlite`` in the default run; ``postgresql`` with the campaigns (CI
#: runs them), on a server tests/pgserver.py starts (skipped with a word where there is none).
STORES = ("files", "sqlite", pytest.param("postgresql", marks=pytest.mark.campaign))


@pytest.fixture(params=STORES)
def db(request, tmp_path, monkeypatch):
    """A fresh store of each kind, in a fresh current folder: its ``--db`` value (None for the
    files), made the run's store for the test's own calls."""
    from cartoref import store

    monkeypatch.chdir(tmp_path)
    if request.param == "files":
        where = None
    elif request.param == "sqlite":
        where = str(tmp_path / "club.db")
    else:
        from pgserver import fresh_database

        where = fresh_database(request)
    store.use(where)
    yield where
    store.use(None)
