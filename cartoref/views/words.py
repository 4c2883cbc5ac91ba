"""The sentences the table reads, in one place (ready to be translated): plain strings built
from rules values, no rich, no I/O.

A string here is printed as it is, never read as markup, so a player called "[Ann]" stays
"[Ann]" (``terminal.show`` sees to that).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import EDICTS, AmbushCard, Kind
from ..cardtypes import season_in_sentence, shown_name, shown_text
from ..grid import SheetSide, cells_label
from ..i18n import _, clauses, ngettext
from ..tabula import where_said
from ..widths import columns, pad
from . import record_words
from .phrases import (
    ARROW_WORDS,
    CORNER_WORDS,
    coin_track_full,
    count_ambushes,
    count_heroes,
    names,
    sentences,
)
from .record_words import unrecorded_lines

if TYPE_CHECKING:  # pragma: no cover

    from ..cards import ExploreCard, HeroCard
    from ..game import GameState
    from ..game.forecast import Forecast
    from ..table import SoloMonster, Undone

# ---------------------------------------------------------------------------------- the game


def time_track(state: GameState) -> str:
    """The season's time track, e.g. ``Spring 5/8 [#####...]``."""
    from .. import deck as decks
    from .. import game as games

    s = games.season(state)
    used = decks.time_used(state.deck)
    bar = "#" * min(used, s.threshold) + "." * max(s.threshold - used, 0)
    return f"{shown_name(s)} {used}/{s.threshold}  [{bar}]"


def edict_lines(state: GameState, with_text: bool = True) -> list[str]:
    """Each edict letter with its scoring card (and the card's text; always in Japanese, whose
    rulebook knows the cards by their text, not by a name)."""
    from .. import game as games
    from ..i18n import language

    with_text = with_text or language() == "ja"
    out = []
    for x in EDICTS:
        c = games.edict_card(state, x)
        named = _("{card}: {text}").format(card=shown_name(c), text=shown_text(c)) if with_text else shown_name(c)
        out.append(f"  {x}  {named}")
    return out


def season_plan(state: GameState) -> list[str]:
    """Which two edicts each season scores, with its time threshold (the names padded to the
    longest, as the language spells them)."""
    width = max(columns(shown_name(s)) for s in state.seasons) + 1
    return ["  " + _("{season} time {threshold}  scores {first} + {second}").format(
                season=pad(shown_name(s), width), threshold=s.threshold, first=s.edicts[0], second=s.edicts[1])
            for s in state.seasons]


def skill_lines(state: GameState, *, with_text: bool = True) -> list[str]:
    """The skills face up, each with its cost (and what it does): one a season per player, paid
    with coins crossed out on the track."""
    if not state.setup.skills:
        return []
    lines = [_("Skills (one a season each, paid with coins crossed out on the track):")]
    for skill in (state.catalog.skill(s) for s in state.setup.skills):
        cost = ngettext("{n} coin", "{n} coins", skill.cost).format(n=skill.cost)
        if with_text:
            lines.append("  " + _("{skill} ({cost}): {effect}").format(skill=shown_name(skill), cost=cost,
                                                                     effect=shown_text(skill)))
        else:
            lines.append("  " + _("{skill} ({cost})").format(skill=shown_name(skill), cost=cost))
    return lines


def rolled_lines(side: SheetSide) -> list[str]:
    """Where a rolled sheet's dice put its spaces, for every player to draw on their sheet."""
    if side.roll is None:
        return []
    return [_("The dice (seed {seed}) put the {where}: every player draws them on their sheet.").format(
        seed=side.roll[0], where=where_said(side))]


