"""Loading and checking the card files (``cards/<set>/*.yaml``, each set's folder with its
manifest ``set.yaml``): every problem of a file is collected before failing, named
compiler-style by file, line and column (of the value at fault, else of its card) and by card."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Any, NamedTuple

from .cardtypes import (
    CATEGORIES,
    EDICTS,
    PLAYABLE_TERRAINS,
    SEASON_IDS,
    AmbushCard,
    Category,
    ExploreCard,
    HeroCard,
    Kind,
    ScoringCard,
    Season,
    ShapeOption,
    SkillCard,
    SoloTitle,
    Words,
    card_id,
)
from .effectrules import AFTER_SCORING, AMBUSH_EFFECTS
from .errors import CardDataError, Problem
from .grid import BOARD, MONSTER_INITIALS, SheetSide, Terrain
from .i18n import N_, _
from .shapes import Shape

Place = tuple[int, int]  # where a value starts in its file: 0-based line and column
TOP: Place = (0, 0)


class _Map(dict):
    """A YAML mapping that remembers where it starts and where each of its values starts, and
    for a literal block (``shape: |``) the line its text starts on, where a drawing's rows and
    columns are the file's."""

    at: Place = TOP
    places: dict[Any, Place]
    blocks: dict[Any, int]


class _List(list):
    """A YAML list that remembers where it starts and where each of its items starts."""

    at: Place = TOP
    places: list[Place]


def _place(node: Any) -> Place:
    return node.start_mark.line, node.start_mark.column


@cache
def _located_loader() -> Any:
    """The safe loader, building mappings and lists that know their places in the file."""
    from .yamlsafe import safe_loader

    class Loader(safe_loader()):  # type: ignore[misc]
        pass

    def mapping(loader: Any, node: Any) -> Iterator[_Map]:
        data = _Map()
        data.at, data.places, data.blocks = _place(node), {}, {}
        yield data
        data.update(loader.construct_mapping(node))
        for k, v in node.value:
            key = loader.construct_object(k)
            data.places[key] = _place(v)
            if getattr(v, "style", None) == "|":
                data.blocks[key] = v.start_mark.line + 1

    def sequence(loader: Any, node: Any) -> Iterator[_List]:
        data = _List()
        data.at, data.places = _place(node), [_place(n) for n in node.value]
        yield data
        data.extend(loader.construct_sequence(node))

    Loader.add_constructor("tag:yaml.org,2002:map", mapping)
    Loader.add_constructor("tag:yaml.org,2002:seq", sequence)
    return Loader


#: The longest card file read (the largest shipped is a few tens of kilobytes).
CARD_FILE_BYTES = 4 * 1024 * 1024


def _yaml_load(path: str) -> Any:
    import yaml

    from .files import TooLarge, read_text, reason

    try:
        # Read as every file is (a FIFO or a device among the card files is refused at once).
        text = read_text(path, CARD_FILE_BYTES)
    except OSError as e:
        raise CardDataError([Problem(str(path), 0, 0, _("cannot read card file: {reason}").format(reason=reason(e)))]) from None
    except TooLarge as e:
        raise CardDataError([Problem(str(path), 0, 0, _("cannot read card file: {reason}").format(reason=e))]) from None
    except UnicodeDecodeError:
        raise CardDataError([Problem(str(path), 0, 0, _("not a text file (expected UTF-8 YAML)"))]) from None
    try:
        return yaml.load(text, Loader=_located_loader())
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise CardDataError(
            [Problem(str(path), mark.line + 1 if mark else 0, mark.column + 1 if mark else 0, _("not valid YAML: {problem}").format(problem=e))]
        ) from None


def place_of(value: Any, key: Any = None) -> Place | None:
    """Where a mapping or list of a card file starts, or (with ``key``) its member ``key``;
    None for values built otherwise (a dict a test made)."""
    if key is None:
        return getattr(value, "at", None)
    if isinstance(value, _Map) and key in value.places:
        return value.places[key]
    if isinstance(value, _List) and isinstance(key, int) and 0 <= key < len(value.places):
        return value.places[key]
    return None


