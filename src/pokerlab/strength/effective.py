"""Effective hand strength and pot odds: the two numbers the papers' betting rules compare.

EHS = HS_n + (1 - HS_n) * PPOT (Alberta, Waterloo equation 6): the chance that we are ahead
now, plus, when behind, the chance of pulling ahead. The papers ignore NPOT on purpose; the
variant that also counts falling behind when ahead is
EHS' = HS_n * (1 - NPOT) + (1 - HS_n) * PPOT.

Pot odds = to_call / (pot + to_call) (Waterloo equation 7, Alberta's pot_odds).

Examples
--------
>>> round(ehs(0.5, 0.2), 6), round(ehs(0.5, 0.2, npot=0.1), 6)
(0.6, 0.55)
>>> round(pot_odds(20, 175), 3)  # the Alberta example: $20 to call into $175
0.103
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.strength.potential import hand_potential


def _check_probability(value: float, field: str) -> float:
    value = float(value)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{field} must lie in [0, 1], got {value}")
    return value


def ehs(hs_n: float, ppot: float, npot: float | None = None) -> float:
    """Effective hand strength from HS_n and PPOT (and NPOT for the variant).

    Parameters
    ----------
    hs_n
        Hand strength against all opponents, HS ** n.
    ppot
        Positive potential: chance of pulling ahead when behind.
    npot
        Negative potential; when given, the result is HS_n (1 - NPOT) + (1 - HS_n) PPOT.

    Examples
    --------
    >>> ehs(1.0, 0.3), ehs(0.0, 0.3)
    (1.0, 0.3)
    """
    hs_n = _check_probability(hs_n, "hs_n")
    ppot = _check_probability(ppot, "ppot")
    if npot is None:
        return hs_n + (1.0 - hs_n) * ppot
    npot = _check_probability(npot, "npot")
    return hs_n * (1.0 - npot) + (1.0 - hs_n) * ppot


def pot_odds(to_call: float, pot: float) -> float:
    """Pot odds ``to_call / (pot + to_call)``: the share of the final pot we must put in.

    Raises
    ------
    ValueError
        If an amount is negative or both are zero.

    Examples
    --------
    >>> pot_odds(20, 100), pot_odds(0, 50)
    (0.16666666666666666, 0.0)
    """
    to_call, pot = float(to_call), float(pot)
    if to_call < 0 or pot < 0:
        raise ValueError(f"to_call and pot must not be negative, got {to_call} and {pot}")
    if to_call + pot == 0:
        raise ValueError("pot odds need a positive pot or amount to call")
    return to_call / (pot + to_call)


@dataclass(frozen=True)
class EffectiveHandStrength:
    """EHS and the numbers it is made of.

    Attributes
    ----------
    hs
        Hand strength against one opponent.
    hs_n
        HS ** opponents.
    ppot, npot
        Potentials used (two cards to come on the flop by default, one on the turn, 0 on the river).
    cards_to_come
        How many board cards the potentials look ahead (0 on the river).
    ehs
        HS_n + (1 - HS_n) PPOT, the papers' form.
    ehs_with_npot
        HS_n (1 - NPOT) + (1 - HS_n) PPOT.
    """

    hs: float
    hs_n: float
    ppot: float
    npot: float
    cards_to_come: int
    ehs: float
    ehs_with_npot: float


def effective_hand_strength(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int = 1,
    weights: np.ndarray | None = None,
    cards_to_come: int | None = None,
) -> EffectiveHandStrength:
    """EHS of ``hole`` on ``board`` (3, 4 or 5 cards) against ``opponents`` opponents.

    Parameters
    ----------
    hole, board
        Card codes.
    opponents
        Number of opponents n; HS_n = HS ** n.
    weights
        Optional 1,326-entry weight per opponent holding (indexed by ``combo_index``).
    cards_to_come
        Look-ahead of PPOT/NPOT: 2 (flop only) or 1. Default: all the cards still to come
        (2 on the flop, 1 on the turn); on the river there is no potential and EHS = HS_n.

    Examples
    --------
    >>> from pokerlab.cards import parse_hole_board
    >>> e = effective_hand_strength(*parse_hole_board("AdQc/3h4cJh"))
    >>> round(e.hs, 3), round(e.ppot, 3), round(e.ehs, 3)
    (0.585, 0.208, 0.672)
    """
    left = 5 - len(board)
    if cards_to_come is None:
        cards_to_come = left
    if cards_to_come not in (0, 1, 2) or cards_to_come > left or (left > 0 and cards_to_come == 0):
        raise ValueError(
            f"cards_to_come must be 1..{left} with {len(board)} board cards, got {cards_to_come}"
        )
    pot = hand_potential(
        hole, board, opponents=opponents, weights=weights, two_cards=cards_to_come == 2
    )
    if cards_to_come == 2:
        ppot, npot = pot.ppot2, pot.npot2
    elif cards_to_come == 1:
        ppot, npot = pot.ppot1, pot.npot1
    else:
        ppot, npot = 0.0, 0.0
    hs_n = pot.strength.hs_n
    return EffectiveHandStrength(
        hs=pot.strength.hs,
        hs_n=hs_n,
        ppot=ppot,
        npot=npot,
        cards_to_come=cards_to_come,
        ehs=ehs(hs_n, ppot),
        ehs_with_npot=ehs(hs_n, ppot, npot),
    )
