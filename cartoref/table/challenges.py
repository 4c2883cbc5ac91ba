"""Solo challenges at the table: publishing one (a code and a file), setting up a player's game
of it, verifying the games handed in (each replayed from its log and its map's history) and
ranking the verified ones.

What ``challenge verify`` found is kept beside the challenge file (``week49.results.json`` for
``week49.yaml``, in the run's store; JSON, read in milliseconds for ten thousand games), one entry per game handed in with the fingerprint of its
game and map texts: a game handed in again unchanged is not replayed again, a changed one is,
and ``challenge leaderboard`` reads only that record (fast for ten thousand players).
"""

from __future__ import annotations

import hashlib
import os
from typing import TYPE_CHECKING, NamedTuple

from ..errors import CartorefError, UsageError
from ..i18n import _
from ..store import current

if TYPE_CHECKING:  # pragma: no cover
    from ..game.challenge import Challenge
    from ..store import Store

#: The largest results record read back (ten thousand entries are about 3 MB).
RESULTS_LIMIT = 64 << 20


class Published(NamedTuple):
    challenge: Challenge
    file: str | None


class Entry(NamedTuple):
    """One game handed in, as verified: whose, where, its fingerprint and the verdict."""

    game: str
    player: str
    fingerprint: str
    step: str
    why: str
    score: int
    rating: int | None
    title: str | None
    monsters: int
    turns: int

    @property
    def verified(self) -> bool:
        return not self.step


class Verified(NamedTuple):
    """What ``challenge verify`` did: each game's entry, how many were replayed now (the rest
    unchanged since the record), and where the record is kept (None: no challenge file)."""

    challenge: Challenge
    entries: tuple[Entry, ...]
    replayed: int
    record: str | None


class Ranked(NamedTuple):
    rank: int
    entry: Entry


class Board(NamedTuple):
    """The leaderboard: the verified games ranked (score, then fewest stars lost to monsters;
    still tied, the rank is shared), and how many were handed in and refused."""

    challenge: Challenge
    ranked: tuple[Ranked, ...]
    refused: int


def publish(name: str, edition: str, sheet: str | None, seed: int, ambushes: str | None = None,
            output: str | None = None, force: bool = False) -> Published:
    """A new challenge (its edicts dealt by ``seed``), written to ``output`` when named."""
    from ..cards import catalog
    from ..game.challenge import Challenge, format_challenge, setup_of
    from ..game.editions import choose
    from .sheets import write_new

    cards = catalog()
    chosen = choose(cards, edition, ambushes=ambushes)
    challenge = Challenge(name, edition, cards.sheet_side(sheet or chosen.sheet).id, seed, ambushes)
    challenge = challenge._replace(edicts=setup_of(challenge, cards).edicts)
    if output is not None:
        write_new(output, format_challenge(challenge, cards), force=force)
    return Published(challenge, output)


def read_challenge(named: str, store: Store | None = None) -> Challenge:
    """The challenge a person names: a challenge file (in the run's store), else a code."""
    from ..cards import catalog
    from ..game.challenge import parse_challenge, parse_code

    store = store or current()
    if store.exists(named):
        from ..files import TooLarge

        try:
            text = store.read(named, 1 << 16)
        except (OSError, TooLarge, UnicodeDecodeError) as e:
            raise UsageError(_("{file}: cannot read the challenge file ({reason})").format(
                file=named, reason=str(e)), code="bad-challenge") from None
        return parse_challenge(text, named, catalog())
    looks_like_file = named.endswith((".yaml", ".yml")) or os.sep in named
    if looks_like_file:
        raise UsageError(_("{file}: no challenge file here (give its file or its code)").format(file=named),
                         code="no-challenge")
    return parse_code(named)


