"""Pre-flop search: heads-up no-limit's pre-flop round solved at the table, depth-limited.

The whole hand is too large to solve at a decision, so the subgame is the pre-flop round only,
from the hand's start (both players' ranges are then every hand: no Bayes' rule and no gadget is
needed) to its end, on the 169 starting-hand classes (suits do not matter before the flop;
card removal between the two hands is exact at class level, from the shipped all-in table
:func:`pokerlab.pushfold.equities.headsup_table`):

- **The tree** (:func:`build_preflop_tree`): the betting abstraction's pre-flop sizes
  (:meth:`pokerlab.nolimit.betting.BettingAbstraction.menu`, in the table's chips) at every
  decision, plus, on the hand's real line, every bet or raise the opponent made, at its real
  amount (nested: nothing translated).
- **Leaves.** A fold pays what was put in. An all-in called is a showdown of the two classes'
  exact equities. A call that goes to the flop ends the subgame there (depth-limited), valued
  by the blueprint's own continuation strategies (:mod:`pokerlab.nolimit.continuation`): what
  each pair of classes wins from the flop on when the rest of the hand is played by the
  blueprint, the searcher purified as the bot plays it and the opponent as the blueprint or
  biased towards folding, calling or raising. As in Modicum (Brown, Sandholm and Amos 2018),
  the opponent chooses among its continuations at each leaf, class by class, so the solved
  strategy does not lean on one guess of its later play. A leaf off the blueprint's tree (an
  opponent's real size) takes the values of the blueprint's line of the same shape (limped or
  not, as many raises) scaled to its pot.
- **Solve** (:class:`PreflopSolver`): CFR+ (regret matching+, linear averaging, alternating
  updates) over the tree, vectorised over the classes; a searching player's own earlier
  decisions in the hand are locked to what it played (continual re-solving keeps its range).
- **Safe re-solving at a later decision** (``root``): the decisions on the path to it are
  locked, the opponent's to its model's play (:func:`blueprint_profile`), and the subtree is
  solved with the re-solve gadget: each opponent class may take its best response to the
  blueprint's play below the decision instead of entering, so no class gains more than it
  could against the blueprint.

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> from pokerlab.nolimit.betting import BettingAbstraction
>>> game = GameSettings.preset("no-limit", starting_stack=400)  # blinds 1/2, 200 big blinds
>>> tree = build_preflop_tree(game, BettingAbstraction.default())
>>> tree.size, [tree.label(c) for c in tree.children[0]]
(46, ['f', 'c', 'r5', 'r400'])
>>> solver = PreflopSolver(tree, searcher=0)  # the default blueprint's continuations
>>> solver.run(300)
>>> strategy = solver.average_strategy()
>>> from pokerlab.spot.classes import CLASS_INDEX
>>> aa, seven_two = CLASS_INDEX["AA"], CLASS_INDEX["72o"]
>>> round(float(strategy[0][2, aa]), 1), round(float(strategy[0][0, seven_two]), 1)  # raise, fold
(1.0, 0.4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings
from pokerlab.equilibrium.betting_tree import CALL_COL, FOLD_COL
from pokerlab.equilibrium.betting_tree import DECISION as BP_DECISION
from pokerlab.equilibrium.purification import purify, thresholded
from pokerlab.nolimit.betting import BettingAbstraction
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.continuation import BIASES, BIG_BLIND, BUTTON, ContinuationTable, continuation_for
from pokerlab.nolimit.translation import nearest
from pokerlab.pushfold.equities import headsup_table

DECISION, FOLDED, SHOWDOWN, FLOP = 0, 1, 2, 3
"""Node kinds: a decision, a fold, an all-in called (a showdown), the flop (a depth limit)."""

__all__ = ["PreflopSolver", "PreflopTree", "blueprint_profile", "build_preflop_tree"]


@dataclass(frozen=True)
class PreflopTree:
    """The pre-flop round as a tree (node 0 the hand's start; children after their parent).

    ``kind`` (:data:`DECISION` ...), ``player`` (the position acting at a decision, -1
    elsewhere), ``children``, ``action`` (the real action on the edge into each node; ``None``
    at the root), ``put`` (``(nodes, 2)``: the chips each position has put in), ``folder``
    (the position that folded at a fold, -1 elsewhere), ``parent`` (-1 at the root) and
    ``button`` (the position that acts first before the flop, last after it) and ``big_blind``
    (the game's, in chips)."""

    kind: np.ndarray
    player: np.ndarray
    children: tuple[tuple[int, ...], ...]
    action: tuple[Action | None, ...]
    put: np.ndarray
    folder: np.ndarray
    parent: np.ndarray
    button: int
    big_blind: int

    @property
    def size(self) -> int:
        return len(self.kind)

    def label(self, node: int) -> str:
        """The edge into ``node``: ``f``, ``x`` (a check), ``c`` (a call) or ``r`` and the
        amount raised to."""
        a = self.action[node]
        if a is None:
            return ""
        if a.kind == CHECK_CALL:
            before = self.put[self.parent[node]]
            return "x" if before[0] == before[1] else "c"
        return "f" if a.kind == FOLD else f"r{a.amount}"

    def child(self, node: int, action: Action) -> int | None:
        """The child of ``node`` that ``action`` is (a bet or raise: its exact amount)."""
        for c in self.children[node]:
            a = self.action[c]
            if a is not None and a.kind == action.kind and (a.kind != BET_RAISE or a.amount == action.amount):
                return c
        return None

    def path(self, actions: Sequence[Action]) -> list[int] | None:
        """The nodes along ``actions`` from the root (root first), or ``None`` off the tree."""
        node, out = 0, [0]
        for a in actions:
            nxt = self.child(node, a) if self.kind[node] == DECISION else None
            if nxt is None:
                return None
            node = nxt
            out.append(node)
        return out


def build_preflop_tree(game: GameSettings, betting: BettingAbstraction,
                       stacks: Sequence[int] | None = None, line: Sequence[Action] = (),
                       extra_for: int = -1) -> PreflopTree:
    """The pre-flop tree of ``game`` (heads-up no-limit) with ``betting``'s pre-flop sizes
    scaled to the game's blinds and stacks; at the nodes of ``line`` (the hand's pre-flop
    actions so far) where position ``extra_for`` acts, its real bet or raise is added if the
    sizes do not hold it."""
    stacks = list(stacks) if stacks is not None else [game.starting_stack] * 2
    menu = replace(betting, small_blind=game.small_blind, big_blind=game.big_blind,
                   stack=max(max(stacks), game.big_blind + 1)).menu
    kind: list[int] = []
    player: list[int] = []
    parents: list[int] = []
    children: list[list[int]] = []
    action: list[Action | None] = []
    put: list[list[int]] = []
    folder: list[int] = []
    cards = list(range(9))  # nothing reads them before the flop

    def replay(actions: list[Action]) -> Hand:
        hand = Hand(game, stacks, cards)
        for a in actions:
            hand.apply_checked(a)
        return hand

    root = replay([])
    button = root.actor
    stack_of: list[tuple[int, list[Action]]] = [(-1, [])]  # (parent, actions to the node)
    while stack_of:
        parent, actions = stack_of.pop()
        hand = replay(actions)
        node = len(kind)
        parents.append(parent)
        if parent >= 0:
            children[parent].append(node)
        action.append(actions[-1] if actions else None)
        put.append(list(hand.put_in))
        children.append([])
        if actions and actions[-1].kind == FOLD:
            kind.append(FOLDED)
            player.append(-1)
            folder.append(hand.history[-1][1])
            continue
        folder.append(-1)
        if hand.finished or hand.street > 0 or not hand.queue:
            kind.append(SHOWDOWN if min(hand.stacks) == 0 or hand.finished else FLOP)
            player.append(-1)
            continue
        kind.append(DECISION)
        p = hand.actor
        player.append(p)
        legal = hand.legal()
        options = [Action(FOLD)] if legal.can_fold else []
        options.append(Action(CHECK_CALL))
        amounts = menu(hand)
        on_line = len(actions) < len(line) and all(a == b for a, b in zip(actions, line, strict=False))
        if on_line and p == extra_for and line[len(actions)].kind == BET_RAISE:
            amounts = sorted({*amounts, line[len(actions)].amount})
        options += [Action(BET_RAISE, a) for a in amounts]
        for a in reversed(options):  # popped in order: children listed as options are
            stack_of.append((node, [*actions, a]))
    # Children were appended in the order they were popped: the options' order.
    return PreflopTree(np.array(kind), np.array(player), tuple(map(tuple, children)), tuple(action),
                       np.array(put, dtype=float), np.array(folder), np.array(parents), button,
                       game.big_blind)


@cache
def _class_tables() -> tuple[np.ndarray, np.ndarray]:
    """``(pairs, equity)``, each ``(169, 169)``: combo pairs sharing no card and the row
    class's all-in equity against the column's."""
    t = headsup_table()  # every two classes hold some pairs of combos: no empty cell
    return t.pairs.astype(float), t.equity


def _shape(tree: PreflopTree, node: int) -> tuple[bool, int]:
    """A flop leaf's line: did the button limp (call the big blind first), and how many bets
    and raises were made."""
    path = []
    while node > 0:
        path.append(node)
        node = int(tree.parent[node])
    first = tree.action[path[-1]]
    raises = sum(1 for v in path if tree.action[v] is not None and tree.action[v].kind == BET_RAISE)
    return first is not None and first.kind == CHECK_CALL, raises


def blueprint_profile(tree: PreflopTree, blueprint: Blueprint, purified_for: int,
                      threshold: float | None = None) -> dict[int, np.ndarray]:
    """``{decision: (children, 169)}``: the blueprint's pre-flop strategy on ``tree``, position
    ``purified_for`` purified (as the blueprint bot plays; -1: neither), or thresholded at
    ``threshold`` when given (:func:`~pokerlab.equilibrium.purification.thresholded`), and the
    other mixed (as trained).

    Each node is walked down the blueprint's tree from the root: a fold and a check or call are
    the tree's; a bet or raise is the column whose amount is nearest by ratio (a size the tree
    does not hold reads as its nearest, :func:`pokerlab.nolimit.translation.nearest`, as the
    flop leaves read it); children reading as one column share its probability. Where the
    blueprint's tree has no decision (a line it ends), the node plays uniformly."""
    bp = blueprint.tree
    out: dict[int, np.ndarray] = {}
    at = {0: 0}  # our node -> the blueprint's
    for v in range(tree.size):  # parents before children
        kids = tree.children[v]
        if tree.kind[v] != DECISION:
            continue
        bn = at.get(v, -1)
        if bn < 0 or bp.kind[bn] != BP_DECISION or bp.round[bn] != 0:
            out[v] = np.full((len(kids), 169), 1.0 / len(kids))
            continue
        cols = blueprint.columns(bn)
        rows = blueprint.class_strategy(bn)  # (169, legal columns)
        rows = rows / np.maximum(rows.sum(axis=1, keepdims=True), 1e-300)
        if int(tree.player[v]) == purified_for:
            rows = purify(rows) if threshold is None else thresholded(rows, threshold)
        raises = [c for c in cols if c not in (FOLD_COL, CALL_COL)]
        sizes = [float(bp.raise_to[bn, c]) / blueprint.big_blind for c in raises]
        picked = []
        for c in kids:
            a = tree.action[c]
            if a is not None and a.kind == FOLD:
                col = FOLD_COL
            elif a is not None and a.kind == CHECK_CALL:
                col = CALL_COL
            else:
                col = raises[nearest(sizes, a.amount / tree.big_blind)] if raises else -1
            picked.append(col)
            at[c] = int(bp.child[bn, col]) if col in cols else -1
        probs = np.zeros((len(kids), 169))
        for j, col in enumerate(picked):
            if col in cols:
                probs[j] = rows[:, cols.index(col)] / picked.count(col)
        total = probs.sum(axis=0)
        out[v] = np.where(total > 0, probs / np.where(total > 0, total, 1.0), 1.0 / len(kids))
    return out


class PreflopSolver:
    """CFR+ on a :class:`PreflopTree` over the 169 classes (module docstring).

    Parameters
    ----------
    tree
        The pre-flop tree.
    searcher
        The position searching: the other chooses its continuation at each flop leaf.
    locks
        ``{node: (children, 169)}``: decisions fixed to a strategy (the searcher's earlier
        ones; below a later ``root``, the opponent's on the path too).
    continuation
        The blueprint's continuation values at the flop
        (:func:`pokerlab.nolimit.continuation.continuation_for`); by default the default
        blueprint's.
    root, profile
        Safe re-solving below ``root``, a decision of the searcher: ``locks`` hold every
        decision on the path to it (both players': the searcher's as it played, the opponent's
        as its model plays), which give the two ranges there; the solve is of ``root``'s
        subtree, with the re-solve gadget (Burch, Johanson and Bowling 2014, as DeepStack): at
        ``root`` each opponent class chooses between entering and its best response to the
        searcher's play in ``profile`` below the root (:func:`blueprint_profile`: the blueprint
        bot's), so no class gains more than it could against the blueprint. ``root=0``
        (the default) solves the whole round from the hand's start.
    """

    def __init__(self, tree: PreflopTree, searcher: int, locks: dict[int, np.ndarray] | None = None,
                 continuation: ContinuationTable | None = None, root: int = 0,
                 profile: dict[int, np.ndarray] | None = None) -> None:
        self.tree = tree
        self.searcher = searcher
        self.locks = dict(locks or {})
        self.root = root
        pairs, eq = _class_tables()
        n = tree.size
        self.regret = [np.zeros((len(tree.children[v]), 169)) for v in range(n)]
        self.total = [np.zeros((len(tree.children[v]), 169)) for v in range(n)]
        if continuation is None:
            continuation = continuation_for(Blueprint.load())
        # A leaf pays each position a multiple of a shared table (rows: its class, columns: the
        # other's; continuations first), each already times the pairs of combos the two classes
        # hold (card removal): a fold the chips put in, a showdown the stake times the share won
        # less the share lost, a flop its blueprint line's net per chip put in.
        self._tables: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        for kind, table0 in ((FOLDED, pairs[None]), (SHOWDOWN, (2.0 * eq - 1.0)[None] * pairs)):
            self._tables[kind] = (table0, -table0.transpose(0, 2, 1))
        seat = BUTTON if searcher == tree.button else BIG_BLIND
        self._line: dict[int, int] = {}  # flop leaf -> the continuation table's line
        self._flop: dict[int, np.ndarray] = {}  # line -> position 0's table
        for v in np.flatnonzero(tree.kind == FLOP):
            li = continuation.line_for(*_shape(tree, int(v)), float(tree.put[v].min()) / tree.big_blind)
            self._line[int(v)] = li
            if li not in self._flop:
                button_net = continuation.values[li, seat].astype(float)  # rows: the button's class
                table0 = button_net if tree.button == 0 else -button_net.transpose(0, 2, 1)
                self._flop[li] = np.ascontiguousarray(table0 * pairs)  # position 1's: its negated transpose
        self._scale: dict[int, float] = {}  # position 0's multiple (position 1's is the same)
        for v in range(n):
            k = int(tree.kind[v])
            put0, put1 = tree.put[v]
            if k == FOLDED:  # the fold table's sign is position 0's: its gain
                self._scale[v] = put1 if tree.folder[v] == 1 else -put0
            elif k != DECISION:
                self._scale[v] = min(put0, put1)
        self.choice = {v: np.zeros((len(BIASES), 169)) for v in range(n) if tree.kind[v] == FLOP}
        self.choice_total = {v: np.zeros((len(BIASES), 169)) for v in self.choice}
        self.iterations = 0
        # the ranges at the root (the locks on its path) and, below a later root, the gadget
        self._reach = [np.ones(169), np.ones(169)]
        node = root
        while node > 0:
            up = int(tree.parent[node])
            if up not in self.locks:
                raise ValueError(f"root {root}: the decision {up} on its path is not locked")
            self._reach[int(tree.player[up])] *= self.locks[up][tree.children[up].index(node)]
            node = up
        self.alternative: np.ndarray | None = None
        """The opponent's values at a later root when it best-responds to the blueprint's play
        below it (the gadget's alternatives), per class."""
        self._gadget = np.zeros((2, 169))  # regrets: take the alternative, enter
        if root:
            if profile is None:
                raise ValueError("a later root needs the blueprint's profile for the gadget")
            self.alternative = self.best_response_values(root, 1 - searcher, self._reach[searcher], profile)

    @property
    def memory_bytes(self) -> int:
        """Bytes of the solver's arrays (regrets, strategy sums, payoff tables, continuation choices)."""
        arrays = [*self.regret, *self.total, *self.choice.values(), *self.choice_total.values()]
        arrays += [t for pair in self._tables.values() for t in pair] + list(self._flop.values())
        return int(sum(a.nbytes for a in arrays))

    def leaf_payoff(self, node: int, p: int) -> np.ndarray:
        """``(continuations, 169, 169)``: what leaf ``node`` pays position ``p`` for each pair
        of classes (rows its own), times the pairs of combos they hold; one continuation but at
        the flop (:data:`pokerlab.nolimit.continuation.BIASES`, the opponent's)."""
        if self.tree.kind[node] == DECISION:
            raise ValueError(f"node {node} is a decision, not a leaf")
        scale, table = self._leaf(node, p)
        return scale * table

    def _leaf(self, node: int, p: int) -> tuple[float, np.ndarray]:
        """Leaf ``node``'s payoff to ``p`` as a multiple of a shared table."""
        kind = int(self.tree.kind[node])
        if kind == FOLDED:  # one table (the pairs), position 0's gain as the multiple
            return (self._scale[node] if p == 0 else -self._scale[node]), self._tables[kind][0]
        if kind == FLOP:  # one table a line, position 0's: position 1's is its negated transpose
            table0 = self._flop[self._line[node]]
            return (self._scale[node], table0) if p == 0 else (-self._scale[node], table0.transpose(0, 2, 1))
        return self._scale[node], self._tables[kind][p]

    def _current(self, node: int) -> np.ndarray:
        return self.locks[node] if node in self.locks else self._matching(self.regret[node])

    @staticmethod
    def _matching(r: np.ndarray) -> np.ndarray:
        tot = r.sum(axis=0)
        return np.where(tot > 0, r / np.where(tot > 0, tot, 1.0), 1.0 / r.shape[0])

    def _values(self, node: int, p: int, reach: np.ndarray, reach_opp: np.ndarray,
                weight: float) -> np.ndarray:
        """Counterfactual values of position ``p``'s classes at ``node`` (its own reach
        ``reach`` and the opponent's ``reach_opp``, per class), updating ``p``'s regrets and
        average strategy."""
        tree = self.tree
        k = int(tree.kind[node])
        if k != DECISION:
            scale, table = self._leaf(node, p)
            vals = scale * (table @ reach_opp)  # (continuations, 169)
            if k != FLOP:
                return vals[0]
            if p != self.searcher:  # p picks its continuation, class by class: regrets over them
                sigma = self._matching(self.choice[node])
                v = (sigma * vals).sum(axis=0)
                self.choice[node] = np.maximum(self.choice[node] + vals - v, 0.0)
                self.choice_total[node] += weight * reach * sigma
                return v
            # the opponent picks: each of its classes' continuations, mixed by its current choice
            sigma = self._matching(self.choice[node])  # (continuations, 169 opponent)
            return scale * np.einsum("mij,mj->i", table, sigma * reach_opp)
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
        out = np.zeros(169)
        for j, c in enumerate(kids):
            out += self._values(c, p, reach, reach_opp * strat[j], weight)
        return out

    def best_response_values(self, node: int, p: int, reach_opp: np.ndarray,
                             strategy: dict[int, np.ndarray]) -> np.ndarray:
        """Counterfactual values of ``p``'s classes at ``node`` when ``p`` best-responds below
        it to the other's ``strategy`` (``{decision: (children, 169)}``), choosing its best
        continuation at each flop leaf when it is the searcher's opponent."""
        tree = self.tree
        if tree.kind[node] != DECISION:
            scale, table = self._leaf(node, p)
            vals = scale * (table @ reach_opp)
            return vals.max(axis=0) if tree.kind[node] == FLOP and p != self.searcher else vals[0]
        kids = tree.children[node]
        if int(tree.player[node]) == p:
            return np.max([self.best_response_values(c, p, reach_opp, strategy) for c in kids], axis=0)
        s = strategy[node]
        return sum(self.best_response_values(c, p, reach_opp * s[j], strategy) for j, c in enumerate(kids))

    def iterate(self) -> None:
        """One iteration: each position's update in turn (alternating), averaging weighted by
        the iteration's number (linear averaging, as CFR+); below a later root the opponent's
        range enters as far as the gadget's current choice lets it."""
        self.iterations += 1
        w = float(self.iterations)
        me, opp = self.searcher, 1 - self.searcher
        if not self.root:
            for p in (0, 1):
                self._values(0, p, np.ones(169), np.ones(169), w)
            return
        prior = self._reach[opp]
        enter = self._matching(self._gadget)[1]
        self._values(self.root, me, self._reach[me], prior * enter, w)
        v = self._values(self.root, opp, prior * enter, self._reach[me], w)
        sigma = self._matching(self._gadget)
        value = sigma[0] * self.alternative + sigma[1] * v
        self._gadget = np.maximum(self._gadget + np.stack([self.alternative, v]) - value, 0.0)

    def run(self, iterations: int) -> None:
        """``iterations`` more iterations."""
        for _ in range(iterations):
            self.iterate()

    def average_strategy(self) -> dict[int, np.ndarray]:
        """``{decision node: (children, 169)}``, the average strategy (locks as given)."""
        out = {}
        for v in range(self.tree.size):
            if self.tree.kind[v] != DECISION:
                continue
            out[v] = self.locks[v] if v in self.locks else self._matching(self.total[v])
        return out
