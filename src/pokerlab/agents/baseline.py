"""Baseline bots: ``random``, ``calling-station`` and ``raiser``.

Examples
--------
>>> from pokerlab.agents.base import Observation
>>> from pokerlab.engine import Dealer, GameSettings, Hand
>>> hand = Hand(GameSettings.preset("no-limit"), [200, 200], Dealer(seed=0).cards(0, 2))
>>> view = Observation(hand, position=hand.actor)
>>> CallingStation().act(view), Raiser().act(view)
(Action(kind=1, amount=0), Action(kind=2, amount=4))
>>> bot = RandomBot(); bot.reseed(1)
>>> bot.act(view).kind in (0, 1, 2)
True
"""

from __future__ import annotations

import numpy as np

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import register_bot
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL_ACTION, DRAW, FOLD_ACTION, Action
from pokerlab.engine.variants import VARIANTS

EVERY_VARIANT = tuple(VARIANTS)
"""The baselines play every variant (at a draw a check or call stands pat)."""


@register_bot("random", "picks fold (when facing a bet), check/call or bet/raise uniformly; "
                        "raise amounts uniform between the minimum and the maximum; at a draw "
                        "discards a uniformly random set of its cards")
class RandomBot(Agent):
    """Uniformly random legal play."""

    name = "random"
    policy_ignores_cards = True
    variants = EVERY_VARIANT

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if legal.max_discards:
            return Action(DRAW, self.rng.randrange(1 << legal.max_discards))
        choices = 1 + legal.can_fold + legal.can_raise
        pick = self.rng.randrange(choices)
        if pick == 0:
            return CHECK_CALL_ACTION
        if pick == 1 and legal.can_fold:
            return FOLD_ACTION
        low, high = legal.min_raise_to, legal.max_raise_to
        return Action(BET_RAISE, low if low == high else self.rng.randint(low, high))

    def policy(self, observation: Observation) -> np.ndarray:
        """Each legal action kind alike (fold only facing a bet, bet/raise when allowed).

        >>> from pokerlab.engine import Dealer, GameSettings, Hand
        >>> hand = Hand(GameSettings.preset("limit"), [2000, 2000], Dealer(seed=0).cards(0, 2))
        >>> RandomBot().policy(Observation(hand, position=hand.actor)).round(3).tolist()
        [0.333, 0.333, 0.333]
        """
        legal = observation.legal
        if legal.max_discards:
            raise ValueError("a draw is not a betting decision: no (fold, call, raise) policy")
        p = np.array([float(legal.can_fold), 1.0, float(legal.can_raise)])
        return p / p.sum()


@register_bot("calling-station", "always checks or calls")
class CallingStation(Agent):
    """Never folds, never raises."""

    name = "calling-station"
    policy_ignores_cards = True
    variants = EVERY_VARIANT
    uses_rng = False

    def act(self, observation: Observation) -> Action:
        return CHECK_CALL_ACTION

    def policy(self, observation: Observation) -> np.ndarray:
        """Check/call, whatever the cards."""
        return np.array([0.0, 1.0, 0.0])


@register_bot("raiser", "bets or raises the minimum whenever allowed, otherwise calls")
class Raiser(Agent):
    """Maximum aggression at minimum size."""

    name = "raiser"
    policy_ignores_cards = True
    variants = EVERY_VARIANT
    uses_rng = False

    def act(self, observation: Observation) -> Action:
        legal = observation.legal
        if legal.can_raise:
            return Action(BET_RAISE, legal.min_raise_to)
        return CHECK_CALL_ACTION

    def policy(self, observation: Observation) -> np.ndarray:
        """Bet/raise when allowed, else check/call, whatever the cards."""
        return np.array([0.0, 0.0, 1.0]) if observation.legal.can_raise else np.array([0.0, 1.0, 0.0])

