"""Commands that follow a game on a map file: place, fits, hint, solo-ambush, title."""

from __future__ import annotations

from typing import Any

import click

from ..errors import UsageError
from ..i18n import _
from ..table.lookup import TERRAIN_WORDS
from .options import (
    SEASON,
    SPACE_WORDS,
    SpacedOption,
    SpokenChoice,
    complete_card,
    db_option,
    emit_json,
    find_game,
    table_game_option,
)


class TerrainWord(SpokenChoice):
    """A terrain a player may draw, typed in any language cartoref speaks (a plural "s" optional:
    ``champs``)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from ..table.lookup import playable_terrain

        word = playable_terrain(value) if isinstance(value, str) else None
        return word if word is not None else super().convert(value, param, ctx)


TERRAIN_CHOICE = TerrainWord({word: word for word in TERRAIN_WORDS})  # each word is its own message


def _show(lines: list[str], sheet: Any, highlight: int, warnings: list[str]) -> None:
    from ..views.terminal import map_text, show

    show(lines)
    for w in warnings:
        click.echo(_("warning: {warning}").format(warning=w), err=True)
    show([map_text(sheet, highlight=highlight)])


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="[CARD]", required=False, shell_complete=complete_card)
@click.option("--cells", "cells_text", required=True, metavar="SPACES", cls=SpacedOption, words=SPACE_WORDS,
              help="The spaces drawn, as printed on the sheet: B4,B5,C5 or b4 b5 c5.")
@click.option("--terrain", type=TERRAIN_CHOICE,
              help="The terrain drawn; optional when the card offers one (monster for an ambush).")
@click.option("--ruins", is_flag=True, help="A ruins card came before: the shape must cover an empty ruins space.")
@click.option("--strict-fallback", is_flag=True,
              help="Single-space fallback in one of the card's terrains only (2019 English rulebook).")
@click.option("--orientation", type=int, metavar="N",
              help="A hero: its pattern's orientation, 1 as printed (the refusal lists them).")
@click.option("--attacks", "attacks_text", metavar="SPACES", cls=SpacedOption, words=SPACE_WORDS,
              help="A hero: the spaces its pattern marks, as drawn on the sheet (instead of --orientation).")
@click.option("--destroy", "destroy_text", metavar="SPACE",
              help="Gorgon Gaze: the space next to the gorgon it destroys (not a mountain).")
@click.option("--skill", "skill", metavar="NAME",
              help="Draw with a skill face up in the game (one a season), its cost crossed out on the coin track.")
@click.option("--dry-run", is_flag=True, help="Check the drawing and report; change nothing.")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def place(map_path: str, card_name: str | None, cells_text: str, terrain: str | None, ruins: bool,
          strict_fallback: bool, orientation: int | None, attacks_text: str | None, destroy_text: str | None,
          skill: str | None, dry_run: bool, game_path: str | None, no_game: bool, as_json: bool) -> None:
    """Check a drawing on a map file and apply it, with its coins.

    When the drawing of CARD on MAP is legal, draw it and mark the coins it earns.

    In a game (--game FILE, $CARTOREF_GAME, or cartoref-game.yaml here) the card is the one on
    the table and the ruins obligation is the game's: CARD may be left out, and another card is
    refused. Exit status 0 when the drawing is legal, 2 when it is refused (the file is left as
    it was).

    \b
    cartoref place alice.yaml hamlet --cells B5,C5,C6 --terrain village
    cartoref place alice.yaml "goblin attack" --cells A1,B2,C3
    cartoref place alice.yaml --cells B5,C5,C6 --terrain village --game table.yaml
    cartoref place alice.yaml "wren" --cells E5 --orientation 2

    A hero goes on one empty space; its pattern (in the orientation given, or matching the
    --attacks marks) is marked on the map and every monster inside it destroyed.

    With --skill NAME the drawing is made with a skill the game dealt face up: Knowledge,
    Move Silently and Negotiate change the card's drawing, Acrobatics an ambush's monster;
    Concentrate, Cure Wounds and Search add a drawing after the card's own.
    """
    from ..table import at_table
    from ..views import map_words

    with at_table(find_game(game_path, no_game)) as table:
        result = table.place(map_path, card_name, cells_text, terrain=terrain, ruins=ruins,
                             strict_fallback=strict_fallback, destroy=destroy_text, orientation=orientation,
                             attacks=attacks_text, write=not dry_run, skill=skill)
    notes = map_words.placed_notes(result, ruins)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.placed(result, notes))
        return
    _show(map_words.placed_lines(result), result.sheet, map_words.placed_highlight(result), notes)

@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="[CARD]", required=False, shell_complete=complete_card)
@click.option("--ruins", is_flag=True, help="Count only placements that cover an empty ruins space.")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
def fits(map_path: str, card_name: str | None, ruins: bool, game_path: str | None, no_game: bool,
         as_json: bool) -> None:
    """Count where each shape of a card can be drawn on a map.

    For each shape of CARD on MAP, and whether the single-space fallback applies.

    Placements are distinct sets of spaces, whatever rotation or mirror produced them. In a
    game the card on the table (and its ruins obligation) is taken from it, as for place.
    """
    from ..table import at_table

    with at_table(find_game(game_path, no_game)) as table:
        card, _ruins, f = table.fits(map_path, card_name, ruins)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.fits(f))
        return
    from ..views import map_words
    from ..views.terminal import show

    show(map_words.fits_lines(f, card))



@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="[CARD]", required=False, shell_complete=complete_card)
@click.option("--ruins", is_flag=True, help="A ruins card came before: the shape must cover an empty ruins space.")
@click.option("--season", type=SEASON, help="The season being played (else the game's, else the map's season:).")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else the game's, "
                                                   "else the map's edicts:).")
@click.option("--against", "against", metavar="MAP",
              help="An ambush: rank its monster on this map (the one passed to you), the drawings that hurt it "
                   "most first; MAP is then your own map.")
@click.option("--top", type=click.IntRange(0), default=5, show_default=True,
              help="How many drawings to show (0: every one).")
@click.option("--quick", is_flag=True, help="Rank by the one-step worth only (now and later), without looking "
                                            "at the next card.")
@click.option("--budget", type=click.IntRange(1, 600_000), metavar="MS",
              help="Milliseconds the look at the next card may take (default 500: the answer within a second).")
@click.option("--seed", type=int, help="Fix the sample looked at when the budget cannot cover every next drawing "
                                       "(default 0).")
@click.option("--explain", is_flag=True, help="Draw the best drawing on the map too.")
@click.option("--svg", "svg_path", metavar="FILE",
              help="With --explain: draw the best drawing as an SVG picture into FILE (- for standard output).")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the ranking as JSON.")
def hint(map_path: str, card_name: str | None, ruins: bool, season: str | None, edicts: str | None,
         against: str | None, top: int, quick: bool, budget: int | None, seed: int | None,
         explain: bool, svg_path: str | None, game_path: str | None, no_game: bool, as_json: bool) -> None:
    """Where to draw a card: every legal drawing on MAP, ranked by what it is worth.

    A drawing is worth what it adds to this season's two edicts, coins and monster penalty
    (now), plus its gain on each edict times the later seasons that score it, and its coins
    and monster change at each later scoring (later), if nothing else changes. Then the next
    card is looked at (unless --quick): each card still face down, drawn at its best on the map
    this drawing leaves (an ambush's monster where it would land), averaged by its chance; that
    expected worth (next) is added. In a game the card on the table, its ruins obligation, the
    edicts, the season and the cards still face down come from the game.
    """
    if svg_path is not None and (as_json or not explain):
        raise UsageError(_("--svg draws the best drawing: use it with --explain, without --json"))
    if quick and (budget is not None or seed is not None):
        raise UsageError(_("--budget and --seed are for looking ahead; --quick does not look ahead"))
    from ..table import at_table

    with at_table(find_game(game_path, no_game)) as table:
        result = table.hint(map_path, card_name, ruins=ruins, season=season, edicts=edicts, against=against,
                            quick=quick, budget=budget, seed=seed)
    shown = len(result.ranked) if top == 0 else top
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.hints(result, shown))
        return
    if svg_path is not None:
        from ..views.advice import best_svg
        from .options import write_svg

        write_svg(svg_path, best_svg(result), (map_path, against) if against else (map_path,))
        return
    from ..views.advice import hint_lines
    from ..views.terminal import show

    show(hint_lines(result, shown))
    if explain and result.ranked:
        from ..views.terminal import map_text

        best = result.ranked[0]
        show([_("The best drawing, in [brackets]:"), map_text(best.after, highlight=best.mask)])

@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Say what would be taken back; change nothing.")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def unplace(map_path: str, dry_run: bool, as_json: bool) -> None:
    """Take back the last drawing cartoref wrote into a map file, and its coins.

    Repeatable: the map file keeps the drawings place and solo-ambush wrote (its drawings: key,
    one line each); a map typed from paper keeps none.
    """
    from ..table import unplace as take_back
    from ..views import map_words

    result = take_back(map_path, write=not dry_run)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.unplaced(result))
        return
    _show(map_words.unplaced_lines(result), result.sheet, result.erased, [])

@click.command("season-end")
@click.argument("maps", nargs=-1, required=True, metavar="MAP...", type=click.Path(dir_okay=False))
@click.option("--season", type=SEASON, help="The season just scored (else the game's).")
@click.option("--troll", "troll_texts", metavar="SPACE", multiple=True,
              help="The empty space next to the troll it destroys: SPACE with one MAP, or MAP=SPACE for each map "
                   "(chosen for you when only one can be).")
@click.option("--force", is_flag=True, help="Apply the effects even though the map's score is not recorded in "
                                            "the game (a table scoring on paper).")
@click.option("--dry-run", is_flag=True, help="Say what the effects do; change nothing.")
@click.option("--game", "game_path", envvar="CARTOREF_GAME", metavar="FILE",
              help="Take the season and the effects' order from this game (default: $CARTOREF_GAME, else "
                   "cartoref-game.yaml when it is here).")
@db_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def season_end(maps: tuple[str, ...], season: str | None, troll_texts: tuple[str, ...], force: bool, dry_run: bool,
               game_path: str | None, as_json: bool) -> None:
    """Apply a season's after-scoring effects to a map (Heroes).

    Once per season: the zombies spread into every empty space next to them (a new zombie inside
    an attack zone is destroyed at once), the troll destroys the empty space next to it given by
    --troll; in the order their ambushes were revealed.
    """
    from ..table import at_table
    from ..table.desk import TrollsToChoose
    from ..views import map_words

    troll: str | dict[str, str] | None = None
    if len(troll_texts) == 1 and "=" not in troll_texts[0]:
        troll = troll_texts[0]
    elif troll_texts:
        bad = [t for t in troll_texts if "=" not in t]
        if bad:
            raise UsageError(_("--troll {given}: with several, give each as MAP=SPACE").format(given=bad[0]),
                             code="troll-one-map")
        troll = dict(t.rsplit("=", 1) for t in troll_texts)
    left = None
    with at_table(find_game(game_path, False)) as table:
        try:
            results = table.season_end(maps, season, troll=troll, force=force, write=not dry_run)
        except TrollsToChoose as e:
            results, left = e.done, e
    if as_json:
        from ..views import json as views_json

        data = [views_json.season_ended(r) for r in results]
        emit_json(data[0] if len(data) == 1 else data)
        if left is not None:
            raise left
        return
    from ..views.terminal import map_text, show

    for r in results:
        show(map_words.season_end_map_lines(r) + [map_text(r.sheet, highlight=r.zombies | r.troll)])
    if left is not None:
        raise left  # what is done is shown; the maps whose troll waits are named, exit 2

@click.command("solo-ambush")
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("ambush_name", metavar="AMBUSH", shell_complete=complete_card)
@click.option("--destroy", "destroy_text", metavar="SPACE",
              help="Gorgon Gaze: the space next to the gorgon it destroys (not a mountain).")
@click.option("--dry-run", is_flag=True, help="Say where the monster goes; change nothing.")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def solo_ambush(map_path: str, ambush_name: str, destroy_text: str | None, dry_run: bool, game_path: str | None,
                no_game: bool, as_json: bool) -> None:
    """Draw an ambush's monster by the solo procedure.

    AMBUSH's monster goes on MAP as docs/solo.md says, or the ambush is reported ignored.

    From the card's corner along the edge in the arrow's direction, ring by ring inward, the
    shape never turned or mirrored; the first legal position wins.

    In a game (--game FILE, $CARTOREF_GAME, or cartoref-game.yaml here) AMBUSH must be the card
    on the table, a monster already drawn for it on MAP (by cartoref in a solo game) is refused,
    and the drawing is kept with its turn, as place does; --no-game draws it on its own.
    """
    from ..table import at_table
    from ..views import map_words, phrases

    with at_table(find_game(game_path, no_game)) as table:
        ambush, result = table.solo_ambush(map_path, ambush_name, destroy=destroy_text, write=not dry_run)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.solo_ambush(result.candidate))
        return
    lines = map_words.solo_ambush_lines(result, ambush)
    if result.drawing is None:
        from ..views.terminal import show

        show(lines)
        return
    full = phrases.coin_track_full(result.before.sheet.side.coin_track, result.lost)
    _show(lines, result.sheet, result.drawing.mask, [full] if full else [])

@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("score", type=int)
@click.option("--edicts", required=True, metavar="A,B,C,D", help="The four scoring cards in play, A to D.")
@click.option("--json", "as_json", is_flag=True, help="Print the rating and title as JSON.")
def title(score: int, edicts: str, as_json: bool) -> None:
    """Solo rating and title from a final score and the four edicts.

    The rating is SCORE minus the four scoring cards' solo numbers.

    \b
    cartoref title 95 --edicts "sentinel wood,canal lake,wildholds,borderlands"
    cartoref title -12 --edicts greenbough,shoreside,shieldgate,cauldrons
    """
    from ..table.lookup import title as solo_title

    t = solo_title(score, edicts)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.title(t.score, t.edicts, t.rating, t.title))
        return
    from ..views import map_words
    from ..views.terminal import show

    show(map_words.title_lines(t.score, t.edicts, t.rating, t.title))
