"""The table layer: a game stored in a file (with its solo map beside it) and map files
changed in place, each under its lock, saved atomically.

Every call here is one transaction a shell asks for: open the file under its lock, let the
rules act, save, and return a result value saying what happened. The shells (the command
line, later a web page) only turn options into one of these calls and the result into a view.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, NamedTuple

from . import game as games
from .cards import AmbushCard, Catalog, ExploreCard, HeroCard
from .cards import catalog as default_catalog
from .errors import CartorefError, IllegalAction, IllegalPlacement, SaveFileError, UsageError
from .files import SystemRefused, TooLarge, atomic_write, create, locked, read_text, size_text, tidy
from .game import Draw, DrawEvent, GameState, Record, RecordEvent, SoloSheet
from .grid import Cell, Sheet, Terrain, cells_label, mask_of
from .mapedit import edit_map, lock_map, update_map_text
from .mapfile import Kept, MapFile, parse_map, read_map, read_map_text, with_sheet

if TYPE_CHECKING:  # pragma: no cover
    from .game.editions import Edition
    from .moves import Candidate, Drawing
    from .moves.heroes import HeroDrawing
    from .scoring import ScoreReport



# ---------------------------------------------------------------------------------- results


class SoloMonster(NamedTuple):
    """What cartoref did on the solo map for an ambush: drew its monster, found it fits
    nowhere (``spaces == 0``: the ambush is ignored), could not (``error``), or left it to the
    player (``yours``: the gorgon's target is the player's choice)."""

    map: str
    spaces: int = 0
    coins: int = 0  # coins the monster marked on the track
    lost: int = 0  # coins it earned that the full track could not take
    error: str | None = None
    yours: str | None = None  # the ambush's id, when the player draws it


class Drawn(NamedTuple):
    """The result of ``draw``: the game before and after, what the draw did, the solo map."""

    before: GameState
    state: GameState
    event: DrawEvent
    solo: SoloMonster | None


class Recorded(NamedTuple):
    """The result of ``record``: the game after, the record kept, the working when scored from
    a map file (and that file's warnings)."""

    state: GameState
    event: RecordEvent
    report: ScoreReport | None
    warnings: tuple[str, ...] = ()


class Undone(NamedTuple):
    """The result of ``undo``: the game after, the action taken back, what was rubbed out on
    the solo map (``erased`` spaces; ``error`` when it could not be)."""

    state: GameState
    undone: games.Action
    map: str | None = None
    erased: int = 0
    coins: int = 0
    error: str | None = None


class Placed(NamedTuple):
    """The result of a drawing on a map file: the map before, the drawing (None when a solo
    monster fits nowhere), the coins on the track after it, the coins the full track lost."""

    path: str
    before: MapFile
    drawing: Drawing | None
    coins: int
    lost: int
    written: bool
    candidate: Candidate | None = None  # solo: the position the scan found
    gorgon: int = 0  # the space Gorgon Gaze destroyed
    dragon_coins: int = 0  # Dragon Inferno's coins marked by this drawing


# ---------------------------------------------------------------------------------- the game file


def read_game_text(path: str) -> str:
    """A game file's text (at most ``MAX_BYTES``); a missing, unreadable or huge file is a SaveFileError."""
    from .game.save import MAX_BYTES

    try:
        return read_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no game file here", code="no-game") from None
    except TooLarge:
        raise SaveFileError(f"{path}: not a cartoref game file (larger than {size_text(MAX_BYTES)}, "
                            "the limit for a game file)") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path}: not a cartoref game file (not UTF-8 text)") from None
    except OSError as e:
        raise SaveFileError(f"{path}: cannot read the game file: {e.strerror}") from None


def read_game(path: str, cards: Catalog | None = None) -> GameState:
    """Read and check a saved game; a missing, unreadable or foreign file is a SaveFileError."""
    text = read_game_text(path)
    tidy(path)  # a killed run's temporary file goes, when no writer is at work
    return games.parse_game(text, path, cards)


