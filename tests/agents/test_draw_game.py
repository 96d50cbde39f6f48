"""The five-card draw class game: classes, keeps, the game for the engine, its solution and
its dividing-point reading."""

from __future__ import annotations

import numpy as np
import pytest
import threadpoolctl

from pokerlab.agents.draw.classes import CLASS_NAMES, hand_classes, keep_masks, transitions
from pokerlab.agents.draw.game import (
    ClassGameSettings,
    ClassSolution,
    build_game,
    read_decision,
    slice_equity,
    slices,
    solve,
    solve_game,
)
from pokerlab.agents.draw.rules import discard_masks
from pokerlab.arena.draw_exactness import whole_hand_exactness
from pokerlab.equilibrium import FlatGame
from pokerlab.evaluate import random_hands

SMALL = ClassGameSettings(levels=3, iterations=300)


def test_keep_for_the_rules_count_is_the_rules_keep() -> None:
    hands = random_hands(20_000, 5, seed=3)
    rules = discard_masks(hands)
    drawn = np.array([bin(int(m)).count("1") for m in rules])
    for k in range(5):
        mine = keep_masks(hands[drawn == k], k)
        assert (mine == rules[drawn == k]).all()
        assert all(bin(int(m)).count("1") == k for m in keep_masks(hands[:50], k))


def test_class_shares_match_exact_counts() -> None:
    # Trips 54,912 and two pair 123,552 of 2,598,960 hands; a pair of jacks to aces 4 x 84,480.
    _, joint = transitions()
    share = joint.sum(axis=1) / joint.sum()
    n = joint.sum()
    for name, exact in (("trips", 54_912), ("kings-aces", 2 * 84_480)):
        p = exact / 2_598_960
        assert abs(share[CLASS_NAMES.index(name)] - p) < 4 * np.sqrt(p * (1 - p) / n)
    two_pair = share[CLASS_NAMES.index("two pair low")] + share[CLASS_NAMES.index("two pair high")]
    assert abs(two_pair - 123_552 / 2_598_960) < 0.001
    assert set(np.unique(hand_classes(random_hands(5000, 5, seed=1)))) == set(range(len(CLASS_NAMES)))


def test_class_game_groups_pre_draw_decisions_and_solves() -> None:
    game = build_game(SMALL)
    flat = FlatGame.build(game)
    assert flat.grouped and game.num_hands == (36, 36)
    solved = solve_game(SMALL)
    root = solved.engine.node_block(0)
    assert np.allclose(root[0::3], root[1::3]) and np.allclose(root[0::3], root[2::3])
    r = whole_hand_exactness(solved)
    # Solved well below a hundredth of a small bet; the reading gives up little against it.
    assert r.engine_exploitability < 0.003
    assert r.engine_exploitability < r.read_exploitability < 0.05
    assert max(r.read_concedes) < 0.005
    assert -0.1 < r.engine_value_p0 < 0  # acting first costs


def test_slice_equity_splits_ties() -> None:
    # Three slices over four values (higher is stronger): always the lowest value; the lowest or
    # the next, half and half; always the highest. A slice against itself ties whatever it
    # holds: one half; the mixed one ties the first half the time and wins otherwise.
    sl = np.array([[1.0, 0, 0, 0], [0.5, 0.5, 0, 0], [0, 0, 0, 1.0]]).reshape(1, 1, 3, 4)
    assert slice_equity(sl).tolist() == [[0.5, 0.25, 0.0], [0.75, 0.5, 0.0], [1.0, 1.0, 0.5]]


def test_class_game_equities_of_two_slices_sum_to_one() -> None:
    # Win, lose or tie: a showdown's equities from both sides add up to one only when a tie is
    # split; a slice against itself is an even game.
    counts, _ = transitions(SMALL.samples, SMALL.seed)
    equity = slice_equity(slices(counts, SMALL.levels))
    assert np.abs(equity + equity.T - 1.0).max() < 1e-12
    assert np.abs(np.diag(equity) - 0.5).max() < 1e-12


def _in_order(a: np.ndarray, b: np.ndarray) -> float:
    total = 0.0
    for x, y in zip(a.tolist(), b.tolist(), strict=True):
        total += x * y
    return total


