"""Every number printed in Ferguson & Ferguson, "The endgame in poker".

Readings from docs/errata.md: §1 Cutler's always-bluff threshold is P >= (2a+B)/(2a+2B); §3 the later
bluff probabilities are (prod_{i>=k}(1+r_i) - 1)/(prod_{i>=k-1}(1+r_i) - 1), the all-active case
is P <= (1+r)^(-n) and r is II's fold probability; §5 case 3's value has no factor b, Example 2's
value is b(p_L - b/(2a+b))/(2p_L); §6 case 2's value is b*alpha0*(2mu0-1) + a(2mu-1), with both
p >= 1/2 II folds iff mu >= Q0, and case 3's printed "call" probability is II's fold probability.
"""

from __future__ import annotations

import pytest
import sympy as sp

from pokerlab.models import endgame, endgame_continuum, endgame_hidden, endgame_imprecise, endgame_rounds

R = sp.Rational
a_, b_, P_ = sp.symbols("a b P", positive=True)


# --- §1 Basic Endgame ---------------------------------------------------------------------------


def test_basic_endgame_solution_section_1():
    for a, b, P in ((1, 2, R(1, 4)), (3, 1, R(1, 2)), (2, 7, R(1, 10))):
        a, b = sp.Integer(a), sp.Integer(b)
        case, bluff, fold, value = endgame.basic(a, b, P)
        assert case == "all strategies active"
        assert bluff == b / (2 * a + b) * P / (1 - P) and fold == b / (2 * a + b)
        assert value == 2 * a * P * (2 * a + 2 * b) / (2 * a + b) - a
    # "in pot limit poker where b = 2a, her optimal strategy is to call w.p. 1/2"
    s = endgame.solve(a=3, b=6, P=R(1, 5))
    assert s.strategy["II calls"] == R(1, 2)
    # saddle point from P = (2a+b)/(2a+2b) on: value a
    s = endgame.solve(a=1, b=2, P=R(2, 3))
    assert s.case == "saddle point" and s.value == 1


def test_basic_endgame_strategies_solve_the_2x2_matrix_section_1():
    a, b, P = sp.Integer(2), sp.Integer(3), R(1, 3)
    _case, bluff, fold, value = endgame.basic(a, b, P)
    A = endgame.payoff_matrix(a, b, P)
    x = sp.Matrix([[1 - bluff, bluff]])
    y = sp.Matrix([fold, 1 - fold])
    assert (x * A)[0] == (x * A)[1] == value  # II indifferent
    assert (A * y)[0] == (A * y)[1] == value  # I indifferent


def test_cutler_bet_size_choice_section_1_errata_threshold():
    # always bluff iff P >= (2a+B)/(2a+2B) (docs/errata.md; not B/(2a+B))
    assert endgame.saddle_threshold(sp.Integer(1), sp.Integer(2)) == R(2, 3)
    s = endgame.solve(a=1, b=2, P=R(3, 5))
    assert s.case == "all strategies active"  # 3/5 >= B/(2a+B) = 1/2 but < 2/3
    low, high = endgame.call_probability_band(sp.Integer(1), sp.Integer(2), R(1, 4))
    beta = sp.Symbol("beta", positive=True)
    assert low.subs(beta, 2) == high.subs(beta, 2) == R(1, 2)  # at the maximum bet: 2a/(2a+B)
    assert low.subs(beta, 1) == R(2, 3) and high.subs(beta, 1) == 1
    # the value does not decrease with the bet size: betting the maximum is optimal
    v = endgame.value_by_bet_size(sp.Integer(1), R(3, 5))
    values = [v.subs(beta, x) for x in (R(1, 4), R(1, 2), 1, 2, 4, 8)]
    assert values == sorted(values) and values[-1] == 1  # up to the saddle value a


# --- §2 two rounds ------------------------------------------------------------------------------


def test_two_rounds_pot_limit_section_2():
    # b1 = 2a, b2 = 6a: all active iff P <= 4/9; V = (9P-2)a/2; II calls w.p. 1/2 both rounds;
    # I bluffs (5/4)(P/(1-P)) then 2/5
    for a, P in ((1, R(1, 4)), (5, R(2, 5)), (2, R(4, 9))):
        s = endgame_rounds.solve_two_round(a=a, b1=2 * a, b2=6 * a, P=P)
        assert s.extras["P0"] == s.extras["P0 (§2 formula)"] == R(4, 9)
        assert s.value == (9 * P - 2) * a / 2
        assert s.strategy == {"I bluffs in round 1": R(5, 4) * P / (1 - P), "I bluffs in round 2": R(2, 5),
                              "II folds in round 1": R(1, 2), "II folds in round 2": R(1, 2)}
    assert endgame_rounds.solve_two_round(a=1, b1=2, b2=6, P=R(1, 2)).value == 1


