"""The installed cartoref carries its cards and every command is documented."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_isolated(code: str, cwd: str) -> str:
    """Run Python in isolated mode (no cwd or PYTHONPATH on sys.path) and return stdout."""
    out = subprocess.run([sys.executable, "-I", "-c", code], cwd=cwd, capture_output=True, text=True, check=True)
    return out.stdout


def test_installed_copy_finds_its_cards(tmp_path):
    where = run_isolated("import cartoref, cartoref.cards as c; print(cartoref.__file__); print(c.cards_dir())",
                         str(tmp_path)).split("\n")
    package_file, folder = where[0], where[1]
    if os.path.dirname(os.path.abspath(package_file)) == os.path.join(REPO, "cartoref"):
        pytest.skip("cartoref is installed in editable mode from this checkout; the README installs a copy")
    # The cards come from inside the installed package, not from this source tree.
    assert folder == os.path.join(os.path.dirname(package_file), "cards")
    # Each card set is a folder with its manifest and the files it brings.
    assert set(os.listdir(folder)) >= {"base", "heroes", "promos"}
    assert {"set.yaml", "explore.yaml", "ambush.yaml", "scoring.yaml", "seasons.yaml", "sheets.yaml"} <= set(
        os.listdir(os.path.join(folder, "base")))
    assert {"set.yaml", "ambush.yaml", "sheets.yaml"} <= set(os.listdir(os.path.join(folder, "promos")))
    counts = run_isolated(
        "from cartoref.cards import catalog; c = catalog(); "
        "b, h, p = c.of_set('base'), c.of_set('heroes'), c.of_set('promos'); "
        "print(len(b.explore), len(b.ambushes), len(b.scoring), len(b.seasons), len(c.sheets), "
        "len(h.explore), len(h.ambushes), len(h.heroes), len(h.scoring), len(h.seasons), len(p.ambushes))",
        str(tmp_path),
    )
    assert counts.split() == ["13", "4", "16", "4", "5", "11", "4", "4", "16", "4", "4"]
    # The compiled catalogs come with it: the installed copy speaks French and Japanese.
    spoken = run_isolated(
        "import os; from cartoref import i18n; print(os.path.dirname(i18n.LOCALEDIR)); "
        "i18n.use('fr'); print(i18n._('Commands')); i18n.use('ja'); print(i18n._('Commands'))",
        str(tmp_path)).split("\n")
    assert spoken[0] == os.path.dirname(package_file)
    assert spoken[1:3] == ["Commandes", "コマンド"]


def test_console_script_runs_from_anywhere(tmp_path):
    exe = os.path.join(os.path.dirname(sys.executable), "cartoref")
    cmd = [exe] if os.path.exists(exe) else [sys.executable, "-m", "cartoref"]
    out = subprocess.run([*cmd, "cards", "--json"], cwd=tmp_path, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert len([c for c in data if c["set"] == "base"]) == 13 + 4 + 16
    assert len([c for c in data if c["set"] == "heroes"]) == 11 + 4 + 4 + 16
    assert {c["id"] for c in data if c["kind"] == "scoring"} >= {"sentinel-wood", "the-broken-road"}


def readme() -> str:
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_readme_opens_with_install_and_test_commands():
    text = readme()
    first_block = text.split("```")[1].splitlines()[1:3]
    run, tests = first_block
    assert "pip install ." in run and "cartoref score sample_maps/" in run
    sample = re.search(r"(sample_maps/\S+\.yaml)", run).group(1)
    assert os.path.exists(os.path.join(REPO, sample))
    assert "pip install '.[test]'" in tests and "pytest" in tests


@pytest.mark.parametrize("name", sorted(__import__("cartoref.cli", fromlist=["COMMANDS"]).COMMANDS))
def test_every_command_has_help_and_is_in_the_readme(name):
    from click.testing import CliRunner

    from cartoref.cli import cli

    # A whole word: `cartoref new` must not be satisfied by `cartoref new-map`.
    assert re.search(rf"`cartoref {re.escape(name)}(?![\w-])", readme()), f"README does not document `cartoref {name}`"
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and len(result.output.splitlines()) > 3


def test_the_command_list_is_each_commands_own_summary():
    from click.testing import CliRunner

    from cartoref.cli import COMMANDS, cli

    listing = CliRunner().invoke(cli, ["--help"], terminal_width=200).output
    for name in COMMANDS:
        own = CliRunner().invoke(cli, [name, "--help"], terminal_width=200).output
        summary = own.split("\n\n")[1].strip().splitlines()[0].strip()  # the docstring's first line
        assert re.search(rf"^  {re.escape(name)} +{re.escape(summary)}$", listing, re.MULTILINE), (name, summary)
