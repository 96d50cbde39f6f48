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
