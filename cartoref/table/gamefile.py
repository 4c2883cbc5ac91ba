"""The game file: reading it (every rule checked again by replaying its log), its lock, saving
it atomically, and setting up a new one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING

from .. import game as games
from ..cards import Catalog
from ..cards import catalog as default_catalog
from ..cardtypes import shown_name
from ..errors import CartorefError, IllegalAction, SaveFileError, UsageError
from ..files import SystemRefused, TooLarge, reason, size_text
from ..game import GameState
from ..grid import BOARD, SheetSide
from ..i18n import _, clauses
from ..mapfile import MapFile, read_map
from ..store import current
from ..store.filestore import FILES
from ..tabula import side_of_game, where_said

if TYPE_CHECKING:  # pragma: no cover
    from ..game.editions import Edition
    from ..store import Store


def refuse_other_side(file: str, mine: SheetSide, game: SheetSide, error: type[CartorefError] = IllegalAction) -> None:
    """Refuse a map on another side than the game's, or (a rolled side) with its mountains,
    ruins or wastelands elsewhere than the game's dice put them."""
    if mine.id != game.id:
        raise error(_("{file}: the map is on the {side} side but this game uses {game_side}").format(
            file=file, side=mine.id, game_side=game.id), code="wrong-side")
    if mine.printed != game.printed:
        raise error(_("{file}: the map's printed spaces are not where this game's dice put them ({where}); "
                      "a map for this game: cartoref new-map --game").format(file=file, where=where_said(game)),
                    code="wrong-roll")


