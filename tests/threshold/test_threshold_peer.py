"""Peer check: the exact threshold strategies played on N equally likely hand levels are
nearly unexploitable by pokerlab.equilibrium's best response (an independent engine), and the
gap closes like 1/N^2 (levels cut by a threshold mix in proportion)."""

import numpy as np
import pytest

from pokerlab.equilibrium import discretised_game, expected_value, exploitability
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.threshold import builtin_game, solve
from pokerlab.threshold.solving.strategy import level_probabilities


def discrete_profile(solution, levels):
    flat = FlatGame.build(discretised_game(solution.game, levels))
    probs = flat.uniform_strategy()
    table = level_probabilities(solution, levels)
    for d in flat.decision_nodes():
        key = (int(flat.player[d]) + 1, flat.history(d))
        if key not in table:
            continue
        actions = flat.actions_of(d)
        block = np.stack([table[key].get(a, np.zeros(levels)) for a in actions], axis=1)
        live = ~np.isnan(block).any(axis=1)
        rows = np.arange(levels)[live] + flat.row_base[d]
        probs[rows, : len(actions)] = block[live]
    return Strategy(flat, probs)


@pytest.mark.parametrize("name", ["patent-no-raise", "patent-raise", "patent-check-raise"])
def test_threshold_strategies_are_nearly_unexploitable_on_levels(name):
    sol = solve(builtin_game(name, pot=3))
    coarse = discrete_profile(sol, 25)
    fine = discrete_profile(sol, 100)
    assert exploitability(fine) < 5e-5
    assert exploitability(fine) < exploitability(coarse) / 8  # second order in 1/N
    assert abs(expected_value(fine) - float(sol.value_exact)) < 2e-4


def test_a_wrong_threshold_is_exploitable_on_levels():
    sol = solve(builtin_game("patent-raise", pot=3))
    sol.exact["RR1"] = sol.exact["RR1"] - sol.exact["RR1"] / 10  # reraise too often
    assert exploitability(discrete_profile(sol, 100)) > 1e-3
