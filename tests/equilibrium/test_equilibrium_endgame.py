"""Ferguson's Basic Endgame (section 1) and its n-round version (section 3) against the
paper's closed forms (docs/errata.md reading of section 3: the all-active case is P <= P0 with
P0 = 1 / prod(1 + r_k); the value there is a (2P - P0) / P0, else a)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokerlab.equilibrium import CFRSolver, endgame, expected_value, solve_lp


def closed_form(a: Fraction, bets: list[Fraction], p: Fraction) -> Fraction:
    prod, stake = Fraction(1), a
    for b in bets:
        prod *= 1 + b / (2 * stake + b)
        stake += b
    p0 = 1 / prod
    return a if p > p0 else a * (2 * p - p0) / p0


CASES = [
    (Fraction(1), [Fraction(2)], Fraction(1, 4)),
    (Fraction(1), [Fraction(2)], Fraction(4, 5)),  # P above (2a+b)/(2a+2b) = 2/3: saddle point
    (Fraction(2), [Fraction(1)], Fraction(1, 10)),
    (Fraction(1), [Fraction(2), Fraction(6)], Fraction(3, 10)),  # pot limit: (9P-2)a/2
    (Fraction(1), [Fraction(1), Fraction(3), Fraction(2)], Fraction(1, 5)),
]


@pytest.mark.parametrize(("a", "bets", "p"), CASES)
def test_lp_value_is_the_closed_form(a, bets, p) -> None:
    sol = solve_lp(endgame(a=a, bets=bets, P=p))
    expected = closed_form(a, bets, p)
    assert sol.value == pytest.approx(float(expected), abs=1e-9)
    assert sol.value_fraction == expected
    assert sol.certified_value == expected  # proved by exact best responses


def test_basic_endgame_strategies() -> None:
    # Section 1, all strategies active: I bluffs w.p. (b/(2a+b)) P/(1-P); II folds w.p. b/(2a+b).
    a, b, p = 1.0, 2.0, 0.25
    s = solve_lp(endgame(a=a, bets=[b], P=p)).strategy
    assert s.action_probabilities(())["bet"][1] == pytest.approx(b / (2 * a + b) * p / (1 - p))
    assert s.action_probabilities(("bet",))["fold"][0] == pytest.approx(b / (2 * a + b))


def test_two_round_pot_limit_strategies() -> None:
    # Section 2, pot limit (b1 = 2a, b2 = 6a): II calls 1/2 each round; I bluffs (5/4) P/(1-P)
    # first and 2/5 in the second round.
    p = 0.3
    s = solve_lp(endgame(a=1, bets=[2, 6], P=p)).strategy
    assert s.action_probabilities(())["bet"][1] == pytest.approx(1.25 * p / (1 - p))
    assert s.action_probabilities(("bet", "call"))["bet"][1] == pytest.approx(0.4)
    assert s.action_probabilities(("bet",))["call"][0] == pytest.approx(0.5)
    assert s.action_probabilities(("bet", "call", "bet"))["call"][0] == pytest.approx(0.5)


def test_cfr_agrees() -> None:
    solver = CFRSolver(endgame(a=1, bets=[1, 3, 2], P=0.2), "dcfr")
    solver.run(3000)
    expected = float(closed_form(Fraction(1), [Fraction(1), Fraction(3), Fraction(2)], Fraction(1, 5)))
    assert expected_value(solver.average_strategy()) == pytest.approx(expected, abs=1e-3)


def test_bad_parameters() -> None:
    with pytest.raises(ValueError, match="P"):
        endgame(P=1.5)
    with pytest.raises(ValueError, match="bets"):
        endgame(bets=[])
