"""Equity by classes (issue 16): exact answers equal to the brute-force enumeration, Monte Carlo
within three standard errors, the same answers for any thread count, chunks that combine.

``brute_force`` (conftest) is the exact enumeration the package used before deal and board
classes: every joint deal, every board, every hand evaluated.
"""

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerlab.cards import ALL_COMBOS, COMBO_CARDS, PREFLOP_CLASSES, Range, combos_of_class, parse_cards
from pokerlab.executors import Executor
from pokerlab.strength import equity
from pokerlab.strength._board_classes import deal_counts, scratch
from pokerlab.strength._deal_classes import COMBO_MAPS, card_set, deal_classes
from pokerlab.strength._monte_carlo import CHUNK_SAMPLES, build_plan
from pokerlab.strength.equity import equity_problem, monte_carlo_counts
from pokerlab.strength.equity_grid import equity_grid

# The issue's problems (the Monte Carlo one is the range problem with a stderr target).
HEADS_UP = (["AcAd", "KhKs"], "")
RANGE_FLOP = (["QQ+, AKs", "random"], "Qh7h2c")
THREE_WAY = (["AA", "KK", "QQ"], "")
RANGE_VS_RANGE = (["22+, A2s+, KTo+", "QQ+, AK"], "")
SLOW_WITH_FIXTURE = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


def _summary(counts, n):
    wins = [int(counts[1 << p]) for p in range(n)]
    ties = [int(sum(counts[m] for m in range(1 << n) if m >> p & 1 and m != 1 << p)) for p in range(n)]
    return wins, ties, int(counts.sum())


@st.composite
def deals(draw, max_players=6, preflop=True):
    """A deal of known hands: 2..max_players players, a board of 0 (optional), 3, 4 or 5 cards, dead cards."""
    sizes = [0, 3, 4, 5] if preflop else [3, 4, 5]
    n = draw(st.integers(2, max_players))
    board_size = draw(st.sampled_from(sizes))
    dead = draw(st.integers(0, 3))
    cards = draw(st.permutations(range(52)))[: 2 * n + board_size + dead]
    holes = [cards[2 * p: 2 * p + 2] for p in range(n)]
    board = cards[2 * n: 2 * n + board_size]
    return holes, board, cards[2 * n + board_size:]


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_WITH_FIXTURE)
@given(deals(preflop=False))
def test_board_classes_equal_every_board(brute_force, deal):
    holes, board, dead = deal
    n = len(holes)
    counts = np.zeros(1 << n, dtype=np.int64)
    known = card_set(board + dead)
    deal_counts(np.array(holes, dtype=np.int64), np.array(board, dtype=np.int64), counts,
                scratch(n, np.array(board, dtype=np.int64), np.int64(known)))
    _, wins, ties, total = brute_force(holes, board, dead)
    assert _summary(counts, n) == ([round(w) for w in wins], [round(t) for t in ties], round(total))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals(max_players=3))
def test_board_classes_equal_every_board_pre_flop_too(brute_force, deal):
    holes, board, dead = deal
    r = equity(holes, board=board, dead=dead)
    share, wins, ties, total = brute_force(holes, board, dead)
    assert list(r.wins) == [round(w) for w in wins] and list(r.ties) == [round(t) for t in ties]
    assert r.trials == round(total) and r.equity == pytest.approx(tuple(share), abs=1e-12)


@st.composite
def small_ranges(draw):
    """A weighted range of 1..4 pre-flop classes (weights 1/4, 1/2 or 1)."""
    names = draw(st.lists(st.sampled_from(PREFLOP_CLASSES), min_size=1, max_size=4, unique=True))
    weights = np.zeros(1326)
    for name in names:
        w = draw(st.sampled_from([0.25, 0.5, 1.0]))
        for a, b in combos_of_class(name):
            weights[b * (b - 1) // 2 + a] = w
    return Range(weights)


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW_WITH_FIXTURE)
@given(st.lists(small_ranges(), min_size=2, max_size=3), st.permutations(range(52)), st.sampled_from([4, 5]))
def test_weighted_ranges_on_the_turn_and_river_equal_the_brute_force(brute_force, ranges, deck, board_size):
    board = deck[:board_size]
    try:
        share, wins, ties, total = brute_force(ranges, board)
    except ValueError:  # a range with nothing left beside the board: the package refuses it too
        with pytest.raises(ValueError, match="range"):
            equity(ranges, board=board)
        return
    if total == 0:
        with pytest.raises(ValueError, match="no deal"):
            equity(ranges, board=board)
        return
    r = equity(ranges, board=board, exact=True)
    assert r.equity == pytest.approx(tuple(share), abs=1e-12)
    assert r.trials == pytest.approx(total, rel=1e-12)
    assert r.wins == pytest.approx(tuple(wins), rel=1e-12) and r.ties == pytest.approx(tuple(ties), rel=1e-12)


