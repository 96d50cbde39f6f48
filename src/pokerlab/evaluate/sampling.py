"""Random hands for tests and benchmarks: rows of distinct cards drawn uniformly.

Examples
--------
>>> hands = random_hands(4, 7, seed=1)
>>> hands.shape, hands.dtype, all(len(set(row)) == 7 for row in hands.tolist())
((4, 7), dtype('uint8'), True)
>>> bool((random_hands(3, 5, seed=2) == random_hands(3, 5, seed=2)).all())
True
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _fill_random_hands(out: np.ndarray, seed: int) -> None:
    np.random.seed(seed)
    deck = np.arange(52).astype(np.uint8)
    n, k = out.shape
    for i in range(n):
        # Partial Fisher-Yates: the first k places become a uniform k-subset, in random order.
        for j in range(k):
            r = j + np.random.randint(0, 52 - j)
            deck[j], deck[r] = deck[r], deck[j]
            out[i, j] = deck[j]


def random_hands(n: int, k: int, seed: int = 0) -> np.ndarray:
    """``n`` uniformly random hands of ``k`` distinct cards, as a (n, k) ``uint8`` array.

    The same ``seed`` gives the same hands.
    """
    if n < 0 or not 1 <= k <= 52:
        raise ValueError(f"need n >= 0 and 1 <= k <= 52, got n={n}, k={k}")
    out = np.empty((n, k), dtype=np.uint8)
    _fill_random_hands(out, seed)
    return out
