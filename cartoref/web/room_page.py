"""The room's screen (``serve --event``, ``/``): every table of the round as a tile (its players
with a tick for each who has drawn, the card on the table, the season and its time, who it waits
for, its join QR code and address), the room's standings beside them; the referee (the page
opened with ``?token=``) reveals the next card at every table at once. Self-contained; it reads
``room.json`` every second; every text set with ``textContent``."""

from __future__ import annotations

from html import escape

from ..i18n import N_, ngettext
from .page import counted_with, render, template, translated

WORDS = {
    "title": N_("The room"),
    "round": N_("Round {n}"),
    "table": N_("Table {n}"),
    "waiting": N_("Waiting for {names}"),
    "everyone": N_("Everyone has drawn."),
    "no_card": N_("No card drawn yet."),
    "over": N_("The game is over."),
    "season": N_("{season}: {time} of {threshold}"),
    "standings": N_("Standings"),
    "reveal": N_("Reveal the next card at every table"),
    "force": N_("even at tables where not everyone has drawn"),
    "not_revealed": N_("Table {n}: {why}"),
    "lost": N_("Cannot reach the server; trying again."),
    "byes": N_("A bye this round: {names}"),
    "join": N_("Join table {n}"),
    "empty_seats": N_("Seats not taken yet: {names}"),
}



def room_page(event: str) -> str:
    """The room's screen for the event ``event``."""
    words = translated(WORDS)
    words["revealed"] = counted_with(lambda n: ngettext("{n} table drew the next card.", "{n} tables drew the next card.",
                                                        n))
    return render(template("room.html"), words, EVENT=escape(event))