@contextmanager
def _lock_game(path: str) -> Iterator[None]:
    """Hold the game file's lock (the file itself); a missing or unreadable one is a SaveFileError."""
    with ExitStack() as stack:
        try:
            stack.enter_context(locked(path))
        except FileNotFoundError:
            raise SaveFileError(f"{path}: no game file here", code="no-game") from None
        except OSError as e:
            raise SaveFileError(f"{path}: cannot read the game file: {e.strerror}") from None
        except SystemRefused as e:
            raise SaveFileError(f"{path}: not a cartoref game file ({e.reason})") from None
        yield


def _save(path: str, state: GameState) -> None:
    atomic_write(path, games.format_game(state))


def solo_map_path(state: GameState, game_path: str) -> str | None:
    """A solo game's map file, as a path usable from the current directory."""
    if state.setup.map is None:
        return None
    return os.path.join(os.path.dirname(game_path), state.setup.map)


def _is_game_file(path: str) -> bool:
    """True when ``path`` holds a cartoref game (even an impossible one): it may be replaced."""
    from .game.save import load_data

    try:
        data = load_data(read_game_text(path), path)
    except CartorefError:
        return False
    return isinstance(data, dict) and games.MAGIC in data


def new_game(path: str, seed: int, players: tuple[str, ...], *, solo: bool = False, sheet: str | None = None,
             edicts: tuple[str, str, str, str] | None = None, map_file: str | None = None,
             force: bool = False, edition: Edition | None = None, cards: Catalog | None = None) -> GameState:
    """Set up a game and save it in ``path`` (an existing game file only with ``force``); a solo
    game without a name takes the solo map's ``player:``, else "Solo". ``edition``: the cards
    (the base game's by default); ``sheet``: the edition's side by default."""
    from .game.editions import choose

    cards = cards or default_catalog()
    edition = edition or choose(cards)
    sheet = sheet or edition.sheet
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{path}: the folder {folder} does not exist")
    stored_map = None
    owner = None
    if map_file is not None:
        side = cards.sheet_side(sheet)
        mf = read_map(map_file)
        if mf.sheet.side.id != side.id:
            raise UsageError(f"{map_file}: the map is on the {mf.sheet.side.id} side, the game on {side.id}")
        stored_map = os.path.relpath(os.path.abspath(map_file), folder)
        owner = mf.player
    if solo and not players:
        # The solo player is the one the map file names, so their map records without a fight.
        players = (owner.strip(),) if owner and owner.strip() else ("Solo",)
    state = games.new_game(seed, players, solo=solo, sheet=sheet, edicts=edicts, map=stored_map, edition=edition,
                           cards=cards)
    exists = UsageError(f"{path}: a game file is already here", code="game-exists")
    if not os.path.exists(path):
        try:
            create(path, games.format_game(state))  # never over a file another run just made
            return state
        except FileExistsError:
            if not force:
                raise exists from None
    if not force:
        raise exists
    with _lock_game(path):
        if not _is_game_file(path):
            raise SaveFileError(f"{path}: not a cartoref game file; it will not be overwritten")
        _save(path, state)
    return state


def draw(path: str) -> Drawn:
    """Reveal the next card(s) of the game in ``path``; in a solo game played on a map file,
    draw an ambush's monster on that map too (and keep where, so undo can rub it out)."""
    with _lock_game(path):
        before = read_game(path)
        map_path = solo_map_path(before, path)
        if map_path is None:
            after, event = games.apply(before, Draw())
            _save(path, after)
            return Drawn(before, after, event, None)
        with ExitStack() as stack:
            mf, text, error = None, "", None
            try:
                stack.enter_context(lock_map(map_path))
                text = read_map_text(map_path)
                mf = parse_map(text, map_path)
            except CartorefError as e:
                error = e.render().splitlines()[0]
            solo = SoloSheet(mf.sheet, mf.coins) if mf is not None else None
            after, event = games.apply(before, Draw(), solo=solo)
            new_text = None
            if mf is not None and event.ambush is not None and event.monster is not None:
                # Before anything is saved: a map cartoref cannot rewrite stops the draw.
                new_text = update_map_text(text, with_sheet(mf, event.monster.after, mf.coins + event.monster_coins))
            # The game first: should the map's write fail, undo still knows where the monster is.
            _save(path, after)
            if event.ambush is None:
                return Drawn(before, after, event, None)
            from .moves import effects as fx

            if mf is not None and event.ambush == fx.GORGON:
                return Drawn(before, after, event, SoloMonster(map_path, yours=event.ambush))
            if mf is None or event.monster is None or new_text is None:
                return Drawn(before, after, event, SoloMonster(map_path, error=error))
            atomic_write(map_path, new_text)
            return Drawn(before, after, event,
                         SoloMonster(map_path, event.monster.mask, event.monster_coins, event.coins_lost))


