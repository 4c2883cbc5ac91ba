"""A refereed game: its values (``values``), the rules that act on them (``state``),
standings, and the save format.

The table layer (``cartoref.table``) owns the game file; nothing here reads or writes files.
"""

from .opening import from_setup, new_game
from .save import FORMAT, MAGIC, format_game, parse_game
from .standings import PlayerStanding, SoloResult, Standings, standings
from .state import (
    Action,
    Draw,
    DrawEvent,
    Event,
    GameState,
    Record,
    RecordEvent,
    Setup,
    SoloSheet,
    after_scoring,
    apply,
    card_on_table,
    check_season_over,
    check_season_to_score,
    coin_track,
    edict_card,
    edicts_apart_from_categories,
    ended_seasons,
    game_over,
    iter_log,
    passes,
    player_index,
    recorded,
    replay,
    score_for_record,
    scoring_now,
    season,
    season_over,
    season_to_record,
    undo,
    unrecorded,
    waiting,
    withdraw,
)

__all__ = [
    "FORMAT", "MAGIC", "Action", "Draw", "DrawEvent", "Event", "GameState", "PlayerStanding", "Record",
    "RecordEvent", "Setup", "SoloResult", "SoloSheet", "Standings", "after_scoring", "apply", "card_on_table", "check_season_over",
    "check_season_to_score", "coin_track", "edict_card", "edicts_apart_from_categories", "ended_seasons", "format_game",
    "from_setup", "game_over", "iter_log", "new_game", "parse_game", "passes", "player_index", "recorded", "replay",
    "score_for_record", "scoring_now", "season", "season_over", "season_to_record", "standings", "undo", "unrecorded", "waiting", "withdraw",
]
