"""Commands that follow a game on a map file: place, fits, hint, solo-ambush, title."""

from __future__ import annotations

from typing import Any

import click

from ..cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, HeroCard, catalog, find_by_name
from ..errors import UnknownCardError, UsageError
from ..grid import Terrain
from .options import SEASON, complete_card, emit_json, find_game, split_names, table_game_option

TERRAIN_CHOICE = click.Choice([t.word for t in PLAYABLE_TERRAINS], case_sensitive=False)


def drawing_card(name: str) -> ExploreCard | AmbushCard | HeroCard:
    """An explore, ambush or hero card by a forgiving name; a scoring card's name is refused plainly."""
    cat = catalog()
    every: list[Any] = [*cat.explore, *cat.ambushes, *cat.heroes]
    try:
        return find_by_name(name, every, what="explore, ambush or hero card", key=lambda c: c.name)
    except UnknownCardError as missing:
        try:
            scoring = cat.scoring_card(name)
        except UnknownCardError:
            raise missing from None
        raise UsageError(f"{scoring.name} is a scoring card; name the explore or ambush card drawn") from None


def card_and_ruins(card_name: str | None, ruins: bool, game_path: str | None, no_game: bool
                   ) -> tuple[ExploreCard | AmbushCard | HeroCard, bool, str | None]:
    """The card to draw and the ruins obligation: from the game at hand (its card on the
    table; a different CARD is refused), else from CARD and --ruins. Also the game used."""
    game = find_game(game_path, no_game)
    if game is None:
        if card_name is None:
            raise UsageError("name the CARD drawn (no game here to take it from: --game FILE)")
        return drawing_card(card_name), ruins, None
    from .. import table

    now = table.on_table(game)
    if now.card is None:
        raise UsageError(f"{game}: no card has been drawn yet (`cartoref draw`); or use --no-game")
    if card_name is not None and drawing_card(card_name).id != now.card.id:
        raise UsageError(f"{drawing_card(card_name).name} is not the card on the table: {now.card.name} "
                         f"(from {game}; --no-game checks a drawing on its own)")
    return now.card, ruins or now.ruins, game


def _show(lines: list[str], sheet: Any, highlight: int, warnings: list[str]) -> None:
    from ..views.terminal import map_text, show

    show(lines)
    for w in warnings:
        click.echo(f"warning: {w}", err=True)
    show([map_text(sheet, highlight=highlight)])


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="[CARD]", required=False, shell_complete=complete_card)
@click.option("--cells", "cells_text", required=True, metavar="SPACES",
              help="The spaces drawn, as printed on the sheet: B4,B5,C5 or \"b4 b5 c5\".")
@click.option("--terrain", type=TERRAIN_CHOICE,
              help="The terrain drawn; optional when the card offers one (monster for an ambush).")
@click.option("--ruins", is_flag=True, help="A ruins card came before: the shape must cover an empty ruins space.")
@click.option("--strict-fallback", is_flag=True,
              help="Single-space fallback in one of the card's terrains only (2019 English rulebook).")
@click.option("--orientation", type=int, metavar="N",
              help="A hero: its pattern's orientation, 1 as printed (the refusal lists them).")
@click.option("--attacks", "attacks_text", metavar="SPACES",
              help="A hero: the spaces its pattern marks, as drawn on the sheet (instead of --orientation).")
@click.option("--destroy", "destroy_text", metavar="SPACE",
              help="Gorgon Gaze: the space next to the gorgon it destroys (not a mountain).")
