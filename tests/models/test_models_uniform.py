"""Every number printed in Ferguson, Ferguson & Gawargy, "Uniform(0,1) two-person poker models".

Readings from docs/errata.md: values are "share of the pot minus 1" (= I's net gain); §3.2 equation 1
is -2a + (2+B)d = B; the optimal first bet of §3.4 is 1 + sqrt(13)/3; Newman's bet/call rules
as read in docs/errata.md; in §4.5 the threshold order has j < d for the limit games.
"""

from __future__ import annotations

import pytest
import sympy as sp

from pokerlab.models import bet_after_check, newman, raise_model, two_round, von_neumann
from pokerlab.models.base import check_order

R = sp.Rational


# --- §1.1 von Neumann's model -----------------------------------------------------------------


def test_von_neumann_pot_limit_numbers_section_1_1():
    # "When B = 2 ... a = 1/9, b = 7/9, and c = 5/9, and the value is v(2) = 1/9."
    s = von_neumann.solve(B=2)
    assert s.thresholds == {"a": R(1, 9), "c": R(5, 9), "b": R(7, 9)}
    assert s.value == R(1, 9)


def test_von_neumann_formulas_1_1_and_1_2_and_optimal_bet():
    B = sp.Symbol("B", positive=True)
    t = von_neumann.thresholds(B)
    assert sp.simplify(t["a"] - B / ((1 + B) * (4 + B))) == 0
    assert sp.simplify(t["b"] - (2 + 4 * B + B**2) / ((1 + B) * (4 + B))) == 0
    assert sp.simplify(t["c"] - B * (3 + B) / ((1 + B) * (4 + B))) == 0
    assert von_neumann.optimal_bet() == 2  # "the optimal bet size is the size of the pot"


@pytest.mark.parametrize("B", [R(1, 3), 1, 2, 5, R(17, 2)])
def test_von_neumann_value_equals_integral_of_its_strategies(B):
    assert von_neumann.value_by_integration(sp.sympify(B)) == von_neumann.value(sp.sympify(B))


# --- Newman (§1.2) ------------------------------------------------------------------------------


def test_newman_section_1_2():
    # "check if 1/7 < x < 4/7 ... The value is 1/7" (docs/errata.md reading of the bet/call rules)
    s = newman.solve()
    assert s.thresholds == {"bluff below": R(1, 7), "value bets above": R(4, 7)}
    assert s.value == R(1, 7)
    B = newman.B
    assert sp.simplify(newman.VALUE_HAND.subs(B, 0) - R(4, 7)) == 0  # value bets start at 4/7
    assert sp.simplify(newman.BLUFF_HAND.subs(B, 0) - R(1, 7)) == 0  # bluffs start at 1/7
    assert sp.limit(newman.BLUFF_HAND, B, sp.oo) == 0
    assert newman.value_by_integration() == R(1, 7)
    assert newman.certify()["holds"]


# --- §2 II may bet after a check -----------------------------------------------------------------


def test_bet_after_check_pot_limit_numbers_section_2_2():
    # "a = 1/12, e = 1/6, b = d = 1/2, f = 2/3 and c = 5/6"
    t = bet_after_check.solve(B=2).thresholds
    assert (t["a"], t["e"], t["b"], t["d"], t["f"], t["c"]) == (R(1, 12), R(1, 6), R(1, 2), R(1, 2), R(2, 3),
                                                                R(5, 6))
    # "Player I checks three-fourth of the time ... One-third of his bets are bluffs."
    assert t["c"] - t["a"] == R(3, 4)
    assert t["a"] / (t["a"] + 1 - t["c"]) == R(1, 3)
    # "Player II calls one-half of the time ... checks half the time and bets half the time."
    assert 1 - t["d"] == R(1, 2) and t["f"] - t["e"] == R(1, 2)


def test_bet_after_check_value_2_8_and_its_minimum():
    # (2.8) V = -de = -B^2/((1+B)(2+B)^2); pot limit -1/12; minimum at B = 1 + sqrt(5)
    assert bet_after_check.solve(B=2).value == R(-1, 12)
    B = sp.Symbol("B", positive=True)
    t = bet_after_check.thresholds(B)
    assert sp.simplify(bet_after_check.value(B) + t["d"] * t["e"]) == 0
    assert sp.simplify(bet_after_check.worst_bet_for_first_player() - (1 + sp.sqrt(5))) == 0


