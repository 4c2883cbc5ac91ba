"""Card records, loading and validating ``cards/*.yaml``, and finding cards by name.

The card files ship inside the installed package (``cartoref/cards``); in a source checkout
they are the top-level ``cards/`` folder. The base game's files are at its top, each other
set's in a folder of its own under the same names (``cards/heroes/explore.yaml``). Each kind
of card is read on first use only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from .errors import CardDataError, Problem, UnknownCardError, UsageError
from .grid import BOARD, MONSTER_INITIALS, SIZE, Cell, SheetSide, Terrain, bit
from .shapes import Shape

CATEGORIES = ("forest", "village", "farm-water", "arrangement")
#: The card sets cartoref knows; every card belongs to one (``set:`` in the card files).
SETS = ("base", "heroes")
SEASON_IDS = ("spring", "summer", "autumn", "winter")
EDICTS = ("A", "B", "C", "D")
PLAYABLE_TERRAINS = (Terrain.FOREST, Terrain.VILLAGE, Terrain.FARM, Terrain.WATER, Terrain.MONSTER)


class ShapeOption(NamedTuple):
    """One shape printed on an explore card, with or without a coin."""

    shape: Shape
    coin: bool = False


class ExploreCard(NamedTuple):
    """An explore card: terrain card, Rift Lands, or a Ruins card (``kind == "ruins"``)."""

    id: str
    number: int
    name: str
    kind: str  # "explore" or "ruins"
    time: int
    terrains: tuple[Terrain, ...] = ()
    options: tuple[ShapeOption, ...] = ()
    set: str = "base"


class AmbushCard(NamedTuple):
    """An ambush card: the monster shape, the arrow and the solo starting corner; a Heroes
    ambush also has the monster's initial and its special effect."""

    id: str
    number: int
    name: str
    shape: Shape
    arrow: str  # "cw" or "ccw"
    corner: str  # "nw", "ne", "sw" or "se"
    kind: str = "ambush"
    time: int = 0
    set: str = "base"
    initial: str = ""  # "D", "Z", "T" or "G" (grid.MONSTER_INITIALS); "" for a plain monster
    effect: str = ""  # the special effect in our own words; "" for a plain monster


class HeroCard(NamedTuple):
    """A hero card (Heroes): the spaces its hero attacks, as (row, col) offsets from the hero."""

    id: str
    number: int
    name: str
    pattern: frozenset[tuple[int, int]]
    kind: str = "hero"
    time: int = 0
    set: str = "heroes"

    def attacks(self, hero: Cell) -> int:
        """The spaces attacked by this hero drawn on ``hero``, as a mask (off-map ones dropped)."""
        mask = 0
        for dr, dc in self.pattern:
            r, c = hero.row + dr, hero.col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                mask |= bit(r, c)
        return mask

    def render(self) -> list[str]:
        """The pattern as on the card: rows of H (the hero), x (attacked) and . (neither)."""
        every = self.pattern | {(0, 0)}
        r0, c0 = min(r for r, _ in every), min(c for _, c in every)
        r1, c1 = max(r for r, _ in every), max(c for _, c in every)
        return ["".join("H" if (r, c) == (0, 0) else "x" if (r, c) in self.pattern else "."
                        for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)]


class ScoringCard(NamedTuple):
    """A scoring card; its rule is the function registered under its id in ``scoring``."""

    id: str
    number: int
    name: str
    category: str
    text: str
    solo: int
    set: str = "base"


class Season(NamedTuple):
    """A season card: its time threshold and the two edicts it scores."""

    id: str  # the season ("spring"), as records and map files name it
    name: str
    threshold: int
    edicts: tuple[str, str]
    set: str = "base"


class SoloTitle(NamedTuple):
    """A line of the solo title table: the rating needed and the title."""

    rating: int
    title: str


