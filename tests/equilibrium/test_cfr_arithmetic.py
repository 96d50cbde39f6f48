"""The order of CFR's regret sum is part of its numbers.

A state's regret is summed as ``(regret + child value) - node value``: written
``regret += child value - node value`` (an information-group change), the last bits rounded
otherwise and five refinements of patent-raise-3p split levels 48, 60 instead of 47, 59
(``tests/threshold/test_continuous.py``). One iteration from chosen regrets pins the order.
"""

from __future__ import annotations

import numpy as np

from pokerlab.equilibrium import CFRSolver, discretised_game
from pokerlab.gamespec import builtin_game

DECISION = 0


def test_a_regret_is_summed_as_regret_plus_child_value_minus_node_value():
    solver = CFRSolver(discretised_game(builtin_game("patent-raise-3p", pot=3), 10), "cfr")
    f = solver.flat
    rng = np.random.default_rng(0)
    start = rng.uniform(-1000.0, 1000.0, solver._regrets.shape)  # fractions that round
    solver._regrets[:] = start
    solver.run(1)
    last = f.num_players - 1  # its pass runs last: the values it summed are still there
    value, n = solver._value, f.num_hands[last]
    checked = other_order_differs = 0
    for node in range(f.num_nodes):
        if f.kind[node] != DECISION or f.player[node] != last:
            continue
        base = f.row_base[node]
        for a, c in enumerate(f.child_list[f.child_start[node]:f.child_start[node + 1]]):
            rows = slice(base, base + n)
            expected = start[rows, a] + value[c, :n] - value[node, :n]
            np.testing.assert_array_equal(solver._regrets[rows, a], expected)
            other = start[rows, a] + (value[c, :n] - value[node, :n])
            other_order_differs += int((other != expected).sum())
            checked += n
    assert checked > 100 and other_order_differs > 0  # the other order would fail this test
