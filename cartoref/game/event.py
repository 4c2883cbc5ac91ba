"""An event beyond one table: a club night of several tables on one deal, and rounds of separate
games with standings (docs/events.md). Pure: the event as a value, its record's text, the
seating of a round, the standings from the games' results; the table layer reads and writes.

Every table of a round plays the same deal (one seed: the same edicts, the same deck order,
the fair "duplicate" way); each round deals anew. Seating:

- ``random``: the players shuffled by the round's seed, dealt to the tables in turn;
- ``standing``: by the standings so far, the best at table 1 (the top table), and so on;
- ``swiss``: by the standings so far, each table filled with the best player left and then, in
  standing order, the players who have met that table's players least (repeat opponents
  avoided where the field allows).

Tables are as even as the players allow (sizes differ by one at most). A table that would seat
one player alone is no game: that player has a bye (the one lowest in the standings without a
bye yet), scoring no stars and the rank points of the middle place (docs/rulings.md).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ..errors import UsageError
from ..i18n import _

MAGIC = "cartoref-event"
SEATINGS = ("random", "standing", "swiss")
RANKINGS = ("score", "rank")
#: Rank points by place, as online tournaments give them (1st, 2nd, 3rd, 4th; then 0).
DEFAULT_POINTS = (6, 4, 2, 0)


class Round(NamedTuple):
    """One round: its deal's seed, its tables (each the players in seat order), its byes."""

    seed: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()


class Event(NamedTuple):
    """An event: its name, the players, the game's choices, how it ranks, its rounds so far."""

    name: str
    seed: int
    players: tuple[str, ...]
    tables: int
    edition: str = "base"
    sheet: str | None = None
    ambushes: str | None = None
    by: str = "score"  # "score" (total stars) or "rank" (rank points by place at each table)
    points: tuple[int, ...] = DEFAULT_POINTS
    then: str = "rank"  # the second tie-break, after fewest stars lost: "rank", "score" or "wins"
    dropped: tuple[str, ...] = ()
    rounds: tuple[Round, ...] = ()

    @property
    def playing(self) -> tuple[str, ...]:
        """The players still in (not dropped)."""
        return tuple(p for p in self.players if p not in self.dropped)


def game_key(event: str, round_number: int, table: int) -> str:
    """Where a round's table keeps its game in the store (its maps and seats beside it)."""
    return f"{event}/round-{round_number}/table-{table}/game.yaml"


def round_seed(seed: int, number: int) -> int:
    """The deal of round ``number`` (1 for the event's own seed)."""
    if number == 1:
        return seed
    return random.Random(f"{seed}:round:{number}").randrange(10**9)


