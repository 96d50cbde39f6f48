"""Loki's opponent modelling (Papp 1998, ch. 7): from an observed action to a re-weighted table.

Each opponent has a weight per holding, reset to 1 every hand, and action frequencies per
context (round, bets to call), kept across hands
(:class:`~pokerlab.agents.modelling.opponent_model.ContextFrequencies`). When the opponent calls or
bets/raises:

1. the frequencies of the context give the action's threshold as a percentile: a bet or raise
   puts the hand in the top f(raise), a call in the top f(call) + f(raise)
   (:func:`action_percentile`); generic modelling uses Table B.2's defaults, specific modelling
   the observed frequencies blended with them;
2. the threshold becomes mu on a scale every holding is ranked on: pre-flop the IR7 value at
   that percentile of the 1,326 holdings (:func:`ir7_at_percentile`, sigma 330, no re-weighting
   below the 5th percentile); after the flop the percentile itself on the EHS' scale, EHS' =
   HS_1 + (1 - HS_1) PPOT_c (:func:`postflop_values`, sigma 0.2);
3. each weight is scaled by 0.01 below mu - sigma, 1 above mu + sigma, linearly between
   (0.5 at mu), never below 0.01 (:func:`~pokerlab.agents.modelling.opponent_model.reweight`).

At most one re-weighting per opponent per round: from the table saved at the round's start,
redone only when an action asks a higher threshold (the bot keeps that state).

Examples
--------
The thesis's pre-flop example: an opponent who raises 30% of hands raises with the top 30%,
mu = IR7 at the 70th percentile = +118.

>>> import numpy as np
>>> p = action_percentile(np.array([0.5, 0.2, 0.3]), action=2)
>>> round(p, 2), ir7_at_percentile(p), ir7_at_percentile(0.05)
(0.7, 118.0, -433.0)
>>> action_percentile(np.array([0.5, 0.3, 0.2]), action=1)    # a call: top 50%
0.5
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from pokerlab.agents.loki.preflop import table_by_combo
from pokerlab.agents.modelling._board_kernels import crude_potential
from pokerlab.agents.modelling.hand_strength import board_data
from pokerlab.agents.modelling.opponent_model import CALL_I, FOLD_I, RAISE_I


@cache
def _ir7_sorted() -> np.ndarray:
    return np.sort(table_by_combo("loki-ir7"))


def ir7_values() -> np.ndarray:
    """IR7 (x 1000) of every holding: the pre-flop scale of the re-weighting (read-only)."""
    return table_by_combo("loki-ir7")


def ir7_at_percentile(p: float) -> float:
    """The IR7 value at percentile ``p`` of the 1,326 holdings: the nearest of the sorted
    values, index ``round(p * 1325)`` (it reproduces the thesis's 70% -> +118 and 5% -> -433)."""
    ranked = _ir7_sorted()
    return float(ranked[round(min(max(p, 0.0), 1.0) * (ranked.size - 1))])


def action_percentile(frequencies: np.ndarray, action: int) -> float:
    """The percentile an action's hands lie above: ``1 - f(raise)`` for a bet or raise,
    ``1 - f(call) - f(raise)`` for a call [RECON]."""
    # The frequencies sum to 1: the same as f(fold) + f(call) and f(fold), without the rounding.
    if action == RAISE_I:
        return float(frequencies[FOLD_I] + frequencies[CALL_I])
    if action == CALL_I:
        return float(frequencies[FOLD_I])
    raise ValueError(f"only calls and raises re-weight, not action {action}")


@lru_cache(maxsize=64)
def postflop_values(board: tuple[int, ...]) -> np.ndarray:
    """EHS' = HS_1 + (1 - HS_1) PPOT_c of every holding on ``board`` (NaN where a holding uses a
    board card): the post-flop scale of the re-weighting (read-only, cached per board).

    Examples
    --------
    >>> from pokerlab.cards import combo_index, parse_cards
    >>> v = postflop_values(tuple(parse_cards("9h6c2h")))
    >>> draw, nothing = combo_index(*parse_cards("8h7h")), combo_index(*parse_cards("Kd3c"))
    >>> bool(v[draw] > v[nothing]), bool(np.isnan(v[combo_index(*parse_cards("9h8c"))]))
    (True, True)
    """
    hs1 = board_data(board)[2]
    ppot_c = crude_potential(np.array(board, dtype=np.uint8))
    out = hs1 + (1.0 - hs1) * ppot_c
    out.setflags(write=False)
    return out