def test_bet_after_check_indifference_equations_2_2():
    B = sp.Symbol("B", positive=True)
    t = bet_after_check.thresholds(B)
    a, b, c, d, e, f = (t[k] for k in "abcdef")
    for lhs in (2 * d - B * (1 - d), (2 + B) * e + B * f - B, d + e - f, (2 + B) * a + B * c - B,
                (2 + B) * b - B * c - 2 * e, b + c - 2 * f):
        assert sp.simplify(lhs) == 0


@pytest.mark.parametrize("B", [R(1, 2), 2, 7])
def test_bet_after_check_value_and_alternative_strategy_section_2_6(B):
    B = sp.sympify(B)
    # both I's original strategy and the §2.6 alternative earn the value against II's strategy
    assert bet_after_check.value_by_integration(B) == bet_after_check.value(B)
    assert bet_after_check.value_by_integration(B, alternative=True) == bet_after_check.value(B)


def test_bet_after_check_alternative_equals_paper_at_pot_limit():
    # §2.6 prints "bet if f < x < c": the upper end c' = f + 1 - c equals c at B = 2
    s = bet_after_check.solve(B=2)
    assert s.points["c'"] == s.thresholds["c"] == R(5, 6)
    assert bet_after_check.solve(B=R(3, 2)).points["c'"] == R(29, 35)


def test_bet_after_check_payoff_functions_2_2_to_2_7_at_pot_limit():
    f = bet_after_check.payoff_functions(sp.Integer(2))
    x = sp.Symbol("x")
    # I is indifferent bet/check-fold at a, check-fold/check-call at b, check-call/bet at c (Fig. 2.2)
    at = {k: lambda v, k=k: f[k].subs(x, v) for k in f}
    assert at["I bet"](R(1, 12)) == at["I check-fold"](R(1, 12)) == 0
    assert at["I check-fold"](R(1, 2)) == at["I check-call"](R(1, 2))
    assert at["I check-call"](R(5, 6)) == at["I bet"](R(5, 6))
    # II: bet/check indifferent at e and f (Fig. 2.3)
    assert at["II bet (I checked)"](R(1, 6)) == at["II check (I checked)"](R(1, 6))
    assert at["II bet (I checked)"](R(2, 3)) == at["II check (I checked)"](R(2, 3))


# --- §3 II may raise ----------------------------------------------------------------------------


def test_raise_pot_limit_numbers_section_3_2():
    # a = 2/21 = .095, b = 17/21 = .810, c = 19/21 = .905, d = 23/42 = .547, e = 12/21 = .571, f = 20/21
    t = raise_model.solve(B=2, R=6).thresholds
    exact = {"a": R(2, 21), "b": R(17, 21), "c": R(19, 21), "d": R(23, 42), "e": R(12, 21), "f": R(20, 21)}
    assert t == exact
    printed = {"a": ".095", "b": ".810", "c": ".905", "e": ".571", "f": ".952"}
    for k, text in printed.items():
        assert f"{float(t[k]):.3f}"[1:] == text
    assert f"{float(t['d']):.4f}" == "0.5476"  # printed ".547...": the digits, truncated
    # "Player I checks about 70% of the time. Of Player I's bets, one-third are bluffs ...
    #  Of Player II's raises, one-third are bluffs"
    assert abs(float(t["b"] - t["a"]) - 0.70) < 0.02
    assert t["a"] / (t["a"] + 1 - t["b"]) == R(1, 3)
    assert (t["e"] - t["d"]) / ((t["e"] - t["d"]) + 1 - t["f"]) == R(1, 3)


def test_raise_closed_form_3_3_solves_the_indifference_equations_errata_equation_1():
    B, Rr = sp.symbols("B R", positive=True)
    t = raise_model.thresholds(B, Rr)
    for lhs in raise_model.indifference_equations(B, Rr, t):
        assert sp.simplify(lhs) == 0


