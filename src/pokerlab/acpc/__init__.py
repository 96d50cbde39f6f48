"""The Annual Computer Poker Competition protocol (version 2.0.0): game definitions, match
states, a client that seats a pokerlab bot at an ACPC dealer, and a small dealer of our own.

Examples
--------
>>> from pokerlab.acpc import parse_matchstate, standard_game
>>> parse_matchstate("MATCHSTATE:1:1::|Qd7c", standard_game("limit")).is_our_turn
True
"""

from pokerlab.acpc.betting import Action, BettingState, parse_actions, parse_betting
from pokerlab.acpc.gamedef import (
    GAMES_DIR,
    STANDARD_GAMES,
    GameDef,
    format_gamedef,
    parse_gamedef,
    read_gamedef,
    standard_game,
)
from pokerlab.acpc.matchstate import MatchState, parse_matchstate, parse_reply

__all__ = [
    "GAMES_DIR",
    "STANDARD_GAMES",
    "Action",
    "BettingState",
    "GameDef",
    "MatchState",
    "format_gamedef",
    "parse_actions",
    "parse_betting",
    "parse_gamedef",
    "parse_matchstate",
    "parse_reply",
    "read_gamedef",
    "standard_game",
]
