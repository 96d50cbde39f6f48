"""The Annual Computer Poker Competition protocol (version 2.0.0): game definitions, match
states, a client that seats a pokerlab bot at an ACPC dealer, and a small dealer of our own.

Modules: ``gamedef`` (GAMEDEF files, shipped standard games), ``betting`` (the ACPC betting
rules replayed from a betting string), ``matchstate`` (MATCHSTATE lines and replies),
``showdown`` (exact hand values), ``client`` (TCP client), ``dealer`` (TCP dealer),
``deals`` (the ACPC dealer's card generator), ``bridge`` (engine settings, agents) and
``local`` (bot-vs-bot matches over TCP).

Examples
--------
>>> from pokerlab.acpc import parse_matchstate, standard_game
>>> parse_matchstate("MATCHSTATE:1:1::|Qd7c", standard_game("limit")).is_our_turn
True
"""

from pokerlab.acpc.betting import Action, BettingState, parse_actions, parse_betting
from pokerlab.acpc.bridge import AgentPlayer, engine_settings
from pokerlab.acpc.client import ClientError, ClientResult, HandResult, MatchFollower, play_match
from pokerlab.acpc.dealer import Dealer, DealerError, DealerResult
from pokerlab.acpc.deals import AcpcDeals
from pokerlab.acpc.gamedef import (
    GAMES_DIR,
    STANDARD_GAMES,
    GameDef,
    format_gamedef,
    parse_gamedef,
    read_gamedef,
    standard_game,
)
from pokerlab.acpc.local import in_process_payoffs, run_local_match
from pokerlab.acpc.matchstate import MatchState, parse_matchstate, parse_reply
from pokerlab.acpc.showdown import hand_values

__all__ = [
    "GAMES_DIR",
    "STANDARD_GAMES",
    "AcpcDeals",
    "Action",
    "AgentPlayer",
    "BettingState",
    "ClientError",
    "ClientResult",
    "Dealer",
    "DealerError",
    "DealerResult",
    "GameDef",
    "HandResult",
    "MatchFollower",
    "MatchState",
    "engine_settings",
    "format_gamedef",
    "hand_values",
    "in_process_payoffs",
    "parse_actions",
    "parse_betting",
    "parse_gamedef",
    "parse_matchstate",
    "parse_reply",
    "play_match",
    "read_gamedef",
    "run_local_match",
    "standard_game",
]
