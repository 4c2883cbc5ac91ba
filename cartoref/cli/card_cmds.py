"""Commands on the card data: cards, card."""

from __future__ import annotations

from typing import Any

import click

from ..cards import CATEGORIES, catalog
from .options import emit_json


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
        from ..views.json import card as card_json

        emit_json([card_json(c) for c in every])
        return
    from ..views.terminal import cards_table, show

    show([cards_table(every)])


@click.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the card as JSON.")
def card(name: str, as_json: bool) -> None:
    """Show one card: shapes, coins, time, solo number.

    NAME is forgiving: any case, "the" optional, a unique prefix is enough.
    """
    c = catalog().any_card(name)
    if as_json:
        from ..views.json import card as card_json

        emit_json(card_json(c))
        return
    from ..views.terminal import card_view, show

    show([card_view(c)])
