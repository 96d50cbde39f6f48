"""Three-player Kuhn poker against the published family of equilibria (Szafron, Gibson and
Sturtevant, "A parameterized family of equilibrium profiles for three-player Kuhn poker",
AAMAS 2013; ranges as in ``pokerlab.equilibrium.games.kuhn_family``).

Members of every sub-family are exact equilibria (NashConv exactly 0 in rational
arithmetic), a point just outside any range is not, and our CFR+ average strategy lies in
the family.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.equilibrium import CFRSolver, FlatGame, kuhn, nash_conv
from pokerlab.equilibrium.exact import exact_gains
from pokerlab.equilibrium.games.kuhn_family import FamilyParameters, distance_to_family, family_parameters

FLAT = FlatGame.build(kuhn(players=3))
STEP = F(1, 48)


def _between(draw, lo: F, hi: F, *, open_ends: bool = False) -> F:
    """A multiple of 1/48 in [lo, hi] (or (lo, hi)), or lo when there is none."""
    grid = [k * STEP for k in range(49) if (lo < k * STEP < hi if open_ends else lo <= k * STEP <= hi)]
    return draw(st.sampled_from(grid)) if grid else lo


@st.composite
def members(draw) -> FamilyParameters:
    quarter, half = F(1, 4), F(1, 2)
    sub = draw(st.sampled_from(["c11 = 0", "0 < c11 < 1/2", "c11 = 1/2"]))
    if sub == "c11 = 0":
        c11, b21 = F(0), _between(draw, F(0), quarter)
        b11 = _between(draw, F(0), b21)
    elif sub == "c11 = 1/2":
        c11, b11 = half, _between(draw, F(0), quarter)
        b21 = _between(draw, F(0), min(b11, half - 2 * b11))
    else:
        b11 = b21 = _between(draw, F(0), quarter)
        top = (2 - b11) / (3 + 4 * b11) if b11 > F(1, 6) else half
        c11 = _between(draw, F(0), min(top, half), open_ends=True)
    spread = F(3, 4) * (b11 + b21) + max(b11, b21) / 4
    b23 = _between(draw, F(0), max(F(0), (b11 - b21) / (2 * (1 - b21))))
    b32 = _between(draw, F(0), min(F(1), half + spread))
    c33 = _between(draw, max(F(0), half - b32), min(F(1), half - b32 + spread))
    c34 = _between(draw, F(0), F(1))
    return FamilyParameters(c11=c11, b11=b11, b21=b21, b23=b23, b32=b32, c33=c33, c34=c34)


@settings(max_examples=8, deadline=None)
@given(members())
def test_members_are_exact_equilibria(params: FamilyParameters) -> None:
    assert params.violations() == []
    values, gained = exact_gains(FLAT.game, params.strategy(FLAT), max_denominator=10**6)
    assert gained == [0, 0, 0]
    assert values[1] == F(-1, 48) and sum(values) == 0


def _point(c11: F, b11: F, b21: F, b32: F, c33: F, b23: F = F(0)) -> FamilyParameters:
    return FamilyParameters(c11=c11, b11=b11, b21=b21, b23=b23, b32=b32, c33=c33)


NEAR_MISSES = {
    "c11 = 0 needs b11 <= b21": _point(F(0), F(1, 5), F(1, 10), F(1, 2), F(1, 5)),
    "c11 = 0 needs b21 <= 1/4": _point(F(0), F(1, 10), F(3, 10), F(1, 2), F(1, 5)),
    "interior needs b21 = b11": _point(F(1, 4), F(1, 5), F(1, 6), F(1, 2), F(1, 5)),
    "interior c11 bound": _point(F(9, 20), F(1, 4), F(1, 4), F(1, 2), F(1, 5)),
    "c11 = 1/2 needs b21 <= b11": _point(F(1, 2), F(1, 10), F(1, 5), F(1, 2), F(1, 5)),
    "c11 = 1/2 needs b21 <= 1/2 - 2 b11": _point(F(1, 2), F(1, 4), F(1, 10), F(1, 2), F(1, 5)),
    "b23 bound": _point(F(1, 2), F(1, 5), F(1, 10), F(1, 2), F(1, 5), b23=F(1, 10)),
    "b32 bound": _point(F(0), F(1, 10), F(1, 5), F(9, 10), F(0)),
    "c33 lower bound": _point(F(0), F(1, 10), F(1, 5), F(1, 3), F(1, 10)),
    "c33 upper bound": _point(F(0), F(1, 10), F(1, 5), F(1, 3), F(1, 2)),
}


@pytest.mark.parametrize("name", list(NEAR_MISSES))
def test_a_point_outside_a_range_is_not_an_equilibrium(name: str) -> None:
    params = NEAR_MISSES[name]
    assert params.violations() != []
    _, gained = exact_gains(FLAT.game, params.strategy(FLAT), max_denominator=10**6)
    assert max(gained) > 0


def test_cfr_plus_finds_a_member() -> None:
    solver = CFRSolver(FLAT, "cfr+")
    solver.run(1000)
    s = solver.average_strategy()
    assert nash_conv(s) < 1e-4
    params = family_parameters(s)
    print("three-player Kuhn, CFR+ 1000 iterations: family parameters", params)
    assert params.violations(tol=1e-3) == []
    assert distance_to_family(s) < 1e-3
    # Ten times more iterations: ten times closer.
    solver.run(9000)
    assert distance_to_family(solver.average_strategy()) < 1e-4