class OnTable(NamedTuple):
    """The card every player draws now in a game, and whether it must cover ruins."""

    game: str
    card: ExploreCard | AmbushCard | HeroCard | None  # None before the first card
    ruins: bool
    season: str


def on_table(path: str) -> OnTable:
    """What is on the table in the game stored in ``path``."""
    state = read_game(path)
    card_id, ruins = games.card_on_table(state)
    card = state.deck.cards.by_id[card_id] if card_id else None
    return OnTable(path, card, ruins, games.season(state).id)


def check_map_for_game(state: GameState, mf: MapFile, player: str, season: str | None = None) -> None:
    """Refuse a map file that belongs to another player, side, season or set of edicts
    (``season``: the id of the season it is to score; the last ended one by default)."""
    name = state.setup.players[games.player_index(state, player)]
    s = state.deck.cards.seasons[games.check_season_to_score(state, season or games.season_to_record(state))]
    if mf.sheet.side.id != state.setup.sheet:
        raise IllegalAction(f"{mf.name}: the map is on the {mf.sheet.side.id} side but this game uses "
                            f"{state.setup.sheet}", code="wrong-side")
    if mf.season is not None and mf.season != s.id:
        raise IllegalAction(f"{mf.name}: the map file says season {mf.season} but the season to score is {s.id}",
                            code="wrong-season")
    if mf.edicts is not None and tuple(mf.edicts) != state.setup.edicts:
        raise IllegalAction(f"{mf.name}: the map file's edicts are not this game's "
                            f"({', '.join(state.setup.edicts)})", code="wrong-edicts")
    if mf.player is not None and mf.player.strip().lower() != name.lower():
        raise IllegalAction(f"{mf.name}: the map file belongs to {mf.player!r}, not {name!r}", code="wrong-player")


class HandScores(NamedTuple):
    """A season's score boxes as the player filled them in by hand."""

    edict1: int
    edict2: int
    coins: int
    monsters: int


def record(path: str, player: str, *, map_file: str | None = None, scores: HandScores | None = None,
           season: str | None = None, replace: bool = False) -> Recorded:
    """Keep a player's score for an ended season (``season``, an id; by default the last one
    that ended), scored from their map file or given by hand."""
    if (map_file is None) == (scores is None):
        raise UsageError("record needs a map file or the hand-scored boxes, not both", code="record-how")
    mf = read_map(map_file) if map_file is not None else None
    report: list[ScoreReport] = []
    with _lock_game(path):
        state = read_game(path)
        wanted = season or games.season_to_record(state)
        if mf is not None:
            check_map_for_game(state, mf, player, wanted)
            rec, rep = games.score_for_record(state, player, mf.sheet, mf.coins, season_id=wanted,
                                              replace_=replace, source=map_file)
            report.append(rep)
        else:
            assert scores is not None
            rec = Record(player, wanted, *scores, replace=replace)
        after, event = games.apply(state, rec)
        _save(path, after)
    assert isinstance(event, RecordEvent)
    return Recorded(after, event, report[0] if report else None, mf.warnings if mf else ())


