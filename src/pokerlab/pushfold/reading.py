"""The dividing-point reading of a push/fold strategy: one threshold on a ranking of hands.

At each decision the acting player's classes are ranked by their all-in equity against a
random hand (exact, from :mod:`.equities`), each weighing its combos times the player's own
chance of reaching the decision. The axis runs from 0 (weakest) to 1 through that weight. The
reading keeps the strategy's share of hands that do not fold (push or call; a heads-up opening's
limp or min-raise too) and puts it at the top of the axis: one dividing point, everything above
it playing, everything below folding, and the class it cuts through mixing in the proportion it
is cut (the patent's virtual hand). Classes whose strategy differs
from the reading by half or more *break* it: no single threshold on this ranking plays them as
the equilibrium does. :func:`pokerlab.spot.threshold_reading.read_decision` gives the full
reading (every segment) for the same decision.

Examples
--------
>>> import numpy as np
>>> strength = np.array([0.3, 0.5, 0.7, 0.9])
>>> r = read_threshold(np.array([0.0, 1.0, 0.0, 1.0]), np.ones(4), strength, ("a", "b", "c", "d"))
>>> round(r.point, 2), r.breakers          # b pushes below the point, c folds above it
(0.5, ('c', 'b'))
>>> read_threshold(np.array([0.0, 0.0, 0.5, 1.0]), np.ones(4), strength, ("a", "b", "c", "d")).breakers
()
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from pokerlab.pushfold.equities import headsup_table


@dataclass(frozen=True)
class ThresholdReading:
    """One decision's reading.

    Attributes
    ----------
    point
        The dividing point: the share of the reaching hands below it (they fold).
    probs
        ``(169,)`` the threshold strategy's chance of the aggressive action per class.
    breakers
        Classes the threshold plays differently (by 0.5 or more), strongest first.
    """

    point: float
    probs: np.ndarray
    breakers: tuple[str, ...]


@cache
def equity_vs_random() -> np.ndarray:
    """``(169,)`` each class's exact all-in equity against a random hand (the reading's ranking)."""
    t = headsup_table()
    return (t.wins + 0.5 * t.ties).sum(axis=1) / t.showdowns.sum(axis=1)


def read_threshold(aggressive: np.ndarray, weight: np.ndarray, strength: np.ndarray,
                   names: tuple[str, ...]) -> ThresholdReading:
    """The single dividing point that keeps the share of ``aggressive`` (per-class chance of not
    folding), by ``weight`` (combos times own reach), at the top of the ranking ``strength``."""
    order = np.argsort(-strength, kind="stable")  # strongest first
    w = np.asarray(weight, dtype=float)[order]
    p = np.asarray(aggressive, dtype=float)[order]
    total = w.sum()
    if total <= 0:
        raise ValueError("no class reaches the decision")
    # the strategy's aggressive weight, laid from the top of the axis down
    share = float((p * w).sum())
    top = np.cumsum(w)
    probs_sorted = np.clip((share - (top - w)) / np.where(w > 0, w, 1.0), 0.0, 1.0)
    probs_sorted[w <= 0] = (top[w <= 0] - w[w <= 0] < share).astype(float)
    probs = np.empty_like(probs_sorted)
    probs[order] = probs_sorted
    breakers = tuple(names[i] for i in order if abs(aggressive[i] - probs[i]) >= 0.5 and weight[i] > 0)
    return ThresholdReading(float(1.0 - share / total), probs, breakers)
