"""What the game commands say to the table: plain lines of text, with the card drawings from
``render``. No rules here; rich is imported only inside the functions that draw.

Each function returns a list of items for ``show``: a ``str`` is one line printed as it is
(never read as rich markup, so a player called "[Ann]" stays "[Ann]"), anything else is a
rich renderable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import deck as decks
from . import game as games
from .cards import EDICTS, AmbushCard, ExploreCard
from .game import Draw, GameState, Record

CORNER_WORDS = {"nw": "top-left", "ne": "top-right", "sw": "bottom-left", "se": "bottom-right"}
ARROW_WORDS = {"cw": "clockwise", "ccw": "counterclockwise"}
Items = list[Any]


def show(items: Items) -> None:
    """Print items on standard output: strings as plain text, others as rich renderables."""
    from rich.text import Text

    from .render import console

    out = console()
    for item in items:
        out.print(Text(item) if isinstance(item, str) else item, soft_wrap=isinstance(item, str))


def time_track(state: GameState) -> str:
    """The season's time track, e.g. ``Spring 5/8 [#####...]``."""
    s = games.season(state)
    used = decks.time_used(state.deck, state.cards)
    bar = "#" * min(used, s.threshold) + "." * max(s.threshold - used, 0)
    return f"{s.name} {used}/{s.threshold}  [{bar}]"


def edict_lines(state: GameState, with_text: bool = True) -> list[str]:
    """Each edict letter with its scoring card (and the card's text)."""
    out = []
    for x in EDICTS:
        c = games.edict_card(state, x)
        out.append(f"  {x}  {c.name}" + (f": {c.text}" if with_text else ""))
    return out


def season_plan(state: GameState) -> list[str]:
    """Which two edicts each season scores, with its time threshold."""
    return [f"  {s.name:<7} time {s.threshold}  scores {s.edicts[0]} + {s.edicts[1]}" for s in state.cards.seasons]


def new_view(state: GameState, path: str) -> Items:
    """What ``new`` prints: the players, the edicts with their texts and the season plan."""
    st = state.setup
    who = f"a solo game for {st.players[0]}" if st.solo else f"a game for {len(st.players)} players: " + ", ".join(st.players)
    side = state.cards.sheet_side(st.sheet)
    items: Items = [f"New game: {who}, on the {side.name} side ({side.letter}) of the map sheet.", "", "Edicts:"]
    items += edict_lines(state)
    if games.edicts_apart_from_categories(state):
        items.append("  (note: these edicts are not one scoring card from each category)")
    items += ["", "Seasons:"] + season_plan(state)
    if st.map is not None:
        items.append(f"Solo map: {st.map} (cartoref draws each ambush's monster on it)")
    items += ["", f"Saved in {path}. Shuffled spring's deck: {len(state.deck.remaining)} cards, "
              f"1 ambush. Reveal the first card with `cartoref draw`."]
    return items


def _card_items(card: Any, state: GameState, pending_after: bool, ruins_card: str | None) -> Items:
    from .grid import Terrain
    from .render import explore_card_view, shape_text

    if isinstance(card, AmbushCard):
        items: Items = [f"AMBUSH! {card.name} (time 0): draw this monster shape", shape_text(card.shape, Terrain.MONSTER)]
        arrow = ARROW_WORDS[card.arrow]
        if state.setup.solo:
            items.append(
                f"Solo: no map is passed. From the {CORNER_WORDS[card.corner]} corner, going {arrow} along the "
                "map edge, draw the monster exactly as printed (never rotated or mirrored) at the first place "
                "it fits; if it fits nowhere on the edge, move one space inward and try again from the same "
                "corner; if it fits nowhere at all, ignore this ambush.")
        elif len(state.setup.players) == 2:
            items.append("Pass your map to the other player, who draws the monster on it (rotated or mirrored "
                         "as they like; if it cannot fit, one monster space anywhere). Then the maps go back.")
        else:
            side = "left" if card.arrow == "cw" else "right"
            items.append(f"Pass your map {arrow} (to the player on your {side}); your neighbour draws the "
                         "monster on it (rotated or mirrored as they like; if it cannot fit, one monster space "
                         "anywhere). Then the maps go back.")
        if pending_after:
            items.append("The monster need not cover ruins: the ruins obligation passes to the next explore card.")
        return items
    assert isinstance(card, ExploreCard)
    if card.kind == "ruins":
        return [f"{card.name} (ruins, time 0): reveal the next card at once."]
    items = [explore_card_view(card)]
    if card.id == ruins_card:
        items.append(f"RUINS: the shape drawn from {card.name} must cover an empty ruins space. If no shape "
                     "can, or no ruins space is left empty, fill any one empty space with any terrain except "
                     "mountain instead.")
    return items