def new_lines(state: GameState, path: str) -> list[str]:
    """What ``new`` says: the players, the edicts with their texts and the season plan."""
    from .. import game as games

    st = state.setup
    side = state.side
    if st.solo:
        head = _("New game: a solo game for {player}, on the {side} side ({letter}) of the map sheet.").format(
            player=st.players[0], side=shown_name(side), letter=side.letter)
    else:
        n = len(st.players)
        head = ngettext("New game: a game for {n} player: {players}, on the {side} side ({letter}) of the map sheet.",
                        "New game: a game for {n} players: {players}, on the {side} side ({letter}) of the map sheet.",
                        n).format(n=n, players=", ".join(st.players), side=shown_name(side), letter=side.letter)
    lines = [head] + rolled_lines(side) + ["", _("Edicts:")]
    lines += edict_lines(state)
    if games.edicts_apart_from_categories(state):
        lines.append("  " + _("(note: these edicts are not one scoring card from each category)"))
    if st.skills:
        lines += [""] + skill_lines(state)
    lines += ["", _("Seasons:")] + season_plan(state)
    if st.edition != "base":
        lines += ["", cards_line(state)]
    if st.map is not None:
        lines.append(_("Solo map: {map} (cartoref draws each ambush's monster on it)").format(map=st.map))
    from .. import deck as decks

    ambushes = len(decks.ambushes_in(state.deck, state.deck.remaining))
    heroes = len(decks.heroes_in(state.deck, state.deck.remaining))
    cards = len(state.deck.remaining)
    season = shown_name(state.deck.season_card).lower()
    if heroes:
        shuffled = ngettext("Shuffled {season}'s deck: {n} card, {ambushes}, {heroes}.",
                            "Shuffled {season}'s deck: {n} cards, {ambushes}, {heroes}.", cards)
    else:
        shuffled = ngettext("Shuffled {season}'s deck: {n} card, {ambushes}.",
                            "Shuffled {season}'s deck: {n} cards, {ambushes}.", cards)
    shuffled = shuffled.format(season=season, n=cards, ambushes=count_ambushes(ambushes), heroes=count_heroes(heroes))
    lines += ["", sentences([_("Saved in {path}.").format(path=path), shuffled])]
    return lines


def _explore_part(sets: str, ruins: bool, n: int) -> str:
    """The explore cards of a Heroes or combined game (``sets``: base, heroes or both)."""
    if ruins:
        words = {"base": _("the base game's explore cards and the two ruins cards ({n})"),
                 "heroes": _("the Heroes explore cards and the two ruins cards ({n})"),
                 "both": _("both games explore cards and the two ruins cards ({n})")}
    else:
        words = {"base": _("the base game's explore cards ({n})"),
                 "heroes": _("the Heroes explore cards ({n})"),
                 "both": _("both games explore cards ({n})")}
    return words[sets].format(n=n)


def _ambush_part(sets: str, n: int) -> str:
    """The ambushes of a Heroes or combined game (``sets``: base, heroes or both)."""
    if sets == "base":
        text = ngettext("{n} ambush from the base game's cards, one joining each season",
                        "{n} ambushes from the base game's cards, one joining each season", n)
    elif sets == "heroes":
        text = ngettext("{n} ambush from the Heroes cards, one joining each season",
                        "{n} ambushes from the Heroes cards, one joining each season", n)
    else:
        text = ngettext("{n} ambush from both games' cards, one joining each season",
                        "{n} ambushes from both games' cards, one joining each season", n)
    return text.format(n=n)


def cards_line(state: GameState) -> str:
    """What a Heroes or combined game plays with, in one sentence."""
    st, cards = state.setup, state.deck.cards
    explore_sets = {c.set for c in cards.explore if c.kind == Kind.EXPLORE}
    ruins = [c for c in cards.explore if c.kind == Kind.RUINS]
    parts = [_explore_part(str(explore_sets.pop()) if len(explore_sets) == 1 else "both", bool(ruins),
                           len(cards.explore))]
    ambush_sets = sorted({a.set for a in cards.ambushes})
    if ambush_sets:  # every edition has ambushes
        parts.append(_ambush_part("both" if len(ambush_sets) > 1 else str(ambush_sets[0]), len(cards.ambushes)))
    if cards.heroes:
        n = len(cards.heroes)
        parts.append(ngettext("{n} hero, one joining each season", "{n} heroes, one joining each season", n)
                     .format(n=n))
    thresholds = "/".join(str(s.threshold) for s in cards.seasons)
    parts.append((_("the base game's season cards ({thresholds})") if st.seasons == "base"
                  else _("the Heroes season cards ({thresholds})")).format(thresholds=thresholds))
    if st.edition == "heroes":
        return _("Cards: Cartographers Heroes: {parts}.").format(parts=clauses(parts))
    return _("Cards: the two games combined: {parts}.").format(parts=clauses(parts))


