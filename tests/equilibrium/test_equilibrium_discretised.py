"""Discretised dividing-point games: von Neumann's model (bet = pot) on N = 200 levels.

Patent game 1 with a pot-sized bet (FIG. 27; docs/errata.md reading: b1 = 1/9, B1 = 7/9, C2 = 5/9 for
every pot) is von Neumann's model; with antes of 1 (pot 2) its value is 1/9.
"""

from __future__ import annotations

from types import SimpleNamespace as NS

import numpy as np
import pytest

from pokerlab.equilibrium import CFRSolver, discretised_game, expected_value, solve_lp
from pokerlab.equilibrium.strategy import Strategy

N = 200


def _thresholds(s: Strategy) -> tuple[float, float, float]:
    bet = s.realization_plan(0)[("bet",)]
    call = s.action_probabilities(("bet",))["call"]
    low, high = bet[: N // 2], bet[N // 2 :]
    return low.sum() / N, 1 - high.sum() / N, 1 - call.sum() / N


def _von_neumann_tree() -> NS:
    # Our own tree of the threshold module's shape (players 1 and 2, contributions with antes).
    return NS(
        name="von-neumann",
        root=NS(player=1, children={
            "pass": NS(contributions=(1, 1), folded=0),
            "bet": NS(player=2, children={
                "fold": NS(contributions=(3, 1), folded=2),
                "call": NS(contributions=(3, 3), folded=0),
            }),
        }),
    )  # fmt: skip


@pytest.fixture(scope="module")
def patent_game():
    from pokerlab.gamespec import builtin_game

    return discretised_game(builtin_game("patent-no-raise-pot-limit", pot=2), N)


def _check(s: Strategy) -> None:
    b1, big_b1, c2 = _thresholds(s)
    assert abs(b1 - 1 / 9) <= 2 / N
    assert abs(big_b1 - 7 / 9) <= 2 / N
    assert abs(c2 - 5 / 9) <= 2 / N
    assert expected_value(s) == pytest.approx(1 / 9, abs=1e-3)


def test_lp_thresholds_and_value_on_patent_game(patent_game) -> None:
    sol = solve_lp(patent_game)
    _check(sol.strategy)
    # The strategy really has dividing points: bluff low, value-bet high, check between.
    bet = sol.strategy.action_probabilities(())["bet"]
    assert (bet[: int(N / 9) - 2] > 0.999).all()
    assert (bet[int(N / 9) + 2 : int(7 * N / 9) - 2] < 1e-6).all()
    assert (bet[int(7 * N / 9) + 2 :] > 0.999).all()


def test_own_tree_gives_the_same_game(patent_game) -> None:
    from pokerlab.equilibrium.flat import TERMINAL, FlatGame

    ours = FlatGame.build(discretised_game(_von_neumann_tree(), N))
    theirs = FlatGame.build(patent_game)
    assert int((ours.kind == TERMINAL).sum()) == int((theirs.kind == TERMINAL).sum()) == 3
    for node in np.flatnonzero(ours.kind == TERMINAL):
        other = theirs.node_at(ours.history(node))
        np.testing.assert_allclose(
            ours.weighted_payoff[ours.terminal_index[node]],
            theirs.weighted_payoff[theirs.terminal_index[other]],
            atol=1e-15,
        )


def test_cfr_plus_on_own_tree() -> None:
    solver = CFRSolver(discretised_game(_von_neumann_tree(), N), "cfr+")
    solver.run(3000)
    _check(solver.average_strategy())


def test_small_discretisation_is_certified_exactly() -> None:
    from fractions import Fraction

    # N = 10 levels: the LP's equilibrium, read as fractions and checked in rational
    # arithmetic, is an exact equilibrium of the discretised game, whose value is exactly
    # 11/100 (the continuous game's is 1/9).
    sol = solve_lp(discretised_game(_von_neumann_tree(), 10))
    assert sol.certified_value == Fraction(11, 100)
    assert sol.value == pytest.approx(0.11, abs=1e-9)


def test_symbolic_pot_needs_a_value() -> None:
    import sympy
    p = sympy.Symbol("P")
    tree = NS(root=NS(player=1, children={
        "pass": NS(contributions=(p / 2, p / 2), folded=0),
        "bet": NS(contributions=(p / 2 + 1, p / 2), folded=2),
    }))  # fmt: skip
    with pytest.raises(ValueError, match="pot"):
        discretised_game(tree, 4)
    g = discretised_game(tree, 4, pot=3)
    assert solve_lp(g).value == pytest.approx(1.5)  # betting wins P2's ante of P/2 every time
