"""Loading and checking the card files (``cards/*.yaml``, ``cards/heroes/*.yaml``): every
problem of a file is collected before failing, named by file and card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cardtypes import (
    CATEGORIES,
    EDICTS,
    PLAYABLE_TERRAINS,
    SEASON_IDS,
    SETS,
    AmbushCard,
    ExploreCard,
    HeroCard,
    ScoringCard,
    Season,
    ShapeOption,
    SoloTitle,
    card_id,
)
from .errors import CardDataError, Problem
from .grid import BOARD, MONSTER_INITIALS, SheetSide, Terrain
from .shapes import Shape


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
                              set=chk.card_set(e, where), initial=initial, effect=effect,
                              after_scoring=chk.field(e, where, "after_scoring", bool, False)))
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
