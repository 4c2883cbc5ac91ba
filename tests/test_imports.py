"""The modules of cartoref import one another in layers: no import circle, not even through an
import inside a function (docs/architecture.md). Imports under ``if TYPE_CHECKING:`` are for
the type checker only and do not count."""

from __future__ import annotations

import ast
import os

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cartoref")


def _modules() -> dict[str, str]:
    out = {}
    for folder, _, files in os.walk(PACKAGE):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, os.path.dirname(PACKAGE))[:-3].replace(os.sep, ".")
                out[name.removesuffix(".__init__")] = path
    return out


def _type_checking_only(tree: ast.AST) -> set[ast.AST]:
    skip: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(n for stmt in node.body for n in ast.walk(stmt))
    return skip


def _imports() -> dict[str, set[str]]:
    """Each module and the modules of the package it imports (relative imports)."""
    modules = _modules()
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        package = name.split(".") if path.endswith("__init__.py") else name.split(".")[:-1]
        skip = _type_checking_only(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.level or node in skip:
                continue
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
            # "from . import game" imports the module game; "from .grid import Cell" the module grid.
            targets = {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names}
            edges[name] |= {t for t in targets if t in modules and t != name}
    return edges


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_modules_import_one_another_without_a_circle():
    edges = _imports()
    assert "cartoref.notation" in edges["cartoref.mapfile"]  # the scan sees relative imports
    assert _circles(edges) == []


def test_the_scan_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_table_commands_load_no_server_photo_or_browser_library(tmp_path):
    # The page server (Starlette, uvicorn, segno), the photo reader (Pillow, numpy) and the test
    # tools are imported only by the commands that use them: every other command starts light.
    import subprocess
    import sys

    sample = os.path.join(os.path.dirname(PACKAGE), "sample_maps", "alice-spring.yaml")
    script = f"""
import sys
from cartoref.cli import main
for args in (["new", "--players", "Ann,Bob", "--seed", "3"], ["draw"], ["status"], ["score", {sample!r}],
             ["check", {sample!r}], ["hint", {sample!r}, "hamlet", "--no-game", "--season", "spring",
             "--edicts", "sentinel wood,canal lake,wildholds,borderlands"], ["standings"]):
    try:
        main(args)
    except SystemExit as e:
        assert not e.code, (args, e.code)
heavy = ("starlette", "uvicorn", "segno", "anyio", "PIL", "numpy", "httpx", "selenium", "babel")
print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr)
"""
    done = subprocess.run([sys.executable, "-c", script], check=False, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"