def read_game_text(path: str, store: Store | None = None) -> str:
    """A game file's text (at most ``MAX_BYTES``); a missing, unreadable or huge file is a SaveFileError."""
    from ..game.save import MAX_BYTES

    try:
        return (store or current()).read(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveFileError(_("{file}: no game file here").format(file=path), code="no-game") from None
    except TooLarge:
        raise SaveFileError(_("{file}: not a cartoref game file (larger than {size}, the limit for a game file)")
                            .format(file=path, size=size_text(MAX_BYTES))) from None
    except UnicodeDecodeError:
        raise SaveFileError(_("{file}: not a cartoref game file (not UTF-8 text)").format(file=path)) from None
    except OSError as e:
        raise SaveFileError(_("{file}: cannot read the game file: {reason}").format(file=path, reason=reason(e))
                            ) from None


#: The last games parsed, by their text: a long-running server (the table page, a room of
#: tables) reads the same game for many requests, and a state is an immutable value, so the same
#: text gives the same one.
_PARSED: dict[tuple[str, str, int], GameState] = {}


def read_game(path: str, cards: Catalog | None = None, store: Store | None = None) -> GameState:
    """Read and check a saved game; a missing, unreadable or foreign file is a SaveFileError."""
    store = store or current()
    text = read_game_text(path, store)
    store.tidy(path)  # a killed run's temporary file goes, when no writer is at work
    key = (path, text, id(cards))
    state = _PARSED.get(key)
    if state is None:
        state = games.parse_game(text, path, cards)
        if len(_PARSED) >= 128:  # a room follows every table of its rounds
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = state
    return state


@contextmanager
def lock_game(path: str, store: Store | None = None) -> Iterator[None]:
    """Hold the game file's lock (in the files, the file itself); a missing or unreadable one is a
    SaveFileError."""
    with ExitStack() as stack:
        try:
            stack.enter_context((store or current()).locked(path))
        except FileNotFoundError:
            raise SaveFileError(_("{file}: no game file here").format(file=path), code="no-game") from None
        except OSError as e:
            raise SaveFileError(_("{file}: cannot read the game file: {reason}").format(file=path,
                                                                                        reason=reason(e))) from None
        except SystemRefused as e:
            raise SaveFileError(_("{file}: not a cartoref game file ({reason})").format(file=path, reason=e.reason)
                                ) from None
        yield


def save(path: str, state: GameState, store: Store | None = None) -> None:
    (store or current()).write(path, games.format_game(state))


def solo_map_path(state: GameState, game_path: str) -> str | None:
    """A solo game's map file, as a path usable from the current directory."""
    if state.setup.map is None:
        return None
    return os.path.join(os.path.dirname(game_path), state.setup.map)


def looks_like_game(key: str, store: Store | None = None) -> bool:
    """Whether the text at ``key`` says it is a cartoref game (its magic line near the top): a
    quick sort of a folder's files, before any is parsed; False for what cannot be read."""
    from ..game.save import MAX_BYTES

    try:
        return f"{games.MAGIC}:" in (store or current()).read(key, MAX_BYTES)[:4000]
    except (OSError, TooLarge, UnicodeDecodeError, CartorefError):
        return False


def is_game_file(path: str, store: Store | None = None) -> bool:
    """True when ``path`` holds a cartoref game (even an impossible one): it may be replaced."""
    from ..game.save import load_data

    try:
        data = load_data(read_game_text(path, store), path)
    except CartorefError:
        return False
    return isinstance(data, dict) and games.MAGIC in data


def new_game(path: str, seed: int, players: tuple[str, ...], *, solo: bool = False, sheet: str | None = None,
             edicts: tuple[str, str, str, str] | None = None, map_file: str | None = None,
             force: bool = False, edition: Edition | None = None, cards: Catalog | None = None,
             wastelands: bool = False, skills: tuple[str, ...] | None = None, store: Store | None = None) -> GameState:
    """Set up a game and save it in ``path`` (an existing game file only with ``force``); a solo
    game without a name takes the solo map's ``player:``, else "Solo". A ``map_file`` not there
    yet is made: a blank map of the game's side, its player and edicts (taken away again should
    the game file not be saved). ``edition``: the cards (the base game's by default); ``sheet``:
    the edition's side by default (a rolled side rolled by ``seed``, with wastelands when asked);
    ``store``: where (the run's store by default: the files unless the shell named another)."""
    from ..game.editions import choose

    store = store or current()
    cards = cards or default_catalog()
    edition = edition or choose(cards)
    sheet = sheet or edition.sheet
    folder = os.path.dirname(os.path.abspath(path))
    make_map = map_file is not None and not (os.path.lexists(map_file) if store is FILES
                                                else store.exists(map_file))
    for file in [path, map_file] if make_map and map_file is not None else [path]:
        where = os.path.dirname(os.path.abspath(file))
        if not store.has_folder(where):
            raise UsageError(_("{file}: the folder {folder} does not exist").format(file=file, folder=where))
    stored_map = None
    owner = None
    if map_file is not None:
        side = side_of_game(cards.sheet_side(sheet), seed, wastelands)
        if not make_map:
            mf = read_map(map_file, store=store)
            if mf.sheet.side.id != side.id:
                raise UsageError(_("{file}: the map is on side {letter}, the game on side {game_letter}; to play "
                                   "on the map's side: --sheet {letter}").format(
                    file=map_file, letter=mf.sheet.side.letter, game_letter=side.letter), code="map-side")
            refuse_other_side(map_file, mf.sheet.side, side, UsageError)
            owner = mf.player
        stored_map = os.path.relpath(os.path.abspath(map_file), folder)
    if solo and not players:
        # The solo player is the one the map file names, so their map records without a fight.
        players = (owner.strip(),) if owner and owner.strip() else ("Solo",)
    state = games.new_game(seed, players, solo=solo, sheet=sheet, edicts=edicts, map=stored_map, edition=edition,
                           cards=cards, wastelands=wastelands, skills=skills)
    if map_file is not None and not make_map and not force:
        _refuse_used_map(map_file, read_map(map_file, store=store), state, cards)
    if map_file is None or not make_map:
        return _save_new(path, state, force, store)
    from ..mapfile import blank_map

    try:
        store.create(map_file, blank_map(state.side, state.setup.players[0], state.setup.edicts))
    except FileExistsError:  # made by another run meanwhile: the next run reads it as any map
        raise UsageError(_("{file} appeared while the game was being set up; run the command again to play on it")
                         .format(file=map_file), code="file-exists") from None
    try:
        return _save_new(path, state, force, store)
    except BaseException:
        store.remove(map_file)  # the map made for a game that is not there
        raise


def _refuse_used_map(path: str, mf: MapFile, state: GameState, cards: Catalog) -> None:
    """Refuse, unless forced, a solo map that already holds drawings or coins, or that was made
    for other edicts: a new game starts on a blank map."""
    why = []
    drawn = BOARD & ~(mf.sheet.mountains | mf.sheet.wastelands) & mf.sheet.filled
    if drawn or mf.coins:
        why.append(_("it already holds drawings ({n} spaces drawn, the coin track at {coins})").format(
            n=drawn.bit_count(), coins=mf.coins))
    if mf.edicts and tuple(mf.edicts) != tuple(state.setup.edicts):
        why.append(_("it was made for other edicts ({edicts})").format(
            edicts=", ".join(shown_name(cards.scoring_by_id(e)) for e in mf.edicts)))
    if why:
        raise UsageError(_("{file}: {why}; a new game starts on a blank map: give --map a new file (it is made "
                           "blank), or add --force to play on this one as it is").format(
            file=path, why=clauses(why)), code="map-in-use")


def _save_new(path: str, state: GameState, force: bool, store: Store) -> GameState:
    """Save a new game in ``path``: a new file, or over a game file with ``force``."""
    exists = UsageError(_("{file}: a game file is already here").format(file=path), code="game-exists")
    if not store.exists(path):
        try:
            store.create(path, games.format_game(state))  # never over a file another run just made
            return state
        except FileExistsError:
            if not force:
                raise exists from None
    if not force:
        if not is_game_file(path, store):  # --force would not help: say so first
            raise SaveFileError(_("{file}: a file that is not a cartoref game is here; it will not be overwritten "
                                  "(move it, or give --game FILE for the new game)").format(file=path))
        raise exists
    with lock_game(path, store):
        if not is_game_file(path, store):
            raise SaveFileError(_("{file}: not a cartoref game file; it will not be overwritten").format(file=path))
        save(path, state, store)
    return state




def set_up(path: str, seed: int, players: tuple[str, ...], *, solo: bool = False, sheet: str | None = None,
           edition: str = "base", explore: str | None = None, ambushes: str | None = None,
           heroes: bool | None = None, seasons: str | None = None, edicts: str | None = None,
           map_file: str | None = None, force: bool = False, wastelands: bool = False,
           skills: str | None = None, store: Store | None = None) -> GameState:
    """Set up a game from what a person names: the edition and its choices, the four edicts by
    name (else drawn), and save it in ``path`` (``new_game``); ``wastelands``: a rolled sheet's
    dice place wasteland spaces too; ``skills``: None for none, "" for three dealt by the seed, or
    the three named ("acrobatics,search,negotiate")."""
    from ..game.editions import choose
    from .lookup import edict_ids

    cards = default_catalog()
    chosen = choose(cards, edition, explore=explore, ambushes=ambushes, heroes=heroes, seasons=seasons)
    return new_game(path, seed, players, solo=solo, sheet=sheet, edicts=edict_ids(edicts) if edicts else None,
                    map_file=map_file, force=force, edition=chosen, cards=cards, wastelands=wastelands,
                    skills=skill_ids(skills, cards), store=store)


def skill_ids(named: str | None, cards: Catalog) -> tuple[str, ...] | None:
    """``--skills``: None (no skills), () (three dealt by the seed) or the ids of those named."""
    from ..errors import UnknownCardError
    from .lookup import split_names

    if named is None:
        return None
    if not named.strip():
        return ()
    ids = []
    for name in split_names(named):
        try:
            ids.append(cards.skill(name).id)
        except UnknownCardError as e:
            raise UsageError(_("--skills: {problem} (the skills: {skills})").format(
                problem=e, skills=", ".join(s.id for s in cards.skills)), code="unknown-skill") from None
    return tuple(ids)
