"""The words of the cards (a card's subtitle and sentences, the solo corners and arrows) and the
small pieces every sentence shares (a name list, a plural, text a person typed made printable):
plain strings, no rich, no I/O. The game's sentences are in ``words``, a map's in ``map_words``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards import AmbushCard
from ..cardtypes import shown_text
from ..i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import ExploreCard, HeroCard, ScoringCard

#: The words of an ambush's solo corner and arrow, marked for the catalogs: ``_(CORNER_WORDS[c])``
#: where they are shown (``pass_word`` keeps the English word for ``--json``).
CORNER_WORDS = {"nw": N_("top-left"), "ne": N_("top-right"), "sw": N_("bottom-left"), "se": N_("bottom-right")}
ARROW_WORDS = {"cw": N_("clockwise"), "ccw": N_("counterclockwise")}
#: The scoring card categories as a card's subtitle names them (``_(CATEGORY_WORDS[c])``).
CATEGORY_WORDS = {"forest": N_("forest"), "village": N_("village"), "farm-water": N_("farm-water"),
                  "arrangement": N_("arrangement")}


#: What a hero card says to do, in our words (marked: ``_(HERO_CARD_TEXT)`` where it is shown).
HERO_CARD_TEXT = N_("Draw the hero (H) in one empty space, then mark the spaces it attacks (x) around it; "
                    "marks beyond the map edge are lost. A monster space inside the marks is "
                    "destroyed, now and whenever one is drawn there later.")
RUINS_CARD_TEXT = N_("Ruins: reveal the next card at once; the next explore card's "
                     "shape must cover an empty ruins space.")


def season_word(season_id: str) -> str:
    """A season's id as records and the log name it (``spring``), in the language spoken."""
    words = {"spring": pgettext("season", "spring"), "summer": pgettext("season", "summer"),
             "autumn": pgettext("season", "autumn"), "winter": pgettext("season", "winter")}
    return words.get(season_id, season_id)


def count_ambushes(n: int) -> str:
    """``1 ambush``, ``3 ambushes`` (a count inside a longer sentence)."""
    return ngettext("{n} ambush", "{n} ambushes", n).format(n=n)


def count_heroes(n: int) -> str:
    """``1 hero``, ``2 heroes`` (a count inside a longer sentence)."""
    return ngettext("{n} hero", "{n} heroes", n).format(n=n)


def card_subtitle(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> str:
    """What kind of card it is, its number and time: "explore card 07, time 1"."""
    from ..cards import HeroCard, ScoringCard, SkillCard

    if isinstance(card, SkillCard):
        return ngettext("skill card S{number}, costs {cost} coin", "skill card S{number}, costs {cost} coins",
                        card.cost).format(number=f"{card.number:02d}", cost=card.cost)
    if isinstance(card, ScoringCard):
        category = _(CATEGORY_WORDS[card.category]) if card.category in CATEGORY_WORDS else str(card.category)
        return _("scoring card {number}, {category}").format(number=card.number, category=category)
    number = f"{card.number:02d}"
    if isinstance(card, AmbushCard):
        return _("ambush card {number}, time 0").format(number=number)
    if isinstance(card, HeroCard):
        return _("hero card {number}, time 0").format(number=number)
    return _("explore card {number}, time {time}").format(number=number, time=card.time)


def ambush_card_sentences(card: AmbushCard) -> list[str]:
    """An ambush card's instructions: where sheets pass, the solo corner, a special monster's
    initial and effect."""
    arrow = _(ARROW_WORDS[card.arrow])
    lines = [_("Pass sheets {arrow}. Solo: start in the {corner} corner, go {arrow}.")
             .format(arrow=arrow, corner=_(CORNER_WORDS[card.corner]))]
    if card.initial:
        lines += [_("Write {initial} in each monster space (not in a single space drawn "
                    "because the shape fits nowhere: that monster has no effect).").format(initial=card.initial),
                  _("Effect: {effect}").format(effect=shown_text(card))]
    return lines


#: Characters a terminal would act on rather than show: C0 controls but the line break and the
#: tab, DEL, C1 controls, and the bidirectional overrides that reorder what follows them.
_UNSHOWN = {c: f"\\x{c:02x}" for c in (*range(0x09), *range(0x0b, 0x20), *range(0x7f, 0xa0))}
_UNSHOWN.update({c: f"\\u{c:04x}" for c in (*range(0x202a, 0x202f), *range(0x2066, 0x206a))})


def printable(text: str) -> str:
    """Text a person typed (a map's ``player:``, a file name) as the terminal may show it: every
    control character written as an escape (``\\x1b``), never acted on."""
    return text.translate(_UNSHOWN)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``3 coins``, ``1 coin``.

    English only: the word is passed in and glued to the number, so no catalog can translate it.
    A sentence for a person uses ``ngettext("{n} coin", "{n} coins", n).format(n=n)`` instead."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def names(items: Sequence[str], limit: int = 12) -> str:
    """A list of names, cut short with "and N more" past ``limit``."""
    shown = ", ".join(items[:limit])
    if len(items) <= limit:
        return shown
    more = len(items) - limit
    return ngettext("{names} and {n} more", "{names} and {n} more", more).format(names=shown, n=more)


def terrain_list(words: Sequence[str]) -> str:
    """``forest``, ``forest or farm``, ``forest, village or farm`` (pass the words spoken,
    ``Terrain.spoken``)."""
    if len(words) == 1:
        return words[0]
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def coin_track_full(track: int, lost: int) -> str | None:
    """The warning when a drawing earned more coins than the coin track had room for."""
    if not lost:
        return None
    return ngettext("the coin track is full ({track} coins): {n} coin could not be marked",
                    "the coin track is full ({track} coins): {n} coins could not be marked",
                    lost).format(track=track, n=lost)


def sentences(parts: Iterable[str]) -> str:
    """Sentences run together as the language writes them: a blank between two, none after a
    Japanese full stop ("描きます。次に" never "描きます。 次に")."""
    out = ""
    for part in parts:
        if not part:
            continue
        out += part if not out or out.endswith(("。", "）", "」")) else " " + part
    return out