def draw_view(state: GameState, revealed: Sequence[str], new_season: bool) -> Items:
    """What ``draw`` prints: the cards revealed, what to do, the time track, the season's end."""
    by_id = decks.deck_cards(state.cards)
    s = games.season(state)
    items: Items = []
    if new_season:
        ambushes = len(decks.ambushes_in(state.deck.order, state.cards))
        items += [f"{s.name} begins: all 13 explore cards shuffled with {ambushes} ambush(es). "
                  f"It ends at time {s.threshold} and scores edicts {s.edicts[0]} and {s.edicts[1]}.", ""]
    for n, cid in enumerate(revealed):
        last = n == len(revealed) - 1
        items += _card_items(by_id[cid], state, last and state.deck.ruins_pending, state.deck.ruins_card)
    items += ["", time_track(state)]
    if games.season_over(state):
        items += [""] + season_end_lines(state)
    return items


def season_end_lines(state: GameState) -> list[str]:
    """Exactly what to score at the end of the current season."""
    s = games.season(state)
    used = decks.time_used(state.deck, state.cards)
    lines = [f"{s.name} is over (time {used}/{s.threshold}). Every player scores:"]
    for x, _, name in games.scoring_now(state):
        lines.append(f"  edict {x}: {name}")
    lines += ["  + 1 per coin on the coin track",
              "  - 1 per empty space next to a monster space",
              "Then record each sheet: cartoref record PLAYER MAP",
              "  (or hand-scored: cartoref record PLAYER --edict1 N --edict2 N --coins N --monsters N)"]
    if games.game_over(state):
        lines.append("That was winter: the game ends with this scoring; then see `cartoref standings`.")
    return lines


def status_view(state: GameState) -> Items:
    """What ``status`` prints: the season, its column, the deck counts, edicts, who recorded."""
    st = games.status(state)
    by_id = decks.deck_cards(state.cards)
    s = games.season(state)
    all_in = len(st["recorded"]) == len(st["players"])
    if st["game_over"]:
        phase = "the game is over" + ("" if all_in else ", waiting for scores")
    elif st["season_over"]:
        phase = "season over, " + ("every score recorded: `cartoref draw` starts the next season" if all_in
                                   else "waiting for scores")
    else:
        phase = "running"
    items: Items = [f"{time_track(state)}   {phase}"]
    column = ", ".join(f"{by_id[c['id']].name} ({c['time']})" for c in st["column"]) or "no card yet"
    items.append(f"Column: {column}")
    items.append(f"Deck: {st['deck_size']} cards face down, {st['ambushes_in_deck']} of them ambush(es)")
    if state.deck.ruins_card:
        items.append(f"Ruins: the shape drawn from {by_id[state.deck.ruins_card].name} must cover an empty ruins space")
    elif state.deck.ruins_pending:
        items.append("Ruins: the next explore card's shape must cover an empty ruins space")
    items += ["Edicts:"] + edict_lines(state, with_text=False)
    items.append(f"Scoring this season: {s.edicts[0]} + {s.edicts[1]}, coins, monsters")
    done = st["recorded"]
    waiting = [p for p in st["players"] if p not in done]
    line = f"Recorded for {s.name}: {len(done)}/{len(st['players'])}"
    if waiting and st["season_over"]:
        line += "; waiting for " + _names(waiting)
    items.append(line)
    return items


