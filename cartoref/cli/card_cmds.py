"""Commands on the card data: cards, card."""

from __future__ import annotations

import click

from ..i18n import _
from ..table.lookup import CATEGORIES, KIND_WORDS, KINDS
from .options import (
    SpokenChoice,
    complete_card,
    complete_card_set,
    emit_json,
    svg_option,
    write_svg,
)


@click.command()
@click.option("--category", type=SpokenChoice({word: KIND_WORDS[word] for word in (*CATEGORIES, *KINDS)}),
              help="Only this kind of card: a scoring category, explore, ambush, hero or skill.")
@click.option("--set", "card_set", metavar="SET", shell_complete=complete_card_set,
              help="Only the cards of one set: base (Cartographers), heroes (Cartographers Heroes) "
                   "or promos (the promo cards).")
@click.option("--json", "as_json", is_flag=True, help="Print the cards as JSON.")
def cards(category: str | None, card_set: str | None, as_json: bool) -> None:
    """List the cards: explore, ambush, hero, scoring (by category) and skill."""
    from ..table.lookup import card_list

    every = card_list(category, card_set)
    if as_json:
        from ..views.json import card as card_json

        emit_json([card_json(c) for c in every])
        return
    from ..views.terminal import show
    from ..views.terminal_cards import cards_table

    show([cards_table(every)])


@click.command()
@click.argument("name", shell_complete=complete_card)
@click.option("--json", "as_json", is_flag=True, help="Print the card as JSON.")
@svg_option
def card(name: str, as_json: bool, svg_path: str | None) -> None:
    """Show one card: shapes, coins, time, solo number, a hero's attack pattern.

    NAME is forgiving: any case, "the" optional, a unique prefix is enough.
    With --svg, draw the card as a picture.
    """
    from ..table.lookup import any_card

    c = any_card(name)
    if svg_path is not None:
        if as_json:
            from ..errors import UsageError

            raise UsageError(_("--svg draws a picture; it cannot be combined with --json"))
        from ..views.svg_card import card_svg

        write_svg(svg_path, card_svg(c))
        return
    if as_json:
        from ..views.json import card as card_json

        emit_json(card_json(c))
        return
    from ..views.terminal import show
    from ..views.terminal_cards import card_view

    show([card_view(c)])
