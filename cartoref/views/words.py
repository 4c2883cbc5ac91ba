"""The sentences the table reads, in one place (ready to be translated): plain strings built
from rules values, no rich, no I/O.

A string here is printed as it is, never read as markup, so a player called "[Ann]" stays
"[Ann]" (``terminal.show`` sees to that).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import EDICTS, AmbushCard, Kind
from ..grid import cells_label

if TYPE_CHECKING:  # pragma: no cover

    from ..cards import ExploreCard, HeroCard, ScoringCard
    from ..game import Action, GameState, Record, Standings
    from ..table import SoloMonster, Undone

CORNER_WORDS = {"nw": "top-left", "ne": "top-right", "sw": "bottom-left", "se": "bottom-right"}
ARROW_WORDS = {"cw": "clockwise", "ccw": "counterclockwise"}


#: What a hero card says to do, in our words.
HERO_CARD_TEXT = ("Draw the hero (H) in one empty space, then mark the spaces it attacks (x) around it; "
                  "marks beyond the map edge are lost. A monster space inside the marks is "
                  "destroyed, now and whenever one is drawn there later.")
RUINS_CARD_TEXT = ("Ruins: reveal the next card at once; the next explore card's "
                   "shape must cover an empty ruins space.")


def card_subtitle(card: ExploreCard | AmbushCard | HeroCard | ScoringCard) -> str:
    """What kind of card it is, its number and time: "explore card 07, time 1"."""
    from ..cards import HeroCard, ScoringCard

    if isinstance(card, ScoringCard):
        return f"scoring card {card.number}, {card.category}"
    if isinstance(card, AmbushCard):
        return f"ambush card {card.number:02d}, time 0"
    if isinstance(card, HeroCard):
        return f"hero card {card.number:02d}, time 0"
    return f"explore card {card.number:02d}, time {card.time}"


def ambush_card_sentences(card: AmbushCard) -> list[str]:
    """An ambush card's instructions: where sheets pass, the solo corner, a special monster's
    initial and effect."""
    arrow = ARROW_WORDS[card.arrow]
    lines = [f"Pass sheets {arrow}. Solo: start in the {CORNER_WORDS[card.corner]} corner, go {arrow}."]
    if card.initial:
        lines += [(f"Write {card.initial} in each monster space (not in a single space drawn "
                   "because the shape fits nowhere: that monster has no effect)."),
                  f"Effect: {card.effect}"]
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
    """``3 coins``, ``1 coin``."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def names(items: Sequence[str], limit: int = 12) -> str:
    """A list of names, cut short with "and N more" past ``limit``."""
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def terrain_list(words: Sequence[str]) -> str:
    """``forest``, ``forest or farm``, ``forest, village or farm``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def coin_track_full(track: int, lost: int) -> str | None:
    """The warning when a drawing earned more coins than the coin track had room for."""
    if not lost:
        return None
    return f"the coin track is full ({track} coins): {plural(lost, 'coin')} could not be marked"


# ---------------------------------------------------------------------------------- the game


def time_track(state: GameState) -> str:
    """The season's time track, e.g. ``Spring 5/8 [#####...]``."""
    from .. import deck as decks
    from .. import game as games

    s = games.season(state)
    used = decks.time_used(state.deck)
    bar = "#" * min(used, s.threshold) + "." * max(s.threshold - used, 0)
    return f"{s.name} {used}/{s.threshold}  [{bar}]"


def edict_lines(state: GameState, with_text: bool = True) -> list[str]:
    """Each edict letter with its scoring card (and the card's text)."""
    from .. import game as games

    out = []
    for x in EDICTS:
        c = games.edict_card(state, x)
        out.append(f"  {x}  {c.name}" + (f": {c.text}" if with_text else ""))
    return out


def season_plan(state: GameState) -> list[str]:
    """Which two edicts each season scores, with its time threshold."""
    return [f"  {s.name:<7} time {s.threshold}  scores {s.edicts[0]} + {s.edicts[1]}"
            for s in state.seasons]


