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


def endgame(
    a: float | Fraction = 1,
    bets: Sequence[float | Fraction] = (1,),
    P: float | Fraction = 0.5,
) -> Game:
    """Basic Endgame with ante ``a``, one bet per round in ``bets``, win probability ``P``."""
    # Numbers stay as given (a Fraction stays exact; a float is its binary value).
    bets = list(bets)
    if not a > 0:
        raise ValueError(f"a: the ante must be positive, not {a}")
    if not bets or any(not b > 0 for b in bets):
        raise ValueError(f"bets: need at least one positive bet, not {bets}")
    if not 0 <= P <= 1:
        raise ValueError(f"P: a probability in [0, 1], not {P}")

    def showdown(stake: float | Fraction) -> Terminal:
        # +stake with the winning card, -stake with the losing one.
        return Terminal(np.array([[stake], [-stake]], dtype=object))

    def round_node(k: int, stake: float | Fraction) -> Node:
        # stake = what each player has in the pot when round k starts.
        if k == len(bets):
            return showdown(stake)
        after_call = round_node(k + 1, stake + bets[k])
        return Decision(
            0,
            {
                "check": showdown(stake),
                "bet": Decision(1, {"fold": Terminal(stake), "call": after_call}),
            },
        )

    return Game(
        name="endgame",
        hands=(("W", "L"), ("-",)),
        prior=np.array([[P], [1 - P]], dtype=object),
        root=round_node(0, a),
        description=f"Ferguson endgame: a={a}, bets={bets}, P={P}",
    )

