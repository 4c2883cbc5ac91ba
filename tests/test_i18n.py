"""cartoref speaks the rulebooks' languages: the language chosen, the catalogs whole and current,
scripts untouched by a language."""

from __future__ import annotations

import gettext
import json
import os
import sys

import pytest
from conftest import REPO, SAMPLES

from cartoref import i18n

sys.path.insert(0, os.path.join(REPO, "scripts"))


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


@pytest.mark.parametrize("option, environ, expected", [
    # --lang wins over everything.
    ("fr", {"CARTOREF_LANG": "ja", "LANG": "es_ES.UTF-8"}, "fr"),
    ("JA", {}, "ja"),
    # Then CARTOREF_LANG, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG.
    (None, {"CARTOREF_LANG": "es", "LANGUAGE": "fr", "LANG": "ja_JP.UTF-8"}, "es"),
    (None, {"LANGUAGE": "fr", "LC_ALL": "es_ES.UTF-8", "LANG": "ja_JP.UTF-8"}, "fr"),
    (None, {"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "ja_JP.UTF-8"}, "es"),
    (None, {"LC_MESSAGES": "fr_FR", "LANG": "ja_JP.UTF-8"}, "fr"),
    (None, {"LANG": "ja_JP.UTF-8"}, "ja"),
    (None, {"LANG": "fr_CA@euro"}, "fr"),
    # LANGUAGE lists several: the first one with a catalog speaks.
    (None, {"LANGUAGE": "de:es:fr"}, "es"),
    # The first variable set decides, as gettext does: a German locale is English here, not the
    # LANG beneath it.
    (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    (None, {"LANG": "C"}, "en"),
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {}, "en"),
    # An empty variable is not set.
    (None, {"CARTOREF_LANG": "", "LANG": "es_MX.UTF-8"}, "es"),
])
def test_the_language_is_chosen_as_the_issue_orders(option, environ, expected):
    assert i18n.choose(option, environ) == expected


def test_an_unknown_lang_option_is_a_usage_error(cartoref):
    run = cartoref("--lang", "de", "cards")
    assert run.code == 2
    assert "'de' is not one of 'en', 'fr', 'es', 'ja'" in run.err


def test_the_lang_option_and_the_locale_say_the_same(cartoref, monkeypatch):
    sample = os.path.join(SAMPLES, "alice-spring.yaml")
    by_option = cartoref("--lang", "fr", "score", sample, "--explain")
    monkeypatch.delenv("CARTOREF_LANG")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    by_locale = cartoref("score", sample, "--explain")
    english = cartoref("--lang", "en", "score", sample, "--explain")
    assert by_option.code == by_locale.code == english.code == 0
    assert by_option.out == by_locale.out
    assert by_option.out != english.out


@pytest.mark.parametrize("lang", ["fr", "es", "ja"])
def test_json_is_the_same_in_every_language(cartoref, lang):
    sample = os.path.join(SAMPLES, "alice-spring.yaml")
    english = cartoref("score", sample, "--json")
    spoken = cartoref("--lang", lang, "score", sample, "--json")
    assert english.code == spoken.code == 0
    assert json.loads(spoken.out) == json.loads(english.out)


@pytest.mark.parametrize("lang, words", [
    ("fr", ["Commandes", "Options"]),
    ("es", ["Comandos", "Opciones"]),
    ("ja", ["コマンド", "オプション"]),
])
def test_help_speaks_the_language_clicks_words_too(cartoref, lang, words):
    run = cartoref("--lang", lang, "--help")
    assert run.code == 0
    for word in words:
        assert word in run.out
    assert "Commands:" not in run.out


@pytest.mark.parametrize("lang, counts", [
    # French: one for 0 and 1, the plural from 2 (as the French rulebook counts stars).
    ("fr", {0: 0, 1: 0, 2: 1, 5: 1}),
    ("es", {0: 1, 1: 0, 2: 1}),
    # Japanese has a single form.
    ("ja", {0: 0, 1: 0, 2: 0}),
])
def test_plural_forms_follow_each_language(lang, counts):
    with open(os.path.join(i18n.LOCALEDIR, lang, "LC_MESSAGES", "cartoref.mo"), "rb") as f:
        catalog = gettext.GNUTranslations(f)
    plural = catalog.plural  # type: ignore[attr-defined]
    assert {n: min(plural(n), 1) for n in counts} == counts


# ------------------------------------------------------------------------------ the catalogs


@pytest.fixture(scope="module")
def messages():
    pytest.importorskip("babel")
    import catalogs

    return catalogs.template()


@pytest.mark.parametrize("lang", ["fr", "es", "ja"])
def test_every_message_of_the_code_is_translated_and_none_is_stale(messages, lang):
    import catalogs

    missing, stale = catalogs.problems(lang, messages)
    assert missing == [], f"{len(missing)} messages have no {lang} translation: run scripts/catalogs.py"
    assert stale == [], f"po/{lang}.po holds messages the code no longer has: run scripts/catalogs.py"


@pytest.mark.parametrize("lang", ["fr", "es", "ja"])
def test_the_compiled_catalog_is_the_po_file(lang):
    pytest.importorskip("babel")
    import catalogs

    with open(catalogs.mo_path(lang), "rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in catalogs.read(lang):
        if not m.id or m.fuzzy or not m.string:
            continue
        if isinstance(m.id, str):
            got = mo.pgettext(m.context, m.id) if m.context else mo.gettext(m.id)
            assert got == m.string, f"{lang}.mo is older than po/{lang}.po: run scripts/catalogs.py"
        else:
            assert [mo.ngettext(m.id[0], m.id[1], n) for n in (1, 2)] == [
                m.string[mo.plural(1)], m.string[mo.plural(2)]], f"{lang}.mo is older than po/{lang}.po"


_FIELD = __import__("re").compile(r"\{[a-z_]*(?:![rs])?(?::[^{}]*)?\}|%\([a-z_]+\)[sdr]|%[sdr]")


@pytest.mark.parametrize("lang", ["fr", "es", "ja"])
def test_every_translation_keeps_the_fields_of_its_message(lang):
    """A translation that drops or renames a ``{field}`` would show the wrong value or fail."""
    pytest.importorskip("babel")
    import catalogs

    wrong = []
    for m in catalogs.read(lang):
        if not m.id or not m.string:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = sorted(set(_FIELD.findall(ids[-1])) | set(_FIELD.findall(ids[0])))
        for s in strings:
            have = set(_FIELD.findall(s))
            if lang == "ja" and "{side}" in have:
                have |= {"{letter}"} & set(wanted)  # a Japanese side's name is its letter: "C面"
            if s and sorted(have) != wanted and not (len(ids) > 1 and have <= set(wanted)):
                wrong.append((ids[0], s))
    assert wrong == []


# ------------------------------------------------------------------------- Japanese widths


def test_columns_count_a_japanese_character_as_two():
    from cartoref.widths import columns, pad

    assert columns("森林") == 4 and columns("forest") == 6 and columns("forêt") == 5
    assert pad("春", 7) == "春" + " " * 5 and pad("Spring", 7) == "Spring "


@pytest.mark.parametrize("text, limit, expected", [
    # Japanese breaks between its characters, by columns (each character takes two).
    ("地図を描く。", 6, ["地図を", "描く。"]),
    # A closing mark stays with the character before it, even past the limit.
    ("地図、描く", 4, ["地", "図、", "描く"]),
    # After a Japanese character a line may break before a narrow one too.
    ("$LANG、$LC_ALL、$LANGUAGE", 16, ["$LANG、$LC_ALL、", "$LANGUAGE"]),
    # Words with spaces break at the spaces, blanks kept as written inside a line.
    ("A  Treetower: one star", 14, ["A  Treetower:", "one star"]),
    # A line break between two Japanese characters is no space; between words it is one.
    ("地図を\n描く cartoref\nscore", 40, ["地図を描く cartoref score"]),
])
def test_a_line_wraps_by_the_columns_it_takes(text, limit, expected):
    from cartoref.widths import wrap

    assert wrap(text, limit) == expected


def test_japanese_help_fits_the_terminal_and_its_columns_line_up(cartoref):
    from cartoref.widths import columns

    run = cartoref("--lang", "ja", "--help")
    assert run.code == 0
    lines = run.out.splitlines()
    assert max(columns(line) for line in lines) <= 80  # click's help width
    # Each command's summary starts in the same column, Japanese summaries wrapped beneath it.
    rows = [line for line in lines if line.startswith(("  score ", "  check "))]
    assert len(rows) == 2
    starts = {columns(row) - columns(row[2:].split(" ", 1)[1].lstrip()) for row in rows}
    assert len(starts) == 1


def test_the_japanese_season_plan_lines_up(cartoref, tmp_path, monkeypatch):
    from cartoref.widths import columns

    monkeypatch.chdir(tmp_path)
    run = cartoref("--lang", "ja", "new", "--players", "Ann,Bob", "--seed", "7")
    assert run.code == 0
    plan = [line for line in run.out.splitlines() if line.startswith("  ") and "A + B" in line or "B + C" in line]
    assert [line.split()[0] for line in plan] == ["春", "夏"]
    # The time column starts at the same column whatever the season's name.
    assert len({columns(line[: line.index("経過時間")]) for line in plan}) == 1


@pytest.mark.parametrize("typed, terrain", [
    ("forest", "forest"), ("Forest", "forest"), ("forêt", "forest"), ("FORET", "forest"), ("bosque", "forest"),
    ("森林", "forest"), ("aldea", "village"), ("村", "village"), ("champs", "farm"), ("champ", "farm"),
    ("granja", "farm"), ("農地", "farm"), ("eau", "water"), ("agua", "water"), ("水域", "water"),
    ("monstre", "monster"), ("monstruo", "monster"), ("怪物", "monster"),
    ("forestry", None), ("", None), ("bois", None),
])
def test_a_terrain_is_typed_in_any_language(typed, terrain):
    from cartoref.grid import terrain_named

    found = terrain_named(typed)
    assert (found.word if found else None) == terrain


def test_place_takes_the_terrain_in_the_players_language(cartoref, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cartoref("new-map", "-o", "m.yaml").code == 0
    # Forgotten Forest draws forest only: "bosque" is its terrain, "aldea" is refused.
    run = cartoref("place", "m.yaml", "forgotten forest", "--cells", "A1,B2", "--terrain", "aldea")
    assert run.code == 2 and "village is not a terrain of Forgotten Forest" in run.err
    run = cartoref("place", "m.yaml", "forgotten forest", "--cells", "A1,B2", "--terrain", "bosque")
    assert run.code == 0, run.err
    run = cartoref("place", "m.yaml", "orchard", "--cells", "x", "--terrain", "bananas")
    assert run.code == 2 and "'bananas' is not one of" in run.err


def test_a_cards_picture_wraps_japanese_inside_the_card():
    """The TV shows the card's picture: a Japanese sentence (no spaces) must break between its
    characters, each line within the card, as an English one does at its spaces."""
    import re

    from cartoref.cards import catalog
    from cartoref.views.svg import text_width
    from cartoref.views.svg_card import CARD_WIDTH, card_svg
    from cartoref.widths import columns

    card = catalog().ambush("goblin attack")
    for lang in ("en", "ja"):
        i18n.use(lang)
        texts = re.findall(r'<text x="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', card_svg(card))
        sentences = [(float(x), float(size), t) for x, size, t in texts if columns(t) > 20]
        assert len(sentences) >= 2, texts  # the instructions took more than one line
        # Each line within the card's border, by the font's widths (a Japanese character, a full em).
        assert max(x + text_width(t, size) for x, size, t in sentences) <= CARD_WIDTH - 8


@pytest.mark.parametrize("lang, written", [("en", "2.6"), ("ja", "2.6"), ("fr", "2,6"), ("es", "2,6")])
def test_a_decimal_is_written_as_the_language_writes_it(lang, written):
    i18n.use(lang)
    assert i18n.decimal(2.625) == written
