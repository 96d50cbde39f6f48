"""The dividing-point method of US patent 6,129,631: exact threshold strategies for one-round games.

Modules: ``game`` (betting trees, rules, built-in games, TOML files).
"""

from pokerlab.threshold.game import (
    BUILTIN_GAMES,
    BettingGame,
    Decision,
    DeclaredOrder,
    P,
    Terminal,
    builtin_game,
    game_from_toml,
    load_game,
    rules_game,
)

__all__ = [
    "BUILTIN_GAMES",
    "BettingGame",
    "Decision",
    "DeclaredOrder",
    "P",
    "Terminal",
    "builtin_game",
    "game_from_toml",
    "load_game",
    "rules_game",
]
