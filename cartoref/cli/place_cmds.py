"""Commands that follow a game on a map file: place, fits, solo-ambush, title."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from ..cards import PLAYABLE_TERRAINS, AmbushCard, ExploreCard, catalog, find_by_name
from ..errors import UnknownCardError, UsageError
from ..grid import Terrain, iter_cells

TERRAIN_CHOICE = click.Choice([t.word for t in PLAYABLE_TERRAINS], case_sensitive=False)


def drawing_card(name: str) -> ExploreCard | AmbushCard:
    """An explore or ambush card by a forgiving name; a scoring card's name is refused plainly."""
    cat = catalog()
    every: list[Any] = [*cat.explore, *cat.ambushes]
    try:
        return find_by_name(name, every, what="explore or ambush card", key=lambda c: c.name)
    except UnknownCardError as missing:
        try:
            scoring = cat.scoring_card(name)
        except UnknownCardError:
            raise missing from None
        raise UsageError(f"{scoring.name} is a scoring card; name the explore or ambush card drawn") from None


def labels(mask: int) -> list[str]:
    """The spaces of a mask as printed labels, in reading order."""
    return [c.label for c in iter_cells(mask)]


def _draw_map(sheet: Any, highlight: int) -> None:
    from .. import render

    out = render.console()
    out.print(render.map_text(sheet, highlight=highlight))


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="CARD")
@click.option("--cells", "cells_text", required=True, metavar="SPACES",
              help="The spaces drawn, as printed on the sheet: B4,B5,C5 or \"b4 b5 c5\".")
@click.option("--terrain", type=TERRAIN_CHOICE,
              help="The terrain drawn; optional when the card offers one (monster for an ambush).")
@click.option("--ruins", is_flag=True, help="A ruins card came before: the shape must cover an empty ruins space.")
@click.option("--strict-fallback", is_flag=True,
              help="Single-space fallback in one of the card's terrains only (2019 English rulebook).")
@click.option("--dry-run", is_flag=True, help="Check the drawing and report; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def place(map_path: str, card_name: str, cells_text: str, terrain: str | None, ruins: bool,
          strict_fallback: bool, dry_run: bool, as_json: bool) -> None:
    """Check a drawing of CARD on MAP and, when legal, draw it and mark the coins it earns.

    Exit status 0 when the drawing is legal, 2 when it is refused (the file is left as it was).

    \b
    cartoref place alice.yaml hamlet --cells B5,C5,C6 --terrain village
    cartoref place alice.yaml "goblin attack" --cells A1,B2,C3
    """
    from ..mapfile import MapFile, edit_map
    from ..placement import Drawing, check_drawing, draw_on, parse_cells

    card = drawing_card(card_name)
    mask = parse_cells(cells_text)
    chosen = Terrain[terrain.upper()] if terrain else None

    def change(mf: MapFile) -> tuple[MapFile, tuple[MapFile, Drawing, str | None]]:
        drawing = check_drawing(mf.sheet, card, mask, chosen, ruins=ruins, strict_fallback=strict_fallback)
        after, capped = draw_on(mf, drawing)
        return after, (mf, drawing, capped)

    mf, drawing, capped = edit_map(map_path, change, write=not dry_run)
    coins = min(mf.coins + drawing.coins, mf.sheet.side.coin_track)
    notes = [capped] if capped else []
    if ruins and isinstance(card, AmbushCard):
        notes.append("the ruins obligation does not apply to a monster: it passes on to the next explore card")
    if as_json:
        click.echo(json.dumps({
            "map": map_path, "card": card.name, "cells": labels(drawing.mask), "terrain": drawing.terrain.word,
            "option": drawing.option, "fallback": drawing.fallback, "coins_gained": drawing.coins,
            "coin_reasons": drawing.coin_reasons(), "coins": coins, "written": not dry_run, "warnings": notes,
        }, indent=2))
        return
    how = "the single-space fallback" if drawing.fallback else (
        f"option {drawing.option}" + (" (coin)" if drawing.coin_shape else ""))
    click.echo(f"{os.path.basename(map_path)}: {card.name}, {how}: {drawing.terrain.word} on "
               f"{', '.join(labels(drawing.mask))}")
    if drawing.coins:
        click.echo(f"coins: +{drawing.coins} ({'; '.join(drawing.coin_reasons())}), {mf.coins} -> {coins}")
    else:
        click.echo(f"coins: none gained ({coins} on the track)")
    for n in notes:
        click.echo(f"warning: {n}", err=True)
    if dry_run:
        click.echo("dry run: nothing written")
    _draw_map(drawing.after, drawing.mask)


