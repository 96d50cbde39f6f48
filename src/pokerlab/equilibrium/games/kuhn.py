"""Kuhn poker: three cards J < Q < K, ante 1, one bet of 1 (OpenSpiel's ``kuhn_poker``).

Private state ``i`` is OpenSpiel's card ``i`` (J, Q, K); a decision's children are ordered as
OpenSpiel's legal actions (pass = check/fold first, bet = bet/call second).

Examples
--------
>>> g = kuhn()
>>> g.hands
(('J', 'Q', 'K'), ('J', 'Q', 'K'))
>>> list(g.root.children)
['check', 'bet']
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.game import Decision, Game, Terminal

CARDS = ("J", "Q", "K")


def kuhn() -> Game:
    """Kuhn poker with player 0 (I) acting first."""
    n = len(CARDS)
    # Exact numbers (Fractions) so that values can be certified in rational arithmetic.
    prior = np.array(
        [[Fraction(0) if i == j else Fraction(1, n * (n - 1)) for j in range(n)] for i in range(n)],
        dtype=object,
    )
    # Sign of player 0's showdown result for each pair of cards (higher card wins).
    sign = np.sign(np.subtract.outer(np.arange(n), np.arange(n)))
    root = Decision(
        0,
        {
            "check": Decision(
                1,
                {
                    "check": Terminal(sign),
                    "bet": Decision(0, {"fold": Terminal(-1), "call": Terminal(2 * sign)}),
                },
            ),
            "bet": Decision(1, {"fold": Terminal(1), "call": Terminal(2 * sign)}),
        },
    )
    return Game(
        name="kuhn",
        hands=(CARDS, CARDS),
        prior=prior,
        root=root,
        description="Kuhn poker: J, Q, K; ante 1, bet 1",
    )
