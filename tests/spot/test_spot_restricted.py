"""Restricted nodes (a data-biased response): the player plays a model with probability
``confidence`` at them and its own regret-matched strategy otherwise. At confidence 1 that is a
lock, at 0 no restriction, and in between the other player's strategy trades exploitability for
what it wins from the model, as restricted Nash responses do."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.spot.bestresponse import combo_values, pair_weight
from pokerlab.spot.solver import FAST, Solver
from pokerlab.spot.spec import Spot
from pokerlab.spot.tree import DECISION

SPOT = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20,
                       "oop_range": "AA,QQ,72o,JT", "ip_range": "KK,JJ,T9s,AQ", "bet": "50%,a"})
ITERATIONS = 300


@pytest.fixture(scope="module")
def station() -> dict[int, np.ndarray]:
    """IP as a calling station: it checks or calls at every decision."""
    s = Solver(SPOT)
    tree, deal = s.tree, s.deal
    out = {}
    for n in range(tree.size):
        if tree.kind[n] == DECISION and tree.player[n] == 1:
            kids = list(tree.children(n))
            m = np.zeros((len(kids), deal.num_hands[1]), dtype=np.float32)
            m[next(j for j, c in enumerate(kids) if tree.label[c] in ("c", "x"))] = 1.0
            out[n] = m
    return out


def solved(**kwargs) -> Solver:
    s = Solver(SPOT, **FAST, **kwargs)
    s.run(ITERATIONS)
    return s


def oop_values(s: Solver, strategy: np.ndarray, model: dict[int, np.ndarray]) -> tuple[float, float]:
    """OOP's value (chips) against the model, and IP's best-response value against OOP."""
    profile = strategy.copy()
    for n, m in model.items():
        profile[s.layout.block(n, 0)] = m.ravel()
    w = pair_weight(s.deal)
    against = float(s.deal.weights[0] @ combo_values(s.tree, s.deal, s.layout, profile, 0, False)) / w
    exploited = float(s.deal.weights[1] @ combo_values(s.tree, s.deal, s.layout, strategy, 1, True)) / w
    return against, exploited


def test_confidence_one_is_a_lock_and_zero_is_no_restriction(station) -> None:
    locked = solved(locks=station).average_strategy()
    assert np.array_equal(solved(restricted=station, confidence=1.0).average_strategy(), locked)
    free = solved().average_strategy()
    assert np.array_equal(solved(restricted=station, confidence=0.0).average_strategy(), free)


def test_more_confidence_wins_more_from_the_model_and_is_more_exploitable(station) -> None:
    rows = []
    for c in (0.0, 0.5, 0.75, 1.0):
        s = solved(restricted=station, confidence=c)
        rows.append(oop_values(s, s.average_strategy(), station))
    against, exploited = np.array(rows).T
    assert np.all(np.diff(against) >= -1e-3) and against[-1] > against[0] + 1.0
    assert np.all(np.diff(exploited) >= -1e-3) and exploited[-1] > exploited[0] + 5.0
    # the restricted response's first steps are cheap: at 0.5 it wins half or more of what the
    # best response to the model wins, for a tenth or less of the best response's exploitability
    assert against[1] - against[0] >= 0.5 * (against[-1] - against[0])
    assert exploited[1] - exploited[0] <= 0.1 * (exploited[-1] - exploited[0])


def test_a_restricted_node_averages_its_play(station) -> None:
    s = solved(restricted=station, confidence=0.5)
    avg = s.average_strategy()
    for n in station:
        block = avg[s.layout.block(n, 0)].reshape(int(s.tree.num_children[n]), -1)
        assert np.allclose(block.sum(axis=0), 1.0, atol=1e-5)
        passive = next(j for j, c in enumerate(s.tree.children(n)) if s.tree.label[c] in ("c", "x"))
        assert np.all(block[passive] >= 0.5 - 1e-5)  # the model's half always checks or calls


def test_bad_restrictions_are_refused(station) -> None:
    with pytest.raises(ValueError, match=r"^confidence: 1\.5 must lie in \[0, 1\]$"):
        Solver(SPOT, restricted=station, confidence=1.5)
    node = min(station)
    with pytest.raises(ValueError, match=f"^node {node} is both locked and restricted$"):
        Solver(SPOT, locks={node: station[node]}, restricted=station, confidence=0.5)


def test_measuring_walks_play_a_restricted_node_as_the_average_measured(station) -> None:
    from pokerlab.spot.bestresponse import exploitability_pct, measuring_walker

    s = solved(restricted=station, confidence=0.5)
    avg = s.average_strategy()
    walker = measuring_walker(s.tree, s.deal, s.layout, s.lock_off, lock_mix=s.lock_mix)
    held = exploitability_pct(s.tree, s.deal, s.layout, avg, walker, s.lock)
    assert held == pytest.approx(exploitability_pct(s.tree, s.deal, s.layout, avg), rel=1e-9)
