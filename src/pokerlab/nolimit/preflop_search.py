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
from functools import cache

import numpy as np

from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action
from pokerlab.engine.settings import GameSettings
from pokerlab.equilibrium.betting_tree import CALL_COL, FOLD_COL
from pokerlab.equilibrium.betting_tree import DECISION as BP_DECISION
from pokerlab.equilibrium.purification import purify, thresholded
from pokerlab.nolimit.betting import BettingAbstraction
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.continuation import BIG_BLIND, BUTTON, ContinuationTable, continuation_for
from pokerlab.nolimit.round_solver import RoundSolver
from pokerlab.nolimit.round_tree import DECISION, NEXT, RoundTree, build_round_tree
from pokerlab.nolimit.translation import nearest
from pokerlab.pushfold.equities import headsup_table

__all__ = ["PreflopSolver", "RoundTree", "blueprint_profile", "build_preflop_tree"]


def build_preflop_tree(game: GameSettings, betting: BettingAbstraction,
                       stacks: Sequence[int] | None = None, line: Sequence[Action] = (),
                       extra_for: int = -1) -> RoundTree:
    """The pre-flop round of ``game`` as :func:`pokerlab.nolimit.round_tree.build_round_tree`
    builds it (``line``: the round's actions so far; ``extra_for``: the position whose real
    sizes on it are added)."""
    return build_round_tree(game, betting, stacks, line, extra_for)


@cache
def _class_tables() -> tuple[np.ndarray, np.ndarray]:
    """``(pairs, equity)``, each ``(169, 169)``: combo pairs sharing no card and the row
    class's all-in equity against the column's."""
    t = headsup_table()  # every two classes hold some pairs of combos: no empty cell
    return t.pairs.astype(float), t.equity


def _shape(tree: RoundTree, node: int) -> tuple[bool, int]:
    """A flop leaf's line: did the button limp (call the big blind first), and how many bets
    and raises were made."""
    path = []
    while node > 0:
        path.append(node)
        node = int(tree.parent[node])
    first = tree.action[path[-1]]
    raises = sum(1 for v in path if tree.action[v] is not None and tree.action[v].kind == BET_RAISE)
    return first is not None and first.kind == CHECK_CALL, raises


def blueprint_profile(tree: RoundTree, blueprint: Blueprint, purified_for: int,
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


class PreflopSolver(RoundSolver):
    """:class:`~pokerlab.nolimit.round_solver.RoundSolver` on the pre-flop round over the 169
    classes (module docstring).

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
        Safe re-solving below ``root``, a decision of the searcher (the round solver's):
        ``profile`` is :func:`blueprint_profile`, the blueprint bot's play. ``root=0`` (the
        default) solves the whole round from the hand's start.
    """

    def __init__(self, tree: RoundTree, searcher: int, locks: dict[int, np.ndarray] | None = None,
                 continuation: ContinuationTable | None = None, root: int = 0,
                 profile: dict[int, np.ndarray] | None = None) -> None:
        if root and profile is None:
            raise ValueError("a later root needs the blueprint's profile for the gadget")
        pairs, eq = _class_tables()
        if continuation is None:
            continuation = continuation_for(Blueprint.load())
        # Each table is already times the pairs of combos the two classes hold (card removal);
        # a flop leaf takes its blueprint line's net per chip put in.
        seat = BUTTON if searcher == tree.button else BIG_BLIND
        lines: dict[int, np.ndarray] = {}  # the continuation table's line -> position 0's table
        at_flop: dict[int, np.ndarray] = {}
        for v in np.flatnonzero(tree.kind == NEXT):
            li = continuation.line_for(*_shape(tree, int(v)), float(tree.put[v].min()) / tree.big_blind)
            if li not in lines:
                button_net = continuation.values[li, seat].astype(float)  # rows: the button's class
                table0 = button_net if tree.button == 0 else -button_net.transpose(0, 2, 1)
                lines[li] = np.ascontiguousarray(table0 * pairs)
            at_flop[int(v)] = lines[li]
        super().__init__(tree, searcher, pairs, (2.0 * eq - 1.0) * pairs, at_flop, locks, root,
                         profile if root else None)