@click.command()
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("card_name", metavar="CARD")
@click.option("--ruins", is_flag=True, help="Count only placements that cover an empty ruins space.")
@click.option("--json", "as_json", is_flag=True, help="Print the counts as JSON.")
def fits(map_path: str, card_name: str, ruins: bool, as_json: bool) -> None:
    """Count where each shape of CARD can be drawn on MAP, and say if the single-space fallback applies.

    Placements are distinct sets of spaces, whatever rotation or mirror produced them.
    """
    from ..mapfile import read_map
    from ..placement import card_options
    from ..placement import fits as count_fits

    card = drawing_card(card_name)
    mf = read_map(map_path)
    f = count_fits(mf.sheet, card, ruins)
    if as_json:
        click.echo(json.dumps({
            "options": [{"option": o.option, "placements": o.placements, "example": labels(o.example) or None}
                        for o in f.options],
            "fallback": f.fallback,
        }, indent=2))
        return
    for o, opt in zip(f.options, card_options(card)):
        coin = ", coin" if opt.coin else ""
        example = f", for example {', '.join(labels(o.example))}" if o.placements else ""
        click.echo(f"{card.name} option {o.option} ({'/'.join(opt.shape.render())}{coin}): "
                   f"{o.placements} placement{'s' * (o.placements != 1)}{example}")
    click.echo("single-space fallback: " + ("yes, no shape can be drawn" if f.fallback else "no"))


@click.command("solo-ambush")
@click.argument("map_path", metavar="MAP", type=click.Path(dir_okay=False))
@click.argument("ambush_name", metavar="AMBUSH")
@click.option("--dry-run", is_flag=True, help="Say where the monster goes; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def solo_ambush(map_path: str, ambush_name: str, dry_run: bool, as_json: bool) -> None:
    """Draw AMBUSH's monster on MAP by the solo procedure (docs/solo.md), or report it ignored.

    From the card's corner along the edge in the arrow's direction, ring by ring inward, the
    shape never turned or mirrored; the first legal position wins.
    """
    from ..mapfile import edit_map
    from ..solo import solo_monster

    ambush = catalog().ambush(ambush_name)
    mf, cand, drawing, capped = edit_map(map_path, lambda mf: solo_monster(mf, ambush), write=not dry_run)
    if as_json:
        click.echo(json.dumps({"cells": labels(cand.mask) if cand else None, "ignored": cand is None}))
        return
    name = os.path.basename(map_path)
    if cand is None:
        click.echo(f"{name}: {ambush.name} fits nowhere in its printed orientation: the ambush is ignored")
        return
    click.echo(f"{name}: {ambush.name}: monster on {', '.join(labels(cand.mask))} "
               f"(ring {cand.ring}, from the {ambush.corner.upper()} corner going {ambush.arrow})")
    assert drawing is not None
    coins = min(mf.coins + drawing.coins, mf.sheet.side.coin_track)
    if drawing.coins:
        click.echo(f"coins: +{drawing.coins} ({'; '.join(drawing.coin_reasons())}), {mf.coins} -> {coins}")
    if capped:
        click.echo(f"warning: {capped}", err=True)
    if dry_run:
        click.echo("dry run: nothing written")
    _draw_map(drawing.after, cand.mask)


@click.command(context_settings={"ignore_unknown_options": True})
@click.argument("score", type=int)
@click.option("--edicts", required=True, metavar="A,B,C,D", help="The four scoring cards in play, A to D.")
@click.option("--json", "as_json", is_flag=True, help="Print the rating and title as JSON.")
def title(score: int, edicts: str, as_json: bool) -> None:
    """The solo rating and title for a final SCORE: the score minus the four cards' solo numbers.

    \b
    cartoref title 95 --edicts "sentinel wood,canal lake,wildholds,borderlands"
    cartoref title -12 --edicts greenbough,shoreside,shieldgate,cauldrons
    """
    from ..scoring import parse_edicts
    from ..solo import solo_rating

    cat = catalog()
    ids = parse_edicts(cat, edicts)
    chosen = [next(c for c in cat.scoring if c.id == i) for i in ids]
    rating = solo_rating(score, chosen)
    name = cat.solo_title(rating)
    if as_json:
        click.echo(json.dumps({
            "score": score,
            "cards": [{"edict": e, "id": c.id, "name": c.name, "solo": c.solo} for e, c in zip("ABCD", chosen)],
            "solo_total": score - rating, "rating": rating, "title": name,
        }, indent=2))
        return
    parts = ", ".join(f"{e} {c.name} {c.solo}" for e, c in zip("ABCD", chosen))
    click.echo(f"rating {rating} = score {score} - solo numbers {score - rating} ({parts})")
    click.echo(f"title: {name}")
