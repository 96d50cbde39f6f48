"""Evaluate hands from Python: one hand, or a whole array of hands in one kernel call.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> evaluate(parse_cards("As Ks Qs Js Ts"))
7461
>>> evaluate_batch(np.array([parse_cards("7h 5d 4c 3s 2h"), parse_cards("Ah Ad Kc Ks 2c")])).tolist()
[0, 4984]
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import numpy as np
from numba import njit

from pokerlab.evaluate import kernels

_BAD_CODE, _DUPLICATE = 1, 2


@njit(cache=True)
def _first_bad_row(cards: np.ndarray) -> tuple[int, int, int]:
    """(row, problem, card) of the first row with a code above 51 or a repeated card; row -1 if none."""
    for i in range(cards.shape[0]):
        seen = np.uint64(0)
        for j in range(cards.shape[1]):
            c = cards[i, j]
            if c > 51:
                return i, _BAD_CODE, int(c)
            bit = np.uint64(1) << np.uint64(c)
            if seen & bit:
                return i, _DUPLICATE, int(c)
            seen |= bit
    return -1, 0, 0


def as_hand_array(cards: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """Check ``cards`` and return them as a C-contiguous ``uint8`` array of shape (n, k).

    Raises
    ------
    ValueError
        If the array is not 2-D with 5, 6 or 7 columns of integers, or a row holds a code
        outside 0..51 or the same card twice (the message names the row).

    Examples
    --------
    >>> as_hand_array([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    ValueError: hand 0 holds card 3 (2s) twice
    """
    arr = np.asarray(cards)
    if arr.dtype.kind not in "iu":
        raise ValueError(f"cards must be integer card codes, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in (5, 6, 7):
        raise ValueError(f"cards must have shape (n, 5), (n, 6) or (n, 7), got {arr.shape}")
    if arr.dtype != np.uint8 and arr.size:
        low, high = int(arr.min()), int(arr.max())
        if low < 0 or high > 51:
            bad = low if low < 0 else high
            row = int(np.argwhere(arr == bad)[0, 0])
            raise ValueError(f"hand {row} holds card code {bad}, not in 0..51")
    arr = np.ascontiguousarray(arr, dtype=np.uint8)
    row, problem, code = _first_bad_row(arr)
    if row >= 0:
        if problem == _BAD_CODE:
            raise ValueError(f"hand {row} holds card code {code}, not in 0..51")
        from pokerlab.cards import format_card

        raise ValueError(f"hand {row} holds card {code} ({format_card(code)}) twice")
    return arr


def evaluate_batch(cards: np.ndarray | Sequence[Sequence[int]], *, check: bool = True) -> np.ndarray:
    """Values of many hands: ``cards`` has shape (n, k) with k = 5, 6 or 7 card codes per row.

    Returns an ``int32`` array of dense values ``0..7461`` (higher is stronger, equal hands
    equal, ``7462 - phevaluator_rank``), each the best five-card hand within its row.

    Parameters
    ----------
    cards
        Card codes ``4 * rank + suit``; ``uint8`` C-contiguous input is used without a copy.
    check
        Validate shape, codes and duplicates first (a vectorised pass). ``check=False``
        skips it: only for arrays known to be valid (results are undefined otherwise).

    Raises
    ------
    ValueError
        On a bad shape, dtype, card code or repeated card (see :func:`as_hand_array`).

    Examples
    --------
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)).tolist()
    [7461]
    """
    arr = as_hand_array(cards) if check else np.ascontiguousarray(cards, dtype=np.uint8)
    out = np.empty(arr.shape[0], dtype=np.int32)
    if arr.shape[0] == 0:
        return out
    k = arr.shape[1]
    if k == 7:
        kernels.batch7(arr, out)
    elif k == 6:
        kernels.batch6(arr, out)
    elif k == 5:
        kernels.batch5(arr, out)
    else:
        raise ValueError(f"cards must have 5, 6 or 7 columns, got {k}")
    return out


def evaluate(cards: Sequence[int]) -> int:
    """Value ``0..7461`` of one hand of 5, 6 or 7 distinct card codes (best five count).

    Raises
    ------
    ValueError
        If there are not 5..7 cards, or a code is out of range or repeated.

    Examples
    --------
    >>> evaluate([51, 50, 47, 46, 0])  # As Ah Ks Kh 2c: two pair, aces and kings
    4984
    """
    try:
        codes = [operator.index(c) for c in cards]
    except TypeError:
        raise ValueError(f"card codes must be integers, got {list(cards)!r}") from None
    if not 5 <= len(codes) <= 7:
        raise ValueError(f"a hand has 5, 6 or 7 cards, got {len(codes)}")
    from pokerlab.cards import check_distinct

    check_distinct(codes)
    if len(codes) == 7:
        return int(kernels.eval7(*codes))
    if len(codes) == 6:
        return int(kernels.eval6(*codes))
    return int(kernels.eval5(*codes))