@click.option("--dry-run", is_flag=True, help="Check the drawing and report; change nothing.")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def place(map_path: str, card_name: str | None, cells_text: str, terrain: str | None, ruins: bool,
          strict_fallback: bool, orientation: int | None, attacks_text: str | None, destroy_text: str | None,
          dry_run: bool, game_path: str | None, no_game: bool, as_json: bool) -> None:
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
    """
    from .. import table
    from ..notation import parse_spaces
    from ..views import words

    card, ruins, _ = card_and_ruins(card_name, ruins, game_path, no_game)
    mask = parse_spaces(cells_text)
    if isinstance(card, HeroCard):
        hero = table.place_hero(map_path, card, mask, orientation=orientation,
                                attacks=parse_spaces(attacks_text) if attacks_text else None, write=not dry_run)
        full = words.coin_track_full(hero.before.sheet.side.coin_track, hero.lost)
        if as_json:
            from ..views import json as views_json

            emit_json(views_json.placed_hero(hero, [full] if full else []))
            return
        _show(words.hero_placed_lines(hero), hero.drawing.after, hero.drawing.mask | hero.drawing.attacks,
              [full] if full else [])
        return
    if orientation is not None or attacks_text is not None:
        raise UsageError(f"--orientation and --attacks are for a hero's pattern, and {card.name} is no hero")
    chosen = Terrain[terrain.upper()] if terrain else None
    result = table.place(map_path, card, mask, chosen, ruins=ruins, strict_fallback=strict_fallback,
                         destroy=parse_spaces(destroy_text) if destroy_text else None, write=not dry_run)
    assert result.drawing is not None
    full = words.coin_track_full(result.before.sheet.side.coin_track, result.lost)
    notes = [full] if full else []
    if ruins and isinstance(card, AmbushCard):
        notes.append("the ruins obligation does not apply to a monster: it passes on to the next explore card")
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.placed(result, card.name, notes))
        return
    _show(words.placed_lines(result, card.name), result.drawing.after, result.drawing.mask, notes)


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
    from ..mapfile import read_map
    from ..moves import card_options
    from ..moves import fits as count_fits

    card, ruins, _ = card_and_ruins(card_name, ruins, game_path, no_game)
    mf = read_map(map_path)
    if isinstance(card, HeroCard):
        from ..moves.heroes import describe

        raise UsageError(f"{card.name} is a hero: it goes on any empty space ({mf.sheet.empty.bit_count()} on "
                         f"this map), its pattern in one of its orientations: {describe(card)}")
    f = count_fits(mf.sheet, card, ruins)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.fits(f))
        return
    from ..views import words
    from ..views.terminal import show

    show(words.fits_lines(f, card.name, [(opt.shape.render(), opt.coin) for opt in card_options(card)]))


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="[CARD]", required=False, shell_complete=complete_card)
@click.option("--ruins", is_flag=True, help="A ruins card came before: the shape must cover an empty ruins space.")
@click.option("--season", type=SEASON, help="The season being played (else the game's, else the map's season:).")
@click.option("--edicts", metavar="A,B,C,D", help="The four scoring cards under edicts A-D (else the game's, "
                                                   "else the map's edicts:).")
@click.option("--top", type=click.IntRange(0), default=5, show_default=True,
              help="How many drawings to show (0: every one).")
@click.option("--explain", is_flag=True, help="Draw the best drawing on the map too.")
@click.option("--svg", "svg_path", metavar="FILE",
              help="With --explain: draw the best drawing as an SVG picture into FILE (- for standard output).")
@table_game_option
@click.option("--json", "as_json", is_flag=True, help="Print the ranking as JSON.")
def hint(map_path: str, card_name: str | None, ruins: bool, season: str | None, edicts: str | None, top: int,
         explain: bool, svg_path: str | None, game_path: str | None, no_game: bool, as_json: bool) -> None:
    """Where to draw a card: every legal drawing on MAP, ranked by what it is worth.

    A drawing is worth what it adds to this season's two edicts, coins and monster penalty
    (now), plus its gain on each edict times the later seasons that score it, and its coins
    and monster change at each later scoring (later), if nothing else changes. In a game the
    card on the table, its ruins obligation, the edicts and the season come from the game.
    """
    from ..mapfile import read_map
    from ..moves.advice import hints

    if svg_path is not None and (as_json or not explain):
        raise UsageError("--svg draws the best drawing: use it with --explain, without --json")
    card, ruins, game = card_and_ruins(card_name, ruins, game_path, no_game)
    if isinstance(card, HeroCard):
        raise UsageError(f"{card.name} is a hero: hint ranks explore and ambush cards only")
    mf = read_map(map_path)
    cards = catalog()
    ids: tuple[str, ...] | None = cards.edict_ids(split_names(edicts)) if edicts else None
    if game is not None:
        from .. import table
        from ..deck import season_ahead

        state = table.read_game(game)
        ids = ids or state.setup.edicts
        season = season or season_ahead(state.deck).season_card.id
        cards = state.cards
    ids = ids or mf.edicts
    season = season or mf.season
    if not ids:
        raise UsageError(f"{map_path}: name the edicts with --edicts A,B,C,D (or edicts: in the map, or --game)")
    if season is None:
        raise UsageError(f"{map_path}: name the season with --season (or season: in the map, or --game)")
    order = [s.id for s in cards.seasons]
    named = [(i, cards.scoring_by_id(i).name) for i in ids]
    ranked = hints(mf.sheet, card, named, order.index(season), coins_held=mf.coins,
                   track=mf.sheet.side.coin_track, ruins=ruins)
    shown = len(ranked) if top == 0 else top
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.hints(card, season, ranked, shown))
        return
    from ..views.advice import hint_lines

    if svg_path is not None:
        import os

        from ..views.svg import sheet_svg
        from .options import write_svg

        if not ranked:
            raise UsageError(f"{card.name} has no legal drawing on {map_path}")
        best = ranked[0]
        write_svg(svg_path, sheet_svg(best.drawing.after, mf.player or os.path.basename(map_path),
                                      mf.coins + best.coins, drawn=best.drawing.mask,
                                      caption=f"best {card.name}, {best.total} = {best.now} now + {best.later} later"),
                  (map_path,))
        return
    from ..views.terminal import show

    show(hint_lines(card, mf.player or map_path, season, ranked, shown))
    if explain and ranked:
        from ..views.terminal import map_text

        show(["The best drawing, in [brackets]:", map_text(ranked[0].drawing.after, highlight=ranked[0].drawing.mask)])


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.option("--dry-run", is_flag=True, help="Say what would be taken back; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def unplace(map_path: str, dry_run: bool, as_json: bool) -> None:
    """Take back the last drawing cartoref wrote into a map file, and its coins.

    Repeatable: the map file keeps the drawings place and solo-ambush wrote (its drawings: key,
    one line each); a map typed from paper keeps none.
    """
    from .. import table
    from ..views import words

    result = table.unplace(map_path, write=not dry_run)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.unplaced(result))
        return
    _show(words.unplaced_lines(result), result.before.sheet.erased(result.erased), result.erased, [])


@click.command("season-end")
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.option("--season", type=SEASON, help="The season just scored (else the game's, with --game).")
@click.option("--troll", "troll_text", metavar="SPACE", help="The empty space next to the troll it destroys.")
@click.option("--game", "game_path", metavar="FILE", help="Take the season and the effects' order from this game.")
@click.option("--dry-run", is_flag=True, help="Say what the effects do; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def season_end(map_path: str, season: str | None, troll_text: str | None, game_path: str | None, dry_run: bool,
               as_json: bool) -> None:
    """Apply a season's after-scoring effects to a map (Heroes).

    Once per season: the zombies spread into every empty space next to them (a new zombie inside
    an attack zone is destroyed at once), the troll destroys the empty space next to it given by
    --troll; in the order their ambushes were revealed.
    """
    from .. import table
    from ..notation import parse_spaces
    from ..views import words

    order = None
    if game_path is not None:
        from .. import game as games

        state = table.read_game(game_path)
        season = season or games.season_to_record(state)
        order = tuple(games.after_scoring(state))
    if season is None:
        raise UsageError("name the season just scored: --season S (or --game FILE)")
    result = table.season_end(map_path, season, troll=parse_spaces(troll_text) if troll_text else None,
                              order=order, write=not dry_run)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.season_ended(result))
        return
    from ..views.terminal import map_text, show

    assert result.sheet is not None
    show(words.season_end_map_lines(result) + [map_text(result.sheet, highlight=result.zombies | result.troll)])


@click.command("solo-ambush")
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("ambush_name", metavar="AMBUSH", shell_complete=complete_card)
@click.option("--destroy", "destroy_text", metavar="SPACE",
              help="Gorgon Gaze: the space next to the gorgon it destroys (not a mountain).")
@click.option("--dry-run", is_flag=True, help="Say where the monster goes; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def solo_ambush(map_path: str, ambush_name: str, destroy_text: str | None, dry_run: bool, as_json: bool) -> None:
    """Draw an ambush's monster by the solo procedure.

    AMBUSH's monster goes on MAP as docs/solo.md says, or the ambush is reported ignored.

    From the card's corner along the edge in the arrow's direction, ring by ring inward, the
    shape never turned or mirrored; the first legal position wins.
    """
    from .. import table
    from ..views import words

    ambush = catalog().ambush(ambush_name)
    from ..notation import parse_spaces

    result = table.solo_ambush(map_path, ambush, destroy=parse_spaces(destroy_text) if destroy_text else None,
                               write=not dry_run)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.solo_ambush(result.candidate))
        return
    lines = words.solo_ambush_lines(result, ambush)
    if result.drawing is None:
        from ..views.terminal import show

        show(lines)
        return
    full = words.coin_track_full(result.before.sheet.side.coin_track, result.lost)
    _show(lines, result.drawing.after, result.drawing.mask, [full] if full else [])


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
    from ..moves import solo_rating

    cat = catalog()
    chosen = [cat.scoring_by_id(i) for i in cat.edict_ids(split_names(edicts))]
    rating = solo_rating(score, chosen)
    name = cat.solo_title(rating)
    if as_json:
        from ..views import json as views_json

        emit_json(views_json.title(score, chosen, rating, name))
        return
    from ..views import words
    from ..views.terminal import show

    show(words.title_lines(score, chosen, rating, name))