def new_lines(state: GameState, path: str) -> list[str]:
    """What ``new`` says: the players, the edicts with their texts and the season plan."""
    from .. import game as games

    st = state.setup
    who = (f"a solo game for {st.players[0]}" if st.solo
           else f"a game for {len(st.players)} players: " + ", ".join(st.players))
    side = state.side
    lines = [f"New game: {who}, on the {side.name} side ({side.letter}) of the map sheet.", "", "Edicts:"]
    lines += edict_lines(state)
    if games.edicts_apart_from_categories(state):
        lines.append("  (note: these edicts are not one scoring card from each category)")
    lines += ["", "Seasons:"] + season_plan(state)
    if st.edition != "base":
        lines += ["", cards_line(state)]
    if st.map is not None:
        lines.append(f"Solo map: {st.map} (cartoref draws each ambush's monster on it)")
    from .. import deck as decks

    ambushes = len(decks.ambushes_in(state.deck, state.deck.remaining))
    heroes = len(decks.heroes_in(state.deck, state.deck.remaining))
    hero = f", {plural(heroes, 'hero', 'heroes')}" if heroes else ""
    lines += ["", (f"Saved in {path}. Shuffled {state.deck.season_card.name.lower()}'s deck: "
              f"{len(state.deck.remaining)} cards, {plural(ambushes, 'ambush', 'ambushes')}{hero}.")]
    return lines


def cards_line(state: GameState) -> str:
    """What a Heroes or combined game plays with, in one sentence."""
    st, cards = state.setup, state.deck.cards
    sets = {"base": "the base game's", "heroes": "the Heroes"}
    explore_sets = {c.set for c in cards.explore if c.kind == Kind.EXPLORE}
    ruins = [c for c in cards.explore if c.kind == Kind.RUINS]
    explore = f"{sets[explore_sets.pop()] if len(explore_sets) == 1 else 'both games'} explore cards"
    explore += f" and the two ruins cards ({len(cards.explore)})" if ruins else f" ({len(cards.explore)})"
    ambush_sets = sorted({a.set for a in cards.ambushes})
    ambush_of = "both games'" if len(ambush_sets) > 1 else sets[ambush_sets[0]] if ambush_sets else ""
    parts = [explore, (f"{plural(len(cards.ambushes), 'ambush', 'ambushes')} from {ambush_of} cards, one "
             "joining each season")]
    if cards.heroes:
        parts.append(f"{plural(len(cards.heroes), 'hero', 'heroes')}, one joining each season")
    parts.append(f"{sets[st.seasons]} season cards ({'/'.join(str(s.threshold) for s in cards.seasons)})")
    title = {"heroes": "Cartographers Heroes", "combined": "the two games combined"}[st.edition]
    return f"Cards: {title}: " + "; ".join(parts) + "."


def season_begins(state: GameState) -> str:
    """The line that opens a new season."""
    from .. import deck as decks

    s = state.deck.season_card
    ambushes = len(decks.ambushes_in(state.deck, state.deck.order))
    heroes = len(decks.heroes_in(state.deck, state.deck.order))
    hero = f" and {plural(heroes, 'hero', 'heroes')}" if heroes else ""
    return (f"{s.name} begins: all {len(state.deck.cards.explore)} explore cards shuffled with "
            f"{plural(ambushes, 'ambush', 'ambushes')}{hero}. It ends at time {s.threshold} and scores edicts "
            f"{s.edicts[0]} and {s.edicts[1]}.")


def pass_word(card: AmbushCard, solo: bool) -> str | None:
    """Which way the maps go for an ambush (None in a solo game: no map is passed)."""
    return None if solo else ARROW_WORDS[card.arrow]


def pass_line(pairs: Sequence[tuple[str, str]], limit: int = 8) -> str:
    """``Ann's map goes to Bob, Bob's to Cy, Cy's to Ann.``"""
    parts = [f"{a}'s map goes to {b}" if n == 0 else f"{a}'s to {b}" for n, (a, b) in enumerate(pairs[:limit])]
    more = f", and so on round the table ({len(pairs)} players)" if len(pairs) > limit else ""
    return ", ".join(parts) + more + "."


def ambush_lines(card: AmbushCard, state: GameState, pending_after: bool) -> tuple[str, list[str]]:
    """The heading above an ambush's monster shape, and what the table does with it."""
    from .. import game as games

    head = f"AMBUSH! {card.name} (time 0): draw this monster shape"
    arrow = ARROW_WORDS[card.arrow]
    if state.setup.solo:
        lines = [(f"Solo: you draw the monster on your own map. From the {CORNER_WORDS[card.corner]} corner, going {arrow} along the "
                 "map edge, draw the monster exactly as printed (never rotated or mirrored) at the first place "
                 "it fits; if it fits nowhere on the edge, move one space inward and try again from the same "
                 "corner; if it fits nowhere at all, ignore this ambush.")]
    elif len(state.setup.players) == 2:
        lines = [("Pass your map to the other player, who draws the monster on it (rotated or mirrored "
                 "as they like; if it cannot fit, one monster space anywhere). Then the maps go back.")]
    else:
        side = "left" if card.arrow == "cw" else "right"
        lines = [(f"Pass your map {arrow} (to the player on your {side}); your neighbour draws the "
                  "monster on it (rotated or mirrored as they like; if it cannot fit, one monster space "
                  "anywhere). Then the maps go back."),
                 pass_line(games.passes(state.setup.players, card.arrow))]
    if card.initial:
        lines.append(f"Write {card.initial} in each of its spaces. {card.effect} If the shape fits nowhere, "
                     "the one monster space drawn instead has no initial and no effect.")
    if pending_after:
        lines.append("The monster need not cover ruins: the ruins obligation passes to the next explore card.")
    return head, lines


