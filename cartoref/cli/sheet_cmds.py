"""Commands on map files: score, show, check, new-map."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from ..errors import UsageError
from ..i18n import _, ngettext
from .options import (
    SEASON,
    complete_card,
    complete_sheet,
    db_option,
    sheet_said,
    svg_option,
    write_svg,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..table.sheets import MapFile


def warn(mf: MapFile) -> None:
    """Print a map's warnings on stderr."""
    from ..views.phrases import printable

    for w in mf.warnings:
        click.echo(printable(_("{file}: warning: {warning}").format(file=mf.name, warning=w)), err=True)


@click.command()
@click.argument("maps", nargs=-1, required=True, metavar="MAP...")
@click.option("--season", type=SEASON, help="Score this season's two edicts (else the map's season:).")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else the map's edicts:).")
@click.option("--card", "card_names", multiple=True, metavar="NAME", shell_complete=complete_card, help="Score just this card (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@click.option("--explain", is_flag=True, help="Draw each map with the spaces that scored highlighted.")
@click.option("--game", "game_path", metavar="FILE",
              help="Score with this game's edicts, for the season running or just ended (else --season).")
@db_option
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
    from ..table.sheets import score_maps

    if as_json and explain:
        raise UsageError(_("--explain draws maps; it cannot be combined with --json"))
    if svg_path is not None:
        if as_json:
            raise UsageError(_("--svg draws a picture; it cannot be combined with --json"))
        if not explain:
            raise UsageError(_("--svg draws the scored spaces; add --explain (cartoref show MAP --svg FILE "
                               "draws a map alone)"))
        if len(maps) > 1:
            raise UsageError(_("--svg draws one map; give one MAP (run the command once per map)"))
    scored = score_maps(maps, season=season, edicts=edicts, card_names=card_names, game_path=game_path)
    for one in scored:
        warn(one.map)
    reports = [(one.name, one.report) for one in scored]
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
@db_option
@svg_option
def show(map_path: str, as_json: bool, svg_path: str | None) -> None:
    """Draw a map file in colour with row letters and column numbers.

    Rows A-K from the top, columns 1-11 from the left, as printed on the sheet.
    With --svg, draw it as a picture to share or print.
    """
    from ..table.sheets import read_maps
    from ..views import terminal

    mf = read_maps((map_path,))[0]
    if as_json and svg_path is not None:
        raise UsageError(_("--svg draws a picture; it cannot be combined with --json"))
    if svg_path is not None:
        from ..views.svg import sheet_svg

        warn(mf)
        write_svg(svg_path, sheet_svg(mf.sheet, mf.player or os.path.basename(mf.name), mf.coins,
                                                 spent=mf.spent), (map_path,))
        return
    if as_json:
        from ..views import json as views_json

        click.echo(views_json.dump(views_json.map_file(mf)))
        return
    warn(mf)
    side = mf.sheet.side
    terminal.show([terminal.map_heading(mf.player or os.path.basename(mf.name), terminal.spoken_name(side), side.letter,
                                        mf.coins, mf.spent),
                   terminal.map_text(mf.sheet), terminal.legend(mf.sheet)])


@click.command()
@click.argument("maps", nargs=-1, required=True, metavar="MAP...")
@click.option("--json", "as_json", is_flag=True, help="Print each file and its problems as JSON.")
@db_option
@click.pass_context
def check(ctx: click.Context, maps: tuple[str, ...], as_json: bool) -> None:
    """Validate map files only.

    Report every problem of every file at once; exit status 2 if there is any.
    """
    from ..table.sheets import check_maps, read_maps

    if as_json:
        from ..views import json as views_json

        results = check_maps(maps)
        click.echo(views_json.dump([views_json.checked(p, mf, problems) for p, mf, problems in results]))
        if any(r.problems for r in results):
            ctx.exit(2)
        return
    from ..views.phrases import printable
    from ..views.terminal import spoken_name

    for mf in read_maps(maps):
        warn(mf)
        # "1 coins" as it always was in English; other languages count as they do.
        if mf.player:
            line = ngettext("{file} ({player}): ok, {side} side ({letter}), {n} coins",
                            "{file} ({player}): ok, {side} side ({letter}), {n} coins", mf.coins)
        else:
            line = ngettext("{file}: ok, {side} side ({letter}), {n} coins",
                            "{file}: ok, {side} side ({letter}), {n} coins", mf.coins)
        side = mf.sheet.side
        click.echo(printable(line.format(file=mf.name, player=mf.player, side=spoken_name(side), letter=side.letter,
                                         n=mf.coins)))


@click.command("new-map")
@click.option("--sheet", "sheet_name", default=None, shell_complete=complete_sheet, callback=sheet_said,
              help="Sheet side: wilderness (A, the default), wastelands (B), heroes-wilderness (C), "
                   "heroes-wastelands (D) or tabula-rasa (T, rolled by --seed).")
@click.option("--seed", type=int, default=None, help="Tabula Rasa: the seed its dice are rolled by (a game's).")
@click.option("--wastelands", is_flag=True, help="Tabula Rasa: the dice place 7 wasteland spaces too.")
@click.option("--player", default=None, help="The player's name.")
@click.option("--game", "game_path", metavar="FILE",
              help="A map for this game: its sheet side and edicts, and one of its players.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of printing.")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@db_option
def new_map(sheet_name: str | None, seed: int | None, wastelands: bool, player: str | None, game_path: str | None,
            output: str | None, force: bool) -> None:
    """Print a blank map file for a sheet side.

    The printed spaces (mountains, wastelands, ruins) are filled in, the legend is in comments.
    With --game the map is the game's: its side, its edicts, a player of it.
    """
    from ..table.sheets import new_map as blank
    from ..table.sheets import write_new

    text = blank(sheet_name, player, game_path, seed=seed, wastelands=wastelands)
    if output is None:
        click.echo(text, nl=False)
        return
    write_new(output, text, force=force)
    click.echo(_("wrote {file}").format(file=output), err=True)
