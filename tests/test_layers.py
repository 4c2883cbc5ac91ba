"""The layers hold: the shells (the command line and the web pages) reach the rules, the map
files and the game only through the table layer, and the views name no command."""

from __future__ import annotations

import ast
import os
import re

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cartoref")
BELOW_THE_TABLE = {"game", "moves", "mapfile", "mapedit", "scoring", "deck", "grid", "notation", "shapes",
                   "cards", "cardtypes", "cardfiles", "yamlsafe", "store"}


def imported(path: str) -> set[str]:
    """The cartoref modules a file imports (relative imports, resolved to their first part)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 2 and node.module:
            out.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 2:
            out.update(a.name for a in node.names)
    return out


def test_the_shells_import_nothing_below_the_table():
    wrong = {}
    for shell in ("cli", "web"):
        for name in sorted(os.listdir(os.path.join(PACKAGE, shell))):
            if name.endswith(".py"):
                bad = imported(os.path.join(PACKAGE, shell, name)) & BELOW_THE_TABLE
                if bad:
                    wrong[f"{shell}/{name}"] = sorted(bad)
    assert wrong == {}


def test_the_views_write_no_command_line():
    # A sentence for a person names no command: the shells word "what next" (cli/nextsteps.py).
    from cartoref.cli import COMMANDS

    command = re.compile(r"cartoref (" + "|".join(sorted(COMMANDS, key=len, reverse=True)) + r")\b")
    found = []
    for name in sorted(os.listdir(os.path.join(PACKAGE, "views"))):
        if name.endswith(".py"):
            with open(os.path.join(PACKAGE, "views", name), encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if command.search(line) and not line.lstrip().startswith(("#", '"""', "-")):
                        found.append(f"views/{name}:{n}: {line.strip()}")
    assert found == []


def test_files_are_the_tables_the_shells_views_and_game_use_its_words_from_texts():
    # The table owns files; a shared word (a reason, an excerpt) comes from cartoref/texts.py, and
    # what a run saved or revealed from the table's record of it (table/runrecord.py), even for
    # the command line's interrupt handler.
    wrong = []
    for layer in ("cli", "web", "views", "game"):
        for name in sorted(os.listdir(os.path.join(PACKAGE, layer))):
            path = os.path.join(PACKAGE, layer, name)
            if name.endswith(".py"):
                with open(path, encoding="utf-8") as f:
                    named = "cartoref.files" in f.read()  # through sys.modules or importlib too
                if "files" in imported(path) or named:
                    wrong.append(f"{layer}/{name}")
    assert wrong == []


def test_the_views_take_values_not_the_tables_map_files():
    wrong = []
    for name in sorted(os.listdir(os.path.join(PACKAGE, "views"))):
        if name.endswith(".py"):
            with open(os.path.join(PACKAGE, "views", name), encoding="utf-8") as f:
                text = f.read()
            if re.search(r"from \.\.(mapfile|mapedit|files|table\.maps|table\.gamefile) import", text):
                wrong.append(f"views/{name}")
    assert wrong == []