def test_class_game_sums_are_taken_in_value_order() -> None:
    # The shipped solutions follow the equities' last bits (test_shipped_solutions_are_what_the_
    # solver_gives), so every sum over the 7,462 values is taken in value order, as a plain
    # loop takes it, not in the order of a BLAS kernel and its threads.
    from pokerlab.agents.draw.game import class_axis
    from pokerlab.agents.draw.game3 import RULES_DRAW, showdown_shares
    from pokerlab.agents.draw.ranges import rules_ranges, strengths

    counts, _ = transitions(SMALL.samples, SMALL.seed)
    flat = slices(counts, SMALL.levels).reshape(-1, counts.shape[-1])
    equity = slice_equity(slices(counts, SMALL.levels))
    below = np.cumsum(flat, axis=1) - flat / 2
    rng = np.random.default_rng(40)
    for a, b in rng.integers(0, len(flat), size=(40, 2)):
        assert equity[a, b] == _in_order(flat[a], below[b]), (a, b)
    rules_counts, _ = rules_ranges()
    s = strengths(rules_counts.sum(axis=0) / rules_counts.sum())
    p = counts / np.maximum(counts.sum(axis=2, keepdims=True), 1)
    best = [max(_in_order(p[c, k], s) for k in range(p.shape[1])) for c in range(p.shape[0])]
    assert class_axis(SMALL.samples, SMALL.seed).tolist() == best
    two, _ = showdown_shares(SMALL.samples, SMALL.seed)
    p = np.stack([counts[c, RULES_DRAW[c]] / counts[c, RULES_DRAW[c]].sum() for c in range(len(two))])
    g = np.cumsum(p, axis=1) - p / 2
    assert two.tolist() == [[_in_order(p[a], g[b]) for b in range(len(two))] for a in range(len(two))]


def test_class_game_equities_do_not_depend_on_blas_threads() -> None:
    counts, _ = transitions(SMALL.samples, SMALL.seed)
    sl = slices(counts, SMALL.levels)
    with threadpoolctl.threadpool_limits(limits=1, user_api="blas"):
        alone = slice_equity(sl)
    assert np.array_equal(alone, slice_equity(sl))


def test_solution_round_trips_and_reads_the_textbook_shape() -> None:
    solution = solve(SMALL, cache=False)
    again = ClassSolution.from_json(solution.to_json())
    assert again.decision(()).probs == pytest.approx(solution.decision(()).probs, abs=1e-6)
    facing = solution.decision(("bet",))
    # Pat hands and trips never fold to a first-round bet; nothing never calls.
    for name in ("pat", "trips"):
        assert facing.probs[CLASS_NAMES.index(name), facing.actions.index("fold")] == 0
    assert facing.probs[CLASS_NAMES.index("nothing"), facing.actions.index("call")] < 0.05


def test_read_decision_keeps_wide_segments_and_merges_narrow_ones() -> None:
    key = np.arange(4.0)
    width = np.array([1.0, 1.0, 1.0, 1.0])
    block = np.array([[1.0, 0.0], [0.999, 0.001], [0.2, 0.8], [0.0, 1.0]])
    read = read_decision(key, width, block, 0.01)
    assert read[1].tolist() == [1.0, 0.0]  # the sliver went to its neighbour
    assert read[2] == pytest.approx([0.2, 0.8])
    assert read.sum(axis=1) == pytest.approx(np.ones(4))


def test_default_solutions_ship_with_the_package(monkeypatch) -> None:
    from pokerlab.agents.draw import game as draw_game
    from pokerlab.agents.draw import game3 as draw_game3

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved instead of loading the shipped data")

    monkeypatch.setattr(draw_game, "solve_game", no_solving)
    monkeypatch.setattr(draw_game3, "solve_game3", no_solving)
    monkeypatch.setattr(draw_game, "_SOLVED", {})
    monkeypatch.setattr(draw_game3, "_SOLVED3", {})
    for bet in ("limit", "pot-limit"):
        settings = ClassGameSettings(bet=bet)
        assert (draw_game.SHIPPED / draw_game.solution_file(settings)).is_file()
        assert solve(settings).decision(()).probs.shape == (12, 2)
    assert draw_game3.solve3().decision(()).player == 0


@pytest.mark.slow
def test_shipped_solutions_are_what_the_solver_gives(tmp_path) -> None:
    import filecmp

    from pokerlab.agents.draw import game3 as draw_game3

    for path in draw_game3.ship(tmp_path):
        assert filecmp.cmp(path, draw_game3.SHIPPED / path.name, shallow=False), path.name
