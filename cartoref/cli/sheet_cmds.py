"""Commands on map files: score, show, check, new-map."""

from __future__ import annotations

import os
from typing import Any

import click

from ..cards import catalog
from ..errors import MapFileError, UsageError
from ..mapfile import MapFile, blank_map, read_map
from .options import SEASON, complete_card, complete_sheet, split_names, svg_option, write_svg


def read_maps(paths: tuple[str, ...]) -> list[MapFile]:
    """Read every map file; report the problems of all of them at once."""
    maps, problems = [], []
    for p in paths:
        try:
            maps.append(read_map(p))
        except MapFileError as e:
            problems.extend(e.problems)
    if problems:
        raise MapFileError(problems)
    return maps


def warn(mf: MapFile) -> None:
    """Print a map's warnings on stderr."""
    for w in mf.warnings:
        click.echo(f"{mf.name}: warning: {w}", err=True)


@click.command()
@click.argument("maps", nargs=-1, required=True, metavar="MAP...")
@click.option("--season", type=SEASON, help="Score this season's two edicts (else the map's season:).")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else the map's edicts:).")
@click.option("--card", "card_names", multiple=True, metavar="NAME", shell_complete=complete_card, help="Score just this card (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option("--explain", is_flag=True, help="Draw each map with the spaces that scored highlighted.")
@click.option("--game", "game_path", metavar="FILE",
              help="Score with this game's edicts, for the season running or just ended (else --season).")
@svg_option
def score(maps: tuple[str, ...], season: str | None, edicts: str | None, card_names: tuple[str, ...],
          as_json: bool, explain: bool, game_path: str | None, svg_path: str | None) -> None:
    """Score map files: a season's edicts or chosen cards, coins, monsters.

    Each MAP scores its season's two edicts (or the --card ones), plus coins, minus monsters.

    \b
    cartoref score alice.yaml --season spring --edicts "sentinel wood,wildholds,canal lake,borderlands"
    cartoref score *.yaml --card "broken road" --json
    cartoref score ann.yaml --game cartoref-game.yaml
    cartoref score ann.yaml --game cartoref-game.yaml --explain --svg ann.svg
    """
    from ..scoring import choose_cards, score_sheet

    cards = catalog()
    if as_json and explain:
        raise UsageError("--explain draws maps; it cannot be combined with --json")
    if svg_path is not None:
        if as_json:
            raise UsageError("--svg draws a picture; it cannot be combined with --json")
        if not explain:
            raise UsageError("--svg draws the scored spaces; add --explain (cartoref show MAP --svg FILE "
                             "draws a map alone)")
        if len(maps) > 1:
            raise UsageError("--svg draws one map; give one MAP (run the command once per map)")
    # Names are resolved once for the command, not once per map.
    forced: tuple[str, ...] | None = cards.edict_ids(split_names(edicts)) if edicts else None
    picked = list({c.id: c for c in (cards.scoring_card(n) for n in card_names)}.values())  # each card once
    wanted = cards.season(season) if season else None
    if game_path is not None:
        if edicts:
            raise UsageError("--game gives the edicts; leave out --edicts")
        from ..table import Table

        game = Table.read(game_path)
        scored = game.score_season(season)
        forced = scored.edicts
        # The game's own season card (its set may differ from the base one).
        wanted = next(x for x in game.state.deck.cards.seasons if x.id == scored.season)
        game_side = game.at_hand.side.id
    reports = []
    for mf in read_maps(maps):
        if game_path is not None and mf.sheet.side.id != game_side:
            raise UsageError(f"{mf.name}: the map is on the {mf.sheet.side.id} side but the game {game_path} "
                             f"uses {game_side}", code="wrong-side")
        warn(mf)
        s = wanted or (cards.season(mf.season) if mf.season else None)
        chosen = choose_cards(s, forced or mf.edicts, picked, cards=cards, source=mf.name)
        reports.append((mf.name, score_sheet(mf.sheet, chosen, mf.coins, player=mf.player, season=s and s.id)))
    if as_json:
        from ..views import json as views_json

        data = [views_json.score(r) for _, r in reports]
        click.echo(views_json.dump(data[0] if len(data) == 1 else data))
        return
    if svg_path is not None:
        from ..views.svg import score_svg

        name, report = reports[0]
        write_svg(svg_path, score_svg(report, os.path.basename(name)), maps)
        return
    from ..views.terminal import score_items, show

    show(score_items(reports, explain))


@click.command()
@click.argument("map_path", metavar="MAP")
@click.option("--json", "as_json", is_flag=True, help="Print what a script needs to read the map back.")
@svg_option
def show(map_path: str, as_json: bool, svg_path: str | None) -> None:
    """Draw a map file in colour with row letters and column numbers.

    Rows A-K from the top, columns 1-11 from the left, as printed on the sheet.
    With --svg, draw it as a picture to share or print.
    """
    from ..views import terminal

    mf = read_maps((map_path,))[0]
    if as_json and svg_path is not None:
        raise UsageError("--svg draws a picture; it cannot be combined with --json")
    if svg_path is not None:
        from ..views.svg import sheet_svg

        warn(mf)
        write_svg(svg_path, sheet_svg(mf.sheet, mf.player or os.path.basename(mf.name), mf.coins), (map_path,))
        return
    if as_json:
        from ..views import json as views_json

        click.echo(views_json.dump(views_json.map_file(mf)))
        return
    warn(mf)
    side = mf.sheet.side
    terminal.show([terminal.map_heading(mf.player or os.path.basename(mf.name), side.name, side.letter, mf.coins),
                   terminal.map_text(mf.sheet), terminal.legend(mf.sheet)])


@click.command()
@click.argument("maps", nargs=-1, required=True, metavar="MAP...")
@click.option("--json", "as_json", is_flag=True, help="Print each file and its problems as JSON.")
@click.pass_context
def check(ctx: click.Context, maps: tuple[str, ...], as_json: bool) -> None:
    """Validate map files only.

    Report every problem of every file at once; exit status 2 if there is any.
    """
    if as_json:
        from ..views import json as views_json

        results: list[tuple[str, MapFile | None, list[Any]]] = []
        for p in maps:
            try:
                results.append((p, read_map(p), []))
            except MapFileError as e:
                results.append((p, None, e.problems))
        click.echo(views_json.dump([views_json.checked(p, mf, problems) for p, mf, problems in results]))
        if any(problems for _, _, problems in results):
            ctx.exit(2)
        return
    for mf in read_maps(maps):
        warn(mf)
        who = f" ({mf.player})" if mf.player else ""
        click.echo(f"{mf.name}{who}: ok, {mf.sheet.side.id}, {mf.coins} coins")


@click.command("new-map")
@click.option("--sheet", "sheet_name", default=None, shell_complete=complete_sheet,
              help="Sheet side: wilderness (A, the default), wastelands (B), heroes-wilderness (C) or "
                   "heroes-wastelands (D).")
@click.option("--player", default=None, help="The player's name.")
@click.option("--game", "game_path", metavar="FILE",
              help="A map for this game: its sheet side and edicts, and one of its players.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
def new_map(sheet_name: str | None, player: str | None, game_path: str | None, output: str | None,
            force: bool) -> None:
    """Print a blank map file for a sheet side.

    The printed spaces (mountains, wastelands, ruins) are filled in, the legend is in comments.
    With --game the map is the game's: its side, its edicts, a player of it.
    """
    from ..errors import UnknownCardError

    edicts = None
    if game_path is not None:
        from ..game import player_index
        from ..table import read_game

        state = read_game(game_path)
        if sheet_name is not None and catalog().sheet_side(sheet_name).id != state.setup.sheet:
            raise UsageError(f"--sheet: the game {game_path} is played on {state.setup.sheet}")
        sheet_name, edicts = state.setup.sheet, state.setup.edicts
        if player is not None:
            player = state.setup.players[player_index(state, player)]
    try:
        side = catalog().sheet_side(sheet_name or "wilderness")
    except UnknownCardError as e:
        raise UsageError(f"--sheet: {e}") from None
    if player is not None and any("\ud800" <= c <= "\udfff" for c in player):
        # A byte that is not UTF-8 reaches Python as a lone surrogate, which no map file can hold.
        raise UsageError("--player: the name is not valid UTF-8 text")
    text = blank_map(side, player, edicts)
    if output is None:
        click.echo(text, nl=False)
        return
    from ..files import atomic_write, create

    exists = UsageError(f"{output} already exists; use --force to overwrite it")
    if os.path.exists(output) and not force:
        raise exists
    try:
        create(output, text)
    except FileExistsError:
        if not force:
            raise exists from None
        atomic_write(output, text)
    click.echo(f"wrote {output}", err=True)
