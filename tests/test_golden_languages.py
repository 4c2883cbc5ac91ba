"""A game played in French and in Japanese, word for word: the transcript of a short session at the
table (set-up, a card drawn, a drawing placed with a terrain typed in the language, a card named in
German, the score explained, a careless command) against a transcript a person read through in that
language (tests/golden/LANG.txt).

After a deliberate change of wording: CARTOREF_GOLDEN=write pytest tests/test_golden_languages.py
rewrites the transcripts; read them through (git diff) before committing.
"""

from __future__ import annotations

import os
import shutil

import pytest
from conftest import REPO, SAMPLES

GOLDEN = os.path.join(REPO, "tests", "golden")

#: The session: each command as typed (after ``cartoref --lang LANG``).
SESSION = [
    ["new", "--players", "Ann,Bob", "--seed", "7"],
    ["draw"],
    ["new-map", "-o", "ann.yaml", "--player", "Ann"],
    # Hamlet is on the table: a village drawn with its terrain typed in the language.
    ["place", "ann.yaml", "--cells", "C3,C4,D4", "--terrain", "{village}"],
    ["place", "ann.yaml", "--cells", "C3", "--terrain", "{village}"],
    ["status"],
    ["card", "Schildwald"],
    ["score", "alice-spring.yaml", "--explain"],
    ["check", "missing.yaml"],
    ["title", "85", "--edicts", "sentinel wood,wildholds,canal lake,the broken road"],
    ["standings"],
]
VILLAGE = {"fr": "village", "ja": "村"}


def transcript(cartoref, lang: str) -> str:
    out = []
    for args in SESSION:
        typed = [a.format(village=VILLAGE[lang]) for a in args]
        run = cartoref("--lang", lang, *typed)
        out.append("$ cartoref --lang " + lang + " " + " ".join(typed))
        out.append(run.out.rstrip("\n"))
        if run.err:
            out.append(run.err.rstrip("\n"))
        out.append(f"[exit {run.code}]")
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_session_reads_as_its_transcript(cartoref, tmp_path, monkeypatch, lang):
    monkeypatch.chdir(tmp_path)
    shutil.copy(os.path.join(SAMPLES, "alice-spring.yaml"), tmp_path)
    got = transcript(cartoref, lang)
    path = os.path.join(GOLDEN, f"{lang}.txt")
    if os.environ.get("CARTOREF_GOLDEN") == "write":
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(got)
    with open(path, encoding="utf-8") as f:
        assert got == f.read()


#: A table at 80 columns, the first season over and half recorded (each command after
#: ``cartoref --lang LANG``): what a newcomer reads most, in each language.
AT_80 = [
    ["status"],
    ["standings"],
    ["cards"],
    ["card", "gorgon gaze"],
    ["card", "dragon inferno"],
]


@pytest.mark.parametrize("lang", ["en", "fr", "es", "ja"])
def test_a_table_at_80_columns_reads_as_its_transcript(cartoref, tmp_path, monkeypatch, lang):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    assert cartoref("new", "--players", "Ann,Bob,Cy", "--seed", "4", "--edition", "combined").code == 0
    while "--edict1" not in cartoref("draw").out:  # until the first season is over
        pass
    assert cartoref("record", "Ann", "--edict1", "5", "--edict2", "3", "--coins", "2", "--monsters", "1").code == 0
    cartoref("draw")  # the next season begins; Bob and Cy have not recorded
    out = []
    for args in AT_80:
        run = cartoref("--lang", lang, *args)
        out.append("$ COLUMNS=80 cartoref --lang " + lang + " " + " ".join(args))
        out += [run.out.rstrip("\n")] + ([run.err.rstrip("\n")] if run.err else []) + [f"[exit {run.code}]"]
    got = "\n".join(out) + "\n"
    from cartoref.widths import columns

    assert [line for line in got.splitlines() if columns(line) > 80 or line != line.rstrip()] == []
    path = os.path.join(GOLDEN, f"80-columns-{lang}.txt")
    if os.environ.get("CARTOREF_GOLDEN") == "write":
        with open(path, "w", encoding="utf-8") as f:
            f.write(got)
    with open(path, encoding="utf-8") as f:
        assert got == f.read()
