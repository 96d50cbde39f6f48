"""The LP oracle of small river spots (pokerlab.spot.oracle): values computed by hand.

Von Neumann's river with real cards: OOP holds the nut straight (AT) or air (65) on
Ks Qd Jh 4c 2s, IP a pair of sevens (77) that beats air and loses to the nuts; nothing in the
three holdings shares a card, so every deal is equally likely. With a pot-sized bet B = P,
OOP value-bets every straight and bluffs half as often (bluffs are B / (P + 2B) = 1/3 of its
bets), IP calls with probability P / (P + B) = 1/2. A straight wins P + B/2 = 1.5 P on
average, air 0 either way: with half its range straights, OOP's EV is 0.75 P.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pokerlab.cards import parse_cards
from pokerlab.equilibrium import exploitability
from pokerlab.equilibrium.games.river import river_game, solve_river
from pokerlab.spot.oracle import OracleError, river_game_of, solve_spot_lp
from pokerlab.spot.spec import Spot

BOARD = "Ks Qd Jh 4c 2s"


def spot(oop: str, ip: str, **extra) -> Spot:
    data = {"board": BOARD, "pot": 10, "stack": 100, "oop_range": oop, "ip_range": ip}
    data.update(extra)
    return Spot.from_dict(data)


def reach_weighted(lp, history, action):
    """The reach-weighted frequency of ``action`` at ``history`` over the actor's combos."""
    node = lp.strategy.flat.node_at(history)
    player = int(lp.strategy.flat.player[node])
    prior = np.asarray(lp.river.game.prior)
    weight = prior.sum(axis=1 - player)
    return float(weight @ lp.strategy.action_probabilities(history)[action] / weight.sum())


def test_von_neumann_river_value_and_frequencies():
    lp = solve_spot_lp(spot("AT, 65", "77", river={"oop": {"bet": "100%"}}))
    assert lp.ev == pytest.approx((7.5, 2.5), abs=1e-8)
    combos = lp.combo_strategy(())
    straights = [i for i, name in enumerate(lp.river.game.hands[0]) if name[0] in "AT"]
    bets = combos["bet"][lp.river.combos[0]]
    assert bets[straights] == pytest.approx(1.0, abs=1e-7)
    # Half the air bets: 8 of 16 combos' worth, one bluff for two value bets.
    assert reach_weighted(lp, (), "bet") == pytest.approx(0.75, abs=1e-7)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(0.5, abs=1e-7)
    assert exploitability(lp.strategy) < 1e-7


def test_more_options_do_not_change_the_value():
    # IP may bet after a check and raise a bet: neither helps a bluff catcher.
    lp = solve_spot_lp(spot("AT, 65", "77", **{"bet": "100%", "raise": "50%"}))
    assert list(lp.river.game.root.children["bet"].children) == ["fold", "call", "raise"]
    assert lp.ev == pytest.approx((7.5, 2.5), abs=1e-8)


def test_an_all_in_bet():
    # B = stack = 100 into P = 10: IP calls P / (P + B) = 1/11 of the time, a straight wins
    # P + B / 11 on average, air nothing: OOP's EV is half of 10 * (1 + 100/110).
    lp = solve_spot_lp(spot("AT, 65", "77", river={"oop": {"bet": "a"}}))
    assert lp.ev[0] == pytest.approx(5 * (1 + 100 / 110), abs=1e-8)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(1 / 11, abs=1e-7)


def test_too_few_bluffs_and_a_split_pot():
    # Straights are 16 of 20 combos (65s only): more than 2/3, so IP never calls and OOP
    # bets everything: it wins the pot every time.
    lp = solve_spot_lp(spot("AT, 65s", "77", river={"oop": {"bet": "100%"}}))
    assert lp.ev == pytest.approx((10.0, 0.0), abs=1e-8)
    assert reach_weighted(lp, ("bet",), "call") == pytest.approx(0.0, abs=1e-7)
    # Both hold the nut straight: whatever they do, they split.
    lp = solve_spot_lp(spot("AT", "AT", **{"bet": "50%", "raise": "100%"}))
    assert lp.ev == pytest.approx((5.0, 5.0), abs=1e-8)