def card_id(name: str) -> str:
    """The id of a card name: lower case, apostrophes dropped, other non-letters to ``-``."""
    text = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _name_key(name: str) -> str:
    """A card name reduced for matching: its id without separators or a leading "the"."""
    key = card_id(name)
    key = key.removeprefix("the-")
    return key.replace("-", "")


def _word_keys(name: str) -> list[str]:
    """The name's match keys from each later word on ("trollravage"), skipping "the" and "of"."""
    words = card_id(name).split("-")
    return ["".join(words[n:]) for n in range(1, len(words)) if words[n] not in ("the", "of")]


T = TypeVar("T")


def exact_name(name: str, items: Sequence[T], *, key: Callable[[T], str]) -> T | None:
    """The first item whose name is ``name`` but for case, "the", spaces and hyphens."""
    wanted = _name_key(name)
    return next((i for i in items if _name_key(key(i)) == wanted), None)


def find_by_name(name: str, items: Sequence[T], *, what: str = "card", key: Callable[[T], str]) -> T:
    """Find one item by a forgiving name: any case, optional leading "the", spaces or hyphens,
    or a unique prefix (of the name, else of a later word of it: "troll"). Raise
    UnknownCardError with suggestions otherwise."""
    wanted = _name_key(name)
    keyed = [(_name_key(key(i)), i) for i in items]
    exact = exact_name(name, items, key=key)
    if exact is not None:
        return exact
    prefixed = [i for k, i in keyed if wanted and k.startswith(wanted)]
    if not prefixed and len(wanted) >= 3:
        # A later word of the name is enough too ("troll", "lioness"), when no name starts so;
        # not a letter or two, which would match nearly anything.
        prefixed = [i for i in items if any(k.startswith(wanted) for k in _word_keys(key(i)))]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        names = tuple(key(i) for i in prefixed)
        raise UnknownCardError(name, f"{what} {name!r} is ambiguous: it could be " + ", ".join(names))
    import difflib

    by_id = {card_id(key(i)): key(i) for i in items}
    close = difflib.get_close_matches(card_id(name), list(by_id), n=3, cutoff=0.5)
    # No close match for a card: a shell may point at its list of cards (code "card-not-found").
    code = "" if close or what not in ("card", "scoring card") else "card-not-found"
    raise UnknownCardError(name, f"unknown {what} {name!r}", tuple(by_id[c] for c in close), code=code)


def cards_dir() -> str:
    """Where the card files are: inside the installed package, else the source checkout's."""
    override = os.environ.get("CARTOREF_CARDS")
    if override:
        return override
    here = os.path.dirname(os.path.abspath(__file__))
    packaged = os.path.join(here, "cards")
    return packaged if os.path.isdir(packaged) else os.path.join(os.path.dirname(here), "cards")


def _yaml_load(path: str) -> Any:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        with open(path, encoding="utf-8") as f:
            return yaml.load(f, Loader=loader)
    except OSError as e:
        raise CardDataError([Problem(str(path), 0, 0, f"cannot read card file: {e.strerror}")]) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise CardDataError(
            [Problem(str(path), mark.line + 1 if mark else 0, mark.column + 1 if mark else 0, f"not valid YAML: {e}")]
        ) from None


