"""Dividing-point games: one round of betting over private hand strengths, and the games by name.

The layer under both :mod:`pokerlab.threshold` (which solves a game for its dividing points)
and :mod:`pokerlab.equilibrium` (which solves its discretised version): the game description
and its rules (:mod:`~pokerlab.gamespec.game`), each player's action sequences
(:mod:`~pokerlab.gamespec.plans`), a declared threshold structure
(:mod:`~pokerlab.gamespec.structure`) and the registry of built-in and shipped games and TOML
game files (:mod:`~pokerlab.gamespec.registry`). It imports neither of the packages above it.

Examples
--------
>>> from pokerlab.gamespec import available_games, load_game
>>> "patent-raise" in available_games(), load_game("patent-raise", pot=3).players
(True, 2)
"""

from pokerlab.gamespec.game import (
    ACTIONS,
    BettingGame,
    Decision,
    DeclaredOrder,
    Node,
    P,
    Terminal,
    check_betting,
    folded_players,
    folded_value,
    is_decision,
    is_terminal,
    rules_game,
)
from pokerlab.gamespec.registry import (
    BUILTIN_GAMES,
    GAMES_DIR,
    available_games,
    builtin_game,
    game_file_names,
    game_from_toml,
    load_game,
)

__all__ = [
    "ACTIONS",
    "BUILTIN_GAMES",
    "GAMES_DIR",
    "BettingGame",
    "Decision",
    "DeclaredOrder",
    "Node",
    "P",
    "Terminal",
    "available_games",
    "builtin_game",
    "check_betting",
    "folded_players",
    "folded_value",
    "game_file_names",
    "game_from_toml",
    "is_decision",
    "is_terminal",
    "load_game",
    "rules_game",
]
