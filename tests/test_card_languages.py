"""The card files in other languages: every name a player knows a card by finds it (German,
Polish and Russian names, the French Heroes names), the rulebooks' season names, the scoring
texts in French (as the French rulebook prints them), Spanish and Japanese, and the French solo
titles (docs/sources.md, "Card names and texts in other languages")."""

from __future__ import annotations

import pytest

from cartoref import i18n
from cartoref.cards import catalog
from cartoref.cardtypes import shown_name, shown_text, shown_title

LANGUAGES = ("fr", "es", "ja")


@pytest.fixture
def speak():
    """Speak a language for one test; English again afterwards, whatever happens."""
    yield i18n.use
    i18n.use("en")


# --- names typed by players -----------------------------------------------------------------------

@pytest.mark.parametrize("name,expected", [
    # German (Pegasus), Polish and Russian names of the base scoring cards
    ("Schildwald", "sentinel-wood"), ("Leśna Warta", "sentinel-wood"), ("lesna warta", "sentinel-wood"),
    ("Сторожевой лес", "sentinel-wood"), ("Düsterwald", "treetower"), ("dusterwald", "treetower"),
    ("Leśna Wieża", "treetower"), ("Дерево-великан", "treetower"), ("Grünfläche", "greenbough"),
    ("Pfad des Waldes", "stoneside-forest"), ("Polny Staw", "canal-lake"), ("Долина магов", "mages-valley"),
    ("Goldener Kornspeicher", "the-golden-granary"), ("Złoty Spichlerz", "the-golden-granary"),
    ("Ausgedehnte Strände", "shoreside-expanse"), ("Kolonia", "wildholds"), ("Metropole", "great-city"),
    ("Żyzne Równiny", "greengold-plains"), ("Фортпост", "shieldgate"), ("Grenzland", "borderlands"),
    ("Utracone Włości", "lost-barony"), ("Die lange Straße", "the-broken-road"),
    ("die lange strasse", "the-broken-road"), ("Trakt Handlowy", "the-broken-road"),
    ("Die Kessel", "the-cauldrons"), ("Пустоши", "the-cauldrons"),
    # German names of Heroes scoring cards
    ("Karawanserei", "caravansary"), ("Die äußerste Enklave", "outer-enclave"),
    ("die ausserste enklave", "outer-enclave"), ("Gnomkolonie", "gnomish-colony"),
    ("Traykloster", "traylo-monastery"),
    # the English names still work
    ("Sentinel Wood", "sentinel-wood"), ("broken road", "the-broken-road"),
])
def test_a_scoring_card_by_its_name_in_another_language(name, expected):
    assert catalog().scoring_card(name).id == expected


@pytest.mark.parametrize("name,expected", [
    # German explore cards and Kobold Onslaught
    ("Fischerdorf", "fishing-village"), ("Splitterland", "rift-lands"), ("Tempelruinen", "temple-ruins"),
    ("Verfallener Außenposten", "outpost-ruins"), ("Großer Strom", "great-river"),
    ("grosser strom", "great-river"), ("Gehöft", "homestead"), ("Weiler", "hamlet"),
    ("Baumwipfeldorf", "treetop-village"), ("Koboldansturm", "kobold-onslaught"),
    # French Heroes explore cards and heroes
    ("Lagon", "lagoon"), ("Pâturage", "pasture"), ("paturage", "pasture"), ("Sous-Bois", "timber-grove"),
    ("Restanques", "hillside-terrace"), ("Portes de Kethra", "kethras-gates"),
    ("Croisement Forestier", "woodland-crossroads"), ("Dobrik de Lorkheim", "dobrik-of-lorkheim"),
    ("Wren la Lionne", "wren-the-lioness"), ("Freyla la Véritable", "freyla-the-true"),
    ("Dal de Joleu", "dal-of-jolev"),
    # any card finds the scoring cards' other names too
    ("Schildwald", "sentinel-wood"), ("Karawanserei", "caravansary"),
])
def test_any_card_by_its_name_in_another_language(name, expected):
    assert catalog().any_card(name).id == expected


def test_every_base_scoring_card_has_its_german_polish_and_russian_names():
    for card in catalog().of_set("base").scoring:
        assert sorted(lang for lang, _ in card.aka) == ["de", "pl", "ru"], card.id
    assert all(dict(c.aka).get("de") for c in catalog().of_set("base").explore)