class _Checker:
    """Collects every problem of one card file before failing."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []

    def fail(self, where: str, message: str) -> None:
        self.problems.append(Problem(str(self.path), 0, 0, f"{where}: {message}"))

    def field(self, entry: Any, where: str, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(entry, dict):
            self.fail(where, "expected a mapping")
            return None if default is ... else default
        if name not in entry:
            if default is ...:
                self.fail(where, f"missing {name!r}")
                return None
            return default
        value = entry[name]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            self.fail(where, f"{name!r} should be {getattr(kind, '__name__', kind)}, not {value!r}")
            return None if default is ... else default
        return value

    def choice(self, entry: Any, where: str, name: str, choices: Sequence[str], default: Any = ...) -> str:
        """A text field that must be one of ``choices``."""
        value = self.field(entry, where, name, str, default)
        if value not in choices:
            self.fail(where, f"{name} should be one of {', '.join(choices)}, not {value!r}")
            return choices[0]
        return value

    def head(self, entry: Any, n: int) -> tuple[str, int, str]:
        """A card's id (also used to name it in messages), number and name."""
        cid = self.field(entry, f"card {n + 1}", "id", str) or f"card {n + 1}"
        return cid, self.field(entry, cid, "number", int) or 0, self.field(entry, cid, "name", str) or ""

    def items(self, data: Any, key: str) -> list[Any]:
        if not isinstance(data, dict) or not isinstance(data.get(key), list):
            self.fail("top level", f"expected a mapping with a list under {key!r}")
            return []
        self.default_set = self.choice(data, "top level", "set", SETS, "") if "set" in data else ""
        return data[key]

    def card_set(self, entry: Any, where: str) -> str:
        """The set a card belongs to: its own ``set:``, else the file's; one of them is needed."""
        if isinstance(entry, dict) and "set" in entry:
            return self.choice(entry, where, "set", SETS)
        if not self.default_set:
            self.fail(where, f"missing 'set' (one of {', '.join(SETS)}), on the card or at the top of the file")
        return self.default_set or SETS[0]

    def done(self) -> None:
        if self.problems:
            raise CardDataError(self.problems)


def _shape(chk: _Checker, where: str, text: Any) -> Shape | None:
    if not isinstance(text, str):
        chk.fail(where, "a shape is a block of X, - and . lines")
        return None
    try:
        return Shape.parse(text)
    except ValueError as e:
        chk.fail(where, str(e))
        return None


def _terrains(chk: _Checker, where: str, words: Any) -> tuple[Terrain, ...]:
    if not isinstance(words, list) or not words:
        chk.fail(where, "terrains should be a non-empty list")
        return ()
    out = []
    for w in words:
        if w not in {t.word for t in PLAYABLE_TERRAINS}:
            chk.fail(where, f"unknown terrain {w!r} (expected forest, village, farm, water or monster)")
        else:
            out.append(Terrain[str(w).upper()])
    return tuple(out)


def _check_ids(chk: _Checker, cards: Iterable[Any]) -> None:
    seen: set[str] = set()
    for c in cards:
        if c.id != card_id(c.name):
            chk.fail(c.id, f"id should be {card_id(c.name)!r}, made from the name {c.name!r}")
        if c.id in seen:
            chk.fail(c.id, "id used twice")
        seen.add(c.id)


