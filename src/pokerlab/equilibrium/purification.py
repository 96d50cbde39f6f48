"""Strategy purification: play an abstract equilibrium's most probable action; and
thresholding, its milder form.

Ganzfried, Sandholm and Waugh (2012), "Strategy purification and thresholding: effective
non-equilibrium approaches for playing large games": an equilibrium of an *abstraction* is
not an equilibrium of the real game, and the small probabilities of a sampled, briefly trained
average strategy are largely noise (an action the regrets have not yet driven out). Playing
each information set's most probable action, the *purified* strategy, beat the mixed one
against the computer-competition no-limit programs in their study. Ties (the same probability,
as a strategy stored in 255ths often has) share the mass evenly, so a uniform row stays
uniform. *Thresholding*, from the same paper, drops only the actions below a share of the row
(they are the noise) and renormalises the rest, so a row that really mixes still mixes.

Examples
--------
>>> import numpy as np
>>> purify(np.array([[0.1, 0.6, 0.3], [0.5, 0.0, 0.5], [0.0, 0.0, 0.0]]))
array([[0. , 1. , 0. ],
       [0.5, 0. , 0.5],
       [0. , 0. , 0. ]])
"""

from __future__ import annotations

import numpy as np

__all__ = ["purify", "thresholded"]


def purify(rows: np.ndarray) -> np.ndarray:
    """Each row's mass on its largest entries, shared evenly among ties (float rows of
    probabilities, or of anything proportional to them); an all-zero row stays zero.

    Parameters
    ----------
    rows : numpy.ndarray
        ``(n, k)`` action probabilities, one row per information set or holding.

    Returns
    -------
    numpy.ndarray
        ``(n, k)``: rows that sum to 1 (0 for an all-zero row).

    Examples
    --------
    >>> purify(np.array([[0.2, 0.2, 0.6]])).tolist()
    [[0.0, 0.0, 1.0]]
    """
    rows = np.asarray(rows, dtype=float)
    top = rows.max(axis=1, keepdims=True)
    best = (rows == top) & (top > 0)
    count = best.sum(axis=1, keepdims=True)
    return np.divide(best, count, out=np.zeros(rows.shape), where=count > 0)


def thresholded(rows: np.ndarray, threshold: float) -> np.ndarray:
    """Each row without the entries below ``threshold`` of the row's mass, renormalised; a row
    with no entry at or above it is purified (:func:`purify`); an all-zero row stays zero.

    Parameters
    ----------
    rows : numpy.ndarray
        ``(n, k)`` action probabilities (or anything proportional to them).
    threshold : float
        In [0, 1]: 0 keeps every row as it is (renormalised); near 1 it purifies.

    Returns
    -------
    numpy.ndarray
        ``(n, k)``: rows that sum to 1 (0 for an all-zero row).

    Examples
    --------
    >>> thresholded(np.array([[0.1, 0.6, 0.3], [0.05, 0.05, 0.9]]), 0.15).round(3).tolist()
    [[0.0, 0.667, 0.333], [0.0, 0.0, 1.0]]
    >>> thresholded(np.array([[0.3, 0.3, 0.4]]), 0.5).tolist()  # none kept: purified
    [[0.0, 0.0, 1.0]]
    """
    if not 0.0 <= threshold <= 1.0:
        raise ValueError(f"threshold: {threshold} must lie in [0, 1]")
    rows = np.asarray(rows, dtype=float)
    total = rows.sum(axis=1, keepdims=True)
    share = np.divide(rows, total, out=np.zeros(rows.shape), where=total > 0)
    kept = np.where(share >= threshold, share, 0.0)
    mass = kept.sum(axis=1, keepdims=True)
    out = np.divide(kept, mass, out=np.zeros(rows.shape), where=mass > 0)
    empty = (mass[:, 0] <= 0) & (total[:, 0] > 0)
    if np.any(empty):
        out[empty] = purify(rows[empty])
    return out
