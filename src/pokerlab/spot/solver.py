"""Discounted CFR over a spot's public tree, every node vectorised over the players' combos.

One iteration updates OOP, then IP (alternating updates). A traversal for player ``p`` carries
the opponent's reach vector (its range times the opponent's strategy along the line, the
counterfactual weight) and ``p``'s own reach (to weight ``p``'s average strategy); it returns
``p``'s counterfactual values at every node, computed at the terminals with exact card removal
(:mod:`pokerlab.spot.terminal`). At a chance node each canonical card's subtree is solved with
the reach of hands holding the card removed; suit-isomorphic cards reuse it, hands permuted.

Discounting (Brown and Sandholm's DCFR): after iteration ``t`` positive regrets are multiplied
by ``t^alpha / (t^alpha + 1)``, negative ones by ``t^beta / (t^beta + 1)``, the strategy sums
by ``(t / (t + 1))^gamma``; defaults alpha 1.5, beta 0.5, gamma 3. CFR+ (``cfr_plus=True``):
regrets floored at 0, strategy sums weighted by ``t``.

Both cores: the subtrees under the first street's chance nodes (one per chance node and
canonical card) are independent given the reach vectors that arrive there, so an iteration is
a pass over the first street that records those reaches, the subtrees in parallel (threads
that claim blocks of them, :meth:`pokerlab.spot.walk.Walker.run`), and a second pass over the
first street that reads their values back. The walks compute in float32 (the storage's type).

Storage: float32 regrets and strategy sums (:mod:`pokerlab.spot.layout`).

The solver does not measure itself: exploitability lives in :mod:`pokerlab.spot.bestresponse`.

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> s = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20,
...                     "oop_range": "AA,QQ", "ip_range": "KK,JJ", "bet": "50%"})
>>> sol = Solver(s)
>>> sol.run(200)
>>> st = sol.average_strategy()
>>> bool(abs(st[sol.layout.block(0, 0)].reshape(2, -1).sum(axis=0) - 1).max() < 1e-5)
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pokerlab.spot.deal import Deal, build_deal
from pokerlab.spot.layout import Layout, build_layout
from pokerlab.spot.spec import Spot
from pokerlab.spot.tree import DECISION, Tree, build_tree
from pokerlab.spot.walk import Walker, hand_at

FAST = {"alpha": 1.5, "beta": 0.0, "gamma": 3.0, "restart": True}
"""postflop-solver's discounting (read from its source): positive regrets times
``t^1.5 / (t^1.5 + 1)``, negative ones halved, strategy sums discounted with ``gamma = 3`` and
restarted at ``4^k``. On the benchmark spots it reaches 0.1% of the pot in fewer iterations
than textbook DCFR (river 220 against 250, a narrow turn 180 against 240)."""
DCFR = {"alpha": 1.5, "beta": 0.5, "gamma": 3.0, "restart": False}
"""Brown and Sandholm's recommended DCFR (alpha 1.5, beta 0.5, gamma 3): the class default."""