def undo(path: str) -> Undone:
    """Take back the last action of the game; a monster cartoref drew on the solo map for it
    is rubbed out again, with its coins (spaces no longer holding a monster are left alone)."""
    with _lock_game(path):
        state = read_game(path)
        after, undone = games.undo(state)
        result = Undone(after, undone)
        map_path = solo_map_path(state, path)
        if isinstance(undone, Draw) and undone.monster and map_path is not None:
            wanted = mask_of(Cell.parse(x) for x in undone.monster)

            def change(mf: MapFile) -> tuple[MapFile, int]:
                mine = wanted & mf.sheet.monster
                return with_sheet(mf, mf.sheet.erased(mine), max(0, mf.coins - undone.monster_coins)), mine

            try:
                erased = edit_map(map_path, change)
                result = result._replace(map=map_path, erased=erased, coins=undone.monster_coins)
            except CartorefError as e:
                result = result._replace(map=map_path, error=e.render().splitlines()[0])
        _save(path, after)
    return result


# ---------------------------------------------------------------------------------- map files


def place(map_path: str, card: ExploreCard | AmbushCard, mask: int, terrain: Terrain | None = None, *,
          ruins: bool = False, strict_fallback: bool = False, destroy: int | None = None,
          write: bool = True) -> Placed:
    """Check a drawing of ``card`` on a map file and, when legal and ``write``, draw it there
    with the coins it earns (IllegalPlacement, file untouched, when not). ``destroy``: the space
    Gorgon Gaze destroys (needed while one can be)."""
    from .moves import add_coins, check_drawing

    def change(mf: MapFile) -> tuple[MapFile, Placed]:
        drawing = check_drawing(mf.sheet, card, mask, terrain, ruins=ruins, strict_fallback=strict_fallback)
        coins, lost = add_coins(mf.coins, drawing.coins, mf.sheet.side.coin_track)
        after, gazed = gorgon_gaze(remember(mf, drawing, coins), drawing, destroy)
        after, paid, more_lost = dragon_coins(after)
        return after, Placed(map_path, mf, drawing, after.coins, lost + more_lost, write, gorgon=gazed,
                             dragon_coins=paid)

    return edit_map(map_path, change, write=write)


def gorgon_gaze(mf: MapFile, drawing: Drawing, destroy: int | None) -> tuple[MapFile, int]:
    """The map after Gorgon Gaze's monster, drawn with its shape, destroys the space named
    (needed while one can be); any other drawing destroys nothing. Also the space destroyed."""
    from .moves import effects as fx

    card = drawing.card
    if not (card.id == fx.GORGON and drawing.initial):
        if destroy is not None:
            raise IllegalPlacement(f"only Gorgon Gaze's monster destroys a space as it is drawn, not {card.name}'s",
                                   code="no-gaze", card=card.id)
        return mf, 0
    targets = fx.gorgon_targets(mf.sheet, fx.spaces_of(mf.sheet, fx.GORGON))
    if targets and destroy is None:
        raise IllegalPlacement(f"the gorgon destroys one space next to it that is not a mountain: choose it "
                               f"(one of {cells_label(targets)})", code="gorgon-target", card=card.id)
    if destroy is None:
        return mf, 0
    return with_sheet(mf, fx.destroy_one(mf.sheet, destroy, targets, "the gorgon", card.id), mf.coins), destroy


def dragon_coins(mf: MapFile) -> tuple[MapFile, int, int]:
    """Dragon Inferno's 3 coins, marked once on the map that meets its condition: the map, the
    coins marked, the coins the full track could not take."""
    from .moves import add_coins
    from .moves import effects as fx

    # A dragon drawn with its shape (its initial written); the single space drawn when the shape
    # fits nowhere has no initial and no effect.
    drawn = any(k.card == fx.DRAGON and k.cells.bit_count() > 1 for k in mf.drawings)
    if fx.DRAGON in mf.resolved or not fx.dragon_pays(mf.sheet, drawn):
        return mf, 0, 0
    coins, lost = add_coins(mf.coins, fx.DRAGON_COINS, mf.sheet.side.coin_track)
    return mf._replace(coins=coins, resolved=mf.resolved + (fx.DRAGON,)), coins - mf.coins, lost


