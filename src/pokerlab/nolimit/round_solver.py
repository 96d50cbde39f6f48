"""CFR+ on one betting round, range against range, with matrix payoffs at its leaves.

The solver of depth-limited search (:mod:`pokerlab.nolimit.preflop_search` on the 169
pre-flop classes, :mod:`pokerlab.nolimit.flop_search` on the flop's hands): a
:class:`~pokerlab.nolimit.round_tree.RoundTree`, each position's hands (any count), and at each
leaf a table of what it pays position 0 for every pair of hands (rows its own, columns the
other's; zero for hands that share a card), times a multiple per leaf:

- a fold: the pairs that can be dealt (1 or 0, or a count of combos for classes), times the
  chips position 0 gains;
- a showdown: the share won less the share lost, times the stake;
- the next street (a depth limit): the blueprint's continuation values, per chip each player
  has in, one table per continuation strategy of the searcher's opponent, who chooses among
  them hand by hand (Modicum, Brown, Sandholm and Amos 2018), times the chips in.

Position 1's payoff is the negated transpose. The solve is CFR+ (regret matching+, linear
averaging, alternating updates) vectorised over the hands; a searching player's earlier
decisions in the round are locked to what it played (continual re-solving keeps its range);
the re-solve gadget (Burch, Johanson and Bowling 2014, as DeepStack) makes a re-solve safe.

Examples
--------
A round of one decision: position 0, one chip in, folds (losing it) or checks to the next
street, where its hand 0 nets +1 a chip in and its hand 1 -3:

>>> import numpy as np
>>> from pokerlab.engine.hand import CHECK_CALL, FOLD, Action
>>> from pokerlab.nolimit.round_tree import DECISION, FOLDED, NEXT, SHOWDOWN, RoundTree
>>> tree = RoundTree(np.array([DECISION, FOLDED, NEXT]), np.array([0, -1, -1]), ((1, 2), (), ()),
...                  (None, Action(FOLD), Action(CHECK_CALL)), np.array([[1.0, 1.0]] * 3),
...                  np.array([-1, 0, -1]), np.array([-1, 0, 0]), button=1, big_blind=2, street=1)
>>> pairs = np.ones((2, 1))
>>> solver = RoundSolver(tree, 0, pairs, pairs, {2: np.array([[[1.0], [-3.0]]])})
>>> solver.run(50)
>>> solver.average_strategy()[0].round(2)  # rows: fold, check; columns: hand 0, hand 1
array([[0., 1.],
       [1., 0.]])
"""

from __future__ import annotations

import time

import numpy as np

from pokerlab.nolimit.round_tree import DECISION, FOLDED, NEXT, SHOWDOWN, RoundTree

__all__ = ["RoundSolver"]


