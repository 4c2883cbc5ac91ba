"""The referee's page (``/referee?token=...``): the card on the table (its name and picture),
the season and its time, who the table waits for (a tick per seat, a troll's space still to
choose), and the referee's buttons: draw the next card (when every seat has drawn, or forced),
undo, free a seat; undo and free ask first, and every answer is said in a plain sentence. It
follows the table as the other pages do (the event stream, a poll every 3 s besides), and at the
game's end shows the winner and the results to keep. The token comes from the URL that
``cartoref serve`` printed, and is sent only to this server. Laid out for a phone (390 px wide)
as well as a laptop."""

from __future__ import annotations

from ..i18n import N_, ngettext, pgettext
from .page import SEASONS, counted_with, render, template, translated

#: The referee's page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: the referee"),
    "draw": N_("Draw the next card"),
    "force": N_("even if not everyone has drawn"),
    "undo": N_("Undo the last action"),
    "seats": N_("Seats"),
    "now": N_("{season} {time}/{threshold}: {card}"),
    "now_over": N_("{season} {time}/{threshold}: {card} (the game is over)"),
    "now_last": N_("{season} {time}/{threshold}: {card} (the season's last card)"),
    "no_card": N_("no card yet"),
    "everyone": N_("Everyone has drawn."),
    "troll": N_("Waiting for {player}'s troll: {player} chooses its space on their phone."),
    "free_seat": N_("{player}: free"),
    "seat_freed": N_("{player}'s seat is free."),
    "revealed": N_("Revealed: {cards}"),
    "still_drawing": N_("Not everyone has drawn the card yet. Tick 'even if not everyone has drawn' to draw "
                        "anyway."),
    "choice_pending": N_("Not yet: waiting for {player}'s troll. {player} chooses its space on their phone "
                         "first."),
    "skipped": N_("Drawn anyway: {players} did not draw {card}."),
    "season_forced": N_("The season was scored first, every seated map as it stood."),
    "season_scored": N_("{season} was scored."),
    "confirm_undo": N_("Undo the last action: {action}?"),
    "confirm_undo_plain": N_("Undo the last action?"),
    "confirm_free": N_("Free {player}'s seat? Their phone stops working until they take a seat again."),
    "undo_draw": N_("the draw of {cards}"),
    "undo_record": N_("{player}'s {season} score"),
    "undone": N_("Undone: {action}."),
    "drawings_stay": N_("The drawings already made of it stay on the maps ({players}): erase them by hand."),
    "game_end": N_("The game is over."),
    "results": N_("Results to keep:"),
    "standings_link": N_("Final standings (picture)"),
    "csv_link": N_("Results (CSV)"),
    "json_link": N_("Results (JSON)"),
    "bgstats_link": N_("Log the play in BG Stats"),
    "winner": N_("Winner: {player} with {total}"),
    "winners": N_("Winners, sharing first place: {players}"),
    "lost": N_("Cannot reach the server (cartoref serve): is it still running?"),
    "auto": N_("Draw the next card by itself 5 s after everyone has drawn"),
    "auto_in": N_("The next card in {n} s (untick to wait)."),
    "timer": N_("Turn timer, seconds a card (0: none):"),
    "timer_set": N_("Set"),
    "timer_now": N_("Turn timer: {n} s a card."),
    "timer_off": N_("No turn timer."),
}


def page() -> str:
    """The referee's page, in the language spoken."""
    words = translated(WORDS)
    words["free_button"] = pgettext("a button: free a taken seat", "free")
    words["seasons"] = translated(SEASONS)
    words["waiting"] = counted_with(lambda n: ngettext("Waiting for {n} player to draw: {names}",
                                                       "Waiting for {n} players to draw: {names}", n))
    return render(template("referee.html"), words)


