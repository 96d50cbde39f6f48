"""The published family of equilibria of three-player Kuhn poker, and where a profile sits in it.

D. Szafron, R. Gibson and N. Sturtevant, "A parameterized family of equilibrium profiles for
three-player Kuhn poker", Proc. AAMAS 2013, pp. 247-254. Players P1, P2, P3 (our players 0,
1, 2) hold J < Q < K < A. Each decision is named by the card (1 = J .. 4 = A) and one of
four situations per player; ``a``, ``b``, ``c`` are P1's, P2's and P3's probabilities of the
aggressive action (bet, or call when facing a bet):

- P1: 1 first to act (bet); 2 check, check, P3 bets (call); 3 check, P2 bets, P3 folds
  (call); 4 check, P2 bets, P3 calls (call).
- P2: 1 P1 checked (bet); 2 P1 bet (call); 3 check, check, P3 bet, P1 folded (call);
  4 check, check, P3 bet, P1 called (call).
- P3: 1 check, check (bet); 2 check, P2 bet (call); 3 P1 bet, P2 folded (call); 4 P1 bet,
  P2 called (call).

In every member P1 never bets; it calls with the A, and with the K half the time in
situation 3. P2 bets with J at ``b11``, Q at ``b21``, A at ``b41 = 2 b11 + 2 b21``, never with
K; calls a bet with K at ``b32`` and with A, and in situation 3 with Q at ``b23``, K at
``b33 = 1/2 + (b11 + b21)/2 + beta/2 - b23 (1 - b21)`` (``beta = max(b11, b21)``). P3 bets
with J at ``c11``, Q at ``c21 = 1/2 - c11`` and with A; calls with K at ``c33`` or ``c34`` and
with A. Everything else is 0. The free parameters and their ranges:

- ``0 <= c11 <= 1/2``;
- ``c11 = 0``: ``b11 <= b21 <= 1/4``;
- ``0 < c11 < 1/2``: ``b21 = b11 <= 1/4`` and, when ``b11 > 1/6``, ``c11 <= (2 - b11)/(3 + 4 b11)``;
- ``c11 = 1/2``: ``b11 <= 1/4``, ``b21 <= min(b11, 1/2 - 2 b11)``;
- ``0 <= b23 <= max(0, (b11 - b21) / (2 (1 - b21)))``;
- ``0 <= b32 <= 1/2 + 3/4 (b11 + b21) + beta/4``;
- ``1/2 - b32 <= c33 <= 1/2 - b32 + 3/4 (b11 + b21) + beta/4``; ``c34`` anywhere in [0, 1].

The ranges are read as the University of Alberta's ACPC player of the family checks them
(D. Morrill, ``kuhn_3p_equilibrium_player``, 2013). The test suite checks members of every
sub-family and near misses of every range in rational arithmetic: NashConv exactly 0 inside,
positive outside. In every member the tests compute, P2's value is exactly ``-1/48``.

Examples
--------
>>> from fractions import Fraction as F
>>> p = FamilyParameters(c11=F(1, 2), b11=F(1, 5), b21=F(1, 10), b23=F(1, 20), b32=F(1, 2),
...                      c33=F(1, 5), c34=F(1, 3))
>>> p.violations()
[]
>>> str(p.b33), str(p.b41)
('141/200', '3/5')
>>> FamilyParameters(c11=F(1, 4), b11=F(1, 5), b21=F(1, 6)).violations()
['0 < c11 < 1/2 needs b21 = b11']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.strategy import Strategy

Number = Fraction | float

#: For each player (0, 1, 2) and situation (1..4): the public history of the decision.
SITUATIONS: dict[int, dict[int, tuple[str, ...]]] = {
    0: {1: (), 2: ("check", "check", "bet"), 3: ("check", "bet", "fold"), 4: ("check", "bet", "call")},
    1: {1: ("check",), 2: ("bet",), 3: ("check", "check", "bet", "fold"),
        4: ("check", "check", "bet", "call")},
    2: {1: ("check", "check"), 2: ("check", "bet"), 3: ("bet", "fold"), 4: ("bet", "call")},
}
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class FamilyParameters:
    """The free parameters of the 2013 family (see the module docstring for their ranges)."""

    c11: Number = 0
    b11: Number = 0
    b21: Number = 0
    b23: Number = 0
    b32: Number = 0
    c33: Number = HALF
    c34: Number = 0

    @property
    def beta(self) -> Number:
        return max(self.b11, self.b21)

    @property
    def b33(self) -> Number:
        return HALF + (self.b11 + self.b21) / 2 + self.beta / 2 - self.b23 * (1 - self.b21)

    @property
    def b41(self) -> Number:
        return 2 * self.b11 + 2 * self.b21

    def probabilities(self) -> dict[int, dict[int, list[Number]]]:
        """``[player][situation]``: the probability of the aggressive action with J, Q, K, A."""
        return {
            0: {1: [0, 0, 0, 0], 2: [0, 0, 0, 1], 3: [0, 0, HALF, 1], 4: [0, 0, 0, 1]},
            1: {1: [self.b11, self.b21, 0, self.b41], 2: [0, 0, self.b32, 1], 3: [0, self.b23, self.b33, 1],
                4: [0, 0, 0, 1]},
            2: {1: [self.c11, HALF - self.c11, 0, 1], 2: [0, 0, 0, 1], 3: [0, 0, self.c33, 1],
                4: [0, 0, self.c34, 1]},
        }  # fmt: skip

    def violations(self, tol: Number = 0) -> list[str]:
        """The ranges this point breaks, within ``tol`` (an empty list: a member of the family)."""
        out: list[str] = []

        def need(ok: bool, what: str) -> None:
            if not ok:
                out.append(what)

        c11, b11, b21, beta = self.c11, self.b11, self.b21, self.beta
        spread = Fraction(3, 4) * (b11 + b21) + beta / 4
        need(-tol <= c11 <= HALF + tol, "0 <= c11 <= 1/2")
        if abs(c11) <= tol:
            need(-tol <= b11 <= b21 + tol and b21 <= Fraction(1, 4) + tol,
                 "c11 = 0 needs b11 <= b21 <= 1/4")
        elif abs(c11 - HALF) <= tol:
            need(-tol <= b11 <= Fraction(1, 4) + tol, "c11 = 1/2 needs b11 <= 1/4")
            need(-tol <= b21 <= min(b11, HALF - 2 * b11) + tol,
                 "c11 = 1/2 needs b21 <= min(b11, 1/2 - 2 b11)")
        else:
            need(abs(b11 - b21) <= tol, "0 < c11 < 1/2 needs b21 = b11")
            need(-tol <= b11 <= Fraction(1, 4) + tol, "0 < c11 < 1/2 needs b11 <= 1/4")
            need(b11 <= Fraction(1, 6) or c11 <= (2 - b11) / (3 + 4 * b11) + tol,
                 "0 < c11 < 1/2 needs c11 <= (2 - b11)/(3 + 4 b11) when b11 > 1/6")
        need(-tol <= self.b23 <= max(0, (b11 - b21) / (2 * (1 - b21))) + tol, "b23 out of range")
        need(-tol <= self.b32 <= HALF + spread + tol, "b32 out of range")
        need(HALF - self.b32 - tol <= self.c33 <= HALF - self.b32 + spread + tol, "c33 out of range")
        need(-tol <= self.c34 <= 1 + tol, "0 <= c34 <= 1")
        return out

    def strategy(self, flat: FlatGame) -> Strategy:
        """This member of the family as a strategy profile on ``flat`` (three-player Kuhn)."""
        probs = flat.uniform_strategy()
        for player, situations in self.probabilities().items():
            for situation, aggressive in situations.items():
                base = flat.row_base[flat.node_at(SITUATIONS[player][situation])]
                for card, x in enumerate(aggressive):
                    probs[base + card, :2] = [1 - float(x), float(x)]
        return Strategy(flat, probs)


def family_parameters(strategy: Strategy) -> FamilyParameters:
    """The family's free parameters read off ``strategy`` (a three-player Kuhn profile)."""

    def aggressive(player: int, situation: int, card: int) -> float:
        node = strategy.flat.node_at(SITUATIONS[player][situation])
        return float(strategy.node_block(node)[card, 1])

    return FamilyParameters(
        c11=aggressive(2, 1, 0), b11=aggressive(1, 1, 0), b21=aggressive(1, 1, 1),
        b23=aggressive(1, 3, 1), b32=aggressive(1, 2, 2), c33=aggressive(2, 3, 2),
        c34=aggressive(2, 4, 2),
    )  # fmt: skip


def distance_to_family(strategy: Strategy) -> float:
    """Largest difference between ``strategy`` and the member of the family with its own free
    parameters, over every decision and card (0 for a member; the ranges are
    :meth:`FamilyParameters.violations`)."""
    member = family_parameters(strategy).strategy(strategy.flat)
    return float(np.abs(member.probs - strategy.probs).max())
