"""Card records, loading and validating ``cards/*.yaml``, and finding cards by name.

The card files ship inside the installed package (``cartoref/cards``); in a source checkout
they are the top-level ``cards/`` folder. Each file is read on first use only.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from .errors import CardDataError, Problem, UnknownCardError, UsageError
from .grid import BOARD, SheetSide, Terrain
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
    """An ambush card: the monster shape, the arrow and the solo starting corner."""

    id: str
    number: int
    name: str
    shape: Shape
    arrow: str  # "cw" or "ccw"
    corner: str  # "nw", "ne", "sw" or "se"
    kind: str = "ambush"
    time: int = 0
    set: str = "base"


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


T = TypeVar("T")


def find_by_name(name: str, items: Sequence[T], *, what: str = "card", key: Callable[[T], str]) -> T:
    """Find one item by a forgiving name: any case, optional leading "the", spaces or hyphens,
    or a unique prefix. Raise UnknownCardError with suggestions otherwise."""
    wanted = _name_key(name)
    keyed = [(_name_key(key(i)), i) for i in items]
    exact = [i for k, i in keyed if k == wanted]
    if exact:
        return exact[0]
    prefixed = [i for k, i in keyed if wanted and k.startswith(wanted)]
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
        out.append(AmbushCard(where, number, name, shape or Shape(frozenset({(0, 0)})), arrow, corner,
                              set=chk.card_set(e, where)))
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


def parse_seasons(path: str, data: Any) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
    """Validate and build the four seasons and the solo title table."""
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
    titles = []
    for n, e in enumerate(chk.items(data, "solo_titles")):
        titles.append(SoloTitle(chk.field(e, f"title {n + 1}", "rating", int) or 0,
                                chk.field(e, f"title {n + 1}", "title", str) or ""))
    if [t.rating for t in titles] != sorted((t.rating for t in titles), reverse=True):
        chk.fail("solo_titles", "list the titles from the highest rating down")
    chk.done()
    return tuple(seasons), tuple(titles)


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


class Catalog:
    """Every card and sheet of the game, read from a cards folder on first use of each file."""

    def __init__(self, folder: str | None = None):
        self.folder = folder or cards_dir()

    def _read(self, name: str, parse: Callable[[str, Any], T]) -> T:
        path = os.path.join(self.folder, name)
        return parse(path, _yaml_load(path))

    @cached_property
    def explore(self) -> tuple[ExploreCard, ...]:
        """The 13 explore cards (Ruins included)."""
        return self._read("explore.yaml", parse_explore)

    @cached_property
    def ambushes(self) -> tuple[AmbushCard, ...]:
        """The 4 ambush cards."""
        return self._read("ambush.yaml", parse_ambush)

    @cached_property
    def scoring(self) -> tuple[ScoringCard, ...]:
        """The 16 scoring cards."""
        return self._read("scoring.yaml", parse_scoring)

    @cached_property
    def _seasons(self) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
        return self._read("seasons.yaml", parse_seasons)

    @property
    def seasons(self) -> tuple[Season, ...]:
        """The base game's four season cards in play order (every set names its seasons alike)."""
        return self.season_cards("base")

    def season_cards(self, card_set: str) -> tuple[Season, ...]:
        """The four season cards of a set, in play order."""
        found = tuple(s for s in self._seasons[0] if s.set == card_set)
        if not found:
            raise UnknownCardError(card_set, f"no season cards in the set {card_set!r}")
        return found

    @cached_property
    def _deck_cards(self) -> dict[str, ExploreCard | AmbushCard]:
        every: list[ExploreCard | AmbushCard] = [*self.explore, *self.ambushes]
        return {c.id: c for c in every}

    def deck_card(self, card_id: str) -> ExploreCard | AmbushCard:
        """An explore, ruins or ambush card by its exact id (KeyError when there is none)."""
        return self._deck_cards[card_id]

    @cached_property
    def _scoring_by_id(self) -> dict[str, ScoringCard]:
        return {c.id: c for c in self.scoring}

    def scoring_by_id(self, card_id: str) -> ScoringCard:
        """A scoring card by its exact id (KeyError when there is none)."""
        return self._scoring_by_id[card_id]

    @property
    def solo_titles(self) -> tuple[SoloTitle, ...]:
        """The solo title table, highest rating first."""
        return self._seasons[1]

    @cached_property
    def sheets(self) -> tuple[SheetSide, ...]:
        """The printed sheet sides."""
        return self._read("sheets.yaml", parse_sheets)

    def scoring_card(self, name: str) -> ScoringCard:
        """A scoring card by a forgiving name (see ``find_by_name``)."""
        return find_by_name(name, self.scoring, what="scoring card", key=lambda c: c.name)

    def ambush(self, name: str) -> AmbushCard:
        """An ambush card by a forgiving name."""
        return find_by_name(name, self.ambushes, what="ambush card", key=lambda c: c.name)

    def edict_ids(self, names: Sequence[str]) -> tuple[str, str, str, str]:
        """Four different scoring cards by forgiving names, for edicts A to D, as ids: the one
        edict parser (map files, ``score --edicts``, ``new --edicts``, ``title --edicts``)."""
        if len(names) != 4:
            raise UsageError(f"edicts should list four scoring cards (A, B, C, D), not {len(names)}", code="edicts")
        a, b, c, d = (self.scoring_card(n.strip()).id for n in names)
        if len({a, b, c, d}) != 4:
            raise UsageError("edicts should be four different scoring cards", code="edicts")
        return a, b, c, d

    def any_card(self, name: str) -> ExploreCard | AmbushCard | ScoringCard:
        """Any card of the game by a forgiving name."""
        every: list[Any] = [*self.explore, *self.ambushes, *self.scoring]
        return find_by_name(name, every, what="card", key=lambda c: c.name)

    def season(self, name: str) -> Season:
        """A season by name ("fall" is autumn)."""
        if name.strip().lower() == "fall":
            name = "autumn"
        return find_by_name(name, self.seasons, what="season", key=lambda s: s.id)

    def sheet_side(self, name: str) -> SheetSide:
        """A sheet side by id, name or printed letter (A, B)."""
        for s in self.sheets:
            if name.strip().upper() == s.letter.upper():
                return s
        return find_by_name(name, self.sheets, what="sheet side", key=lambda s: s.id)

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
