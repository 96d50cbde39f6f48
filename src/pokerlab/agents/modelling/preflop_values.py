"""Pre-flop hand values of all 1,326 holdings for the bots: income rates and their percentiles.

The Alberta program ranks starting hands by their *income rate* from a simulation against
random opponents who never fold (:func:`pokerlab.strength.simulate_preflop`, cached on disk);
the Waterloo report by win rates from its tables. The bots need per-holding arrays
(``combo_index`` order) for their own hand and, for opponent modelling, for every holding.

Examples
--------
>>> from pokerlab.cards import combo_index, parse_cards
>>> ir = income_rates(1, trials=2000)
>>> aa, seven_two = combo_index(*parse_cards("AsAh")), combo_index(*parse_cards("7s2h"))
>>> bool(ir[aa] > 0.5 > 0 > ir[seven_two])
True
>>> pct = percentiles(ir)
>>> float(pct[aa]) > 0.99, float(pct.min()) >= 0.0
(True, True)
"""

from __future__ import annotations

from functools import cache, lru_cache

import numpy as np

from pokerlab.cards import ALL_COMBOS, PREFLOP_CLASSES, class_of
from pokerlab.strength import load_table, simulate_preflop

DEFAULT_TRIALS = 10_000
"""Games per starting-hand class in the income-rate simulation the bots use by default."""


@cache
def _combo_classes() -> np.ndarray:
    index = {name: i for i, name in enumerate(PREFLOP_CLASSES)}
    return np.array([index[class_of(int(a), int(b))] for a, b in ALL_COMBOS], dtype=np.int64)


@lru_cache(maxsize=32)
def _income_rates(opponents: int, trials: int, seed: int) -> np.ndarray:
    sim = simulate_preflop(opponents=opponents, trials=trials, seed=seed)
    out = sim.values("income-rate")[_combo_classes()]
    out.setflags(write=False)
    return out


def income_rates(opponents: int, trials: int = DEFAULT_TRIALS, seed: int = 0) -> np.ndarray:
    """Income rate (net winnings per game, in stakes) of every holding against ``opponents``
    (clipped to 1..9) random opponents who always call, by ``combo_index``."""
    return _income_rates(min(max(int(opponents), 1), 9), int(trials), int(seed))


@lru_cache(maxsize=8)
def _table_values(name: str) -> np.ndarray:
    out = load_table(name).combo_values().astype(float)
    out.setflags(write=False)
    return out


def table_values(name: str) -> np.ndarray:
    """A shipped Waterloo pre-flop table (:data:`pokerlab.strength.WATERLOO_TABLES`) per holding."""
    return _table_values(name)


def percentiles(values: np.ndarray) -> np.ndarray:
    """Each holding's rank among all 1,326 holdings as a fraction in [0, 1] (ties share the
    mean rank): the pre-flop "hand value" opponent modelling re-weights with."""
    order = np.argsort(values, kind="stable")
    ranks = np.empty(values.size)
    ranks[order] = np.arange(values.size)
    # Average the ranks of equal values (all combos of one class are equal).
    _uniq, inverse = np.unique(values, return_inverse=True)
    sums = np.bincount(inverse, weights=ranks)
    counts = np.bincount(inverse)
    return (sums / counts)[inverse] / (values.size - 1)


@lru_cache(maxsize=32)
def _income_percentiles(opponents: int, trials: int, seed: int) -> np.ndarray:
    out = percentiles(_income_rates(opponents, trials, seed))
    out.setflags(write=False)
    return out


def income_percentiles(opponents: int, trials: int = DEFAULT_TRIALS, seed: int = 0) -> np.ndarray:
    """:func:`percentiles` of :func:`income_rates` (cached, read-only)."""
    return _income_percentiles(min(max(int(opponents), 1), 9), int(trials), int(seed))
