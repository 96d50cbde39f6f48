"""``nl-rules``: a no-limit hold'em bot of the textbooks' rules of thumb, deterministic.

Written before it was ever measured, from the advice the no-limit books give a beginner
(Harrington's opening sizes and tight ranges, Sklansky's push-or-fold when the stack is short,
the 2/3-pot value bet and the pot-odds call that every introduction teaches). The rules are
the books'; the thresholds below are ours, fixed once and not tuned against any opponent.

**Before the flop**, a holding is judged by its class's place in PokerStove's ranking of the
169 classes (:func:`pokerlab.cards.ranking.ranking`, all-in equity against a random hand):
``top``, the share of the 1,326 combos in classes ranked at or above its class (AA 0.5%,
AKo 5.4%, 32o 100%). ``R`` counts the bets and raises of the round (the blinds not), the
effective stack is the smaller of the bot's chips and the largest opponent's (bets of the
round included), in big blinds.

- Short (effective stack at most 15 big blinds; push or fold): first in, all-in with the top
  40% and fold the rest; the big blind after a limp goes all-in with the top 20% and checks
  the rest; facing a raise, all-in (a call when it may not raise) with the top 15%, else fold.
- First in (``R`` = 0, a blind to complete, the heads-up button): raise to 2.5 big blinds with
  the top 50%, call with the top 75%, fold the rest.
- The big blind after a limp (``R`` = 0, nothing to call): raise to 3 times the bet (3 big
  blinds) with the top 20%, check the rest.
- Facing a raise (``R`` >= 1): the call is *committing* when it costs more than a third of the
  effective stack. Committing, or facing a re-raise (``R`` >= 2): all-in with the top 5.5%
  (77+, AJs+, AKo), call with the top 10% when the call does not commit, fold the rest.
  Facing one raise that does not commit: re-raise to 3 times the raise with the top 7%, call
  with the top 40% (a call of at most 3 big blinds), 20% (at most 10) or 10% (more), fold the
  rest.

**After the flop**, a holding is judged by its hand strength HS (:func:`pokerlab.strength.
strength_table`: the share of the opponent's possible holdings it beats, ties half, against a
random holding) and its equity when facing a bet is read as HS squared (a bettor holds better
than a random hand):

- nothing to call: bet 2/3 of the pot with HS >= 0.75 (value), check the rest (air checks);
- facing a bet: raise by 2/3 of the pot after the call with HS >= 0.95; call when HS^2 >= the
  pot odds ``to_call / (pot + to_call)``; fold the rest.

Amounts are rounded to a chip and clamped into the legal range (a bet over the stack is
all-in); a raise the rules do not allow is played as a call, a fold when checking is free as
a check. The bot plays any betting kind legally (in limit every raise is the fixed size) but
its rules are no-limit's.

The rules are a function of the holding and the public betting, so the bot exposes its policy
honestly: :meth:`NLRulesBot.policy` is one-hot on what :meth:`~NLRulesBot.act` plays and
:meth:`~NLRulesBot.range_policy` answers every holding in one table lookup (one strength
kernel call a board). At any one decision every holding that raises raises to the same
amount, so :meth:`~pokerlab.agents.base.Agent.action_probabilities`' default (the policy's
column of the action's kind) is exact and local best response (:mod:`pokerlab.arena.lbr`)
tracks its range exactly.

Examples
--------
>>> from pokerlab.agents.base import Observation
>>> from pokerlab.cards import parse_cards
>>> from pokerlab.engine import GameSettings, Hand
>>> game = GameSettings.preset("no-limit", small_blind=50, big_blind=100, starting_stack=20000)
>>> hand = Hand(game, [20000, 20000], parse_cards("Kd Qc  As Ah  2c 3d 4h Ts 9s"))
>>> bot = NLRulesBot()
>>> bot.act(Observation(hand, hand.actor))   # the button's aces open to 2.5 big blinds
Action(kind=2, amount=250)
>>> hand.bet_raise(250)
>>> bot.act(Observation(hand, hand.actor))   # KQo (top 11%) calls the open
Action(kind=1, amount=0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerlab.agents.base import Agent, Observation
from pokerlab.agents.registry import register_bot
from pokerlab.cards import ALL_COMBOS, class_of, combo_index
from pokerlab.cards.ranking import ranking
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action
from pokerlab.strength.hand_strength import strength_table

SHORT_STACK = 15.0
"""Effective stack (big blinds) at or below which the bot pushes or folds before the flop."""
OPEN_SIZE = 2.5
"""First-in raise, to this many big blinds."""
RERAISE_FACTOR = 3.0
"""A re-raise (or a raise over a limp) goes to this many times the bet faced."""
COMMITTING = 1.0 / 3.0
"""A call costing more than this share of the effective stack commits the bot."""
VALUE_BET = 2.0 / 3.0
"""After the flop bets and raises are this share of the pot (after the call)."""
BET_STRENGTH = 0.75
"""After the flop: bet with HS at least this, when nothing is to call."""
RAISE_STRENGTH = 0.95
"""After the flop: raise a bet with HS at least this."""

# Shares of the 1,326 combos (PokerStove's ranking) that play each way.
SHORT_OPEN, SHORT_BIG_BLIND, SHORT_CALL = 0.40, 0.20, 0.15
OPEN_RAISE, OPEN_CALL = 0.50, 0.75
LIMP_RAISE = 0.20
THREE_BET = 0.07
SHOVE, SHOVE_CALL = 0.055, 0.10
CALL_SMALL, CALL_MEDIUM, CALL_LARGE = 0.40, 0.20, 0.10
SMALL_CALL, MEDIUM_CALL = 3.0, 10.0
"""Calls of at most this many big blinds are small, medium (more are large)."""


def _top_shares() -> np.ndarray:
    """``top`` of each combo, by combo index: the share of the 1,326 combos in classes ranked at
    or above its class."""
    shares: dict[str, float] = {}
    count = 0
    for name, combos, _ in ranking():
        count += combos
        shares[name] = count / 1326.0
    out = np.array([shares[class_of(int(a), int(b))] for a, b in ALL_COMBOS])
    out.setflags(write=False)
    return out


TOP_SHARE: np.ndarray = _top_shares()
"""``(1326,)``: each combo's ``top`` share (AA 6/1326, 32o 1.0)."""


