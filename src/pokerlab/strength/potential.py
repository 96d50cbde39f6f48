"""Hand potential: how the ahead / tied / behind state changes as the board cards come.

For every opponent holding and every runout of the remaining board cards, the state now
(row: ahead, tied, behind on the current board) is tallied against the state afterwards
(column). With two cards to come on the flop there are 1,081 x 990 = 1,070,190 cases; with one
card to come 1,081 x 45 on the flop and 1,035 x 44 on the turn. From the table ``T``
(Alberta paper; B, T, A, S = behind, tied, ahead, sum):

    PPOT = (T[B,A] + T[B,T]/2 + T[T,A]/2) / (T[B,S] + T[T,S]/2)
    NPOT = (T[A,B] + T[A,T]/2 + T[T,B]/2) / (T[A,S] + T[T,S]/2)

PPOT is the chance of pulling ahead when behind, NPOT of falling behind when ahead. A zero
denominator (never behind, or never ahead) gives a potential of 0.

Examples
--------
>>> from pokerlab.cards import parse_hole_board
>>> p = hand_potential(*parse_hole_board("AdQc/3h4cJh"))
>>> p.two_cards.counts.tolist()
[[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]]
>>> round(p.ppot2, 3), round(p.npot2, 3), round(p.ppot1, 3), round(p.npot1, 3)
(0.208, 0.274, 0.108, 0.145)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.strength._enumeration import potential_tables
from pokerlab.strength.hand_strength import (
    HandStrength,
    check_hole_board,
    check_opponents,
    check_weights,
    strength_from_counts,
)

AHEAD, TIED, BEHIND = 0, 1, 2
"""Row and column indices of the potential tables."""
STATES: tuple[str, str, str] = ("ahead", "tied", "behind")


def ppot_of(table: np.ndarray) -> float:
    """PPOT of a 3x3 table (rows now, columns after; order ahead, tied, behind).

    Examples
    --------
    >>> t = np.array([[449005, 3211, 169504], [0, 8370, 540], [91981, 1036, 346543]])
    >>> round(ppot_of(t), 4), round(npot_of(t), 4)
    (0.2083, 0.2737)
    """
    t = np.asarray(table, dtype=np.float64)
    num = t[BEHIND, AHEAD] + t[BEHIND, TIED] / 2 + t[TIED, AHEAD] / 2
    den = t[BEHIND].sum() + t[TIED].sum() / 2
    return float(num / den) if den > 0 else 0.0


def npot_of(table: np.ndarray) -> float:
    """NPOT of a 3x3 table (rows now, columns after; order ahead, tied, behind)."""
    t = np.asarray(table, dtype=np.float64)
    num = t[AHEAD, BEHIND] + t[AHEAD, TIED] / 2 + t[TIED, BEHIND] / 2
    den = t[AHEAD].sum() + t[TIED].sum() / 2
    return float(num / den) if den > 0 else 0.0


@dataclass(frozen=True)
class PotentialTable:
    """The 3x3 table of state now (rows) by state after ``cards_to_come`` cards (columns).

    Attributes
    ----------
    counts
        ``(3, 3)`` array, order ahead, tied, behind; integers when unweighted, else weighted sums.
    cards_to_come
        1 or 2.
    """

    counts: np.ndarray
    cards_to_come: int

    @property
    def ppot(self) -> float:
        """Positive potential (Alberta formula)."""
        return ppot_of(self.counts)

    @property
    def npot(self) -> float:
        """Negative potential (Alberta formula)."""
        return npot_of(self.counts)

    @property
    def row_sums(self) -> np.ndarray:
        """Sum of each row (state now)."""
        return self.counts.sum(axis=1)

    @property
    def column_sums(self) -> np.ndarray:
        """Sum of each column (state after)."""
        return self.counts.sum(axis=0)

    @property
    def total(self) -> float:
        """Sum of all cells."""
        return self.counts.sum().item()

    def as_dict(self) -> dict[str, dict[str, float]]:
        """``{row: {column: count}}`` with keys ahead / tied / behind (and ``sum``)."""
        out: dict[str, dict[str, float]] = {}
        for i, row in enumerate(STATES):
            out[row] = {col: self.counts[i, j].item() for j, col in enumerate(STATES)}
            out[row]["sum"] = self.row_sums[i].item()
        out["sum"] = {col: self.column_sums[j].item() for j, col in enumerate(STATES)}
        out["sum"]["sum"] = self.total
        return out


@dataclass(frozen=True)
class HandPotential:
    """Hand strength plus the potential tables with two (flop) and one card to come.

    Attributes
    ----------
    strength
        The :class:`HandStrength` on the current board.
    two_cards
        Table over turn-and-river runouts (flop only, else ``None``).
    one_card
        Table over the next card (flop or turn, else ``None``).
    """

    strength: HandStrength
    two_cards: PotentialTable | None
    one_card: PotentialTable | None

    @property
    def ppot2(self) -> float:
        """PPOT with two cards to come (0 when there is no such table)."""
        return self.two_cards.ppot if self.two_cards is not None else 0.0

    @property
    def npot2(self) -> float:
        """NPOT with two cards to come (0 when there is no such table)."""
        return self.two_cards.npot if self.two_cards is not None else 0.0

    @property
    def ppot1(self) -> float:
        """PPOT with one card to come (0 on the river)."""
        return self.one_card.ppot if self.one_card is not None else 0.0

    @property
    def npot1(self) -> float:
        """NPOT with one card to come (0 on the river)."""
        return self.one_card.npot if self.one_card is not None else 0.0


def hand_potential(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int = 1,
    weights: np.ndarray | None = None,
    two_cards: bool = True,
) -> HandPotential:
    """Hand strength and hand potential of ``hole`` on a board of 3, 4 or 5 cards, exactly.

    Parameters
    ----------
    hole, board
        Card codes (2 and 3..5).
    opponents
        n for HS_n in the returned strength (the tables are against one opponent, as in the papers).
    weights
        Optional 1,326-entry weight per opponent holding (``combo_index`` order); every runout
        of a holding counts with the holding's weight.
    two_cards
        On the flop, also build the two-card table (1,081 x 990 showdowns); ``False`` keeps
        only the one-card table, about twenty times less work.

    Examples
    --------
    >>> from pokerlab.cards import parse_hole_board
    >>> p = hand_potential(*parse_hole_board("AdQc/3h4cJh"))
    >>> p.two_cards.row_sums.tolist(), p.two_cards.total
    ([621720, 8910, 439560], 1070190)
    >>> p.one_card.total == 1081 * 45
    True
    """
    hole_a, board_a = check_hole_board(hole, board, (3, 4, 5))
    opponents = check_opponents(opponents)
    w = check_weights(weights)
    now, two, one = potential_tables(hole_a, board_a, w, two_cards)
    whole = weights is None
    strength = strength_from_counts(now[0], now[1], now[2], opponents, whole)

    def table(raw: np.ndarray, k: int) -> PotentialTable:
        counts = np.rint(raw).astype(np.int64) if whole else raw.copy()
        counts.setflags(write=False)
        return PotentialTable(counts, k)

    left = 5 - len(board_a)
    return HandPotential(
        strength=strength,
        two_cards=table(two, 2) if left == 2 and two_cards else None,
        one_card=table(one, 1) if left >= 1 else None,
    )
