"""The flop search's leaf tables: the turn's continuation values equal, runout by runout, the
blueprint's own walk of each deal (the per-deal kernel the pre-flop's continuation table is
built with); the all-in values are exact equities; the runouts cover the turn cards."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.cards import ALL_COMBOS, combo_index, parse_cards
from pokerlab.hulhe.deals import showdowns
from pokerlab.hulhe.exploitability import PublicTree
from pokerlab.nolimit.blueprint import Blueprint
from pokerlab.nolimit.continuation import BIASES, line_values
from pokerlab.nolimit.flop_search import allin_values, continuation_values, hand_pairs, sample_runouts

BOARD = parse_cards("Ks 7h 2d")


@pytest.fixture(scope="module")
def blueprint() -> Blueprint:
    return Blueprint.load()


def _walked(bp: Blueprint, node: int, mine: list[int], theirs: list[int], searcher: int,
            runout: tuple[int, int]) -> np.ndarray:
    """The searcher's net per chip from ``node`` for every pair, by the per-deal walk."""
    tree = PublicTree.of(bp.tree)
    cards = [*BOARD, *runout]
    pairs = [(h, o) for h in mine for o in theirs]
    buckets = np.zeros((len(pairs), 2, 4), dtype=np.int64)
    holes = np.zeros((len(pairs), 2, 2), dtype=np.int64)
    for d, (h, o) in enumerate(pairs):
        for player, combo in ((searcher, h), (1 - searcher, o)):
            holes[d, player] = ALL_COMBOS[combo]
            for street, n in ((1, 3), (2, 4), (3, 5)):
                buckets[d, player, street] = bp.buckets(cards[:n])[combo]
    sd = showdowns(holes, np.tile(np.array(cards), (len(pairs), 1))).astype(np.float64)
    v = line_values(tree, bp.strategy, node, buckets, sd)[:, searcher, :]  # player 0's net
    v = (v if searcher == 0 else -v) / float(tree.contrib[node, 0])
    return v.T.reshape(len(BIASES), len(mine), len(theirs))


@pytest.mark.parametrize("line, searcher", [("r250c/cc/", 1), ("r250c/cr625c/", 0), ("cc/cc/", 1)])
def test_continuation_values_equal_the_blueprint_walk_on_each_runout(blueprint, line, searcher) -> None:
    node = blueprint.node(line)
    names = ("AcAd", "7c7d", "QcQd", "8s9s", "Ah3h", "Kd2c")
    combos = [combo_index(*parse_cards(h)) for h in names]
    mine, theirs = combos[:3], combos[2:]
    runout = (int(parse_cards("5h")[0]), int(parse_cards("Js")[0]))
    got = continuation_values(blueprint, node, BOARD, (np.array(mine), np.array(theirs)), searcher,
                              np.array([runout]))
    want = _walked(blueprint, node, mine, theirs, searcher, runout)
    clash = hand_pairs(np.array(mine), np.array(theirs)) == 0
    want[:, clash] = 0.0
    np.testing.assert_allclose(got, want, atol=2e-5)


def test_a_runout_that_touches_a_hand_is_left_out_of_its_mean(blueprint) -> None:
    node = blueprint.node("r250c/cc/")
    aces, queens = combo_index(*parse_cards("AcAd")), combo_index(*parse_cards("QcQd"))
    hit, miss = (int(parse_cards("Ac")[0]), int(parse_cards("3s")[0])), (int(parse_cards("5h")[0]),
                                                                         int(parse_cards("Js")[0]))
    both = continuation_values(blueprint, node, BOARD, (np.array([aces]), np.array([queens])), 1,
                               np.array([hit, miss]))
    alone = continuation_values(blueprint, node, BOARD, (np.array([aces]), np.array([queens])), 1,
                                np.array([miss]))
    np.testing.assert_allclose(both, alone, rtol=1e-6)


def test_allin_values_are_the_exact_equities() -> None:
    names = ("AcAd", "7c7d", "8s9s", "Ah3h")
    combos = [combo_index(*parse_cards(h)) for h in names]
    v = allin_values(BOARD, np.array(combos), np.array(combos))
    for i, h in enumerate(combos):
        for j, o in enumerate(combos):
            used = {*BOARD, *ALL_COMBOS[h], *ALL_COMBOS[o]}
            if len(used) < 7:
                assert v[i, j] == 0.0  # hands that share a card
                continue
            rest = [c for c in range(52) if c not in used]
            runs = [(a, b) for x, a in enumerate(rest) for b in rest[x + 1:]]
            boards = np.array([[*BOARD, a, b] for a, b in runs])
            holes = np.tile(np.array([ALL_COMBOS[h], ALL_COMBOS[o]]), (len(runs), 1, 1))
            assert v[i, j] == pytest.approx(showdowns(holes, boards).mean(), abs=1e-12)
    np.testing.assert_allclose(v, -v.T, atol=1e-12)


def test_runouts_cover_every_turn_card_once() -> None:
    runs = sample_runouts(BOARD, 49, seed=3)
    assert sorted(runs[:, 0].tolist()) == sorted(set(range(52)) - set(BOARD))
    assert all(r not in (*BOARD, t) for t, r in runs.tolist())
    with pytest.raises(ValueError, match="runouts"):
        sample_runouts(BOARD, 0, seed=3)