def set_up_challenge(path: str, named: str, player: str | None, map_file: str | None, force: bool):
    """A solo game of the challenge ``named`` (a file or a code), saved in ``path``."""
    from ..cards import catalog
    from ..game.editions import choose
    from .gamefile import new_game

    challenge = read_challenge(named)
    cards = catalog()
    edition = choose(cards, challenge.edition, explore=challenge.explore, ambushes=challenge.ambushes,
                     heroes=challenge.heroes, seasons=challenge.seasons)
    return new_game(path, challenge.seed, (player,) if player else (), solo=True, sheet=challenge.sheet,
                    map_file=map_file, force=force, edition=edition, cards=cards), challenge


def results_key(challenge_file: str) -> str:
    return challenge_file.removesuffix(".yaml").removesuffix(".yml") + ".results.json"


def submissions(named: tuple[str, ...], store: Store) -> list[str]:
    """The game files handed in: each one named, and every game file in each folder named."""
    from .gamefile import looks_like_game

    out: list[str] = []
    for name in named:
        if store.exists(name) and not (store is current() and os.path.isdir(name)):
            out.append(name)
            continue
        found = [k for k in store.keys(name) if k.endswith((".yaml", ".yml"))
                 and not k.endswith(".seats.yaml")]
        if not found and not store.has_folder(name):
            raise UsageError(_("{file}: no game file or folder here").format(file=name), code="no-file")
        out += [key for key in found if looks_like_game(key, store)]
    return out


def verify(named: str, games: tuple[str, ...], *, keep: bool = True) -> Verified:
    """Verify each game handed in for the challenge ``named``; the verdicts are kept beside the
    challenge file (when it is a file and ``keep``)."""
    from ..cards import catalog
    from ..game.challenge import setup_of

    store = current()
    challenge = read_challenge(named, store)
    expected = setup_of(challenge, catalog())
    record = results_key(named) if store.exists(named) else None
    known = {e.game: e for e in _read_results(store, record)} if record else {}
    entries, replayed = [], 0
    for key in submissions(games, store):
        try:
            texts, fingerprint = _texts(store, key)
        except CartorefError as e:  # unreadable, or larger than any game: refused, the others go on
            entries.append(Entry(key, "", "", _("the game file"), e.render().splitlines()[0], 0, None, None, 0, 0))
            continue
        old = known.get(key)
        if old is not None and old.fingerprint == fingerprint:
            entries.append(old)
            continue
        entries.append(_verify_one(store, key, texts, fingerprint, expected))
        replayed += 1
    if record and keep:
        merged = {**known, **{e.game: e for e in entries}}
        _write_results(store, record, challenge, list(merged.values()))
    return Verified(challenge, tuple(entries), replayed, record)


def _texts(store: Store, key: str) -> tuple[tuple[str, str | None], str]:
    """A game's text and its solo map's (None when unreadable), and their fingerprint."""
    from ..game.save import load_data
    from .gamefile import read_game_text
    from .handedin import fingerprint, sheet_of

    game = read_game_text(key, store)
    try:
        data = load_data(game, key)
        mine = data.get("map") if isinstance(data, dict) and isinstance(data.get("map"), str) else None
    except CartorefError:
        mine = None  # not a game: its verdict says so
    where = sheet_of(key, mine, store)
    map_text = None
    if where:
        try:
            map_text = fingerprint(where, store)
        except (CartorefError, OSError):
            map_text = None
    # This cartoref's version too: a newer one verifies every game again.
    mark = f"{_version()}\0{game}\0{map_text or ''}"
    digest = hashlib.sha256(mark.encode("utf-8")).hexdigest()[:32]
    return (game, map_text), digest


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cartoref")
    except PackageNotFoundError:
        return "unknown"


