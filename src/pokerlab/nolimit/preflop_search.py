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
  exact equities. A call that goes to the flop ends the subgame there (depth-limited), valued by
  *continuation models* (:data:`CONTINUATIONS`) of the pot's share each player takes on later
  streets from its all-in equity ``e``: the in-position player's share is first
  ``s = e + rho * e * (1 - e)`` (position lets it realise more than its equity), then tilted
  towards the stronger hand, ``s**a / (s**a + (1 - s)**a)``: with deep stacks the later
  streets' betting makes strong hands win big pots and weak ones lose small ones, so the
  stronger hand takes more than its equity (``a = power``, 2 by default). The other two models
  tilt more (``a = power * 1.3``) and less (``a = power / 1.3``: draws and bluffs realise
  more). As in Modicum (Brown, Sandholm and Amos 2018), the opponent chooses among the models
  at each leaf, class by class, so the solved strategy does not lean on one model of the later
  streets.
- **Solve** (:class:`PreflopSolver`): CFR+ (regret matching+, linear averaging, alternating
  updates) over the tree, vectorised over the classes; a searching player's own earlier
  decisions in the hand are locked to what it played (continual re-solving keeps its range).

The continuation models stand in for the blueprint's play after the flop: they are simple and
fast, and the solve is as good as they are. Measured by LBR, a bot that plays these solves
before the flop and the blueprint after it is more exploitable than the blueprint alone
(``docs/nlhe-search.md``): the leaves need the values the blueprint's own later play gets.

Examples
--------
>>> from pokerlab.engine import GameSettings
>>> from pokerlab.nolimit.betting import BettingAbstraction
>>> game = GameSettings.preset("no-limit", starting_stack=400)  # blinds 1/2, 200 big blinds
>>> tree = build_preflop_tree(game, BettingAbstraction.default())
>>> tree.size, [tree.label(c) for c in tree.children[0]]
(46, ['f', 'c', 'r5', 'r400'])
>>> solver = PreflopSolver(tree, searcher=0)
>>> solver.run(300)
>>> strategy = solver.average_strategy()
>>> from pokerlab.spot.classes import CLASS_INDEX
>>> aa, seven_two = CLASS_INDEX["AA"], CLASS_INDEX["72o"]
>>> round(float(strategy[0][2, aa]), 1), round(float(strategy[0][0, seven_two]), 1)  # raise, fold
(0.8, 0.6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action, Hand
from pokerlab.engine.settings import GameSettings
from pokerlab.nolimit.betting import BettingAbstraction
from pokerlab.pushfold.equities import headsup_table

DECISION, FOLDED, SHOWDOWN, FLOP = 0, 1, 2, 3
"""Node kinds: a decision, a fold, an all-in called (a showdown), the flop (a depth limit)."""
TILT = 1.3
"""The continuation models' tilt towards strong hands (and its inverse towards weak ones)."""
CONTINUATIONS = ("tilted", "more tilted", "less tilted")
"""The continuation models at a flop leaf (module docstring), in order."""

__all__ = ["CONTINUATIONS", "PreflopSolver", "PreflopTree", "build_preflop_tree"]


@dataclass(frozen=True)
class PreflopTree:
    """The pre-flop round as a tree (node 0 the hand's start; children after their parent).

    ``kind`` (:data:`DECISION` ...), ``player`` (the position acting at a decision, -1
    elsewhere), ``children``, ``action`` (the real action on the edge into each node; ``None``
    at the root), ``put`` (``(nodes, 2)``: the chips each position has put in), ``folder``
    (the position that folded at a fold, -1 elsewhere), ``parent`` (-1 at the root) and
    ``button`` (the position that acts first before the flop, last after it)."""

    kind: np.ndarray
    player: np.ndarray
    children: tuple[tuple[int, ...], ...]
    action: tuple[Action | None, ...]
    put: np.ndarray
    folder: np.ndarray
    parent: np.ndarray
    button: int

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
                       np.array(put, dtype=float), np.array(folder), np.array(parents), button)


@cache
def _class_tables() -> tuple[np.ndarray, np.ndarray]:
    """``(pairs, equity)``, each ``(169, 169)``: combo pairs sharing no card and the row
    class's all-in equity against the column's."""
    t = headsup_table()  # every two classes hold some pairs of combos: no empty cell
    return t.pairs.astype(float), t.equity


def continuation_shares(rho: float, power: float) -> np.ndarray:
    """``(models, 169, 169)``: the pot's share the in-position player's class (row) takes
    against the other's (column) at a flop leaf under each of :data:`CONTINUATIONS`."""
    _, eq = _class_tables()
    base = np.clip(eq + rho * eq * (1.0 - eq), 0.0, 1.0)
    out = []
    for a in (power, power * TILT, power / TILT):
        hi, lo = base ** a, (1.0 - base) ** a
        out.append(hi / np.maximum(hi + lo, 1e-300))
    return np.stack(out)


