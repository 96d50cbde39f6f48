"""Loki's income-rate tables against pokerlab's own income-rate simulation, cell by cell.

Papp's tables IR2 / IR4 / IR7 (:data:`pokerlab.strength.LOKI_TABLES`) are the income rates of
the 169 starting-hand classes from 1,000,000 games each against 1, 3 and 6 random opponents who
always call to the showdown, printed x 1000. :func:`pokerlab.strength.simulate_preflop` measures
the same quantity. :func:`compare_income_rates` sets the two side by side:

- the rank correlation (Spearman) of the 169 classes, and the mean and largest absolute
  difference (in thousandths);
- a *z* score per class: the difference over its standard error, which has three parts: the
  simulation's own standard error, the thesis's (the same per-game spread over its 1,000,000
  games: both are estimates of one number), and the thesis's rounding to whole thousandths
  (uniform, variance 1/12). A cell beyond three standard errors is a real difference, or one in
  370 by chance.

Examples
--------
>>> from pokerlab.strength import simulate_preflop
>>> sim = simulate_preflop(opponents=3, trials=4000, seed=2, cache=False)
>>> c = compare_income_rates("loki-ir4", sim)
>>> c.rank_correlation > 0.99, c.classes[0], round(float(c.shipped[0]))
(True, 'AA', 1554)
>>> len(c.beyond(3.0)) < 5
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.strength.preflop_simulation import PreflopSimulation
from pokerlab.strength.preflop_tables import LOKI_TABLES, load_table

TABLE_OPPONENTS: dict[str, int] = {"loki-ir2": 1, "loki-ir4": 3, "loki-ir7": 6}
"""Opponents of each Loki table's simulation (hands dealt minus one)."""

THESIS_GAMES = 1_000_000
"""Games per class behind each printed value (Papp, section 5.1)."""


@dataclass(frozen=True)
class IncomeRateComparison:
    """A shipped income-rate table against a simulation, in thousandths, by class
    (:data:`pokerlab.cards.PREFLOP_CLASSES` order).

    Attributes
    ----------
    table
        The shipped table's name.
    opponents, trials, seed
        The simulation's parameters.
    shipped, simulated
        The two values of every class (income rate x 1000).
    stderr
        Standard error of each difference (see the module notes).
    """

    table: str
    opponents: int
    trials: int
    seed: int
    shipped: np.ndarray
    simulated: np.ndarray
    stderr: np.ndarray

    @property
    def classes(self) -> tuple[str, ...]:
        """Class names, in the order of the arrays."""
        return PREFLOP_CLASSES

    @property
    def difference(self) -> np.ndarray:
        """Simulated minus shipped, per class."""
        return self.simulated - self.shipped

    @property
    def z(self) -> np.ndarray:
        """Each difference in standard errors."""
        return self.difference / self.stderr

    @property
    def rank_correlation(self) -> float:
        """Spearman's rank correlation of the 169 classes."""
        from scipy import stats  # here, not at import: pokerlab.strength loads with every equity

        return float(stats.spearmanr(self.shipped, self.simulated).statistic)

    @property
    def mean_abs_difference(self) -> float:
        """Mean absolute difference (thousandths)."""
        return float(np.abs(self.difference).mean())

    @property
    def max_abs_difference(self) -> float:
        """Largest absolute difference (thousandths)."""
        return float(np.abs(self.difference).max())

    def beyond(self, k: float = 3.0) -> list[str]:
        """Classes whose difference exceeds ``k`` standard errors, largest first."""
        z = np.abs(self.z)
        return [self.classes[i] for i in np.argsort(-z, kind="stable") if z[i] > k]

    def worst(self, n: int = 5) -> list[dict[str, Any]]:
        """The ``n`` classes with the largest ``|z|``: class, both values, difference, z."""
        order = np.argsort(-np.abs(self.z), kind="stable")[:n]
        return [{"class": self.classes[i], "shipped": float(self.shipped[i]),
                 "simulated": round(float(self.simulated[i]), 2),
                 "stderr": round(float(self.stderr[i]), 2), "z": round(float(self.z[i]), 2)}
                for i in order]

    def to_dict(self) -> dict[str, Any]:
        """JSON summary."""
        return {"table": self.table, "opponents": self.opponents, "trials": self.trials,
                "seed": self.seed, "rank_correlation": self.rank_correlation,
                "mean_abs_difference": self.mean_abs_difference,
                "max_abs_difference": self.max_abs_difference,
                "beyond_3_stderr": self.beyond(3.0), "worst": self.worst()}


def compare_income_rates(table: str, simulation: PreflopSimulation) -> IncomeRateComparison:
    """Compare the shipped Loki table ``table`` (``loki-ir2``, ``loki-ir4`` or ``loki-ir7``)
    with ``simulation`` (which must be against the table's number of opponents).

    Raises
    ------
    ValueError
        For another table, or a simulation against another number of opponents.
    """
    if table not in LOKI_TABLES:
        raise ValueError(f"unknown income-rate table {table!r}; choose from {', '.join(LOKI_TABLES)}")
    if simulation.opponents != TABLE_OPPONENTS[table]:
        raise ValueError(f"{table} is against {TABLE_OPPONENTS[table]} opponents; the simulation "
                         f"is against {simulation.opponents}")
    shipped = np.array(list(load_table(table).by_class().values()))
    simulated = 1000.0 * simulation.values("income-rate")
    ours = 1000.0 * simulation.stderr("income-rate")
    theirs = ours * np.sqrt(simulation.trials / THESIS_GAMES)  # the same spread over 1M games
    stderr = np.sqrt(ours**2 + theirs**2 + 1.0 / 12.0)
    return IncomeRateComparison(table, simulation.opponents, simulation.trials, simulation.seed,
                                shipped, simulated, stderr)
