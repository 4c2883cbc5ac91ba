"""Commands on map files: score, show, check, new-map."""

from __future__ import annotations

import json
import os

import click

from ..cards import catalog
from ..errors import MapFileError, UsageError
from ..mapfile import MapFile, blank_map, read_map

SEASON_CHOICE = click.Choice(["spring", "summer", "autumn", "fall", "winter"], case_sensitive=False)


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
@click.option("--season", type=SEASON_CHOICE, help="Score this season's two edicts (else the map's season:).")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else the map's edicts:).")
@click.option("--card", "card_names", multiple=True, metavar="NAME", help="Score just this card (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option("--explain", is_flag=True, help="Draw each map with the spaces that scored highlighted.")
def score(maps: tuple[str, ...], season: str | None, edicts: str | None, card_names: tuple[str, ...],
          as_json: bool, explain: bool) -> None:
    """Score MAP files: a season's two edicts (or the --card ones), coins and monsters.

    \b
    cartoref score alice.yaml --season spring --edicts "sentinel wood,wildholds,canal lake,borderlands"
    cartoref score *.yaml --card "broken road" --json
    """
    from ..scoring import choose_cards, parse_edicts, score_sheet

    cards = catalog()
    forced = parse_edicts(cards, edicts) if edicts else None
    if as_json and explain:
        raise UsageError("--explain draws maps; it cannot be combined with --json")
    reports = []
    for mf in read_maps(maps):
        warn(mf)
        s = cards.season(season).id if season else mf.season
        chosen = choose_cards(cards, season=s, edicts=forced or mf.edicts, card_names=card_names, source=mf.name)
        reports.append((mf.name, score_sheet(mf.sheet, chosen, mf.coins, player=mf.player, season=s)))
    if as_json:
        data = [r.to_json() for _, r in reports]
        click.echo(json.dumps(data[0] if len(data) == 1 else data, indent=2))
        return
    from .. import render
    from ..scoring import monster_spaces

    out = render.console()
    for name, r in reports:
        out.print(render.score_table(r, title=render.report_title(r, name)))
        if explain:
            lit = 0
            for c in r.cards:
                lit |= c.score.cells
            out.print(render.map_text(r.sheet, highlight=lit, penalty=monster_spaces(r.sheet)))
            out.print("highlighted: spaces that scored;  !: empty spaces next to monsters")
    if len(reports) > 1:
        out.print(render.summary_table(reports))


@click.command()
@click.argument("map_path", metavar="MAP")
def show(map_path: str) -> None:
    """Draw MAP in colour with row letters A-K and column numbers 1-11."""
    from .. import render

    mf = read_maps((map_path,))[0]
    warn(mf)
    out = render.console()
    who = mf.player or os.path.basename(mf.name)
    out.print(f"[bold]{who}[/bold]: {mf.sheet.side.name} (side {mf.sheet.side.letter}), "
              f"{mf.coins} coin{'s' * (mf.coins != 1)}")
    out.print(render.map_text(mf.sheet))
    out.print(render.legend())


@click.command()
@click.argument("maps", nargs=-1, required=True, metavar="MAP...")
def check(maps: tuple[str, ...]) -> None:
    """Validate MAP files only: report every problem of every file, exit 2 if any."""
    for mf in read_maps(maps):
        warn(mf)
        who = f" ({mf.player})" if mf.player else ""
        click.echo(f"{mf.name}{who}: ok, {mf.sheet.side.id}, {mf.coins} coins")


@click.command("new-map")
@click.option("--sheet", "sheet_name", default="wilderness", show_default=True,
              help="Sheet side: wilderness (A) or wastelands (B).")
@click.option("--player", default=None, help="The player's name.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
def new_map(sheet_name: str, player: str | None, output: str | None, force: bool) -> None:
    """Print a blank map file for a sheet side: printed spaces filled in, legend as comments."""
    from ..errors import UnknownCardError

    try:
        side = catalog().sheet_side(sheet_name)
    except UnknownCardError as e:
        raise UsageError(f"--sheet: {e} (expected wilderness, wastelands, A or B)") from None
    text = blank_map(side, player)
    if output is None:
        click.echo(text, nl=False)
        return
    if os.path.exists(output) and not force:
        raise UsageError(f"{output} already exists; use --force to overwrite it")
    from ..files import atomic_write

    atomic_write(output, text)
    click.echo(f"wrote {output}", err=True)
