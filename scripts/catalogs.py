"""Make the translation catalogs (development time, with Babel; cartoref itself runs on the
standard library's gettext).

    python scripts/catalogs.py            # extract, update po/*.po, compile cartoref/locale/
    python scripts/catalogs.py --check    # list what is untranslated or no longer in the code

The messages are:
- every ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()`` in ``cartoref/``;
- click's own messages (its help and its errors), from the installed click;
- the help of every command and option, read from the commands themselves (click shows the
  docstrings and ``help=`` texts; ``cli.SpokenCommand`` translates them when shown).

``po/LANG.po`` holds the translations (edit them there); ``cartoref/locale/LANG/LC_MESSAGES/
cartoref.mo`` is what the wheel carries and gettext reads.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)

from cartoref.i18n import DOMAIN, LANGUAGES, LOCALEDIR

PO_DIR = os.path.join(REPO, "po")
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _from_source(folder: str, where: str) -> Iterator[tuple[str | tuple[str, ...], str, str | None]]:
    """(message, where, context) for each marked message under ``folder``."""
    for filename, lineno, message, _comments, context in extract_from_dir(
            folder, method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS):
        yield message, f"{where}/{filename}:{lineno}", context


def _help_texts() -> Iterator[tuple[str, str, None]]:
    """Every command's and option's help, as click would show it in English."""
    import click

    from cartoref.cli import COMMANDS, cli, english_help

    group = cli
    assert isinstance(group, click.Group)
    ctx = click.Context(group)
    def texts(cmd: click.Command, name: str) -> Iterator[tuple[str, str, None]]:
        if cmd.help:
            yield english_help(cmd), f"cartoref {name}".strip(), None
        for param in cmd.params:
            if isinstance(param, click.Option) and param.help:
                yield english_help(param), f"cartoref {name} {param.opts[0]}", None
        if name:  # a group's commands (``event new``)
            for sub_name, sub in getattr(cmd, "commands", {}).items():
                yield from texts(sub, f"{name} {sub_name}")

    for name in ["", *COMMANDS]:
        cmd = group if not name else group.get_command(ctx, name)
        assert cmd is not None
        yield from texts(cmd, name)


#: Words click translates that its source does not mark: an option's "[required]" is
#: ``_(extra["required"])`` of a plain "required" (click/core.py, ``Option.get_help_record``).
CLICK_UNMARKED = [("required", "click/core.py:0", None)]


def template() -> Catalog:
    """Every message cartoref may show, with where each comes from."""
    import click

    catalog = Catalog(project="cartoref", domain=DOMAIN)
    found = [*_from_source(os.path.join(REPO, "cartoref"), "cartoref"),
             *_from_source(os.path.dirname(click.__file__), "click"),
             *_help_texts(),
             *CLICK_UNMARKED]
    for message, where, context in found:
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        path, _, line = where.rpartition(":")
        location = (path, int(line)) if line.isdigit() else (where, 0)
        existing = catalog.get(message if isinstance(message, str) else message[0], context)
        if existing is not None:
            existing.locations.append(location)
        else:
            catalog.add(message, locations=[location], context=context)
    return catalog


def po_path(lang: str) -> str:
    return os.path.join(PO_DIR, f"{lang}.po")


def mo_path(lang: str) -> str:
    return os.path.join(LOCALEDIR, lang, "LC_MESSAGES", f"{DOMAIN}.mo")


def read(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def problems(lang: str, messages: Catalog | None = None) -> tuple[list[str], list[str]]:
    """The messages of the code with no translation in ``lang``, and the ones its catalog holds
    that the code no longer has."""
    messages = messages or template()
    catalog = read(lang)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in messages if m.id}
    have = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in catalog if m.id}
    missing = []
    for key in sorted(wanted, key=lambda k: (k[0], k[1] or "")):
        m = have.get(key)
        strings = [] if m is None else ([m.string] if isinstance(m.string, str) else list(m.string))
        if m is None or m.fuzzy or not strings or not all(strings):
            missing.append(key[0])
    stale = sorted(k[0] for k in have if k not in wanted)
    return missing, stale


def update() -> None:
    """Bring every po/LANG.po up to the code's messages, and compile them all."""
    messages = template()
    os.makedirs(PO_DIR, exist_ok=True)
    for lang in TRANSLATED:
        if os.path.exists(po_path(lang)):
            catalog = read(lang)
            catalog.update(messages, update_header_comment=False)
            catalog.obsolete.clear()  # no longer in the code: dropped (git keeps them)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="cartoref")
            catalog.update(messages)
        with open(po_path(lang), "wb") as f:
            write_po(f, catalog, width=100, sort_output=True, include_previous=True)
        compile_mo(lang, catalog)


def compile_mo(lang: str, catalog: Catalog | None = None) -> None:
    catalog = catalog or read(lang)
    os.makedirs(os.path.dirname(mo_path(lang)), exist_ok=True)
    with open(mo_path(lang), "wb") as f:
        write_mo(f, catalog, use_fuzzy=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="list untranslated and stale messages")
    parser.add_argument("--compile", action="store_true", help="only compile po/*.po into cartoref/locale/")
    args = parser.parse_args()
    if args.compile:
        for lang in TRANSLATED:
            compile_mo(lang)
        return 0
    if args.check:
        messages = template()
        bad = 0
        for lang in TRANSLATED:
            missing, stale = problems(lang, messages)
            bad += len(missing) + len(stale)
            print(f"{lang}: {len(missing)} untranslated, {len(stale)} stale")
            for m in missing[:20]:
                print(f"  untranslated: {m!r}")
        return 1 if bad else 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main())
