"""The phone page (``/join``): pick a seat, see your map, your coins and the card on the table
(its picture, its options and terrains), draw by tapping spaces with the drawing previewed in
its terrain, take your last drawing back, choose what is yours to choose (the gorgon's and the
troll's space, the candidates lit), see your season's score (so far, then final), every other
player's map, and at the game's end your total, your rank, the winner and the results to keep.

Self-contained; every text from the game is set with ``textContent``; the seat's token is kept
by the browser, so a reload comes back to the seat, and checked when the page loads and after
every reconnect. The link to the table (reads, retries, the offline banner) is ``pages/sync.js``;
what the page says stays until the player acts again or a new card comes (a read of the same
table redraws nothing), and the grid's buttons are made once, so a tap is never wiped."""

from __future__ import annotations

from ..i18n import N_, ngettext, pgettext
from .page import SEASONS, counted_with, render, template, translated

#: The phone page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: your map"),
    "game": N_("Cartographers"),
    "change_seat": N_("change seat"),
    "pick_seat": N_("Pick your seat:"),
    "clear": N_("Clear"),
    "take_back": N_("Take back"),
    "join_table": N_("Cartographers: join the table"),
    "taken": N_("{player} (taken)"),
    "choose_one": N_("Choose one of {spaces}"),
    "first_card": N_("Waiting for the first card"),
    "ambush": N_("Ambush: draw the monster shape (turned or mirrored as you like)"),
    "hero": N_("Hero: tap one empty space, then pick the pattern's turn"),
    "explore": N_("Explore card, time {time}"),
    "ruins": N_("{what}. Its shape must cover an empty ruins space (r)."),
    "plus_coin": N_("+ coin"),
    "fallback": N_("Other terrains (only when no shape of the card fits anywhere: one space)"),
    "draw_on": N_("You draw on {map}'s map now."),
    "game_over": N_("The game is over."),
    "drawn_waiting": N_("Drawn. Waiting for {names}."),
    "drawn_all": N_("Everyone has drawn: the referee draws the next card."),
    "to_draw": N_("Your turn to draw {card}."),
    "only_you": N_("The table is waiting for you."),
    "troll_choose": N_("Your troll destroys one empty space next to it: tap a lit space."),
    "troll_waiting": N_("Waiting for {names} to choose the troll's space."),
    "score_so_far": N_("Your {season} score so far: {total}"),
    "score_final": N_("Your {season} score: {total}"),
    "coins": N_("Coins"),
    "monsters": N_("Monsters"),
    "drawn_on": N_("Drawn on {map}'s map."),
    "refused": N_("refused"),
    "gorgon": N_("The gorgon destroys one space next to it: tap a lit space."),
    "troll_destroyed": N_("The troll destroyed {space}."),
    "tap_first": N_("Tap the spaces to draw first."),
    "taken_back": N_("Taken back."),
    "offline": N_("Offline: trying again…"),
    "seat_lost": N_("Your seat was freed, or a new game was set up: pick your seat again."),
    "skipped": N_("The referee drew the next card before you drew {card}."),
    "skipped_season": N_("The referee drew on before you drew {card}: your {season} was scored as your map stood."),
    "tapped": N_("{n} of {size} spaces tapped"),
    "fits_option": N_("The shape of option {option}"),
    "no_option": N_("This is not the card's shape (turned or mirrored)."),
    "coin_track": N_("Coins: {n}"),
    "see_map": N_("See a map:"),
    "mine": N_("mine"),
    "back_to_mine": N_("Back to my map"),
    "their_map": N_("{player}'s map (to look at)"),
    "sound": N_("Sound and vibration on a new card"),
    "total_rank": N_("Your total: {total}, rank {rank} of {players}"),
    "final": N_("Final standings"),
    "results": N_("Results to keep:"),
    "standings_picture": N_("Final standings (picture)"),
    "results_csv": N_("Results (CSV)"),
    "results_json": N_("Results (JSON)"),
    "bgstats": N_("Log the play in BG Stats"),
    "orientation": N_("Turn {n}"),
    "skill": N_("Skill:"),
    "no_skill": N_("none"),
    "skill_drawn": N_("Drawn with {skill}."),
    "time_left": N_("{n} s left"),
    "time_up": N_("Time is up."),
}

#: The terrains' words on the terrain buttons, by the word the JSON gives (and the API takes).
TERRAINS = {"forest": N_("forest"), "village": N_("village"), "farm": N_("farm"), "water": N_("water"),
            "monster": N_("monster")}


def page() -> str:
    """The phone page, in the language spoken."""
    words = translated(WORDS)
    words["draw"] = pgettext("a button: draw on the map the spaces tapped", "Draw")
    words["drawn_on_coins"] = counted_with(
        lambda n: ngettext("Drawn on {map}'s map. +{n} coin", "Drawn on {map}'s map. +{n} coins", n))
    words["winners"] = counted_with(
        lambda n: ngettext("Winner: {names} with {total}", "Winners: {names} with {total}", n))
    words["terrains"] = translated(TERRAINS)
    words["seasons"] = translated(SEASONS)
    words["skill_cost"] = counted_with(lambda n: ngettext("{skill} ({n} coin)", "{skill} ({n} coins)", n))
    return render(template("phone.html"), words, SYNC=template("sync.js"))


