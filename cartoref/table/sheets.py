"""Map files read, checked, scored and made, with no game or with one: what ``score``, ``show``,
``check`` and ``new-map`` ask of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..errors import MapFileError, Problem, UsageError
from ..i18n import _
from ..mapfile import MapFile, read_map
from .lookup import split_names

if TYPE_CHECKING:  # pragma: no cover
    from ..scoring import ScoreReport
    from ..store import Store


class Scored(NamedTuple):
    """One map file scored: its name, what it holds, and the score with its working."""

    name: str
    map: MapFile
    report: ScoreReport


class Checked(NamedTuple):
    """One map file checked: its path, what it holds (None when it cannot be read), its problems."""

    path: str
    map: MapFile | None
    problems: list[Problem]


def read_maps(paths: tuple[str, ...] | list[str], store: Store | None = None) -> list[MapFile]:
    """Read every map file; report the problems of all of them at once."""
    maps, problems = [], []
    for p in paths:
        try:
            maps.append(read_map(p, store=store))
        except MapFileError as e:
            problems.extend(e.problems)
    if problems:
        raise MapFileError(problems)
    return maps


def check_maps(paths: tuple[str, ...]) -> list[Checked]:
    """Check every map file, each with its own problems."""
    out = []
    for p in paths:
        try:
            out.append(Checked(p, read_map(p), []))
        except MapFileError as e:
            out.append(Checked(p, None, list(e.problems)))
    return out


def score_maps(paths: tuple[str, ...], *, season: str | None = None, edicts: str | None = None,
               card_names: tuple[str, ...] = (), game_path: str | None = None, store: Store | None = None
               ) -> list[Scored]:
    """Score map files: each its season's two edicts (the season and edicts named, else a game's
    season at hand and edicts, else each map's own), or the cards named, each once."""
    from ..cards import catalog
    from ..scoring import choose_cards, score_sheet

    cards = catalog()
    forced: tuple[str, ...] | None = cards.edict_ids(split_names(edicts)) if edicts else None
    picked = list({c.id: c for c in (cards.scoring_card(n) for n in card_names)}.values())  # each card once
    wanted = cards.season(season) if season else None
    side = None
    if game_path is not None:
        from .game import Table

        if edicts:
            raise UsageError(_("--game gives the edicts; leave out --edicts"), code="edicts-from-game")
        game = Table.read(game_path, store=store)
        scored = game.scoring_season(wanted.id if wanted else None)
        forced = scored.edicts
        # The game's own season card (its set may differ from the base one).
        wanted = next(x for x in game.state.seasons if x.id == scored.season)
        side = game.at_hand.side.id
    out = []
    for mf in read_maps(paths, store):
        if side is not None and mf.sheet.side.id != side:
            raise UsageError(_("{file}: the map is on the {side} side but the game {game} uses {game_side}").format(
                file=mf.name, side=mf.sheet.side.id, game=game_path, game_side=side), code="wrong-side")
        s = wanted or (cards.season(mf.season) if mf.season else None)
        chosen = choose_cards(s, forced or mf.edicts, picked, cards=cards, source=mf.name)
        out.append(Scored(mf.name, mf, score_sheet(mf.sheet, chosen, mf.coins_scored, player=mf.player,
                                                   season=s and s.id)))
    return out


def new_map(sheet: str | None = None, player: str | None = None, game_path: str | None = None, *,
            seed: int | None = None, wastelands: bool = False) -> str:
    """The text of a blank map file: a side's printed spaces; with a game, its side (a rolled
    one as its dice fell), its edicts and one of its players; a rolled side without a game is
    rolled by ``seed`` (with wastelands when asked)."""
    from ..cards import catalog
    from ..errors import UnknownCardError
    from ..mapfile import blank_map
    from ..tabula import side_of_game

    edicts = None
    if game_path is not None:
        from ..game import player_index
        from .game import Table

        state = Table.read(game_path).state
        if sheet is not None and catalog().sheet_side(sheet).id != state.setup.sheet:
            raise UsageError(_("--sheet: the game {game} is played on {side}").format(game=game_path,
                                                                                       side=state.setup.sheet),
                             code="wrong-side")
        for given, option in ((seed, "--seed"), (wastelands or None, "--wastelands")):
            if given is not None:
                raise UsageError(_("{option}: a map for the game {game} is on the game's sheet, as its seed "
                                   "rolled it").format(option=option, game=game_path), code="roll-with-game")
        sheet, edicts = state.setup.sheet, state.setup.edicts
        seed, wastelands = state.setup.seed, state.setup.wastelands
        if player is not None:
            player = state.setup.players[player_index(state, player)]
    try:
        side = catalog().sheet_side(sheet or "wilderness")
    except UnknownCardError as e:
        raise UsageError(f"--sheet: {e}", code="unknown-side") from None
    if side.rolled and seed is None:
        raise UsageError(_("--sheet {sheet}: its mountains and ruins are rolled with dice; give the seed to roll "
                           "them by (--seed N) or the game (--game FILE)").format(sheet=side.id), code="roll-needed")
    if not side.rolled and (seed is not None and game_path is None or wastelands):
        raise UsageError(_("--seed and --wastelands roll a Tabula Rasa sheet; the {side} side prints its "
                           "spaces").format(side=side.id), code="wastelands-not-rolled")
    side = side_of_game(side, seed or 0, wastelands)
    if player is not None and any("\ud800" <= c <= "\udfff" for c in player):
        # A byte that is not UTF-8 reaches Python as a lone surrogate, which no map file can hold.
        raise UsageError(_("--player: the name is not valid UTF-8 text"), code="bad-name")
    return blank_map(side, player, edicts)


def write_new(path: str, text: str, *, force: bool = False, store: Store | None = None) -> None:
    """Write a new file (an existing one only with ``force``), atomically (in ``store``: the
    run's by default)."""
    from ..store import current

    store = store or current()
    exists = UsageError(_("{path} already exists; use --force to overwrite it").format(path=path), code="file-exists")
    if store.exists(path) and not force:
        raise exists
    try:
        store.create(path, text)
    except FileExistsError:
        if not force:
            raise exists from None
        store.write(path, text)
