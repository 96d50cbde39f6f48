"""Three or more players: DCFR to a NashConv target, best responses checked by playing them, the
Independent Chip Model on a bubble. A small three-way table (32 deals per triple) keeps this fast;
the answers are those of the game with that table."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.solution import solve
from pokerlab.pushfold.triples import TripleTable, build_triple_table
from pokerlab.pushfold.values import PRIOR, evaluate


@pytest.fixture(scope="module")
def table() -> TripleTable:
    return build_triple_table(samples=32)


def _best_response(game: PushFoldGame, profile: list[np.ndarray], player: int,
                   table: TripleTable) -> list[np.ndarray]:
    """The player's pure best response, read bottom-up from the action values (each node's
    values depend only on the player's choices below it)."""
    out = [p.copy() for p in profile]
    for k in reversed(range(len(out))):
        node = game.tree().nodes[k]
        if node.actor != player:
            continue
        values = evaluate(game, out, table).action_values[k]
        out[k] = np.eye(len(node.actions))[values.argmax(axis=0)]
    return out


def test_three_handed_reaches_its_target_and_the_gains_are_real(table: TripleTable) -> None:
    game = PushFoldGame((10, 10, 10))
    s = solve(game, target=0.001, table=table)
    assert s.reached and max(s.evaluation.gains) <= 0.001
    assert s.method.startswith("DCFR") and s.samples == 32
    # the two halves of the table value the answer a little differently: the stated error
    assert 0 < s.three_way_error < 0.01
    ev = s.evaluation
    for player in range(3):
        deviated = evaluate(game, _best_response(game, s.profile, player, table), table)
        # playing the best response earns exactly what the evaluation said it would
        assert deviated.value[player] == pytest.approx(float(ev.best_value[player] @ PRIOR), abs=1e-12)
    # later seats push wider: the button faces two players, the small blind one
    assert s.share(0) < s.share(s.node_of(1))


def test_a_bubble_tightens_calls(table: TripleTable) -> None:
    """Four players, three paid: the short stack's push (first to act) is called less by the
    covering stacks under the ICM than in chips."""
    stacks = (4, 20, 20, 20)
    chips = solve(PushFoldGame(stacks), table=table)
    icm = solve(PushFoldGame(stacks, payouts=(50, 30, 20)), table=table)
    assert chips.reached and icm.reached
    assert icm.game.positions == ("CO", "BTN", "SB", "BB")
    for line in ("CO push, BTN", "CO push, BTN fold, SB fold, BB"):
        call = next(k for k, n in enumerate(icm.game.tree().nodes) if n.line == line)
        assert icm.share(call) < chips.share(call)