def table_sizes(players: int, tables: int) -> list[int]:
    """The players at each table, as even as can be (a table seats at most a game's 100: more
    tables than asked when the players need them)."""
    from .opening import MAX_PLAYERS

    tables = max(1, min(tables, players), -(-players // MAX_PLAYERS))
    return [players // tables + (1 if i < players % tables else 0) for i in range(tables)]


def seat(players: list[str], tables: int, how: str, rng: random.Random, order: list[str] | None = None,
         met: dict[frozenset[str], int] | None = None, had_bye: set[str] | None = None
         ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The tables of a round and its byes. ``order``: the players by standing, best first (for
    ``standing``, ``swiss`` and the bye); ``met``: how often each pair has met (``swiss``)."""
    if how not in SEATINGS:
        raise UsageError(_("unknown seating {how} (one of {ways})").format(how=repr(how), ways=", ".join(SEATINGS)),
                         code="seating")
    if not players:
        raise UsageError(_("no player left to seat"), code="no-players")
    ranked = [p for p in (order or []) if p in players] + [p for p in players if p not in (order or [])]
    sizes = table_sizes(len(players), tables)
    byes: list[str] = []
    if len(sizes) > 1 and sizes[-1] == 1:
        # One player alone at a table: a bye, for the lowest in the standings without one yet.
        pool = ranked[::-1] if order else rng.sample(players, len(players))
        bye = next((p for p in pool if p not in (had_bye or set())), pool[0])
        byes.append(bye)
        players = [p for p in players if p != bye]
        ranked = [p for p in ranked if p != bye]
        sizes = table_sizes(len(players), len(sizes) - 1)
    if how == "random":
        shuffled = rng.sample(players, len(players))
        out: list[list[str]] = [[] for _ in sizes]
        i = 0
        for t, size in enumerate(sizes):
            out[t] = shuffled[i:i + size]
            i += size
    elif how == "standing":
        out, i = [], 0
        for size in sizes:
            out.append(ranked[i:i + size])
            i += size
    else:
        out = _swiss(ranked, sizes, met or {})
    return tuple(tuple(t) for t in out), tuple(byes)


def _swiss(ranked: list[str], sizes: list[int], met: dict[frozenset[str], int]) -> list[list[str]]:
    left = list(ranked)
    out = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            # The player met least by those at the table; among equals, the best in the standings.
            best = min(left, key=lambda p: (sum(met.get(frozenset((p, q)), 0) for q in table), left.index(p)))
            table.append(best)
            left.remove(best)
        out.append(table)
    return out


def meetings(event: Event) -> dict[frozenset[str], int]:
    """How often each pair of players has sat at one table."""
    met: dict[frozenset[str], int] = {}
    for r in event.rounds:
        for table in r.tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    return met


class Result(NamedTuple):
    """One player's game at one table of one round, as its game file says."""

    round: int
    table: int
    player: str
    score: int
    monsters: int
    rank: int  # the place at the table (the game's tie-break; a tie shares the better place)
    final: bool  # the game is over and every score is in


class Standing(NamedTuple):
    rank: int
    player: str
    score: int
    points: int
    monsters: int
    wins: int
    games: int
    byes: int
    dropped: bool


def rank_points(points: tuple[int, ...], place: int) -> int:
    return points[place - 1] if 0 < place <= len(points) else 0


def bye_points(points: tuple[int, ...], table_size: int) -> int:
    """A bye's rank points: those of the middle place of a table of the round's usual size."""
    return rank_points(points, (max(table_size, 1) + 1) // 2)


def standings(event: Event, results: list[Result], *, by: str | None = None, then: str | None = None
              ) -> tuple[Standing, ...]:
    """The players ranked: by total stars or rank points (``by``), then fewest stars lost to
    monsters (the game's own tie-break), then ``then`` (the other measure, or first places);
    a tie on all three shares the rank. Rank points come from finished games only."""
    by = by or event.by
    then = then or event.then
    if by not in RANKINGS:
        raise UsageError(_("unknown ranking {by} (one of {ways})").format(by=repr(by), ways=", ".join(RANKINGS)),
                         code="ranking")
    if then not in ("rank", "score", "wins"):
        raise UsageError(_("unknown tie-break {then} (rank, score or wins)").format(then=repr(then)),
                         code="ranking")
    rows: dict[str, dict[str, int]] = {p: {"score": 0, "points": 0, "monsters": 0, "wins": 0, "games": 0, "byes": 0}
                                       for p in event.players}
    for r in results:
        row = rows.setdefault(r.player, {"score": 0, "points": 0, "monsters": 0, "wins": 0, "games": 0, "byes": 0})
        row["score"] += r.score
        row["monsters"] += r.monsters
        row["games"] += 1
        if r.final:
            row["points"] += rank_points(event.points, r.rank)
            row["wins"] += r.rank == 1
    for rnd in event.rounds:
        usual = max((len(t) for t in rnd.tables), default=1)
        for p in rnd.byes:
            rows[p]["byes"] += 1
            rows[p]["points"] += bye_points(event.points, usual)
    first = "score" if by == "score" else "points"
    second = {"rank": "points", "score": "score", "wins": "wins"}[then]

    def key(p: str) -> tuple[int, int, int]:
        row = rows[p]
        return (-row[first], row["monsters"], -row[second])

    order = sorted(rows, key=lambda p: (key(p), p.lower()))
    out, prev, at = [], None, 0
    for i, p in enumerate(order, 1):
        if key(p) != prev:
            at, prev = i, key(p)
        row = rows[p]
        out.append(Standing(at, p, row["score"], row["points"], row["monsters"], row["wins"], row["games"],
                            row["byes"], p in event.dropped))
    return tuple(out)


# ------------------------------------------------------------------------ the event's record


def format_event(event: Event) -> str:
    import yaml

    data: dict[str, Any] = {MAGIC: 1, "name": event.name, "seed": event.seed, "edition": event.edition}
    if event.sheet:
        data["sheet"] = event.sheet
    if event.ambushes:
        data["ambushes"] = event.ambushes
    data.update({"tables": event.tables, "by": event.by, "points": list(event.points), "then": event.then,
                 "players": list(event.players), "dropped": list(event.dropped),
                 "rounds": [{"seed": r.seed, "tables": [list(t) for t in r.tables], "byes": list(r.byes)}
                            for r in event.rounds]})
    head = "# A cartoref event: its players, how it ranks them and each round's tables (cartoref event ...).\n"
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def parse_event(text: str, name: str) -> Event:
    from ..yamlsafe import Limits, load_record

    def bad(why: str) -> UsageError:
        return UsageError(_("{file}: not a cartoref event ({why})").format(file=name, why=why), code="bad-event")

    data, why = load_record(text, MAGIC, Limits(nodes=200_000, depth=8, scalar=400))
    if data is None:
        raise bad(why)
    try:
        rounds = tuple(Round(int(r["seed"]), tuple(tuple(str(p) for p in t) for t in r["tables"]),
                             tuple(str(p) for p in r.get("byes") or ())) for r in data.get("rounds") or ())
        return Event(str(data["name"]), int(data["seed"]), tuple(str(p) for p in data["players"]),
                     int(data["tables"]), str(data.get("edition", "base")), data.get("sheet"),
                     data.get("ambushes"), str(data.get("by", "score")),
                     tuple(int(x) for x in data.get("points") or DEFAULT_POINTS), str(data.get("then", "rank")),
                     tuple(str(p) for p in data.get("dropped") or ()), rounds)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise bad(_("{key} is missing or wrong").format(key=str(e))) from None