def remember(mf: MapFile, drawing: Drawing, coins: int) -> MapFile:
    """The map file with a drawing on it, the coins on its track, and the drawing kept in its
    history (so ``unplace`` can take it back)."""
    kept = Kept(drawing.card.id, drawing.terrain, drawing.mask, coins - mf.coins)
    return with_sheet(mf, drawing.after, coins)._replace(drawings=mf.drawings + (kept,))


class PlacedHero(NamedTuple):
    """The result of drawing a hero on a map file: the map before, the drawing, the coins on
    the track after it, the coins the full track lost, whether it was written."""

    path: str
    before: MapFile
    drawing: HeroDrawing
    coins: int
    lost: int
    written: bool


def place_hero(map_path: str, hero: HeroCard, mask: int, *, orientation: int | None = None,
               attacks: int | None = None, write: bool = True) -> PlacedHero:
    """Draw a hero on a map file: its space, its marks, the monsters they destroy, its coins."""
    from .moves import add_coins
    from .moves.heroes import check_hero

    def change(mf: MapFile) -> tuple[MapFile, PlacedHero]:
        drawing = check_hero(mf.sheet, hero, mask, orientation=orientation, attacks=attacks)
        coins, lost = add_coins(mf.coins, drawing.coins, mf.sheet.side.coin_track)
        kept = Kept(hero.id, Terrain.HERO, drawing.mask, coins - mf.coins)
        after = with_sheet(mf, drawing.after, coins)._replace(drawings=mf.drawings + (kept,))
        after, _, more_lost = dragon_coins(after)  # a hero may destroy the last open dragon space
        return after, PlacedHero(map_path, mf, drawing, after.coins, lost + more_lost, write)

    return edit_map(map_path, change, write=write)


class SeasonEnded(NamedTuple):
    """The result of ``season_end`` on a map file: what the ongoing effects did after scoring."""

    path: str
    before: MapFile
    season: str
    order: tuple[str, ...]  # the effects applied, in order (ambush ids)
    zombies: int  # the new zombie spaces
    zombies_destroyed: int  # those destroyed at once, inside an attack zone
    troll: int  # the space the troll destroyed
    dragon_coins: int
    coins: int
    written: bool
    sheet: Sheet | None = None  # the map's sheet after the effects


def season_end(map_path: str, season: str, *, troll: int | None = None, order: tuple[str, ...] | None = None,
               write: bool = True) -> SeasonEnded:
    """Apply, once, the after-scoring effects of a season on a map file: the zombies spread, the
    troll destroys the chosen empty space next to it; ``order``: the ambushes' reveal order
    (by default the order the map's history drew them, zombie first for a map typed from paper)."""
    from .moves import effects as fx

    def change(mf: MapFile) -> tuple[MapFile, SeasonEnded]:
        if season in mf.resolved:
            raise IllegalPlacement(f"{map_path}: the effects after {season}'s scoring are already applied on this map",
                                   code="season-done")
        drawn = [k.card for k in mf.drawings if k.card in (fx.ZOMBIE, fx.TROLL)]
        present = [a for a in (fx.ZOMBIE, fx.TROLL) if fx.spaces_of(mf.sheet, a)]
        steps = [a for a in dict.fromkeys(order if order is not None else (*drawn, *present)) if a in present]
        sheet, new, doomed, razed = mf.sheet, 0, 0, 0
        for step in steps:
            if step == fx.ZOMBIE:
                sheet, new, doomed = fx.zombie_spread(sheet)
            else:
                targets = fx.troll_targets(sheet)
                if targets and troll is None:
                    raise IllegalPlacement(f"the troll destroys one empty space next to it: choose it (one of "
                                           f"{cells_label(targets)})", code="troll-target", card=fx.TROLL)
                if targets:
                    assert troll is not None
                    sheet = fx.destroy_one(sheet, troll, targets, "the troll", fx.TROLL)
                    razed = troll
        if troll is not None and not razed:
            raise IllegalPlacement("there is no troll with an empty space next to it on this map", code="no-troll")
        after = with_sheet(mf, sheet, mf.coins)._replace(resolved=mf.resolved + (season,))
        after, paid, _ = dragon_coins(after)
        return after, SeasonEnded(map_path, mf, season, tuple(steps), new, doomed, razed, paid, after.coins, write,
                                  after.sheet)

    return edit_map(map_path, change, write=write)


