"""Ferguson's Basic Endgame and its version with several rounds of betting, as small games.

Both players ante ``a``. Player I holds a winning card with probability ``P`` (and knows it);
player II does not know. In round ``k`` player I checks (showdown for what is in the pot) or
bets ``b_k``; player II folds (I wins what II has put in) or calls (next round, or showdown
after the last). With one bet this is Basic Endgame (section 1 of
``ferguson-endgame-in-poker``); with ``n`` bets, section 3.

Player I's private states are ``("W", "L")``; player II has one state ``("-",)``. Player I
may check a winning card (the paper forces a bet; checking is never better, so the value is
the same).

Examples
--------
>>> g = endgame(a=1, bets=(2,), P=0.25)
>>> g.hands
(('W', 'L'), ('-',))
>>> list(g.root.children)
['check', 'bet']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Decision, Game, Node, Terminal

# Player I's result at showdown: +1 with the winning card, -1 with the losing one.
_SIGN = np.array([[1.0], [-1.0]])


def endgame(
    a: float | Fraction = 1,
    bets: Sequence[float | Fraction] = (1,),
    P: float | Fraction = 0.5,
) -> Game:
    """Basic Endgame with ante ``a``, one bet per round in ``bets``, win probability ``P``."""
    a_f = float(a)
    bets_f = [float(b) for b in bets]
    p_f = float(P)
    if a_f <= 0:
        raise ValueError(f"a: the ante must be positive, not {a}")
    if not bets_f or any(b <= 0 for b in bets_f):
        raise ValueError(f"bets: need at least one positive bet, not {list(bets)}")
    if not 0.0 <= p_f <= 1.0:
        raise ValueError(f"P: a probability in [0, 1], not {P}")

    def round_node(k: int, stake: float) -> Node:
        # stake = what each player has in the pot when round k starts.
        if k == len(bets_f):
            return Terminal(stake * _SIGN)
        after_call = round_node(k + 1, stake + bets_f[k])
        return Decision(
            0,
            {
                "check": Terminal(stake * _SIGN),
                "bet": Decision(1, {"fold": Terminal(stake), "call": after_call}),
            },
        )

    return Game(
        name="endgame",
        hands=(("W", "L"), ("-",)),
        prior=[[p_f], [1.0 - p_f]],
        root=round_node(0, a_f),
        description=f"Ferguson endgame: a={a}, bets={list(bets)}, P={P}",
    )