def test_ranges_that_never_meet_have_no_equity(brute_force):
    # Both players hold AA, two aces are on the board: every joint deal shares a card. The
    # reference gives no equity (NaN, without dividing by its zero total); the package refuses.
    board = parse_cards("AsAh2c3d")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        share, wins, ties, total = brute_force(["AA", "AA"], board)
    assert total == 0 and np.isnan(share).all() and not wins.any() and not ties.any()
    with pytest.raises(ValueError, match="no deal"):
        equity(["AA", "AA"], board=board)
    # No ace on the board: the ranges meet (6 deals of AA against AA, 44 rivers), half each.
    share, _, _, total = brute_force(["AA", "AA"], parse_cards("2c3d4h9s"))
    assert total == 6 * 44 and share == pytest.approx([0.5, 0.5], abs=1e-12)


def test_issue_problems_equal_the_brute_force(brute_force):
    for players, board in (HEADS_UP, RANGE_FLOP):
        b = parse_cards(board)
        r = equity(players, board=b)
        _, wins, ties, total = brute_force(players, b)
        assert r.exact and r.trials == round(total)
        assert list(r.wins) == [round(w) for w in wins] and list(r.ties) == [round(t) for t in ties]


@pytest.mark.slow
def test_issue_pre_flop_range_problems_equal_the_brute_force(brute_force):
    for players, _ in (THREE_WAY, RANGE_VS_RANGE):  # 22 s of brute force for the second
        r = equity(players)
        _, wins, ties, total = brute_force(players)
        assert r.exact and r.trials == round(total)
        assert list(r.wins) == [round(w) for w in wins] and list(r.ties) == [round(t) for t in ties]


def test_issue_problems_agree_with_ompeval():
    # OMPEval (zekyll/OMPEval), built and run beside the benchmark, enumerated the same problems:
    # its wins, and its ties doubled (it counts a two-way split as half a win).
    r = equity(RANGE_VS_RANGE[0])
    assert r.wins == (2_574_054_384, 5_243_775_312) and r.ties == (164_931_552, 164_931_552)
    r = equity(THREE_WAY[0])
    assert r.wins == (197_872_740, 52_100_496, 44_784_900) and r.deal_classes == 12


def test_deal_classes_weigh_every_joint_deal_once():
    w = np.zeros((2, 1326))
    w[0, [c for c in range(1326) if ALL_COMBOS[c, 0] >> 2 == ALL_COMBOS[c, 1] >> 2]] = 0.5  # pairs
    w[1, :] = 1.0
    leaves, weights, order = deal_classes([np.flatnonzero(w[0]), np.arange(1326)], w, 0)
    assert order == 24
    # 78 pairs at weight 1/2, each against the 1,225 hands without its cards.
    assert weights.sum() == pytest.approx(78 * 0.5 * 1225)
    # As many classes as orbits of the joint deals under the 24 suit permutations.
    first, second = np.nonzero((COMBO_CARDS[np.flatnonzero(w[0])][:, None] & COMBO_CARDS[None, :]) == 0)
    first = np.flatnonzero(w[0])[first]
    images = COMBO_MAPS[:, first] * 1326 + COMBO_MAPS[:, second]
    assert len(leaves) == len(np.unique(images.min(axis=0))) == 6097


def test_exact_answers_do_not_depend_on_the_thread_count():
    players, board = RANGE_FLOP
    one = equity(players, board=parse_cards(board), workers=1)
    two = equity(players, board=parse_cards(board), workers=2)
    assert one == two


def test_monte_carlo_is_seeded_chunked_and_thread_independent():
    players = ["AcAd", "random", "random"]
    one = equity(players, exact=False, samples=3 * CHUNK_SAMPLES + 17, seed=9, workers=1)
    two = equity(players, exact=False, samples=3 * CHUNK_SAMPLES + 17, seed=9, workers=2)
    assert one == two and one.trials == 3 * CHUNK_SAMPLES + 17
    assert equity(players, exact=False, samples=20_000, seed=10).equity != one.equity
    # Chunks computed apart (as a cluster would) add up to the whole run.
    problem = equity_problem(players)
    plan = build_plan(problem.weights, list(problem.fixed), list(problem.board), list(problem.dead))
    total = 4 * CHUNK_SAMPLES
    whole = monte_carlo_counts(plan, 5, 0, 4, total)
    parts = np.concatenate([
        monte_carlo_counts(plan, 5, 3, 1, total),
        monte_carlo_counts(plan, 5, 0, 3, total),
    ])
    np.testing.assert_array_equal(whole.sum(axis=0), parts.sum(axis=0))


