"""Commands that referee a game: new, draw, status, forecast, record, standings, undo, log.

Each command turns its options into one call of the table layer (``cartoref.table``, which
owns the game file and its lock) and the result into a view.
"""

from __future__ import annotations

from typing import Any

import click

from .. import table
from ..errors import UsageError
from ..i18n import _, ngettext
from ..views import json as views_json
from .options import (
    SEASON,
    complete_ambushes,
    complete_edition,
    complete_player,
    complete_sheet,
    emit_json,
    game_option,
    json_option,
    sheet_said,
    split_names,
)


def show(items: list[Any]) -> None:
    """Print a view on the terminal."""
    from ..views.terminal import show as show_items

    show_items(items)


@click.command()
@click.option("--players", metavar="NAMES", help='The players, comma-separated: "Ann,Bob,Cy" (1 to 100).')
@click.option("--solo", is_flag=True, help="A solo game (one player, named by --players, else by the --map file's player:, else Solo).")
@click.option("--sheet", default=None, shell_complete=complete_sheet, callback=sheet_said,
              help="Sheet side: wilderness (A), wastelands (B), heroes-wilderness (C), heroes-wastelands (D) "
                   "or tabula-rasa (T: its mountains and ruins rolled by the seed) (default: A; C for --edition "
                   "heroes).")
@click.option("--wastelands", is_flag=True, help="Tabula Rasa: the dice place 7 wasteland spaces too.")
@click.option("--skills", "skills", is_flag=False, flag_value="", default=None, metavar="[NAMES]",
              help='Play with skills (Skills Mini Expansion 1): three of the eight dealt face up by the seed, or '
                   'the three named: --skills "acrobatics,search,negotiate".')
@click.option("--edition", default="base", show_default=True, metavar="EDITION", shell_complete=complete_edition,
              help="base (Cartographers), heroes (Cartographers Heroes) or combined (the two combined).")
@click.option("--explore", "explore_set", type=click.Choice(["base", "heroes"]),
              help="Combined: whose explore cards (never both; the two ruins cards are always in). [base]")
@click.option("--ambushes", "ambush_sets", metavar="WHICH", shell_complete=complete_ambushes,
              help="The ambush deck: promo (the four promo ambushes), mixed (the edition's own and the promo "
                   "ones shuffled, one joining each season, the rest unseen); combined also base, heroes or "
                   "both. [the edition's own]")
@click.option("--heroes/--no-heroes", "with_heroes", default=None, help="Combined: with the hero deck. [with]")
@click.option("--seasons", "season_set", type=click.Choice(["base", "heroes"]),
              help="Combined: whose season cards (summer 8 or 7). [base]")
@click.option("--seed", type=int, help="Fix the shuffles: the same seed gives the same game.")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else drawn).")
@click.option("--map", "map_file", metavar="FILE", help="Solo: your map file; cartoref draws each monster on it.")
@click.option("--force", is_flag=True, help="Replace an existing game file; with --solo --map, play on a map already drawn on.")
@click.option("--challenge", "challenge", metavar="CODE|FILE",
              help="Solo: play a published challenge (its code or file): its edition, sheet, edicts and decks.")
@game_option
@json_option
@click.pass_context
def new(ctx: click.Context, players: str | None, solo: bool, sheet: str | None, wastelands: bool, skills: str | None,
        edition: str, explore_set: str | None,
        ambush_sets: str | None, with_heroes: bool | None, season_set: str | None, seed: int | None,
        edicts: str | None, map_file: str | None, force: bool, challenge: str | None, game_path: str,
        as_json: bool) -> None:
    """Set up a game: edicts, shuffled deck, players; saved in a game file."""
    if challenge is not None:
        _new_challenge_game(ctx, challenge, players, solo, map_file, force, game_path, as_json)
        return
    names = split_names(players) if players is not None else []
    if not names and not solo:
        raise UsageError(_('name the players with --players "Ann,Bob,Cy", or play alone with --solo'))
    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    state = table.set_up(game_path, seed, tuple(names), solo=solo, sheet=sheet, edition=edition,
                         explore=explore_set, ambushes=ambush_sets, heroes=with_heroes, seasons=season_set,
                         edicts=edicts, map_file=map_file, force=force, wastelands=wastelands, skills=skills)
    if as_json:
        emit_json(views_json.status(state))
        return
    from ..views import words
    from .nextsteps import next_lines

    rolled = []
    if state.side.roll is not None and state.setup.map is None:
        rolled = [_("A map file of this sheet for each player: cartoref new-map --game {game} --player NAME -o "
                    "NAME.yaml").format(game=game_path)]
    at = table.Table(table.current_store(), game_path, state)
    show(list(words.new_lines(state, game_path)) + rolled + next_lines(at))