def hero_lines(card: HeroCard, pending_after: bool, solo: bool = False) -> tuple[str, list[str]]:
    """The heading above a hero's attack pattern, and what every player (or the solo player) does."""
    who = "draw" if solo else "every player draws"
    head = (f"HERO! {card.name} (time 0): {who} the hero (H) in one empty space and mark "
            "the spaces it attacks (x), the pattern turned or mirrored as you like:") if solo else (
            f"HERO! {card.name} (time 0): {who} the hero (H) in one empty space and marks "
            "the spaces it attacks (x), the pattern turned or mirrored as they like:")
    lines = [("Every monster space in the marks is destroyed (X) at once, and any monster drawn there "
             "later is destroyed as soon as it is drawn; marks beyond the map edge are lost.")]
    if pending_after:
        lines.append("The hero need not cover ruins: the ruins obligation passes to the next explore card.")
    return head, lines


def ruins_card_line(card: ExploreCard) -> str:
    """A ruins card revealed."""
    return f"{card.name} (ruins, time 0): reveal the next card at once."


def ruins_obligation(card: ExploreCard) -> str:
    """The explore card that follows ruins."""
    return (f"RUINS: the shape drawn from {card.name} must cover an empty ruins space. If no shape "
            "can, or no ruins space is left empty, fill any one empty space with any terrain except "
            "mountain instead.")


def season_end_lines(state: GameState) -> list[str]:
    """Exactly what to score at the end of the current season."""
    from .. import deck as decks
    from .. import game as games

    s = games.season(state)
    used = decks.time_used(state.deck)
    solo = state.setup.solo
    lines = [f"This is the last card of {s.name}: " + ("draw it first." if solo else "everyone draws it first."),
             f"{s.name} is over (time {used}/{s.threshold}). " + ("You score:" if solo else "Every player scores:")]
    for x, _, name in games.scoring_now(state):
        lines.append(f"  edict {x}: {name}")
    lines += ["  + 1 per coin on the coin track",
              "  - 1 per empty space next to a monster space"]
    effects = games.after_scoring(state)
    if games.game_over(state):
        lines.append(f"That was {s.name.lower()}: the game ends with this scoring.")
    elif effects:
        names_ = [state.card(a).name for a in effects]
        lines.append(f"After scoring, on {'your map' if solo else 'every map'}, in this order: " + "; ".join(
            f"{n}: {state.card(a).effect[0].lower()}{state.card(a).effect[1:]}"  # type: ignore[union-attr]
            for n, a in zip(names_, effects)).rstrip(".") + ".")
    return lines


def card_note(state: GameState) -> str:
    """What the table does with the card on the table beyond drawing it: an ambush's passing
    (who to whom), a hero's marks, the ruins obligation; or ""."""
    from .. import game as games
    from ..cards import ExploreCard, HeroCard

    card_id, ruins = games.card_on_table(state)
    card = state.card(card_id) if card_id else None
    pending = state.deck.ruins_pending
    if isinstance(card, AmbushCard):
        return " ".join(ambush_lines(card, state, pending)[1])
    if isinstance(card, HeroCard):
        return " ".join(hero_lines(card, pending, state.setup.solo)[1])
    if ruins and isinstance(card, ExploreCard):
        return ruins_obligation(card)
    return ""


def solo_monster_lines(placed: SoloMonster | None, track: int) -> list[str]:
    """What cartoref did on the solo map for an ambush."""
    if placed is None:
        return []
    if placed.error:
        return [f"cartoref could not draw the monster on your map ({placed.error}): draw it by hand."]
    if placed.yours:
        return [(f"The gorgon's target is yours to choose: draw its monster on {placed.map} by the solo "
                 "procedure, and destroy a space next to it (not a mountain).")]
    if not placed.spaces:
        return [f"The monster fits nowhere on {placed.map}: this ambush is ignored."]
    coin = f" It surrounds a mountain: +{placed.coins} coin." if placed.coins else ""
    full = coin_track_full(track, placed.lost)
    warning = f" ({full})" if full else ""
    return [f"cartoref drew the monster on {placed.map} at {cells_label(placed.spaces)}.{coin}{warning}"]


