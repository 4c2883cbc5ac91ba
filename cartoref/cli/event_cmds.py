"""``cartoref event``: several tables on one deal, rounds, standings."""

from __future__ import annotations

from typing import Any

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
def event() -> None:
    """An event: several tables on one deal, rounds of games, standings."""


def _points(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
    if value is None:
        return None
    try:
        points = tuple(int(x) for x in value.split(","))
    except ValueError:
        raise click.BadParameter(_("points by place, like 6,4,2,0")) from None
    if not points or any(p < 0 for p in points):
        raise click.BadParameter(_("points by place, like 6,4,2,0"))
    return points


def _said_round(made: Any, as_json: bool) -> None:
    """A round set up (``event new``, ``event round``): its tables, and how each plays."""
    if as_json:
        from ..views import boards

        emit_json(boards.round_made(made))
        return
    from ..views.board_words import round_lines

    for line in round_lines(made):
        click.echo(line)
    _how_to_play()


@event.command("new")
@click.argument("name")
@click.option("--tables", type=click.IntRange(1, 100), required=True, help="How many tables.")
@click.option("--players", "players", required=True, metavar="FILE|NAMES",
              help='The players: a file with one name a line, or "Ann,Bob,Cy,...".')
@click.option("--as-given", is_flag=True, help="Seat the players in the order given, table by table (else by the seed).")
@click.option("--seed", type=int, help="The deal of the first round and the seating (else random).")
@click.option("--edition", default="base", show_default=True, metavar="EDITION", shell_complete=complete_edition,
              help="base, heroes or combined.")
@click.option("--sheet", default=None, shell_complete=complete_sheet, callback=sheet_said,
              help="Sheet side A-D (default: the edition's).")
@click.option("--ambushes", "ambush_sets", metavar="WHICH", shell_complete=complete_ambushes,
              help="The ambush deck: promo or mixed. [the edition's own]")
@click.option("--by", type=click.Choice(["score", "rank"]), default="score", show_default=True,
              help="Rank the players by total stars, or by rank points at each table.")
@click.option("--points", callback=_points, metavar="P1,P2,...", help="Rank points by place. [6,4,2,0]")
@click.option("--then", "then", type=click.Choice(["rank", "score", "wins"]), default="rank", show_default=True,
              help="The second tie-break, after fewest stars lost to monsters.")
@db_option
@json_option
def new(name: str, tables: int, players: str, as_given: bool, seed: int | None, edition: str, sheet: str | None,
        ambush_sets: str | None, by: str, points: tuple[int, ...] | None, then: str, as_json: bool) -> None:
    """Set up an event: the players seated by table, one deal for every table, a game per table."""
    from ..table.events import new_event

    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    _said_round(new_event(name, tables, players, seed=seed, edition=edition, sheet=sheet, ambushes=ambush_sets, by=by,
                          points=points, then=then, as_given=as_given), as_json)


def _how_to_play() -> None:
    from .. import table

    where = table.current_store().where
    if where:
        click.echo(_("Each table plays its game: cartoref draw --db {db} --game GAME").format(db=where))
    else:
        click.echo(_("Each table plays its game: cartoref draw --game GAME (or cartoref serve --game GAME)"))


@event.command("round")
@click.argument("name")
@click.option("--seating", type=click.Choice(["swiss", "standing", "random"]), default="swiss", show_default=True,
              help="swiss: by standing, avoiding repeat opponents; standing: the best together; random.")
@click.option("--drop", multiple=True, metavar="PLAYER", help="A player leaving the event from this round (repeatable).")
@click.option("--back", multiple=True, metavar="PLAYER", help="A dropped player playing again (repeatable).")
@db_option
@json_option
def round_(name: str, seating: str, drop: tuple[str, ...], back: tuple[str, ...], as_json: bool) -> None:
    """Start the event's next round: a new deal, the players reseated."""
    from ..table.events import next_round

    _said_round(next_round(name, seating, drop, back), as_json)


@event.command("standings")
@click.argument("name")
@click.option("--by", type=click.Choice(["score", "rank"]), default=None, help="Rank by total stars or rank points. [the event's]")
@click.option("--then", "then", type=click.Choice(["rank", "score", "wins"]), default=None,
              help="The second tie-break. [the event's]")
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV (one row per player).")
@click.option("--svg", "svg_path", metavar="FILE", help="Draw the standings as a picture (- for standard output).")
@db_option
@json_option
def standings(name: str, by: str | None, then: str | None, as_csv: bool, svg_path: str | None, as_json: bool) -> None:
    """The event's standings over its rounds, and each game with its BG Stats link."""
    from ..table.events import event_standings
    from ..views import boards
    from ..views.board_words import event_lines

    emit_ranking(event_standings(name, by, then), as_json=as_json, as_csv=as_csv, svg_path=svg_path,
                 json_of=boards.event_standings, csv_of=boards.event_csv, svg_of=boards.event_svg,
                 lines_of=event_lines)


@click.command("verify")
@click.argument("names", nargs=-1, metavar="[GAME|MAP|FOLDER]...")
@click.option("--event", "event_name", metavar="NAME", help="Verify this event's games (every round's, or --round's).")
@click.option("--round", "round_number", type=int, metavar="N", help="With --event: only this round.")
@click.option("--edicts", metavar="A,B,C,D", help="The round's four edicts: a map alone naming others is illegal.")
@db_option
@json_option
def verify(names: tuple[str, ...], event_name: str | None, round_number: int | None, edicts: str | None,
           as_json: bool) -> None:
    """Verify sheets: replay each game and map, report the illegal and disputed ones with the reasons."""
    from ..table.lookup import edict_ids
    from ..table.verifying import verify as check

    report = check(names, edicts=edict_ids(edicts) if edicts else None, event=event_name, round_number=round_number)
    if as_json:
        from ..views import boards

        emit_json(boards.verify_report(report))
        return
    from ..views.board_words import verify_lines

    echo_report(verify_lines(report))
