"""The catalog of every card and sheet side, and finding cards by forgiving names.

The records are in ``cardtypes``, the loading of the card files in ``cardfiles``; both are
re-exported here, where the rest of cartoref looks for them.

The card files ship inside the installed package (``cartoref/cards``); in a source checkout
they are the top-level ``cards/`` folder. Each set is a folder of it (``cards/base/``,
``cards/heroes/``, ``cards/promos/``) holding the files of the kinds it brings, under the same
names (``explore.yaml``), and its manifest (``set.yaml``: its title, its place in the list,
the editions it deals); a folder with a manifest is a set, nothing in the code lists them.
Each kind of card is read on first use only, and the base game's alone for a lookup it answers.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from .cardfiles import (
    EditionRule,
    SetManifest,
    _yaml_load,
    locate_card,
    parse_ambush,
    parse_explore,
    parse_heroes,
    parse_layout,
    parse_manifest,
    parse_scoring,
    parse_seasons,
    parse_sheets,
    parse_skills,
    problem_at,
)
from .cardtypes import (
    CATEGORIES,
    EDICTS,
    PLAYABLE_TERRAINS,
    SEASON_IDS,
    AmbushCard,
    CardSet,
    Category,
    ExploreCard,
    HeroCard,
    Kind,
    ScoringCard,
    Season,
    ShapeOption,
    SkillCard,
    SoloTitle,
    card_id,
)
from .errors import CardDataError, UnknownCardError, UsageError
from .grid import SheetSide
from .i18n import N_, _, folded


def _name_key(name: str) -> str:
    """A name reduced for matching: case, accents, separators and a leading "the" dropped
    ("The Broken Road" and "broken-road" match, "Düsterwald" and "dusterwald", "Leśna Warta"
    and "lesna warta"); letters of every script are kept ("Сторожевой лес", "森林")."""
    words = [w for w in re.split(r"[\W_]+", folded(name.replace("'", "").replace("\u2019", ""))) if w]
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return "".join(words)


def _word_keys(name: str) -> list[str]:
    """The name's match keys from each later word on ("trollravage"), skipping "the" and "of"."""
    words = card_id(name).split("-")
    return ["".join(words[n:]) for n in range(1, len(words)) if words[n] not in ("the", "of")]


T = TypeVar("T")
#: What ``find_by_name`` may be looking for, as its messages name it (marked for the catalogs).
LOOKED_FOR = (N_("card"), N_("scoring card"), N_("ambush card"), N_("hero card"), N_("season"), N_("sheet side"),
              N_("explore, ambush or hero card"))


def names_of(item: Any, key: Callable[[Any], str]) -> list[str]:
    """Every name an item is known by: ``key``'s, then its names in other languages (a card
    file's ``names:`` and ``aka:``)."""
    return [key(item), *(n for _lang, n in getattr(item, "names", ())), *(n for _lang, n in getattr(item, "aka", ()))]


def exact_name(name: str, items: Sequence[T], *, key: Callable[[T], str]) -> T | None:
    """The first item with ``name`` among its names, but for case, accents, "the", spaces and
    hyphens."""
    wanted = _name_key(name)
    return next((i for i in items if any(_name_key(n) == wanted for n in names_of(i, key))), None)


def find_by_name(name: str, items: Sequence[T], *, what: str = "card", key: Callable[[T], str]) -> T:
    """Find one item by a forgiving name, in any language it has a name in: any case, optional
    leading "the", spaces or hyphens, or a unique prefix (of a name, else of a later word of
    its English name: "troll"). Raise UnknownCardError with suggestions otherwise."""
    wanted = _name_key(name)
    exact = exact_name(name, items, key=key)
    if exact is not None:
        return exact
    prefixed = [i for i in items if wanted and any(_name_key(n).startswith(wanted) for n in names_of(i, key))]
    if not prefixed and len(wanted) >= 3:
        # A later word of the name is enough too ("troll", "lioness"), when no name starts so;
        # not a letter or two, which would match nearly anything.
        prefixed = [i for i in items if any(k.startswith(wanted) for k in _word_keys(key(i)))]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        names = tuple(key(i) for i in prefixed)
        raise UnknownCardError(name, _("{what} {name!r} is ambiguous: it could be {names}").format(
            what=_(what), name=name, names=", ".join(names)))
    import difflib

    def spelt(text: str) -> str:  # as ids spell it, words apart; letters of other scripts kept
        return card_id(text) or _name_key(text)

    # Close English names first (a typo of an English name is suggested English names only),
    # else close names in the other languages.
    by_key = {spelt(key(i)): key(i) for i in items}
    close = difflib.get_close_matches(spelt(name), list(by_key), n=3, cutoff=0.5)
    if not close:
        by_key = {spelt(n): key(i) for i in items for n in names_of(i, key)[1:]}
        close = difflib.get_close_matches(spelt(name), list(by_key), n=3, cutoff=0.5)
    # A suggestion shares a run of three letters with what was typed (or all of a shorter word):
    # a name that only happens to score well ("nope" -> a foreign name of Mangrove Swamp) is none.
    typed = spelt(name)

    def shares(found: str) -> bool:
        run = difflib.SequenceMatcher(None, typed, found).find_longest_match(0, len(typed), 0, len(found))
        return run.size >= min(3, len(typed))

    close = [c for c in close if shares(c)]
    suggestions = tuple(dict.fromkeys(by_key[c] for c in close))
    # No close match for a card: a shell may point at its list of cards (code "card-not-found").
    code = "" if close or what not in ("card", "scoring card") else "card-not-found"
    raise UnknownCardError(name, _("unknown {what} {name!r}").format(what=_(what), name=name), suggestions,
                           code=code)


