"""What ``pokerlab spot show`` shows: size labels that name one action each and take the exact
amount, sizes in % of the pot, fold nodes, rows cut, the order of the rows, combos counted one way."""

from __future__ import annotations

import pytest

from pokerlab.spot.spec import Spot
from pokerlab.spot.tree import build_tree


def _river(**extra) -> Spot:
    return Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 5.5, "stack": 20, "oop_range": "AA,QQ,AK",
                           "ip_range": "KK,JJ,AQs"} | extra)


def test_a_size_label_is_the_exact_amount_and_the_amount_is_accepted() -> None:
    tree = build_tree(_river(bet="33%,a"))  # 33% of 5.5 is 1.815 chips
    assert tree.actions(0) == ["x", "b1.815", "b20"]
    bet = tree.child(0, "b1.815")
    assert tree.child(0, "b1.8150") == tree.child(0, "b1.82") == tree.child(0, "b1.81") == bet
    assert tree.size_pct(bet) == pytest.approx(33.0)
    with pytest.raises(ValueError, match=r"no action 'b1\.9'"):
        tree.child(0, "b1.9")


def test_two_sizes_that_round_alike_get_labels_that_differ() -> None:
    tree = build_tree(_river(pot=10, bet="33.3%,3.333c"))  # 3.33 and 3.333 chips
    bets = tree.actions(0)[1:]
    assert bets == ["b3.33", "b3.333"]
    assert [tree.child(0, b) for b in bets] == list(tree.children(0))[1:]
    with pytest.raises(ValueError, match=r"could be any of b3\.33 b3\.333"):
        tree.child(0, "b3.3")


def test_a_raise_in_percent_of_the_pot_after_the_call() -> None:
    tree = build_tree(_river(pot=10, stack=100, bet="50%", **{"raise": "60%"}))
    bet = tree.child(0, "b5")
    raised = tree.child(bet, "r17")  # call 5 into a pot of 20, then 60% of 20 more: to 17
    assert tree.size_pct(bet) == pytest.approx(50.0) and tree.size_pct(raised) == pytest.approx(60.0)
