"""--discover-order: the structure read off a discretised LP (pokerlab.equilibrium), solved
exactly and certified, finds the patent's orders by itself."""

import numpy as np
import pytest

from pokerlab.gamespec import builtin_game, rules_game
from pokerlab.gamespec.plans import branch_plans, branches
from pokerlab.threshold.discovering.discover import auto_name, canonical_masses, discover, read_runs
from pokerlab.threshold.solving.solve import solve


@pytest.mark.parametrize("name", ["patent-no-raise", "patent-raise", "patent-check-raise"])
def test_discovery_finds_the_patents_order_at_pot_three(name):
    game = builtin_game(name, pot=3)
    found = discover(game, levels=(100, 200))
    assert found.structure is not None, found.attempts
    assert found.structure.order_text() == game.declared.order
    assert found.attempts[-1].outcome == "ok"
    # and the exact solution under it is the patent's
    assert found.solution.exact == solve(game).exact


def test_discovery_of_game2_at_pot_one():
    game = builtin_game("patent-raise", pot=1)
    found = discover(game, levels=(100, 200))
    assert found.structure is not None and found.structure.order_text() == game.declared.order


def test_discovery_without_a_declared_order_names_thresholds_itself():
    # game 1's rules with no declared structure: the same three dividing points, own names
    game = rules_game("undeclared", pot=1, p2_may_bet=False)
    found = discover(game, levels=(80,))
    assert found.structure is not None
    assert found.structure.order_text() == "b1 < C2 < B1"
    assert sorted(found.solution.floats().values()) == pytest.approx([1 / 9, 5 / 9, 7 / 9])


def test_discrete_value_approaches_the_exact_value():
    # peer: the sequence-form LP of pokerlab.equilibrium on 200 levels per player
    from pokerlab.equilibrium import discretised_game, solve_lp

    game = builtin_game("patent-check-raise", pot=3)
    exact = float(solve(game).value_exact)
    assert abs(solve_lp(discretised_game(game, 200)).value - exact) < 2e-3


def test_canonical_layout_moves_tied_mass_to_the_bottom():
    # two plans equally good on all 4 levels; bluff mass scattered at levels 1 and 3
    game = builtin_game("patent-no-raise", pot=1)
    (start,) = branches(game, 1)
    plans = branch_plans(game, start)  # pass, bet
    masses = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.5, 0.5]])
    values = np.zeros((2, 4))
    canonical, canon = canonical_masses(plans, masses, values)
    assert canonical[:, 1].tolist() == [1.0, 0.5, 0.0, 0.0]  # bet (the bluff) lowest
    runs = read_runs(plans, canonical, canon)
    assert [(p.label, a, b) for p, a, b in runs] == [("bet", 0.0, 0.375), ("pass", 0.375, 1.0)]


def test_auto_names():
    game = builtin_game("patent-raise")
    (start,) = branches(game, 1)
    by = {p.label: p for p in branch_plans(game, start)}
    assert auto_name(by["pass-fold"], by["pass-call"], 1) == "C1"
    assert auto_name(by["bet-fold"], by["bet-call"], 1) == "C1R"
    assert auto_name(by["pass-call"], by["bet-fold"], 1) == "B1"
    assert auto_name(by["bet-reraise"], by["pass-fold"], 1) == "b1"


def test_discovery_needs_numbers():
    with pytest.raises(ValueError, match="needs numbers"):
        discover(builtin_game("patent-raise"))


def test_patent_order_of_game3_holds_only_for_a_range_of_pots():
    # the engine's check: the order of FIG. 24 fails for small and for large pots
    from fractions import Fraction

    def ok(pot):
        return solve(builtin_game("patent-check-raise", pot=pot)).order_check.ok

    assert not ok(Fraction(1, 2)) and ok(Fraction(3, 5)) and ok(49) and not ok(50)


@pytest.mark.slow
def test_symbolic_validity_range_of_game3():
    check = solve(builtin_game("patent-check-raise")).order_check
    assert not check.ok and check.valid_for == "0.531326 <= P <= 49.2452"


@pytest.mark.slow
def test_discovery_revises_where_the_patent_order_fails():
    # at P = 1/2 the patent's order is violated; discovery finds another certified structure
    from fractions import Fraction

    from pokerlab.threshold.certifying.certify import certify

    game = builtin_game("patent-check-raise", pot=Fraction(1, 2))
    found = discover(game, levels=(100, 200))
    assert found.structure is not None
    assert found.structure.order_text() != game.declared.order
    assert found.solution.order_check.ok and certify(found.solution).exploitability == 0


def test_best_response_revision_adds_the_interval_that_gains_most():
    from fractions import Fraction

    from pokerlab.gamespec.structure import DeclaredOrder, parse_structure
    from pokerlab.threshold.certifying.revise import improvements, revised_runs

    game = builtin_game("patent-no-raise", pot=1)
    # P1 without value bets: P2 calls everything that beats the bluffs; P1 should bet its best hands
    st = parse_structure(
        game, DeclaredOrder({1: {"": "bet | b1 | pass"}, 2: {"bet": "fold | C2 | call"}}, "b1 < C2")
    )
    sol = solve(game, st)
    assert sol.exact["b1"] == 0 and sol.exact["C2"] == Fraction(1, 2)  # no bluffs then
    gains = improvements(sol)
    assert [(lo, hi, plan.label) for _, lo, hi, plan in gains] == [(Fraction(3, 4), 1, "bet")]
    runs = revised_runs(sol)
    (start,) = [b for b in runs if b.player == 1]
    assert [p.label for p, _, _ in runs[start]] == ["pass", "bet"]  # the empty bluff interval goes
    # an equilibrium has nothing to revise
    assert revised_runs(solve(builtin_game("patent-no-raise", pot=Fraction(3)))) is None