class Solver:
    """Discounted CFR (or CFR+) for a :class:`~pokerlab.spot.spec.Spot`.

    Parameters
    ----------
    spot
        The spot.
    alpha, beta, gamma
        DCFR discount exponents.
    cfr_plus
        Use CFR+ instead (regret floor 0, linear averaging).
    restart
        Start the strategy sums again at iterations ``4^k + 1`` (postflop-solver's schedule:
        the average forgets the early iterates); with ``beta=0`` (negative regrets halved every
        iteration) this is :data:`FAST`, the schedule :func:`pokerlab.spot.solution.solve` uses.
    reach_weighted
        Weight the strategy sums by the player's own reach (the textbook average); ``False``
        adds the current strategy unweighted, as postflop-solver does.
    locks
        ``{node: (actions, hands of the node's player) array}``: fixed strategies
        (see :mod:`pokerlab.spot.locks`); those nodes are not updated.
    restricted, confidence
        ``{node: (actions, hands) array}``: at these nodes the player plays the given strategy
        (a model of its play) with probability ``confidence`` and its own regret-matched one
        otherwise, and learns only the latter (Johanson and Bowling 2009's data-biased
        response, the confidence the same everywhere). The other player's strategy becomes a
        response that exploits the model while it stays guarded against the free part. A
        restricted node's average strategy is its play's average, model and free part
        together; measuring walks (best responses, values) play that average as it is.
    isomorphism
        Merge suit-isomorphic chance cards.
    compressed
        16-bit storage (postflop-solver's compression): int16 regrets and uint16 strategy
        sums, one float32 scale per node and dealt-card block; half the memory.
    tree, deal
        Pre-built tree and deal (else built from ``spot``).
    """

    def __init__(self, spot: Spot, *, alpha: float = 1.5, beta: float = 0.5, gamma: float = 3.0,
                 cfr_plus: bool = False, restart: bool = False, reach_weighted: bool = True,
                 locks: dict[int, np.ndarray] | None = None,
                 restricted: dict[int, np.ndarray] | None = None, confidence: float = 1.0,
                 compressed: bool = False,
                 isomorphism: bool = True, tree: Tree | None = None,
                 deal: Deal | None = None) -> None:
        self.spot = spot
        self.tree = tree if tree is not None else build_tree(spot)
        self.deal = deal if deal is not None else build_deal(spot, isomorphism=isomorphism)
        self.layout = build_layout(self.tree, self.deal)
        self.alpha, self.beta, self.gamma, self.cfr_plus = alpha, beta, gamma, cfr_plus
        self.restart, self.reach_weighted = restart, reach_weighted
        self.iterations = 0
        self.compressed = compressed
        size = self.layout.size
        self.regret = np.zeros(size, dtype=np.int16 if compressed else np.float32)
        self.cum = np.zeros(size, dtype=np.uint16 if compressed else np.float32)
        nb = self.layout.num_blocks if compressed else 1
        self.rscale = np.zeros(nb, dtype=np.float32)
        self.cscale = np.zeros(nb, dtype=np.float32)
        nh = self.deal.num_hands
        lock_off = np.full(self.tree.size, -1, dtype=np.int64)
        lock_mix = np.ones(self.tree.size)
        if not 0.0 <= float(confidence) <= 1.0:
            raise ValueError(f"confidence: {confidence} must lie in [0, 1]")
        both = set(locks or {}) & set(restricted or {})
        if both:
            raise ValueError(f"node {min(both)} is both locked and restricted")
        chunks = []
        pos = 0
        for node in (restricted or {}):
            lock_mix[node] = float(confidence)
        for node, strat in sorted({**(locks or {}), **(restricted or {})}.items()):
            if self.tree.kind[node] != DECISION:
                raise ValueError(f"node {node} is not a decision node")
            q = int(self.tree.player[node])
            shape = (int(self.tree.num_children[node]), nh[q])
            s = np.asarray(strat, dtype=np.float32)
            if s.shape != shape:
                raise ValueError(f"lock at node {node}: shape {s.shape}, expected {shape}")
            lock_off[node] = pos
            chunks.append(s.ravel())
            pos += s.size
        self.lock_off = lock_off
        self.lock_mix = lock_mix
        """Each node's probability of playing its lock (1 for a lock, ``confidence`` where
        restricted; unused where neither)."""
        self.lock = np.concatenate(chunks) if chunks else np.zeros(1, dtype=np.float32)
        self.locks = dict(locks or {})
        self.restricted = dict(restricted or {})
        # float32 walks: the regrets and sums are float32 anyway; twice the lanes per combo loop.
        self.walker = Walker(self.tree, self.deal, self.layout, lock_off, single=True, lock_mix=lock_mix)

    @property
    def memory_bytes(self) -> int:
        """Bytes of the solver's arrays (regrets, strategy sums, locks, task buffers, tables)."""
        return int(self.regret.nbytes + self.cum.nbytes + self.lock.nbytes + self.rscale.nbytes
                   + self.cscale.nbytes + self.walker.buffer_bytes + self.deal.table_bytes)

    def _params(self, t: int, update: bool) -> np.ndarray:
        if self.cfr_plus:
            dpos, dneg, dstrat, w = 1.0, 1.0, 1.0, float(t)
        else:
            tp = float(t - 1)
            dpos = tp ** self.alpha / (tp ** self.alpha + 1.0) if t > 1 else 0.0
            dneg = tp ** self.beta / (tp ** self.beta + 1.0) if t > 1 else 0.0
            if self.restart:
                # The strategy sums start again at iterations 4^k + 1: the average forgets the
                # early iterates (postflop-solver's schedule).
                t0 = t - 1
                low = 0 if t0 == 0 else 1 << ((t0.bit_length() - 1) & ~1)
                tg = float(t0 - low)
                dstrat = (tg / (tg + 1.0)) ** self.gamma
            else:
                dstrat = (tp / t) ** self.gamma
            w = 1.0
        return np.array([self.spot.pot, self.spot.rake_pct, self.spot.rake_cap, dpos, dneg, dstrat,
                         w, 1.0 if self.cfr_plus else 0.0, 1.0 if update else 0.0,
                         1.0 if self.reach_weighted else 0.0, 1.0 if self.compressed else 0.0])

    def iterate(self) -> None:
        """One iteration: update OOP, then IP."""
        t = self.iterations + 1
        prm = self._params(t, True)
        S = (self.regret, self.cum, self.lock, self.rscale, self.cscale)
        self.walker.run_cfr(S, prm)
        self.iterations = t

    def run(self, iterations: int) -> None:
        """Run ``iterations`` more iterations."""
        for _ in range(iterations):
            self.iterate()

    def average_strategy(self, in_place: bool = False) -> np.ndarray:
        """The average strategy, float32 in the layout (each block's columns sum to 1); locks kept.

        ``in_place``: normalise the float32 strategy sums where they are and return them (no
        second array of the layout's size; the solver cannot go on after that). The 16-bit
        sums are read into a new array either way.
        """
        out = self.cum if in_place and self.cum.dtype == np.float32 else None
        return average_strategy(self.tree, self.layout, self.deal, self.cum, self.lock_off,
                                self.lock, out, self.lock_mix)


