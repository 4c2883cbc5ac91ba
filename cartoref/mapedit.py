"""Changing a map file in place: ``update_map_text`` rewrites its map, coins and attack marks
and keeps every other line as the player wrote it; ``edit_map`` does it under the file's lock,
atomically; ``lock_map`` holds that lock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import MapFileError, Problem
from .files import SystemRefused, reason
from .i18n import _
from .mapfile import (
    BOTH_LEGEND,
    LEGEND,
    MapFile,
    format_attacks,
    format_grid,
    parse_map,
    read_map_text,
    run_store,
)

if TYPE_CHECKING:  # pragma: no cover
    from .store import Store


def update_map_text(text: str, mf: MapFile) -> str:
    """Rewrite the map and coins of a map file's text in place, keeping every other line
    (comments and the player's own keys) as the player wrote them.

    The result is read back: it must say exactly ``mf``, or MapFileError is raised (and the
    caller writes nothing), whatever way the file was written.
    """
    import yaml

    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = _with_legend_of_both(text[len(bom):], mf)
    for rewrite in (_rewrite_as_block, _rewrite_as_quoted):
        try:
            out = bom + rewrite(body, mf)
        except (yaml.YAMLError, ValueError, KeyError, IndexError, TypeError, AttributeError):
            continue
        if _says(out, mf):
            return out
    raise MapFileError([Problem(mf.name, 0, 0, _("cartoref cannot rewrite this map file in place and keep "
                                                 "everything else it says; write its map as 'map: |' followed by "
                                                 "the 11 rows, then try again (the file is unchanged)"))])


def _with_legend_of_both(text: str, mf: MapFile) -> str:
    """The text with the legend's line for a space both farm and village (B) once the map has
    one: before the legend's last line when the file has cartoref's legend, else on top."""
    if not mf.sheet.farm_and_village or BOTH_LEGEND in text:
        return text
    eol = "\r\n" if "\r\n" in text else "\n"
    last = LEGEND.rstrip("\n").splitlines()[-1]
    if last in text:
        return text.replace(last, BOTH_LEGEND + eol + last, 1)
    return BOTH_LEGEND + eol + text


def _says(text: str, mf: MapFile) -> bool:
    """True when ``text`` reads back as ``mf`` (same sheet, coins, player, edicts, season)."""
    try:
        got = parse_map(text, mf.name)
    except MapFileError:
        return False
    return (got.sheet, got.coins, got.player, got.edicts, got.season, got.drawings, got.resolved, got.spent) == (
        mf.sheet, mf.coins, mf.player, mf.edicts, mf.season, mf.drawings, mf.resolved, mf.spent)


def _compose_root(text: str) -> Any:
    import yaml

    root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if not isinstance(root, yaml.MappingNode):
        raise TypeError("not a mapping")
    return root


def _after_properties(text: str, i: int) -> int:
    """The index where a node's content starts, past its anchor (&a) and tag (!!str, !<...>)."""
    n, found = len(text), False
    while True:
        j = i
        while j < n and text[j] in " \t\r\n":
            j += 1
        if j >= n or text[j] not in "&!":
            return j if found else i
        found = True
        if text.startswith("!<", j):
            j = text.index(">", j) + 1
        else:
            while j < n and not text[j].isspace() and text[j] not in ",[]{}":
                j += 1
        i = j


def _keys(root: Any) -> dict[str, tuple[Any, Any]]:
    return {str(k.value).strip().lower(): (k, v) for k, v in root.value}


def _other_edits(text: str, root: Any, mf: MapFile, eol: str, starts: list[int]) -> list[tuple[int, int, str]]:
    """The edits of coins:, coins_spent:, attacks: and resolved: (each written, or added before map:)."""
    nodes = _keys(root)
    key = nodes["map"][0]
    edits: list[tuple[int, int, str]] = []
    marks = format_attacks(mf.sheet.attacks) if mf.sheet.attacks else "[]"
    done = "[" + ", ".join(mf.resolved) + "]"
    for name, new, needed in (("coins", str(mf.coins), True), ("coins_spent", str(mf.spent), bool(mf.spent)),
                              ("attacks", marks, bool(mf.sheet.attacks)), ("resolved", done, bool(mf.resolved))):
        if name in nodes:
            v = nodes[name][1]
            edits.append((_after_properties(text, v.start_mark.index), v.end_mark.index, new))
        elif needed and root.flow_style:
            edits.append((key.start_mark.index, key.start_mark.index, f"{name}: {new}, "))
        elif needed:
            line_start = starts[key.start_mark.line]
            edits.append((line_start, line_start, f"{' ' * key.start_mark.column}{name}: {new}{eol}"))
    return edits + _drawings_edits(text, root, mf, eol, starts)


def _drawings_edits(text: str, root: Any, mf: MapFile, eol: str, starts: list[int]) -> list[tuple[int, int, str]]:
    """The history of drawings, written anew: one line a drawing under ``drawings:`` (the key
    is cartoref's own: its lines are replaced whole), or a flow list in a flow mapping."""
    import json

    import yaml

    nodes = _keys(root)
    key = nodes["map"][0]
    entries = [d.text() for d in mf.drawings]
    if root.flow_style:
        new = "[" + ", ".join(json.dumps(e) for e in entries) + "]"
        if "drawings" in nodes:
            v = nodes["drawings"][1]
            return [(_after_properties(text, v.start_mark.index), v.end_mark.index, new)]
        return [(key.start_mark.index, key.start_mark.index, f"drawings: {new}, ")] if entries else []
    indent = " " * key.start_mark.column
    block = "".join(f"{indent}drawings:{eol}" if n == 0 else "" for n in range(1 if entries else 0))
    block += "".join(f"{indent}  - {e}{eol}" for e in entries)
    if "drawings" not in nodes:
        at = starts[key.start_mark.line]
        return [(at, at, block)] if entries else []
    k, v = nodes["drawings"]
    if isinstance(v, yaml.SequenceNode) and not v.flow_style and v.value:
        last = v.value[-1].end_mark.line
    else:
        last = max(v.end_mark.line, k.start_mark.line)
    return [(starts[k.start_mark.line], starts[min(last + 1, len(starts) - 1)], block)]


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    out = text
    for start, stop, new in sorted(edits, reverse=True):
        out = out[:start] + new + out[stop:]
    return out


def _line_starts(text: str) -> tuple[list[str], list[int]]:
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    return lines, starts


def _rewrite_as_block(text: str, mf: MapFile) -> str:
    """The map written as a ``|`` block under its key (a block scalar keeps its header line)."""
    import yaml

    root = _compose_root(text)
    if root.flow_style:
        raise ValueError("a flow mapping holds no block")
    lines, starts = _line_starts(text)
    key, value = _keys(root)["map"]
    eol = "\r\n" if "\r\n" in text else "\n"  # keep a Windows file's line endings
    rows = "".join(f"{' ' * (key.start_mark.column + 2)}{row}{eol}" for row in format_grid(mf.sheet))
    edits: list[tuple[int, int, str]] = []
    if isinstance(value, yaml.ScalarNode) and value.style in ("|", ">"):
        # Keep the header line (its anchor, tag and comment) but make the indicator a plain "|";
        # replace the rows only, so blank lines, comments and keys after the block stay.
        header = _after_properties(text, value.start_mark.index)
        if text[header] not in "|>":
            raise ValueError("no block indicator")
        header_end = header + 1
        while header_end < len(text) and text[header_end] in "+-0123456789":
            header_end += 1
        first = text.count("\n", 0, header) + 1
        if first >= len(lines):
            raise ValueError("the block has no line after its header")
        last = _last_block_line(lines, first, key.start_mark.column)
        edits.append((header, header_end, "|"))
        edits.append((starts[first], starts[last + 1], rows))
    else:
        # A list of rows, or a one-line value: replace it whole with a "|" block.
        if isinstance(value, yaml.SequenceNode) and not value.flow_style and value.value:
            stop = value.value[-1].end_mark.index
        else:
            stop = value.end_mark.index
        nl = text.find("\n", stop)
        line_end = len(text) if nl < 0 else nl + 1
        rest = text[stop:line_end].strip()
        comment = "  " + rest if rest.startswith("#") else ""
        start = _after_properties(text, value.start_mark.index)
        if value.start_mark.line == key.start_mark.line:
            edits.append((start, line_end, f"|{comment}{eol}{rows}"))
        else:
            colon = text.index(":", key.end_mark.index)
            edits.append((colon + 1, colon + 1, " |"))
            edits.append((starts[value.start_mark.line], line_end, rows))
    return _apply(text, edits + _other_edits(text, root, mf, eol, starts))


def _rewrite_as_quoted(text: str, mf: MapFile) -> str:
    """The map written as one double-quoted line where its value stands (flow style and all)."""
    root = _compose_root(text)
    _, starts = _line_starts(text)
    _, value = _keys(root)["map"]
    eol = "\r\n" if "\r\n" in text else "\n"
    start = _after_properties(text, value.start_mark.index)
    stop = value.end_mark.index
    quoted = '"' + "".join(row + "\\n" for row in format_grid(mf.sheet)) + '"'
    if text[start:stop].endswith("\n"):  # a block scalar ends at the next line: keep the break
        quoted += eol
    return _apply(text, [(start, stop, quoted)] + _other_edits(text, root, mf, eol, starts))


def _last_block_line(lines: list[str], first: int, parent_col: int) -> int:
    """The index of the last non-blank line of a block scalar whose rows start at ``first``."""
    last, indent = first - 1, None
    for i in range(first, len(lines)):
        body = lines[i].lstrip(" ")
        if not body.strip():
            continue
        col = len(lines[i]) - len(body)
        if indent is None:
            indent = col
        # A line less indented than the rows (a key, a comment) ends the block.
        if col < indent or col <= parent_col:
            break
        last = i
    return last


R = TypeVar("R")


def edit_map(path: str, change: Callable[[MapFile], tuple[MapFile, R]], *, write: bool = True,
             store: Store | None = None) -> R:
    """Change a map file safely: under its lock, read and parse it, let ``change`` give the new
    map, and write that atomically (keeping the player's other lines). Returns what ``change``
    returned beside the map. Nothing is written when ``change`` raises or ``write`` is false.
    ``store``: where the map is kept (the run's store by default)."""
    store = store or run_store()
    with lock_map(path, store):
        text = read_map_text(path, store)
        before = parse_map(text, path)
        after, result = change(before)
        if write and after != before:
            store.write(path, update_map_text(text, after))
    return result


@contextmanager
def lock_map(path: str, store: Store | None = None) -> Iterator[None]:
    """Hold a map file's lock (in the files, the file itself); a missing or unreadable file is a
    MapFileError."""
    with ExitStack() as stack:
        try:
            stack.enter_context((store or run_store()).locked(path))
        except OSError as e:
            raise MapFileError([Problem(path, 0, 0, _("cannot read the map file: {reason}").format(
                reason=reason(e)))]) from None
        except SystemRefused as e:
            raise MapFileError([Problem(path, 0, 0, _("cannot read the map file: {reason}").format(
                reason=e.reason))]) from None
        yield