def test_two_rounds_general_formulas_section_2():
    b1, b2 = sp.symbols("b1 b2", positive=True)
    P0 = endgame_rounds.cutoff(a_, (b1, b2))
    printed = (2 * a_ + b1) * (2 * a_ + 2 * b1 + b2) / ((2 * a_ + 2 * b1) * (2 * a_ + 2 * b1 + 2 * b2))
    assert sp.simplify(P0 - printed) == 0
    r = endgame_rounds.fold_ratios(a_, (b1, b2))
    second = (r[1] / ((1 + r[0]) * (1 + r[1]) - 1))
    assert sp.simplify(second - b2 * (2 * a_ + b1) / (b2 * (2 * a_ + b1) + 2 * b1 * (a_ + b1 + b2))) == 0
    # saddle case: second-round bluff (P/(1-P)) b2/(2a+2b1+b2)
    s = endgame_rounds.solve_two_round(a=1, b1=1, b2=1, P=R(9, 10))
    assert s.strategy["I bluffs in round 2"] == 1  # 9 * 1/5 > 1: "or w.p. 1 if this is greater than 1"
    s = endgame_rounds.solve_two_round(a=1, b1=1, b2=1, P=R(7, 10))  # P0 = 5/8 < 7/10
    assert s.case.startswith("saddle") and s.strategy["I bluffs in round 2"] == R(7, 3) * R(1, 5)


def test_two_rounds_optimal_first_bet_section_2():
    # b1 = sqrt(aB + a^2) - a maximises V for b1 + b2 = B
    for a, B in ((1, 8), (2, 5), (R(1, 2), 30)):
        a, B = sp.sympify(a), sp.sympify(B)
        best = endgame_rounds.optimal_first_bet(a, B)
        assert sp.simplify(best - (sp.sqrt(a * B + a**2) - a)) == 0
        for delta in (R(-1, 100), R(1, 100)):  # V increases with 1/P0 = prod(1 + r_k)
            top = float(endgame_rounds.cutoff(a, (best, B - best)) ** -1)
            assert top > float(endgame_rounds.cutoff(a, (best + delta, B - best - delta)) ** -1)
    assert endgame_rounds.optimal_first_bet(sp.Integer(1), sp.Integer(8)) == 2  # pot limit is optimal


# --- §3 n rounds and the worked example -----------------------------------------------------------


def test_worked_example_section_3():
    # pot 20, three rounds, stacks 260 / 330: s_i = 10*3^i, bets 20, 60, 180; P < 8/27 all active;
    # II folds (docs/errata.md: r is the fold probability) w.p. 1/2; P = 1/4: p1 = 19/24, p2 = 10/19, p3 = 2/5
    s = endgame_rounds.solve_n_round(a=10, P=R(1, 4), stacks=(260, 330), n=3)
    assert s.extras["pots s_i"] == [10, 30, 90, 270]
    assert s.params["bets"] == (20, 60, 180)
    assert s.extras["bet / pot before it, each round"] == 1  # "bets the size of the pot" ((20))
    assert s.extras["P0"] == R(8, 27)
    assert s.extras["r_k"] == [R(1, 2)] * 3
    assert [s.strategy[f"I bluffs in round {k}"] for k in (1, 2, 3)] == [R(19, 24), R(10, 19), R(2, 5)]
    assert s.value == s.extras["value formula (23)"] == 10 * (2 * R(1, 4) * R(27, 8) - 1)
    # "If this was $70 instead of $260, then the optimal bet would be half the size of the pot"
    s70 = endgame_rounds.solve_n_round(a=10, P=R(1, 4), stacks=(70, 330), n=3)
    assert s70.extras["bet / pot before it, each round"] == R(1, 2) and s70.params["bets"] == (10, 20, 40)


def test_n_round_all_active_iff_p_below_errata_bound_section_3():
    # docs/errata.md: the all-active case is P <= (1+r)^(-n)
    bets = (20, 60, 180)
    assert endgame_rounds.solve_n_round(a=10, P=R(8, 27), bets=bets).case.startswith("all strategies")
    assert endgame_rounds.solve_n_round(a=10, P=R(9, 27), bets=bets).case.startswith("saddle")
    assert endgame_rounds.solve_n_round(a=10, P=R(9, 27), bets=bets).value == 10


