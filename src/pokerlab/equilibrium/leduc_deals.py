"""Leduc hold'em for the sampled trainer: a deal source with lossless buckets, and the way back
to the exact game (:func:`pokerlab.equilibrium.games.leduc`) to measure a trained strategy.

Cards ``0 .. 5`` are OpenSpiel's (rank ``card // 2``: J, Q, K; two suits). Suits never matter
in Leduc (no flushes), so these buckets lose nothing: round 1 the private rank (3 buckets),
round 2 ``3 * private rank + board rank`` (9 buckets). ``LeducDeals(suits=True)`` keeps the
suits: the bucket is the card (6), then ``6 * card + board card`` (36), OpenSpiel's own
information sets (twice as many in round 1, each sampled half as often: what a comparison
with OpenSpiel's solvers per iteration needs).

Evaluation lives here, apart from the trainer: :func:`leduc_strategy` turns rows of
``tree.row[node] + bucket`` into the exact game's :class:`~pokerlab.equilibrium.strategy.Strategy`
(each private card plays its bucket's row, after each board card), and
:func:`leduc_exploitability` measures it with the project's exact best response.

Examples
--------
>>> import numpy as np
>>> buckets, showdown = LeducDeals().sample(np.random.default_rng(0), 4)
>>> buckets.shape, showdown.dtype.name
((4, 2, 2), 'int8')
>>> from pokerlab.equilibrium.betting_tree import BettingTree
>>> from pokerlab.equilibrium.mccfr import normalise
>>> tree = BettingTree.leduc()
>>> round(leduc_exploitability(tree, normalise(tree, np.zeros((tree.num_rows, 3)))), 6)
2.373611
"""

from __future__ import annotations

import numpy as np

from pokerlab.equilibrium.betting_tree import CALL_COL, FOLD_COL, RAISE_COL, BettingTree
from pokerlab.equilibrium.exploitability import exploitability
from pokerlab.equilibrium.flat import CHANCE, DECISION, FlatGame
from pokerlab.equilibrium.games.leduc import leduc
from pokerlab.equilibrium.strategy import Strategy

CARDS = 6
RANKS = 3
_COLUMN = {"fold": FOLD_COL, "call": CALL_COL, "raise": RAISE_COL}


class LeducDeals:
    """Deal source of two-player Leduc hold'em (module docstring)."""

    def __init__(self, suits: bool = False) -> None:
        self.suits = bool(suits)
        n = CARDS if suits else RANKS
        self.bucket_counts = (n, n * n)

    def __reduce__(self) -> tuple[type, tuple[bool]]:
        return (LeducDeals, (self.suits,))

    def sample(self, rng: np.random.Generator, m: int) -> tuple[np.ndarray, np.ndarray]:
        """``m`` deals: ``(buckets int32[m, 2, 2], showdown int8[m])``."""
        cards = np.argsort(rng.random((m, CARDS)), axis=1)[:, :3]  # two private cards, the board
        rank = cards // 2
        board = rank[:, 2]
        key, n = (cards, CARDS) if self.suits else (rank, RANKS)
        buckets = np.empty((m, 2, 2), dtype=np.int32)
        buckets[:, :, 0] = key[:, :2]
        buckets[:, :, 1] = key[:, :2] * n + key[:, 2:3]
        # A pair with the board beats everything; otherwise the higher rank.
        strength = np.where(rank[:, :2] == board[:, None], RANKS + rank[:, :2], rank[:, :2])
        showdown = np.sign(strength[:, 0] - strength[:, 1]).astype(np.int8)
        return buckets, showdown


def leduc_strategy(tree: BettingTree, probs: np.ndarray, flat: FlatGame | None = None) -> Strategy:
    """``probs`` (rows of ``tree``, columns fold, call, raise) as a strategy of the exact game.

    ``tree`` is Leduc's (:meth:`BettingTree.leduc`) with the buckets of :class:`LeducDeals`,
    with or without suits; ``flat`` is ``FlatGame.build(leduc())`` (built when not given).
    """
    suits = tree.bucket_counts == LeducDeals(suits=True).bucket_counts
    if not suits and tree.bucket_counts != LeducDeals().bucket_counts:
        raise ValueError(f"tree: Leduc's buckets {LeducDeals().bucket_counts} or "
                         f"{LeducDeals(suits=True).bucket_counts}, not {tree.bucket_counts}")
    if probs.shape != (tree.num_rows, 3):
        raise ValueError(f"probs: shape ({tree.num_rows}, 3) expected, not {probs.shape}")
    flat = flat or FlatGame.build(leduc())
    out = np.zeros((flat.num_rows, flat.max_actions))
    key, n = (np.arange(CARDS), CARDS) if suits else (np.arange(CARDS) // 2, RANKS)
    # Walk the exact game (chance included) and the betting tree side by side.
    stack: list[tuple[int, int, int]] = [(0, 0, -1)]
    while stack:
        node, ours, board = stack.pop()
        kids = flat.children_of(node)
        if flat.kind[node] == CHANCE:
            for i, c in enumerate(kids):
                stack.append((int(c), ours, i))
            continue
        if flat.kind[node] != DECISION:
            continue
        cols = [_COLUMN[flat.labels[c]] for c in kids]
        bucket = key if board < 0 else key * n + key[board]
        base = flat.row_base[node]
        block = probs[tree.row[ours] + bucket]  # (6 cards, 3 columns)
        for k, (c, col) in enumerate(zip(kids, cols, strict=True)):
            out[base: base + CARDS, k] = block[:, col]
            stack.append((int(c), int(tree.child[ours, col]), board))
    return Strategy(flat, out)


def leduc_exploitability(tree: BettingTree, probs: np.ndarray, flat: FlatGame | None = None) -> float:
    """Exploitability (NashConv / 2, chips per hand) of ``probs`` in Leduc, exact."""
    return exploitability(leduc_strategy(tree, probs, flat))
