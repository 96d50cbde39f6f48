"""Percentage ranges (``15%``) and weighted combos, as PokerStove and Equilab read them (issue 28).

The ranking behind a percentage is each class's exact all-in equity against one random hand,
shipped as ``pokerlab/cards/data/preflop-ranking.csv``; eval7's Monte Carlo checks every class.
"""

from __future__ import annotations

import math

import eval7
import numpy as np
import pytest

from pokerlab.cards import PREFLOP_CLASSES, combo_index, combos_of_class, format_card, parse_range
from pokerlab.cards.ranking import ranking, top_classes

RANDOM = ("22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,"
          "A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,82o+,72o+,62o+,52o+,42o+,32o")


def test_the_shipped_ranking_is_sorted_and_covers_every_class_once() -> None:
    rows = ranking()
    assert sorted(name for name, _, _ in rows) == sorted(PREFLOP_CLASSES)
    assert [eq for _, _, eq in rows] == sorted((eq for _, _, eq in rows), reverse=True)
    assert sum(combos for _, combos, _ in rows) == 1326
    assert [name for name, _, _ in rows[:3]] == ["AA", "KK", "QQ"] and rows[-1][0] == "32o"
    # PokerStove's well-known figures: AA 85.20% and 72o 34.58% against a random hand.
    equity = {name: eq for name, _, eq in rows}
    assert round(equity["AA"] * 100, 2) == 85.20 and round(equity["72o"] * 100, 2) == 34.58


def test_every_ranked_equity_agrees_with_eval7_monte_carlo() -> None:
    villain = eval7.HandRange(RANDOM)
    assert len(villain.hands) == 1326
    n = 100_000
    worst = 0.0
    for name, _, eq in ranking():
        a, b = combos_of_class(name)[0]
        theirs = eval7.py_hand_vs_range_monte_carlo(
            [eval7.Card(format_card(a)), eval7.Card(format_card(b))], villain, [], n)
        worst = max(worst, abs(theirs - eq) / math.sqrt(eq * (1 - eq) / n))
    assert worst < 5.0  # standard errors (169 classes)


@pytest.mark.parametrize("name", ["72o", "AKs", "T9s", "55"])
def test_ranked_equities_are_pokerlabs_exact_equity(name: str) -> None:
    from pokerlab.strength.preflop_ranking import equity_vs_random

    assert dict((n, eq) for n, _, eq in ranking())[name] == pytest.approx(
        equity_vs_random(name), abs=1e-10)


@pytest.mark.parametrize(("percent", "combos"), [(100, 1326), (0.4, 6), (5, 72), (10, 134), (15, 200)])
def test_percent_ranges_are_the_top_classes_nearest_the_share(percent: float, combos: int) -> None:
    r = parse_range(f"{percent}%")
    assert len(r) == combos
    assert abs(combos - percent / 100 * 1326) <= 6  # nearest whole classes (at most half of 12)
    names = top_classes(percent)
    order = [name for name, _, _ in ranking()]
    assert list(names) == order[:len(names)]


def test_percentages_grow_with_the_share_and_mix_with_other_items() -> None:
    sizes = [len(parse_range(f"{p}%")) for p in range(1, 101)]
    assert sizes == sorted(sizes) and sizes[-1] == 1326
    r = parse_range("15%, 22+, 72o:0.25")
    assert len(r) == len(parse_range("15%")) + 6 * 3 + 12  # 44-22 and 72o are not in 15%
    assert r.weights[combo_index(*combos_of_class("72o")[0])] == 0.25
    half = parse_range("10%:0.5")
    assert set(np.unique(half.weights)) == {0.0, 0.5}


def test_weighted_combos() -> None:
    r = parse_range("AA,KK:0.5,AKs")
    assert len(r) == 6 + 6 + 4 and r.weights.sum() == 6 + 3 + 4
    assert r.weights[combo_index(*combos_of_class("KK")[0])] == 0.5


@pytest.mark.parametrize("text", ["0%", "101%", "x%", "%", "-5%", "15%%"])
def test_bad_percentages_are_named(text: str) -> None:
    with pytest.raises(ValueError, match="range item"):
        parse_range(text)