def test_n_round_value_forms_agree_section_3():
    # (6) V = a(2P prod(1+r_k) - 1) = 2P s_n prod(1-r_k) - s_0 (both forms of the derivation)
    a, P, bets = sp.Integer(3), R(1, 10), (sp.Integer(1), sp.Integer(4), sp.Integer(2), sp.Integer(9))
    r = endgame_rounds.fold_ratios(a, bets)
    s_n = a + sum(bets)
    v = endgame_rounds.solve_n_round(a=a, P=P, bets=bets).value
    assert v == a * (2 * P * sp.Mul(*[1 + x for x in r]) - 1) == 2 * P * s_n * sp.Mul(*[1 - x for x in r]) - a


def test_geometric_bets_maximise_the_value_section_3():
    a, stake, n = sp.Integer(10), sp.Integer(200), 4
    best = endgame_rounds.geometric_bets(a, stake, n)
    assert sp.simplify(sum(best) - stake) == 0
    top = float(endgame_rounds.cutoff(a, best) ** -1)
    for shift in ((5, -5, 0, 0), (0, 3, -3, 0), (-2, 0, 0, 2)):
        other = [b + d for b, d in zip(best, shift, strict=True)]
        assert float(endgame_rounds.cutoff(a, other) ** -1) < top


# --- §4 continuum of rounds ------------------------------------------------------------------------


def test_continuum_section_4():
    B, P = sp.Integer(8), R(1, 5)
    s = endgame_continuum.solve(B=B, P=P)
    assert s.extras["P0"] == R(1, 3)  # 1/sqrt(1+B)
    assert s.value == 2 * P * 3 - 1
    assert s.strategy["I passes at once with a losing card (mass of F at 0)"] == (1 - P * 3) / (1 - P)
    y = endgame_continuum.y
    assert sp.simplify(s.extras["G(y)"] - (1 - 1 / sp.sqrt(1 + y))) == 0
    # (3): I's payoff against G does not depend on his stopping time
    for stop in (0, R(1, 2), 3, 8):
        assert endgame_continuum.payoff_against_G(B, P, sp.sympify(stop)) == 2 * P / R(1, 3) - 1
    # P >= P0: value 1, F on [0, 1/P^2 - 1], II folds at once
    s = endgame_continuum.solve(B=B, P=R(1, 2))
    assert s.value == 1 and s.extras["z (end of F's support)"] == 3
    assert s.strategy["II folds at once (mass of G at 0)"] == 1


# --- §5 hidden information for II ---------------------------------------------------------------------


def test_hidden_info_example_1_section_5():
    # P = 2/11, pL = 35/43, pW = 36/43, b = 2a: beta0 = 35/8, beta1 = 36/7, case 4,
    # bluff 4/35, II calls with a good card, folds w.p. 43/70 with a poor card
    s = endgame_hidden.solve(a=1, b=2, P=R(2, 11), pW=R(36, 43), pL=R(35, 43))
    assert s.extras["beta0"] == R(35, 8) and s.extras["beta1"] == R(36, 7) and s.extras["alpha0"] == R(1, 2)
    assert s.case == "case 4"
    assert s.strategy == {"I bluffs (bets a losing card)": R(4, 35), "II folds with a good hand (Y=0)": 0,
                          "II folds with a poor hand (Y=1)": R(43, 70)}


def test_hidden_info_example_2_section_5_errata_value():
    eps = R(1, 4)
    for b in (R(1, 2), sp.Integer(1), sp.Integer(2), R(5, 2)):
        s = endgame_hidden.solve(a=1, b=b, P=R(1, 2), pW=1, pL=1 - eps)
        pL = 1 - eps
        assert s.case == "case 4"  # alpha0 < pL here; beta1 infinite and beta0 = pL
        assert s.value == b * (pL - b / (2 + b)) / (2 * pL)
    s = endgame_hidden.solve(a=1, b=3, P=R(1, 2), pW=1, pL=1 - eps)  # alpha0 = 3/5 < 3/4 still case 4
    assert s.extras["optimal bet (example 2)"] == 2  # 2a(1/sqrt(eps) - 1) with eps = 1/4: pot limit
    assert endgame_hidden.best_bet_example_2(sp.Integer(1), R(8, 9)) == 4  # eps = 1/9: 2(3 - 1)
    s = endgame_hidden.solve(a=1, b=8, P=R(1, 2), pW=1, pL=1 - eps)  # alpha0 = 4/5 >= pL: case 2
    assert s.case == "case 2" and s.value == 0


