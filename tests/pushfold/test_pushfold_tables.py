"""The exact heads-up class table and the three-way Monte Carlo table, against pokerlab's exact
equity and eval7."""

from __future__ import annotations

import eval7
import numpy as np
import pytest

from pokerlab.cards import PREFLOP_CLASSES, combos_of_class, format_card
from pokerlab.pushfold.equities import BOARDS, class_sizes, headsup_table
from pokerlab.pushfold.triples import exact_joint, sample_triples, triple_index
from pokerlab.strength.equity import equity


def test_the_table_counts_every_deal_once_and_every_showdown_twice() -> None:
    t = headsup_table()
    assert int(t.pairs.sum()) == 1326 * 1225
    assert (t.pairs == t.pairs.T).all() and (t.ties == t.ties.T).all()
    # each showdown is a win for one side, a loss for the other, or a tie for both
    assert (t.wins + t.wins.T + t.ties == t.pairs * BOARDS).all()
    sizes = class_sizes()
    assert (t.pairs.sum(axis=1) == sizes * 1225).all()


def test_entries_are_pokerlab_s_exact_equity_of_the_two_classes() -> None:
    t = headsup_table()
    rng = np.random.default_rng(39)
    for a, b in rng.integers(0, 169, size=(6, 2)):
        r = equity([PREFLOP_CLASSES[a], PREFLOP_CLASSES[b]], exact=True)
        assert (int(t.wins[a, b]), int(t.wins[b, a]), int(t.ties[a, b])) == (
            round(r.wins[0]), round(r.wins[1]), round(r.ties[0]))


@pytest.mark.parametrize(("hero", "villain"), [("AKs", "QQ"), ("AKo", "AQs")])
def test_entries_agree_with_eval7(hero: str, villain: str) -> None:
    """eval7's hand-against-range equity (its Monte Carlo: its exact enumeration answers 0, 0.5
    or 1 with no board), combo by combo, weighted by the villain combos each hero combo leaves
    (card removal); within five standard errors."""
    t = headsup_table()
    a, b = t.index(hero), t.index(villain)
    n = 100_000
    total = weight = 0.0
    for x in combos_of_class(hero):
        cards = [eval7.Card(format_card(c)) for c in x]
        left = [y for y in combos_of_class(villain) if not set(y) & set(x)]
        if left:
            total += len(left) * eval7.py_hand_vs_range_monte_carlo(cards, eval7.HandRange(villain), [], n)
            weight += len(left)
    draws = n * len(combos_of_class(hero))
    assert abs(t.equity[a, b] - total / weight) < 5 * 0.5 / np.sqrt(draws)


def test_joint_counts_of_three_classes_are_exact() -> None:
    i = PREFLOP_CLASSES.index
    assert exact_joint(i("AA"), i("AA"), i("KK")) == 36   # 6 ways for two aces pairs, times 6 kings
    assert exact_joint(i("AA"), i("AA"), i("AA")) == 0
    assert exact_joint(i("AKs"), i("AKs"), i("AKs")) == 4 * 3 * 2


@pytest.mark.parametrize("triple", [("AA", "KK", "QQ"), ("AKo", "T9s", "22")])
def test_three_way_rows_agree_with_exact_three_way_equity(triple: tuple[str, str, str]) -> None:
    """A row of the Monte Carlo table (here with 4,096 deals) against pokerlab's exact three-way
    enumeration: each player's chance to win alone, within four standard errors."""
    idx = sorted(PREFLOP_CLASSES.index(n) for n in triple)
    names = [PREFLOP_CLASSES[k] for k in idx]
    joint, counts, _ = sample_triples(np.array([triple_index(*idx)]), samples=4096)
    assert joint[0] == exact_joint(*idx)
    exact = equity(names, exact=True)
    for p in range(3):
        alone = sum(int(counts[0, code]) for code in range(27)
                    if [code // 9, code // 3 % 3, code % 3][p] == 0
                    and [code // 9, code // 3 % 3, code % 3].count(0) == 1) / 4096
        truth = exact.wins[p] / exact.trials
        assert abs(alone - truth) < 4 * np.sqrt(truth * (1 - truth) / 4096)
