"""Game definition checks, and solver/evaluator consistency on random games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerlab.equilibrium import (
    CFRSolver,
    Chance,
    Decision,
    Game,
    Terminal,
    best_response,
    expected_value,
    exploitability,
    solve_lp,
)
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.strategy import Strategy


def test_bad_prior_is_rejected() -> None:
    with pytest.raises(ValueError, match="prior"):
        Game("g", (("a",), ("b",)), [[0.5]], Terminal(0.0))
    with pytest.raises(ValueError, match="prior"):
        Game("g", (("a", "b"), ("c",)), [[1.0]], Terminal(0.0))


def test_bad_chance_and_player_are_rejected() -> None:
    bad_chance = Chance({"x": (0.5, Terminal(1.0)), "y": (0.4, Terminal(0.0))})
    with pytest.raises(ValueError, match="sum to 1"):
        FlatGame.build(Game("g", (("a",), ("b",)), [[1.0]], bad_chance))
    with pytest.raises(ValueError, match="player"):
        FlatGame.build(Game("g", (("a",), ("b",)), [[1.0]], Decision(2, {"x": Terminal(0.0)})))
    with pytest.raises(ValueError, match="payoff"):
        FlatGame.build(Game("g", (("a",), ("b",)), [[1.0]], Terminal(np.zeros((2, 2)))))


def test_unknown_history_names_the_action() -> None:
    from pokerlab.equilibrium import kuhn

    with pytest.raises(ValueError, match="'raise'"):
        FlatGame.build(kuhn()).node_at(("raise",))


def test_actions_are_public() -> None:
    # Matching pennies written as a public tree: player 1 sees player 0's coin and always
    # avoids matching it (player 1 wins), whatever the public chance of stakes 1 or 3: value -2.
    def pennies(stake: float) -> Decision:
        return Decision(0, {
            "heads": Decision(1, {"heads": Terminal(stake), "tails": Terminal(-stake)}),
            "tails": Decision(1, {"heads": Terminal(-stake), "tails": Terminal(stake)}),
        })  # fmt: skip

    g = Game("pennies", (("-",), ("-",)), [[1.0]],
             Chance({"low": (0.5, pennies(1.0)), "high": (0.5, pennies(3.0))}))  # fmt: skip
    sol = solve_lp(g)
    assert sol.value == pytest.approx(-2.0, abs=1e-9)
    assert sol.strategy.action_probabilities(("high", "tails"))["heads"][0] == pytest.approx(1.0)
    solver = CFRSolver(g, "cfr+")
    solver.run(100)
    assert expected_value(solver.average_strategy()) == pytest.approx(-2.0, abs=1e-2)


def _random_game(seed: int) -> Game:
    """A Kuhn-shaped tree with random hands, correlated prior, public chance and payoffs."""
    rng = np.random.default_rng(seed)
    n0, n1 = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    prior = rng.random((n0, n1)) * (rng.random((n0, n1)) > 0.2)
    if prior.sum() == 0:
        prior[0, 0] = 1.0
    prior /= prior.sum()

    def pay() -> Terminal:
        return Terminal(rng.normal(size=(n0, n1)).round(2))

    split = rng.random((n0, n1))
    return Game(
        "random",
        (tuple(map(str, range(n0))), tuple(map(str, range(n1)))),
        prior,
        Decision(0, {
            "a": Decision(1, {"x": pay(), "y": Decision(0, {"p": pay(), "q": pay(), "r": pay()})}),
            "b": Chance({
                "u": (split, Decision(1, {"x": pay(), "y": pay()})),
                "v": (1 - split, Decision(1, {"x": pay(), "z": Decision(0, {"p": pay(), "q": pay()})})),
            }),
        }),
    )  # fmt: skip


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10**6))
def test_lp_equilibrium_is_unexploitable_and_cfr_gets_there(seed: int) -> None:
    g = _random_game(seed)
    sol = solve_lp(g)
    # Best responses (a separate backward pass) confirm the LP's equilibrium and value.
    assert exploitability(sol.strategy) < 1e-7
    assert expected_value(sol.strategy) == pytest.approx(sol.value, abs=1e-7)
    assert sol.value == pytest.approx(sol.value_player1_lp, abs=1e-7)
    assert best_response(sol.strategy, 0).value == pytest.approx(sol.value, abs=1e-7)
    solver = CFRSolver(g, "dcfr")
    solver.run(2000)
    assert exploitability(solver.average_strategy()) < 5e-3


def test_best_response_is_at_least_every_pure_strategy() -> None:
    # Against a fixed opponent, no pure strategy of the responder beats the best response.
    import itertools

    g = _random_game(7)
    flat = FlatGame.build(g)
    rng = np.random.default_rng(1)
    probs = rng.random((flat.num_rows, flat.max_actions))
    for d in flat.decision_nodes():
        k = len(flat.children_of(d))
        rows = slice(flat.row_base[d], flat.row_base[d] + flat.num_hands[flat.player[d]])
        probs[rows, k:] = 0.0
        probs[rows, :k] /= probs[rows, :k].sum(axis=1, keepdims=True)
    s = Strategy(flat, probs)
    br = best_response(s, 1)
    rows1 = [(d, h) for d in flat.decision_nodes(1) for h in range(flat.num_hands[1])]
    choices = [range(len(flat.children_of(d))) for d, _ in rows1]
    best = -np.inf
    for pick in itertools.product(*choices):
        p = probs.copy()
        for (d, h), a in zip(rows1, pick, strict=True):
            p[flat.row_base[d] + h] = 0.0
            p[flat.row_base[d] + h, a] = 1.0
        best = max(best, -expected_value(Strategy(flat, p)))
    assert br.value == pytest.approx(best, abs=1e-12)
    assert -expected_value(br.strategy) == pytest.approx(best, abs=1e-12)
