"""Pre-flop search: the tree holds the abstraction's sizes in the table's chips and the
opponent's real size on the line only; leaves pay what the rules pay; the solver answers a
locked shoving range as the pot odds and the exact class equities say, keeps its locks, and
drives the best response's gain towards zero; below a later root the re-solve gadget gives no
opponent class more than its best response to the blueprint."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.engine import GameSettings
from pokerlab.engine.hand import BET_RAISE, CHECK_CALL, FOLD, Action
from pokerlab.nolimit.betting import BettingAbstraction
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.preflop_search import PreflopSolver, blueprint_profile, build_preflop_tree
from pokerlab.nolimit.round_tree import DECISION, FOLDED, NEXT, SHOWDOWN
from pokerlab.pushfold.equities import headsup_table
from pokerlab.spot.classes import CLASS_INDEX

GAME = GameSettings.preset("no-limit", starting_stack=400)  # blinds 1/2, 200 big blinds
BETTING = BettingAbstraction.default()


@pytest.fixture(scope="module")
def tree():
    return build_preflop_tree(GAME, BETTING)


def test_the_tree_holds_the_abstraction_in_the_table_chips(tree) -> None:
    root = tree.children[0]
    assert tree.button == 1 and tree.player[0] == 1  # the button acts first before the flop
    assert [tree.label(c) for c in root] == ["f", "c", "r5", "r400"]  # 2.5 big blinds, all-in
    limp = tree.child(0, Action(CHECK_CALL))
    assert [tree.label(c) for c in tree.children[limp]] == ["x", "r5", "r400"]  # its first raise: 2.5 bb
    assert tree.kind[tree.child(limp, Action(CHECK_CALL))] == NEXT
    open_ = tree.child(0, Action(BET_RAISE, 5))
    three = tree.child(open_, Action(BET_RAISE, 15))
    assert tree.put[three].tolist() == [15.0, 5.0]
    fold = tree.child(three, Action(FOLD))
    assert tree.kind[fold] == FOLDED and tree.folder[fold] == 1
    shove = tree.child(0, Action(BET_RAISE, 400))
    assert tree.kind[tree.child(shove, Action(CHECK_CALL))] == SHOWDOWN
    assert all(tree.kind[v] != DECISION or tree.children[v] for v in range(tree.size))


def test_the_opponent_real_size_is_on_its_line_only() -> None:
    line = [Action(BET_RAISE, 7)]  # the button opens to 3.5 big blinds: not in the abstraction
    tree = build_preflop_tree(GAME, BETTING, line=line, extra_for=1)
    path = tree.path(line)
    assert path is not None and tree.action[path[-1]] == Action(BET_RAISE, 7)
    assert [tree.label(c) for c in tree.children[path[-1]]] == ["f", "c", "r21", "r400"]
    assert build_preflop_tree(GAME, BETTING, line=line, extra_for=0).path(line) is None
    # a raise the bot answers is never added for it: only the opponent's
    limp = tree.child(0, Action(CHECK_CALL))
    assert [tree.label(c) for c in tree.children[limp]] == ["x", "r5", "r400"]


def test_a_locked_shove_is_called_as_the_pot_odds_and_the_exact_equities_say(tree) -> None:
    shove = tree.child(0, Action(BET_RAISE, 400))
    pushes = np.zeros(169)
    for name in ("AA", "KK", "QQ", "AKs", "AKo", "A5s", "76s"):
        pushes[CLASS_INDEX[name]] = 1.0
    lock = np.zeros((4, 169))
    lock[3] = pushes  # the button shoves these classes
    lock[1] = 1.0 - pushes  # and limps the rest
    solver = PreflopSolver(tree, searcher=1, locks={0: lock})
    solver.run(200)
    call = solver.average_strategy()[shove][1]
    t = headsup_table()
    called = t.pairs * pushes[None, :]
    gain = (called * (800.0 * t.equity - 400.0)).sum(axis=1)  # calling, over the pairs met
    lose = (called * -2.0).sum(axis=1)  # folding the big blind
    clear = np.abs(gain - lose) > 0.05 * np.abs(lose).max()
    assert np.array_equal(call[clear] > 0.5, (gain > lose)[clear])
    assert call[CLASS_INDEX["AA"]] > 0.99 and call[CLASS_INDEX["72o"]] < 0.01
    assert np.array_equal(solver.average_strategy()[0], lock)  # a lock is kept as given


def _best_response_gain(solver: PreflopSolver) -> float:
    """What each position gains by a best response to the average strategy (the opponent's
    continuations as the solver's average choice), summed: 0 at an equilibrium."""
    tree = solver.tree
    strategy = solver.average_strategy()
    choice = {v: c / np.maximum(c.sum(axis=0), 1e-300) for v, c in solver.choice_total.items()}

    def value(node: int, p: int, reach_opp: np.ndarray, best: bool) -> np.ndarray:
        k = int(tree.kind[node])
        if k != DECISION:
            pay = solver.leaf_payoff(node, p)
            if k != NEXT:
                return pay[0] @ reach_opp
            if p != solver.searcher:
                vals = pay @ reach_opp
                return vals.max(axis=0) if best else (choice[node] * vals).sum(axis=0)
            return np.einsum("mij,mj->i", pay, choice[node] * reach_opp)
        kids = tree.children[node]
        s = strategy[node]
        if tree.player[node] == p:
            vals = np.stack([value(c, p, reach_opp, best) for c in kids])
            return vals.max(axis=0) if best and node not in solver.locks else (s * vals).sum(axis=0)
        return sum(value(c, p, reach_opp * s[j], best) for j, c in enumerate(kids))

    ones = np.ones(169)
    return float(sum(value(0, p, ones, True).sum() - value(0, p, ones, False).sum() for p in (0, 1)))


def test_the_best_response_gain_falls_towards_zero(tree) -> None:
    solver = PreflopSolver(tree, searcher=0)
    solver.run(20)
    early = _best_response_gain(solver)
    solver.run(380)
    late = _best_response_gain(solver)
    pot = 3.0 * 1326 * 1225  # the blinds, over every pair of hands
    assert late < early / 4 and late / pot < 0.01, (early / pot, late / pot)


def test_below_a_later_root_no_opponent_class_gains_over_the_blueprint(tree) -> None:
    """Safe re-solving after the button's open: against the big blind's re-solved answer no
    button class gains more than its best response to the blueprint's answer (the re-solve
    gadget's guarantee)."""
    open_ = tree.child(0, Action(BET_RAISE, 5))
    profile = blueprint_profile(tree, Blueprint.load(), purified_for=0)  # the big blind searches
    assert np.allclose(profile[0].sum(axis=0), 1.0) and profile[open_].shape == (4, 169)
    locks = {0: profile[0]}  # the button's open, as its model (the blueprint, mixed) plays it
    solver = PreflopSolver(tree, searcher=0, locks=locks, root=open_, profile=profile)
    solver.run(300)
    mine = solver.average_strategy()[open_]
    assert np.allclose(mine.sum(axis=0), 1.0)
    # the button's best response to the re-solved strategy, class by class, at the root
    best = solver.best_response_values(open_, 1, np.ones(169), solver.average_strategy())
    alternative = solver.alternative
    scale = np.abs(alternative).max()
    assert (best - alternative).max() < 0.01 * scale, (best - alternative).max() / scale
    prior = locks[0][tree.children[0].index(open_)]
    assert (prior * (best - alternative)).sum() < 0  # and the range's classes gain less
    with pytest.raises(ValueError, match="needs the blueprint's profile"):
        PreflopSolver(tree, searcher=0, locks=locks, root=open_)
    with pytest.raises(ValueError, match="is not locked"):
        PreflopSolver(tree, searcher=0, root=open_, profile=profile)
