"""A refereed game: setup, actions and events (``state``), standings, and the save format.

The table layer (``cartoref.table``) owns the game file; nothing here reads or writes files.
"""

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
    apply,
    check_season_over,
    check_season_to_score,
    coin_track,
    edict_card,
    edicts_apart_from_categories,
    from_setup,
    game_over,
    iter_log,
    new_game,
    player_index,
    recorded,
    replay,
    score_for_record,
    scoring_now,
    season,
    season_over,
    undo,
    waiting,
)

__all__ = [
    "FORMAT", "MAGIC", "Action", "Draw", "DrawEvent", "Event", "GameState", "PlayerStanding", "Record",
    "RecordEvent", "Setup", "SoloResult", "SoloSheet", "Standings", "apply", "check_season_over",
    "check_season_to_score", "coin_track", "edict_card", "edicts_apart_from_categories", "format_game",
    "from_setup", "game_over", "iter_log", "new_game", "parse_game", "player_index", "recorded", "replay",
    "score_for_record", "scoring_now", "season", "season_over", "standings", "undo", "waiting",
]