def parse_explore(path: str, data: Any) -> tuple[ExploreCard, ...]:
    """Validate and build the explore cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in enumerate(chk.items(data, "cards")):
        where, number, name = chk.head(e, n)
        kind = chk.choice(e, where, "kind", ("explore", "ruins"), "explore")
        time = chk.field(e, where, "time", int)
        options: list[ShapeOption] = []
        terrains: tuple[Terrain, ...] = ()
        if kind == "explore":
            terrains = _terrains(chk, where, chk.field(e, where, "terrains", list))
            for k, opt in enumerate(chk.field(e, where, "options", list) or []):
                shape = _shape(chk, f"{where} option {k + 1}", chk.field(opt, f"{where} option {k + 1}", "shape", str))
                coin = chk.field(opt, f"{where} option {k + 1}", "coin", bool, False)
                if shape:
                    options.append(ShapeOption(shape, coin))
            if not options:
                chk.fail(where, "an explore card needs at least one shape option")
        if time is not None and time < 0:
            chk.fail(where, "time cannot be negative")
        out.append(ExploreCard(where, number, name, kind, time or 0, terrains, tuple(options), chk.card_set(e, where)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_ambush(path: str, data: Any) -> tuple[AmbushCard, ...]:
    """Validate and build the ambush cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in enumerate(chk.items(data, "cards")):
        where, number, name = chk.head(e, n)
        arrow = chk.choice(e, where, "arrow", ("cw", "ccw"))
        corner = chk.choice(e, where, "corner", ("nw", "ne", "sw", "se"))
        shape = _shape(chk, where, chk.field(e, where, "shape", str))
        has_initial = isinstance(e, dict) and "initial" in e
        initial = chk.choice(e, where, "initial", MONSTER_INITIALS) if has_initial else ""
        effect = chk.field(e, where, "effect", str, "")
        if bool(initial) != bool(effect):
            chk.fail(where, "a special monster needs both an 'initial' and an 'effect'")
        out.append(AmbushCard(where, number, name, shape or Shape(frozenset({(0, 0)})), arrow, corner,
                              set=chk.card_set(e, where), initial=initial, effect=effect))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def _pattern(chk: _Checker, where: str, text: Any) -> frozenset[tuple[int, int]]:
    """A hero's attack pattern from its drawing: one H, x the attacked spaces, . the others."""
    if not isinstance(text, str):
        chk.fail(where, "a pattern is a block of H, x and . lines")
        return frozenset()
    rows = [line.strip() for line in text.strip("\n").splitlines() if line.strip()]
    spots = [(r, c, ch) for r, line in enumerate(rows) for c, ch in enumerate(line)]
    heroes = [(r, c) for r, c, ch in spots if ch == "H"]
    bad = sorted({ch for _, _, ch in spots if ch not in "Hx."})
    if bad or len(heroes) != 1 or not any(ch == "x" for _, _, ch in spots):
        chk.fail(where, "a pattern is drawn with one H (the hero), x (an attacked space) and . "
                 "(neither), with at least one x" + (f", not {''.join(bad)!r}" if bad else ""))
        return frozenset()
    (hr, hc), = heroes
    return frozenset((r - hr, c - hc) for r, c, ch in spots if ch == "x")


