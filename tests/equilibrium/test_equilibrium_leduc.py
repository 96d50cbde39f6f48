"""Leduc hold'em: value about -0.085606 and exploitability equal to OpenSpiel's NashConv / 2."""

from __future__ import annotations

import pytest

from pokerlab.equilibrium import CFRSolver, expected_value, exploitability, leduc, solve_lp
from pokerlab.equilibrium.strategy import Strategy

LEDUC_VALUE = -0.085606  # OpenSpiel / the literature: player 0's equilibrium payoff


@pytest.fixture(scope="module")
def solved() -> Strategy:
    solver = CFRSolver(leduc(), "dcfr")
    solver.run(1500)
    return solver.average_strategy()


def test_value_and_exploitability(solved: Strategy) -> None:
    assert exploitability(solved) < 1e-3
    assert expected_value(solved) == pytest.approx(LEDUC_VALUE, abs=1e-3)


def test_cfr_plus_reaches_1e_3() -> None:
    solver = CFRSolver(leduc(), "cfr+")
    solver.run(1500)
    s = solver.average_strategy()
    assert exploitability(s) < 1e-3
    assert expected_value(s) == pytest.approx(LEDUC_VALUE, abs=1e-3)


def test_exploitability_and_value_agree_with_openspiel(solved: Strategy) -> None:
    import pyspiel
    from open_spiel.python.algorithms import expected_game_score

    from pokerlab.equilibrium.openspiel import to_tabular_policy

    game = pyspiel.load_game("leduc_poker")
    early = CFRSolver(leduc(), "cfr")
    early.run(20)
    for s in (early.average_strategy(), solved):
        policy = to_tabular_policy(s, game)
        theirs = pyspiel.nash_conv(game, policy.to_dict()) / 2
        assert exploitability(s) == pytest.approx(theirs, rel=1e-9, abs=1e-12)
        values = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])
        assert expected_value(s) == pytest.approx(values[0], abs=1e-12)


def test_terminal_payoffs_match_openspiel() -> None:
    # Every showdown after check-check / check-check, and after the longest raise war.
    import pyspiel

    from pokerlab.equilibrium.flat import FlatGame

    flat = FlatGame.build(leduc())
    game = pyspiel.load_game("leduc_poker")
    for actions, ours in (
        ((1, 1, None, 1, 1), ("call", "call", None, "call", "call")),
        ((2, 2, 1, None, 1, 2, 2, 1), ("raise", "raise", "call", None, "call", "raise", "raise", "call")),
    ):
        for a in range(6):
            for b in range(6):
                if b == a:
                    continue
                for c in range(6):
                    if c in (a, b):
                        continue
                    state = game.new_initial_state()
                    state.apply_action(a)
                    state.apply_action(b)
                    for act in actions:
                        state.apply_action(c if act is None else act)
                    history = tuple(leduc().hands[0][c] if x is None else x for x in ours)
                    node = flat.node_at(history)
                    t = flat.terminal_index[node]
                    prior = 1 / 30
                    board = 1 / 4
                    ours_payoff = flat.weighted_payoff[t, a, b] / (prior * board)
                    assert ours_payoff == pytest.approx(state.returns()[0])


def test_lp_value() -> None:
    sol = solve_lp(leduc())
    assert sol.value == pytest.approx(LEDUC_VALUE, abs=1e-6)
    assert sol.value_player1_lp == pytest.approx(LEDUC_VALUE, abs=1e-6)
    assert sol.value_fraction is None  # no simple fraction: no false exactness
    assert exploitability(sol.strategy) < 1e-7
