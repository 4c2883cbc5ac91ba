"""``cartoref challenge``: publish a solo challenge, verify the games handed in, rank them."""

from __future__ import annotations

import click

from ..i18n import _
from .options import (
    complete_ambushes,
    complete_edition,
    complete_sheet,
    db_option,
    echo_report,
    emit_json,
    emit_ranking,
    json_option,
    sheet_said,
)


@click.group()
def challenge() -> None:
    """A solo challenge: the same game for everyone, verified and ranked."""


@challenge.command("new")
@click.option("--name", default="", help="The challenge's name (Week 49).")
@click.option("--edition", default="base", show_default=True, metavar="EDITION", shell_complete=complete_edition,
              help="base (Cartographers), heroes (Cartographers Heroes) or combined.")
@click.option("--sheet", default=None, shell_complete=complete_sheet, callback=sheet_said,
              help="Sheet side A-D (default: the edition's).")
@click.option("--ambushes", "ambush_sets", metavar="WHICH", shell_complete=complete_ambushes,
              help="The ambush deck: promo or mixed. [the edition's own]")
@click.option("--seed", type=int, help="The seed that deals it (else a random one).")
@click.option("-o", "--output", metavar="FILE", help="Write the challenge file (for verify and the leaderboard).")
@click.option("--force", is_flag=True, help="Overwrite --output if it exists.")
@db_option
@json_option
def new(name: str, edition: str, sheet: str | None, ambush_sets: str | None, seed: int | None, output: str | None,
        force: bool, as_json: bool) -> None:
    """Publish a challenge: a code (and a file) dealing the same edicts and decks to everyone."""
    from ..table.challenges import publish

    if seed is None:
        import secrets

        seed = secrets.randbelow(36**6)
    published = publish(name, edition, sheet, seed, ambush_sets, output, force)
    c = published.challenge
    if as_json:
        from ..views import boards

        emit_json({**boards.challenge(c), "file": published.file})
        return
    from ..views.board_words import challenge_lines

    for line in challenge_lines(c):
        click.echo(line)
    how = c.code or published.file or ""
    click.echo(_("Play it: cartoref new --solo --challenge {code} --map MY-MAP.yaml --game MY-GAME.yaml").format(
        code=how))
    if published.file:
        click.echo(_("Verify the games handed in: cartoref challenge verify {file} FOLDER").format(
            file=published.file))


@challenge.command("verify")
@click.argument("named", metavar="CHALLENGE")
@click.argument("games", nargs=-1, required=True, metavar="GAME|FOLDER...")
@db_option
@json_option
def verify(named: str, games: tuple[str, ...], as_json: bool) -> None:
    """Replay each game handed in (its log, its map's drawings, its scores); name the first step that does not hold."""
    from ..table.challenges import verify as check

    result = check(named, games)
    if as_json:
        from ..views import boards

        emit_json(boards.verified(result))
        return
    from ..views.board_words import verified_lines

    echo_report(verified_lines(result))


@challenge.command("leaderboard")
@click.argument("named", metavar="CHALLENGE")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV (one row per verified game).")
@click.option("--svg", "svg_path", metavar="FILE", help="Draw the leaderboard as a picture (- for standard output).")
@db_option
@json_option
def leaderboard(named: str, as_csv: bool, svg_path: str | None, as_json: bool) -> None:
    """Rank the verified games of a challenge (kept by challenge verify)."""
    from ..table.challenges import leaderboard as board_of
    from ..views import boards
    from ..views.board_words import board_lines

    emit_ranking(board_of(named), as_json=as_json, as_csv=as_csv, svg_path=svg_path, json_of=boards.board,
                 csv_of=boards.board_csv, svg_of=boards.board_svg, lines_of=board_lines)