def test_card_removal_in_the_deal():
    # OOP: AhTh or 6c5c; IP: Ah9h or 6s6c. Only pairs of combos without a shared card deal:
    # AhTh meets 6s6c only and wins, 6c5c meets Ah9h only and loses to ace high.
    g = river_game(parse_cards(BOARD), (_w("AhTh, 6c5c"), _w("Ah9h, 6s6c")), 10, 100, (None, None))
    names = g.game.hands
    prior = {(names[0][i], names[1][j]): float(p) for (i, j), p in np.ndenumerate(np.asarray(g.game.prior))}
    assert prior == {("AhTh", "Ah9h"): 0, ("AhTh", "6s6c"): 0.5, ("6c5c", "Ah9h"): 0.5, ("6c5c", "6s6c"): 0}
    assert solve_river(g).value == pytest.approx(0.0, abs=1e-9)  # one pot won, one lost
    # Only check-check is left (nobody bets): OOP wins the pot when it holds the straight.
    g = river_game(parse_cards(BOARD), (_w("AhTh, 6c5c"), _w("6s6c")), 10, 100, (None, None))
    assert solve_river(g).value == pytest.approx(5.0, abs=1e-9)


def _w(text):
    from pokerlab.cards import parse_range

    return parse_range(text).weights


def test_the_oracle_refuses_what_it_does_not_build():
    with pytest.raises(OracleError, match=r"river\.oop\.bet: the LP oracle takes one size"):
        river_game_of(spot("AT", "77", bet="50%,100%"))
    with pytest.raises(OracleError, match="river spots, not a flop"):
        river_game_of(Spot.from_dict({"board": "Ks Qd Jh", "pot": 10, "stack": 100,
                                      "oop_range": "AT", "ip_range": "77"}))
    with pytest.raises(OracleError, match="rake"):
        river_game_of(spot("AT", "77", rake_pct=5))


# ---------------------------------------------------------------- the solver against the LP


def _line_map(tree, oracle_decisions):
    """Each decision node of the solver's tree with the oracle's history of the same line."""
    from pokerlab.spot.tree import DECISION

    out = {}
    for node in np.flatnonzero(tree.kind == DECISION):
        node = int(node)
        line = tree.line(node)
        history: tuple[str, ...] = ()
        at = 0
        for label in line:
            j = tree.actions(at).index(label)
            history = (*history, oracle_decisions[history].actions[j])
            at = tree.child(at, label)
        assert oracle_decisions[history].actions.__len__() == int(tree.num_children[node])
        out[node] = history
    return out


def _rows(lp, deal, player):
    """For each solver hand of ``player``, its row among the oracle's private states."""
    where = {int(c): i for i, c in enumerate(lp.river.combos[player])}
    return np.array([where[int(c)] for c in deal.hands[player]])


def _lp_in_layout(lp, solver):
    tree, deal, layout = solver.tree, solver.deal, solver.layout
    decisions = lp.decisions()
    out = np.zeros(layout.size, dtype=np.float32)
    for node, history in _line_map(tree, decisions).items():
        d = decisions[history]
        block = d.probs[_rows(lp, deal, d.player)]
        out[layout.block(node, 0)] = block.T.ravel()
    return out


def _solver_in_oracle(lp, solver, strategy):
    tree, deal, layout = solver.tree, solver.deal, solver.layout
    decisions = lp.decisions()
    profile = {h: d.probs.copy() for h, d in decisions.items()}
    for node, history in _line_map(tree, decisions).items():
        d = decisions[history]
        na = len(d.actions)
        block = np.asarray(strategy[layout.block(node, 0)], dtype=float).reshape(na, -1).T
        profile[history][_rows(lp, deal, d.player)] = block
    return profile


