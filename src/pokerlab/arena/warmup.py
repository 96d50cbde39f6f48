"""Warming a bot up before a timed match: a few private hands so that every kernel it needs
is compiled or loaded from numba's cache (and every table it reads is built) before the first
real decision.

A cold process can spend seconds on its first decisions (numba compiles, evaluator and
pre-flop tables load); a dealer with a per-action time limit (the ACPC server's) would end the
match. The warm-up plays hands between fresh copies of the bot and calling stations, which see
every street, until the bot has decided on every street from every position (or
``max_hands`` hands). The copies are thrown away: the bot that plays the match starts as it
would have, and no opponent store is written.

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> warm_up("raiser", GameSettings.preset("limit")).complete
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerlab.agents.registry import create_bot
from pokerlab.arena.table import play_hand
from pokerlab.engine.dealing import Dealer
from pokerlab.engine.hand import Hand
from pokerlab.engine.settings import GameSettings


@dataclass(frozen=True)
class WarmUp:
    """What a warm-up did: hands played, and the (position, street) pairs the bot decided at."""

    hands: int
    decided: frozenset[tuple[int, int]]
    wanted: frozenset[tuple[int, int]]

    @property
    def complete(self) -> bool:
        """Whether the bot decided on every street from every position."""
        return self.wanted <= self.decided


def warm_up(bot: str, game: GameSettings, players: int = 2, max_hands: int = 60, seed: int = 0) -> WarmUp:
    """Play private hands of ``game`` with a fresh ``bot`` against calling stations until it has
    decided on every street from each of the ``players`` positions (at most ``max_hands``)."""
    from pokerlab.agents.baseline import CallingStation

    streets = len(game._rules.streets)  # type: ignore[attr-defined]
    wanted = frozenset((p, s) for p in range(players) for s in range(streets))
    decided: set[tuple[int, int]] = set()
    agent = create_bot(bot)
    if hasattr(agent, "store_path"):
        agent.store_path = None  # a private copy: nothing it learns here is stored
    dealer = Dealer(seed, game.variant)
    names = ("warm-up", *(f"station-{k}" for k in range(1, players)))
    hands = 0
    while hands < max_hands and not wanted <= decided:
        position = hands % players
        agents = [CallingStation() for _ in range(players)]
        agents[position] = agent
        shown = names[-position:] + names[:-position] if position else names
        hand = Hand(game, [game.starting_stack] * players, dealer.cards(hands, players))
        play_hand(hand, agents, hand_number=hands, names=shown)
        decided.update((position, street) for street, p, _, _ in hand.history if p == position)
        hands += 1
    return WarmUp(hands, frozenset(decided), wanted)
