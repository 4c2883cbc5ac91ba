"""The language cartoref speaks: English, French, Spanish or Japanese, with the standard library's
gettext and the catalogs compiled into ``cartoref/locale/`` (made from ``po/`` with Babel at
development time: ``python scripts/catalogs.py``).

Which language: ``--lang`` (the shells pass it to :func:`use`), else ``CARTOREF_LANG``, else the
usual ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``, the first one set deciding as gettext
does (``LANGUAGE`` may list several, ``fr:en``); English when no catalog fits. A message is
translated when it is shown, never when a module is imported: texts kept in tables at import time
are marked with :func:`N_` and passed through :func:`_` where they are worded.

Never translated: ``--json``, map-file keys and symbols, card ids, exit statuses.
"""

from __future__ import annotations

import gettext as _gettext
import os
import sys
from collections.abc import Iterable, Mapping

DOMAIN = "cartoref"
#: The languages with a catalog, English first (the messages as written in the code).
LANGUAGES = ("en", "fr", "es", "ja")
#: Each language's own name, for help texts and pages.
LANGUAGE_NAMES = {"en": "English", "fr": "français", "es": "español", "ja": "日本語"}
LOCALEDIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
#: The environment variables that choose a language, in the order they are asked.
ENVIRONMENT = ("CARTOREF_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_catalog: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def language_of(value: str) -> str | None:
    """The catalog a locale name asks for (``fr_FR.UTF-8`` -> ``fr``, ``ja`` -> ``ja``), or None
    when there is none for it (``de_DE``, ``C``)."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option`` (``--lang``), else the environment's, else English."""
    if option:
        return language_of(option) or "en"
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if not value:
            continue
        # The first variable set decides; LANGUAGE may list several, the first known one wins.
        found = [language_of(v) for v in value.split(":")] if name == "LANGUAGE" else [language_of(value)]
        return next((f for f in found if f), "en")
    return "en"


def use(lang: str) -> None:
    """Speak ``lang`` from now on (an unknown language or a missing catalog is English), click's
    own words included."""
    global _catalog, _language
    lang = lang if lang in LANGUAGES else "en"
    if lang == "en":
        catalog: _gettext.NullTranslations = _gettext.NullTranslations()
    else:
        catalog = _gettext.translation(DOMAIN, LOCALEDIR, languages=[lang], fallback=True)
    _catalog, _language = catalog, lang
    _speak_for_click(lang, catalog)


#: The language click was last given, and how many modules were loaded then: nothing to do again
#: while neither changes (a table's web pages and the tests switch languages thousands of times).
_click_speaks: tuple[str, int] = ("", 0)


def _speak_for_click(lang: str, catalog: _gettext.NullTranslations) -> None:
    # click words its help and errors with ``gettext``'s functions, bound by name in each of its
    # modules; its messages are in our catalog too (scripts/catalogs.py extracts them).
    global _click_speaks
    if _click_speaks == (lang, len(sys.modules)):
        return
    _click_speaks = (lang, len(sys.modules))
    english = catalog.__class__ is _gettext.NullTranslations
    for name, module in list(sys.modules.items()):
        if name == "click" or name.startswith("click."):
            if getattr(module, "_", None) is not None:
                module._ = _gettext.gettext if english else catalog.gettext  # type: ignore[attr-defined]
            if getattr(module, "ngettext", None) is not None:
                module.ngettext = _gettext.ngettext if english else catalog.ngettext  # type: ignore[attr-defined]


def language() -> str:
    """The language spoken now (``en``, ``fr``, ``es`` or ``ja``)."""
    return _language


def _(message: str) -> str:
    """``message`` in the language spoken."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form for ``n``, as the language spoken counts."""
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken, for one of its meanings (``context``)."""
    return _catalog.pgettext(context, message)


def in_every_language(message: str) -> dict[str, str]:
    """``message`` as each catalog translates it (English included), for reading what a person
    typed in any language (``forêt``, ``bosque``, ``森林`` are the forest)."""
    out = {"en": message}
    for lang in LANGUAGES[1:]:
        catalog = _gettext.translation(DOMAIN, LOCALEDIR, languages=[lang], fallback=True)
        out[lang] = catalog.gettext(message)
    return out


def clauses(parts: Iterable[str]) -> str:
    """Clauses of one sentence run together with the language's semicolon ("a\u00a0; b" in
    French)."""
    return pgettext("between clauses", "; ").join(parts)


def folded(text: str) -> str:
    """``text`` as a person's typing is compared: case and accents dropped ("Forêt" is "foret",
    "Leśna" is "lesna"), letters of every script kept ("森林")."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def decimal(value: float, places: int = 1, sign: bool = False) -> str:
    """A number with ``places`` decimals as the language spoken writes it: ``2.6`` in English
    and Japanese, ``2,6`` in French and Spanish (``+2.6`` with ``sign``)."""
    text = f"{value:+.{places}f}" if sign else f"{value:.{places}f}"
    return text.replace(".", ",") if _language in ("fr", "es") else text


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written (a table built at import time);
    :func:`_` translates it where it is shown."""
    return message