def _new_challenge_game(ctx: click.Context, named: str, players: str | None, solo: bool, map_file: str | None,
                        force: bool, game_path: str, as_json: bool) -> None:
    """``new --solo --challenge``: the challenge's game; the options it fixes are refused."""
    from click.core import ParameterSource

    fixed = ("sheet", "wastelands", "skills", "edition", "explore_set", "ambush_sets", "with_heroes", "season_set",
             "seed", "edicts")
    given = [p.opts[0] for p in ctx.command.params if p.name in fixed
             and ctx.get_parameter_source(p.name) == ParameterSource.COMMANDLINE]
    if given:
        raise UsageError(_("--challenge fixes the edition, sheet, edicts and decks: leave out {options}").format(
            options=", ".join(given)), code="challenge-fixes")
    if not solo:
        raise UsageError(_("a challenge is played alone: add --solo"), code="challenge-solo")
    names = split_names(players) if players is not None else []
    if len(names) > 1:
        raise UsageError(_("a solo game has one player, not {n}").format(n=len(names)), code="challenge-solo")
    from ..table.challenges import set_up_challenge

    state, chosen = set_up_challenge(game_path, named, names[0] if names else None, map_file, force)
    if as_json:
        emit_json({**views_json.status(state), "challenge": chosen.code or chosen.name})
        return
    from ..views import words
    from .nextsteps import next_lines

    at = table.Table(table.current_store(), game_path, state)
    said = _("The challenge {code}: the same edicts and decks for everyone who plays it.").format(
        code=chosen.code or chosen.name)
    show([said, *words.new_lines(state, game_path), *next_lines(at)])


@click.command()
@game_option
@click.option("--force", is_flag=True, help=("Draw even while seats of the table page have not drawn the card on "
                                              "the table (a season's last card: the season is scored first, every "
                                              "seated map as it stands)."))
@json_option
def draw(game_path: str, force: bool, as_json: bool) -> None:
    """Reveal the next card and say what the table does.

    After a ruins card the next one is revealed too. With seats taken on the table page
    (cartoref serve), the draw waits for every seated map as the referee's page does.
    """
    from ..table.seats import referee_draw, seated
    from .nextsteps import next_lines

    with table.Table.open(game_path) as t:
        done = referee_draw(t, seated(t), force=force)
        steps = next_lines(t, drawn=done.drawn)
    if as_json:
        data = views_json.draw(done.drawn)
        data["skipped"] = [{"player": p, "card": done.card} for p in done.skipped]
        emit_json(data)
        return
    from ..views.terminal_game import draw_items
    from ..views.words import referee_draw_lines

    said = referee_draw_lines(done.drawn.before, done.skipped, done.card, done.scored is not None and bool(
        done.scored.recorded))
    show(said + draw_items(done.drawn) + ([""] + steps if steps else []))


@click.command()
@game_option
@json_option
def status(game_path: str, as_json: bool) -> None:
    """The season, its time and column, the deck, who has recorded, the card on the table."""
    game = table.Table.read(game_path)
    if as_json:
        emit_json(views_json.status(game.state))
        return
    from ..views.terminal_game import status_items
    from .nextsteps import next_lines

    steps = next_lines(game)
    show(status_items(game.state, game.forecast()) + ([""] + steps if steps else []))


@click.command()
@game_option
@json_option
def forecast(game_path: str, as_json: bool) -> None:
    """When the season ends: the exact odds that it ends with the next card, and of each
    number of draws left.

    Worked out from what the table knows (the cards revealed so far, how many ambushes and
    heroes are face down), never from the deck's order. Between seasons, for the next one.
    """
    game = table.Table.read(game_path)
    odds = game.forecast()
    if as_json:
        emit_json(views_json.forecast(odds))
        return
    from ..views.advice import forecast_lines

    if odds is None:
        click.echo(_("The game is over: no season is left to forecast."))
        return
    from ..views.terminal import spoken_name

    name = spoken_name(next(s for s in game.state.seasons if s.id == odds.season))
    show(list(forecast_lines(odds, name, running=not game.at_hand.last_of_season)))


@click.command()
@click.argument("player", shell_complete=complete_player)
@click.argument("map_file", metavar="[MAP]", required=False)
@click.option("--edict1", type=int, help="Hand-scored: stars from the season's first edict.")
@click.option("--edict2", type=int, help="Hand-scored: stars from the season's second edict.")
@click.option("--coins", type=int, help="Hand-scored: coins on the coin track.")
@click.option("--monsters", type=int, help="Hand-scored: stars lost to monsters (a positive number).")
@click.option("--season", type=SEASON, help="Check that this is the season being recorded.")
@click.option("--replace", is_flag=True, help="Replace the player's score for this season.")
@game_option
@json_option
def record(player: str, map_file: str | None, edict1: int | None, edict2: int | None, coins: int | None,
           monsters: int | None, season: str | None, replace: bool, game_path: str, as_json: bool) -> None:
    """Record a player's score for the season that just ended.

    Score PLAYER's MAP file, or give the hand-scored boxes with --edict1 --edict2 --coins
    --monsters.
    """
    hand = {"--edict1": edict1, "--edict2": edict2, "--coins": coins, "--monsters": monsters}
    given = [k for k, v in hand.items() if v is not None]
    if map_file is not None and given:
        raise UsageError(_("give either a MAP file or the hand-scored boxes, not both"))
    if map_file is None and len(given) != 4:
        missing = [k for k in hand if k not in given]
        raise UsageError(_("record needs a MAP file, or all of --edict1 --edict2 --coins --monsters "
                           "(missing {options})").format(options=" ".join(missing)))
    scores = None if map_file is not None else table.HandScores(edict1, edict2, coins, monsters)  # type: ignore[arg-type]
    from .nextsteps import next_lines

    with table.Table.open(game_path) as t:
        result = t.record(player, map_file=map_file, scores=scores, season=season, replace=replace)
        steps = next_lines(t, recording=True)
    if as_json:
        emit_json(views_json.record(result))
        return
    for w in result.warnings:
        click.echo(_("{file}: warning: {warning}").format(file=map_file, warning=w), err=True)
    from ..views.terminal_game import record_items

    show(record_items(result) + steps)


