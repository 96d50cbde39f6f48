"""Heads-up push/fold solved exactly: the sequence-form linear program.

Two players, each with one strategy per class at each of their decisions, and a payoff that
is the same for both up to sign (chips, or prizes: with two players the Independent Chip Model
is linear in chips): the equilibrium is a linear program's solution (Koller, Megiddo and von
Stengel's sequence form). Each player's realization plan is solved for by the simplex method
(HiGHS), whose answer is a vertex: the strategies are exact up to floating-point rounding, and
:func:`~pokerlab.pushfold.values.evaluate` certifies them (each player's best-response gain).

Examples
--------
>>> from pokerlab.pushfold.game import PushFoldGame
>>> from pokerlab.pushfold.values import PRIOR, evaluate
>>> game = PushFoldGame(stacks=(10, 10))
>>> profile = solve_headsup(game)
>>> max(evaluate(game, profile).gains) < 1e-9
True
>>> round(float(profile[0][:, 1] @ PRIOR), 4)     # the small blind pushes 58.3% of hands
0.5828
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix

from pokerlab.pushfold.game import PushFoldGame, Tree
from pokerlab.pushfold.values import CLASSES, ORDER_ROW, pair_terms

Sequences = dict[tuple[int, int], int]
"""(node, action) -> first column of that sequence's 169 classes."""


def _sequences(tree: Tree, player: int) -> tuple[Sequences, dict[int, int], int]:
    """Number a player's sequences: 0 is the empty one, each (node, action) takes 169 columns.
    Returns ``(columns, parent, size)`` with ``parent[node]`` the column block of the sequence
    leading to the node (0 for the empty sequence)."""
    columns: Sequences = {}
    parent: dict[int, int] = {}
    size = 1

    def walk(child: int, last: int) -> None:
        nonlocal size
        if child < 0:
            return
        node = tree.nodes[child]
        if node.actor == player:
            parent[child] = last
            for k, c in enumerate(node.children):
                columns[child, k] = size
                size += CLASSES
                walk(c, columns[child, k])
        else:
            for c in node.children:
                walk(c, last)

    walk(0, 0)
    return columns, parent, size


def _terminal_sequences(tree: Tree, player: int, columns: Sequences) -> list[int]:
    """Per terminal, the player's sequence (column block; 0 empty) that leads there."""
    out = [0] * len(tree.terminals)

    def walk(child: int, last: int) -> None:
        if child < 0:
            out[~child] = last
            return
        node = tree.nodes[child]
        for k, c in enumerate(node.children):
            walk(c, columns[child, k] if node.actor == player else last)

    walk(0, 0)
    return out


def _payoff_blocks(game: PushFoldGame) -> list[np.ndarray]:
    """Per terminal, ``(169, 169)``: the chance of the two classes (small blind's rows) times
    the small blind's expected payoff there."""
    terms = pair_terms()
    deal = terms.joint.sum(axis=0)
    blocks = []
    for t in game.tree().terminals:
        if len(t.showdown) == 1:
            blocks.append(deal * t.payoff[0, 0])
        else:
            blocks.append(sum(terms.joint[ORDER_ROW[tuple(o)]] * t.payoff[m, 0]
                              for m, o in enumerate(t.orders)))
    return blocks


def _payoff_matrix(game: PushFoldGame, cols0: Sequences, size0: int, cols1: Sequences,
                   size1: int) -> csr_matrix:
    """The small blind's payoff as ``x^T A y`` over the two sequence spaces."""
    tree = game.tree()
    s0 = _terminal_sequences(tree, 0, cols0)
    s1 = _terminal_sequences(tree, 1, cols1)
    rows, cols, vals = [], [], []
    grid = np.arange(CLASSES)
    for t, block in enumerate(_payoff_blocks(game)):
        r0, c0 = s0[t], s1[t]
        if c0 == 0:  # the big blind never acted: its empty sequence
            rows.append(r0 + grid)
            cols.append(np.zeros(CLASSES, dtype=np.int64))
            vals.append(block.sum(axis=1))
        else:
            rows.append(np.repeat(r0 + grid, CLASSES))
            cols.append(np.tile(c0 + grid, CLASSES))
            vals.append(block.ravel())
    return coo_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
                      shape=(size0, size1)).tocsr()


