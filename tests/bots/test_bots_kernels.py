"""The bots' shared board kernels agree with the strength package (hand_strength, hand_potential,
strength_table) on the seed example and on random boards, weighted and unweighted."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.agents.modelling._board_kernels import board_ranks, holding_strengths, strength_potential
from pokerlab.agents.modelling.hand_strength import board_data, evaluate_hand
from pokerlab.cards import parse_hole_board
from pokerlab.strength import hand_potential, hand_strength, strength_table


def test_seed_example_counts_and_one_card_potential() -> None:
    # docs/errata.md reading: A♦Q♣ on 3♥4♣J♥: 628 worse / 9 tied / 444 better; PPOT1 0.108, NPOT1 0.145.
    hole, board = parse_hole_board("AdQc/3h4cJh")
    arr = np.array(board, dtype=np.uint8)
    now, nxt = board_ranks(arr)
    out = strength_potential(hole[0], hole[1], arr, now, nxt, np.ones((1, 1326)))[0]
    assert out[:3].tolist() == [628, 9, 444]
    reference = hand_potential(hole, board).one_card.counts
    assert np.array_equal(out[3:].reshape(3, 3), reference)
    e = evaluate_hand(hole, board, [np.ones(1326)])
    assert round(e.ppot1, 3) == 0.108 and round(e.npot1, 3) == 0.145
    assert round(e.hs, 3) == 0.585


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_random_boards_weighted_agree_with_strength_package(board_size: int) -> None:
    rng = np.random.default_rng(board_size)
    for _ in range(4):
        cards = rng.choice(52, size=2 + board_size, replace=False).tolist()
        hole, board = cards[:2], cards[2:]
        weights = rng.random((2, 1326))
        arr = np.array(board, dtype=np.uint8)
        now, nxt = board_ranks(arr)
        out = strength_potential(hole[0], hole[1], arr, now, nxt, weights)
        for k in range(2):
            s = hand_strength(hole, board, weights=weights[k])
            assert np.allclose(out[k, :3], [s.ahead, s.tied, s.behind])
            if board_size < 5:
                p = hand_potential(hole, board, weights=weights[k])
                assert np.allclose(out[k, 3:].reshape(3, 3), p.one_card.counts)
        table = strength_table(board)
        mine = holding_strengths(now)
        assert np.array_equal(np.isnan(mine), np.isnan(table))
        assert np.allclose(mine[~np.isnan(mine)], table[~np.isnan(table)])


def test_board_data_is_cached_and_multi_opponent_strength_multiplies() -> None:
    hole, board = parse_hole_board("AdQc/3h4cJh")
    assert board_data(tuple(board)) is board_data(tuple(board))
    one = evaluate_hand(hole, board, [np.ones(1326)])
    five = evaluate_hand(hole, board, [np.ones(1326)] * 5)
    assert five.hs_n == pytest.approx(one.hs**5)  # HS_5 = 0.585^5 = 0.069
    assert round(five.hs_n, 3) == 0.069
