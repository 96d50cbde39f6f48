"""Matches between bots: the table, the match runner, storage, statistics and plots."""

from pokerlab.arena.match import BotResult, MatchConfig, MatchResult, run_match, schedule, summarize
from pokerlab.arena.stats import win_rate
from pokerlab.arena.storage import DEFAULT_DB, MatchStore
from pokerlab.arena.table import IllegalEvent, play_hand

__all__ = [
    "DEFAULT_DB",
    "BotResult",
    "IllegalEvent",
    "MatchConfig",
    "MatchResult",
    "MatchStore",
    "play_hand",
    "run_match",
    "schedule",
    "summarize",
    "win_rate",
]
