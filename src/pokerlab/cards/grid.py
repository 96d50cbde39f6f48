"""The standard 13x13 starting-hand grid, as PokerStove, Equilab and the solvers draw it.

AA is top left. Row and column ``i`` are the rank ``A, K, Q, ..., 2`` (``i = 0`` is the ace);
pairs run down the diagonal, suited hands lie above it (row = the higher rank) and offsuit
hands below it (column = the higher rank). Every table, heat map and strategy grid that shows
the 169 classes uses this one layout.

Examples
--------
>>> display_cell("AA"), display_cell("AKs"), display_cell("AKo"), display_cell("22")
((0, 0), (0, 1), (1, 0), (12, 12))
>>> grid_class(0, 1), grid_class(1, 0), grid_class(12, 12)
('AKs', 'AKo', '22')
>>> g = class_grid({"AA": 0.85, "72o": 0.35})
>>> float(g[0, 0]), float(g[display_cell("72o")]), bool(np.isnan(g[0, 1]))
(0.85, 0.35, True)
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pokerlab.cards.codes import RANKS
from pokerlab.cards.ranges import ALL_COMBOS

GRID_RANKS = RANKS[::-1]
"""Ranks of the rows and columns, top to bottom and left to right: ``"AKQJT98765432"``."""

ORIENTATION = "AA top left; pairs on the diagonal, suited above it, offsuit below"
"""One line that says how to read the grid."""


def display_cell(name: str) -> tuple[int, int]:
    """``(row, col)`` of a class such as ``"AKs"``, ``"AKo"`` or ``"TT"`` on the grid.

    Raises
    ------
    ValueError
        For a name that is not one of the 169 classes.
    """
    text = name.strip()
    if len(text) not in (2, 3) or text[0].upper() not in RANKS or text[1].upper() not in RANKS:
        raise ValueError(f"unknown hand class {name!r}")
    a, b = GRID_RANKS.index(text[0].upper()), GRID_RANKS.index(text[1].upper())
    kind = text[2:].lower()
    if a == b:
        if kind:
            raise ValueError(f"unknown hand class {name!r}: a pair is neither suited nor offsuit")
        return a, a
    if kind not in ("s", "o"):
        raise ValueError(f"unknown hand class {name!r}: say 's' (suited) or 'o' (offsuit)")
    high, low = min(a, b), max(a, b)
    return (high, low) if kind == "s" else (low, high)


def grid_class(row: int, col: int) -> str:
    """The class name at ``(row, col)``."""
    if not (0 <= row < 13 and 0 <= col < 13):
        raise ValueError(f"grid cell ({row}, {col}) is outside 0..12")
    if row == col:
        return GRID_RANKS[row] * 2
    if row < col:
        return GRID_RANKS[row] + GRID_RANKS[col] + "s"
    return GRID_RANKS[col] + GRID_RANKS[row] + "o"


GRID_CLASSES: tuple[tuple[str, ...], ...] = tuple(
    tuple(grid_class(r, c) for c in range(13)) for r in range(13))
"""The class name of every cell, ``GRID_CLASSES[row][col]``."""


def _combo_cells() -> np.ndarray:
    out = np.empty((1326, 2), dtype=np.int64)
    for i, (a, b) in enumerate(ALL_COMBOS):
        ra, rb = 12 - (int(a) >> 2), 12 - (int(b) >> 2)
        high, low = min(ra, rb), max(ra, rb)
        suited = (int(a) & 3) == (int(b) & 3) and ra != rb
        out[i] = (high, low) if suited else (low, high)
    return out


COMBO_GRID_CELLS: np.ndarray = _combo_cells()
"""``(1326, 2)``: the grid cell of each combo, by combo index."""
COMBO_GRID_CELLS.setflags(write=False)


def class_grid(values: Mapping[str, float]) -> np.ndarray:
    """A 13x13 float array of ``values`` keyed by class name (NaN for a class not given)."""
    out = np.full((13, 13), np.nan)
    for name, value in values.items():
        out[display_cell(name)] = value
    return out