def average_strategy(tree: Tree, layout: Layout, deal: Deal, cum: np.ndarray,
                     lock_off: np.ndarray, lock: np.ndarray,
                     out: np.ndarray | None = None, lock_mix: np.ndarray | None = None) -> np.ndarray:
    """Normalise strategy sums per block and combo (uniform where a combo's sums are 0).

    ``out``: the float32 array to write (``cum`` itself is allowed: each combo's sums are read
    before they are written); a new one if ``None``. A locked node gets its lock's columns for
    each situation's hands; with ``lock_mix``, only a node whose mix is 1 (a restricted node
    is normalised from its sums).
    """
    out = np.empty(layout.size, dtype=np.float32) if out is None else out
    nodes = np.flatnonzero(tree.kind == DECISION).astype(np.int64)
    if lock_mix is not None:  # a restricted node's average is its sums', as a free node's
        lock_off = np.where(np.asarray(lock_mix) >= 1.0, lock_off, -1)
    _normalise(cum, out, lock, nodes, layout.offset, layout.actions, layout.player,
               tree.street.astype(np.int64), lock_off, deal.sit_street.astype(np.int64),
               np.array(deal.num_hands, dtype=np.int64), deal.sit_start, deal.sit_store,
               deal.loc_cards[0], deal.loc_cards[1], deal.card_hand[0], deal.card_hand[1])
    return out


@njit(cache=True)
def _normalise(cum, out, lock, nodes, node_off, node_na, node_q, node_street, lock_off,
               sit_street, num_hands, sit_start, sit_store, lc0, lc1, hand0, hand1):
    """:func:`average_strategy`'s loops: float64 sums per combo, float32 results."""
    for node in nodes:
        na = node_na[node]
        q = node_q[node]
        lo = lock_off[node]
        hands = hand0 if q == 0 else hand1
        lc = lc0 if q == 0 else lc1
        for s in range(sit_street.shape[0]):
            if sit_street[s] != node_street[node]:
                continue
            at = sit_start[q, s]
            nv = sit_start[q, s + 1] - at
            base = node_off[node] + na * sit_store[q, s]
            for h in range(nv):
                col = lo + hand_at(hands, lc, at + h)
                tot = 0.0
                for a in range(na):
                    tot += np.float64(lock[col + a * num_hands[q]]) if lo >= 0 \
                        else np.float64(cum[base + a * nv + h])
                for a in range(na):
                    x = np.float64(lock[col + a * num_hands[q]]) if lo >= 0 \
                        else np.float64(cum[base + a * nv + h])
                    out[base + a * nv + h] = x / tot if tot > 0 else 1.0 / na
