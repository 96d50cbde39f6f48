"""The flop searched at the table, depth-limited: the round solver's payoffs on a flop board.

A flop subgame is the flop's betting round (:func:`pokerlab.nolimit.round_tree.build_round_tree`)
on the hands of both ranges, solved by :class:`pokerlab.nolimit.round_solver.RoundSolver`. The
whole hand from the flop is too large to solve at a decision, so the subgame ends where the turn
is dealt, and each such leaf takes its value from the blueprint's own continuation strategies,
as in Modicum (Brown, Sandholm and Amos 2018). The leaves' tables, per pair of hands:

- **a fold**: :func:`hand_pairs`, the pairs of hands that can be dealt together;
- **an all-in called** (:func:`allin_values`): the share won less the share lost over every turn
  and river the two hands leave, exactly;
- **the turn** (:func:`continuation_values`): what the searcher's hand nets against the
  opponent's, per chip each has in, when the rest of the hand is played by the blueprint from
  the node of the blueprint's tree the line reaches. The searcher plays it purified (as the bot
  does); the opponent chooses, hand by hand, among the blueprint and the blueprint biased
  towards folding, calling or raising (:data:`pokerlab.nolimit.continuation.BIASES`), so the
  search cannot lean on one guess of its later play.

The turn's values are a mean over ``runouts`` (turn, river) pairs drawn once per board, the turn
cards without repetition (stratified: every turn card when ``runouts`` is 49 or more), the same
for every pair of hands. On each runout the value is exact: the blueprint's play below its node
depends on each hand's buckets only (its turn bucket on the turn, its river bucket on the
river), so every pair's probability of reaching each leaf of the blueprint's subtree is a
product of a turn factor and a river factor per player, and the whole table is two matrix
products over those leaves (folds, and showdowns times who wins).

Examples
--------
>>> from pokerlab.cards import combo_index, parse_cards
>>> board = parse_cards("Ks 7h 2d")
>>> aces, sevens, queens = (combo_index(*parse_cards(h)) for h in ("AcAd", "7c7d", "QcQd"))
>>> v = allin_values(board, np.array([aces]), np.array([sevens, queens]))
>>> v.round(3)  # aces' share won less lost against a set of sevens, and against queens
array([[-0.822,  0.832]])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit, prange

from pokerlab.cards import ALL_COMBOS
from pokerlab.equilibrium.betting_tree import DECISION
from pokerlab.equilibrium.mccfr import normalise_rows
from pokerlab.evaluate.kernels import eval7
from pokerlab.hulhe.exploitability import PublicTree
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.continuation import BIASES, strategy_variants

RUNOUTS = 24
"""The (turn, river) pairs the turn's continuation values average over, by default."""

__all__ = ["RUNOUTS", "BlueprintPaths", "allin_values", "blueprint_paths", "continuation_values",
           "hand_pairs", "sample_runouts"]

_COMBOS = np.array(ALL_COMBOS, dtype=np.int64)
_FOLD, _SHOWDOWN = 1, 2  # the public tree's leaf kinds


def hand_pairs(hands0: np.ndarray, hands1: np.ndarray) -> np.ndarray:
    """``(n0, n1)`` float: 1 where combos ``hands0[i]`` and ``hands1[j]`` share no card."""
    c0, c1 = _COMBOS[hands0], _COMBOS[hands1]
    clash = (c0[:, None, :, None] == c1[None, :, None, :]).any(axis=(2, 3))
    return (~clash).astype(float)


@njit(cache=True, inline="always")
def _shares(x: int, y: int, u: int, v: int) -> bool:
    """Whether cards ``x, y`` and ``u, v`` have one in common."""
    return (x - u) * (x - v) * (y - u) * (y - v) == 0


