"""The re-solve gadgets: the re-solved strategy keeps every opponent hand at most at its
alternative (the blueprint's best-response value), max-margin improves on the blueprint where
the plain re-solve gadget may stop at it, and bad arguments are refused."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.spot.bestresponse import combo_values, pair_weight
from pokerlab.spot.resolve import SAFE_GADGETS, Resolve
from pokerlab.spot.solver import Solver
from pokerlab.spot.spec import Spot

SPOT = {"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ,72o,T9o,33,KJo",
        "ip_range": "KK,JJ,T9s,A5s,44,AQo", "bet": "50%,a", "raise": "a"}


def blueprint_and_values(iterations: int) -> tuple[Spot, np.ndarray, np.ndarray]:
    spot = Spot.from_dict(SPOT)
    bp = Solver(spot)
    bp.run(iterations)
    strategy = bp.average_strategy()
    return spot, strategy, combo_values(bp.tree, bp.deal, bp.layout, strategy, 1, True)


def opponent_value(solver: Solver, strategy: np.ndarray) -> tuple[np.ndarray, float]:
    """The opponent's best-response values per hand and on its range (chips)."""
    br = combo_values(solver.tree, solver.deal, solver.layout, strategy, 1, True)
    return br, float(np.dot(solver.deal.weights[1], br)) / pair_weight(solver.deal)


@pytest.mark.parametrize("gadget", SAFE_GADGETS)
@pytest.mark.parametrize("iterations", [2, 10])
def test_the_resolved_strategy_gives_no_hand_more_than_the_blueprint(gadget: str, iterations: int) -> None:
    spot, strategy, alt = blueprint_and_values(iterations)
    solver = Solver(spot)
    resolve = Resolve(solver, 1, alt, gadget=gadget)
    resolve.run(400)
    assert resolve.iterations == 400
    assert np.array_equal(solver.deal.weights[1], resolve.prior)  # the prior is back
    br, value = opponent_value(solver, solver.average_strategy())
    scale = np.abs(alt).max()
    assert (br - alt).max() <= 0.01 * scale
    _, before = opponent_value(solver, strategy)
    assert value <= before + 1e-9


def test_max_margin_improves_on_a_poor_blueprint_more_than_resolve() -> None:
    spot, strategy, alt = blueprint_and_values(2)
    values = {}
    for gadget in SAFE_GADGETS:
        solver = Solver(spot)
        Resolve(solver, 1, alt, gadget=gadget).run(400)
        values[gadget] = opponent_value(solver, solver.average_strategy())[1]
    _, blueprint = opponent_value(Solver(spot), strategy)
    assert values["maxmargin"] < values["resolve"] <= blueprint
    assert values["maxmargin"] < blueprint - 0.05 * spot.pot


def test_a_time_budget_stops_after_at_least_one_iteration() -> None:
    spot, _, alt = blueprint_and_values(2)
    resolve = Resolve(Solver(spot), 1, alt)
    resolve.run(10_000, seconds=0.0)
    assert 1 <= resolve.iterations <= 2


def test_bad_arguments_are_refused() -> None:
    spot, _, alt = blueprint_and_values(2)
    with pytest.raises(ValueError, match=r"^alternative: needs \d+ values, got shape \(3,\)$"):
        Resolve(Solver(spot), 1, np.zeros(3))
    with pytest.raises(ValueError, match=r"^gadget: 'nope' is not one of maxmargin, resolve, none$"):
        Resolve(Solver(spot), 1, alt, gadget="nope")


def test_no_gadget_is_the_subgame_solved_on_its_own() -> None:
    spot, _, alt = blueprint_and_values(2)
    alone = Solver(spot)
    alone.run(50)
    solver = Solver(spot)
    Resolve(solver, 1, alt, gadget="none").run(50)
    assert np.array_equal(solver.average_strategy(), alone.average_strategy())
