"""Win rates with 95% confidence intervals, treating a duplicate set as one sample.

Examples
--------
>>> mean, (low, high) = win_rate([1.0, -1.0, 3.0, 1.0])
>>> mean, round(low, 3), round(high, 3)
(1.0, -1.598, 3.598)
>>> win_rate([2.0, 0.0, 4.0, -2.0], group=2)[0]   # duplicate pairs: samples 1 and 1
1.0
>>> win_rate([2.0, 0.0, 4.0, -2.0], group=2)[1]
(1.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def win_rate(per_hand: Sequence[float] | np.ndarray, group: int = 1) -> tuple[float, tuple[float, float]]:
    """Mean per hand and its 95% confidence interval (Student t).

    With ``group > 1`` consecutive blocks of ``group`` hands (a duplicate set: the same cards
    with the players rotated) are averaged first and each block is one sample, which removes
    the luck of the cards from the spread. Fewer than two samples give an interval of NaN.
    """
    x = np.asarray(per_hand, dtype=float)
    if group > 1:
        usable = len(x) - len(x) % group
        x = x[:usable].reshape(-1, group).mean(axis=1)
    if len(x) == 0:
        return math.nan, (math.nan, math.nan)
    mean = float(x.mean())
    if len(x) < 2:
        return mean, (math.nan, math.nan)
    from scipy import stats  # here: scipy costs every command's start-up a quarter second

    half = float(stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x)))
    return mean, (mean - half, mean + half)
