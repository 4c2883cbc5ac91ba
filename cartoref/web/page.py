"""The TV page: one self-contained HTML document (no fonts, scripts or styles fetched from
elsewhere) with the join panel's QR code inline. Its script follows ``/display.json``, told of
every change by the event stream (``/api/events``; a poll every 2 s besides); every text from the
game is set with ``textContent``, never parsed as HTML.

The pages' words (this one's, the phone's, the referee's) reach them one way, in the language the
server speaks (:func:`render`): a page's template says ``{{key}}`` where Python writes a word into
the HTML (escaped), and its script reads the same words from ``WORDS`` (``WORDS.key``; a sentence
with fields is filled by ``fill(WORDS.key, {name: ...})``, a count's sentence is picked by
``counted(WORDS.key, n)``). The JSON the pages read is never translated."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from html import escape
from importlib import resources
from typing import Any

from ..i18n import N_, _, language, ngettext

#: How many counts a counted sentence is worded for (``counted`` takes the last for more): the
#: plural forms of English, French, Spanish and Japanese are all the same past 1.
COUNTS = 12

#: The page script's helpers: an element by its id (``$``), a new element with its text and
#: class (``el``), shown or hidden (``show``), a sentence's ``{fields}`` filled, a count's form
#: chosen, and sentences run together as ``phrases.sentences`` does (no blank after a Japanese 。).
HELPERS = """const $ = (id) => document.getElementById(id);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function show(id, on) { $(id).classList.toggle("hidden", !on); }
function fill(text, fields) { return text.replace(/\\{(\\w+)\\}/g, (all, k) => (k in fields ? String(fields[k]) : all)); }
function counted(forms, n) { return forms[Math.max(0, Math.min(n, forms.length - 1))]; }
function sentences(parts) { return parts.filter((p) => p).reduce((out, p) => (!out ? p : /[。）」]$/.test(out) ? out + p : out + " " + p), ""); }
"""


def translated(marked: Mapping[str, str]) -> dict[str, Any]:
    """A table of ``N_``-marked words, in the language spoken."""
    return {key: _(text) for key, text in marked.items()}


def counted_with(word: Callable[[int], str]) -> list[str]:
    """``word(n)`` for each count the script may ask for (``lambda n: ngettext("...", "...", n)``)."""
    return [word(n) for n in range(COUNTS)]


#: The lines every page opens with (its ``<title>`` and style follow, its own).
HEAD = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">"""


@functools.cache
def template(name: str) -> str:
    """A page's template (``pages/NAME``: the HTML, its style and its script), read once."""
    return resources.files(__package__).joinpath("pages", name).read_text(encoding="utf-8")


def render(text: str, words: Mapping[str, Any], **raw: str) -> str:
    """A page from its template's ``text``: ``{{HEAD}}`` the lines every page opens with,
    ``{{lang}}`` the language spoken, ``{{WORDS}}`` the script's words and helpers, ``{{key}}`` the word ``words[key]`` HTML-escaped, ``{{NAME}}`` ``raw[NAME]``
    as it is (already HTML)."""
    script = json.dumps(words, ensure_ascii=False, sort_keys=True)
    # Nothing a translation holds may end the script early ("</script>") or open a comment.
    script = script.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    fixed = {"lang": language(), "WORDS": f"const WORDS = {script};\n{HELPERS}",
             "HEAD": HEAD.format(lang=language())}

    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key in raw:
            return raw[key]
        if key in fixed:
            return fixed[key]
        # The templates quote their attributes with ", so an apostrophe stays as it is written.
        return escape(words[key], quote=False).replace('"', "&quot;")

    return re.sub(r"\{\{(\w+)\}\}", one, text)


def qr_svg(url: str) -> str:
    """The join URL as a QR code, an SVG picture."""
    import segno

    return segno.make(url, error="m").svg_inline(dark="#000000", light="#ffffff", border=2, omitsize=True)


#: The seasons' words, by the id the JSON gives (``WORDS.seasons[id] || id``: an id not here is
#: shown as it is).
SEASONS = {"spring": N_("spring"), "summer": N_("summer"), "autumn": N_("autumn"), "winter": N_("winter")}

#: The TV page's words (``render``: in the HTML as ``{{key}}``, in the script as ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: the table"),
    "game": N_("Cartographers"),
    "track": N_("the season's time"),
    "first_card": N_("Waiting for the first card"),
    "edicts": N_("Edicts"),
    "skills": N_("Skills (one a season)"),
    "this_season": N_("This season"),
    "join": N_("Join from your phone:"),
    "page_of": N_("page {page} of {pages}"),
    "game_over": N_("The game is over."),
    "at_table": N_("At the table: {names}"),
    "no_seat": N_("No seat taken yet."),
    "everyone": N_("Everyone has drawn."),
    "troll": N_("Waiting for {player}'s troll: {player} chooses its space on their phone."),
    "scored": N_("{season} is scored."),
    "recap_edicts": N_("{first}: {first_name} · {second}: {second_name}"),
    "recap_line": N_("{first} {edict1} + {second} {edict2} + coins {coins} − monsters {monsters}"),
    "final": N_("Final standings"),
    "keep": N_("Results to keep: {url}"),
    "bgstats": N_("Scan to log the play in BG Stats"),
    "passes": N_("Who draws on whose map"),
    "pass_pair": N_("{giver}'s map goes to {taker}"),
    "lost": N_("Cannot reach the server (cartoref serve): is it still running? The page shows the table as it "
               "last saw it."),
}


def tv_page(join_url: str) -> str:
    """The TV page, its join panel showing ``join_url`` and its QR code."""
    words = translated(WORDS)
    words["more"] = counted_with(lambda n: ngettext("{names}, and {n} more", "{names}, and {n} more", n))
    words["waiting"] = counted_with(lambda n: ngettext("Waiting for {n} player to draw: {names}",
                                                       "Waiting for {n} players to draw: {names}", n))
    words["last_waiting"] = counted_with(lambda n: ngettext(
        "The season's last card: waiting for {n} player to draw it ({names}); then the season scores itself.",
        "The season's last card: waiting for {n} players to draw it ({names}); then the season scores itself.", n))
    words["skill_cost"] = counted_with(lambda n: ngettext("{skill} ({n} coin)", "{skill} ({n} coins)", n))
    return render(template("tv.html"), words, QR=qr_svg(join_url), JOIN=escape(join_url))


