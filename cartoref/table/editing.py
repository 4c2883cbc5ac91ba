"""A map being typed on the edit page: a draft (its rows of symbols, ``?`` allowed, its coins and
player) loaded from a map file or made blank, checked and scored as it is typed, saved."""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from ..errors import CartorefError, MapFileError, UsageError
from ..grid import SIZE
from ..i18n import _


class Draft(NamedTuple):
    """A map as the edit page holds it: 11 rows of 11 symbols (map-file notation, ``?`` allowed)."""

    sheet: str
    rows: list[str]
    coins: int = 0
    player: str | None = None
    season: str | None = None
    edicts: tuple[str, ...] | None = None


def blank_draft(sheet: str) -> Draft:
    """A fresh sheet of a side: only its printed spaces."""
    from ..cards import catalog
    from ..grid import Sheet
    from ..notation import sheet_symbols

    side = catalog().sheet_side(sheet)
    return Draft(side.id, ["".join(row) for row in sheet_symbols(Sheet.blank(side))])


def load_draft(path: str, sheet: str | None = None) -> Draft:
    """A map file as a draft (a file still holding ``?`` too); a blank sheet of ``sheet`` when the
    file is not there yet."""
    from ..cards import catalog
    from ..mapfile import read_map_text
    from ..yamlsafe import safe_loader

    if not os.path.exists(path):
        if sheet is None:
            raise UsageError(_("{path} is not there yet: say its side with --sheet to make it").format(path=path),
                             code="sheet-needed")
        return blank_draft(sheet)
    import yaml

    text = read_map_text(path)
    try:
        data = yaml.load(text, Loader=safe_loader())
    except yaml.YAMLError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("map"), str):
        from ..mapfile import read_map

        read_map(path)  # says what is wrong, by line and column
        raise MapFileError([])
    side = catalog().sheet_side(str(data.get("sheet") or sheet or "A"))
    rows = []
    for line in data["map"].splitlines():
        symbols = "".join(line.split())
        if symbols:
            rows.append((symbols + "?" * SIZE)[:SIZE])
    rows = (rows + ["?" * SIZE] * SIZE)[:SIZE]
    coins = data.get("coins", 0)
    player = data.get("player")
    edicts = data.get("edicts")
    if isinstance(edicts, str):
        edicts = [e.strip() for e in edicts.split(",")]
    try:
        edict_ids = catalog().edict_ids([str(e) for e in edicts]) if edicts else None
    except CartorefError:
        edict_ids = None
    return Draft(side.id, rows, coins if isinstance(coins, int) else 0, str(player) if player is not None else None,
                 str(data["season"]) if data.get("season") else None, edict_ids)


def draft_text(draft: Draft) -> str:
    """The draft as a map file's text."""
    from ..cards import catalog
    from ..mapfile import map_text

    side = catalog().sheet_side(draft.sheet)
    text = map_text(side, [" ".join(row) for row in draft.rows], draft.player)
    text = text.replace("coins: 0 ", f"coins: {draft.coins} ", 1)
    extra = ""
    if draft.edicts:
        extra += f"edicts: [{', '.join(draft.edicts)}]\n"
    if draft.season:
        extra += f"season: {draft.season}\n"
    return text.replace("map: |", extra + "map: |", 1) if extra else text


def check_draft(draft: Draft) -> dict[str, Any]:
    """What ``check`` says of the draft (each problem with its space), and, when it holds a whole
    map and its season and edicts are known, its score with the reasons."""
    from ..mapfile import parse_map
    from ..notation import UNREAD_SAID
    from ..scoring import choose_cards, score_sheet

    try:
        mf = parse_map(draft_text(draft), "draft")
    except MapFileError as e:
        # on the edit page the '?' left are read beside the photo already: no command line to name
        return {"problems": [{"space": p.space, "message": _(UNREAD_SAID) if p.code == "unread" else p.message}
                             for p in e.problems], "score": None}
    score = None
    if draft.season and draft.edicts:
        from ..cards import catalog

        cards = catalog()
        chosen = choose_cards(cards.season(draft.season), draft.edicts, (), cards=cards)
        score = score_sheet(mf.sheet, chosen, mf.coins_scored, player=mf.player, season=draft.season)
    return {"problems": [], "warnings": list(mf.warnings), "score": score}


def save_draft(path: str, draft: Draft) -> None:
    """Save the draft: a complete map rewrites the file in place, keeping the player's comments and
    other lines (as ``place`` does); a draft still holding ``?`` (or a new file) is written whole."""
    from ..files import atomic_write
    from ..mapedit import edit_map
    from ..mapfile import parse_map

    if not os.path.exists(path):
        atomic_write(path, draft_text(draft))
        return
    try:
        wanted = parse_map(draft_text(draft), path)
    except MapFileError:
        atomic_write(path, draft_text(draft))
        return
    try:
        edit_map(path, lambda mf: (mf._replace(sheet=wanted.sheet, coins=wanted.coins, player=wanted.player), None))
    except MapFileError:
        atomic_write(path, draft_text(draft))  # the file held '?' and cannot be edited in place


def draft_info(draft: Draft) -> dict[str, Any]:
    """What the edit page needs beside the draft: the side's printed spaces, the seasons, the
    scoring cards to choose edicts from (names as the language spoken shows them)."""
    from ..cards import catalog
    from ..cardtypes import shown_name
    from ..grid import cells_label

    side = catalog().sheet_side(draft.sheet)
    return {"side": shown_name(side),
            "printed": {"mountains": cells_label(side.mountains).split(", ") if side.mountains else [],
                        "wastelands": cells_label(side.wastelands).split(", ") if side.wastelands else [],
                        "ruins": cells_label(side.ruins).split(", ") if side.ruins else []},
            "seasons": [s.id for s in catalog().seasons],
            "scoring_cards": [{"id": c.id, "name": shown_name(c)} for c in catalog().scoring]}


def with_game(draft: Draft, game_path: str) -> Draft:
    """The draft scored as a game would score it: the game's edicts, and the season at hand (the
    map's own season and edicts give way to the game's)."""
    from .game import Table

    table = Table.read(game_path)
    if table.at_hand.side.id != draft.sheet:
        raise UsageError(_("the map is on the {side} side but the game {game} uses {game_side}").format(
            side=draft.sheet, game=game_path, game_side=table.at_hand.side.id), code="wrong-side")
    return draft._replace(season=table.at_hand.season.id, edicts=table.state.setup.edicts)
