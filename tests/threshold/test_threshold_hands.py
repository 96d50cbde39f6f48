"""Real hands: rank CDFs (mid-rank ties), nearest hands and the virtual hand (FIG. 29, claims 15-17)."""

from fractions import Fraction

import pytest

from pokerlab.cards import parse_cards
from pokerlab.threshold.reporting.hands import (
    five_card_draw_scale,
    holdem_river_scale,
    map_threshold,
    virtual_hand,
)


def test_fig29_mixing_gives_two_thirds():
    # C1 = 0.2686 between hands of rank 0.2676 and 0.2706: "pass-call with two-thirds" of 2910
    mix = virtual_hand(Fraction("0.2686"), Fraction("0.2676"), Fraction("0.2706"))
    assert mix["below"].below_plays_upper == Fraction(2, 3)  # claim 15
    assert mix["below"].above_plays_lower == 0  # 2920 hands always pass-call
    assert mix["above"].above_plays_lower == Fraction(1, 3)  # claim 16: a / (a + b)
    assert mix["above"].below_plays_upper == 0
    assert mix["both"] == type(mix["both"])(Fraction(2, 3), Fraction(1, 3))  # claim 17


def test_virtual_hand_rejects_bad_neighbours():
    with pytest.raises(ValueError):
        virtual_hand(Fraction(1, 2), Fraction(3, 5), Fraction(2, 5))
    with pytest.raises(ValueError):
        virtual_hand(Fraction(9, 10), Fraction(1, 5), Fraction(2, 5))


def test_five_card_draw_scale():
    scale = five_card_draw_scale()
    assert scale.total == 2598960 and len(scale.classes) == 7462
    strengths = [c.strength for c in scale.classes]
    assert strengths == sorted(strengths) and len(set(strengths)) == 7462
    weakest, best = scale.classes[0], scale.classes[-1]
    assert weakest.strength == Fraction(weakest.count, 2 * scale.total)  # mid-rank convention
    assert best.description == "Royal flush" and best.count == 4
    assert best.strength == 1 - Fraction(2, scale.total)
    # mid-rank strengths average to 1/2 over all hands, like a uniform(0,1) hand
    assert sum(c.strength * c.count for c in scale.classes) / scale.total == Fraction(1, 2)


def test_map_threshold_on_five_card_draw():
    scale = five_card_draw_scale()
    t = Fraction(2686, 10000)
    m = map_threshold(t, scale)
    assert m["below"]["strength"] <= 0.2686 < m["above"]["strength"]
    both = m["virtual_hand"]["both"]
    lo, hi = Fraction(m["below"]["strength_exact"]), Fraction(m["above"]["strength_exact"])
    assert both["below_plays_upper"] == pytest.approx(float((hi - t) / (hi - lo)))


def test_holdem_river_scale():
    board = parse_cards("As Kd 7h 2c 2d")
    scale = holdem_river_scale(board)
    assert scale.total == 1081
    assert sum(c.count for c in scale.classes) == 1081
    assert scale.classes[-1].description.startswith("Four of a kind")  # 2h2s
    with pytest.raises(ValueError):
        holdem_river_scale(board[:4])
