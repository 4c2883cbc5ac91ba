"""The card records of both games and the words they use: explore, ambush, hero, scoring and
season cards, card ids, the kinds, the categories, the sets. Plain values; loading is
``cardfiles``."""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, NamedTuple

from .grid import Cell, Terrain
from .i18n import N_
from .shapes import Offset, Shape, pattern_marks, pattern_rows


class _Word(str, Enum):
    """A word of the card files as an enum member that equals, hashes, prints and dumps to JSON
    as the plain word (a str mix-in: StrEnum needs Python 3.11), so every output stays the same."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return str.__format__(self, spec)


class Kind(_Word):
    """What a card is, as the card files and ``--json`` spell it."""

    EXPLORE = "explore"
    RUINS = "ruins"
    AMBUSH = "ambush"
    HERO = "hero"
    SCORING = "scoring"
    SKILL = "skill"


class CardSet:
    """The names of the card sets the code itself names. Every set is data: a folder of the
    cards folder with its manifest (``cards/<set>/set.yaml``), and a card's ``set`` is that
    folder's name, a plain string."""

    BASE = "base"
    HEROES = "heroes"
    PROMOS = "promos"


class Category(_Word):
    """The four categories of scoring cards, one edict dealt from each."""

    FOREST = "forest"
    VILLAGE = "village"
    FARM_WATER = "farm-water"
    ARRANGEMENT = "arrangement"


#: The plain words, in order (for choices and messages).
CATEGORIES = tuple(c.value for c in Category)

#: Each kind of card and scoring category by its plain word, marked for the catalogs: what the
#: card list shows, and what ``cards --category`` takes, in the language spoken.
KIND_WORDS = {"explore": N_("explore"), "ruins": N_("ruins"), "ambush": N_("ambush"), "hero": N_("hero"),
              "skill": N_("skill"),
              "forest": N_("forest"), "village": N_("village"), "farm-water": N_("farm-water"),
              "arrangement": N_("arrangement")}
SEASON_IDS = ("spring", "summer", "autumn", "winter")
EDICTS = ("A", "B", "C", "D")
PLAYABLE_TERRAINS = (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER)


#: Words of a card in other languages: (language code, text) pairs, from a card file's
#: ``names:``, ``aka:`` and ``texts:`` mappings (``fr: ...``).
Words = tuple[tuple[str, str], ...]


class ShapeOption(NamedTuple):
    """One shape printed on an explore card, with or without a coin."""

    shape: Shape
    coin: bool = False


class ExploreCard(NamedTuple):
    """An explore card: terrain card, Rift Lands, or a Ruins card (``kind == Kind.RUINS``)."""

    id: str
    number: int
    name: str
    kind: Kind  # Kind.EXPLORE or Kind.RUINS
    time: int
    terrains: tuple[Terrain, ...] = ()
    options: tuple[ShapeOption, ...] = ()
    set: str = "base"
    names: Words = ()  # its name as the rulebook of a language prints it (shown in that language)
    aka: Words = ()  # its other names (accepted wherever a card is named; shown after the English)


class AmbushCard(NamedTuple):
    """An ambush card: the monster shape, the arrow and the solo starting corner; a Heroes
    ambush also has the monster's initial and its special effect."""

    id: str
    number: int
    name: str
    shape: Shape
    arrow: str  # "cw" or "ccw"
    corner: str  # "nw", "ne", "sw" or "se"
    kind: Kind = Kind.AMBUSH
    time: int = 0
    set: str = "base"
    initial: str = ""  # "D", "Z", "T" or "G" (grid.MONSTER_INITIALS); "" for a plain monster
    effect: str = ""  # the special effect in our own words; "" for a plain monster
    after_scoring: bool = False  # its effect recurs on every map after each season's scoring
    names: Words = ()
    aka: Words = ()
    texts: Words = ()  # the effect in other languages
    acts: str = ""  # its effect, a key of effectrules.AMBUSH_EFFECTS; "" for a plain monster


class SkillCard(NamedTuple):
    """A skill card (Skills Mini Expansion 1): what it costs, the effect it has (a key of
    ``effectrules.SKILL_RULES``) and the shape it draws when it names one."""

    id: str
    number: int
    name: str
    cost: int  # coins crossed out on the coin track to use it
    acts: str  # the effect, by its name in effectrules.SKILL_RULES
    effect: str  # what it does, in our own words
    shape: Shape | None = None
    set: str = "promos"
    names: Words = ()
    aka: Words = ()
    texts: Words = ()  # the effect in other languages
    kind: Kind = Kind.SKILL


class HeroCard(NamedTuple):
    """A hero card (Heroes): the spaces its hero attacks, as (row, col) offsets from the hero."""

    id: str
    number: int
    name: str
    pattern: frozenset[Offset]
    kind: Kind = Kind.HERO
    time: int = 0
    set: str = "heroes"
    names: Words = ()
    aka: Words = ()

    def attacks(self, hero: Cell) -> int:
        """The spaces attacked by this hero drawn on ``hero``, as a mask (off-map ones dropped)."""
        return pattern_marks(self.pattern, hero)

    def render(self) -> list[str]:
        """The pattern as on the card: rows of H (the hero), x (attacked) and . (neither)."""
        return pattern_rows(self.pattern)


class ScoringCard(NamedTuple):
    """A scoring card; its rule is the function registered under its id in ``scoring``."""

    id: str
    number: int
    name: str
    category: Category
    text: str
    solo: int
    set: str = "base"
    kind: Kind = Kind.SCORING
    names: Words = ()
    aka: Words = ()
    texts: Words = ()  # the card's text in other languages


class Season(NamedTuple):
    """A season card: its time threshold and the two edicts it scores."""

    id: str  # the season ("spring"), as records and map files name it
    name: str
    threshold: int
    edicts: tuple[str, str]
    set: str = "base"
    names: Words = ()


class SoloTitle(NamedTuple):
    """A line of the solo title table: the rating needed and the title."""

    rating: int
    title: str
    titles: Words = ()  # the title in other languages (the French rulebook prints its own)


def card_id(name: str) -> str:
    """The id of a card name: lower case, apostrophes dropped, other non-letters to ``-``."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def season_in_sentence(season: Any) -> str:
    """A season's name inside a sentence: French and Spanish write it in lower case there, as
    their rulebooks do ("la saison été", "el mazo de primavera"); on its own (a table's heading,
    the time track) it keeps its capital (``shown_name``)."""
    from .i18n import language

    name = shown_name(season)
    return name.lower() if language() in ("fr", "es") else name


def shown_name(card: Any) -> str:
    """A card's (or a season's) name as the language spoken shows it: the rulebook's name in that
    language where the card file gives one (``names:``), else the English name, followed by the
    language's other name in brackets where one is known (``aka:``)."""
    from .i18n import language

    lang = language()
    own = dict(getattr(card, "names", ())).get(lang)
    if own:
        return own
    aka = [name for code, name in getattr(card, "aka", ()) if code == lang]
    return f"{card.name} ({aka[0]})" if aka else card.name


def shown_text(card: Any) -> str:
    """A scoring card's text (an ambush's effect) in the language spoken, else in English."""
    from .i18n import language

    english = getattr(card, "text", "") or getattr(card, "effect", "")
    return dict(getattr(card, "texts", ())).get(language(), english)


def shown_title(line: SoloTitle) -> str:
    """A solo title in the language spoken, else in English."""
    from .i18n import language

    return dict(line.titles).get(language(), line.title)