class Unplaced(NamedTuple):
    """The result of ``unplace``: the drawing taken back, the spaces rubbed out (those that
    still held its terrain), the coins on the track after."""

    path: str
    before: MapFile
    drawn: Kept
    erased: int
    coins: int
    written: bool


def unplace(map_path: str, *, write: bool = True) -> Unplaced:
    """Take back the last drawing cartoref wrote into a map file, and the coins it marked."""
    def change(mf: MapFile) -> tuple[MapFile, Unplaced]:
        if not mf.drawings:
            raise IllegalPlacement(f"{map_path}: nothing to take back: the file keeps no drawing written by "
                                   "cartoref (a map typed from paper has none)", code="no-history")
        last = mf.drawings[-1]
        if last.terrain is Terrain.HERO:
            raise IllegalPlacement(f"{map_path}: the last drawing is the hero {last.card}: unplace does not take "
                                   "back a hero's marks and the monsters they destroyed; edit the map file by "
                                   "hand (H, X and attacks:)", code="hero-unplace")
        mine = last.cells & mf.sheet.mask(last.terrain)
        coins = max(0, mf.coins - last.coins)
        after = with_sheet(mf, mf.sheet.erased(mine), coins)._replace(drawings=mf.drawings[:-1])
        return after, Unplaced(map_path, mf, last, mine, coins, write)

    return edit_map(map_path, change, write=write)


def solo_ambush(map_path: str, ambush: AmbushCard, *, destroy: int | None = None, write: bool = True) -> Placed:
    """Draw an ambush's monster on a map file by the solo procedure (docs/solo.md), or find
    that it fits nowhere (``drawing`` None: the ambush is ignored); ``destroy``: the space
    Gorgon Gaze destroys."""
    from .moves import add_coins, solo_drawing

    def change(mf: MapFile) -> tuple[MapFile, Placed]:
        found = solo_drawing(mf.sheet, ambush)
        if found is None:
            return mf, Placed(map_path, mf, None, mf.coins, 0, False)
        cand, drawing = found
        coins, lost = add_coins(mf.coins, drawing.coins, mf.sheet.side.coin_track)
        after, gazed = gorgon_gaze(remember(mf, drawing, coins), drawing, destroy)
        after, paid, more_lost = dragon_coins(after)
        return after, Placed(map_path, mf, drawing, after.coins, lost + more_lost, write, cand, gorgon=gazed,
                             dragon_coins=paid)

    return edit_map(map_path, change, write=write)


def save_picture(path: str, picture: str, inputs: tuple[str, ...] = ()) -> None:
    """Save a picture (SVG text) to ``path``, atomically.

    It never overwrites one of the command's own input files, nor a file that is not an SVG
    picture already: a slip of the keyboard (``--svg alice.yaml``) must not cost a map.
    """
    if os.path.isdir(path):
        raise UsageError(f"--svg: {path} is a folder; name a file such as {os.path.join(path, 'map.svg')}")
    if os.path.exists(path):
        if any(os.path.exists(p) and os.path.samefile(p, path) for p in inputs):
            raise UsageError(f"--svg: {path} is the file being read; name another file for the picture")
        try:
            with open(path, "rb") as f:
                head = f.read(512).lstrip()
        except OSError:
            head = b""  # unreadable: the write says what the system refuses
        if head and not head.startswith((b"<?xml", b"<svg")):
            raise UsageError(f"--svg: {path} exists and is not an SVG picture; it is left as it is")
    atomic_write(path, picture)
