"""Safe re-solving of a spot: the opponent may take its blueprint values instead of playing.

A bot that searches at the table solves the subgame it is in with both players' ranges, and
replaces the strategy it had there (its blueprint). Solved on its own, the subgame's
equilibrium can be more exploitable than the blueprint: the opponent's hands that the ranges
make rare are left unguarded (Brown and Sandholm 2017, "Safe and nested subgame solving").
A *gadget* closes that (Burch, Johanson and Bowling 2014; DeepStack's continual re-solving is
built on one): before the subgame, the opponent may take, hand by hand, ``alternative[h]``,
the value its hand ``h`` had against the blueprint (its best response to the blueprint in the
subgame, the *counterfactual best-response values*), instead of entering. A strategy of the
gadget game whose opponent values are at most those alternatives is no more exploitable than
the blueprint in the subgame; CFR on the gadget game drives the re-solved strategy there.

Two gadgets (:data:`SAFE_GADGETS`), each one more decision of the opponent at the root, solved by
regret matching+ (regrets floored at 0, as CFR+) alongside the spot solver's iterations; at
each iteration the solver's walks give the opponent's counterfactual values of entering:

- ``"resolve"`` (the re-solve gadget): each opponent hand enters with probability ``enter[h]``
  (its range in the subgame ``prior[h] * enter[h]``) or takes its alternative. It keeps the
  blueprint's values but stops improving once no hand gains by entering.
- ``"maxmargin"`` (Moravcik, Schmid, Ha, Hladik and Gaukrodger 2016), the default: the opponent
  picks the hand (among those ``prior`` holds) whose *margin*, its alternative less its value
  of entering (per unit of the other player's reach it meets), is smallest; the solve raises
  the smallest margin, so every hand's value stays at most its alternative (the blueprint's
  strategy has margins of 0) and the solve goes on improving where it can. On river subgames
  of the no-limit bot it took 35% off the opponent's best response against the blueprint,
  where the re-solve gadget took 22% (``benchmarks/nlhe_search.py``).
- ``"none"``: no gadget, the opponent always enters with its prior: the subgame solved on its
  own, with no guarantee against the blueprint. It is there to compare with, and for a
  data-biased response (the solver's ``restricted`` nodes), whose point is to exploit the
  opponent's range as the model gives it: a gadget picking the opponent's hands would undo it.

Values here are counterfactual (chips times the other player's reach, the solver's
convention), so ``alternative`` is in those units: :func:`pokerlab.spot.bestresponse.combo_values`
with ``best=True`` gives them. The deal's opponent weights are rewritten at every iteration and
are the prior again when :meth:`Resolve.run` returns.

Examples
--------
>>> import numpy as np
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.solver import Solver
>>> from pokerlab.spot.bestresponse import combo_values
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20,
...                     "oop_range": "AA,QQ,72o", "ip_range": "KK,JJ,T9s", "bet": "50%,a"})
>>> blueprint = Solver(s)
>>> blueprint.run(5)  # a poor strategy to improve on
>>> old = blueprint.average_strategy()
>>> alt = combo_values(blueprint.tree, blueprint.deal, blueprint.layout, old, 1, True)
>>> r = Resolve(Solver(s), opponent=1, alternative=alt)
>>> r.run(300)
>>> new = r.solver.average_strategy()
>>> br = combo_values(r.solver.tree, r.solver.deal, r.solver.layout, new, 1, True)
>>> bool(np.all(br <= alt + 1e-6)), round(float(br.sum() / alt.sum()), 3)
(True, 0.971)
"""

from __future__ import annotations

import time

import numpy as np

from pokerlab.spot.solver import Solver
from pokerlab.spot.terminal import valid_reach

SAFE_GADGETS = ("maxmargin", "resolve")
"""The gadgets that keep the blueprint's guarantee (module docstring)."""
GADGETS = (*SAFE_GADGETS, "none")
"""The gadgets :class:`Resolve` plays (module docstring)."""