@click.command()
@game_option
@json_option
def standings(game_path: str, as_json: bool) -> None:
    """Each player's seasons, totals and rank; solo rating and title.

    Ties are broken by the fewest stars lost to monsters.
    """
    game = table.Table.read(game_path)
    if as_json:
        emit_json(views_json.standings(game.standings()))
        return
    from ..views.terminal_game import standings_items

    show(standings_items(game.state, game.standings()))


@click.command()
@game_option
@json_option
def undo(game_path: str, as_json: bool) -> None:
    """Take back the last action of the game.

    Repeatable. The deck is fixed by the seed: the next draw reveals the same card again.
    """
    from ..views import record_words, words

    with table.Table.open(game_path) as t:
        result = t.undo()
    if as_json:
        emit_json(views_json.undo(result, record_words.erase_note(result)))
        return
    from .nextsteps import unplace_lines

    show(words.undo_lines(result) + unplace_lines(result.map, len(result.later)))


@click.command()
@game_option
@json_option
def log(game_path: str, as_json: bool) -> None:
    """List the actions of the game, oldest first."""
    game = table.Table.read(game_path)
    if as_json:
        emit_json(views_json.log(game.log()))
        return
    from ..views import record_words

    show(record_words.log_lines(game.state, game.log()))


@click.command()
@click.option("--solo", is_flag=True, required=True, help="A solo game (the only kind the advisor plays alone).")
@click.option("--edition", default="base", show_default=True, metavar="EDITION", shell_complete=complete_edition,
              help="base (Cartographers), heroes (Cartographers Heroes) or combined (the two combined).")
@click.option("--ambushes", "ambush_sets", metavar="WHICH", shell_complete=complete_ambushes,
              help="The ambush deck, as new takes it: promo (the four promo ambushes), mixed (the edition's "
                   "own and the promo ones shuffled). [the edition's own]")
@click.option("--seed", type=int, help="Fix the shuffles: the same seed plays the same game.")
@click.option("--policy", type=click.Choice(["hint", "now", "random"]), default="hint", show_default=True,
              help="hint: the advisor's first drawing; now: the best for this season; random: any legal one.")
@click.option("--map", "map_file", default="autoplay-map.yaml", show_default=True, metavar="FILE",
              help="The solo map file the game is drawn on (replaced).")
@click.option("--challenge", metavar="CODE|FILE", help="Play this challenge's game (--seed then seeds the policy).")
@click.option("--player", default="Solo", show_default=True, help="The player's name in the game.")
@game_option
@json_option
def autoplay(solo: bool, edition: str, ambush_sets: str | None, seed: int | None, policy: str, map_file: str,
             challenge: str | None, player: str, game_path: str, as_json: bool) -> None:
    """Let the advisor play a whole solo game, leaving its game and map files.

    Every move goes through the commands a person runs (draw, place, record, season-end), so
    standings, log and show --svg work on what it leaves: a way to watch a map being built.
    """
    from ..table.autoplay import autoplay as play
    from ..table.lookup import spoken_title

    if seed is None:
        import secrets

        seed = secrets.randbelow(10**9)
    played = play(game_path, map_file, seed=seed, edition=edition, policy=policy, ambushes=ambush_sets,
                  challenge=challenge, player=player)
    if as_json:
        emit_json({"game": played.game, "map": played.map, "seed": seed, "policy": policy, "score": played.score,
                   "rating": played.rating, "title": played.title, "drawings": played.drawings})
        return
    # "1 stars" as it always was in English; other languages count the stars as they do.
    click.echo(ngettext("{policy} played seed {seed}: {n} stars, rating {rating}: {title} ({drawings} drawings); "
                        "see cartoref standings --game {game}, cartoref show {map} --svg FILE",
                        "{policy} played seed {seed}: {n} stars, rating {rating}: {title} ({drawings} drawings); "
                        "see cartoref standings --game {game}, cartoref show {map} --svg FILE",
                        played.score).format(policy=policy, seed=seed, n=played.score, rating=played.rating,
                                             title=spoken_title(played.title), drawings=played.drawings,
                                             game=game_path,
                                             map=map_file))