def _source(path: str) -> list[str]:
    """A card file's lines, for the caret under a problem (none when it cannot be read)."""
    from .files import TooLarge, read_text

    try:
        return read_text(path, CARD_FILE_BYTES).splitlines()
    except (OSError, UnicodeDecodeError, TooLarge):
        return []


def problem_at(path: str, place: Place | None, message: str, lines: list[str] | None = None) -> Problem:
    """A problem of a card file at ``place`` (0-based; None: the file as a whole), quoting its
    line from ``lines`` (read from the file when not given)."""
    if place is None:
        return Problem(str(path), 0, 0, message)
    lines = _source(path) if lines is None else lines
    source = lines[place[0]] if place[0] < len(lines) and len(lines[place[0]]) <= 200 else None
    return Problem(str(path), place[0] + 1, place[1] + 1, message, source=source)


def locate_card(path: str, key: str, card: str) -> Place | None:
    """Where the entry with id ``card`` starts in the list under ``key`` of a card file (read
    again: only a refusal asks), or None."""
    try:
        data = _yaml_load(path)
    except CardDataError:
        return None
    entries = data.get(key) if isinstance(data, dict) else None
    for n, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, dict) and entry.get("id") == card:
            return place_of(entries, n)
    return None


class _Checker:
    """Collects every problem of one card file before failing, each at its place in the file."""

    def __init__(self, path: str):
        self.path = path
        self.problems: list[Problem] = []
        self.folder_set = os.path.basename(os.path.dirname(os.path.abspath(path)))  # the set its folder is
        self.entry: Place | None = None  # the place of the entry being read
        self.entries: list[Place | None] = []  # the place of each card read, in order
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        """The file's lines, read on the first problem only."""
        if self._lines is None:
            self._lines = _source(self.path)
        return self._lines

    def fail(self, where: str, message: str, at: Place | None = None) -> None:
        """A problem of ``where`` (a card's id), at ``at``, else where the entry being read starts."""
        self.problems.append(problem_at(self.path, at or self.entry or TOP, f"{where}: {message}", self.lines))

    def in_text(self, entry: Any, key: str, row: int | None, col: int | None) -> Place | None:
        """Where row ``row``, column ``col`` (0-based) of the text under ``key`` is in the file:
        exact in a literal block (``key: |``), else the start of the value."""
        blocks = getattr(entry, "blocks", {})
        if row is None or key not in blocks or blocks[key] + row >= len(self.lines):
            return place_of(entry, key)
        line = self.lines[blocks[key] + row]
        return blocks[key] + row, len(line) - len(line.lstrip(" ")) + (col or 0)

    def each(self, data: Any, key: str) -> Iterator[tuple[int, Any]]:
        """The entries of the list under ``key``, numbered from 0, each read at its place."""
        items = self.items(data, key)
        for n, entry in enumerate(items):
            self.entry = place_of(items, n)
            self.entries.append(self.entry)
            yield n, entry
        self.entry = None

    def field(self, entry: Any, where: str, name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if not isinstance(entry, dict):
            self.fail(where, _("expected a mapping"), place_of(entry))
            return None if default is ... else default
        if name not in entry:
            if default is ...:
                self.fail(where, _("missing {name!r}").format(name=name), place_of(entry))
                return None
            return default
        value = entry[name]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            self.fail(where, _("{name!r} should be {kind}, not {value!r}").format(
                          name=name, kind=getattr(kind, "__name__", kind), value=value),
                      place_of(entry, name))
            return None if default is ... else default
        return value

    def choice(self, entry: Any, where: str, name: str, choices: Sequence[str], default: Any = ...) -> str:
        """A text field that must be one of ``choices``."""
        value = self.field(entry, where, name, str, default)
        if value not in choices:
            self.fail(where, _("{name} should be one of {choices}, not {value!r}").format(
                name=name, choices=", ".join(choices), value=value), place_of(entry, name))
            return choices[0]
        return value

    def words(self, entry: Any, where: str, name: str, *, many: bool = False) -> Words:
        """A mapping of language codes to a text (``fr: Lagon``), or to several (``many``)."""
        value = self.field(entry, where, name, dict, {})
        out: list[tuple[str, str]] = []
        for lang, text in (value or {}).items():
            texts = text if many and isinstance(text, list) else [text]
            if not (isinstance(lang, str) and re.fullmatch(r"[a-z]{2}", lang)) or not texts or not all(
                    isinstance(t, str) and t.strip() for t in texts):
                wanted = (_("{name}: expected a two-letter language code and one or more names ({lang}: ...), "
                            "not {lang!r}: {text!r}") if many else
                          _("{name}: expected a two-letter language code and a text ({lang}: ...), "
                            "not {lang!r}: {text!r}"))
                self.fail(where, wanted.format(name=name, lang=lang, text=text),
                          place_of(value, lang) or place_of(entry, name))
                continue
            out += [(lang, " ".join(t.split())) for t in texts]
        return tuple(out)

    def head(self, entry: Any, n: int) -> tuple[str, int, str]:
        """A card's id (also used to name it in messages), number and name."""
        cid = self.field(entry, f"card {n + 1}", "id", str) or f"card {n + 1}"
        return cid, self.field(entry, cid, "number", int) or 0, self.field(entry, cid, "name", str) or ""

    def items(self, data: Any, key: str) -> list[Any]:
        if not isinstance(data, dict) or not isinstance(data.get(key), list):
            self.fail(_("top level"), _("expected a mapping with a list under {key!r}").format(key=key),
                      place_of(data, key) or place_of(data))
            return []
        if "set" in data:  # a file may say its set: the folder's, which it is in any case
            self.choice(data, "top level", "set", (self.folder_set,))
        return data[key]

    def card_set(self, entry: Any, where: str) -> str:
        """The set a card belongs to: its folder's (a card's own ``set:`` may only say so)."""
        if isinstance(entry, dict) and "set" in entry:
            return self.choice(entry, where, "set", (self.folder_set,))
        return self.folder_set

    def done(self) -> None:
        if self.problems:
            raise CardDataError(self.problems)


def _first_of(text: str, wrong: Iterable[str]) -> tuple[int | None, int | None]:
    """The row and column (0-based) of the first character of ``wrong`` in a drawing."""
    for row, line in enumerate(text.split("\n")):
        for col, ch in enumerate(line):
            if ch in wrong:
                return row, col
    return None, None


def _shape(chk: _Checker, where: str, entry: Any) -> Shape | None:
    """The shape drawn under ``shape:`` of an entry (a problem is said at its symbol)."""
    text = chk.field(entry, where, "shape", str)
    if text is None:
        return None
    try:
        return Shape.parse(text)
    except ValueError as e:
        bad = {ch for ch in text if ch not in "Xx-.\n" and not ch.isspace()}
        chk.fail(where, str(e), chk.in_text(entry, "shape", *_first_of(text, bad)))
        return None


def _terrains(chk: _Checker, where: str, entry: Any) -> tuple[Terrain, ...]:
    words = chk.field(entry, where, "terrains", list)
    if words is None:
        return ()
    if not words:
        chk.fail(where, _("terrains should be a non-empty list"), place_of(entry, "terrains"))
        return ()
    out = []
    for n, w in enumerate(words):
        if w not in {t.word for t in PLAYABLE_TERRAINS}:
            chk.fail(where, _("unknown terrain {word!r} (expected forest, village, farm, water or monster)").format(
                word=w),
                     place_of(words, n))
        else:
            out.append(Terrain[str(w).upper()])
    return tuple(out)


def _check_ids(chk: _Checker, cards: Iterable[Any]) -> None:
    seen: set[str] = set()
    for c, place in zip(cards, chk.entries):
        if c.id != card_id(c.name):
            chk.fail(c.id, _("id should be {id!r}, made from the name {name!r}").format(id=card_id(c.name), name=c.name),
                     place)
        if c.id in seen:
            chk.fail(c.id, _("id used twice"), place)
        seen.add(c.id)


def parse_explore(path: str, data: Any) -> tuple[ExploreCard, ...]:
    """Validate and build the explore cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "cards"):
        where, number, name = chk.head(e, n)
        kind = Kind(chk.choice(e, where, "kind", (Kind.EXPLORE.value, Kind.RUINS.value), Kind.EXPLORE.value))
        time = chk.field(e, where, "time", int)
        options: list[ShapeOption] = []
        terrains: tuple[Terrain, ...] = ()
        if kind == Kind.EXPLORE:
            terrains = _terrains(chk, where, e)
            listed = chk.field(e, where, "options", list) or []
            for k, opt in enumerate(listed):
                shape = _shape(chk, f"{where} option {k + 1}", opt)
                coin = chk.field(opt, f"{where} option {k + 1}", "coin", bool, False)
                if shape:
                    options.append(ShapeOption(shape, coin))
            if not options:
                chk.fail(where, _("an explore card needs at least one shape option"), place_of(e, "options"))
        if time is not None and time < 0:
            chk.fail(where, _("time cannot be negative"), place_of(e, "time"))
        out.append(ExploreCard(where, number, name, kind, time or 0, terrains, tuple(options), chk.card_set(e, where),
                               names=chk.words(e, where, "names"), aka=chk.words(e, where, "aka", many=True)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_skills(path: str, data: Any) -> tuple[SkillCard, ...]:
    """Validate and build the skill cards of one file; an effect the rules do not know is refused."""
    from .effectrules import SKILL_RULES, SKILL_SHAPE

    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "cards"):
        where, number, name = chk.head(e, n)
        cost = chk.field(e, where, "cost", int)
        if cost is not None and cost < 0:
            chk.fail(where, _("a skill's cost cannot be negative"), place_of(e, "cost"))
        acts = chk.choice(e, where, "acts", tuple(SKILL_RULES))
        shape = _shape(chk, where, e) if isinstance(e, dict) and "shape" in e else None
        if acts in SKILL_RULES and SKILL_RULES[acts].shape == SKILL_SHAPE and shape is None:
            chk.fail(where, _("the effect {acts} draws the skill's own shape: give it (shape:)").format(acts=acts),
                     place_of(e, "acts"))
        out.append(SkillCard(where, number, name, cost or 0, acts, chk.field(e, where, "effect", str) or "", shape,
                             chk.card_set(e, where), names=chk.words(e, where, "names"),
                             aka=chk.words(e, where, "aka", many=True), texts=chk.words(e, where, "texts")))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_ambush(path: str, data: Any) -> tuple[AmbushCard, ...]:
    """Validate and build the ambush cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "cards"):
        where, number, name = chk.head(e, n)
        arrow = chk.choice(e, where, "arrow", ("cw", "ccw"))
        corner = chk.choice(e, where, "corner", ("nw", "ne", "sw", "se"))
        shape = _shape(chk, where, e)
        keys = e if isinstance(e, dict) else {}
        # A special monster names its effect (acts:, a key of effectrules.AMBUSH_EFFECTS), which
        # says its initial and when it acts; its effect: is the text a person reads.
        acts = chk.choice(e, where, "acts", tuple(AMBUSH_EFFECTS)) if "acts" in keys else ""
        rule = AMBUSH_EFFECTS.get(acts)
        initial = rule.initial if rule else ""
        if "initial" in keys:
            written = chk.choice(e, where, "initial", MONSTER_INITIALS)
            if not acts:
                chk.fail(where, _("a special monster names its effect with acts: (one of {effects})").format(
                    effects=", ".join(AMBUSH_EFFECTS)), place_of(e, "initial"))
            elif written != initial:
                chk.fail(where, _("the effect {acts} marks its monster {initial}, not {written}").format(
                    acts=acts, initial=initial, written=written), place_of(e, "initial"))
        effect = chk.field(e, where, "effect", str, "")
        if bool(acts) != bool(effect):
            chk.fail(where, _("a special monster needs both its effect's name (acts:) and its text (effect:)"))
        out.append(AmbushCard(where, number, name, shape or Shape(frozenset({(0, 0)})), arrow, corner,
                              set=chk.card_set(e, where), initial=initial, effect=effect,
                              after_scoring=bool(rule and rule.when == AFTER_SCORING), acts=acts,
                              texts=chk.words(e, where, "texts"), names=chk.words(e, where, "names"), aka=chk.words(e, where, "aka", many=True)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def _pattern(chk: _Checker, where: str, entry: Any) -> frozenset[tuple[int, int]]:
    """A hero's attack pattern from its drawing: one H, x the attacked spaces, . the others."""
    text = chk.field(entry, where, "pattern", str)
    if not isinstance(text, str):
        return frozenset()
    rows = [line.strip() for line in text.strip("\n").splitlines() if line.strip()]
    spots = [(r, c, ch) for r, line in enumerate(rows) for c, ch in enumerate(line)]
    heroes = [(r, c) for r, c, ch in spots if ch == "H"]
    bad = sorted({ch for _, _, ch in spots if ch not in "Hx."})
    if bad or len(heroes) != 1 or not any(ch == "x" for _, _, ch in spots):
        spot: tuple[int | None, int | None] = (None, None)  # no H, or no x: the pattern as a whole
        if bad:
            spot = _first_of(text, bad)
        elif len(heroes) > 1:
            spot = [(r, c) for r, line in enumerate(text.split("\n")) for c, ch in enumerate(line) if ch == "H"][1]
        chk.fail(where, (_("a pattern is drawn with one H (the hero), x (an attacked space) and . (neither), "
                           "with at least one x, not {symbols!r}") if bad else
                         _("a pattern is drawn with one H (the hero), x (an attacked space) and . (neither), "
                           "with at least one x")).format(symbols="".join(bad)),
                 chk.in_text(entry, "pattern", *spot))
        return frozenset()
    (hr, hc), = heroes
    return frozenset((r - hr, c - hc) for r, c, ch in spots if ch == "x")


def parse_heroes(path: str, data: Any) -> tuple[HeroCard, ...]:
    """Validate and build the hero cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "cards"):
        where, number, name = chk.head(e, n)
        pattern = _pattern(chk, where, e)
        out.append(HeroCard(where, number, name, pattern, set=chk.card_set(e, where), names=chk.words(e, where, "names"), aka=chk.words(e, where, "aka", many=True)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_scoring(path: str, data: Any) -> tuple[ScoringCard, ...]:
    """Validate and build the scoring cards of one file."""
    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "cards"):
        where, number, name = chk.head(e, n)
        category = Category(chk.choice(e, where, "category", CATEGORIES))
        text = chk.field(e, where, "text", str) or ""
        out.append(ScoringCard(where, number, name, category, text, chk.field(e, where, "solo", int) or 0,
                               chk.card_set(e, where), texts=chk.words(e, where, "texts"),
                               names=chk.words(e, where, "names"), aka=chk.words(e, where, "aka", many=True)))
    _check_ids(chk, out)
    chk.done()
    return tuple(out)


def parse_seasons(path: str, data: Any, *,
                  titles: bool = True) -> tuple[tuple[Season, ...], tuple[SoloTitle, ...]]:
    """Validate and build the four seasons and (when ``titles``) the solo title table."""
    chk = _Checker(path)
    seasons = []
    for n, e in chk.each(data, "seasons"):
        where = chk.field(e, f"season {n + 1}", "id", str) or f"season {n + 1}"
        edicts = chk.field(e, where, "edicts", list) or []
        if len(edicts) != 2 or any(x not in EDICTS for x in edicts):
            chk.fail(where, _("edicts should be two of A, B, C, D, not {edicts!r}").format(edicts=list(edicts)),
                     place_of(e, "edicts"))
        seasons.append(
            Season(where, chk.field(e, where, "name", str) or "", chk.field(e, where, "threshold", int) or 0,
                   tuple(edicts[:2]), chk.card_set(e, where), chk.words(e, where, "names"))
        )
    for card_set in dict.fromkeys(s.set for s in seasons):
        ids = [s.id for s in seasons if s.set == card_set]
        if ids != list(SEASON_IDS):
            chk.fail(_("{set} seasons").format(set=card_set),
                     _("expected {seasons} in that order, not {ids}").format(seasons=", ".join(SEASON_IDS),
                                                                           ids=", ".join(ids)),
                     place_of(data, "seasons"))
    lines = []
    if not titles:
        if isinstance(data, dict) and "solo_titles" in data:
            chk.fail("solo_titles",
                     _("the solo titles are the base game's: list them only in its seasons.yaml"),
                     place_of(data, "solo_titles"))
        chk.done()
        return tuple(seasons), ()
    for n, e in chk.each(data, "solo_titles"):
        lines.append(SoloTitle(chk.field(e, f"title {n + 1}", "rating", int) or 0,
                               chk.field(e, f"title {n + 1}", "title", str) or "",
                               chk.words(e, f"title {n + 1}", "titles")))
    if [t.rating for t in lines] != sorted((t.rating for t in lines), reverse=True):
        chk.fail("solo_titles", _("list the titles from the highest rating down"), place_of(data, "solo_titles"))
    chk.done()
    return tuple(seasons), tuple(lines)


LAYOUT = N_("a layout is 11 rows of 11 symbols (. ^ # r)")


def _layout(text: str) -> tuple[dict[str, int], list[Any]]:
    """The masks of a layout and its problems (``notation.GridProblem``, lines and columns
    counted from the layout's first row)."""
    from .notation import GridProblem, read_grid  # the one grid notation

    grid = read_grid(text)
    problems = list(grid.problems)
    problems += [GridProblem(sym.line, sym.col, _("{symbol!r} is not a layout symbol (. ^ # r)").format(symbol=sym.text), cell.label,
                             "layout-symbol") for cell, sym in grid.symbols.items() if sym.text not in ".^#r"]
    return {"^": grid.masks["^"], "#": grid.masks["#"], "r": grid.masks["r"]}, problems


def parse_layout(text: str) -> dict[str, int]:
    """Read an 11 x 11 printed layout into masks of mountains (^), wastelands (#) and ruins (r)."""
    masks, problems = _layout(text)
    if problems:
        # Lines and columns count from the layout's first row; a wrong symbol is named by its space.
        raise ValueError(_(LAYOUT) + "; " + "; ".join((p._replace(line=None) if p.code == "layout-symbol" else p).render()
                                                   for p in problems))
    return masks


def parse_sheets(path: str, data: Any) -> tuple[SheetSide, ...]:
    """Validate and build the printed sheet sides."""
    chk = _Checker(path)
    out = []
    for n, e in chk.each(data, "sheets"):
        where = chk.field(e, f"sheet {n + 1}", "id", str) or f"sheet {n + 1}"
        masks, problems = _layout(chk.field(e, where, "layout", str) or "")
        for p in problems:
            at = chk.in_text(e, "layout", p.line, p.col)
            # Placed exactly in a literal block; elsewhere the layout's own line and column say where.
            shown = p._replace(line=None) if at != place_of(e, "layout") else p
            chk.fail(where, _(LAYOUT) + "; " + shown.render(), at)
        if problems:
            continue
        out.append(
            SheetSide(where, chk.field(e, where, "name", str) or "", chk.field(e, where, "letter", str) or "",
                      masks["^"], masks["#"], masks["r"] & BOARD, chk.field(e, where, "coin_track", int, 14),
                      chk.words(e, where, "names"), bool(chk.field(e, where, "rolled", bool, False)))
        )
    chk.done()
    return tuple(out)


class SetManifest(NamedTuple):
    """A card set's manifest (``cards/<set>/set.yaml``): its name and title, where it comes in
    the list of sets, the kinds of card files it brings, the editions it deals (each by name)
    and the choices of ambushes it adds to every edition's (``--ambushes promo``)."""

    name: str
    title: str
    order: int
    files: tuple[str, ...]  # the kinds it brings: explore, ambush, heroes, scoring, seasons, sheets
    editions: tuple[EditionRule, ...] = ()
    ambush_choices: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (choice, sets; "edition": its own)


class EditionRule(NamedTuple):
    """What an edition deals, as its set's manifest says: for each kind of card the sets it is
    dealt from, as choices a game may make (the first is the default; one choice is none to
    make); ``sheet`` the side a game of it is played on when it names none."""

    name: str
    explore: tuple[tuple[str, tuple[str, ...]], ...]  # the terrain cards: choice -> sets
    ruins: tuple[str, ...]  # the ruins cards' sets
    ambushes: tuple[tuple[str, tuple[str, ...]], ...]
    heroes: tuple[tuple[str, tuple[str, ...]], ...]  # choice ("yes", "no") -> sets; none: no heroes
    seasons: tuple[tuple[str, tuple[str, ...]], ...]  # choice -> the one set of its season cards
    edicts: tuple[str, ...]  # the sets the edicts are dealt from
    sheet: str


KINDS_OF_FILES = ("explore", "ambush", "heroes", "scoring", "seasons", "sheets", "skills")


def parse_manifest(path: str, data: Any) -> SetManifest:
    """Validate and build a set's manifest."""
    chk = _Checker(path)
    where = chk.folder_set
    if not isinstance(data, dict):
        chk.fail(where, _("expected a mapping"), place_of(data))
        chk.done()
    chk.choice(data, where, "set", (chk.folder_set,))
    title = chk.field(data, where, "title", str) or where
    order = chk.field(data, where, "order", int) or 0
    files = chk.field(data, where, "files", list) or []
    for n, kind in enumerate(files):
        if kind not in KINDS_OF_FILES:
            chk.fail(where, _("files: {kind!r} is no kind of card file (one of {kinds})").format(
                kind=kind, kinds=", ".join(KINDS_OF_FILES)), place_of(files, n))
    editions = []
    for name, rule in (chk.field(data, where, "editions", dict, {}) or {}).items():
        editions.append(_edition_rule(chk, str(name), rule))
    choices = _choices(chk, f"{where}: ambush_choices", data, "ambush_choices") if "ambush_choices" in data else ()
    chk.done()
    return SetManifest(where, title, order, tuple(files), tuple(editions), choices)


def _sets(chk: _Checker, where: str, value: Any, at: Place | None) -> tuple[str, ...]:
    """A list of set names (a single name stands for a list of one)."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(v, str) and v for v in names):
        chk.fail(where, _("expected a set's name or a list of them, not {value!r}").format(value=value), at)
        return ()
    return tuple(names)


def _choices(chk: _Checker, where: str, entry: Any, key: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Choices as the manifest lists them: a mapping of each choice to its sets, the first the
    default; a set's name or a list of them alone is the one choice there is."""
    value = entry.get(key) if isinstance(entry, dict) else None
    if isinstance(value, dict) and value:
        return tuple((str(k), _sets(chk, f"{where}: {key}", v, place_of(value, k))) for k, v in value.items())
    sets = _sets(chk, f"{where}: {key}", value, place_of(entry, key))
    return (("-".join(sets) or key, sets),) if sets else ()


def _edition_rule(chk: _Checker, name: str, rule: Any) -> EditionRule:
    where = f"edition {name}"
    if not isinstance(rule, dict):
        chk.fail(where, _("expected a mapping"), place_of(rule))
        rule = {}
    for key in ("explore", "ruins", "ambushes", "seasons", "edicts", "sheet"):
        if key not in rule:
            chk.fail(where, _("missing {name!r}").format(name=key), place_of(rule))
    return EditionRule(name, _choices(chk, where, rule, "explore"),
                       _sets(chk, where, rule.get("ruins", []), place_of(rule, "ruins")),
                       _choices(chk, where, rule, "ambushes"),
                       _choices(chk, where, rule, "heroes"),
                       _choices(chk, where, rule, "seasons"),
                       _sets(chk, where, rule.get("edicts", []), place_of(rule, "edicts")),
                       str(rule.get("sheet", "")))