def _verify_one(store: Store, key: str, texts: tuple[str, str | None], fingerprint: str, expected) -> Entry:
    from ..game import parse_game
    from ..game.verify import verify_solo
    from ..mapfile import player_map
    from .handedin import nothing_beside, read_sheet, sheet_of

    game_text, _map_text = texts
    try:
        state = parse_game(game_text, key)
    except CartorefError as e:
        return Entry(key, "", fingerprint, _("the game file"), e.render().splitlines()[0], 0, None, None, 0, 0)
    player = state.setup.players[0]
    # Played on paper, the game names no map file: its sheet is handed in beside it.
    where = sheet_of(key, state.setup.map, store)
    if where is None:
        return Entry(key, player, fingerprint, _("the map"), nothing_beside(key), 0, None, None, 0, 0)
    mf, step, why = read_sheet(key, where, state.setup.sheet, store)
    if mf is None:
        return Entry(key, player, fingerprint, step, why, 0, None, None, 0, 0)
    v = verify_solo(expected, state, player_map(mf))
    return Entry(key, player, fingerprint, v.step, v.why, v.score, v.rating, v.title, v.monsters, v.turns)


def _read_record(store: Store, record: str) -> tuple[list[Entry], list[tuple[int, int]] | None]:
    """The entries kept, and the ranking kept with them (each verified entry's rank and index,
    best first; None when the record keeps none)."""
    import json

    if not store.exists(record):
        return [], None
    try:
        data = json.loads(store.read(record, RESULTS_LIMIT))
        if data.get("fields") != list(Entry._fields):
            return [], None  # another cartoref's record: verified again, written anew
        entries = [Entry._make(row) for row in data["games"]]
        board = [(int(rank), int(i)) for rank, i in data["board"]]
        return entries, board
    except (ValueError, AttributeError, KeyError, TypeError, OSError, CartorefError):
        return [], None  # a record cartoref cannot read: every game is verified again and it is written anew


def _read_results(store: Store, record: str) -> list[Entry]:
    return _read_record(store, record)[0]


def _write_results(store: Store, record: str, challenge: Challenge, entries: list[Entry]) -> None:
    """The record: every entry as a row (positional, ``fields`` naming them), and the ranking
    worked out now, so that a leaderboard of ten thousand reads it in milliseconds."""
    import json

    index = {id(e): i for i, e in enumerate(entries)}
    board = [[r.rank, index[id(r.entry)]] for r in rank(challenge, entries).ranked]
    store.write(record, json.dumps({"challenge": challenge.code or challenge.name, "fields": list(Entry._fields),
                                    "games": [list(e) for e in entries], "board": board},
                                   ensure_ascii=False, separators=(",", ":")) + "\n")


def leaderboard(named: str) -> Board:
    """The verified games of the challenge ``named`` (a file: its record), ranked."""
    store = current()
    challenge = read_challenge(named, store)
    if not store.exists(named):
        raise UsageError(_("{code}: a leaderboard is kept beside a challenge file; verify the games with the "
                           "challenge's file").format(code=named), code="no-challenge-file")
    import json

    record = results_key(named)
    try:
        data = json.loads(store.read(record, RESULTS_LIMIT)) if store.exists(record) else None
        if data is not None and data.get("fields") == list(Entry._fields):
            # The ranking kept by verify: only the ranked rows are made into entries.
            rows, make = data["games"], Entry._make
            return Board(challenge, tuple([Ranked(r, make(rows[i])) for r, i in data["board"]]),
                         len(rows) - len(data["board"]))
    except (ValueError, AttributeError, KeyError, TypeError, IndexError, OSError, CartorefError):
        pass
    return rank(challenge, _read_results(store, record))


def rank(challenge: Challenge, entries: list[Entry]) -> Board:
    """Rank the verified entries: score, then fewest stars lost to monsters; ties share a rank."""
    ok = sorted((e for e in entries if e.verified), key=lambda e: (-e.score, e.monsters, e.player.lower(), e.game))
    ranked, prev, at = [], None, 0
    for i, e in enumerate(ok, 1):
        mark = (e.score, e.monsters)
        if mark != prev:
            at, prev = i, mark
        ranked.append(Ranked(at, e))
    return Board(challenge, tuple(ranked), sum(not e.verified for e in entries))