def status_lines(state: GameState) -> list[str]:
    """What ``status`` says: the season, its column, the deck counts, edicts, who recorded."""
    from .. import deck as decks
    from .. import game as games

    d = state.deck
    s = games.season(state)
    done = games.recorded(state)
    all_in = len(done) == len(state.setup.players)
    if games.game_over(state):
        phase = "the game is over" + ("" if all_in else ", waiting for scores")
    elif games.season_over(state):
        phase = "season over, " + ("every score recorded, the next season is ready" if all_in
                                   else "waiting for " + ("your score" if state.setup.solo else "scores"))
    else:
        phase = "running"
    lines = [f"{time_track(state)}   {phase}"]
    column = ", ".join(f"{d.cards.by_id[c].name} ({d.cards.by_id[c].time})" for c in d.column) or "no card yet"
    lines.append(f"Column: {column}")
    hidden = len(decks.ambushes_in(d, d.remaining))
    lines.append(f"Deck: {plural(len(d.remaining), 'card')} face down, "
                 + ("none of them an ambush" if not hidden else f"{hidden} of them "
                    + ("an ambush" if hidden == 1 else "ambushes"))
                 + (f", {plural(len(decks.heroes_in(d, d.remaining)), 'hero', 'heroes')}" if d.cards.heroes else ""))
    if d.ruins_card:
        lines.append(f"Ruins: the shape drawn from {d.cards.by_id[d.ruins_card].name} must cover an empty ruins space")
    elif d.ruins_pending:
        lines.append("Ruins: the next explore card's shape must cover an empty ruins space")
    lines += ["Edicts:"] + edict_lines(state, with_text=False)
    lines.append(f"Scoring this season: {s.edicts[0]} + {s.edicts[1]}, coins, monsters")
    missing = games.waiting(state)
    line = f"Recorded for {s.name}: {len(done)}/{len(state.setup.players)}"
    if missing and games.season_over(state):
        line += "; waiting for " + names(missing)
    lines.append(line)
    if not games.season_over(state):
        from ..game.forecast import forecast

        odds = forecast(state)
        if odds is not None:
            from .odds import forecast_summary

            lines.append(f"Forecast: {forecast_summary(odds)}")
    effects = games.after_scoring(state)
    if effects and not games.game_over(state):
        lines.append(f"After each season's scoring, on {'your map' if state.setup.solo else 'every map'}: "
                     + ", then ".join(d.cards.by_id[a].name for a in effects))
    return lines + unrecorded_lines(state, but=s.id)


def record_line(rec: Record) -> str:
    """One recorded season in words and figures."""
    src = f" from {rec.source}" if rec.source else " (hand-scored)"
    return (f"{rec.player}, {rec.season}: {rec.edict1} + {rec.edict2} + {plural(rec.coins, 'coin')} - "
            f"{plural(rec.monsters, 'monster')} = {rec.total}{src}")


def recorded_lines(rec: Record, state: GameState) -> list[str]:
    """What ``record`` says after the score: the record kept and who is still to record."""
    from .. import game as games

    lines = [("Replaced " if rec.replace else "Recorded ") + record_line(rec)]
    index = [x.id for x in state.seasons].index(rec.season)
    name = state.seasons[index].name
    missing = games.waiting(state, index)
    if missing:
        lines.append(f"Still to record for {name}: " + names(missing))
    elif index != state.deck.season or not games.season_over(state):
        lines.append(f"Every score is in for {name}.")
    elif games.game_over(state):
        lines.append("Every score is in: the game is over.")
    else:
        nxt = state.seasons[state.deck.season + 1].name
        lines.append(f"Every score is in; {nxt} is next.")
    return lines


def unrecorded_line(season_name: str, season_id: str, missing: Sequence[str]) -> str:
    """The players who have not recorded an ended season."""
    return f"Not recorded for {season_name}: {names(missing)}"


def unrecorded_lines(state: GameState, *, but: str | None = None) -> list[str]:
    """Every ended season some players have not recorded (but the season ``but``)."""
    from .. import game as games

    by_id = {s.id: s for s in state.seasons}
    return [unrecorded_line(by_id[sid].name, sid, missing) for sid, missing in games.unrecorded(state)
            if sid != but]


