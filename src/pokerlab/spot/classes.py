"""A per-combo strategy read by starting-hand class (AA, AKs, AKo: the 169 classes).

For one decision, each class's frequency of an action is the aggregate over the class's
combos weighted by how often each combo is there: its range weight times the probability
that the player's own earlier actions led it to this decision (the *reach*). Combos that use
a board card are left out. This is the number PioSOLVER and GTO+ print in their 13x13 grids.

The grid puts AA top left: row and column ``i`` is the rank ``A, K, ..., 2`` (``i = 0`` is
the ace), pairs on the diagonal, suited hands above it (row = higher rank), offsuit below.
It is :mod:`pokerlab.cards.grid`'s layout (``display_cell`` is that module's), the one every
13x13 table, heat map and strategy grid of pokerlab uses.

Examples
--------
>>> import numpy as np
>>> from pokerlab.cards import combos_of_class, combo_index, parse_cards
>>> aks = [combo_index(*c) for c in combos_of_class("AKs")]
>>> combos = np.array(aks + [combo_index(*c) for c in combos_of_class("72o")])
>>> probs = np.zeros((len(combos), 2)); probs[:, 1] = 1.0; probs[0] = (0.5, 0.5)
>>> table = class_strategy(combos, probs, np.ones(len(combos)), ("check", "bet"))
>>> table.frequency("AKs").tolist(), table.frequency("72o").tolist()
([0.125, 0.875], [0.0, 1.0])
>>> table.weight_of("AKs"), display_cell("AKs"), display_cell("AKo"), display_cell("22")
(4.0, (0, 1), (1, 0), (12, 12))
>>> board = parse_cards("Ac Kh 7d 2s 3s")  # AcKc and AhKh are blocked
>>> class_strategy(combos, probs, np.ones(len(combos)), ("check", "bet"), board).weight_of("AKs")
2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab.cards import COMBO_CARDS, PREFLOP_CLASSES
from pokerlab.cards.grid import COMBO_GRID_CELLS, display_cell

CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(PREFLOP_CLASSES)}
"""Position of each class name in :data:`pokerlab.cards.PREFLOP_CLASSES`."""


def _class_of_cell() -> np.ndarray:
    out = np.empty((13, 13), dtype=np.int64)
    for name, i in CLASS_INDEX.items():
        out[display_cell(name)] = i
    return out


CELL_CLASS: np.ndarray = _class_of_cell()
"""``(13, 13)``: class index (into :data:`PREFLOP_CLASSES`) shown at each display cell."""
CELL_CLASS.setflags(write=False)

COMBO_CLASS: np.ndarray = CELL_CLASS[COMBO_GRID_CELLS[:, 0], COMBO_GRID_CELLS[:, 1]]
"""``(1326,)``: class index of each combo, by combo index."""
COMBO_CLASS.setflags(write=False)

CLASS_COMBOS: np.ndarray = np.bincount(COMBO_CLASS, minlength=169).astype(float)
"""``(169,)``: combos in each class (6 pairs, 4 suited, 12 offsuit)."""


@dataclass(frozen=True)
class ClassStrategy:
    """Each class's action frequencies at one decision.

    Attributes
    ----------
    actions
        The action labels, in the order of the columns.
    frequency_table
        ``(169, actions)``: reach-weighted frequency of each action per class, rows in
        :data:`PREFLOP_CLASSES` order; NaN where the class does not reach the decision.
    weight
        ``(169,)``: the class's reach-weighted combos (a class fully in the range and always
        reaching the decision has 6, 4 or 12).
    available
        ``(169,)``: the class's combos that the board leaves possible.
    """

    actions: tuple[str, ...]
    frequency_table: np.ndarray
    weight: np.ndarray
    available: np.ndarray

    def frequency(self, name: str) -> np.ndarray:
        """The action frequencies of class ``name`` (NaN if it does not reach the decision)."""
        return self.frequency_table[CLASS_INDEX[name]].copy()

    def weight_of(self, name: str) -> float:
        """The reach-weighted combos of class ``name``."""
        return float(self.weight[CLASS_INDEX[name]])

    def grid(self) -> tuple[np.ndarray, np.ndarray]:
        """``(13, 13, actions)`` frequencies and ``(13, 13)`` weights on the display grid."""
        return self.frequency_table[CELL_CLASS], self.weight[CELL_CLASS]

    def total(self) -> np.ndarray:
        """Each action's frequency over the whole range at the decision."""
        w = self.weight
        live = w > 0
        return (self.frequency_table[live] * w[live, None]).sum(axis=0) / w[live].sum()

    def rows(self) -> list[dict[str, Any]]:
        """The classes that reach the decision, strongest grid order (AA, AKs, ..., 32o) first."""
        out = []
        for r in range(13):
            for c in range(13):
                i = int(CELL_CLASS[r, c])
                if self.weight[i] > 0:
                    freq = zip(self.actions, self.frequency_table[i], strict=True)
                    row = {"class": PREFLOP_CLASSES[i], "combos": float(self.weight[i])}
                    out.append(row | {a: float(f) for a, f in freq})
        return out


def class_strategy(
    combos: np.ndarray,
    probs: np.ndarray,
    reach: np.ndarray,
    actions: Sequence[str],
    board: Sequence[int] = (),
) -> ClassStrategy:
    """Aggregate a per-combo strategy by class.

    Parameters
    ----------
    combos
        ``(n,)`` combo indices (:func:`pokerlab.cards.combo_index`) of the acting player's hands.
    probs
        ``(n, actions)`` each combo's action probabilities at the decision.
    reach
        ``(n,)`` each combo's weight at the decision: range weight times own reach probability.
    actions
        The action labels.
    board
        Board cards: combos that use one are left out.
    """
    combos = np.asarray(combos, dtype=np.int64)
    probs = np.asarray(probs, dtype=float)
    reach = np.asarray(reach, dtype=float)
    if probs.shape != (len(combos), len(actions)) or reach.shape != (len(combos),):
        raise ValueError(
            f"class_strategy: {len(combos)} combos need probs of shape {(len(combos), len(actions))} "
            f"and reach of shape {(len(combos),)}, got {probs.shape} and {reach.shape}"
        )
    mask = int(sum(1 << int(c) for c in board))
    keep = (COMBO_CARDS[combos] & mask) == 0
    keep &= reach > 0
    cls = COMBO_CLASS[combos[keep]]
    w = reach[keep]
    weight = np.bincount(cls, weights=w, minlength=169)
    table = np.zeros((169, len(actions)))
    for a in range(len(actions)):
        table[:, a] = np.bincount(cls, weights=w * probs[keep, a], minlength=169)
    with np.errstate(invalid="ignore", divide="ignore"):
        table = np.where(weight[:, None] > 0, table / weight[:, None], np.nan)
    free = (COMBO_CARDS & mask) == 0
    available = np.bincount(COMBO_CLASS[free], minlength=169).astype(float)
    return ClassStrategy(tuple(actions), table, weight, available)