@register_bot("nl-rules", "no-limit rules of thumb: a pre-flop chart by PokerStove's ranking (open 2.5 bb, "
                          "3x re-raise, shove short), 2/3-pot value bets and pot-odds calls by hand strength")
class NLRulesBot(Agent):
    """The textbook no-limit rules of the module notes, for every holding at once."""

    name = "nl-rules"
    uses_rng = False

    def __init__(self) -> None:
        super().__init__()
        self._board: tuple[int, ...] = ()
        self._strength = np.zeros(1326)

    # -- the rules, for many holdings at once ------------------------------------------------
    def decide(self, observation: Observation,
               combos: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(kinds, amounts)``: the action :meth:`act` plays at this decision holding each
        holding of ``combos`` (combo indices), legal as played; ``amounts`` is the raise-to
        total of a bet or raise, 0 otherwise."""
        index = np.asarray(combos, dtype=np.int64)
        if observation.street == 0:
            raise_share, call_share, raise_to = self._preflop(observation)
            value = TOP_SHARE[index]
            raising = value <= raise_share
            calling = value <= call_share
        else:
            hs = self._hand_strength(observation)[index]
            legal = observation.legal
            pot, to_call = observation.pot, legal.to_call
            raise_to = max(observation.bets) + round(VALUE_BET * (pot + to_call))
            if to_call == 0:
                raising = hs >= BET_STRENGTH
                calling = np.ones(len(index), dtype=bool)
            else:
                raising = hs >= RAISE_STRENGTH
                calling = hs * hs >= to_call / (pot + to_call)
        return self._legal_actions(observation, raising, calling, raise_to)

    def _preflop(self, observation: Observation) -> tuple[float, float, int]:
        """``(raise share, call share, raise-to)`` of this pre-flop decision: holdings with
        ``top`` at most the raise share raise to the one amount (chips), the others up to the
        call share call, the rest fold (check when it is free)."""
        legal = observation.legal
        big = observation.game.big_blind or observation.game.min_bet
        me = observation.position
        totals = [s + b for s, b in zip(observation.stacks, observation.bets, strict=True)]
        opponents = [t for p, t in enumerate(totals) if p != me and observation.live[p]]
        effective = min(totals[me], max(opponents, default=totals[me])) / big
        raises = observation.raises_this_round
        to_call = legal.to_call
        all_in = legal.max_raise_to
        max_bet = max(observation.bets)
        if effective <= SHORT_STACK:
            if raises == 0:
                share = SHORT_OPEN if to_call > 0 else SHORT_BIG_BLIND
                return share, share if to_call > 0 else 1.0, all_in
            return SHORT_CALL, SHORT_CALL, all_in
        if raises == 0 and to_call > 0:
            return OPEN_RAISE, OPEN_CALL, round(OPEN_SIZE * big)
        if raises == 0:
            return LIMP_RAISE, 1.0, round(RERAISE_FACTOR * max_bet)
        if to_call > COMMITTING * effective * big or raises >= 2:
            return SHOVE, SHOVE if to_call > COMMITTING * effective * big else SHOVE_CALL, all_in
        calls = to_call / big
        share = CALL_SMALL if calls <= SMALL_CALL else CALL_MEDIUM if calls <= MEDIUM_CALL else CALL_LARGE
        return THREE_BET, share, round(RERAISE_FACTOR * max_bet)

    def _hand_strength(self, observation: Observation) -> np.ndarray:
        """HS of every holding on this board (one kernel call a board, kept for the next)."""
        board = tuple(observation.board)
        if board != self._board:
            self._strength = strength_table(board)
            self._board = board
        return self._strength

    @staticmethod
    def _legal_actions(observation: Observation, raising: np.ndarray, calling: np.ndarray,
                       raise_to: int) -> tuple[np.ndarray, np.ndarray]:
        legal = observation.legal
        kinds = np.where(calling, CHECK_CALL, FOLD if legal.can_fold else CHECK_CALL)
        amounts = np.zeros(len(kinds), dtype=np.int64)
        if legal.can_raise:
            amount = min(max(int(raise_to), legal.min_raise_to), legal.max_raise_to)
            kinds = np.where(raising, BET_RAISE, kinds)
            amounts[raising] = amount
        else:
            kinds = np.where(raising, CHECK_CALL, kinds)
        return kinds.astype(np.int64), amounts

    # -- the agent --------------------------------------------------------------------------
    def act(self, observation: Observation) -> Action:
        kinds, amounts = self.decide(observation, [combo_index(*observation.hole)])
        return Action(int(kinds[0]), int(amounts[0]))

    def policy(self, observation: Observation) -> np.ndarray:
        """One-hot on :meth:`act`'s action kind (the bot draws nothing)."""
        return self.range_policy(observation, [combo_index(*observation.hole)])[0]

    def range_policy(self, observation: Observation, combos: Sequence[int] | np.ndarray) -> np.ndarray:
        """One-hot rows: each holding's action kind, all holdings at once."""
        kinds, _ = self.decide(observation, combos)
        out = np.zeros((len(kinds), 3))
        out[np.arange(len(kinds)), kinds] = 1.0
        return out