def test_raise_value_and_optimal_sizes_section_3_4():
    B, Rr = sp.symbols("B R", positive=True)
    assert sp.simplify(raise_model.value(B, Rr) - raise_model.thresholds(B, Rr)["a"]) == 0
    assert sp.simplify(raise_model.optimal_raise(B) - (2 + 2 * B)) == 0  # raise the pot
    v = sp.simplify(raise_model.value(B, 2 + 2 * B))
    assert sp.simplify(v - 8 * B**2 / ((1 + B) * (4 + 36 * B + 9 * B**2))) == 0
    best = raise_model.optimal_bet()
    assert sp.simplify(best - (1 + sp.sqrt(13) / 3)) == 0  # docs/errata.md: not sqrt(13)/9
    assert sp.simplify(9 * best**2 - 18 * best - 4) == 0
    assert f"{float(best):.5f}" == "2.20185"


@pytest.mark.parametrize("B,Rr", [(2, 6), (1, 1), (R(1, 3), 5), (4, R(1, 2))])
def test_raise_value_equals_integral_of_its_strategies(B, Rr):
    B, Rr = sp.sympify(B), sp.sympify(Rr)
    assert raise_model.value_by_integration(B, Rr) == raise_model.value(B, Rr)


# --- §4 two rounds with check-raise -------------------------------------------------------------


def test_two_round_pot_limit_numbers_section_4_2_and_value_4_4():
    # "All numbers are to be divided by 150: a = 8, g = 20, b = 77, c = 80, h = 110, d = 128, j = 130,
    #  f = 144, k = 75, m = 80, e = 136, n = 140"; V = -2/25
    s = two_round.solve(B=2, R=6)
    printed = {"a": 8, "g": 20, "b": 77, "c": 80, "h": 110, "d": 128, "j": 130, "f": 144, "k": 75, "m": 80,
               "e": 136, "n": 140}
    assert {k: 150 * v for k, v in s.thresholds.items()} == printed
    assert s.value == R(-2, 25)
    assert s.case == "pot-limit order (d < j)"


def test_two_round_general_equations_reduce_to_the_printed_pot_limit_ones_section_4_2():
    M, r = two_round.indifference_system(sp.Integer(2), sp.Integer(6))
    names = two_round.NAMES
    printed = [  # (coefficients, right side) exactly as printed, equations 1-12
        ({"k": 2}, 1), ({"g": 1, "h": -1, "j": 3}, 2), ({"h": -1, "j": 2}, 1),
        ({"g": 1, "h": -1, "k": -2, "m": 3}, 0), ({"k": -2, "m": 2, "n": 1}, 1),
        ({"g": 1, "h": -1, "j": -3, "k": 4, "m": -3, "n": 3}, 0),
        ({"b": 2, "d": -1, "f": 1, "g": -1}, 1), ({"b": 2, "c": -3, "d": -1, "f": 1, "h": 2}, 1),
        ({"b": -2, "c": 2, "f": 1}, 1), ({"a": 1, "d": -1, "e": 3, "f": -2}, 0),
        ({"d": 1, "e": -2, "f": 1}, 0), ({"e": 1, "f": 1, "n": -2}, 0),
    ]
    for i, (coeffs, rhs) in enumerate(printed):
        row = sp.Matrix([[coeffs.get(n, 0) for n in names] + [rhs]])
        ours = sp.Matrix([[*M.row(i), r[i]]])
        assert ours.rank() == 1 and sp.Matrix.vstack(row, ours).rank() == 1, f"equation {i + 1}"


def test_two_round_payoffs_section_4_3_at_pot_limit():
    # V_cf = 6/5 for h < x (paper units, pot owned by neither: I's check-fold with a strong hand
    # wins 2 when II checks, i.e. 2(j - h) + ... ); spot-check the value of the envelope instead:
    # the area under Fig. 4.2's envelope minus 1 is -2/25
    t = two_round.solve(B=2, R=6).thresholds
    first, second = two_round.profile(t)
    from pokerlab.models.profile import profile_value

    assert profile_value(first, second, two_round.outcome(sp.Integer(2), sp.Integer(6))) == R(-2, 25)