@pytest.mark.parametrize(
    ("players", "board"),
    [
        HEADS_UP,
        RANGE_FLOP,
        (["AhKh:0.5, QQ, JTs:0.25", "99-66, AQo"], "Ts9s2d"),  # weighted: alias tables
        (["AcAd", "random", "random"], "2c7d9hTs"),
    ],
)
def test_monte_carlo_within_three_standard_errors(players, board):
    b = parse_cards(board)
    exact = equity(players, board=b, exact=True)
    mc = equity(players, board=b, exact=False, samples=200_000, seed=4)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < s < 0.005 and abs(e - m) < 3 * s
    assert sum(mc.equity) == pytest.approx(1.0)


def test_gibbs_sampling_when_ranges_are_drawn_in_several_groups(monkeypatch):
    from pokerlab.strength import _monte_carlo

    monkeypatch.setattr(_monte_carlo, "JOIN_LIMIT", 10)  # no joint table: one group per player
    players, board = ["QQ+, AK", "JJ-99, AQs", "KQ, QJs:0.5"], parse_cards("Ts9d4c")
    problem = equity_problem(players, board)
    plan = build_plan(problem.weights, list(problem.fixed), list(problem.board), list(problem.dead))
    assert len(plan.group_start) == 4
    exact = equity(players, board=board, exact=True)
    mc = equity(players, board=board, exact=False, samples=40 * CHUNK_SAMPLES // 4, seed=2)
    for e, m, s in zip(exact.equity, mc.equity, mc.stderr, strict=True):
        assert 0 < s < 0.01 and abs(e - m) < 3 * s


def test_stderr_target_stops_at_the_first_chunk_that_reaches_it():
    players = ["22+, A2s+, KTo+", "QQ+, AK"]
    r = equity(players, exact=False, samples=None, stderr=2e-3, seed=1)
    assert max(r.stderr) <= 2e-3 and r.trials % CHUNK_SAMPLES == 0
    shorter = equity(players, exact=False, samples=r.trials - CHUNK_SAMPLES, seed=1)
    assert max(shorter.stderr) > 2e-3
    capped = equity(players, exact=False, samples=CHUNK_SAMPLES, stderr=1e-6, seed=1)
    assert capped.trials == CHUNK_SAMPLES


def test_equity_grid_matches_one_deal_at_a_time():
    hand, board = parse_cards("AhKh"), parse_cards("Qh7h2c")
    g = equity_grid(hand, "QQ+, AJs, 76s:0.5", board)
    for combo in ("QdQs", "AcJc", "7s6s", "KdKc"):
        idx = ALL_COMBOS.tolist().index(sorted(parse_cards(combo)))
        assert g.combo_equity[idx] == pytest.approx(equity([hand, combo], board=board).equity[0], abs=1e-12)
    whole = equity([hand, "QQ+, AJs, 76s:0.5"], board=board)
    assert g.equity == pytest.approx(whole.equity[0], abs=1e-12)
    assert g.deal_classes < int(np.isfinite(g.combo_equity).sum())
    grid = g.grid()
    assert np.isnan(grid[0, 0]) and 0 < g.class_equity("76s") < 1
    with pytest.raises(ValueError, match="two known cards"):
        equity_grid("QQ", "AK")


class _TasksHere(Executor):
    """Runs the tasks here, but as an executor with three slots cuts them (not in-process)."""

    slots = 3

    def map(self, fn, tasks):
        return (fn(*task) for task in tasks)


@pytest.mark.parametrize("join_limit", [None, 10], ids=["independent", "gibbs"])
def test_monte_carlo_in_executor_tasks_is_the_same_run(join_limit, monkeypatch):
    from pokerlab.strength import _monte_carlo

    if join_limit is not None:
        monkeypatch.setattr(_monte_carlo, "JOIN_LIMIT", join_limit)
    players, board = ["QQ+, AK", "JJ-99, AQs", "KQ, QJs:0.5"], parse_cards("Ts9d4c")
    for run in ({"samples": 20 * CHUNK_SAMPLES + 5}, {"samples": None, "stderr": 2e-3}):
        here = equity(players, board=board, exact=False, seed=3, workers=1, **run)
        assert equity(players, board=board, exact=False, seed=3, **run) == here  # every thread
        assert equity(players, board=board, exact=False, seed=3, executor=_TasksHere(), **run) == here
        if "stderr" in run:  # the first chunk that meets the target ends the run
            assert max(here.stderr) <= 2e-3 and here.trials > CHUNK_SAMPLES
            fewer = equity(players, board=board, exact=False, seed=3, samples=here.trials - CHUNK_SAMPLES)
            assert max(fewer.stderr) > 2e-3
