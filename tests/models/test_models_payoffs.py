"""The papers' best-response payoff functions (pot owned by neither player), recomputed.

Ferguson, Ferguson & Gawargy §2.3 (2.2)-(2.7), §3.3 and §4.3 print these piecewise linear
functions; here each pure plan's payoff is recomputed from the closed-form thresholds.
"""

from __future__ import annotations

import pytest
import sympy as sp

from pokerlab.models import bet_after_check, raise_model, two_round
from pokerlab.models.payoffs import first_player_payoff as v1
from pokerlab.models.payoffs import second_player_payoff as v2

R = sp.Rational


@pytest.mark.parametrize("B", [sp.Integer(2), R(1, 2), sp.Integer(5)])
def test_section_2_3_formulas_2_2_to_2_7(B):
    s = bet_after_check.solve(B)
    f = bet_after_check.payoff_functions(B)
    x = sp.Symbol("x")
    for h in (R(1, 50), R(1, 7), R(2, 5), R(3, 5), R(4, 5), R(19, 20)):
        assert v1(s, "bet", h) == f["I bet"].subs(x, h)
        assert v1(s, "check-fold", h) == f["I check-fold"].subs(x, h)
        assert v1(s, "check-call", h) == f["I check-call"].subs(x, h)
        assert v2(s, "bet", "call", h) == f["II call (I bet)"].subs(x, h)
        assert v2(s, "bet", "fold", h) == 0
        assert v2(s, "check", "bet", h) == f["II bet (I checked)"].subs(x, h)
        assert v2(s, "check", "check", h) == f["II check (I checked)"].subs(x, h)


def test_section_3_3_payoffs_at_pot_limit():
    s = raise_model.solve(2, 6)
    t = s.thresholds
    a, d, e, f = t["a"], t["d"], t["e"], t["f"]
    for h in (R(1, 20), R(3, 10), R(7, 10), R(99, 100)):
        assert v1(s, "check", h) == 2 * h  # "v_c(x) = 2x for all x"
    assert v1(s, "bet-fold", R(1, 100)) == 2 * a  # 2a below e
    assert v1(s, "bet-fold", 1) == 2 * a + 2 * 3 * (f - e)
    assert v1(s, "bet-call", R(1, 100)) == 2 * a - 2 * 9 * (e - d)  # 2a - 2(1+B+R)(e-d) below d
    assert v1(s, "bet-call", 1) == 2 * a + 2 * 3 * (f - e) + 2 * 9 * (1 - f)
    assert v2(s, "bet", "raise", R(1, 100)) == 0  # w_r = 0 below a
    assert v2(s, "bet", "call", a) == 0  # w_c(a) = 0


def test_section_4_3_printed_payoffs_at_pot_limit():
    s = two_round.solve(2, 6)
    t = s.thresholds
    h, j, k, m, n = (t[x] for x in "hjkmn")
    # I (Fig. 4.2): V_cf = 6/5 above h, V_cc = 6x - 4/5 below g, V_cr = 18(x - j) + 6/5 above j,
    # V_bf = 12/5 above n, V_bc = -3/5 below k and 18(x - k) - 3/5 on (k, m)
    x = R(3, 100)
    assert x < t["g"]
    assert v1(s, "check-fold", R(99, 100)) == R(6, 5)
    assert v1(s, "check-call", x) == 6 * x - R(4, 5)
    assert v1(s, "check-call", R(99, 100)) == 6 * (R(99, 100) - h) + R(6, 5)
    assert v1(s, "check-raise", R(99, 100)) == 18 * (R(99, 100) - j) + R(6, 5)
    assert v1(s, "bet-fold", R(99, 100)) == R(12, 5)
    assert v1(s, "bet-call", x) == R(-3, 5)
    assert v1(s, "bet-call", (k + m) / 2) == 18 * ((k + m) / 2 - k) - R(3, 5)
    assert v1(s, "bet-call", R(99, 100)) == 18 * (R(99, 100) - n) + R(12, 5)
    # II when I checks (Fig. 4.3), units of 1/25: W_ch 0, 0..40, 40, 40..42; W_bf 4, 4..52, 52;
    # W_bc -5, -5..4, 4..52, 52, 52..70
    a, b, c, d, f = (t[x] for x in "abcdf")
    assert [25 * v2(s, "check", "check", y) for y in (0, a, d, f, 1)] == [0, 0, 40, 40, 42]
    assert [25 * v2(s, "check", "bet-fold", y) for y in (0, c, d, 1)] == [4, 4, 52, 52]
    assert [25 * v2(s, "check", "bet-call", y) for y in (0, b, c, d, f, 1)] == [-5, -5, 4, 52, 52, 70]
    # II when I bets (Fig. 4.4): W_f = 0; W_ca -8..0, 0, 0..16, 16; W_r 0, 0..24, 24
    assert [25 * v2(s, "bet", "fold", y) for y in (0, R(1, 2), 1)] == [0, 0, 0]
    assert [25 * v2(s, "bet", "call", y) for y in (0, a, d, f, 1)] == [-8, 0, 0, 16, 16]
    assert [25 * v2(s, "bet", "raise", y) for y in (0, t["e"], f, 1)] == [0, 0, 24, 24]
    # "when Player I bets ... Player II never needs to fold, it being at least as good to raise"
    assert all(v2(s, "bet", "raise", R(i, 50)) >= 0 for i in range(51))


@pytest.mark.parametrize("module,args", [
    (bet_after_check, (1 + sp.sqrt(5),)),  # the B minimising the value (§2.4)
    (raise_model, (1 + sp.sqrt(13) / 3, 4 + 2 * sp.sqrt(13) / 3)),  # optimal B and R (§3.4)
    pytest.param(two_round, (sp.sqrt(2), sp.Integer(3)), marks=pytest.mark.slow),
])
def test_surd_parameters_are_certified_by_exact_best_responses(module, args):
    from pokerlab.models.payoffs import best_response_gain

    assert best_response_gain(module.solve(*args)) == {"I": 0, "II": 0}


def test_best_response_gain_detects_a_wrong_threshold():
    from pokerlab.models.payoffs import best_response_gain

    s = raise_model.solve(2, 6)
    s.thresholds["e"] += R(1, 50)  # II raises as a bluff too often: I can exploit it
    assert best_response_gain(s)["I"] > 0
    s = raise_model.solve(2, 6)
    s.thresholds["a"] += R(1, 50)  # I bluffs too often: II can exploit it
    assert best_response_gain(s)["II"] > 0