CROSS = [
    pytest.param({"board": BOARD, "pot": 10, "stack": 100, "oop_range": "AT, 65", "ip_range": "77",
                  "river": {"oop": {"bet": "100%"}}}, id="von-neumann"),
    pytest.param({"board": "Qs Jh 2h 8d 3c", "pot": 100, "stack": 200,
                  "oop_range": "AA,KK,QQ,AQs,AJs,KQs,T9s,98s,A5s,A4s,33,22,K9s,QTs",
                  "ip_range": "QQ-TT,AQ,KQ,QJs,JT,99-44", "bet": "75%", "raise": "60%", "raise_cap": 1},
                 id="bet-raise"),
    pytest.param({"board": "9c 7d 4s 2h Kd", "pot": 50, "stack": 60,
                  "oop_range": "99,77,44,K9s,AK,KQ,T8s,86s,65s,A5s:0.5",
                  "ip_range": "KK,AK,KJ,T9s,98s,QQ-JJ,A7s",
                  "bet": "50%", "raise": "a"}, id="all-in-raise"),
]  # fmt: skip


@pytest.mark.parametrize("data", CROSS)
def test_the_solver_agrees_with_the_lp(data):
    from pokerlab.spot.bestresponse import evaluate
    from pokerlab.spot.solver import Solver

    spot_ = Spot.from_dict(data)
    lp = solve_spot_lp(spot_)
    solver = Solver(spot_)
    solver.run(300)
    strategy = solver.average_strategy()
    e = evaluate(solver.tree, solver.deal, solver.layout, strategy)
    # The LP's value lies between the two best responses' bounds: pot - br_ip <= v <= br_oop,
    # within 2 x exploitability of the solver's EV.
    assert spot_.pot - e.best_response[1] - 1e-6 <= lp.ev[0] <= e.best_response[0] + 1e-6
    assert abs(e.ev[0] - lp.ev[0]) <= 2 * e.exploitability + 1e-6
    assert e.exploitability_pct < 0.5
    # The LP's equilibrium, measured by the solver's best response: nothing to gain.
    lp_eval = evaluate(solver.tree, solver.deal, solver.layout, _lp_in_layout(lp, solver))
    assert lp_eval.ev[0] == pytest.approx(lp.ev[0], abs=1e-5 * spot_.pot)
    assert abs(lp_eval.exploitability_pct) < 1e-4
    # And the solver's strategy measured by the equilibrium engine's best response: the same.
    assert lp.exploitability_pct(_solver_in_oracle(lp, solver, strategy)) == pytest.approx(
        e.exploitability_pct, abs=1e-4
    )


CLASSES = ["AA", "KK", "QQ", "JJ", "TT", "99", "55", "22", "AKs", "AQo", "KQs", "QJs", "JTs", "T9s",
           "98s", "76s", "54s", "A5s", "K9o", "Q8o", "72o", "A2s", "KJo", "86s"]  # fmt: skip


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    bet=st.sampled_from(["33%", "75%", "150%", "a"]),
    raise_=st.sampled_from([None, "60%", "a"]),
)
def test_random_small_rivers_agree_with_the_lp(seed, bet, raise_):
    from pokerlab.cards import format_cards
    from pokerlab.spot.bestresponse import evaluate
    from pokerlab.spot.solver import Solver

    rng = np.random.default_rng(seed)
    board = format_cards(rng.choice(52, 5, replace=False).tolist())
    ranges = [",".join(rng.choice(CLASSES, rng.integers(2, 6), replace=False)) for _ in range(2)]
    data = {"board": board, "pot": 20, "stack": float(rng.choice([10, 40, 100])),
            "oop_range": ranges[0], "ip_range": ranges[1], "bet": bet}  # fmt: skip
    if raise_ is not None:
        data |= {"raise": raise_, "raise_cap": 1}
    try:
        spot_ = Spot.from_dict(data)
        lp = solve_spot_lp(spot_)
    except ValueError:  # a range emptied by the board, or no pair of combos apart
        assume(False)
    solver = Solver(spot_)
    solver.run(300)
    e = evaluate(solver.tree, solver.deal, solver.layout, solver.average_strategy())
    # the bounds hold for any profile: they say something only of a solved one
    assert e.exploitability_pct < 0.5
    assert spot_.pot - e.best_response[1] - 1e-6 <= lp.ev[0] <= e.best_response[0] + 1e-6
    lp_eval = evaluate(solver.tree, solver.deal, solver.layout, _lp_in_layout(lp, solver))
    assert abs(lp_eval.exploitability_pct) < 1e-4 and lp_eval.ev[0] == pytest.approx(lp.ev[0], abs=1e-4)