@njit(cache=True, parallel=True)
def _allin(board: np.ndarray, cards0: np.ndarray, cards1: np.ndarray, out: np.ndarray) -> None:
    dead = np.zeros(52, dtype=np.bool_)
    for c in board:
        dead[c] = True
    live = np.flatnonzero(~dead)
    m = len(live)
    runs = np.empty((m * (m - 1) // 2, 2), dtype=np.int64)
    k = 0
    for a in range(m):
        for b in range(a + 1, m):
            runs[k, 0] = live[a]
            runs[k, 1] = live[b]
            k += 1
    n_runs = len(runs)
    ranks = []
    for cards in (cards0, cards1):
        rank = np.empty((len(cards), n_runs), dtype=np.int64)
        for i in prange(len(cards)):
            x, y = cards[i, 0], cards[i, 1]
            for k in range(n_runs):
                t, r = runs[k, 0], runs[k, 1]
                if _shares(x, y, t, r):
                    rank[i, k] = -1
                else:
                    rank[i, k] = eval7(x, y, board[0], board[1], board[2], t, r)
        ranks.append(rank)
    rank0, rank1 = ranks[0], ranks[1]
    for i in prange(len(cards0)):
        for j in range(len(cards1)):
            a0, a1, b0, b1 = cards0[i, 0], cards0[i, 1], cards1[j, 0], cards1[j, 1]
            if _shares(a0, a1, b0, b1):
                out[i, j] = 0.0
                continue
            s = 0
            n = 0
            for k in range(n_runs):
                x = rank0[i, k]
                y = rank1[j, k]
                if x < 0 or y < 0:
                    continue
                n += 1
                if x > y:
                    s += 1
                elif x < y:
                    s -= 1
            out[i, j] = s / n


def allin_values(board: np.ndarray | list[int], hands0: np.ndarray, hands1: np.ndarray) -> np.ndarray:
    """``(n0, n1)``: the share hand ``hands0[i]`` wins less the share it loses against
    ``hands1[j]`` when the turn and river are dealt on the flop ``board``, over every turn and
    river the two hands leave (exact); 0 for hands that share a card."""
    out = np.empty((len(hands0), len(hands1)))
    _allin(np.asarray(board, dtype=np.int64), _COMBOS[hands0], _COMBOS[hands1], out)
    return out


def sample_runouts(board: np.ndarray | list[int], count: int, seed: int) -> np.ndarray:
    """``(count, 2)``: (turn, river) pairs on the flop ``board``; the turns without repetition
    while the deck lasts (every turn card once when ``count`` is 49), each river uniform among
    the cards left."""
    if count < 1:
        raise ValueError(f"runouts: {count} must be at least 1")
    rng = np.random.default_rng(seed)
    deck = np.setdiff1d(np.arange(52), np.asarray(board))
    turns = np.concatenate([rng.permutation(deck) for _ in range(-(-count // len(deck)))])[:count]
    out = np.empty((count, 2), dtype=np.int64)
    for i, t in enumerate(turns):
        rest = deck[deck != t]
        out[i] = (t, rest[rng.integers(len(rest))])
    return out


@dataclass(frozen=True)
class BlueprintPaths:
    """The blueprint's play below one of its turn nodes, leaf by leaf: ``fold`` and ``stake``
    (``(2, leaves)``: each tree player's chips won at a fold leaf, and at stake at a showdown
    leaf), ``turn`` and ``river`` (``(2, 5, leaves, buckets)``: the product of each tree
    player's action probabilities on the way to each leaf on that street, per bucket, for each
    of the five strategies of :func:`pokerlab.nolimit.continuation.strategy_variants`) and
    ``put`` (the chips each player has in at the node)."""

    fold: np.ndarray
    stake: np.ndarray
    turn: np.ndarray
    river: np.ndarray
    put: float


def blueprint_paths(blueprint: Blueprint, node: int) -> BlueprintPaths:
    """:class:`BlueprintPaths` below the blueprint's turn decision ``node`` (kept per process)."""
    return _paths(str(blueprint.file.path), blueprint, node)


@cache
def _paths(key: str, blueprint: Blueprint, node: int) -> BlueprintPaths:
    tree = PublicTree.of(blueprint.tree)
    if tree.kind[node] != DECISION or tree.rnd[node] != 2:
        raise ValueError(f"node {node} is not a turn decision of the blueprint")
    counts = blueprint.tree.bucket_counts
    nb = int(counts[2])
    if int(counts[3]) != nb:
        raise ValueError("the turn's and the river's bucket counts differ")
    fold_p = [tree.payoffs(p)[0] for p in (0, 1)]
    stake_p = [tree.payoffs(p)[1] for p in (0, 1)]
    legal = tree.children >= 0
    fold, stake, turn, river = [], [], [], []
    ones = np.ones((2, 5, nb))
    stack = [(node, ones, ones)]
    while stack:
        v, t_part, r_part = stack.pop()
        if tree.kind[v] != DECISION:
            fold.append([fold_p[0][v], fold_p[1][v]])
            stake.append([stake_p[0][v], stake_p[1][v]])
            turn.append(t_part)
            river.append(r_part)
            continue
        q = int(tree.actor[v])
        rows = tree.row[v] + np.arange(nb)
        mixed = normalise_rows(blueprint.strategy[rows], np.broadcast_to(legal[v], (nb, legal.shape[1])))
        variants = strategy_variants(mixed, np.broadcast_to(legal[v], mixed.shape))  # (5, nb, k)
        for a in np.flatnonzero(legal[v]):
            c = int(tree.children[v, a])
            t_next, r_next = t_part, r_part
            if tree.rnd[v] == 2:
                t_next = t_part.copy()
                t_next[q] *= variants[:, :, a]
            else:
                r_next = r_part.copy()
                r_next[q] *= variants[:, :, a]
            stack.append((c, t_next, r_next))
    return BlueprintPaths(np.array(fold).T.copy(), np.array(stake).T.copy(),
                          np.stack(turn, axis=2), np.stack(river, axis=2), float(tree.contrib[node, 0]))


def continuation_values(blueprint: Blueprint, node: int, board: np.ndarray | list[int],
                        hands: tuple[np.ndarray, np.ndarray], searcher: int,
                        runouts: np.ndarray) -> np.ndarray:
    """``(len(BIASES), n_searcher, n_opponent)`` float32: what each searcher hand nets against
    each opponent hand per chip each has in at the blueprint's turn decision ``node``, when the
    blueprint plays the rest of the hand on the flop ``board`` (the searcher purified, the
    opponent each of :data:`~pokerlab.nolimit.continuation.BIASES`), the mean over ``runouts``
    (:func:`sample_runouts`) that leave both hands; ``hands``: the searcher's combos and the
    opponent's, ``searcher``: the searcher's player in the blueprint's tree. 0 for pairs that
    share a card.

    On a runout the blueprint's play depends on a hand's (turn bucket, river bucket) only, and
    a board's hands hold few such pairs (about a hundred): the leaf products and the two matrix
    products (folds; showdowns, times who wins) run over those pairs, and a kernel spreads them
    to the pairs of hands with each pair's winner."""
    paths = blueprint_paths(blueprint, node)
    mine, theirs = hands
    s, o = searcher, 1 - searcher
    k = len(BIASES)
    nb = paths.turn.shape[-1]
    leaves = paths.turn.shape[2]
    # rows by bucket: the searcher's purified strategy (nb, leaves); the opponent's (nb, k, leaves)
    turn_s, river_s = paths.turn[s, 0].T, paths.river[s, 0].T
    turn_o, river_o = paths.turn[o, 1:].transpose(2, 0, 1), paths.river[o, 1:].transpose(2, 0, 1)
    payoff = np.stack([paths.fold[s], paths.stake[s]])[:, None, :]  # (2, 1, leaves)
    total = np.zeros((k, len(mine), len(theirs)), dtype=np.float32)
    count = np.zeros((len(mine), len(theirs)), dtype=np.float32)
    board = [int(c) for c in board]
    cards_s, cards_o = _COMBOS[mine], _COMBOS[theirs]
    for turn_card, river_card in runouts:
        cards = np.array([*board, turn_card, river_card], dtype=np.int64)
        bt = blueprint.buckets([int(c) for c in cards[:4]])
        br = blueprint.buckets([int(c) for c in cards])
        pair_s, at_s = np.unique(bt[mine] * nb + br[mine], return_inverse=True)
        pair_o, at_o = np.unique(bt[theirs] * nb + br[theirs], return_inverse=True)
        x_s = turn_s[pair_s // nb] * river_s[pair_s % nb]  # (pairs, leaves)
        x_o = (turn_o[pair_o // nb] * river_o[pair_o % nb]).reshape(-1, leaves)  # (pairs * k, leaves)
        fs = ((x_s[None] * payoff) @ x_o.T).astype(np.float32)  # (2, pairs_s, pairs_o * k)
        fs = fs.reshape(2, len(pair_s), len(pair_o), k)
        _accumulate(fs[0], fs[1], at_s.astype(np.int64), at_o.astype(np.int64), cards_s, cards_o, cards,
                    total, count)
    return total / np.maximum(count, 1.0) / np.float32(paths.put)


@njit(cache=True, parallel=True)
def _accumulate(fold: np.ndarray, stake: np.ndarray, at_s: np.ndarray, at_o: np.ndarray, cards_s: np.ndarray,
                cards_o: np.ndarray, cards: np.ndarray, total: np.ndarray, count: np.ndarray) -> None:
    """One runout's values added to ``total`` (and its pairs to ``count``): for each pair of
    hands that share no card and leave the runout's ``cards``, its bucket pairs' fold value
    plus its stake value times who wins the showdown (``fold``, ``stake``: ``(pairs_s,
    pairs_o, k)``)."""
    n_s, n_o, k = len(at_s), len(at_o), fold.shape[2]
    rank_o = np.full(n_o, -1, dtype=np.int64)
    for j in range(n_o):
        x, y = cards_o[j, 0], cards_o[j, 1]
        if not _shares(x, y, cards[3], cards[4]):
            rank_o[j] = eval7(x, y, cards[0], cards[1], cards[2], cards[3], cards[4])
    for i in prange(n_s):
        x, y = cards_s[i, 0], cards_s[i, 1]
        if _shares(x, y, cards[3], cards[4]):
            continue
        mine = eval7(x, y, cards[0], cards[1], cards[2], cards[3], cards[4])
        b = at_s[i]
        for j in range(n_o):
            theirs = rank_o[j]
            u, v = cards_o[j, 0], cards_o[j, 1]
            if theirs < 0 or _shares(x, y, u, v):
                continue
            w = 1.0 if mine > theirs else (-1.0 if mine < theirs else 0.0)
            g = at_o[j]
            count[i, j] += 1.0
            for m in range(k):
                total[m, i, j] += fold[b, g, m] + w * stake[b, g, m]
