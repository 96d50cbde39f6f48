"""Heads-up push/fold: the exact linear program, certified, against HoldemResources' published
Nash chart, DCFR, and the game's own symmetries."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.pushfold.cfr import solve_cfr
from pokerlab.pushfold.chart import PUSHES, headsup_chart
from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.headsup import solve_headsup
from pokerlab.pushfold.solution import CERTIFIED_GAIN, solve, threshold_profile
from pokerlab.pushfold.values import PRIOR, evaluate

# HoldemResources' heads-up push/fold Nash chart, small blind's pushing stacks (no ante),
# rows of the chart with no gap marks, as published at holdemresources.net ("20+": every
# stack up to 20). Row K: AKo KK KQs ... K2s; row 2: A2o K2o ... 32o 22; and so on.
HRC_PUSH = {
    "K": "20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 19.9 19.3",
    "Q": "20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 16.3 13.5 12.7",
    "J": "20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 18.6 14.7 13.5 10.6 8.5",
    "T": "20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 11.9 10.5 7.7 6.5",
    "9": "20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 14.4 6.9 4.9 3.7",
    "8": "20+ 18.0 13.0 13.3 17.5 20+ 20+ 20+ 20+ 18.8 10.1 2.7 2.5",
    "7": "20+ 16.1 10.3 8.5 9.0 10.8 14.7 20+ 20+ 20+ 13.9 2.5 2.1",
    "3": "20+ 12.2 7.5 5.0 3.4 2.5 1.9 1.8 1.7 1.8 1.6 20+ 1.7",
    "2": "20+ 11.6 7.0 4.6 2.9 2.2 1.8 1.6 1.5 1.5 1.4 1.4 20+",
}
RANKS = "AKQJT98765432"


def _published() -> dict[str, str]:
    out = {}
    for row, values in HRC_PUSH.items():
        for col, v in zip(RANKS, values.split(), strict=True):
            i, j = RANKS.index(row), RANKS.index(col)
            name = row + col if i == j else (row + col + "s" if j > i else col + row + "o")
            out[name] = v
    return out


def test_ten_big_blinds_is_solved_exactly_and_certified() -> None:
    s = solve(PushFoldGame((10, 10)))
    assert s.method == "linear program" and s.certified
    assert max(s.evaluation.gains) < CERTIFIED_GAIN
    assert s.share(0) == pytest.approx(0.58284, abs=1e-5)   # SB pushes 58.3% of hands
    assert s.share(1) == pytest.approx(0.37376, abs=1e-5)   # BB calls 37.4%
    assert sum(s.evaluation.value) == pytest.approx(0.0, abs=1e-12)  # chips are conserved


@pytest.mark.parametrize("name", ["K2o", "Q2o", "J2s", "T3s", "95s", "K8o", "T8o", "74s", "K3o", "T2o",
                                  "72o", "32o"])
def test_the_published_chart_s_edges(name: str) -> None:
    """At the published stack the class pushes at least half the time, 0.1 bb above it less."""
    stack = float(_published()[name])
    c = PREFLOP_CLASSES.index(name)
    at = solve_headsup(PushFoldGame((stack, stack)))[0][c, 1]
    above = solve_headsup(PushFoldGame((stack + 0.1, stack + 0.1)))[0][c, 1]
    assert at >= PUSHES > above


@pytest.mark.slow
def test_the_whole_published_chart() -> None:
    chart = headsup_chart(max_stack=20, step=0.1)
    ours = {name: chart.label(chart.push[name]) for name in PREFLOP_CLASSES}
    published = {n: ("20+" if v == "20+" else v) for n, v in _published().items()}
    assert {n: ours[n] for n in published} == published
    assert chart.worst_gain < CERTIFIED_GAIN
    # classes that push at a stack and never at a smaller one: the small suited hands
    assert {"63s", "53s", "43s"} <= set(chart.gaps["push"]) and chart.gaps["call"] == ()


def test_dcfr_reaches_the_linear_program_s_answer() -> None:
    game = PushFoldGame((8, 8), ante=0.125)
    exact = evaluate(game, solve_headsup(game))
    run = solve_cfr(game, target=1e-4)
    assert run.reached and max(run.evaluation.gains) <= 1e-4
    assert run.evaluation.value[0] == pytest.approx(exact.value[0], abs=1e-4)


def test_a_limp_can_only_help_the_small_blind() -> None:
    plain = solve(PushFoldGame((12, 12)))
    limp = solve(PushFoldGame((12, 12), opening="limp"))
    raise_ = solve(PushFoldGame((12, 12), opening="min-raise"))
    assert limp.certified and raise_.certified
    assert limp.evaluation.value[0] >= plain.evaluation.value[0] - 1e-12
    assert raise_.evaluation.value[0] >= plain.evaluation.value[0] - 1e-12
    assert limp.share(0, 1) > 0.05   # the limp is used


def test_heads_up_prizes_scale_chips() -> None:
    """With two players the ICM is linear in chips: the same game, values scaled by
    (first - second prize) / total chips."""
    chips = solve(PushFoldGame((15, 9)))
    prizes = solve(PushFoldGame((15, 9), payouts=(70, 30)))
    assert prizes.certified
    assert prizes.evaluation.value[0] == pytest.approx(chips.evaluation.value[0] * 40 / 24, abs=1e-9)


def test_unequal_stacks_play_the_effective_stack() -> None:
    a = solve(PushFoldGame((7, 30)))
    b = solve(PushFoldGame((7, 7)))
    assert a.evaluation.value[0] == pytest.approx(b.evaluation.value[0], abs=1e-12)


def test_the_dividing_point_reading_names_what_breaks_a_single_threshold() -> None:
    s = solve(PushFoldGame((10, 10)))
    sb = s.readings[0]
    assert sb.point == pytest.approx(1 - s.share(0), abs=1e-12)
    # suited connectors push where offsuit queens of more raw equity fold
    assert "Q6o" in sb.breakers
    t = evaluate(s.game, threshold_profile(s))
    assert 0 < max(t.gains) < 0.05   # what the one-threshold reading concedes, in bb


def test_an_opening_s_reading_splits_folding_from_playing() -> None:
    s = solve(PushFoldGame((12, 12), opening="limp"))
    sb = s.readings[0]
    assert sb.point == pytest.approx(s.share(0, 0), abs=1e-12)  # the folds are below the point
    assert "AA" not in sb.breakers   # AA limps: it plays, as the reading's top does
    t = evaluate(s.game, threshold_profile(s))
    assert 0 < max(t.gains) < 0.05


def test_push_shares_shrink_with_the_stack() -> None:
    shares = [float(solve_headsup(PushFoldGame((s, s)))[0][:, 1] @ PRIOR) for s in (3, 6, 10, 15, 25)]
    assert shares == sorted(shares, reverse=True)
    assert np.isclose(float(solve_headsup(PushFoldGame((1.2, 1.2)))[0][:, 1] @ PRIOR), 1.0)
