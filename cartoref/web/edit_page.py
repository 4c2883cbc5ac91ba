"""The edit page: a map's grid on its sheet side to type or paint in, with ``check``'s problems
and the score beside it, and a photo of the sheet under the grid (aligned by its four corners)
to copy from or to read. Self-contained; every text set with ``textContent``."""

from __future__ import annotations

from html import escape

from ..i18n import N_, _, ngettext
from .page import SEASONS, counted_with, render, template, translated

#: The edit page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: edit a map"),
    "edit_map": N_("Edit a map"),
    "save": N_("Save"),
    "drop_photo": N_("Drop a photo of the sheet on the grid to see it underneath."),
    "photo_under": N_("Photo under the grid"),
    "align": N_("Align by the four corners"),
    "read": N_("Read the photo"),
    "the_photo": N_("the photo"),
    "player": N_("Player"),
    "coins": N_("Coins"),
    "season": N_("Season"),
    "none": N_("(none)"),
    "edicts": N_("Edicts A-D"),
    "check": N_("Check"),
    "score": N_("Score"),
    "choose": N_("Choose the season and the edicts to see the score."),
    "not_saved": N_("not saved"),
    "problem_at": N_("{space}: {message}"),
    "no_problem": N_("No problem."),
    "warning": N_("warning: {warning}"),
    "fix_first": N_("Fix the problems above to see the score."),
    "monsters": N_("Monsters"),
    "total": N_("Total"),
    "empty": N_("empty"),
    "aligning": N_("Aligning..."),
    "aligned": N_("Aligned."),
    "corners_help": N_("Drag the grid's corners onto the map's corners, or click the map's corners in turn: "
                       "top-left, top-right, bottom-right, bottom-left."),
    "corners_of": N_("{n} of 4 corners"),
    "saved": N_("saved"),
    "asked": N_("Type what the outlined spaces hold and read the photo again: each looks like others left "
                "\"?\" (how many, itself included): {spaces}"),
    "lost": N_("cartoref edit cannot be reached: is it still running?"),
}

#: How to paint, under the grid: written into the HTML as it is (its quotes are text, not an
#: attribute's), hence kept apart from ``WORDS``.
PAINT = N_("Click or drag to paint with the chosen symbol; type a symbol's letter to paint the selected\n"
           "      space and move on (a whole row can be typed); arrows move; \"?\" marks a space still to type.")


def page() -> str:
    """The edit page, in the language spoken."""
    words = translated(WORDS)
    words["saved_left"] = counted_with(lambda n: ngettext("saved ({n} ? left)", "saved ({n} ? left)", n))
    words["unread_left"] = counted_with(lambda n: ngettext(
        '{n} space is still "?": type what it holds to see the score.',
        '{n} spaces are still "?": type what they hold to see the score.', n))
    words["seasons"] = translated(SEASONS)
    return render(template("edit.html"), words, PAINT=escape(_(PAINT), quote=False))


