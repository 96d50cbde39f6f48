"""A hand's exact equity against every holding of a range, in one call: what a range tool draws.

Each holding of the range is a heads-up deal with the hand; holdings that a suit
permutation fixing the hand, the board and the dead cards maps onto each other have the same
equity, so each class is evaluated once (exactly, by board classes) and shared. The
per-holding equities also give the 13x13 grid of starting-hand classes (the weighted mean
over each class's holdings), which :func:`pokerlab.strength.preflop_plot.plot_table` draws.

Examples
--------
>>> from pokerlab.cards import parse_cards
>>> g = equity_grid(parse_cards("AhKh"), "QQ+, AKo")
>>> round(g.equity, 4), round(g.class_equity("QQ"), 4), round(g.class_equity("AKo"), 4)
(0.4055, 0.4605, 0.5249)
>>> int(np.isfinite(g.combo_equity).sum()), g.deal_classes   # 12 pairs and 6 AKo; 5 up to suits
(18, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.cards import ALL_COMBOS, format_cards
from pokerlab.strength.equity import Player, Progress, equity_problem
from pokerlab.strength.preflop_tables import COMBO_CELLS, PreflopTable, grid_cell


@dataclass(frozen=True)
class EquityGrid:
    """A hand's equity against each holding of a range.

    Attributes
    ----------
    hand
        The hand's two card codes.
    board
        Board cards.
    combo_equity
        (1326,) equity of the hand against each holding by combo index; NaN for holdings not
        in the range or blocked by a known card.
    weights
        (1326,) the range's weights on the holdings still possible.
    equity
        Equity against the whole range (holdings weighted).
    deal_classes
        Holdings evaluated (one per class of holdings alike up to suits).
    """

    hand: tuple[int, int]
    board: tuple[int, ...]
    combo_equity: np.ndarray
    weights: np.ndarray
    equity: float
    deal_classes: int

    def grid(self) -> np.ndarray:
        """13x13 weighted mean equity per starting-hand class (NaN where the range has none).

        Rows and columns are ranks 2..A, pairs on the diagonal, suited below, offsuit above.
        """
        total = np.zeros((13, 13))
        weight = np.zeros((13, 13))
        live = np.flatnonzero(self.weights)
        cells = (COMBO_CELLS[live, 0], COMBO_CELLS[live, 1])
        np.add.at(total, cells, self.weights[live] * self.combo_equity[live])
        np.add.at(weight, cells, self.weights[live])
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(weight > 0, total / weight, np.nan)

    def class_equity(self, name: str) -> float:
        """Equity against the holdings of one class such as ``"AKs"`` (NaN if the range has none)."""
        row, col = grid_cell(name)
        return float(self.grid()[row, col])

    def table(self, title: str | None = None) -> PreflopTable:
        """The grid as a :class:`~pokerlab.strength.preflop_tables.PreflopTable` (for plots and CSV)."""
        hand = format_cards(self.hand, sep="")
        on = f" on {format_cards(self.board, sep='')}" if self.board else ""
        return PreflopTable(f"equity-{hand}", title or f"Equity of {hand}{on} by holding class",
                            self.grid())


def equity_grid(
    hand: Sequence[int] | str,
    villain: Player,
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    workers: int | None = None,
    progress: Progress | None = None,
) -> EquityGrid:
    """Exact equity of ``hand`` against every holding of ``villain``'s range.

    Parameters
    ----------
    hand
        Two known cards (codes or text).
    villain
        A range (or range text, or two cards).
    board, dead
        Known board and dead cards.
    workers
        Threads (default: all); the answer is the same for any number.
    progress
        Called with (classes done, classes) as the work advances.

    Raises
    ------
    ValueError
        For bad cards, a hand that is not two known cards, or a range with no holding left.
    """
    from pokerlab._threads import numba_threads
    from pokerlab.strength._board_classes import FLUSHES, RANK_CLASSES, many_deal_counts
    from pokerlab.strength._deal_classes import COMBO_MAPS, symmetry_group

    problem = equity_problem([hand, villain], board, dead)
    if not problem.fixed[0]:
        raise ValueError("the equity grid needs two known cards for the first player")
    hero = int(np.flatnonzero(problem.weights[0])[0])
    weights = problem.weights[1]
    live = np.flatnonzero(weights)
    group = symmetry_group(problem.known)
    group = group[COMBO_MAPS[group, hero] == hero]  # the permutations that also fix the hand
    representative = COMBO_MAPS[np.ix_(group, live)].min(axis=0)
    reps, which = np.unique(representative, return_inverse=True)
    deals = np.stack([np.full(len(reps), hero), reps], axis=1).astype(np.int64)
    counts = np.zeros((len(reps), 4), dtype=np.int64)
    with numba_threads(workers):
        many_deal_counts(deals, np.array(problem.board, dtype=np.int64), np.int64(problem.known), counts,
                         RANK_CLASSES | FLUSHES)
    if progress is not None:
        progress(len(reps), len(reps))
    share = (counts[:, 1] + counts[:, 3] / 2) / counts.sum(axis=1)
    combo_equity = np.full(1326, np.nan)
    combo_equity[live] = share[which.ravel()]
    overall = float((weights[live] * combo_equity[live]).sum() / weights[live].sum())
    high, low = (int(c) for c in ALL_COMBOS[hero][::-1])
    return EquityGrid((high, low), problem.board, combo_equity, weights.copy(), overall, len(reps))