def cards_dir() -> str:
    """Where the card files are: inside the installed package, else the source checkout's."""
    override = os.environ.get("CARTOREF_CARDS")
    if override:
        return override
    here = os.path.dirname(os.path.abspath(__file__))
    packaged = os.path.join(here, "cards")
    return packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(here), "cards")


class SetCards(NamedTuple):
    """The cards of one set (``Catalog.of_set``), each kind in its files' order."""

    explore: tuple[ExploreCard, ...]
    ambushes: tuple[AmbushCard, ...]
    heroes: tuple[HeroCard, ...]
    scoring: tuple[ScoringCard, ...]
    seasons: tuple[Season, ...]


Card = ExploreCard | AmbushCard | HeroCard | ScoringCard


class Catalog:
    """Every card and sheet of every set, read from a cards folder on first use of each kind.

    Each kind of card is read from the file of that name of every set whose manifest lists the
    kind (``base/explore.yaml``, ``heroes/explore.yaml``), in the sets' order; a file listed
    and missing is an error.
    """

    def __init__(self, folder: str | None = None):
        self.folder = folder or cards_dir()
        self._files: dict[tuple[str, str], Any] = {}  # (set, file name) -> what it holds

    def _of(self, card_set: str, name: str, parse: Callable[[str, Any], T]) -> T:
        """One set's file of one kind, read once. A lookup that the base game's own file answers
        exactly never reads the other sets' files (start-up stays light)."""
        if (card_set, name) not in self._files:
            self._files[card_set, name] = self._read(name, parse, card_set)
        return self._files[card_set, name]

    def _path(self, card_set: str, name: str) -> str:
        return os.path.join(self.folder, card_set, name)

    @cached_property
    def manifests(self) -> tuple[SetManifest, ...]:
        """Every set's manifest, in the sets' order (the folders of the cards folder that hold a
        ``set.yaml``)."""
        found = []
        for entry in sorted(os.listdir(self.folder)):
            path = os.path.join(self.folder, entry, "set.yaml")
            if os.path.isfile(path):
                found.append(parse_manifest(path, _yaml_load(path)))
        return tuple(sorted(found, key=lambda m: (m.order, m.name)))

    @property
    def set_names(self) -> tuple[str, ...]:
        """The sets' names, in their order ("base", "heroes", "promos")."""
        return tuple(m.name for m in self.manifests)

    def bringing(self, kind: str) -> tuple[str, ...]:
        """The sets that bring a kind of card file ("explore", "ambush", ...), in their order."""
        return tuple(m.name for m in self.manifests if kind in m.files)

    @property
    def editions(self) -> tuple[EditionRule, ...]:
        """Every edition the sets deal (base, heroes, combined), in the sets' order."""
        return tuple(e for m in self.manifests for e in m.editions)

    @property
    def ambush_choices(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The choices of ambushes the sets add to every edition's (promo, mixed)."""
        return tuple(c for m in self.manifests for c in m.ambush_choices)

    def _read(self, name: str, parse: Callable[[str, Any], T], card_set: str = CardSet.BASE) -> T:
        path = self._path(card_set, name)
        return parse(path, _yaml_load(path))

    def _read_sets(self, name: str, parse: Callable[[str, Any], tuple[Any, ...]]) -> tuple[Any, ...]:
        """One kind of card from the file of every set that brings it, in the sets' order; an id
        in two files is refused."""
        out: list[Any] = []
        where: dict[str, str] = {}
        problems = []
        for card_set in self.bringing(name.removesuffix(".yaml")):
            path = self._path(card_set, name)
            for c in self._of(card_set, name, parse):
                if c.id in where:
                    problems.append(problem_at(path, locate_card(path, "cards", c.id),
                                               _("{id}: id already used in {file}").format(id=c.id, file=where[c.id])))
                where[c.id] = path
                out.append(c)
        if problems:
            raise CardDataError(problems)
        return tuple(out)

    @cached_property
    def explore(self) -> tuple[ExploreCard, ...]:
        """Every set's explore cards, Ruins included (13 base, then 11 Heroes)."""
        return self._read_sets("explore.yaml", parse_explore)

    @cached_property
    def ambushes(self) -> tuple[AmbushCard, ...]:
        """Every set's ambush cards (4 base, 4 Heroes, then the 4 promo ones)."""
        return self._read_sets("ambush.yaml", parse_ambush)

    @cached_property
    def skills(self) -> tuple[SkillCard, ...]:
        """The skill cards (8, Skills Mini Expansion 1)."""
        return self._read_sets("skills.yaml", parse_skills)

    def skill(self, name: str) -> SkillCard:
        """A skill card by a forgiving name (id, name, or a name it is also known by)."""
        return exact_name(name, self.skills, key=lambda c: c.id) or find_by_name(
            name, self.skills, what="skill", key=lambda c: c.name)

    @cached_property
    def heroes(self) -> tuple[HeroCard, ...]:
        """The hero cards (4, all Heroes)."""
        return self._read_sets("heroes.yaml", parse_heroes)

    @cached_property
    def scoring(self) -> tuple[ScoringCard, ...]:
        """Every set's scoring cards (16 base, then 16 Heroes)."""
        return self._read_sets("scoring.yaml", parse_scoring)

    @cached_property
    def _seasons(self) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
        seasons, titles = self._of(CardSet.BASE, "seasons.yaml", parse_seasons)
        for card_set in self.bringing("seasons"):
            if card_set == CardSet.BASE:
                continue
            path = self._path(card_set, "seasons.yaml")
            more, _no_titles = parse_seasons(path, _yaml_load(path), titles=False)
            clash = {s.set for s in more} & {s.set for s in seasons}
            if clash:
                message = _("the {sets} seasons are already in another file").format(sets=", ".join(sorted(clash)))
                first = next(s for s in more if s.set in clash)
                raise CardDataError([problem_at(path, locate_card(path, "seasons", first.id), message)])
            seasons += more
        return seasons, titles

    @property
    def seasons(self) -> tuple[Season, ...]:
        """The base game's four season cards in play order (every set names its seasons alike)."""
        return self.season_cards(CardSet.BASE)

    def season_cards(self, card_set: str) -> tuple[Season, ...]:
        """The four season cards of a set, in play order."""
        if card_set == CardSet.BASE:
            return self._of(CardSet.BASE, "seasons.yaml", parse_seasons)[0]
        found = tuple(s for s in self._seasons[0] if s.set == card_set)
        if not found:
            raise UnknownCardError(card_set, _("no season cards in the set {set!r}").format(set=card_set))
        return found

    def of_set(self, card_set: str) -> SetCards:
        """The cards of one set ("base", "heroes", "promos"), each kind in its files' order."""
        if card_set not in self.set_names:
            raise UnknownCardError(card_set, _("unknown card set {set!r} (one of {sets})").format(
                set=card_set, sets=", ".join(self.set_names)))
        return SetCards(tuple(c for c in self.explore if c.set == card_set),
                        tuple(c for c in self.ambushes if c.set == card_set),
                        tuple(c for c in self.heroes if c.set == card_set),
                        tuple(c for c in self.scoring if c.set == card_set),
                        self.season_cards(card_set) if card_set in self.bringing("seasons") else ())

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of every set: explore, ambush, hero, scoring, then skill cards."""
        return (*self.explore, *self.ambushes, *self.heroes, *self.scoring, *self.skills)

    @cached_property
    def _deck_cards(self) -> dict[str, ExploreCard | AmbushCard | HeroCard]:
        every: list[ExploreCard | AmbushCard | HeroCard] = [*self.explore, *self.ambushes,
                                                            *self.heroes]
        return {c.id: c for c in every}

    def deck_card(self, card_id: str) -> ExploreCard | AmbushCard | HeroCard:
        """An explore, ruins, ambush or hero card by its exact id (KeyError when there is none)."""
        return self._deck_cards[card_id]

    @cached_property
    def _scoring_by_id(self) -> dict[str, ScoringCard]:
        return {c.id: c for c in self.scoring}

    def scoring_by_id(self, card_id: str) -> ScoringCard:
        """A scoring card by its exact id (KeyError when there is none)."""
        for c in self._of(CardSet.BASE, "scoring.yaml", parse_scoring):
            if c.id == card_id:
                return c
        return self._scoring_by_id[card_id]

    @property
    def solo_titles(self) -> tuple[SoloTitle, ...]:
        """The solo title table, highest rating first."""
        return self._of(CardSet.BASE, "seasons.yaml", parse_seasons)[1]

    @cached_property
    def sheets(self) -> tuple[SheetSide, ...]:
        """The printed sheet sides of every set (A, B, then Heroes' C, D)."""
        return self._read_sets("sheets.yaml", parse_sheets)

    def scoring_card(self, name: str) -> ScoringCard:
        """A scoring card by a forgiving name (see ``find_by_name``); its id, as map and game
        files keep it, is looked up at once (a table of a hundred reads four a map, every change)."""
        if name in self._scoring_by_id:
            return self.scoring_by_id(name)
        base = self._of(CardSet.BASE, "scoring.yaml", parse_scoring)
        return exact_name(name, base, key=lambda c: c.name) or find_by_name(
            name, self.scoring, what="scoring card", key=lambda c: c.name)

    @cached_property
    def _ambushes_by_id(self) -> dict[str, AmbushCard]:
        return {c.id: c for c in self.ambushes}

    def ambush_by_id(self, card_id: str) -> AmbushCard | None:
        """An ambush card by its id, None when no ambush has it (reads the ambush files only)."""
        return self._ambushes_by_id.get(card_id)

    def ambush(self, name: str) -> AmbushCard:
        """An ambush card by a forgiving name."""
        return find_by_name(name, self.ambushes, what="ambush card", key=lambda c: c.name)

    def hero(self, name: str) -> HeroCard:
        """A hero card by a forgiving name."""
        return find_by_name(name, self.heroes, what="hero card", key=lambda c: c.name)

    def edict_ids(self, names: Sequence[str]) -> tuple[str, str, str, str]:
        """Four different scoring cards by forgiving names, for edicts A to D, as ids: the one
        edict parser (map files, ``score --edicts``, ``new --edicts``, ``title --edicts``)."""
        if len(names) != 4:
            raise UsageError(_("edicts should list four scoring cards (A, B, C, D), not {n}").format(n=len(names)),
                             code="edicts")
        a, b, c, d = (self.scoring_card(n.strip()).id for n in names)
        if len({a, b, c, d}) != 4:
            raise UsageError(_("edicts should be four different scoring cards"), code="edicts")
        return a, b, c, d

    def any_card(self, name: str) -> Card:
        """Any card of any set by a forgiving name."""
        return find_by_name(name, self.cards, what="card", key=lambda c: c.name)

    def season(self, name: str) -> Season:
        """A season by name ("fall" is autumn)."""
        if name.strip().lower() == "fall":
            name = "autumn"
        return find_by_name(name, self.seasons, what="season", key=lambda s: s.id)

    def sheet_side(self, name: str) -> SheetSide:
        """A sheet side by id, name or printed letter (A, B, C, D)."""
        base = self._of(CardSet.BASE, "sheets.yaml", parse_sheets)
        letter = name.strip().upper()
        hit = next((s for s in base if s.letter.upper() == letter), None) or exact_name(
            name, base, key=lambda s: s.id)
        if hit is not None:
            return hit
        every = self.sheets
        found = next((s for s in every if s.letter.upper() == letter), None)
        if found is not None:
            return found
        try:
            return find_by_name(name, every, what="sheet side", key=lambda s: s.id)
        except UnknownCardError as e:
            sides = ", ".join(f"{s.id} ({s.letter})" for s in every)
            raise UnknownCardError(name, _("{problem} (expected one of {sides})").format(problem=e, sides=sides),
                                   code="unknown-sheet") from None

    def spoken_title(self, title: str) -> str:
        """A solo title (as ``solo_title`` gives it, in English) in the language spoken."""
        from .cardtypes import shown_title

        return next((shown_title(line) for line in self.solo_titles if line.title == title), title)

    def solo_title(self, rating: int) -> str:
        """The title of the highest line the rating reaches; below the table, the lowest title."""
        for line in self.solo_titles:
            if rating >= line.rating:
                return line.title
        return self.solo_titles[-1].title


_catalog: Catalog | None = None


def catalog() -> Catalog:
    """The shared catalog of the cards this installation carries."""
    global _catalog
    if _catalog is None:
        _catalog = Catalog()
    return _catalog


__all__ = [
    "CATEGORIES",
    "EDICTS",
    "PLAYABLE_TERRAINS",
    "SEASON_IDS",
    "AmbushCard",
    "Card",
    "CardSet",
    "Catalog",
    "Category",
    "EditionRule",
    "ExploreCard",
    "HeroCard",
    "Kind",
    "ScoringCard",
    "Season",
    "SetCards",
    "SetManifest",
    "ShapeOption",
    "SkillCard",
    "SoloTitle",
    "card_id",
    "cards_dir",
    "catalog",
    "exact_name",
    "find_by_name",
    "parse_ambush",
    "parse_explore",
    "parse_heroes",
    "parse_layout",
    "parse_scoring",
    "parse_seasons",
    "parse_sheets",
]