LIMIT_TABLE = {  # §4.5: columns bet = initial pot (B = 2), pot/3 (B = 2/3), pot/6 (B = 1/3), pot limit
    "a": (".059", ".069", ".051", ".053"), "b": (".511", ".269", ".160", ".513"),
    "c": (".526", ".283", ".170", ".533"), "d": (".821", ".644", ".555", ".853"),
    "e": (".850", ".690", ".595", ".906"), "f": (".939", ".919", ".910", ".960"),
    "g": (".140", ".117", ".080", ".133"), "h": (".719", ".530", ".443", ".733"),
    "j": (".790", ".609", ".505", ".867"), "k": (".500", ".250", ".143", ".500"),
    "m": (".526", ".283", ".170", ".533"), "n": (".895", ".804", ".752", ".933"),
}
COLUMNS = [(2, 2), (R(2, 3), R(2, 3)), (R(1, 3), R(1, 3)), (2, 6)]


@pytest.mark.parametrize("column", range(4))
def test_two_round_limit_table_section_4_5(column):
    B, Rr = COLUMNS[column]
    s = two_round.solve(B=B, R=Rr)
    assert s.case == ("pot-limit order (d < j)" if column == 3 else "limit order (j < d)")  # docs/errata.md
    for name, row in LIMIT_TABLE.items():
        printed = row[column]
        value = float(s.thresholds[name])
        if (name, column) == ("j", 0):
            # the one entry that is not the rounding of the exact value: j = 15/19 = .78947
            # prints as .790 (off by one in the last digit; e = 136/150 = .9067 is also
            # printed .906, truncated)
            assert s.thresholds["j"] == R(15, 19)
            assert abs(value - float(printed)) < 0.0006
        elif (name, column) == ("e", 3):
            assert s.thresholds["e"] == R(136, 150) and printed == ".906" and f"{value:.4f}" == "0.9067"
        else:
            assert f"{value:.3f}"[1:] == printed, name


def test_two_round_limit_text_percentages_section_4_5():
    pot, small = two_round.solve(B=2, R=6).thresholds, two_round.solve(B=R(1, 3), R=R(1, 3)).thresholds
    bets = lambda t: t["a"] + t["f"] - t["d"]  # noqa: E731  bet-fold, bet-fold, bet-call regions
    assert round(float(bets(small)), 2) == 0.41 and round(float(bets(pot)), 2) == 0.16  # "about 40%", "16%"
    assert round(float(small["b"] - small["a"]), 2) == 0.11 and round(float(pot["b"] - pot["a"]), 2) == 0.46
    assert round(float(small["h"] - small["g"]), 2) == 0.36 and pot["h"] - pot["g"] == R(3, 5)  # II checks
    assert round(float(1 - small["j"]), 1) == 0.5 and round(float(1 - pot["j"]), 2) == 0.13  # II bet-calls
    assert round(float(small["k"]), 2) == 0.14 and pot["k"] == R(1, 2)  # II folds to a bet
    assert round(float(1 - small["n"]), 2) == 0.25 and round(float(1 - pot["n"]), 2) == 0.07  # II raises


# --- ordering assumptions are checked, not assumed ----------------------------------------------


def test_check_order_names_the_broken_link():
    message = r"B=3: the closed form's threshold order 0 < a < b < 1 fails at a < b"
    with pytest.raises(ValueError, match=message):
        check_order("0 < a < b < 1", {"a": R(1, 2), "b": R(1, 3)}, "B=3")


@pytest.mark.parametrize("module,args", [
    (von_neumann, (2,)), (bet_after_check, (2,)), (raise_model, (2, 6)), (two_round, (2, 6)),
])
def test_every_uniform_closed_form_rejects_a_broken_order(monkeypatch, module, args):
    original = module.thresholds

    def swapped(*a):
        t = dict(original(*a))
        names = list(t)
        t[names[0]], t[names[-1]] = t[names[-1]], t[names[0]]  # lowest and highest exchanged
        return t

    monkeypatch.setattr(module, "thresholds", swapped)
    with pytest.raises(ValueError, match="threshold order"):
        module.solve(*args)


@pytest.mark.parametrize("module,kwargs,name", [
    (von_neumann, {"B": 0}, "B"), (bet_after_check, {"B": -1}, "B"), (raise_model, {"B": 2, "R": 0}, "R"),
    (two_round, {"B": -2, "R": 6}, "B"),
])
def test_parameters_outside_the_domain_are_named(module, kwargs, name):
    with pytest.raises(ValueError, match=f"parameter {name}"):
        module.solve(**kwargs)
