"""Commands that referee a game: new, draw, status, record, standings, undo, log.

Each command that changes the game takes the game file's lock, loads it (replaying and
checking the log), applies one action and saves atomically, so a crash leaves the old game or
the new one and two processes never lose an action.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

import click

from ..cards import catalog
from ..errors import CartorefError, IllegalAction, SaveFileError, UsageError
from ..files import atomic_write, locked
from ..game import (
    MAGIC,
    Draw,
    GameState,
    Record,
    apply,
    card_json,
    check_season_over,
    format_game,
    new_game,
    read_game,
    record_from_map,
    resolve_edicts,
)
from ..game import standings as standings_of
from ..game import status as status_of
from ..game import undo as undo_game
from ..grid import cells_label, iter_cells

DEFAULT_GAME = "cartoref-game.yaml"
SEASON_CHOICE = click.Choice(["spring", "summer", "autumn", "fall", "winter"], case_sensitive=False)


def game_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--game FILE`` option every game command takes."""
    return click.option("--game", "game_path", envvar="CARTOREF_GAME", default=DEFAULT_GAME, metavar="FILE",
                        show_default=True, help="The game file (or $CARTOREF_GAME).")(f)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """The ``--json`` flag every game command takes."""
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(f)


def emit_json(data: Any) -> None:
    """Print one JSON document."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def transact(path: str, change: Callable[[GameState], GameState]) -> tuple[GameState, GameState]:
    """Under the game file's lock: load, change, save atomically. Returns (before, after)."""
    read_game(path)  # refuse a missing or foreign file before creating a lock file beside it
    with locked(path):
        before = read_game(path)
        after = change(before)
        atomic_write(path, format_game(after))
    return before, after


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def _is_game_file(path: str) -> bool:
    """True when ``path`` holds a cartoref game (even an impossible one): --force may replace it."""
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    return isinstance(data, dict) and MAGIC in data


@click.command()
@click.option("--players", metavar="NAMES", help='The players, comma-separated: "Ann,Bob,Cy" (1 to 100).')
@click.option("--solo", is_flag=True, help="A solo game (one player; --players may name them).")
@click.option("--sheet", default="wilderness", show_default=True, help="Sheet side: wilderness (A) or wastelands (B).")
@click.option("--seed", type=int, help="Fix the shuffles: the same seed gives the same game.")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else drawn).")
@click.option("--map", "map_file", metavar="FILE", help="Solo: your map file; cartoref draws each monster on it.")
@click.option("--force", is_flag=True, help="Replace an existing game file.")
@game_option
@json_option
def new(players: str | None, solo: bool, sheet: str, seed: int | None, edicts: str | None, map_file: str | None,
        force: bool, game_path: str, as_json: bool) -> None:
    """Set up a game: draw the edicts, shuffle spring's deck, save the game file."""
    cards = catalog()
    names = _split(players) if players is not None else (["Solo"] if solo else [])
    if not names:
        raise UsageError('name the players with --players "Ann,Bob,Cy", or play alone with --solo')
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    chosen = resolve_edicts(_split(edicts), cards) if edicts else None
    folder = os.path.dirname(os.path.abspath(game_path))
    if not os.path.isdir(folder):
        raise UsageError(f"{game_path}: the folder {folder} does not exist")
    stored_map = None
    if map_file is not None:
        from ..mapfile import read_map

        side = cards.sheet_side(sheet)
        mf = read_map(map_file)
        if mf.sheet.side.id != side.id:
            raise UsageError(f"{map_file}: the map is on the {mf.sheet.side.id} side, the game on {side.id}")
        stored_map = os.path.relpath(os.path.abspath(map_file), folder)
    state = new_game(seed, tuple(names), solo=solo, sheet=sheet, edicts=chosen, map=stored_map, cards=cards)
    with locked(game_path):
        if os.path.exists(game_path):
            if not force:
                raise UsageError(f"{game_path}: a game file is already here; use --force to replace it "
                                 "(or --game FILE for another)")
            if not _is_game_file(game_path):
                raise SaveFileError(f"{game_path}: not a cartoref game file; it will not be overwritten")
        atomic_write(game_path, format_game(state))
    if as_json:
        emit_json(status_of(state))
        return
    from ..render_game import new_view, show

    show(new_view(state, game_path))


def _ambush_in(revealed: tuple[str, ...]) -> Any:
    cards = catalog()
    by_id = {a.id: a for a in cards.ambushes}
    found = [by_id[c] for c in revealed if c in by_id]
    return found[0] if found else None