def season_begins(state: GameState) -> str:
    """The line that opens a new season."""
    from .. import deck as decks

    s = state.deck.season_card
    ambushes = len(decks.ambushes_in(state.deck, state.deck.order))
    heroes = len(decks.heroes_in(state.deck, state.deck.order))
    if heroes:
        text = _("{season} begins: all {n} explore cards shuffled with {ambushes} and {heroes}. It ends at "
                 "time {threshold} and scores edicts {first} and {second}.")
    else:
        text = _("{season} begins: all {n} explore cards shuffled with {ambushes}. It ends at time "
                 "{threshold} and scores edicts {first} and {second}.")
    return text.format(season=season_in_sentence(s), n=len(state.deck.cards.explore), ambushes=count_ambushes(ambushes),
                       heroes=count_heroes(heroes), threshold=s.threshold, first=s.edicts[0], second=s.edicts[1])


def pass_word(card: AmbushCard, solo: bool) -> str | None:
    """Which way the maps go for an ambush (None in a solo game: no map is passed); the English
    word, for ``--json``."""
    return None if solo else ARROW_WORDS[card.arrow]


def pass_line(pairs: Sequence[tuple[str, str]], limit: int = 8) -> str:
    """``Ann's map goes to Bob, Bob's to Cy, Cy's to Ann.``"""
    parts = [(_("{giver}'s map goes to {taker}") if n == 0 else _("{giver}'s to {taker}")).format(giver=a, taker=b)
             for n, (a, b) in enumerate(pairs[:limit])]
    if len(pairs) > limit:
        return ngettext("{passes}, and so on round the table ({n} player).",
                        "{passes}, and so on round the table ({n} players).",
                        len(pairs)).format(passes=", ".join(parts), n=len(pairs))
    return _("{passes}.").format(passes=", ".join(parts))


def ambush_lines(card: AmbushCard, state: GameState, pending_after: bool, *,
                 with_passes: bool = True) -> tuple[str, list[str]]:
    """The heading above an ambush's monster shape, and what the table does with it (at a table
    of three or more, who passes to whom unless ``with_passes`` is false: the TV shows every pair
    itself)."""
    from .. import game as games

    head = _("AMBUSH! {name} (time 0): draw this monster shape").format(name=shown_name(card))
    if state.setup.solo:
        lines = [_("Solo: you draw the monster on your own map. From the {corner} corner, going {arrow} along the "
                   "map edge, draw the monster exactly as printed (never rotated or mirrored) at the first place "
                   "it fits; if it fits nowhere on the edge, move one space inward and try again from the same "
                   "corner; if it fits nowhere at all, ignore this ambush.")
                 .format(corner=_(CORNER_WORDS[card.corner]), arrow=_(ARROW_WORDS[card.arrow]))]
    elif len(state.setup.players) == 2:
        lines = [_("Pass your map to the other player, who draws the monster on it (rotated or mirrored "
                   "as they like; if it cannot fit, one monster space anywhere). Then the maps go back.")]
    else:
        if card.arrow == "cw":
            passing = _("Pass your map clockwise (to the player on your left); your neighbour draws the "
                        "monster on it (rotated or mirrored as they like; if it cannot fit, one monster space "
                        "anywhere). Then the maps go back.")
        else:
            passing = _("Pass your map counterclockwise (to the player on your right); your neighbour draws the "
                        "monster on it (rotated or mirrored as they like; if it cannot fit, one monster space "
                        "anywhere). Then the maps go back.")
        lines = [passing]
        if with_passes:
            lines.append(pass_line(games.passes(state.setup.players, card.arrow)))
    if card.initial:
        lines.append(_("Write {initial} in each of its spaces. {effect} If the shape fits nowhere, "
                       "the one monster space drawn instead has no initial and no effect.")
                     .format(initial=card.initial, effect=shown_text(card)))
    if pending_after:
        lines.append(_("The monster need not cover ruins: the ruins obligation passes to the next explore card."))
    return head, lines


def hero_lines(card: HeroCard, pending_after: bool, solo: bool = False) -> tuple[str, list[str]]:
    """The heading above a hero's attack pattern, and what every player (or the solo player) does."""
    if solo:
        head = _("HERO! {name} (time 0): draw the hero (H) in one empty space and mark "
                 "the spaces it attacks (x), the pattern turned or mirrored as you like:")
    else:
        head = _("HERO! {name} (time 0): every player draws the hero (H) in one empty space and marks "
                 "the spaces it attacks (x), the pattern turned or mirrored as they like:")
    lines = [_("Every monster space in the marks is destroyed (X) at once, and any monster drawn there "
               "later is destroyed as soon as it is drawn; marks beyond the map edge are lost.")]
    if pending_after:
        lines.append(_("The hero need not cover ruins: the ruins obligation passes to the next explore card."))
    return head.format(name=shown_name(card)), lines