def test_the_other_names_are_shown_after_the_english_one(speak):
    cat = catalog()
    speak("fr")
    assert shown_name(cat.any_card("lagoon")) == "Lagoon (Lagon)"
    # the French rulebook keeps the scoring cards' English names
    assert shown_name(cat.scoring_card("sentinel wood")) == "Sentinel Wood"
    speak("en")
    assert shown_name(cat.any_card("lagoon")) == "Lagoon"


# --- seasons --------------------------------------------------------------------------------------

SEASON_NAMES = {
    "fr": ["Printemps", "Été", "Automne", "Hiver"],
    "es": ["Primavera", "Verano", "Otoño", "Invierno"],
    "ja": ["春", "夏", "秋", "冬"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_season_names_per_language(speak, lang):
    cat = catalog()
    speak(lang)
    for card_set in ("base", "heroes"):
        assert [shown_name(s) for s in cat.season_cards(card_set)] == SEASON_NAMES[lang]
    for season, name in zip(cat.seasons, SEASON_NAMES[lang]):
        assert cat.season(name).id == season.id


def test_seasons_typed_in_any_language():
    cat = catalog()
    assert [cat.season(n).id for n in ("printemps", "ete", "Otoño", "otono", "冬")] == [
        "spring", "summer", "autumn", "autumn", "winter"]


# --- texts ----------------------------------------------------------------------------------------

def test_every_scoring_card_has_french_spanish_and_japanese_texts():
    cards = catalog().scoring
    assert len(cards) == 32
    for card in cards:
        texts = dict(card.texts)
        assert sorted(texts) == sorted(LANGUAGES), card.id
        assert all(texts[lang].strip() for lang in LANGUAGES), card.id


def test_every_special_ambush_has_its_effect_in_each_language():
    special = [a for a in catalog().ambushes if a.effect]
    assert len(special) == 4
    for a in special:
        assert sorted(dict(a.texts)) == sorted(LANGUAGES), a.id


def test_japanese_texts_are_not_broken_by_folded_lines():
    # A folded YAML line becomes a space, which Japanese does not have.
    for card in [*catalog().scoring, *catalog().ambushes]:
        ja = dict(card.texts).get("ja", "")
        assert " " not in ja, card.id


# Written by hand from the French rulebook's glossary ("Cartes Score") and its "Effets des
# embuscades spéciales", word for word.
FRENCH = {
    "sentinel-wood": "Gagnez une Étoile de Réputation pour chaque case Forêt adjacente au bord de la Carte.",
    "canal-lake": "Gagnez une étoile de réputation pour chaque case Eau adjacente à au moins une case Champs. "
                  "Gagnez une étoile de réputation pour chaque case Champs adjacente à au moins une case Eau.",
    "outer-enclave": "Choisissez un groupe de cases Village et gagnez une étoile de réputation pour chaque "
                     "case vide adjacente à ce groupe.",
    "silos": "Gagnez dix étoiles de réputation pour chaque colonne impaire complète de cases remplies.",
}


@pytest.mark.parametrize("card,text", FRENCH.items())
def test_french_texts_are_the_rulebooks(speak, card, text):
    scoring = catalog().scoring_by_id(card)
    assert dict(scoring.texts)["fr"] == text
    speak("fr")
    assert shown_text(scoring) == text
    speak("en")
    assert shown_text(scoring) == scoring.text


def test_french_effect_of_an_ambush_is_the_rulebooks(speak):
    gorgon = catalog().ambush("gorgon")
    speak("fr")
    assert shown_text(gorgon) == "Après avoir dessiné la Gorgone, détruisez une case adjacente hors Montagne."


def test_a_text_is_shown_in_the_language_spoken(speak):
    card = catalog().scoring_card("silos")
    speak("es")
    assert shown_text(card).startswith("Diez estrellas de reputación")
    speak("ja")
    assert shown_text(card).endswith("1本につき10点。")


# --- solo titles ----------------------------------------------------------------------------------

def test_french_solo_titles_are_the_rulebooks(speak):
    lines = catalog().solo_titles
    speak("fr")
    assert [(t.rating, shown_title(t)) for t in lines] == [
        (30, "Cartographe légendaire"), (20, "Maître cartographe"), (10, "Compagnon topographe"),
        (0, "Apprenti géomètre"), (-5, "Évaluateur amateur"), (-10, "Assistant inepte"),
        (-20, "Gribouilleur idiot"), (-30, "Buveur d'encre inconscient")]


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_every_solo_title_has_a_translation(speak, lang):
    lines = catalog().solo_titles
    speak(lang)
    shown = [shown_title(t) for t in lines]
    assert len(set(shown)) == len(lines)
    assert not set(shown) & {t.title for t in lines}  # none left in English
