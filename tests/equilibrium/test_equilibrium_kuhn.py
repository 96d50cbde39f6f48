"""Kuhn poker: value -1/18, player 0's one-parameter family, player 1's unique strategy."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokerlab.equilibrium import CFRSolver, expected_value, exploitability, kuhn, solve_lp
from pokerlab.equilibrium.strategy import Strategy

J, Q, K = 0, 1, 2


@pytest.fixture(scope="module")
def cfr_plus() -> Strategy:
    solver = CFRSolver(kuhn(), "cfr+")
    solver.run(3000)
    return solver.average_strategy()


@pytest.fixture(scope="module")
def lp_solution():
    return solve_lp(kuhn())


def test_lp_value_is_exactly_minus_one_eighteenth(lp_solution) -> None:
    # Proved in rational arithmetic: the LP strategies, read as fractions, are an exact
    # equilibrium worth exactly -1/18.
    assert lp_solution.certified_value == Fraction(-1, 18)
    assert lp_solution.value_fraction == Fraction(-1, 18)
    assert lp_solution.value == pytest.approx(-1 / 18, abs=1e-9)
    assert lp_solution.value_player1_lp == pytest.approx(-1 / 18, abs=1e-9)
    assert exploitability(lp_solution.strategy) < 1e-9


def test_an_approximate_equilibrium_is_not_certified() -> None:
    from pokerlab.equilibrium.exact import certify

    solver = CFRSolver(kuhn(), "cfr+")
    solver.run(100)
    assert certify(kuhn(), solver.average_strategy()) is None


def test_cfr_plus_value_within_1e_4(cfr_plus: Strategy) -> None:
    assert expected_value(cfr_plus) == pytest.approx(-1 / 18, abs=1e-4)
    assert exploitability(cfr_plus) < 1e-3


def _check_player0_family(s: Strategy, tol: float) -> None:
    root = s.action_probabilities(())
    after_check_bet = s.action_probabilities(("check", "bet"))
    alpha = root["bet"][J]
    assert -tol <= alpha <= 1 / 3 + tol
    assert root["bet"][K] == pytest.approx(3 * alpha, abs=3 * tol)
    assert root["bet"][Q] == pytest.approx(0.0, abs=tol)
    assert after_check_bet["call"][Q] == pytest.approx(alpha + 1 / 3, abs=tol)
    assert after_check_bet["call"][J] == pytest.approx(0.0, abs=tol)
    assert after_check_bet["call"][K] == pytest.approx(1.0, abs=tol)


def _check_player1_unique(s: Strategy, tol: float) -> None:
    after_check = s.action_probabilities(("check",))
    after_bet = s.action_probabilities(("bet",))
    np.testing.assert_allclose(after_check["bet"], [1 / 3, 0.0, 1.0], atol=tol)
    np.testing.assert_allclose(after_bet["call"], [0.0, 1 / 3, 1.0], atol=tol)


def test_lp_strategies_are_the_known_ones(lp_solution) -> None:
    _check_player0_family(lp_solution.strategy, 1e-7)
    _check_player1_unique(lp_solution.strategy, 1e-7)


def test_cfr_plus_strategies_are_the_known_ones(cfr_plus: Strategy) -> None:
    _check_player0_family(cfr_plus, 2e-2)
    _check_player1_unique(cfr_plus, 2e-2)


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+", "dcfr"])
def test_every_algorithm_converges(algorithm: str) -> None:
    solver = CFRSolver(kuhn(), algorithm)
    solver.run(10)
    early = exploitability(solver.average_strategy())
    solver.run(2000)
    late = exploitability(solver.average_strategy())
    assert late < early / 10
    assert late < 5e-3
    assert expected_value(solver.average_strategy()) == pytest.approx(-1 / 18, abs=2e-3)


def test_exploitability_agrees_with_openspiel(cfr_plus: Strategy) -> None:
    import pyspiel

    from pokerlab.equilibrium.openspiel import to_tabular_policy

    game = pyspiel.load_game("kuhn_poker")
    solver = CFRSolver(kuhn(), "cfr")
    solver.run(30)  # far from equilibrium: the comparison is not trivially about zeros
    for s in (solver.average_strategy(), cfr_plus):
        policy = to_tabular_policy(s, game)
        assert exploitability(s) == pytest.approx(pyspiel.nash_conv(game, policy.to_dict()) / 2, abs=1e-12)
