"""A player for a bot name: what ``pokerlab acpc play`` and our local dealer seat.

``equilibrium`` plays an equilibrium of the game the equilibrium engine solves (Kuhn poker
for any number of players: :mod:`pokerlab.acpc.equilibrium_player`); any other name is a
registered pokerlab agent, which plays the hold'em games the rules engine maps
(:class:`~pokerlab.acpc.bridge.AgentPlayer`). Both answer match states, are told when a hand
is over, and record illegal actions.

Examples
--------
>>> from pokerlab.acpc.gamedef import standard_game
>>> type(make_player("equilibrium", standard_game("kuhn3"))).__name__
'EquilibriumPlayer'
>>> type(make_player("raiser", standard_game("limit"))).__name__
'AgentPlayer'
>>> make_player("raiser", standard_game("kuhn3"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the engine plays Texas Hold'em: ...; --bot equilibrium plays Kuhn poker
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pokerlab.acpc.betting import Action
from pokerlab.acpc.gamedef import GameDef
from pokerlab.acpc.matchstate import MatchState


class Player(Protocol):
    """What a seat at an ACPC dealer needs."""

    illegal_events: list[tuple[int, str]]

    def __call__(self, state: MatchState) -> Action: ...

    def hand_over(self, state: MatchState) -> None: ...


def make_player(name: str, game: GameDef, reseed: Callable[[int, int], int] | None = None,
                names: Callable[[int], Sequence[str]] | None = None, warm: bool = True) -> Player:
    """The player called ``name`` for ``game`` (``reseed(hand_number, position)`` seeds each hand;
    ``names(hand_number)`` names the players by position, see :class:`~pokerlab.acpc.bridge.AgentPlayer`).

    With ``warm`` a pokerlab bot first plays private hands (:func:`pokerlab.arena.warmup.warm_up`),
    so that its first reply at the dealer does not wait for numba to compile or tables to load.
    """
    from pokerlab.acpc import equilibrium_player

    if name == equilibrium_player.NAME:
        return equilibrium_player.EquilibriumPlayer(game, reseed)
    from pokerlab.acpc.bridge import AgentPlayer
    from pokerlab.agents import create_bot
    from pokerlab.agents.registry import check_bots

    check_bots([name], "texas-holdem", "--bot")  # the ACPC's games are hold'em
    agent = create_bot(name)
    try:
        player = AgentPlayer(agent, game, reseed, names)
    except ValueError as exc:
        raise ValueError(f"{exc}; --bot {equilibrium_player.NAME} plays Kuhn poker") from None
    if warm:
        from pokerlab.arena.warmup import warm_up

        warm_up(name, player.settings, players=game.num_players)
    return player
