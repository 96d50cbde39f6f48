"""The HULHE deal source's cards and showdowns: uniform distinct cards, a pure function of the
generator, and showdowns equal to phevaluator's (the peer) on the same deals."""

from __future__ import annotations

import numpy as np
from phevaluator import evaluate_cards

from pokerlab.cards import format_cards
from pokerlab.hulhe.deals import sample_cards, showdowns


def test_showdowns_agree_with_phevaluator() -> None:
    holes, boards = sample_cards(np.random.default_rng(5), 3000)
    ours = showdowns(holes, boards)
    for h, b, s in zip(holes, boards, ours, strict=True):
        board = format_cards([int(c) for c in b]).split()
        r0 = evaluate_cards(*format_cards([int(c) for c in h[0]]).split(), *board)
        r1 = evaluate_cards(*format_cards([int(c) for c in h[1]]).split(), *board)
        assert s == (1 if r0 < r1 else (-1 if r0 > r1 else 0))  # phevaluator: lower is stronger
    assert {-1, 0, 1} <= set(ours.tolist())


def test_deals_are_distinct_uniform_cards_and_reproducible() -> None:
    holes, boards = sample_cards(np.random.default_rng(1), 60000)
    cards = np.concatenate([holes.reshape(-1, 4), boards], axis=1)
    assert all(len(set(row)) == 9 for row in cards[:2000])
    counts = np.bincount(cards.ravel(), minlength=52)
    expected = cards.size / 52
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 100  # 51 degrees of freedom: p < 1e-4 beyond
    for position in (0, 4, 8):  # each position, not only the whole deal, is uniform
        col = np.bincount(cards[:, position], minlength=52)
        assert float(((col - 60000 / 52) ** 2 / (60000 / 52)).sum()) < 100
    again = sample_cards(np.random.default_rng(1), 60000)
    assert np.array_equal(again[0], holes) and np.array_equal(again[1], boards)


def test_flop_table_rows_equal_the_abstraction_on_any_flop() -> None:
    # Rows filled only for the classes of the flops drawn (the full table takes a minute).
    from hulhe_small import small_parameters

    from pokerlab.abstraction import CardAbstraction
    from pokerlab.abstraction.boards import board_classes, colex_ranks
    from pokerlab.hulhe.flop_table import TOUCHING, flop_row

    abstraction = CardAbstraction.from_parameters(small_parameters())
    classes = board_classes(3)
    table = np.zeros((len(classes.boards), 1326), dtype=np.uint8)
    rng = np.random.default_rng(2)
    for _ in range(12):
        flop = rng.choice(52, 3, replace=False)
        c = classes.class_of[colex_ranks(flop[None, :])[0]]
        row = abstraction.board_buckets(classes.boards[c])
        table[c] = np.where(row < 0, TOUCHING, row)
        assert np.array_equal(flop_row(table, flop), abstraction.board_buckets(flop))
