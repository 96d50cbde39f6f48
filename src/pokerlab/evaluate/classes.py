"""Hand classes: the 7,462 distinct five-card values and their nine categories.

A hand value is a *dense class index* ``0..7461``: higher is stronger, equal hands tie,
and ``value == 7462 - phevaluator_rank``. The categories occupy contiguous value ranges,
so the category of a value is found by comparing against :data:`CATEGORY_FLOOR`.

Examples
--------
>>> category(7461), category_name(7461)
(8, 'Straight flush')
>>> category_name(0), NUM_CLASSES
('High card', 7462)
>>> [int(CATEGORY_SIZES[c]) for c in range(9)]
[1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
"""

from __future__ import annotations

import numpy as np
from numba import njit

NUM_CLASSES = 7462
"""Number of distinct five-card hand values."""

CATEGORY_NAMES: tuple[str, ...] = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
"""Category names, index 0 (high card) to 8 (straight flush)."""

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 0, 1, 2, 3, 4
FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 5, 6, 7, 8

# Number of distinct values in each category (standard counts; they sum to 7,462).
CATEGORY_SIZES = np.array([1277, 2860, 858, 858, 10, 1277, 156, 156, 10], dtype=np.int32)
# Lowest value of each category, and one past the highest.
CATEGORY_FLOOR = np.concatenate(([0], np.cumsum(CATEGORY_SIZES)[:-1])).astype(np.int32)
CATEGORY_CEIL = np.cumsum(CATEGORY_SIZES).astype(np.int32)

# Base of the positional "score" used while building tables: 13 ranks per digit.
_BASE = 13
_CATEGORY_WEIGHT = _BASE**5


@njit(cache=True, inline="always")
def category_of_value(value: int) -> int:
    """Category ``0..8`` of a hand value, for use inside numba kernels (no checks)."""
    c = 0
    for k in range(1, 9):
        if value >= CATEGORY_FLOOR[k]:
            c = k
    return c


def category(value: int) -> int:
    """Category ``0`` (high card) .. ``8`` (straight flush) of a hand value.

    Examples
    --------
    >>> category(0), category(1277), category(7452)
    (0, 1, 8)
    """
    value = int(value)
    if not 0 <= value < NUM_CLASSES:
        raise ValueError(f"hand value {value} is not in 0..{NUM_CLASSES - 1}")
    return int(np.searchsorted(CATEGORY_FLOOR, value, side="right") - 1)


def category_name(value: int) -> str:
    """Name of the category of a hand value, e.g. ``"Full house"``.

    Examples
    --------
    >>> category_name(7140), category_name(7139)
    ('Full house', 'Flush')
    """
    return CATEGORY_NAMES[category(value)]


def categories(values: np.ndarray) -> np.ndarray:
    """Categories ``0..8`` of an array of hand values (vectorised).

    Examples
    --------
    >>> categories(np.array([0, 1277, 7461])).tolist()
    [0, 1, 8]
    """
    values = np.asarray(values)
    return (np.searchsorted(CATEGORY_FLOOR, values, side="right") - 1).astype(np.int8)


@njit(cache=True)
def score_of_rank_counts(counts: np.ndarray, flush: bool) -> int:
    """Order-preserving score of a five-card hand given its rank counts (13 entries summing to 5).

    The score is ``category * 13**5`` plus the ranks read in order of importance (larger
    groups first, higher ranks first) as base-13 digits; for straights only the top card
    counts (five for the wheel). Distinct classes get distinct scores and a stronger hand
    a larger one. ``flush`` says that all five cards share a suit.
    """
    ordered = np.zeros(5, dtype=np.int64)
    n = 0
    largest = 0
    pairs = 0
    for size in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == size:
                if size > largest:
                    largest = size
                if size == 2:
                    pairs += 1
                for _ in range(size):
                    ordered[n] = r
                    n += 1
    digits = 0
    for i in range(5):
        digits = digits * _BASE + ordered[i]
    if largest == 1:
        top = -1
        if ordered[0] - ordered[4] == 4:
            top = ordered[0]
        elif ordered[0] == 12 and ordered[1] == 3:  # A-5-4-3-2: the wheel, five high
            top = 3
        if top >= 0:
            cat = STRAIGHT_FLUSH if flush else STRAIGHT
            return cat * _CATEGORY_WEIGHT + top
        return (FLUSH if flush else HIGH_CARD) * _CATEGORY_WEIGHT + digits
    if largest == 4:
        cat = FOUR_OF_A_KIND
    elif largest == 3:
        cat = FULL_HOUSE if pairs == 1 else THREE_OF_A_KIND
    else:
        cat = TWO_PAIR if pairs == 2 else ONE_PAIR
    return cat * _CATEGORY_WEIGHT + digits
