"""Closed forms against the independent engines, at the papers' parameters and beyond them.

Uniform(0,1) models: the dividing-point generator solves its own derivative equations under
the paper's structure (exact, so the thresholds must be *equal*) and certifies them by exact
best responses; its structure search must find the same value. Endgame models: the
sequence-form LP (HiGHS, 1e-9), or a fine discretisation within its error.
"""

from __future__ import annotations

import pytest
import sympy as sp

from pokerlab.models import get
from pokerlab.models.engine_checks import newman_check, threshold_check

R = sp.Rational


def _run(name: str, **params):
    spec = get(name)
    items = [f"{k}={v}" for k, v in params.items()]
    return spec, spec.run(items)


@pytest.mark.parametrize("name,params", [
    ("von-neumann", {"B": "1/2"}), ("von-neumann", {"B": 10}),
    ("bet-after-check", {"B": "1/3"}), ("bet-after-check", {"B": "3/2"}), ("bet-after-check", {"B": 5}),
    ("raise", {"B": 1, "R": 1}), ("raise", {"B": 3, "R": "1/2"}), ("raise", {"B": "1/2", "R": 5}),
    ("two-round", {"B": 2, "R": 6}), ("two-round", {"B": 1, "R": 3}), ("two-round", {"B": "2/3", "R": "2/3"}),
    ("two-round", {"B": 3, "R": 1}), ("two-round", {"B": "1/10", "R": 20}),
])
def test_uniform_models_equal_the_dividing_point_engine_exactly(name, params):
    _, s = _run(name, **params)
    c = threshold_check(s, discover_structure=False)
    assert c.agrees and c.max_diff == 0.0, c.notes
    assert "equal the closed form exactly" in c.notes[0]
    assert "exploitability 0 " in c.notes[1]


@pytest.mark.parametrize("name,params", [("raise", {"B": 2, "R": 6}), ("two-round", {"B": 2, "R": 6})])
def test_structure_search_finds_the_same_value(name, params):
    spec, s = _run(name, **params)
    c = spec.check(s)
    assert c.agrees
    assert any(n.startswith("structure search from the LP") for n in c.notes)


@pytest.mark.slow
@pytest.mark.parametrize("name,params", [
    ("von-neumann", {"B": 7}), ("bet-after-check", {"B": "5/2"}), ("raise", {"B": "1/4", "R": 2}),
    ("two-round", {"B": "1/3", "R": "1/3"}), ("two-round", {"B": 2, "R": 2}),
    ("two-round", {"B": 1, "R": 10}),
])
def test_structure_search_finds_the_same_value_slow(name, params):
    spec, s = _run(name, **params)
    c = spec.check(s)
    assert c.agrees, c.notes
    assert any(n.startswith("structure search from the LP") for n in c.notes), c.notes


def test_newman_by_exact_best_response():
    c = newman_check(get("newman").run())
    assert c.agrees and c.value == pytest.approx(1 / 7, abs=1e-15)
    assert "exact best response" in c.engine


ENDGAME_CASES = [
    ("endgame", {"a": 1, "b": 2, "P": "1/4"}), ("endgame", {"a": 2, "b": 1, "P": "3/5"}),
    ("endgame", {"a": 1, "b": 5, "P": "9/10"}), ("endgame", {"a": 3, "b": "1/2", "P": "1/20"}),
    ("endgame-two-round", {"a": 1, "b1": 2, "b2": 6, "P": "1/4"}),
    ("endgame-two-round", {"a": 1, "b1": 1, "b2": 3, "P": "1/2"}),
    ("endgame-two-round", {"a": 1, "b1": 1, "b2": 1, "P": "7/10"}),
    ("endgame-two-round", {"a": 1, "total": 8, "P": "1/3"}),
    ("endgame-n-round", {"a": 10, "P": "1/4", "stacks": "260,330", "n": 3}),
    ("endgame-n-round", {"a": 1, "P": "1/10", "bets": "1,1,2,5,3"}),
    ("endgame-n-round", {"a": 5, "P": "3/4", "bets": "10,20"}),
    ("endgame-n-round", {"a": 10, "P": "1/5", "stacks": "70,500", "n": 4}),
    ("endgame-hidden-info", {"P": "2/11", "pW": "36/43", "pL": "35/43"}),  # example 1 (case 4)
    ("endgame-hidden-info", {"P": "1/2", "pW": "4/5", "pL": "1/5"}),
    ("endgame-hidden-info", {"P": "2/3", "pW": "1/2", "pL": "1/10", "b": 1}),
    ("endgame-hidden-info", {"P": "9/10", "pW": "1/2", "pL": "2/5"}),
    ("endgame-hidden-info", {"P": "1/2", "pW": 1, "pL": "3/4", "b": 1}),  # example 2
    ("endgame-hidden-info", {"Y": "finite", "fW": "1/10,2/10,3/10,4/10", "fL": "4/10,3/10,2/10,1/10",
                             "P": "1/3"}),
    ("endgame-hidden-info", {"Y": "finite", "fW": "1/2,1/2,0", "fL": "1/4,1/4,1/2", "P": "1/2", "b": 1}),
    ("endgame-hidden-info", {"Y": "finite", "fW": "1/4,1/4,1/2", "fL": "1/2,1/2,0", "P": "1/2"}),
    ("endgame-hidden-info", {"Y": "finite", "fW": "1/10,9/10", "fL": "1/2,1/2", "P": "9/10", "b": 1}),
    ("endgame-imprecise", {}), ("endgame-imprecise", {"pi": "1/10", "pH": "7/10", "pL": "1/5"}),
    ("endgame-imprecise", {"pi": "1/2", "pH": "4/5", "pL": "3/5", "b": 1}),
    ("endgame-imprecise", {"probs": "19/20,3/5,1/10", "weights": "1/5,1/5,3/5"}),
    ("endgame-imprecise", {"probs": "1,1/2,1/3,0", "weights": "1/10,3/10,3/10,3/10", "b": 3}),
]


@pytest.mark.parametrize("name,params", ENDGAME_CASES)
def test_endgame_models_agree_with_the_lp(name, params):
    spec, s = _run(name, **params)
    c = spec.check(s)
    assert c.tolerance == 1e-9
    assert c.agrees, (c.numbers, s.strategy, c.value, s.value)
    assert len(c.numbers) >= 2


@pytest.mark.parametrize("params", [{"P": "1/5", "b": 2}, {"P": "1/3", "b": 1}])
def test_hidden_info_example_3_against_a_discretised_observation(params):
    spec, s = _run("endgame-hidden-info", Y="triangular", **params)
    c = spec.check(s)
    assert c.agrees and c.tolerance == pytest.approx(2 / 400)
    assert c.max_diff < 2e-3


@pytest.mark.parametrize("params", [{"B": 3, "P": "1/4"}, {"B": 8, "P": "1/2"}])
def test_continuum_against_the_lp_of_many_rounds(params):
    spec, s = _run("endgame-continuum", **params)
    c = spec.check(s)
    assert c.agrees, (c.numbers, c.value, float(s.value), c.tolerance)
    assert c.tolerance < 0.02


@pytest.mark.slow
def test_newman_discretised_lp_approaches_one_seventh():
    from pokerlab.models.engine_checks import newman_discretised_value

    coarse = newman_discretised_value(20)
    fine = newman_discretised_value(80, tuple(0.125 * k for k in range(1, 97)))
    assert abs(fine - 1 / 7) < abs(coarse - 1 / 7) and abs(fine - 1 / 7) < 2e-3
