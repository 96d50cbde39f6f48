"""Convert a strategy to an OpenSpiel ``TabularPolicy`` for cross-checks (tests, benchmarks).

OpenSpiel is a test/benchmark dependency only: it is imported inside the function.

The walk follows the OpenSpiel game tree and our public tree side by side, using OpenSpiel's
card order: the first ``N`` chance outcomes deal the players' private states in seat order
(our private state ``i`` is OpenSpiel's outcome ``i``), a later chance outcome ``i`` is our
chance node's ``i``-th child, and a decision's ``k``-th legal action (ascending ids) is our
node's ``k``-th child. The built-in Kuhn and Leduc games are laid out that way, for any
number of players.

Examples
--------
>>> import pyspiel
>>> from pokerlab.equilibrium.flat import FlatGame
>>> from pokerlab.equilibrium.games import kuhn
>>> flat = FlatGame.build(kuhn())
>>> policy = to_tabular_policy(Strategy(flat, flat.uniform_strategy()), pyspiel.load_game("kuhn_poker"))
>>> policy.action_probability_array.shape
(12, 2)
>>> flat3, spiel3 = FlatGame.build(kuhn(players=3)), pyspiel.load_game("kuhn_poker(players=3)")
>>> uniform3 = to_tabular_policy(Strategy(flat3, flat3.uniform_strategy()), spiel3)
>>> round(pyspiel.nash_conv(spiel3, uniform3.to_dict()), 6)  # as our nash_conv: OpenSpiel's definition
2.0625
"""

from __future__ import annotations

from typing import Any

from pokerlab.equilibrium.flat import CHANCE, DECISION, TERMINAL
from pokerlab.equilibrium.strategy import Strategy


def to_tabular_policy(strategy: Strategy, spiel_game: Any) -> Any:
    """An ``open_spiel.python.policy.TabularPolicy`` playing ``strategy`` in ``spiel_game``."""
    from open_spiel.python import policy as os_policy

    flat = strategy.flat
    policy = os_policy.TabularPolicy(spiel_game)
    filled: set[str] = set()

    def walk(state: Any, node: int, hands: list[int]) -> None:
        if state.is_terminal():
            if flat.kind[node] != TERMINAL:
                raise ValueError(f"history {flat.history(node)!r}: OpenSpiel's game ended here, ours did not")
            return
        if state.is_chance_node():
            for outcome, _prob in state.chance_outcomes():
                child = state.child(outcome)
                if len(hands) < flat.num_players:
                    walk(child, node, [*hands, outcome])
                else:
                    if flat.kind[node] != CHANCE:
                        raise ValueError(f"history {flat.history(node)!r}: OpenSpiel deals a card, we do not")
                    walk(child, int(flat.children_of(node)[outcome]), hands)
            return
        if flat.kind[node] != DECISION or flat.player[node] != state.current_player():
            raise ValueError(f"history {flat.history(node)!r}: players differ from OpenSpiel's")
        legal = sorted(state.legal_actions())
        ours = flat.children_of(node)
        if len(legal) != len(ours):
            raise ValueError(
                f"history {flat.history(node)!r}: {len(ours)} actions against OpenSpiel's {len(legal)}"
            )
        key = state.information_state_string()
        if key not in filled:
            p = int(flat.player[node])
            row = strategy.probs[flat.row_base[node] + hands[p], : len(ours)]
            probs = policy.policy_for_key(key)
            probs[:] = 0.0
            for k, action in enumerate(legal):
                probs[action] = row[k]
            filled.add(key)
        for k, action in enumerate(legal):
            walk(state.child(action), int(ours[k]), hands)

    walk(spiel_game.new_initial_state(), 0, [])
    return policy