class PreflopSolver:
    """CFR+ on a :class:`PreflopTree` over the 169 classes (module docstring).

    Parameters
    ----------
    tree
        The pre-flop tree.
    searcher
        The position searching: the other chooses the continuation model at each flop leaf.
    locks
        ``{node: (children, 169)}``: the searcher's decisions fixed to a strategy.
    rho
        The in-position player's realisation bonus at flop leaves.
    power
        The continuation models' tilt towards the stronger hand (module docstring).
    """

    def __init__(self, tree: PreflopTree, searcher: int, locks: dict[int, np.ndarray] | None = None,
                 rho: float = 0.2, power: float = 2.0) -> None:
        self.tree = tree
        self.searcher = searcher
        self.locks = dict(locks or {})
        pairs, eq = _class_tables()
        n = tree.size
        self.regret = [np.zeros((len(tree.children[v]), 169)) for v in range(n)]
        self.total = [np.zeros((len(tree.children[v]), 169)) for v in range(n)]
        # A leaf pays each position a multiple of one of three tables (rows: its class, columns:
        # the other's; models first), each already times the pairs of combos the two classes
        # hold (card removal): a fold the chips put in, a showdown and the flop the stake
        # times the share won less the share lost.
        shares = continuation_shares(rho, power)
        share0 = shares if tree.button == 0 else 1.0 - shares.transpose(0, 2, 1)
        self._tables: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        for kind, table0 in ((FOLDED, pairs[None]), (SHOWDOWN, (2.0 * eq - 1.0)[None] * pairs),
                             (FLOP, (2.0 * share0 - 1.0) * pairs)):
            self._tables[kind] = (table0, -table0.transpose(0, 2, 1))
        self._scale: dict[int, float] = {}  # position 0's multiple (position 1's is the same)
        for v in range(n):
            k = int(tree.kind[v])
            put0, put1 = tree.put[v]
            if k == FOLDED:  # the fold table's sign is position 0's: its gain
                self._scale[v] = put1 if tree.folder[v] == 1 else -put0
            elif k != DECISION:
                self._scale[v] = min(put0, put1)
        self.choice = {v: np.zeros((3, 169)) for v in range(n) if tree.kind[v] == FLOP}
        self.choice_total = {v: np.zeros((3, 169)) for v in self.choice}
        self.iterations = 0

    @property
    def memory_bytes(self) -> int:
        """Bytes of the solver's arrays (regrets, strategy sums, payoff tables, model choices)."""
        arrays = [*self.regret, *self.total, *self.choice.values(), *self.choice_total.values()]
        arrays += [t for pair in self._tables.values() for t in pair]
        return int(sum(a.nbytes for a in arrays))

    def leaf_payoff(self, node: int, p: int) -> np.ndarray:
        """``(models, 169, 169)``: what leaf ``node`` pays position ``p`` for each pair of
        classes (rows its own), times the pairs of combos they hold; one model but at the flop."""
        if self.tree.kind[node] == DECISION:
            raise ValueError(f"node {node} is a decision, not a leaf")
        scale, table = self._leaf(node, p)
        return scale * table

    def _leaf(self, node: int, p: int) -> tuple[float, np.ndarray]:
        """Leaf ``node``'s payoff to ``p`` as a multiple of a shared table."""
        kind = int(self.tree.kind[node])
        if kind == FOLDED:  # one table (the pairs), position 0's gain as the multiple
            return (self._scale[node] if p == 0 else -self._scale[node]), self._tables[kind][0]
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
            vals = scale * (table @ reach_opp)  # (models, 169)
            if k != FLOP:
                return vals[0]
            if p != self.searcher:  # p picks the model, class by class: regrets over the models
                sigma = self._matching(self.choice[node])
                v = (sigma * vals).sum(axis=0)
                self.choice[node] = np.maximum(self.choice[node] + vals - v, 0.0)
                self.choice_total[node] += weight * reach * sigma
                return v
            # the opponent picks: each of its classes' models, mixed by its current choice
            sigma = self._matching(self.choice[node])  # (models, 169 opponent)
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

    def iterate(self) -> None:
        """One iteration: each position's update in turn (alternating), averaging weighted by
        the iteration's number (linear averaging, as CFR+)."""
        self.iterations += 1
        for p in (0, 1):
            self._values(0, p, np.ones(169), np.ones(169), float(self.iterations))

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
