"""Exhaustive enumeration of 5- and 7-card hands (issue 2, item 4).

Expected numbers: the issue text (5-card categories) and design.md "Numbers worth knowing"
(7-card categories, 4,824 reachable classes). No entry of docs/errata.md concerns them.
"""

import numpy as np
import pytest

from pokerlab.evaluate import CATEGORY_FLOOR, CATEGORY_NAMES, NUM_CLASSES
from pokerlab.evaluate.enumerate import enumerate_all5, enumerate_all7

FIVE_CARD_COUNTS = {
    "Straight flush": 40,
    "Four of a kind": 624,
    "Full house": 3_744,
    "Flush": 5_108,
    "Straight": 10_200,
    "Three of a kind": 54_912,
    "Two pair": 123_552,
    "One pair": 1_098_240,
    "High card": 1_302_540,
}
SEVEN_CARD_COUNTS = {
    "Straight flush": 41_584,
    "Four of a kind": 224_848,
    "Full house": 3_473_184,
    "Flush": 4_047_644,
    "Straight": 6_180_020,
    "Three of a kind": 6_461_620,
    "Two pair": 31_433_400,
    "One pair": 58_627_800,
    "High card": 23_294_460,
}


def test_all_five_card_hands():
    result = enumerate_all5()
    assert result.hands == 2_598_960
    assert dict(zip(CATEGORY_NAMES, result.category_counts, strict=True)) == FIVE_CARD_COUNTS
    # Every class occurs; each one is a distinct five-card hand type.
    assert result.distinct_classes == NUM_CLASSES
    assert (result.class_counts > 0).all()


def test_five_card_class_multiplicities():
    counts = enumerate_all5().class_counts
    # Royal flush (top value) has 4 hands; 7-5-4-3-2 offsuit (value 0) has 4**5 - 4 = 1020.
    assert counts[NUM_CLASSES - 1] == 4
    assert counts[0] == 1020
    # A pair class is 6 pair combos times 4**3 kickers: 384 hands.
    assert counts[1277] == 384


def test_all_seven_card_hands():
    result = enumerate_all7()
    assert result.hands == 133_784_560
    assert dict(zip(CATEGORY_NAMES, result.category_counts, strict=True)) == SEVEN_CARD_COUNTS
    assert result.distinct_classes == 4_824
    assert result.as_dict()["categories"] == SEVEN_CARD_COUNTS
    # Distinct values reachable per category with seven cards (the standard 7-card table):
    # e.g. only 407 high-card values, since seven unpaired ranks always hide the lowest ones.
    present = np.add.reduceat(result.class_counts > 0, CATEGORY_FLOOR).tolist()
    assert present == [407, 1_470, 763, 575, 10, 1_277, 156, 156, 10]


@pytest.mark.slow
def test_parallel_seven_card_enumeration_matches():
    serial = enumerate_all7()
    parallel = enumerate_all7(parallel=True)
    np.testing.assert_array_equal(serial.class_counts, parallel.class_counts)
