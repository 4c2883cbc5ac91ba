"""The one guard on YAML that a user hands cartoref (map files, game files): the safe loader, and
the limits a text must keep before any value is built from it.

A YAML alias can make a few lines expand into gigabytes, and deep nesting can exhaust the stack;
``find_excess`` reads the text event by event (nothing is built, so a bomb costs nothing) and
names the first thing that goes past the limits. Each caller words the refusal for its own file.
Plain library: yaml is imported inside the functions (start-up stays light).
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: A text this short without a "*" can hold no alias bomb nor a nesting deep enough to matter,
#: so it is not walked at all.
SMALL = 8192


class Limits(NamedTuple):
    """How much YAML one kind of file may hold."""

    nodes: int  # values (scalars, lists and mappings)
    depth: int  # levels of nesting
    scalar: int  # characters of one value


class Excess(NamedTuple):
    """The first thing that takes a text past its limits, and where it starts (0-based)."""

    what: str  # "alias", "scalar" (a value too long), "nodes" (too many), "depth" (too deep)
    line: int
    column: int


def safe_loader() -> Any:
    """The safe loader: libyaml's when PyYAML was built with it, else PyYAML's own."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def find_excess(text: str, limits: Limits) -> Excess | None:
    """What makes ``text`` too much to build (None when nothing does): an alias, a value
    longer than ``limits.scalar``, more than ``limits.nodes`` values, or nesting deeper than
    ``limits.depth``. Invalid YAML raises ``yaml.YAMLError`` as the loader would."""
    if len(text) <= SMALL and "*" not in text:
        return None
    import yaml

    nodes = depth = 0
    events: Any = yaml.parse(text, Loader=safe_loader())
    for event in events:
        mark: Any = event.start_mark
        what = ""
        if isinstance(event, yaml.AliasEvent):
            what = "alias"
        elif isinstance(event, yaml.ScalarEvent) and len(event.value) > limits.scalar:
            what = "scalar"
        else:
            if isinstance(event, (yaml.ScalarEvent, yaml.CollectionStartEvent)):
                nodes += 1
                if nodes > limits.nodes:
                    what = "nodes"
            if not what and isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > limits.depth:
                    what = "depth"
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        if what:
            return Excess(what, mark.line, mark.column)
    return None


def load_record(text: str, magic: str, limits: Limits) -> tuple[dict[str, Any] | None, str]:
    """A record cartoref writes (a challenge, an event): its mapping, read within ``limits``,
    when it carries ``magic: 1``; else (None, why not, in words)."""
    import yaml

    from .i18n import _

    try:
        excess = find_excess(text, limits)
        if excess is not None:
            return None, _("too much in it ({what}, line {line})").format(what=excess.what, line=excess.line + 1)
        data = yaml.load(text, Loader=safe_loader())
    except yaml.YAMLError as e:
        return None, str(e).splitlines()[0]
    if not isinstance(data, dict) or data.get(magic) != 1:
        return None, _("no {key}: 1 line").format(key=magic)
    return data, ""

