"""A PostgreSQL server for the tests of the PostgreSQL store: the one $CARTOREF_TEST_POSTGRES
names (an address whose user may create databases), else one started here in a temporary
folder from Debian's ``postgresql`` (initdb, pg_ctl; as the ``postgres`` user when run as root),
once per test session, on a Unix socket only. Without either, or without psycopg, the tests
that need it are skipped with a word (CI installs both, .ci/run, and there they fail instead)."""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import subprocess
import tempfile
import uuid

import pytest

_SERVER: list[str] = []


def _unavailable(why: str) -> None:
    """Skip a test that needs PostgreSQL, saying why; under CI (which installs it) fail instead."""
    if os.environ.get("CI"):
        pytest.fail(why)
    pytest.skip(why)


def _binaries() -> str | None:
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(folder, "initdb")):
            return folder
    found = shutil.which("initdb")
    return os.path.dirname(found) if found else None


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def _start() -> str:
    """Start a throwaway server; its address (a Unix socket in a temporary folder)."""
    bins = _binaries()
    if bins is None:
        _unavailable("PostgreSQL is not installed (apt-get install postgresql, or set CARTOREF_TEST_POSTGRES)")
    home = tempfile.mkdtemp(prefix="cartoref-pg-")
    os.chmod(home, 0o777)
    data, sock = os.path.join(home, "data"), os.path.join(home, "sock")
    os.mkdir(sock)
    os.chmod(sock, 0o777)
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
        shutil.chown(sock, "postgres")
    subprocess.run(_as_postgres([os.path.join(bins, "initdb"), "-D", data, "-U", "postgres", "--auth=trust",
                                 "-E", "UTF8", "--no-sync"]), check=True, capture_output=True)
    subprocess.run(_as_postgres([os.path.join(bins, "pg_ctl"), "-D", data, "-w", "-l", os.path.join(home, "log"),
                                 "-o", f"-k {sock} -c listen_addresses='' -c fsync=off -c max_connections=200",
                                 "start"]), check=True, capture_output=True)

    def stop() -> None:
        subprocess.run(_as_postgres([os.path.join(bins, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]),
                       check=False, capture_output=True)
        shutil.rmtree(home, ignore_errors=True)

    atexit.register(stop)
    return f"postgresql://postgres@/postgres?host={sock}"


def server() -> str:
    """The address of a server whose user may create databases."""
    if not _SERVER:
        _SERVER.append(os.environ.get("CARTOREF_TEST_POSTGRES") or _start())
    return _SERVER[0]


def fresh_database(request: pytest.FixtureRequest) -> str:
    """A new, empty database on the server, its address (dropped when the session ends)."""
    try:
        import psycopg
    except ImportError:
        _unavailable("psycopg is not installed (pip install 'cartoref[postgresql]')")
    base = server()
    name = "cartoref_" + uuid.uuid4().hex[:12]
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return base.replace("/postgres?", f"/{name}?", 1) if "/postgres?" in base else base.rsplit("/", 1)[0] + "/" + name