def parse_heroes(path: str, data: Any) -> tuple[HeroCard, ...]:
    """Validate and build the hero cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in enumerate(chk.items(data, "cards")):
        where, number, name = chk.head(e, n)
        pattern = _pattern(chk, where, chk.field(e, where, "pattern", str))
        out.append(HeroCard(where, number, name, pattern, set=chk.card_set(e, where)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_scoring(path: str, data: Any) -> tuple[ScoringCard, ...]:
    """Validate and build the scoring cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in enumerate(chk.items(data, "cards")):
        where, number, name = chk.head(e, n)
        category = chk.choice(e, where, "category", CATEGORIES)
        text = chk.field(e, where, "text", str) or ""
        out.append(ScoringCard(where, number, name, category, text, chk.field(e, where, "solo", int) or 0,
                               chk.card_set(e, where)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_seasons(path: str, data: Any, *,
                  titles: bool = True) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
    """Validate and build the four seasons and (when ``titles``) the solo title table."""
    chk = _Checker(path)
    seasons = []
    for n, e in enumerate(chk.items(data, "seasons")):
        where = chk.field(e, f"season {n + 1}", "id", str) or f"season {n + 1}"
        edicts = chk.field(e, where, "edicts", list) or []
        if len(edicts) != 2 or any(x not in EDICTS for x in edicts):
            chk.fail(where, f"edicts should be two of A, B, C, D, not {edicts!r}")
        seasons.append(
            Season(where, chk.field(e, where, "name", str) or "", chk.field(e, where, "threshold", int) or 0,
                   tuple(edicts[:2]), chk.card_set(e, where))
        )
    for card_set in dict.fromkeys(s.set for s in seasons):
        ids = [s.id for s in seasons if s.set == card_set]
        if ids != list(SEASON_IDS):
            chk.fail(f"{card_set} seasons", f"expected {', '.join(SEASON_IDS)} in that order, not {', '.join(ids)}")
    lines = []
    if not titles:
        if isinstance(data, dict) and "solo_titles" in data:
            chk.fail("solo_titles",
                     "the solo titles are the base game's: list them only in its seasons.yaml")
        chk.done()
        return tuple(seasons), ()
    for n, e in enumerate(chk.items(data, "solo_titles")):
        lines.append(SoloTitle(chk.field(e, f"title {n + 1}", "rating", int) or 0,
                               chk.field(e, f"title {n + 1}", "title", str) or ""))
    if [t.rating for t in lines] != sorted((t.rating for t in lines), reverse=True):
        chk.fail("solo_titles", "list the titles from the highest rating down")
    chk.done()
    return tuple(seasons), tuple(lines)


def parse_layout(text: str) -> dict[str, int]:
    """Read an 11 x 11 printed layout into masks of mountains (^), wastelands (#) and ruins (r)."""
    from .notation import read_grid  # the one grid notation

    grid = read_grid(text)
    problems = [p.render() for p in grid.problems]
    problems += [f"{cell.label}: {sym.text!r} is not a layout symbol (. ^ # r)"
                 for cell, sym in grid.symbols.items() if sym.text not in ".^#r"]
    if problems:
        # Lines and columns count from the layout's first row.
        raise ValueError("a layout is 11 rows of 11 symbols (. ^ # r); " + "; ".join(problems))
    return {"^": grid.masks["^"], "#": grid.masks["#"], "r": grid.masks["r"]}


def parse_sheets(path: str, data: Any) -> tuple[SheetSide, ...]:
    """Validate and build the printed sheet sides."""
    chk = _Checker(path)
    out = []
    for n, e in enumerate(chk.items(data, "sheets")):
        where = chk.field(e, f"sheet {n + 1}", "id", str) or f"sheet {n + 1}"
        try:
            masks = parse_layout(chk.field(e, where, "layout", str) or "")
        except ValueError as err:
            chk.fail(where, str(err))
            continue
        out.append(
            SheetSide(where, chk.field(e, where, "name", str) or "", chk.field(e, where, "letter", str) or "",
                      masks["^"], masks["#"], masks["r"] & BOARD, chk.field(e, where, "coin_track", int, 14))
        )
    chk.done()
    return tuple(out)


class CardSet(NamedTuple):
    """The cards of one set (``Catalog.of_set``), each kind in its files' order."""

    explore: tuple[ExploreCard, ...]
    ambushes: tuple[AmbushCard, ...]
    heroes: tuple[HeroCard, ...]
    scoring: tuple[ScoringCard, ...]
    seasons: tuple[Season, ...]


#: Where each set's card files are, inside the cards folder: the base game's at its top,
#: Heroes' in ``heroes/``, under the same file names.
SET_FOLDERS = {"base": "", "heroes": "heroes"}

Card = ExploreCard | AmbushCard | HeroCard | ScoringCard


class Catalog:
    """Every card and sheet of every set, read from a cards folder on first use of each kind.

    Each kind of card is read from the base game's file (``explore.yaml``) and from the same
    file of every other set (``heroes/explore.yaml``), base first; a missing file is an error.
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
        return os.path.join(self.folder, SET_FOLDERS[card_set], name)  # "" joins as nothing

    def _read(self, name: str, parse: Callable[[str, Any], T], card_set: str = "base") -> T:
        path = self._path(card_set, name)
        return parse(path, _yaml_load(path))

    def _read_sets(self, name: str, parse: Callable[[str, Any], tuple[Any, ...]],
                   sets: Sequence[str] = SETS) -> tuple[Any, ...]:
        """One kind of card from every set's file, base first; an id in two files is refused."""
        out: list[Any] = []
        where: dict[str, str] = {}
        problems = []
        for card_set in sets:
            path = self._path(card_set, name)
            for c in self._of(card_set, name, parse):
                if c.id in where:
                    problems.append(Problem(path, 0, 0,
                                            f"{c.id}: id already used in {where[c.id]}"))
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
        """Every set's ambush cards (4 base, then 4 Heroes)."""
        return self._read_sets("ambush.yaml", parse_ambush)

    @cached_property
    def heroes(self) -> tuple[HeroCard, ...]:
        """The hero cards (4, all Heroes)."""
        return self._read_sets("heroes.yaml", parse_heroes, ("heroes",))

    @cached_property
    def scoring(self) -> tuple[ScoringCard, ...]:
        """Every set's scoring cards (16 base, then 16 Heroes)."""
        return self._read_sets("scoring.yaml", parse_scoring)

    @cached_property
    def _seasons(self) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
        seasons, titles = self._of("base", "seasons.yaml", parse_seasons)
        for card_set in SETS[1:]:
            path = self._path(card_set, "seasons.yaml")
            more, _ = parse_seasons(path, _yaml_load(path), titles=False)
            clash = {s.set for s in more} & {s.set for s in seasons}
            if clash:
                message = f"the {', '.join(sorted(clash))} seasons are already in another file"
                raise CardDataError([Problem(path, 0, 0, message)])
            seasons += more
        return seasons, titles

    @property
    def seasons(self) -> tuple[Season, ...]:
        """The base game's four season cards in play order (every set names its seasons alike)."""
        return self.season_cards("base")

    def season_cards(self, card_set: str) -> tuple[Season, ...]:
        """The four season cards of a set, in play order."""
        if card_set == "base":
            return self._of("base", "seasons.yaml", parse_seasons)[0]
        found = tuple(s for s in self._seasons[0] if s.set == card_set)
        if not found:
            raise UnknownCardError(card_set, f"no season cards in the set {card_set!r}")
        return found

    def of_set(self, card_set: str) -> CardSet:
        """The cards of one set ("base" or "heroes"), each kind in its files' order."""
        if card_set not in SETS:
            raise UnknownCardError(card_set,
                                   f"unknown card set {card_set!r} (one of {', '.join(SETS)})")
        return CardSet(tuple(c for c in self.explore if c.set == card_set),
                       tuple(c for c in self.ambushes if c.set == card_set),
                       tuple(c for c in self.heroes if c.set == card_set),
                       tuple(c for c in self.scoring if c.set == card_set),
                       self.season_cards(card_set))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of every set: explore, ambush, hero, then scoring cards."""
        return (*self.explore, *self.ambushes, *self.heroes, *self.scoring)

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
        for c in self._of("base", "scoring.yaml", parse_scoring):
            if c.id == card_id:
                return c
        return self._scoring_by_id[card_id]

    @property
    def solo_titles(self) -> tuple[SoloTitle, ...]:
        """The solo title table, highest rating first."""
        return self._of("base", "seasons.yaml", parse_seasons)[1]

    @cached_property
    def sheets(self) -> tuple[SheetSide, ...]:
        """The printed sheet sides of every set (A, B, then Heroes' C, D)."""
        return self._read_sets("sheets.yaml", parse_sheets)

    def scoring_card(self, name: str) -> ScoringCard:
        """A scoring card by a forgiving name (see ``find_by_name``)."""
        base = self._of("base", "scoring.yaml", parse_scoring)
        return exact_name(name, base, key=lambda c: c.name) or find_by_name(
            name, self.scoring, what="scoring card", key=lambda c: c.name)

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
            raise UsageError(f"edicts should list four scoring cards (A, B, C, D), not {len(names)}", code="edicts")
        a, b, c, d = (self.scoring_card(n.strip()).id for n in names)
        if len({a, b, c, d}) != 4:
            raise UsageError("edicts should be four different scoring cards", code="edicts")
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
        base = self._of("base", "sheets.yaml", parse_sheets)
        letter = name.strip().upper()
        hit = next((s for s in base if s.letter.upper() == letter), None) or exact_name(
            name, base, key=lambda s: s.id)
        if hit is not None:
            return hit
        every = self.sheets
        return next((s for s in every if s.letter.upper() == letter), None) or find_by_name(
            name, every, what="sheet side", key=lambda s: s.id)

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