def _names(names: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def record_line(rec: Record, state: GameState) -> str:
    """One recorded season in words and figures."""
    coins = f"{rec.coins} coin{'s' * (rec.coins != 1)}"
    src = f" from {rec.source}" if rec.source else " (hand-scored)"
    return (f"{rec.player}, {rec.season}: {rec.edict1} + {rec.edict2} + {coins} - {rec.monsters} "
            f"monster{'s' * (rec.monsters != 1)} = {rec.total}{src}")


def record_view(rec: Record, state: GameState, report: Any = None) -> Items:
    """What ``record`` prints: the breakdown (from a map) and who is still to record."""
    items: Items = []
    if report is not None:
        from .render import report_title, score_table

        items.append(score_table(report, title=report_title(report, rec.source or rec.player)))
    items.append(("Replaced " if rec.replace else "Recorded ") + record_line(rec, state))
    waiting = [p for p in state.setup.players if p not in games.recorded(state)]
    if waiting:
        items.append("Still to record: " + _names(waiting))
    elif games.game_over(state):
        items.append("Every score is in: the game is over. See `cartoref standings`.")
    else:
        nxt = state.cards.seasons[state.deck.season + 1].name
        items.append(f"Every score is in. `cartoref draw` starts {nxt}.")
    return items


def _season_cell(r: dict[str, Any]) -> str:
    return f"{r['edict1']}+{r['edict2']}+{r['coins']}-{r['monsters']}={r['total']}"


def standings_view(state: GameState) -> Items:
    """What ``standings`` prints: a table of each player's seasons, totals, ranks, winners."""
    data = games.standings(state)
    seasons = [s for s in state.cards.seasons]
    header = ["Rank", "Player"] + [s.name for s in seasons] + ["Total", "Monsters"]
    rows = []
    for p in sorted(data["players"], key=lambda p: (p["rank"], state.setup.players.index(p["name"]))):
        by_season = {r["season"]: r for r in p["seasons"]}
        rows.append([str(p["rank"]), p["name"]] + [_season_cell(by_season[s.id]) if s.id in by_season else "-"
                                                   for s in seasons] + [str(p["total"]), str(p["monsters"])])
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    right = {0, len(header) - 2, len(header) - 1}

    def fmt(r: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()

    done = [s.name for i, s in enumerate(seasons) if any(row[i] is not None for row in state.scores)]
    title = "Final standings" if data["final"] else ("Standings after " + done[-1] if done else "Standings (no season scored yet)")
    items: Items = [title, "Each season: edict 1 + edict 2 + coins - monsters = season score", "", fmt(header)]
    items += [fmt(r) for r in rows]
    items.append("")
    top = [p for p in data["players"] if p["rank"] == 1]
    if not state.setup.solo:
        word = "Winner" if data["final"] else "Leading"
        if len(top) == 1:
            items.append(f"{word}: {top[0]['name']} with {top[0]['total']}")
        else:
            items.append(f"{word}s, sharing first place: " + ", ".join(p["name"] for p in top))
        tied = [p for p in data["players"] if p["total"] == top[0]["total"]]
        if len(tied) > len(top):
            items.append(f"Tie on {top[0]['total']} broken by the fewest stars lost to monsters: "
                         + ", ".join(f"{p['name']} {p['monsters']}" for p in sorted(tied, key=lambda p: p["monsters"])))
    solo = data["solo"]
    if solo is not None:
        cards = [games.edict_card(state, x) for x in EDICTS]
        numbers = " + ".join(str(c.solo) for c in cards)
        so_far = "" if data["final"] else " (so far)"
        items.append(f"Solo rating{so_far}: {data['players'][0]['total']} - ({numbers}) = {solo['rating']}: "
                     f"{solo['title']}")
    return items


def log_lines(state: GameState) -> list[str]:
    """Every action of the log, numbered, with the season it belongs to."""
    by_id = decks.deck_cards(state.cards)
    out = []
    for n, (action, season) in enumerate(games.iter_log(state), 1):
        if isinstance(action, Draw):
            out.append(f"{n:>3}  {season:<7} draw    " + ", ".join(by_id[c].name for c in action.revealed))
        else:
            out.append(f"{n:>3}  {season:<7} record  " + record_line(action, state)
                       + (" [replaces the earlier one]" if action.replace else ""))
    return out or ["The log is empty: no card drawn yet."]


def undo_view(undone: Any, state: GameState) -> Items:
    """What ``undo`` prints: the action taken back and where the game now stands."""
    by_id = decks.deck_cards(state.cards)
    if isinstance(undone, Draw):
        what = "draw of " + ", ".join(by_id[c].name for c in undone.revealed)
    else:
        what = "record " + record_line(undone, state)
    return [f"Undone: {what}.", time_track(state)]