def ruins_card_line(card: ExploreCard) -> str:
    """A ruins card revealed."""
    return _("{name} (ruins, time 0): reveal the next card at once.").format(name=shown_name(card))


def ruins_obligation(card: ExploreCard) -> str:
    """The explore card that follows ruins."""
    return _("RUINS: the shape drawn from {name} must cover an empty ruins space. If no shape "
             "can, or no ruins space is left empty, fill any one empty space with any terrain except "
             "mountain instead.").format(name=shown_name(card))


def season_end_lines(state: GameState) -> list[str]:
    """Exactly what to score at the end of the current season."""
    from .. import deck as decks
    from .. import game as games

    s = games.season(state)
    season = season_in_sentence(s)
    used = decks.time_used(state.deck)
    solo = state.setup.solo
    if solo:
        lines = [_("This is the last card of {season}: draw it first.").format(season=season),
                 _("{season} is over (time {used}/{threshold}). You score:")
                 .format(season=season, used=used, threshold=s.threshold)]
    else:
        lines = [_("This is the last card of {season}: everyone draws it first.").format(season=season),
                 _("{season} is over (time {used}/{threshold}). Every player scores:")
                 .format(season=season, used=used, threshold=s.threshold)]
    for x, _id, _name in games.scoring_now(state):
        lines.append("  " + _("edict {letter}: {name}").format(letter=x, name=shown_name(games.edict_card(state, x))))
    lines += ["  " + _("+ 1 per coin on the coin track"),
              "  " + _("- 1 per empty space next to a monster space")]
    effects = games.after_scoring(state)
    if games.game_over(state):
        lines.append(_("That was {season}: the game ends with this scoring.").format(season=season.lower()))
    elif effects:
        def effect(a: str) -> str:
            # Each card's text is a sentence of its own: its full stop goes, the list's ends it.
            text = shown_text(state.card(a)).strip().rstrip(".。")
            return f"{shown_name(state.card(a))}: {text[:1].lower()}{text[1:]}"

        done = clauses(effect(a) for a in effects)
        lines.append((_("After scoring, on your map, in this order: {effects}.") if solo
                      else _("After scoring, on every map, in this order: {effects}.")).format(effects=done))
    return lines


def card_note(state: GameState, *, with_passes: bool = True) -> str:
    """What the table does with the card on the table beyond drawing it: an ambush's passing
    (who to whom, unless ``with_passes`` is false), a hero's marks, the ruins obligation; or "".
    Solo, an ambush's corner and direction; at a table of several, never (nobody draws by the
    solo procedure there)."""
    from .. import game as games
    from ..cards import ExploreCard, HeroCard

    card_id, ruins = games.card_on_table(state)
    card = state.card(card_id) if card_id else None
    pending = state.deck.ruins_pending
    if isinstance(card, AmbushCard):
        return sentences(ambush_lines(card, state, pending, with_passes=with_passes)[1])
    if isinstance(card, HeroCard):
        return sentences(hero_lines(card, pending, state.setup.solo)[1])
    if ruins and isinstance(card, ExploreCard):
        return ruins_obligation(card)
    return ""


def solo_monster_lines(placed: SoloMonster | None, track: int) -> list[str]:
    """What cartoref did on the solo map for an ambush."""
    if placed is None:
        return []
    if placed.error:
        return [_("cartoref could not draw the monster on your map ({error}): draw it by hand.")
                .format(error=placed.error)]
    if placed.yours:
        return [_("The gorgon's target is yours to choose: draw its monster on {map} by the solo "
                  "procedure, and destroy a space next to it (not a mountain).").format(map=placed.map)]
    if not placed.spaces:
        return [_("The monster fits nowhere on {map}: this ambush is ignored.").format(map=placed.map)]
    line = _("cartoref drew the monster on {map} at {spaces}.").format(map=placed.map,
                                                                     spaces=cells_label(placed.spaces))
    if placed.coins:
        # The English says "coin" for any number (as it always has); a catalog gives each form.
        line += " " + ngettext("It surrounds a mountain: +{n} coin.", "It surrounds a mountain: +{n} coin.",
                               placed.coins).format(n=placed.coins)
    full = coin_track_full(track, placed.lost)
    return [line + (f" ({full})" if full else "")]


