"""All-in showdowns between starting-hand classes: the exact heads-up table.

For every ordered pair of the 169 classes ``(a, b)`` the table holds, summed over every pair of
combos ``x`` in ``a`` and ``y`` in ``b`` that share no card and over every one of the
1,712,304 boards of the 48 other cards: the showdowns ``a`` wins, those it ties, and the number
of combo pairs. Everything is a whole number, so the table is exact, and a push/fold game built
from it has exact card removal between the two players' classes: the chance that the players
hold ``a`` and ``b`` is ``pairs[a, b] / (1326 * 1225)``.

The table is computed by :func:`pokerlab.strength.equity.equity` (exact enumeration), one
unordered class pair at a time, and ships with the package (:func:`headsup_table`);
:func:`build_headsup_table` computes it again (about half a minute on one core).

Examples
--------
>>> t = headsup_table()
>>> a, k = t.index("AA"), t.index("KK")
>>> int(t.pairs[a, k]), int(t.wins[a, k]), int(t.ties[a, k])
(36, 50371344, 285228)
>>> round(float(t.equity[a, k]), 5), round(float(t.equity[k, a]), 5)
(0.81946, 0.18054)
>>> int(t.pairs.sum()) == 1326 * 1225
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import comb
from pathlib import Path

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.cards.ranges import class_combo_table

BOARDS = comb(48, 5)
"""Boards of five cards that two known hands leave: 1,712,304."""

DATA_FILE = "headsup-169.npz"
"""The shipped table, in ``pokerlab/pushfold/data``."""


def class_sizes() -> np.ndarray:
    """Combos in each class, in :data:`~pokerlab.cards.PREFLOP_CLASSES` order (6, 4 or 12;
    read-only, from :func:`pokerlab.cards.ranges.class_combo_table`).

    Examples
    --------
    >>> s = class_sizes()
    >>> int(s[0]), int(s[13]), int(s[-1]), int(s.sum())
    (6, 4, 12, 1326)
    """
    return class_combo_table()[1]


@dataclass(frozen=True)
class HeadsUpTable:
    """Exact all-in showdowns of every ordered pair of classes (see the module's docstring).

    Attributes
    ----------
    wins
        ``(169, 169)`` int64: showdowns class ``a`` (row) wins against class ``b`` (column).
    ties
        ``(169, 169)`` int64: showdowns they split.
    pairs
        ``(169, 169)`` int64: pairs of combos that share no card.
    """

    wins: np.ndarray
    ties: np.ndarray
    pairs: np.ndarray

    @staticmethod
    def index(name: str) -> int:
        """Position of a class name in :data:`~pokerlab.cards.PREFLOP_CLASSES`."""
        return PREFLOP_CLASSES.index(name)

    @property
    def showdowns(self) -> np.ndarray:
        """``(169, 169)`` showdowns counted: pairs times boards."""
        return self.pairs * BOARDS

    @property
    def win(self) -> np.ndarray:
        """``(169, 169)`` chance that the row class wins outright."""
        return self.wins / self.showdowns

    @property
    def tie(self) -> np.ndarray:
        """``(169, 169)`` chance of a split pot."""
        return self.ties / self.showdowns

    @property
    def equity(self) -> np.ndarray:
        """``(169, 169)`` the row class's expected share of the pot."""
        return (self.wins + 0.5 * self.ties) / self.showdowns

    @property
    def deal(self) -> np.ndarray:
        """``(169, 169)`` chance that two players are dealt the row and the column class."""
        return self.pairs / (1326.0 * 1225.0)


def build_headsup_table(progress: Callable[[int, int], None] | None = None) -> HeadsUpTable:
    """Compute the table by exact enumeration, one unordered class pair at a time.

    ``progress(done, total)`` is called after each pair.
    """
    from pokerlab.strength.equity import equity

    n = len(PREFLOP_CLASSES)
    wins = np.zeros((n, n), dtype=np.int64)
    ties = np.zeros((n, n), dtype=np.int64)
    pairs = np.zeros((n, n), dtype=np.int64)
    total, done = n * (n + 1) // 2, 0
    for a in range(n):
        for b in range(a, n):
            r = equity([PREFLOP_CLASSES[a], PREFLOP_CLASSES[b]], exact=True)
            count = round(r.trials) // BOARDS
            wins[a, b], wins[b, a] = round(r.wins[0]), round(r.wins[1])
            ties[a, b] = ties[b, a] = round(r.ties[0])
            pairs[a, b] = pairs[b, a] = count
            done += 1
            if progress is not None:
                progress(done, total)
    return HeadsUpTable(wins, ties, pairs)


def save_table(table: HeadsUpTable, path: Path) -> None:
    """Write ``table`` as a compressed ``.npz`` file."""
    np.savez_compressed(path, wins=table.wins, ties=table.ties, pairs=table.pairs)


@cache
def headsup_table() -> HeadsUpTable:
    """The shipped exact table (read once per process)."""
    with resources.files("pokerlab.pushfold").joinpath("data", DATA_FILE).open("rb") as f:
        data = np.load(f)
        table = HeadsUpTable(data["wins"], data["ties"], data["pairs"])
    for array in (table.wins, table.ties, table.pairs):
        array.setflags(write=False)
    return table
