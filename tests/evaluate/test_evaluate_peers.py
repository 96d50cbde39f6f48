"""Agreement with independent evaluators (issue 2, item 4): phevaluator, eval7, treys.

Our value is the dense class 0..7461 with ``value == 7462 - phevaluator_rank``; eval7
(higher is better) and treys (lower is better) use other scales, so for them we check that
both orders agree: equal hands equal, stronger hands stronger.
"""

import eval7
import numpy as np
import phevaluator
import pytest
import treys

from pokerlab.cards import RANKS, SUITS
from pokerlab.evaluate import evaluate_batch
from pokerlab.evaluate.sampling import random_hands

CARD_TEXT = [r + s for r in RANKS for s in SUITS]


def phevaluator_values(hands: np.ndarray) -> np.ndarray:
    evaluate_cards = phevaluator.evaluate_cards
    return 7462 - np.array([evaluate_cards(*row) for row in hands.tolist()], dtype=np.int64)


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when ``theirs`` is a strictly increasing function of ``ours`` on these hands."""
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by ours, then theirs
    return bool(
        np.unique(pairs[:, 0]).size == pairs.shape[0]  # one peer value per class
        and np.unique(pairs[:, 1]).size == pairs.shape[0]  # and one class per peer value
        and (np.diff(pairs[:, 1]) > 0).all()
    )


@pytest.mark.parametrize("k", [5, 6, 7])
def test_agrees_with_phevaluator_on_random_hands(k):
    # 350,000 of each size here (1.05 million in all); the slow suite adds every 5-card
    # hand and 5 million each of 6 and 7 cards.
    hands = random_hands(350_000, k, seed=100 + k)
    np.testing.assert_array_equal(evaluate_batch(hands), phevaluator_values(hands))


@pytest.mark.slow
def test_agrees_with_phevaluator_on_every_five_card_hand():
    from itertools import combinations

    hands = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    assert hands.shape[0] == 2_598_960
    np.testing.assert_array_equal(evaluate_batch(hands), phevaluator_values(hands))


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_agrees_with_phevaluator_on_five_million_random_hands(k):
    hands = random_hands(5_000_000, k, seed=200 + k)
    np.testing.assert_array_equal(evaluate_batch(hands), phevaluator_values(hands))


def test_orders_like_eval7():
    hands = random_hands(200_000, 7, seed=7)
    cards = [eval7.Card(t) for t in CARD_TEXT]
    theirs = np.array([eval7.evaluate([cards[c] for c in row]) for row in hands.tolist()])
    assert same_order(evaluate_batch(hands), theirs)


def test_orders_like_treys():
    hands = random_hands(20_000, 7, seed=3)
    cards = [treys.Card.new(t) for t in CARD_TEXT]
    evaluator = treys.Evaluator()
    theirs = -np.array(
        [evaluator.evaluate([cards[r[0]], cards[r[1]]], [cards[c] for c in r[2:]])
         for r in hands.tolist()]
    )
    assert same_order(evaluate_batch(hands), theirs)


def test_same_order_detects_disagreement():
    ours = np.array([0, 1, 2, 2])
    assert same_order(ours, np.array([5, 7, 9, 9]))
    assert not same_order(ours, np.array([5, 9, 7, 7]))  # order swapped
    assert not same_order(ours, np.array([5, 7, 9, 8]))  # a tie split
    assert not same_order(ours, np.array([5, 5, 9, 9]))  # two classes merged