def _constraints(tree: Tree, player: int, columns: Sequences, parent: dict[int, int],
                 size: int) -> tuple[csr_matrix, np.ndarray]:
    """Realization-plan constraints ``E x = e``: the empty sequence is 1; at each decision and
    class the actions' sequences sum to the sequence before it."""
    rows, cols, vals = [0], [0], [1.0]
    r = 1
    for node_index, node in enumerate(tree.nodes):
        if node.actor != player:
            continue
        for a in range(CLASSES):
            for k in range(len(node.actions)):
                rows.append(r)
                cols.append(columns[node_index, k] + a)
                vals.append(1.0)
            rows.append(r)
            cols.append(0 if parent[node_index] == 0 else parent[node_index] + a)
            vals.append(-1.0)
            r += 1
    e = np.zeros(r)
    e[0] = 1.0
    return coo_matrix((vals, (rows, cols)), shape=(r, size)).tocsr(), e


def _maximin(A: csr_matrix, E: csr_matrix, e: np.ndarray, F: csr_matrix,
             f: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both realization plans of ``max_x min_y x^T A y`` (``E x = e``, ``F y = f``, both
    non-negative): ``max f^T v`` subject to ``F^T v <= A^T x``; the column player's plan ``y``
    is the constraints' dual solution."""
    nx, nv = A.shape[0], F.shape[0]
    from scipy.sparse import bmat

    c = np.concatenate([np.zeros(nx), -f])
    a_ub = bmat([[-A.T, F.T]]).tocsr()
    a_eq = bmat([[E, csr_matrix((E.shape[0], nv))]]).tocsr()
    bounds = [(0, None)] * nx + [(None, None)] * nv
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(A.shape[1]), A_eq=a_eq, b_eq=e, bounds=bounds,
                  method="highs-ds")
    if res.status != 0:  # a solver failure, not a user mistake: keep the traceback
        raise RuntimeError(f"the heads-up linear program failed: {res.message}")
    return np.asarray(res.x[:nx]), -np.asarray(res.ineqlin.marginals)


def _behaviour(tree: Tree, player: int, plan: np.ndarray, columns: Sequences,
               parent: dict[int, int], profile: list[np.ndarray]) -> None:
    """Turn a realization plan into per-node strategies (uniform where a class never gets
    there)."""
    for node_index, node in enumerate(tree.nodes):
        if node.actor != player:
            continue
        probs = np.stack([np.clip(plan[columns[node_index, k]: columns[node_index, k] + CLASSES], 0, None)
                          for k in range(len(node.actions))], axis=1)
        total = probs.sum(axis=1, keepdims=True)
        profile[node_index] = np.where(total > 1e-15, probs / np.where(total > 1e-15, total, 1.0),
                                       1.0 / len(node.actions))


def solve_headsup(game: PushFoldGame) -> list[np.ndarray]:
    """An equilibrium profile of a heads-up game (per node, ``(169, actions)``)."""
    if game.players != 2:
        raise ValueError(f"solve_headsup takes two players, not {game.players}")
    tree = game.tree()
    cols0, parent0, size0 = _sequences(tree, 0)
    cols1, parent1, size1 = _sequences(tree, 1)
    A = _payoff_matrix(game, cols0, size0, cols1, size1)
    E, e = _constraints(tree, 0, cols0, parent0, size0)
    F, f = _constraints(tree, 1, cols1, parent1, size1)
    x, y = _maximin(A, E, e, F, f)
    profile: list[np.ndarray] = [np.empty(0)] * len(tree.nodes)
    _behaviour(tree, 0, x, cols0, parent0, profile)
    _behaviour(tree, 1, y, cols1, parent1, profile)
    return profile
