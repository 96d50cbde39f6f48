"""Exact best responses, expected values and exploitability of a strategy profile in a spot.

Apart from the solver (a solver does not measure itself): this module reads a strategy (the
per-node, per-combo action probabilities in the :mod:`pokerlab.spot.layout` layout), walks the
whole tree (every chance card, isomorphic cards through their permuted canonical values) and
computes, for player ``p``, the counterfactual value of each combo either following the strategy
or best responding (the maximum over actions, combo by combo, at ``p``'s nodes).

Definitions (those of postflop-solver, TexasSolver and PioSOLVER): a player's EV is the
average over the dealt pairs of combos (range weights, card removal) of the chips it gets back
from the pot less what it put in since the spot began (so without rake the two EVs add to the
starting pot); a player's gain = its BR value - its EV (what it wins by deviating);
exploitability = (gain of OOP + gain of IP) / 2, in chips or in % of the starting pot.

Locks (a walker made with the locked nodes' offsets, and the lock array): a locked node plays
its lock for both players' walks, so the locked player's best response deviates only at its
unlocked nodes, the other's is unrestricted; the exploitability of a locked solve is measured
this way, as PioSOLVER and GTO+ measure it (it reaches 0 at the locked game's equilibrium).

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.solver import Solver
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20,
...                     "oop_range": "AA,QQ", "ip_range": "KK,JJ", "bet": "50%"})
>>> sol = Solver(s)
>>> sol.run(300)
>>> r = evaluate(sol.tree, sol.deal, sol.layout, sol.average_strategy())
>>> r.exploitability_pct < 0.5, round(sum(r.ev), 6)
(True, 10.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.spot.deal import Deal
from pokerlab.spot.layout import Layout
from pokerlab.spot.terminal import valid_reach
from pokerlab.spot.tree import Tree
from pokerlab.spot.walk import MODE_BEST, MODE_EVAL, Walker


def combo_values(tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray, player: int,
                 best: bool, walker: Walker | None = None,
                 lock: np.ndarray | None = None) -> np.ndarray:
    """Counterfactual values (chips times opponent reach) of ``player``'s combos at the root.

    ``strategy`` is the profile in the layout (each block's columns sum to 1); ``best``: the
    player best responds instead of following it. ``walker`` may be reused between calls.
    """
    w = walker if walker is not None else Walker(tree, deal, layout, np.full(tree.size, -1))
    spot = tree.spot
    prm = np.zeros(11)
    prm[:3] = spot.pot, spot.rake_pct, spot.rake_cap
    strat = strategy if strategy.dtype in (np.float32, np.uint16) else np.asarray(strategy, np.float32)
    empty = np.zeros(1, dtype=np.float32)
    locks = empty if lock is None else lock
    return w.run(player, (np.ascontiguousarray(strat), empty, locks, empty, empty), prm,
                 MODE_BEST if best else MODE_EVAL)


def pair_weight(deal: Deal) -> float:
    """Total weight of the dealt pairs: ``sum of w_oop(h) * w_ip(h')`` over disjoint combos."""
    v = np.zeros(deal.num_hands[0])
    valid_reach(deal.weights[1], deal.cards[0], deal.cards[1], v)
    return float(np.dot(deal.weights[0], v))


@dataclass(frozen=True)
class Evaluation:
    """EVs, best-response values and exploitability of a profile (chips; % of the starting pot
    ``pot``)."""

    ev: tuple[float, float]
    best_response: tuple[float, float]
    exploitability: float
    exploitability_pct: float
    pot: float

    @property
    def gain(self) -> tuple[float, float]:
        """What each player (OOP first) gains in chips by best responding: BR value - EV."""
        return (self.best_response[0] - self.ev[0], self.best_response[1] - self.ev[1])

    @property
    def gain_pct(self) -> tuple[float, float]:
        """:attr:`gain` in % of the starting pot."""
        g = self.gain
        return (100.0 * g[0] / self.pot, 100.0 * g[1] / self.pot)


def measuring_walker(tree: Tree, deal: Deal, layout: Layout,
                     lock_off: np.ndarray | None = None, share: Walker | None = None,
                     lock_mix: np.ndarray | None = None) -> Walker:
    """A walker for :func:`evaluate` and :func:`exploitability_pct` to reuse (locks: the
    offsets of locked nodes in the lock array given to them, -1 elsewhere, and the solver's
    ``lock_mix``, under which a restricted node plays the strategy measured; ``share``: the
    solver's walker, whose task buffers and working memory it shares between iterations)."""
    off = np.full(tree.size, -1, dtype=np.int64) if lock_off is None else lock_off
    return Walker(tree, deal, layout, off, share=share, lock_mix=lock_mix)


def exploitability_pct(tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray,
                       walker: Walker | None = None, lock: np.ndarray | None = None) -> float:
    """Exploitability of ``strategy`` in % of the pot; without rake from the two best responses
    alone (the EVs then add to the pot), with rake by :func:`evaluate`."""
    if tree.spot.rake_pct > 0:
        return evaluate(tree, deal, layout, strategy, walker, lock).exploitability_pct
    w = walker if walker is not None else measuring_walker(tree, deal, layout)
    z = pair_weight(deal)
    br = [float(np.dot(deal.weights[p], combo_values(tree, deal, layout, strategy, p, True, w, lock)))
          / z for p in (0, 1)]
    return 100.0 * (br[0] + br[1] - tree.spot.pot) / 2.0 / tree.spot.pot


def evaluate(tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray,
             walker: Walker | None = None, lock: np.ndarray | None = None) -> Evaluation:
    """EVs, best-response values and exploitability of ``strategy`` (both players)."""
    z = pair_weight(deal)
    walker = walker if walker is not None else measuring_walker(tree, deal, layout)
    ev, br = [], []
    for p in (0, 1):
        w = deal.weights[p]
        ev.append(float(np.dot(w, combo_values(tree, deal, layout, strategy, p, False, walker, lock))) / z)
        br.append(float(np.dot(w, combo_values(tree, deal, layout, strategy, p, True, walker, lock))) / z)
    expl = ((br[0] - ev[0]) + (br[1] - ev[1])) / 2.0
    return Evaluation((ev[0], ev[1]), (br[0], br[1]), expl, 100.0 * expl / tree.spot.pot,
                      tree.spot.pot)