class RoundSolver:
    """CFR+ on a :class:`~pokerlab.nolimit.round_tree.RoundTree` (module docstring).

    Parameters
    ----------
    tree
        The round.
    searcher
        The position searching: the other chooses its continuation at each leaf of the next
        street.
    pairs
        ``(n0, n1)``: the pairs of hands that can be dealt together (1 or 0; for classes, the
        pairs of combos they hold).
    showdown
        ``(n0, n1)``: position 0's share won less its share lost at a showdown, times ``pairs``.
    next_values
        ``{leaf: (continuations, n0, n1)}``: each next-street leaf's continuation values, per
        chip each player has in there, times ``pairs`` (leaves may share one array).
    locks
        ``{node: (children, n)}``: decisions fixed to a strategy (the searcher's earlier
        ones; below a later ``root``, the opponent's on the path too).
    root, profile
        Safe re-solving below ``root``, a decision of the searcher: ``locks`` hold every
        decision on the path to it (both players': the searcher's as it played, the opponent's
        as its model plays), which give the two ranges there; the solve is of ``root``'s
        subtree, with the re-solve gadget when ``profile`` is given: at ``root`` each opponent
        hand chooses between entering and its best response to the searcher's play in
        ``profile`` below the root (the blueprint bot's), so no hand gains more than it could
        against the blueprint. Without a profile the subtree is solved on those ranges alone.
    ranges
        Each position's weights at the round's start (default: every hand, weight 1).
    """

    def __init__(self, tree: RoundTree, searcher: int, pairs: np.ndarray, showdown: np.ndarray,
                 next_values: dict[int, np.ndarray], locks: dict[int, np.ndarray] | None = None,
                 root: int = 0, profile: dict[int, np.ndarray] | None = None,
                 ranges: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        self.tree = tree
        self.searcher = searcher
        self.locks = dict(locks or {})
        self.root = root
        sizes = pairs.shape
        self.sizes = sizes
        n = tree.size
        self.regret = [np.zeros((len(tree.children[v]), sizes[int(tree.player[v])]))
                       if tree.kind[v] == DECISION else np.zeros((0, 0)) for v in range(n)]
        self.total = [r.copy() for r in self.regret]
        missing = [v for v in np.flatnonzero(tree.kind == NEXT) if int(v) not in next_values]
        if missing:
            raise ValueError(f"next-street leaves {missing} have no continuation values")
        # A leaf pays position 0 a multiple of a shared table, position 1 the negated transpose.
        self._tables = {FOLDED: pairs[None], SHOWDOWN: showdown[None]}
        self._next = {int(v): t for v, t in next_values.items()}
        self._scale: dict[int, float] = {}  # position 0's multiple
        for v in range(n):
            k = int(tree.kind[v])
            put0, put1 = tree.put[v]
            if k == FOLDED:  # the fold table's sign is position 0's: its gain
                self._scale[v] = put1 if tree.folder[v] == 1 else -put0
            elif k != DECISION:
                self._scale[v] = min(put0, put1)
        opp = sizes[1 - searcher]
        self.choice = {v: np.zeros((t.shape[0], opp)) for v, t in self._next.items()}
        self.choice_total = {v: np.zeros_like(c) for v, c in self.choice.items()}
        self.iterations = 0
        # the ranges at the root (the round's start times the locks on its path)
        start = ranges if ranges is not None else (np.ones(sizes[0]), np.ones(sizes[1]))
        self._reach = [np.asarray(start[0], dtype=float).copy(), np.asarray(start[1], dtype=float).copy()]
        node = root
        while node > 0:
            up = int(tree.parent[node])
            if up not in self.locks:
                raise ValueError(f"root {root}: the decision {up} on its path is not locked")
            self._reach[int(tree.player[up])] *= self.locks[up][tree.children[up].index(node)]
            node = up
        self.alternative: np.ndarray | None = None
        """The opponent's values at the root when it best-responds to the blueprint's play
        below it (the gadget's alternatives), per hand; ``None`` without a gadget."""
        self._gadget = np.zeros((2, opp))  # regrets: take the alternative, enter
        if profile is not None:
            self.alternative = self.best_response_values(root, 1 - searcher, self._reach[searcher], profile)

    def reach(self, p: int) -> np.ndarray:
        """Position ``p``'s weights at the root: its range at the round's start times the
        locks on the path."""
        return self._reach[p].copy()

    @property
    def memory_bytes(self) -> int:
        """Bytes of the solver's arrays (regrets, strategy sums, payoff tables, continuation choices)."""
        arrays = [*self.regret, *self.total, *self.choice.values(), *self.choice_total.values(),
                  *self._tables.values()]
        shared = {id(t): t for t in self._next.values()}
        return int(sum(a.nbytes for a in [*arrays, *shared.values()]))

    def leaf_payoff(self, node: int, p: int) -> np.ndarray:
        """``(continuations, n_p, n_other)``: what leaf ``node`` pays position ``p`` for each
        pair of hands (rows its own), times ``pairs``; one continuation but at the next street
        (the opponent's choices)."""
        if self.tree.kind[node] == DECISION:
            raise ValueError(f"node {node} is a decision, not a leaf")
        scale, table = self._leaf(node, p)
        return scale * table

    def _leaf(self, node: int, p: int) -> tuple[float, np.ndarray]:
        """Leaf ``node``'s payoff to ``p`` as a multiple of a shared table."""
        kind = int(self.tree.kind[node])
        table0 = self._next[node] if kind == NEXT else self._tables[kind]
        return (self._scale[node], table0) if p == 0 else (-self._scale[node], table0.transpose(0, 2, 1))

    def _current(self, node: int) -> np.ndarray:
        return self.locks[node] if node in self.locks else self._matching(self.regret[node])

    @staticmethod
    def _matching(r: np.ndarray) -> np.ndarray:
        tot = r.sum(axis=0)
        return np.where(tot > 0, r / np.where(tot > 0, tot, 1.0), 1.0 / r.shape[0])

    def _values(self, node: int, p: int, reach: np.ndarray, reach_opp: np.ndarray,
                weight: float) -> np.ndarray:
        """Counterfactual values of position ``p``'s hands at ``node`` (its own reach
        ``reach`` and the opponent's ``reach_opp``, per hand), updating ``p``'s regrets and
        average strategy."""
        tree = self.tree
        k = int(tree.kind[node])
        if k != DECISION:
            scale, table = self._leaf(node, p)
            if k != NEXT:
                return scale * (table[0] @ reach_opp.astype(table.dtype)).astype(float)
            if p != self.searcher:  # p picks its continuation, hand by hand: regrets over them
                vals = scale * (table @ reach_opp.astype(table.dtype)).astype(float)  # (continuations, n_p)
                sigma = self._matching(self.choice[node])
                v = (sigma * vals).sum(axis=0)
                self.choice[node] = np.maximum(self.choice[node] + vals - v, 0.0)
                self.choice_total[node] += weight * reach * sigma
                return v
            # the opponent picks: each of its hands' continuations, mixed by its current choice
            sigma = self._matching(self.choice[node])  # (continuations, n opponent)
            mixed = (sigma * reach_opp)[:, :, None].astype(table.dtype)
            return scale * (table @ mixed)[:, :, 0].sum(axis=0, dtype=float)
        q = int(tree.player[node])
        kids = tree.children[node]
        strat = self._current(node)
        if q == p:
            vals = np.stack([self._values(c, p, reach * strat[j], reach_opp, weight)
                             for j, c in enumerate(kids)])
            v = (strat * vals).sum(axis=0)
            if node not in self.locks:
                self.regret[node] = np.maximum(self.regret[node] + vals - v, 0.0)
                self.total[node] += weight * reach * strat
            return v
        out = np.zeros(self.sizes[p])
        for j, c in enumerate(kids):
            out += self._values(c, p, reach, reach_opp * strat[j], weight)
        return out

    def best_response_values(self, node: int, p: int, reach_opp: np.ndarray,
                             strategy: dict[int, np.ndarray]) -> np.ndarray:
        """Counterfactual values of ``p``'s hands at ``node`` when ``p`` best-responds below
        it to the other's ``strategy`` (``{decision: (children, n)}``), choosing its best
        continuation at each next-street leaf when it is the searcher's opponent."""
        tree = self.tree
        if tree.kind[node] != DECISION:
            scale, table = self._leaf(node, p)
            vals = scale * (table @ reach_opp.astype(table.dtype)).astype(float)
            return vals.max(axis=0) if tree.kind[node] == NEXT and p != self.searcher else vals[0]
        kids = tree.children[node]
        if int(tree.player[node]) == p:
            return np.max([self.best_response_values(c, p, reach_opp, strategy) for c in kids], axis=0)
        s = strategy[node]
        return sum(self.best_response_values(c, p, reach_opp * s[j], strategy) for j, c in enumerate(kids))

    def iterate(self) -> None:
        """One iteration: each position's update in turn (alternating), averaging weighted by
        the iteration's number (linear averaging, as CFR+); with the gadget the opponent's
        range enters as far as the gadget's current choice lets it."""
        self.iterations += 1
        w = float(self.iterations)
        me, opp = self.searcher, 1 - self.searcher
        if self.alternative is None:
            for p in (0, 1):
                self._values(self.root, p, self._reach[p], self._reach[1 - p], w)
            return
        prior = self._reach[opp]
        enter = self._matching(self._gadget)[1]
        self._values(self.root, me, self._reach[me], prior * enter, w)
        v = self._values(self.root, opp, prior * enter, self._reach[me], w)
        sigma = self._matching(self._gadget)
        value = sigma[0] * self.alternative + sigma[1] * v
        self._gadget = np.maximum(self._gadget + np.stack([self.alternative, v]) - value, 0.0)

    def run(self, iterations: int, seconds: float | None = None) -> None:
        """``iterations`` more iterations, or fewer (at least one) when ``seconds`` run out."""
        t0 = time.perf_counter()
        for _ in range(iterations):
            self.iterate()
            if seconds is not None and time.perf_counter() - t0 > seconds:
                break

    def average_strategy(self) -> dict[int, np.ndarray]:
        """``{decision node: (children, n)}``, the average strategy (locks as given)."""
        out = {}
        for v in range(self.tree.size):
            if self.tree.kind[v] != DECISION:
                continue
            out[v] = self.locks[v] if v in self.locks else self._matching(self.total[v])
        return out