def test_hidden_info_example_3_section_5():
    for P in (R(1, 5), R(2, 5)):
        for b in (1, 2, 3):
            s = endgame_hidden.solve(a=1, b=b, P=P, Y="triangular")
            assert s.value == (2 * P - 1) + 4 * P * b / (2 + b) ** 2
        assert s.extras["optimal bet (example 3)"] == 2  # pot limit


def test_hidden_info_case_values_section_5():
    # each case's value equals the payoff of the stated strategies (case 3 with the value of docs/errata.md)
    for P, pW, pL, b in ((R(1, 2), R(4, 5), R(1, 5), 2), (R(3, 5), R(9, 10), R(1, 2), 2),
                         (R(2, 3), R(1, 2), R(1, 10), 1), (R(1, 5), R(1, 2), R(1, 10), 6), (R(9, 10), R(1, 2),
                                                                                          R(2, 5), 2)):
        a = sp.Integer(1)
        case, st, value = endgame_hidden.binary(a, sp.sympify(b), P, pW, pL)
        bluff = st["I bluffs (bets a losing card)"]
        EW = (1 - pW) * st["II folds with a good hand (Y=0)"] + pW * st["II folds with a poor hand (Y=1)"]
        EL = (1 - pL) * st["II folds with a good hand (Y=0)"] + pL * st["II folds with a poor hand (Y=1)"]
        v_bluff = (2 * P - 1) * (a + b) - P * b * EW + (1 - P) * (2 * a + b) * EL
        v_honest = (2 * P - 1) * a + P * b - P * b * EW
        assert sp.simplify(bluff * v_bluff + (1 - bluff) * v_honest - value) == 0, case
    cases = {endgame_hidden.binary(sp.Integer(1), R(b, 4), R(p, 10), R(17, 20), R(7, 20))[0]
             for p in range(1, 10) for b in (1, 2, 4, 8, 16, 32)}
    assert cases == {"case 1", "case 2", "case 3", "case 4"}  # Figure 3's parameters cross all four


# --- §6 imprecise information for I -------------------------------------------------------------------


def test_imprecise_binary_case_3_section_6_errata_fold():
    a, b, pi, pH, pL = sp.Integer(1), sp.Integer(2), R(1, 4), R(9, 10), R(1, 5)
    case, st, value = endgame_imprecise.binary(a, b, pi, pH, pL)
    Q0 = R(2, 3)
    alpha1 = (pH - pL) / (Q0 - pL) * pi
    assert case == "case 3"
    assert st["I bets a low card"] == (alpha1 - pi) / (1 - pi)
    assert st["II folds"] == (1 - Q0) * (1 - 2 * pL) / (Q0 - pL) == b * (1 - 2 * pL) / ((2 * a + b)
                                                                                       - (2 * a + 2 * b) * pL)
    mu = pi * pH + (1 - pi) * pL
    assert value == 2 * a * pi * (pH - pL) * (1 - Q0) / (Q0 - pL) + a * (2 * mu - 1)


def test_imprecise_binary_other_cases_section_6():
    one = sp.Integer(1)
    # both p <= 1/2: check, II calls, value a(2mu - 1)
    assert endgame_imprecise.binary(one, one, R(1, 2), R(2, 5), R(1, 5))[2] == R(2, 5) + R(1, 5) - 1
    # both p >= 1/2 (docs/errata.md: fold iff mu >= Q0): Q0 = 3/4 with b = a
    case, _, value = endgame_imprecise.binary(one, one, R(1, 2), one, R(3, 5))
    assert case == "case 1" and value == 1  # mu = 4/5 >= 3/4
    case, _, value = endgame_imprecise.binary(one, one, R(1, 2), R(4, 5), R(3, 5))
    assert case == "case 2" and value == 2 * (2 * R(7, 10) - 1)  # mu = 7/10 < 3/4: (a+b)(2mu-1)
    # pL < 1/2 < pH <= Q0: case 2 value a(2mu-1) + b pi (2pH - 1) (= b alpha0 (2 mu0 - 1) + a(2mu - 1))
    case, _, value = endgame_imprecise.binary(one, one, R(1, 2), R(7, 10), R(1, 5))
    assert case == "case 2" and value == (R(7, 10) + R(1, 5) - 1) + R(1, 2) * (R(7, 5) - 1)


@pytest.mark.parametrize("pi,pH,pL,b", [(R(1, 4), R(9, 10), R(1, 5), 2), (R(1, 3), R(3, 4), R(2, 5), 1),
                                        (R(1, 2), R(9, 10), R(1, 5), 2), (R(1, 10), R(7, 10), R(1, 5), 2),
                                        (R(1, 2), R(2, 5), R(1, 5), 1), (R(1, 2), R(4, 5), R(3, 5), 1)])