def standings_table(state: GameState, st: Standings) -> tuple[list[str], list[list[str]]]:
    """The standings as a header and rows: rank, player, each season's boxes, total, monsters."""
    seasons = state.seasons
    ranked = not state.setup.solo  # one player has no rank
    header = ["Rank"] * ranked + ["Player"] + [s.name for s in seasons] + ["Total", "Monsters"]
    rows = []
    order = {name: i for i, name in enumerate(state.setup.players)}
    for p in sorted(st.players, key=lambda p: (p.rank, order[p.name])):
        by_season = {r.season: r for r in p.seasons}
        cells = [(f"{r.edict1}+{r.edict2}+{r.coins}-{r.monsters}={r.total}" if (r := by_season.get(s.id))
                  else "missing" if s.id in p.missing else "-") for s in seasons]
        rows.append([str(p.rank)] * ranked + [p.name] + cells + [str(p.total), str(p.monsters)])
    return header, rows


def standings_title(state: GameState, st: Standings) -> list[str]:
    """The lines above the standings table."""
    seasons = state.seasons
    done = [s.name for i, s in enumerate(seasons) if any(row[i] is not None for row in state.scores)]
    title = "Final standings" if st.final else ("Standings after " + done[-1] if done
                                                else "Standings (no season scored yet)")
    return [title, "Each season: edict 1 + edict 2 + coins - monsters = season score"]


def standings_verdict(state: GameState, st: Standings) -> list[str]:
    """The lines below the standings table: who wins or leads, the tie-break, the solo rating."""
    from .. import game as games

    lines = []
    if not st.complete:
        lines.append("(missing: an ended season not recorded yet; the totals count the recorded seasons)")
    top = [p for p in st.players if p.rank == 1]
    if not state.setup.solo:
        if len(top) == 1:
            lines.append(f"{'Winner' if st.final else 'Leading'}: {top[0].name} with {top[0].total}")
        else:
            lines.append(("Winners, sharing first place: " if st.final else "Sharing the lead: ")
                         + ", ".join(p.name for p in top))
        tied = [p for p in st.players if p.total == top[0].total]
        if len(tied) > len(top):
            lines.append(f"Tie on {top[0].total} broken by the fewest stars lost to monsters: "
                         + ", ".join(f"{p.name} {p.monsters}" for p in sorted(tied, key=lambda p: p.monsters)))
    if st.solo is not None:
        numbers = " + ".join(str(games.edict_card(state, x).solo) for x in EDICTS)
        so_far = "" if st.final else " (so far)"
        lines.append(f"Solo rating{so_far}: {st.players[0].total} - ({numbers}) = {st.solo.rating}: {st.solo.title}")
    return lines


def action_words(action: Action, state: GameState) -> str:
    """An action of the log in a few words."""
    from ..game import Draw

    if isinstance(action, Draw):
        return "draw of " + ", ".join(state.card(c).name for c in action.revealed)
    return "record " + record_line(action)


def log_lines(state: GameState, entries: list[tuple[Action, str]]) -> list[str]:
    """Every action of the log, numbered, with the season it belongs to."""
    from ..game import Draw

    out = []
    for n, (action, season) in enumerate(entries, 1):
        if isinstance(action, Draw):
            monster = (f" (cartoref drew the monster on {', '.join(action.monster)}"
                       + (f", +{plural(action.monster_coins, 'coin')})" if action.monster_coins else ")")
                       if action.monster else "")
            out.append(f"{n:>3}  {season:<7} draw    " + ", ".join(state.card(c).name
                                                                    for c in action.revealed) + monster)
        else:
            out.append(f"{n:>3}  {season:<7} record  " + record_line(action)
                       + (" [replaces the earlier one]" if action.replace else ""))
    return out or ["The log is empty: no card drawn yet."]


def erase_note(result: Undone) -> str | None:
    """What undo did on the solo map, if anything."""
    if result.map is None:
        return None
    from ..game import Draw

    assert isinstance(result.undone, Draw)
    if result.error:
        return (f"note: cartoref could not erase the monster at {', '.join(result.undone.monster)} on "
                f"{result.map} ({result.error}); erase it by hand")
    coins = f" and took back {plural(result.coins, 'coin')}" if result.coins else ""
    return f"cartoref erased the monster it drew on {result.map} ({cells_label(result.erased) or 'already gone'}){coins}"


def undo_lines(result: Undone) -> list[str]:
    """What ``undo`` says: the action taken back and where the game now stands."""
    note = erase_note(result)
    return [f"Undone: {action_words(result.undone, result.state)}.", time_track(result.state)] + ([note] if note else [])