def status_lines(state: GameState, odds: Forecast | None = None) -> list[str]:
    """What ``status`` says: the season, its column, the deck counts, edicts, who recorded, and
    the forecast of the season's end (``odds``, as the table worked it out; None: none said)."""
    from .. import deck as decks
    from .. import game as games

    d = state.deck
    s = games.season(state)
    done = games.recorded(state)
    all_in = len(done) == len(state.setup.players)
    if games.game_over(state):
        phase = _("the game is over") if all_in else _("the game is over, waiting for scores")
    elif games.season_over(state):
        phase = (_("season over, every score recorded, the next season is ready") if all_in
                 else _("season over, waiting for your score") if state.setup.solo
                 else _("season over, waiting for scores"))
    else:
        phase = _("running")
    lines = [f"{time_track(state)}   {phase}"]
    column = ", ".join(f"{shown_name(d.cards.by_id[c])} ({d.cards.by_id[c].time})" for c in d.column)
    lines.append(_("Column: {cards}").format(cards=column or _("no card yet")))
    hidden = len(decks.ambushes_in(d, d.remaining))
    ambushes = (_("none of them an ambush") if not hidden
                else ngettext("{n} of them an ambush", "{n} of them ambushes", hidden).format(n=hidden))
    face_down = len(d.remaining)
    if d.cards.heroes:
        deck = ngettext("Deck: {n} card face down, {ambushes}, {heroes}",
                        "Deck: {n} cards face down, {ambushes}, {heroes}", face_down)
    else:
        deck = ngettext("Deck: {n} card face down, {ambushes}", "Deck: {n} cards face down, {ambushes}", face_down)
    lines.append(deck.format(n=face_down, ambushes=ambushes,
                             heroes=count_heroes(len(decks.heroes_in(d, d.remaining)))))
    if d.ruins_card:
        lines.append(_("Ruins: the shape drawn from {name} must cover an empty ruins space")
                     .format(name=shown_name(d.cards.by_id[d.ruins_card])))
    elif d.ruins_pending:
        lines.append(_("Ruins: the next explore card's shape must cover an empty ruins space"))
    lines += [_("Edicts:")] + edict_lines(state, with_text=False)
    lines += skill_lines(state, with_text=False)
    lines.append(_("Scoring this season: {first} + {second}, coins, monsters").format(first=s.edicts[0],
                                                                                    second=s.edicts[1]))
    missing = games.waiting(state)
    counts = {"season": season_in_sentence(s), "done": len(done), "total": len(state.setup.players)}
    if missing and games.season_over(state):
        lines.append(_("Recorded for {season}: {done}/{total}; waiting for {players}")
                     .format(players=names(missing), **counts))
    else:
        lines.append(_("Recorded for {season}: {done}/{total}").format(**counts))
    if odds is not None and not games.season_over(state):
        from .odds import forecast_summary

        lines.append(_("Forecast: {forecast}").format(forecast=forecast_summary(odds)))
    effects = games.after_scoring(state)
    if effects and not games.game_over(state):
        order = [shown_name(d.cards.by_id[a]) for a in effects]
        then = order[0]
        for name in order[1:]:
            then = _("{first}, then {next}").format(first=then, next=name)
        lines.append((_("After each season's scoring, on your map: {effects}") if state.setup.solo
                      else _("After each season's scoring, on every map: {effects}")).format(effects=then))
    return lines + unrecorded_lines(state, but=s.id)


def undo_lines(result: Undone) -> list[str]:
    """What ``undo`` says: the action taken back and where the game now stands."""
    notes = [n for n in (record_words.erase_note(result), record_words.later_note(result)) if n]
    return [_("Undone: {action}.").format(action=record_words.action_words(result.undone, result.state)),
            time_track(result.state)] + notes


def referee_draw_lines(state: GameState, skipped: Sequence[str], card: str | None, scored: bool) -> list[str]:
    """What a forced draw went on without, and that the season before it was scored first (the
    referee's draw, on the table page and on the command line alike)."""
    lines = []
    if skipped and card is not None:
        lines.append(_("Drawn anyway: {players} did not draw {card}.").format(
            players=names(list(skipped)), card=shown_name(state.catalog.any_card(card))))
    if scored:
        lines.append(_("The season was scored first, every seated map as it stood."))
    return lines