def place_solo_monster(map_path: str, ambush: Any) -> dict[str, Any]:
    """Draw an ambush's monster on the solo player's map file by the solo procedure."""
    from ..mapfile import edit_map
    from ..solo import solo_monster

    mf, cand, drawing, capped = edit_map(map_path, lambda m: solo_monster(m, ambush))
    if cand is None or drawing is None:
        return {"map": map_path, "spaces": [], "coins": 0, "warning": None}
    coins = min(drawing.coins, mf.sheet.side.coin_track - mf.coins)
    return {"map": map_path, "spaces": [c.label for c in iter_cells(cand.mask)], "coins": coins, "warning": capped}


def erase_solo_monster(map_path: str, undone: Draw) -> str:
    """Rub out the monster cartoref drew on a solo map for a draw being undone (and its coins);
    spaces that no longer hold a monster are left alone. Returns a line saying what was done."""
    from ..grid import Cell, mask_of
    from ..mapfile import MapFile, edit_map, with_sheet

    wanted = mask_of(Cell.parse(x) for x in undone.monster)

    def change(mf: MapFile) -> tuple[MapFile, int]:
        mine = wanted & mf.sheet.monster
        sheet = mf.sheet.erased(mine)
        return with_sheet(mf, sheet, max(0, mf.coins - undone.monster_coins)), mine

    erased = edit_map(map_path, change)
    coins = f" and took back {undone.monster_coins} coin{'s' * (undone.monster_coins != 1)}" \
        if undone.monster_coins else ""
    return f"cartoref erased the monster it drew on {map_path} ({cells_label(erased) or 'already gone'}){coins}"


def _solo_lines(placed: dict[str, Any] | None, error: str | None) -> list[str]:
    if error:
        return [f"cartoref could not draw the monster on your map ({error}): draw it by hand."]
    if placed is None:
        return []
    if not placed["spaces"]:
        return [f"The monster fits nowhere on {placed['map']}: this ambush is ignored."]
    coin = f" It surrounds a mountain: +{placed['coins']} coin." if placed["coins"] else ""
    warning = f" ({placed['warning']})" if placed["warning"] else ""
    return [f"cartoref drew the monster on {placed['map']} at {', '.join(placed['spaces'])}.{coin}{warning}"]


@click.command()
@game_option
@json_option
def draw(game_path: str, as_json: bool) -> None:
    """Reveal the next card (more after ruins) and say what the table does."""
    placed: dict[str, Any] | None = None
    error: str | None = None

    def change(state: GameState) -> GameState:
        nonlocal placed, error
        after = apply(state, Draw())
        revealed = after.log[-1]
        assert isinstance(revealed, Draw)
        ambush = _ambush_in(revealed.revealed)
        if ambush is None or not after.setup.solo or after.setup.map is None:
            return after
        from ..game import map_path

        path = map_path(after, game_path)
        assert path is not None
        try:
            placed = place_solo_monster(path, ambush)
        except CartorefError as e:
            error = e.render().splitlines()[0]
            return after
        # Keep where the monster went in the log, so undo can rub it out again.
        return apply(state, Draw(revealed.revealed, tuple(placed["spaces"]), placed["coins"]))

    before, after = transact(game_path, change)
    action = after.log[-1]
    assert isinstance(action, Draw)
    ambush = _ambush_in(action.revealed)
    if as_json:
        st = status_of(after)
        emit_json({
            "revealed": [card_json(c, after.cards) for c in action.revealed],
            "ruins_required": st["ruins_required"],
            "pass": None if ambush is None or after.setup.solo else
            ("clockwise" if ambush.arrow == "cw" else "counterclockwise"),
            "season_started": after.deck.season != before.deck.season,
            "solo_monster": placed,
            "status": st,
        })
        return
    from ..render_game import draw_view, show

    items = draw_view(after, action.revealed, after.deck.season != before.deck.season)
    extra = _solo_lines(placed, error)
    show(items + ([""] + extra if extra else []))


@click.command()
@game_option
@json_option
def status(game_path: str, as_json: bool) -> None:
    """Show the season, its time and column, the deck counts, the edicts, who has recorded."""
    state = read_game(game_path)
    if as_json:
        emit_json(status_of(state))
        return
    from ..render_game import show, status_view

    show(status_view(state))


