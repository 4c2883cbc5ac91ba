"""A whole solo game played by a policy, through the table's own calls (the same ``draw``,
``place``, ``record`` and ``season-end`` a person runs), leaving an ordinary game file and map
file behind: to watch how a strong player builds a map, and to measure the advisor.

Policies, on the drawings ``hint`` ranks for the card on the table:

- ``hint``: the advisor's first drawing (its worth now and later, and what it leaves the next
  card: ``moves.lookahead`` within ``hint``'s default budget, its sample seeded by the game's seed);
- ``now``: the drawing worth most to this season's score (ties in the one-step order);
- ``random``: any legal drawing, at random (seeded), from the one-step ranking.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..effectrules import GORGON
from ..errors import IllegalPlacement
from .game import Table

POLICIES = ("hint", "now", "random")


class Played(NamedTuple):
    """A solo game played to its end: the files it left, the score, the solo rating and title,
    the number of drawings, the slowest choice."""

    game: str
    map: str
    score: int
    rating: int
    title: str
    drawings: int
    slowest_s: float


def choose(ranked: list, policy: str, rng: random.Random):
    """The drawing a policy picks among the ranked ones."""
    if policy == "hint":
        return ranked[0]
    if policy == "now":
        return max(ranked, key=lambda h: h.now)  # max keeps the first of the best: the advisor's order
    if policy == "random":
        return rng.choice(ranked)
    raise ValueError(f"unknown policy {policy!r}")


def autoplay(game_path: str, map_path: str, *, seed: int, edition: str = "base", sheet: str | None = None,
             policy: str = "hint", budget: int | None = None, ambushes: str | None = None,
             challenge: str | None = None, player: str = "Solo") -> Played:
    """Play a solo game from its setup to its end with ``policy``; the game file and map file are
    written as a person's would be. ``budget``: ``hint``'s look-ahead budget in milliseconds (None:
    its default); ``ambushes``: the ambush deck, as ``new --ambushes`` takes it (the edition's
    own by default); ``challenge``: play that challenge's game (its code or file; ``seed`` then
    seeds only the policy's own choices), as ``player``."""
    import time

    from ..cards import catalog
    from ..game.editions import choose as edition_cards
    from ..mapfile import blank_map
    from .gamefile import new_game
    from .sheets import write_new

    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}")
    rng = random.Random(f"{seed}:{policy}")
    cards = catalog()
    if challenge is not None:
        from .challenges import read_challenge

        played = read_challenge(challenge)
        edition, ambushes, sheet = played.edition, played.ambushes, played.sheet
    chosen = edition_cards(cards, edition, ambushes=ambushes)
    side = cards.sheet_side(sheet or chosen.sheet)
    write_new(map_path, blank_map(side, player), force=True)
    new_game(game_path, played.seed if challenge is not None else seed, (player,), solo=True, sheet=side.id,
             map_file=map_path, force=True, edition=chosen)
    drawings = 0
    slowest = 0.0

    def draw_timed(table: Table) -> bool:
        nonlocal slowest
        started = time.perf_counter()
        drew = _draw_card(table, map_path, policy, rng, seed, budget)
        slowest = max(slowest, time.perf_counter() - started)
        return drew

    while True:
        with Table.open(game_path) as table:
            hand = table.at_hand
            if hand.game_over and all(row[-1] is not None for row in table.state.scores):
                break
            if hand.last_of_season and table.state.scores[0][table.state.deck.season] is None:
                draw_timed(table)
                table.record(player, map_file=map_path)
                _season_effects(table, map_path)
                continue
            drawn_now = (hand.card is not None and not hand.last_of_season and not _drawn(table, map_path)
                         and draw_timed(table))
            if drawn_now:
                drawings += 1
                continue
            # Drawn, or nothing to draw (a monster that fits nowhere is ignored): the next card.
            table.draw()
    with Table.open(game_path) as table:
        st = table.standings()
    solo = st.solo
    assert solo is not None
    return Played(game_path, map_path, st.players[0].total, solo.rating, solo.title, drawings, round(slowest, 3))


def _drawn(table: Table, map_path: str) -> bool:
    from ..mapfile import player_map, read_map

    turn = table.at_hand.turn
    return turn is not None and player_map(read_map(map_path)).drawn_on(turn) is not None


def _draw_card(table: Table, map_path: str, policy: str, rng: random.Random, seed: int = 0,
               budget: int | None = None) -> bool:
    """Draw the card on the table on the solo map as the policy chooses (the monster of an ambush
    is cartoref's to draw, except the gorgon's, whose space the policy chooses too)."""
    from ..cards import AmbushCard
    from ..grid import iter_cells

    card = table.at_hand.card
    if card is None or _drawn(table, map_path):
        return False
    if isinstance(card, AmbushCard):
        if card.acts != GORGON:
            return False  # cartoref drew it with the card
        try:
            _, placed = table.solo_ambush(map_path, card.id)
        except IllegalPlacement as e:
            if e.code != "gorgon-target":
                raise
            targets = list(iter_cells(e.spaces))
            _, placed = table.solo_ambush(map_path, card.id, destroy=rng.choice(targets).label)
        return placed.drawing is not None  # a gorgon that fits nowhere is ignored: nothing was drawn
    # The yardsticks keep the one-step ranking (its order breaks their ties); hint looks ahead.
    ranked = table.hint(map_path, None, quick=policy != "hint", budget=budget, seed=seed).ranked
    if not ranked:
        return False
    best = choose(ranked, policy, rng)
    drawing = best.drawing
    cells = " ".join(c.label for c in iter_cells(drawing.mask))
    if hasattr(drawing, "hero"):
        table.place(map_path, None, cells, orientation=drawing.orientation)
    else:
        table.place(map_path, None, cells, terrain=drawing.terrain)
    return True


def _season_effects(table: Table, map_path: str) -> None:
    """A season's effects after scoring on the solo map (the troll's space: the first it may take)."""
    from ..errors import IllegalAction
    from ..grid import iter_cells

    try:
        table.season_end((map_path,))
    except IllegalPlacement as e:
        if e.code != "troll-target":
            raise
        table.season_end((map_path,), troll=next(iter_cells(e.spaces)).label)
    except IllegalAction:
        return  # no effect after this season (none revealed, or the game is over)
