"""Strategy purification: play an abstract equilibrium's most probable action.

Ganzfried, Sandholm and Waugh (2012), "Strategy purification and thresholding: effective
non-equilibrium approaches for playing large games": an equilibrium of an *abstraction* is
not an equilibrium of the real game, and the small probabilities of a sampled, briefly trained
average strategy are largely noise (an action the regrets have not yet driven out). Playing
each information set's most probable action, the *purified* strategy, beat the mixed one
against the computer-competition no-limit programs in their study. Ties (the same probability,
as a strategy stored in 255ths often has) share the mass evenly, so a uniform row stays
uniform.

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

__all__ = ["purify"]


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