@click.command()
@click.argument("player")
@click.argument("map_file", metavar="[MAP]", required=False)
@click.option("--edict1", type=int, help="Hand-scored: stars from the season's first edict.")
@click.option("--edict2", type=int, help="Hand-scored: stars from the season's second edict.")
@click.option("--coins", type=int, help="Hand-scored: coins on the coin track.")
@click.option("--monsters", type=int, help="Hand-scored: stars lost to monsters (a positive number).")
@click.option("--season", type=SEASON_CHOICE, help="Check that this is the season being recorded.")
@click.option("--replace", is_flag=True, help="Replace the player's score for this season.")
@game_option
@json_option
def record(player: str, map_file: str | None, edict1: int | None, edict2: int | None, coins: int | None,
           monsters: int | None, season: str | None, replace: bool, game_path: str, as_json: bool) -> None:
    """Record PLAYER's score for the season that just ended: score their MAP file, or give the
    hand-scored boxes with --edict1 --edict2 --coins --monsters."""
    hand = {"--edict1": edict1, "--edict2": edict2, "--coins": coins, "--monsters": monsters}
    given = [k for k, v in hand.items() if v is not None]
    if map_file is not None and given:
        raise UsageError("give either a MAP file or the hand-scored boxes, not both")
    if map_file is None and len(given) != 4:
        missing = [k for k in hand if k not in given]
        raise UsageError("record needs a MAP file, or all of --edict1 --edict2 --coins --monsters "
                         f"(missing {' '.join(missing)})")
    mf = None
    if map_file is not None:
        from ..mapfile import read_map

        mf = read_map(map_file)
    wanted = catalog().season(season).id if season else None
    report: list[Any] = []

    def change(state: GameState) -> GameState:
        current = state.cards.seasons[state.deck.season].id
        if mf is not None:
            if wanted is not None and wanted != current:
                raise IllegalAction(f"cannot record {wanted}: the season to score is {current}")
            check_season_over(state)
            rec, rep = record_from_map(state, player, mf, replace_=replace, source=map_file)
            report.append(rep)
        else:
            rec = Record(player, wanted or current, edict1, edict2, coins, monsters, replace)  # type: ignore[arg-type]
        return apply(state, rec)

    _, after = transact(game_path, change)
    rec = after.log[-1]
    assert isinstance(rec, Record)
    if as_json:
        emit_json({"player": rec.player, "season": rec.season, "edict1": rec.edict1, "edict2": rec.edict2,
                   "coins": rec.coins, "monsters": rec.monsters, "total": rec.total, "map": rec.source,
                   "replaced": rec.replace, "status": status_of(after)})
        return
    if mf is not None:
        for w in mf.warnings:
            click.echo(f"{mf.name}: warning: {w}", err=True)
    from ..render_game import record_view, show

    show(record_view(rec, after, report[0] if report else None))


@click.command()
@game_option
@json_option
def standings(game_path: str, as_json: bool) -> None:
    """Show each player's seasons, the totals, the ranks (ties: fewest monster stars) and, solo,
    the rating and title."""
    state = read_game(game_path)
    if as_json:
        emit_json(standings_of(state))
        return
    from ..render_game import show, standings_view

    show(standings_view(state))


@click.command()
@game_option
@json_option
def undo(game_path: str, as_json: bool) -> None:
    """Take back the last action (repeatable). The deck is fixed by the seed: the next draw
    reveals the same card again."""
    note = None

    def change(state: GameState) -> GameState:
        nonlocal note
        after = undo_game(state)
        undone = state.log[-1]
        if isinstance(undone, Draw) and undone.monster:
            from ..game import map_path

            path = map_path(state, game_path)
            assert path is not None
            try:
                note = erase_solo_monster(path, undone)
            except CartorefError as e:
                note = (f"note: cartoref could not erase the monster at {', '.join(undone.monster)} on "
                        f"{path} ({e.render().splitlines()[0]}); erase it by hand")
        return after

    before, after = transact(game_path, change)
    undone = before.log[-1]
    if as_json:
        from ..game import action_json

        emit_json({"undone": action_json(undone), "note": note, "status": status_of(after)})
        return
    from ..render_game import show, undo_view

    show(undo_view(undone, after) + ([note] if note else []))


@click.command()
@game_option
@json_option
def log(game_path: str, as_json: bool) -> None:
    """List the actions of the game, oldest first."""
    state = read_game(game_path)
    if as_json:
        from ..game import action_json, iter_log

        emit_json({"actions": [{"n": n, "season": s, **action_json(a)}
                               for n, (a, s) in enumerate(iter_log(state), 1)]})
        return
    from ..render_game import log_lines, show

    show(log_lines(state))
