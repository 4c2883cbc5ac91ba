"""Commands on the card data: cards, card."""

from __future__ import annotations

import json
from typing import Any

import click

from ..cards import CATEGORIES, AmbushCard, ExploreCard, ScoringCard, catalog


def card_json(card: ExploreCard | AmbushCard | ScoringCard) -> dict[str, Any]:
    """A card as plain data (shapes as rows of X, - and .)."""
    if isinstance(card, ScoringCard):
        return {"id": card.id, "name": card.name, "kind": "scoring", "number": card.number,
                "category": card.category, "text": card.text, "solo": card.solo}
    if isinstance(card, AmbushCard):
        return {"id": card.id, "name": card.name, "kind": "ambush", "number": card.number, "time": 0,
                "arrow": card.arrow, "corner": card.corner, "shape": card.shape.render()}
    return {"id": card.id, "name": card.name, "kind": card.kind, "number": card.number, "time": card.time,
            "terrains": [t.word for t in card.terrains],
            "options": [{"shape": o.shape.render(), "coin": o.coin} for o in card.options]}


@click.command()
@click.option("--category", type=click.Choice(list(CATEGORIES) + ["explore", "ambush"], case_sensitive=False),
              help="Only this kind of card: a scoring category, explore or ambush.")
@click.option("--json", "as_json", is_flag=True, help="Print the cards as JSON.")
def cards(category: str | None, as_json: bool) -> None:
    """List the cards: explore, ambush and scoring (by category)."""
    cat = catalog()
    every: list[Any] = []
    if category in (None, "explore"):
        every += cat.explore
    if category in (None, "ambush"):
        every += cat.ambushes
    every += [c for c in cat.scoring if category in (None, c.category)]
    if as_json:
        click.echo(json.dumps([card_json(c) for c in every], indent=2))
        return
    from rich.table import Table

    from .. import render

    t = Table()
    for col in ("No.", "Id", "Name", "Kind", "Time / solo", "Details"):
        t.add_column(col, justify="right" if col == "No." else "left")
    for c in every:
        if isinstance(c, ScoringCard):
            t.add_row(str(c.number), c.id, c.name, c.category, f"solo {c.solo}", c.text)
        elif isinstance(c, AmbushCard):
            t.add_row(str(c.number), c.id, c.name, "ambush", "0", f"{c.shape.size} monster spaces, {c.arrow}, {c.corner}")
        else:
            detail = "/".join(t.word for t in c.terrains) or "reveal another card"
            coins = sum(o.coin for o in c.options)
            if coins:
                detail += ", coin option"
            t.add_row(str(c.number), c.id, c.name, c.kind, str(c.time), detail)
    render.console().print(t)


@click.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the card as JSON.")
def card(name: str, as_json: bool) -> None:
    """Show one card by NAME (any case, "the" optional, a unique prefix is enough)."""
    c = catalog().any_card(name)
    if as_json:
        click.echo(json.dumps(card_json(c), indent=2))
        return
    from .. import render

    view = (render.scoring_card_view(c) if isinstance(c, ScoringCard)
            else render.ambush_card_view(c) if isinstance(c, AmbushCard) else render.explore_card_view(c))
    render.console().print(view)
