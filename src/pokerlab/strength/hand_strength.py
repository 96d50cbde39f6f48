"""Hand strength: how often our hand beats one opponent holding, over all holdings.

Every opponent holding of the unseen cards is enumerated (1,081 on the flop, 1,035 on the
turn, 990 on the river); each is ahead of, tied with or behind ours on the current board.
HS = (ahead + tied / 2) / total, and HS_n = HS ** n for n opponents (Alberta, Waterloo
equation 2). With a 1,326-entry weight table (indexed by
:func:`pokerlab.cards.combo_index`, as opponent modelling produces) each holding counts with
its weight.

The counts are from *our* point of view: ``ahead`` is the number of opponent holdings that
our hand beats (the papers' "worse" hands), ``behind`` the number that beat us.

Examples
--------
>>> from pokerlab.cards import parse_hole_board
>>> s = hand_strength(*parse_hole_board("AdQc/3h4cJh"), opponents=5)
>>> s.ahead, s.tied, s.behind
(628, 9, 444)
>>> round(s.hs, 3), round(s.hs_n, 3)
(0.585, 0.069)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerlab.cards import check_distinct
from pokerlab.strength._enumeration import all_holdings_strength, strength_counts


@dataclass(frozen=True)
class HandStrength:
    """Hand strength against one opponent holding, and its n-opponent extrapolation.

    Attributes
    ----------
    ahead, tied, behind
        Opponent holdings (weighted, if weights were given) that our hand beats, ties, loses to.
        Whole numbers when unweighted.
    opponents
        The n in HS_n.
    hs
        (ahead + tied / 2) / (ahead + tied + behind).
    hs_n
        hs ** opponents.
    """

    ahead: float
    tied: float
    behind: float
    opponents: int
    hs: float
    hs_n: float

    @property
    def total(self) -> float:
        """ahead + tied + behind."""
        return self.ahead + self.tied + self.behind


def check_hole_board(
    hole: Sequence[int], board: Sequence[int], board_sizes: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """Validate two hole cards and a board, returned as uint8 arrays."""
    hole = [int(c) for c in hole]
    board = [int(c) for c in board]
    if len(hole) != 2:
        raise ValueError(f"hole: need 2 cards, got {len(hole)}")
    if len(board) not in board_sizes:
        sizes = " or ".join(str(s) for s in board_sizes)
        raise ValueError(f"board: need {sizes} cards, got {len(board)}")
    check_distinct(hole + board)
    return np.array(hole, dtype=np.uint8), np.array(board, dtype=np.uint8)


def check_weights(weights: np.ndarray | None) -> np.ndarray:
    """A float64 weight table of 1,326 non-negative entries (all ones when ``None``)."""
    if weights is None:
        return np.ones(1326)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (1326,):
        raise ValueError(f"weights: need 1326 entries (one per combo_index), got shape {w.shape}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError("weights: entries must be finite and non-negative")
    return w


def check_opponents(opponents: int) -> int:
    """An opponent count of at least 1."""
    if int(opponents) != opponents or opponents < 1:
        raise ValueError(f"opponents must be a whole number >= 1, got {opponents}")
    return int(opponents)


def strength_from_counts(
    ahead: float, tied: float, behind: float, opponents: int, whole: bool
) -> HandStrength:
    """Build a :class:`HandStrength` from the three counts."""
    ahead, tied, behind = float(ahead), float(tied), float(behind)
    total = ahead + tied + behind
    if total <= 0:
        raise ValueError("weights: no opponent holding with positive weight is left")
    hs = (ahead + tied / 2.0) / total
    if whole:
        return HandStrength(round(ahead), round(tied), round(behind), opponents, hs, hs**opponents)
    return HandStrength(ahead, tied, behind, opponents, hs, hs**opponents)


def hand_strength(
    hole: Sequence[int],
    board: Sequence[int],
    opponents: int = 1,
    weights: np.ndarray | None = None,
) -> HandStrength:
    """Hand strength of ``hole`` on a ``board`` of 3, 4 or 5 cards, by exact enumeration.

    Parameters
    ----------
    hole
        Our two card codes.
    board
        The 3, 4 or 5 board card codes.
    opponents
        n in HS_n = HS ** n.
    weights
        Optional weight per opponent holding: 1,326 entries indexed by ``combo_index``.
        Holdings that use a known card are skipped whatever their weight.

    Raises
    ------
    ValueError
        For a wrong number of cards, a repeated card, bad weights or no weighted holding.

    Examples
    --------
    >>> from pokerlab.cards import parse_cards
    >>> s = hand_strength(parse_cards("AsAh"), parse_cards("AdAc2s 3h 4d"))
    >>> s.behind, s.tied, round(s.hs, 4)
    (0, 0, 1.0)
    """
    hole_a, board_a = check_hole_board(hole, board, (3, 4, 5))
    opponents = check_opponents(opponents)
    w = check_weights(weights)
    counts = strength_counts(hole_a, board_a, w)
    return strength_from_counts(counts[0], counts[1], counts[2], opponents, weights is None)


def strength_table(
    board: Sequence[int],
    dead: Sequence[int] = (),
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """HS of every two-card holding on ``board``, as a 1,326-entry array by ``combo_index``.

    Each holding's HS is taken against one opponent holding from the cards left (neither on
    the board, nor ``dead``, nor in the holding), weighted by ``weights`` when given. Holdings
    that use a board or dead card are NaN. This is the per-hand value that opponent modelling
    needs (Waterloo equation 8, the Alberta re-weighting), for all holdings in one call.

    Examples
    --------
    >>> from pokerlab.cards import combo_index, parse_cards
    >>> hs = strength_table(parse_cards("3h4cJh"))
    >>> a, q = parse_cards("AdQc")
    >>> round(float(hs[combo_index(a, q)]), 3)
    0.585
    >>> int(np.isnan(hs).sum())  # holdings that use a board card: 1326 - C(49, 2)
    150
    """
    board_list = [int(c) for c in board]
    dead_list = [int(c) for c in dead]
    if len(board_list) not in (3, 4, 5):
        raise ValueError(f"board: need 3, 4 or 5 cards, got {len(board_list)}")
    check_distinct(board_list + dead_list)
    w = check_weights(weights)
    return all_holdings_strength(
        np.array(board_list, dtype=np.uint8), np.array(dead_list, dtype=np.uint8), w
    )