def test_imprecise_general_rule_matches_the_binary_closed_form_section_6(pi, pH, pL, b):
    a, b = sp.Integer(1), sp.sympify(b)
    _c1, s1, v1 = endgame_imprecise.binary(a, b, pi, pH, pL)
    _c2, s2, v2 = endgame_imprecise.general(a, b, (pH, pL), (pi, 1 - pi))
    assert v1 == v2 and s1["II folds"] == s2["II folds"]
    assert s1["I bets a low card"] == s2[f"I bets with p={pL}"]


def test_imprecise_general_rule_with_three_cards_satisfies_g_over_alpha_equals_q0():
    a, b = sp.Integer(1), sp.Integer(2)
    probs, weights = (R(19, 20), R(3, 5), R(1, 10)), (R(1, 5), R(1, 5), R(3, 5))
    case, st, _value = endgame_imprecise.general(a, b, probs, weights)
    bet = [st[f"I bets with p={p}"] for p in probs]
    alpha1 = sum(w * x for w, x in zip(weights, bet, strict=True))
    g = sum(w * x * p for w, x, p in zip(weights, bet, probs, strict=True))
    assert case == "case 3" and g / alpha1 == R(2, 3)  # Q0 = (2a+b)/(2a+2b)


# --- domains ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("call,name", [
    (lambda: endgame.solve(a=0, b=1, P=R(1, 2)), "a"),
    (lambda: endgame.solve(a=1, b=1, P=1), "P"),
    (lambda: endgame.solve(a=1, b=-1, P=R(1, 2)), "b"),
    (lambda: endgame_rounds.solve_n_round(a=1, P=R(1, 2), bets=(1, 0)), "bets"),
    (lambda: endgame_rounds.solve_two_round(a=1, b1=0, b2=1, P=R(1, 2)), "b1"),
    (lambda: endgame_continuum.solve(B=0, P=R(1, 2)), "B"),
    (lambda: endgame_hidden.solve(pW=R(1, 5), pL=R(1, 2)), "pL"),
    (lambda: endgame_hidden.solve(Y="gaussian"), "Y"),
    (lambda: endgame_imprecise.solve(pi=0), "pi"),
    (lambda: endgame_imprecise.solve(probs=(R(1, 2),), weights=(R(1, 2),)), "weights"),
])
def test_endgame_parameters_outside_the_domain_are_named(call, name):
    with pytest.raises(ValueError, match=f"parameter {name}"):
        call()


def test_hidden_info_bluff_share_of_bets_is_independent_of_p_section_5():
    # Case 1 of the general solution: P(I has L | I bets) = alpha0 g'(alpha0) / (1 + alpha0 g'(alpha0)),
    # independent of P; with example 3's triangular observation g'(alpha) = 2 - 2 alpha
    a, b = sp.Integer(1), sp.Integer(2)
    alpha0 = b / (2 * a + b)
    expected = alpha0 * (2 - 2 * alpha0) / (1 + alpha0 * (2 - 2 * alpha0))
    for P in (R(1, 10), R(1, 4), R(2, 5)):  # P < 1/2: the right slope s_r is positive
        case, st, _ = endgame_hidden.triangular(a, b, P)
        bluff = st["I bluffs (bets a losing card)"]
        assert case.startswith("positive right slope")
        assert sp.simplify((1 - P) * bluff / ((1 - P) * bluff + P) - expected) == 0


def test_hidden_info_general_finite_solution_reduces_to_the_binary_cases_section_5():
    one = sp.Integer(1)
    for b in (R(1, 4), R(1, 2), one, sp.Integer(2), sp.Integer(4), sp.Integer(8)):
        for p in range(1, 10):
            P, pW, pL = R(p, 10), R(17, 20), R(7, 20)  # Figure 3's pW = .85, pL = .35
            _, s1, v1 = endgame_hidden.binary(one, b, P, pW, pL)
            _, s2, v2 = endgame_hidden.finite(one, b, P, (1 - pW, pW), (1 - pL, pL))
            assert v1 == v2
            assert s1["I bluffs (bets a losing card)"] == s2["I bluffs (bets a losing card)"]
            assert s1["II folds with a good hand (Y=0)"] == s2["II folds seeing Y=0"]
            assert s1["II folds with a poor hand (Y=1)"] == s2["II folds seeing Y=1"]
