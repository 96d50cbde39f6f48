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


def _row_problem(row_index: int, row: np.ndarray) -> str:
    """Words for what is wrong with one row of card codes."""
    from pokerlab.cards import format_card

    seen: set[int] = set()
    for code in (int(c) for c in row):
        if not 0 <= code < 52:
            return f"hand {row_index} holds card code {code}, not in 0..51"
        if code in seen:
            return f"hand {row_index} holds card {code} ({format_card(code)}) twice"
        seen.add(code)
    raise AssertionError(f"hand {row_index} has no problem")  # callers pass a bad row


def _as_uint8_rows(cards: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """Shape and dtype checks, then the cards as C-contiguous uint8 (codes not yet checked)."""
    arr = np.asarray(cards)
    if arr.dtype.kind not in "iu":
        raise ValueError(f"cards must be integer card codes, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in (5, 6, 7):
        raise ValueError(f"cards must have shape (n, 5), (n, 6) or (n, 7), got {arr.shape}")
    if arr.dtype != np.uint8 and arr.size:
        low, high = int(arr.min()), int(arr.max())
        if low < 0 or high > 51:
            row = int(np.argwhere((arr < 0) | (arr > 51))[0, 0])
            raise ValueError(_row_problem(row, arr[row]))
    return np.ascontiguousarray(arr, dtype=np.uint8)


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
    from pokerlab.evaluate import kernels

    arr = _as_uint8_rows(cards)
    bad = kernels.batch_checked(arr, np.empty(arr.shape[0], dtype=np.int32)) if arr.size else -1
    if bad >= 0:
        raise ValueError(_row_problem(bad, arr[bad]))
    return arr


def evaluate_batch(cards: np.ndarray | Sequence[Sequence[int]], *, check: bool = True) -> np.ndarray:
    """Values of many hands: ``cards`` has shape (n, k) with k = 5, 6 or 7 card codes per row.

    Returns an ``int32`` array of dense values ``0..7461`` (higher is stronger, equal hands
    equal, ``7462 - phevaluator_rank``), each the best five-card hand within its row.

    Parameters
    ----------
    cards
        Card codes ``4 * rank + suit``, any integer dtype; ``uint8`` C-contiguous input is
        used without a copy.
    check
        Check the codes (0..51) and duplicates within rows while evaluating (the check
        costs about as much as the evaluation itself). ``check=False`` is only for arrays known to be valid:
        results are undefined otherwise. Shape and dtype are always checked.

    Raises
    ------
    ValueError
        On a bad shape, dtype, card code or repeated card (the message names the row).

    Examples
    --------
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)).tolist()
    [7461]
    >>> evaluate_batch([[0, 1, 2, 3, 4], [5, 6, 7, 8, 60]])
    Traceback (most recent call last):
    ...
    ValueError: hand 1 holds card code 60, not in 0..51
    """
    from pokerlab.evaluate import kernels

    arr = _as_uint8_rows(cards)
    out = np.empty(arr.shape[0], dtype=np.int32)
    if arr.shape[0] == 0:
        return out
    if check:
        bad = kernels.batch_checked(arr, out)
        if bad >= 0:
            raise ValueError(_row_problem(bad, arr[bad]))
        return out
    k = arr.shape[1]
    if k == 7:
        kernels.batch7(arr, out)
    elif k == 6:
        kernels.batch6(arr, out)
    else:
        kernels.batch5(arr, out)
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
    from pokerlab.evaluate.tables import value_of_cards  # plain Python: no numba for one hand

    return value_of_cards(codes)
