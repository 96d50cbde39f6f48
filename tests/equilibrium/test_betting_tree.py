"""The limit betting tree built by the engine: HULHE against OpenSpiel's universal_poker (ACPC's
holdem.limit.2p rules), Leduc against pokerlab's exact Leduc game (OpenSpiel's rules)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.engine import GameSettings
from pokerlab.equilibrium.betting_tree import (
    CALL_COL,
    FOLD_COL,
    FOLD_NODE,
    RAISE_COL,
    SHOWDOWN,
    BettingTree,
)
from pokerlab.equilibrium.betting_tree import DECISION as TREE_DECISION
from pokerlab.equilibrium.flat import CHANCE, DECISION, TERMINAL, FlatGame
from pokerlab.equilibrium.games import leduc

# ACPC's holdem.limit.2p.reverse_blinds in pokerlab's chips (blinds 5/10, bets 10/20): seat 0
# posts the big blind, seat 1 the small blind and acts first pre-flop (engine positions 0, 1).
UNIVERSAL_LIMIT = dict(betting="limit", numPlayers=2, numRounds=4, blind="10 5", raiseSize="10 10 20 20",
                       firstPlayer="2 1 1 1", maxRaises="3 4 4 4", numSuits=4, numRanks=13,
                       numHoleCards=2, numBoardCards="0 3 1 1", stack="20000 20000")


@pytest.fixture(scope="module")
def hulhe() -> BettingTree:
    return BettingTree.from_settings(GameSettings.preset("limit"))


def test_hulhe_tree_is_universal_poker_betting_tree(hulhe: BettingTree) -> None:
    # The public betting tree of OpenSpiel's universal_poker (ACPC's rules, its own C code), one
    # card deal followed: the same decisions, actors, legal actions (0 fold, 1 call, 2 raise,
    # our columns), rounds, and at every terminal the same payoff (folds) or stake (showdowns).
    import pyspiel

    game = pyspiel.load_game("universal_poker", UNIVERSAL_LIMIT)
    seen = np.zeros(hulhe.num_nodes, dtype=bool)
    stack = [(game.new_initial_state(), 0)]
    while stack:
        state, node = stack.pop()
        if state.is_chance_node():
            stack.append((state.child(state.chance_outcomes()[0][0]), node))
            continue
        seen[node] = True
        if state.is_terminal():
            returns = state.returns()
            if hulhe.kind[node] == FOLD_NODE:
                assert returns[0] == hulhe.payoff[node]
            else:
                assert hulhe.kind[node] == SHOWDOWN and abs(returns[0]) in (0.0, hulhe.payoff[node])
                assert hulhe.contrib[node, 0] == hulhe.contrib[node, 1] == hulhe.payoff[node]
            continue
        assert hulhe.kind[node] == TREE_DECISION and state.current_player() == hulhe.actor[node]
        assert sorted(state.legal_actions()) == hulhe.legal_columns(node).tolist()
        for a in state.legal_actions():
            stack.append((state.child(a), int(hulhe.child[node, a])))
    assert seen.all()  # and nothing more in ours
    assert (hulhe.num_nodes, hulhe.num_decisions) == (16584, 6378)
    assert np.bincount(hulhe.kind).tolist() == [6378, 5103, 5103]
    assert hulhe.max_depth == 23 and hulhe.payoff.max() == 240  # four bets on every street


def test_hulhe_rounds_actors_and_contributions(hulhe: BettingTree) -> None:
    root = 0
    assert hulhe.actor[root] == 1 and hulhe.contrib[root].tolist() == [10, 5]
    assert hulhe.legal_columns(root).tolist() == [FOLD_COL, CALL_COL, RAISE_COL]
    limp = hulhe.node_at("c")  # the big blind's option: check or raise
    assert hulhe.actor[limp] == 0 and hulhe.legal_columns(limp).tolist() == [CALL_COL, RAISE_COL]
    flop = hulhe.node_at("cc/")
    assert hulhe.round[flop] == 1 and hulhe.actor[flop] == 0  # the big blind opens after the flop
    capped = hulhe.node_at("rrr")  # the blind and three raises: four bets, no more
    assert hulhe.legal_columns(capped).tolist() == [FOLD_COL, CALL_COL]
    assert hulhe.contrib[capped].tolist() == [30, 40]
    river_cap = hulhe.node_at("rrrc/rrrrc/rrrrc/rrrrc")
    assert hulhe.kind[river_cap] == SHOWDOWN and hulhe.payoff[river_cap] == 240
    assert hulhe.history(river_cap) == "rrrc/rrrrc/rrrrc/rrrrc"
    for node in range(hulhe.num_nodes):  # pre-order: parents first
        assert hulhe.parent[node] < node


def test_rows_follow_the_bucket_counts(hulhe: BettingTree) -> None:
    tree = hulhe.with_buckets((169, 10, 20, 30))
    decisions = np.flatnonzero(tree.kind == TREE_DECISION)
    counts = np.array([169, 10, 20, 30])[tree.round[decisions]]
    assert tree.num_rows == counts.sum()
    assert (tree.row[decisions] == np.concatenate(([0], np.cumsum(counts)[:-1]))).all()
    assert (tree.row[tree.kind != TREE_DECISION] == -1).all()
    with pytest.raises(ValueError, match="one positive count per round"):
        hulhe.with_buckets((169, 10, 20))
    with pytest.raises(ValueError, match="a no-limit tree needs the bet sizes"):
        BettingTree.from_settings(GameSettings.preset("no-limit"))
    with pytest.raises(ValueError, match="a limit game bets its fixed sizes"):
        BettingTree.from_settings(GameSettings.preset("limit"), menu=lambda hand: [])
    with pytest.raises(ValueError, match="with a raise cap"):
        BettingTree.from_settings(GameSettings.preset("limit", raise_cap=None))
    with pytest.raises(ValueError, match="not legal"):
        hulhe.node_at("cf")  # nothing to fold to after a limp


def test_leduc_tree_is_the_exact_games_betting() -> None:
    # Walk pokerlab's Leduc (OpenSpiel's rules; its own betting code) with every board card:
    # each decision has the same actor and actions, each terminal pays what ours says.
    tree = BettingTree.leduc()
    flat = FlatGame.build(leduc())
    cols = {"fold": FOLD_COL, "call": CALL_COL, "raise": RAISE_COL}
    prior = np.asarray(flat.game.prior, dtype=float)
    stack = [(0, 0, 0)]
    visited = 0
    while stack:
        node, ours, depth = stack.pop()
        if flat.kind[node] == CHANCE:
            assert tree.round[ours] == 1 and depth == 0
            stack.extend((int(c), ours, 1) for c in flat.children_of(node))
            continue
        visited += 1
        if flat.kind[node] == TERMINAL:
            weighted = flat.weighted_payoff[flat.terminal_index[node]]
            # weight = prior x the board card's chance (1/4 for the deals it does not clash with)
            pay = weighted[weighted != 0] / prior[weighted != 0] * (4 if depth else 1)
            if tree.kind[ours] == FOLD_NODE:
                assert np.allclose(pay, tree.payoff[ours])
            else:
                assert tree.kind[ours] == SHOWDOWN and np.allclose(np.abs(pay), tree.payoff[ours])
            continue
        assert flat.kind[node] == DECISION and flat.player[node] == tree.actor[ours]
        labels = flat.actions_of(node)
        assert [cols[lab] for lab in labels] == tree.legal_columns(ours).tolist()
        for lab, c in zip(labels, flat.children_of(node), strict=True):
            stack.append((int(c), int(tree.child[ours, cols[lab]]), depth))
    assert visited == 186 + 274
    assert np.bincount(tree.kind).tolist() == [36, 24, 25]
    assert tree.num_rows == 6 * 3 + 30 * 9


# A limit draw game with antes of 1, bets of 2 then 4 and no raise after a bet (raise cap 0):
# position 0 opens both rounds. Its 33 nodes in the documented order (pre-order, a decision's
# children in column order fold, call, raise), written out by hand: history, kind (D decision,
# F fold, S showdown), actor, round, each position's chips in the pot.
NO_RAISE_TREE = """
    -      D  0 0  1 1
    c      D  1 0  1 1
    cc     D  0 1  1 1
    cc/c   D  1 1  1 1
    cc/cc  S -1 1  1 1
    cc/cr  D  0 1  1 5
    cc/crf F -1 1  1 5
    cc/crc S -1 1  5 5
    cc/r   D  1 1  5 1
    cc/rf  F -1 1  5 1
    cc/rc  S -1 1  5 5
    cr     D  0 0  1 3
    crf    F -1 0  1 3
    crc    D  0 1  3 3
    crc/c   D  1 1  3 3
    crc/cc  S -1 1  3 3
    crc/cr  D  0 1  3 7
    crc/crf F -1 1  3 7
    crc/crc S -1 1  7 7
    crc/r   D  1 1  7 3
    crc/rf  F -1 1  7 3
    crc/rc  S -1 1  7 7
    r      D  1 0  3 1
    rf     F -1 0  3 1
    rc     D  0 1  3 3
    rc/c   D  1 1  3 3
    rc/cc  S -1 1  3 3
    rc/cr  D  0 1  3 7
    rc/crf F -1 1  3 7
    rc/crc S -1 1  7 7
    rc/r   D  1 1  7 3
    rc/rf  F -1 1  7 3
    rc/rc  S -1 1  7 7
"""


def test_nodes_are_numbered_in_pre_order_with_children_in_column_order() -> None:
    tree = BettingTree.from_settings(GameSettings.preset("limit", "five-card-draw", ante=1, small_bet=2,
                                                       big_bet=4, raise_cap=0))
    rows = [line.split() for line in NO_RAISE_TREE.strip().splitlines()]
    kinds = {"D": TREE_DECISION, "F": FOLD_NODE, "S": SHOWDOWN}
    assert tree.num_nodes == len(rows) == 33
    for node, (history, kind, actor, rnd, c0, c1) in enumerate(rows):
        history = "" if history == "-" else history
        assert tree.history(node) == history, node
        got = (tree.kind[node], tree.actor[node], tree.round[node])
        assert got == (kinds[kind], int(actor), int(rnd)), history
        assert tree.contrib[node].tolist() == [int(c0), int(c1)], history
        for col, letter in enumerate("fcr"):  # each child is the node of the history one action on
            child = int(tree.child[node, col])
            if child >= 0:
                assert tree.parent[child] == node and tree.history(child).replace("/", "") == (
                    history.replace("/", "") + letter)
