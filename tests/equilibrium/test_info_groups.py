"""Decisions that group private states (``Decision.info``): CFR and best response on a game
whose player cannot see its own card, against the same game written with the card averaged out
(no groups), solved by the linear program."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.equilibrium import (
    CFRSolver,
    Chance,
    Decision,
    FlatGame,
    Game,
    Terminal,
    best_response,
    kuhn,
    solve_lp,
)
from pokerlab.equilibrium.exploitability import measure
from pokerlab.equilibrium.strategy import Strategy


def _rebuild(node, decision, terminal):
    if isinstance(node, Terminal):
        return terminal(node)
    if isinstance(node, Decision):
        return decision(node, {k: _rebuild(c, decision, terminal) for k, c in node.children.items()})
    return Chance({k: (p, _rebuild(c, decision, terminal)) for k, (p, c) in node.outcomes.items()})


def blind_kuhn() -> tuple[Game, Game]:
    """Kuhn poker where player 0 never sees its card (grouped), and the same game with player
    0's card averaged out of every payoff (one private state, no groups)."""
    game = kuhn()
    prior = np.asarray(game.prior, dtype=float)
    column = prior.sum(axis=0)
    grouped = Game("blind kuhn", game.hands, prior, _rebuild(
        game.root, lambda d, ch: Decision(d.player, ch, info=[0, 0, 0] if d.player == 0 else None),
        lambda t: t))
    merged = Game("blind kuhn merged", (("?",), game.hands[1]), column[None, :], _rebuild(
        game.root, lambda d, ch: Decision(d.player, ch),
        lambda t: Terminal((prior * np.broadcast_to(np.asarray(t.payoff, float), prior.shape))
                           .sum(axis=0)[None, :] / column[None, :])))
    return grouped, merged


def test_grouped_rows_share_one_strategy_and_solve_the_merged_game() -> None:
    grouped, merged = blind_kuhn()
    flat = FlatGame.build(grouped)
    assert flat.grouped and not FlatGame.build(merged).grouped
    solver = CFRSolver(flat, "cfr+")
    solver.run(3000)
    avg = solver.average_strategy()
    for node in flat.decision_nodes(0):
        block = avg.node_block(int(node))
        assert np.allclose(block, block[0])
    lp = solve_lp(merged)
    got = measure(avg)
    assert got.values[0] == pytest.approx(lp.value, abs=2e-3)
    assert got.exploitability < 2e-3
    # The same strategy in the merged game: each player's best-response value agrees.
    mflat = FlatGame.build(merged)
    probs = mflat.uniform_strategy()
    for node in mflat.decision_nodes():
        src = avg.node_block(flat.node_at(mflat.history(node)))
        n = mflat.num_hands[mflat.player[node]]
        probs[mflat.row_base[node]: mflat.row_base[node] + n, : src.shape[1]] = src[:n]
    twin = Strategy(mflat, probs)
    for responder in (0, 1):
        expected = best_response(twin, responder).value
        assert best_response(avg, responder).value == pytest.approx(expected, abs=1e-9)


def test_blind_player_does_worse_than_seeing() -> None:
    # Hiding the card from player 0 must cost it: its grouped value is below Kuhn's -1/18.
    grouped, _ = blind_kuhn()
    solver = CFRSolver(grouped, "dcfr")
    solver.run(2000)
    assert measure(solver.average_strategy()).values[0] < -1 / 18 - 0.01


def test_lp_refuses_groups_and_info_must_fit() -> None:
    grouped, _ = blind_kuhn()
    with pytest.raises(ValueError, match="groups private states"):
        solve_lp(grouped)
    bad = Game("bad", (("a", "b"), ("c",)), [[0.5], [0.5]], Decision(0, {"x": Terminal(0.0)}, info=[0]))
    with pytest.raises(ValueError, match="one entry per private state"):
        FlatGame.build(bad)
