"""Three-way all-in showdowns between starting-hand classes, by Monte Carlo.

For every unordered triple of classes ``a <= b <= c`` (818,805 of them, in
:data:`~pokerlab.cards.PREFLOP_CLASSES` order) the table holds:

- ``joint``: the exact number of ways to deal the three players combos of ``a``, ``b`` and ``c``
  that share no card (so the three players' card removal is exact);
- ``counts``: over ``samples`` random such deals, each with a random board, how often each
  finishing order happened. An order is the three hands' *dense ranks* (0 for the best hand,
  ties share a rank), written ``9 * rank_a + 3 * rank_b + rank_c``: 27 slots, 13 possible.

An exact table needs each deal's whole finishing order (side pots and prizes depend on who
comes second), which :func:`pokerlab.strength.equity.equity` does not count (it counts who
wins); enumerated the way it enumerates, it would take about two core-hours (818,805 triples at
5 to 13 ms each). The Monte Carlo table takes seconds, is the same for any number of threads (a
counter-based generator seeded per triple) and is kept in the cache folder; its two halves are
independent tables, and :func:`pokerlab.pushfold.solution.solve` values each answer with both
to state the error the sampling leaves in it.

Examples
--------
>>> triple_index(0, 0, 0), triple_index(0, 0, 1), triple_index(168, 168, 168) + 1
(0, 1, 818805)
>>> from pokerlab.cards import PREFLOP_CLASSES
>>> int(exact_joint(PREFLOP_CLASSES.index("AA"), PREFLOP_CLASSES.index("AA"), PREFLOP_CLASSES.index("KK")))
36
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import numpy as np
from numba import njit, prange

from pokerlab._cache import cache_dir, cache_root
from pokerlab.cards.ranges import class_combo_table
from pokerlab.evaluate.kernels import eval7
from pokerlab.strength._rng import below, seeded_state

TRIPLES = 818_805
"""Unordered triples of the 169 classes, repeats allowed: C(171, 3)."""

SAMPLES = 512
"""Monte Carlo deals per triple in the default table."""

SEED = 20_261_206
"""Seed of the default table."""

OUTCOME_SLOTS = 27
"""Order codes ``9 * r0 + 3 * r1 + r2`` with dense ranks 0..2."""


def triple_index(a: int, b: int, c: int) -> int:
    """Position of the sorted triple ``a <= b <= c`` in the table (multiset ranking)."""
    return a + b * (b + 1) // 2 + c * (c + 1) * (c + 2) // 6


def _sorted_triples() -> np.ndarray:
    """``(TRIPLES, 3)`` the sorted triple at each table position."""
    out = np.empty((TRIPLES, 3), dtype=np.int64)
    i = 0
    for c in range(169):
        for b in range(c + 1):
            for a in range(b + 1):
                out[i] = (a, b, c)
                i += 1
    return out


@njit(cache=True)
def _disjoint_count(combos, sizes, a, b, c):
    n = 0
    for i in range(sizes[a]):
        x = (np.int64(1) << combos[a, i, 0]) | (np.int64(1) << combos[a, i, 1])
        for j in range(sizes[b]):
            y = (np.int64(1) << combos[b, j, 0]) | (np.int64(1) << combos[b, j, 1])
            if x & y:
                continue
            for k in range(sizes[c]):
                z = (np.int64(1) << combos[c, k, 0]) | (np.int64(1) << combos[c, k, 1])
                if (x | y) & z:
                    continue
                n += 1
    return n


def exact_joint(a: int, b: int, c: int) -> int:
    """Ways to deal combos of classes ``a``, ``b``, ``c`` to three players, no card shared."""
    return int(_disjoint_count(*class_combo_table(), a, b, c))


@njit(cache=True, parallel=True)
def _build(triples, positions, combos, sizes, samples, seed, joint, counts, first):
    for t in prange(triples.shape[0]):
        a, b, c = triples[t, 0], triples[t, 1], triples[t, 2]
        joint[t] = _disjoint_count(combos, sizes, a, b, c)
        if joint[t] == 0:
            continue
        state = seeded_state(seed, positions[t], 0)
        hands = np.empty(3, dtype=np.int64)
        value = np.empty(3, dtype=np.int64)
        cls = (a, b, c)
        board = np.empty(5, dtype=np.int64)
        for sample in range(samples):
            used = np.int64(0)
            ok = False
            while not ok:  # uniform over disjoint combo triples, by rejection
                used = np.int64(0)
                ok = True
                for p in range(3):
                    k = cls[p]
                    i = below(state, sizes[k])
                    m = (np.int64(1) << combos[k, i, 0]) | (np.int64(1) << combos[k, i, 1])
                    if used & m:
                        ok = False
                        break
                    used |= m
                    hands[p] = i
            for s in range(5):
                while True:
                    card = below(state, 52)
                    if not (used >> card) & 1:
                        break
                used |= np.int64(1) << card
                board[s] = card
            for p in range(3):
                k = cls[p]
                value[p] = eval7(combos[k, hands[p], 0], combos[k, hands[p], 1],
                                 board[0], board[1], board[2], board[3], board[4])
            code = 0
            for p in range(3):
                rank = 0  # dense rank: distinct better values
                for q in range(3):
                    if value[q] > value[p]:
                        better_seen = False
                        for r in range(q):
                            if value[r] == value[q]:
                                better_seen = True
                        if not better_seen:
                            rank += 1
                code = code * 3 + rank
            counts[t, code] += 1
            if 2 * sample < samples:
                first[t, code] += 1


@dataclass(frozen=True)
class TripleTable:
    """Three-way showdowns of every unordered class triple (see the module's docstring).

    Attributes
    ----------
    joint
        ``(TRIPLES,)`` int64: combo triples that share no card.
    counts
        ``(TRIPLES, 27)`` uint16: sampled finishing orders.
    samples
        Deals sampled per triple.
    seed
        The table's seed.
    first
        ``(TRIPLES, 27)`` uint16: the orders of the first half of the deals (the two halves are
        independent tables: what an answer's values change from one to the other measures the
        Monte Carlo error, :meth:`half`).
    """

    joint: np.ndarray
    counts: np.ndarray
    samples: int
    seed: int
    first: np.ndarray

    def half(self, which: int) -> TripleTable:
        """The table of the first (0) or the second (1) half of the deals."""
        return self._halves[which]

    @cached_property
    def _halves(self) -> tuple[TripleTable, TripleTable]:
        # built once per table: a server's worker values every solve's answer with both
        n = (self.samples + 1) // 2
        second = self.counts - self.first
        return (TripleTable(self.joint, self.first, n, self.seed, self.first),
                TripleTable(self.joint, second, self.samples - n, self.seed, self.first))

    @cached_property
    def compressed(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(offsets, codes, mass)``: each triple's orders seen and their share of its joint
        count, as :func:`~pokerlab.pushfold._kernels.three_way_values` reads them."""
        from pokerlab.pushfold._kernels import compress_triples

        return compress_triples(self.joint, self.counts, float(self.samples))


def build_triple_table(samples: int = SAMPLES, seed: int = SEED) -> TripleTable:
    """Compute the table (all cores; a few seconds per hundred samples)."""
    joint, counts, first = sample_triples(np.arange(TRIPLES), samples, seed)
    return TripleTable(joint, counts, samples, seed, first)


def sample_triples(positions: np.ndarray, samples: int = SAMPLES,
                   seed: int = SEED) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The table's rows ``(joint, counts, first)`` at ``positions`` only (the same rows as the
    whole table's: each triple draws from its own stream of ``seed``)."""
    if not 1 <= samples <= 65_535:
        raise ValueError(f"samples must be 1..65535, not {samples}")
    combos, sizes = class_combo_table()
    positions = np.asarray(positions, dtype=np.int64)
    joint = np.zeros(len(positions), dtype=np.int64)
    counts = np.zeros((len(positions), OUTCOME_SLOTS), dtype=np.uint16)
    first = np.zeros((len(positions), OUTCOME_SLOTS), dtype=np.uint16)
    _build(_sorted_triples()[positions], positions, combos, sizes, samples, seed, joint, counts, first)
    return joint, counts, first


def cache_path(samples: int = SAMPLES, seed: int = SEED) -> Path:
    """Where the table with these settings is kept."""
    return cache_root() / "pushfold" / f"triples-v2-{samples}-{seed}.npz"


@cache
def triple_table(samples: int = SAMPLES, seed: int = SEED) -> TripleTable:
    """The table: read from the cache folder, or built and written there."""
    path = cache_path(samples, seed)
    try:
        with np.load(path, allow_pickle=False) as data:
            return TripleTable(data["joint"], data["counts"], samples, seed, data["first"])
    except (OSError, ValueError, KeyError):
        pass
    table = build_triple_table(samples, seed)
    cache_dir()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        np.savez(f, joint=table.joint, counts=table.counts, first=table.first)
    os.replace(tmp, path)
    return table