class Resolve:
    """The re-solve gadget around a :class:`~pokerlab.spot.solver.Solver`.

    Parameters
    ----------
    solver
        The subgame's solver (its spot's opponent range is the gadget's prior; the solver's
        deal weights of ``opponent`` are rewritten at every iteration).
    opponent
        The player (0 OOP, 1 IP) who may take its alternatives.
    alternative
        ``(hands of the opponent,)`` counterfactual values in the deal's hand order.
    """

    def __init__(self, solver: Solver, opponent: int, alternative: np.ndarray,
                 gadget: str = "maxmargin") -> None:
        n = solver.deal.num_hands[opponent]
        alt = np.asarray(alternative, dtype=np.float64)
        if alt.shape != (n,):
            raise ValueError(f"alternative: needs {n} values, got shape {alt.shape}")
        if gadget not in GADGETS:
            raise ValueError(f"gadget: {gadget!r} is not one of {', '.join(GADGETS)}")
        self.solver = solver
        self.opponent = opponent
        self.alternative = alt
        self.gadget = gadget
        self.prior = solver.deal.weights[opponent].copy()
        # The other player's reach each opponent hand meets (card removal): a margin in chips
        # is the counterfactual margin over it.
        mass = np.zeros(n)
        deal = solver.deal
        valid_reach(deal.weights[1 - opponent], deal.cards[opponent], deal.cards[1 - opponent], mass)
        self.mass = np.where(mass > 0, mass, 1.0)
        self.regret = np.zeros((2, n)) if gadget == "resolve" else np.zeros(n)
        self.iterations = 0

    @property
    def enter(self) -> np.ndarray:
        """The gadget's current strategy: (re-solve) each opponent hand's probability of
        entering the subgame; (max-margin) the opponent's distribution over its hands (on the
        prior's support, uniform while no margin is positive); (none) 1 for every hand."""
        if self.gadget == "none":
            return np.ones_like(self.prior)
        if self.gadget == "resolve":
            pos = self.regret
            tot = pos[0] + pos[1]
            return np.where(tot > 0, pos[0] / np.where(tot > 0, tot, 1.0), 0.5)
        support = self.prior > 0
        tot = self.regret.sum()
        if tot > 0:
            return self.regret / tot
        return support / max(int(support.sum()), 1)

    def iterate(self) -> None:
        """One solver iteration with the opponent's range given by the gadget, then the
        gadget's regret update from the opponent's values of entering."""
        if self.gadget == "none":
            self.solver.iterate()
            self.iterations += 1
            return
        weights = self.solver.deal.weights[self.opponent]
        enter = self.enter
        if self.gadget == "resolve":
            weights[:] = self.prior * enter
        else:  # the chosen hands, at the prior's total weight (the solver's scale)
            weights[:] = enter * self.prior.sum()
        self.solver.iterate()
        value = self.solver.walker._out[self.opponent]
        if self.gadget == "resolve":
            mixed = enter * value + (1.0 - enter) * self.alternative
            self.regret[0] = np.maximum(self.regret[0] + value - mixed, 0.0)
            self.regret[1] = np.maximum(self.regret[1] + self.alternative - mixed, 0.0)
        else:
            ok = self.prior > 0  # the hands the opponent may pick
            margin = (value[ok] - self.alternative[ok]) / self.mass[ok]
            mean = float(np.dot(enter[ok], margin))
            self.regret[ok] = np.maximum(self.regret[ok] + margin - mean, 0.0)
        self.iterations += 1

    def run(self, iterations: int, seconds: float | None = None) -> None:
        """``iterations`` more iterations, fewer if ``seconds`` pass first (at least one);
        the deal's opponent weights are the prior again afterwards (the deal may be measured
        or solved again)."""
        start = time.perf_counter()
        try:
            for i in range(iterations):
                self.iterate()
                if seconds is not None and i > 0 and time.perf_counter() - start >= seconds:
                    break
        finally:
            self.solver.deal.weights[self.opponent][:] = self.prior
