"""Games of three players: the engine against exact arithmetic, brute force and OpenSpiel.

OpenSpiel's ``kuhn_poker(players=3)`` and ``leduc_poker(players=3)`` are the peers for the
rules (random playouts: same legal actions, same returns) and for NashConv and the gains of
each player (``pyspiel.nash_conv`` and ``open_spiel.python.algorithms.exploitability``).
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace as NS

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
    discretised_game,
    kuhn,
    leduc,
    nash_conv,
)
from pokerlab.equilibrium.exact import exact_gains
from pokerlab.equilibrium.exploitability import gains
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.equilibrium.value import expected_values


def _random_game(seed: int, players: int = 3) -> Game:
    """A small tree with random hands, correlated prior, public chance and general-sum payoffs."""
    rng = np.random.default_rng(seed)
    shape = tuple(int(rng.integers(1, 4)) for _ in range(players))
    prior = rng.random(shape) * (rng.random(shape) > 0.3)
    prior.flat[0] += 0.1
    prior /= prior.sum()

    def pay() -> Terminal:
        return Terminal([rng.normal(size=shape).round(2) for _ in range(players)])

    split = rng.random(shape)
    return Game(
        "random3",
        tuple(tuple(map(str, range(n))) for n in shape),
        prior,
        Decision(0, {
            "a": Decision(1, {
                "x": pay(),
                "y": Decision(2, {"p": pay(), "q": Decision(0, {"r": pay(), "s": pay()})}),
            }),
            "b": Chance({
                "u": (split, Decision(2, {"x": pay(), "y": pay()})),
                "v": (1 - split, Decision(1, {"x": pay(), "z": Decision(2, {"p": pay(), "q": pay()})})),
            }),
        }),
    )  # fmt: skip


def _random_profile(flat: FlatGame, rng: np.random.Generator) -> Strategy:
    probs = rng.random((flat.num_rows, flat.max_actions)) ** 3  # some near-pure rows
    probs[np.arange(flat.max_actions) >= flat.row_actions[:, None]] = 0.0
    return Strategy(flat, probs / probs.sum(axis=1, keepdims=True))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_values_and_gains_match_rational_arithmetic(seed: int) -> None:
    g = _random_game(seed)
    flat = FlatGame.build(g)
    s = _random_profile(flat, np.random.default_rng(seed))
    # exact_gains reads the strategy as fractions of denominator <= 10**9: within 1e-9 of ours.
    values, gained = exact_gains(g, s, max_denominator=10**9)
    np.testing.assert_allclose(expected_values(s), [float(v) for v in values], atol=1e-7)
    np.testing.assert_allclose(gains(s), [float(x) for x in gained], atol=1e-7)
    assert min(gains(s)) >= -1e-12  # a best response never loses to the profile


def test_best_response_is_at_least_every_pure_strategy() -> None:
    g = _random_game(11)
    flat = FlatGame.build(g)
    s = _random_profile(flat, np.random.default_rng(3))
    for responder in range(3):
        rows = [(d, h) for d in flat.decision_nodes(responder) for h in range(flat.num_hands[responder])]
        best = -np.inf
        for pick in itertools.product(*[range(len(flat.children_of(d))) for d, _ in rows]):
            p = s.probs.copy()
            for (d, h), a in zip(rows, pick, strict=True):
                p[flat.row_base[d] + h] = 0.0
                p[flat.row_base[d] + h, a] = 1.0
            best = max(best, expected_values(Strategy(flat, p))[responder])
        br = best_response(s, responder)
        assert br.value == pytest.approx(best, abs=1e-12)
        assert expected_values(br.strategy)[responder] == pytest.approx(best, abs=1e-12)


def test_cfr_on_a_random_three_player_game_lowers_nash_conv() -> None:
    solver = CFRSolver(_random_game(5), "cfr+")
    solver.run(5)
    early = nash_conv(solver.average_strategy())
    solver.run(2000)
    assert nash_conv(solver.average_strategy()) < early / 5


def test_bad_three_player_definitions_are_rejected() -> None:
    hands = (("-",),) * 3
    with pytest.raises(ValueError, match="one entry per player"):
        FlatGame.build(Game("g", hands, [[[1.0]]], Terminal([1.0, -1.0])))
    with pytest.raises(ValueError, match="player"):
        FlatGame.build(Game("g", hands, [[[1.0]]], Decision(3, {"x": Terminal([0, 0, 0])})))
    with pytest.raises(ValueError, match="hands"):
        Game("g", (("-",),), [1.0], Terminal(0.0))
    with pytest.raises(ValueError, match="two-player zero-sum"):
        from pokerlab.equilibrium import solve_lp

        solve_lp(kuhn(players=3))


def _playouts(name: str, ours: Game, count: int, seed: int) -> None:
    """Random play through OpenSpiel's game and our tree side by side: the same player and
    legal actions at every decision, the same returns for every player at the end."""
    import pyspiel
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(seed)
    for _ in range(count):
        state, node, cards = game.new_initial_state(), ours.root, []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.integers(len(outcomes))][0]
                if len(cards) < ours.num_players:
                    cards.append(action)  # our private state i is OpenSpiel's card i
                else:
                    node = list(node.outcomes.values())[action][1]
                state.apply_action(action)
                continue
            legal = sorted(state.legal_actions())
            assert node.player == state.current_player()
            assert len(node.children) == len(legal)
            k = int(rng.integers(len(legal)))
            state.apply_action(legal[k])
            node = list(node.children.values())[k]
        assert isinstance(node, Terminal)
        paid = [np.broadcast_to(p, ours.num_hands)[tuple(cards)] for p in node.payoff]
        np.testing.assert_allclose(paid, state.returns(), atol=1e-12)


def test_kuhn3_rules_match_openspiel() -> None:
    _playouts("kuhn_poker(players=3)", kuhn(players=3), 300, 1)


def test_leduc3_rules_match_openspiel() -> None:
    _playouts("leduc_poker(players=3)", leduc(players=3), 300, 2)


@pytest.fixture(scope="module")
def kuhn3_cfr_plus() -> Strategy:
    solver = CFRSolver(kuhn(players=3), "cfr+")
    solver.run(1000)
    return solver.average_strategy()


def test_kuhn3_nash_conv_agrees_with_openspiel(kuhn3_cfr_plus: Strategy) -> None:
    import pyspiel
    from open_spiel.python.algorithms import exploitability as os_exploitability

    from pokerlab.equilibrium.openspiel import to_tabular_policy

    game = pyspiel.load_game("kuhn_poker(players=3)")
    early = CFRSolver(kuhn(players=3), "cfr")
    early.run(7)  # far from equilibrium: the comparison is not about zeros
    for s in (early.average_strategy(), kuhn3_cfr_plus):
        policy = to_tabular_policy(s, game)
        theirs = os_exploitability.nash_conv(game, policy, return_only_nash_conv=False)
        assert nash_conv(s) == pytest.approx(pyspiel.nash_conv(game, policy.to_dict()), abs=1e-9)
        np.testing.assert_allclose(gains(s), theirs.player_improvements, atol=1e-9)
    assert nash_conv(kuhn3_cfr_plus) < 1e-4
    values = expected_values(kuhn3_cfr_plus)
    print("three-player Kuhn, CFR+ 1000 iterations: values", values, "NashConv", nash_conv(kuhn3_cfr_plus))
    assert values.sum() == pytest.approx(0.0, abs=1e-12)
    assert values[1] == pytest.approx(-1 / 48, abs=1e-4)  # as in every member of the 2013 family


def test_kuhn3_cfr_plus_is_openspiels_iterate_for_iterate() -> None:
    # The same algorithm (alternating updates, regret matching+, linear averaging): after the
    # same number of iterations both average strategies have the same NashConv.
    import pyspiel
    game = pyspiel.load_game("kuhn_poker(players=3)")
    theirs = pyspiel.CFRPlusSolver(game)
    ours = CFRSolver(kuhn(players=3), "cfr+")
    for iterations in (1, 10, 100):
        while ours.iterations < iterations:
            theirs.evaluate_and_update_policy()
            ours.run(1)
        assert nash_conv(ours.average_strategy()) == pytest.approx(
            pyspiel.nash_conv(game, theirs.average_policy()), abs=1e-12
        )


def _three_player_tree(pot_bet: int = 1) -> NS:
    # Player 1 checks (showdown) or bets; players 2 and 3 then fold or call in turn.
    return NS(
        name="bet-or-check",
        players=3,
        root=NS(player=1, children={
            "check": NS(contributions=(1, 1, 1), folded=()),
            "bet": NS(player=2, children={
                "fold": NS(player=3, children={
                    "fold": NS(contributions=(1 + pot_bet, 1, 1), folded=(2, 3)),
                    "call": NS(contributions=(1 + pot_bet, 1, 1 + pot_bet), folded=frozenset({2}))}),
                "call": NS(player=3, children={
                    "fold": NS(contributions=(1 + pot_bet, 1 + pot_bet, 1), folded=(3,)),
                    "call": NS(contributions=(1 + pot_bet,) * 3, folded=())})})}),
    )  # fmt: skip


def test_discretised_three_player_payoffs() -> None:
    g = discretised_game(_three_player_tree(), levels=2)
    flat = FlatGame.build(g)
    assert flat.num_hands == (2, 2, 2)
    node = flat.node_at(("bet", "fold", "call"))  # players 1 and 3 show down for 4
    pay = flat.terminal_payoff[flat.terminal_index[node]] * 8  # prior 1/8 per deal
    # Levels (1, 0, 0): player 1 wins 2 from player 3 and 1 from player 2.
    np.testing.assert_allclose(pay[:, 2, 0], [3, -1, -2])
    # Levels (1, 1, 1): players 1 and 3 split 5.
    np.testing.assert_allclose(pay[:, 3, 1], [0.5, -1, 0.5])
    node = flat.node_at(("check",))  # three-way tie on (0, 0, 0)
    np.testing.assert_allclose(flat.terminal_payoff[flat.terminal_index[node], :, 0, 0] * 8, [0, 0, 0])


def test_discretised_three_player_errors() -> None:
    tree = _three_player_tree()
    tree.root.children["check"] = NS(contributions=(1, 1, 1), folded=0)
    with pytest.raises(ValueError, match="folded"):
        discretised_game(tree, 3)
    tree.root.children["check"] = NS(contributions=(1, 1), folded=())
    with pytest.raises(ValueError, match="2 contributions for 3 players"):
        discretised_game(tree, 3)
    tree.root.children["check"] = NS(player=4, children={})
    with pytest.raises(ValueError, match=r"player must be one of 1\.\.3"):
        discretised_game(tree, 3)


def test_discretised_three_player_cfr_converges() -> None:
    g = discretised_game(_three_player_tree(), levels=12)
    solver = CFRSolver(g, "cfr+")
    solver.run(800)
    s = solver.average_strategy()
    assert nash_conv(s) < 2e-3
    # Player 1 bets its best levels for value (and some of its worst as a bluff).
    bet = s.action_probabilities(())["bet"]
    assert bet[-1] > 0.99 and bet[6] < 0.01


@pytest.mark.slow
def test_leduc3_nash_conv_agrees_with_openspiel() -> None:
    # pyspiel's best responses walk the whole three-player tree: about a minute.
    import pyspiel

    from pokerlab.equilibrium.openspiel import to_tabular_policy

    game = pyspiel.load_game("leduc_poker(players=3)")
    solver = CFRSolver(leduc(players=3), "cfr+")
    solver.run(100)
    s = solver.average_strategy()
    theirs = pyspiel.nash_conv(game, to_tabular_policy(s, game).to_dict())
    print("three-player Leduc, CFR+ 100 iterations: NashConv", nash_conv(s), "OpenSpiel", theirs)
    assert nash_conv(s) == pytest.approx(theirs, abs=1e-9)
