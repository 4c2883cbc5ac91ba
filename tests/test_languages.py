"""One language a line, as each rulebook writes it (issue 28): a session at the table read in
French, Spanish and Japanese, checked for what the rulebooks do and an English word never does
in them: French typography (a non-breaking space before : ; ? !), seasons in lower case inside a
sentence (French, Spanish), Japanese sides named A面-D面, no blank after 。, the placeholders and
every help text in the language."""

from __future__ import annotations

import re

import pytest

PLAY = "=== the game (help above, which names click's English MAP and CARD, as its usage line)"
SEASONS = {"fr": ("Printemps", "Été", "Automne", "Hiver"), "es": ("Primavera", "Verano", "Otoño", "Invierno")}
#: Keys and words of code a French sentence quotes as they are ("map: |", "Content-Type: ..."),
#: and the compiler-style place of a problem ("ann.yaml:3:5: ..."), which editors read.
CODE_COLON = re.compile(r"(\b(map|sheet|season|edicts|player|draw|record|Content-Type|Authorization|https?)"
                        r"|\.yaml|:\d+)\Z")


def session(cartoref, lang: str) -> str:
    """What a table reads in a first evening: help, set-up, draws to a season's end, a record by
    hand, the next season, status, standings, a refusal, a card."""
    out = []

    def run(*args: str) -> None:
        r = cartoref("--lang", lang, *args)
        out.extend([r.out, r.err])

    run("--help")
    run("place", "--help")
    out.append(PLAY)
    run("new", "--players", "Ann,Bob", "--seed", "4", "--edition", "combined")
    for _ in range(30):
        r = cartoref("--lang", lang, "draw")
        out.extend([r.out, r.err])
        if "--edict1" in r.out:
            break
    run("record", "Ann", "--edict1", "5", "--edict2", "3", "--coins", "2", "--monsters", "1")
    run("draw")
    run("status")
    run("standings")
    run("check", "missing.yaml")
    run("card", "gorgon gaze")
    return "\n".join(out)


@pytest.fixture
def read_in(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return lambda lang: session(cartoref, lang)


def test_french_puts_a_non_breaking_space_before_its_high_punctuation(read_in):
    text = read_in("fr")
    glued = [text[max(0, m.start() - 30):m.end() + 5] for m in re.finditer(r"(\S)([:;!?])(?=\s|$)", text)
             if m.group(1) not in "\u00a0\u202f" and not CODE_COLON.search(text[:m.start() + 1])]
    assert glued == []
    assert "Commandes\u00a0:" in text and "Options\u00a0:" in text


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_seasons_are_in_lower_case_inside_a_sentence(read_in, lang):
    text = read_in(lang)
    # a season's name after a word of the sentence (not at a line's or a cell's start)
    inside = re.findall(r"[a-zà-ÿ,] (" + "|".join(SEASONS[lang]) + r")\b", text)
    assert inside == []
    assert SEASONS[lang][1].lower() in text  # the season now running, named in sentences


def test_japanese_names_sides_by_letter_and_runs_sentences_on(read_in):
    text = read_in("ja")
    assert "A面" in text
    assert not re.search(r"Wilderness|Wastelands", text)
    assert "。 " not in text
    assert not re.search(r"\b(PLAYER|MAP|SPACE)\b", text.split(PLAY)[1])


@pytest.mark.parametrize("lang, required, player", [("fr", "[obligatoire]", "JOUEUR"), ("es", "[obligatorio]", "JUGADOR"),
                                                    ("ja", "[必須]", "プレイヤー")])
def test_help_and_placeholders_speak_the_language(read_in, lang, required, player):
    text = read_in(lang)
    assert required in " ".join(text.split()) and "[required]" not in text
    assert f"cartoref record {player}" in text and "record PLAYER" not in text


@pytest.mark.parametrize("lang", ["fr", "es", "ja"])
def test_every_options_help_is_shown_in_the_language(cartoref, lang):
    import click

    from cartoref.cli import COMMANDS, cli, english_help

    ctx = click.Context(cli)
    untranslated = []
    commands = [((name,), cli.get_command(ctx, name)) for name in COMMANDS]
    # A group's own commands too (``event new``, ``challenge verify``).
    commands += [((name, sub_name), sub) for (name,), cmd in list(commands)
                 for sub_name, sub in getattr(cmd, "commands", {}).items()]
    for words, cmd in commands:
        shown = " ".join(cartoref("--lang", lang, *words, "--help").out.split())
        for param in cmd.params:
            if isinstance(param, click.Option) and param.help and not param.hidden:
                english = " ".join(english_help(param).split())
                if len(english) > 25 and english[:40] in shown:
                    untranslated.append((words, param.opts[0]))
    assert untranslated == []


@pytest.mark.parametrize("lang, word, english", [("fr", "forêt", "forest"), ("es", "bosque", "forest"),
                                                 ("ja", "森林", "forest"), ("fr", "embuscade", "ambush")])
def test_choice_lists_show_and_take_the_words_of_the_language(cartoref, lang, word, english):
    if english == "ambush":
        shown = cartoref("--lang", lang, "cards", "--help").out
        assert word in shown
        listed = cartoref("--lang", lang, "cards", "--category", word)
        assert listed.code == 0 and "goblin-attack" in listed.out and "great-river" not in listed.out
    else:
        shown = cartoref("--lang", lang, "place", "--help").out
        assert f"[{word}|" in shown and "[forest|" not in shown
