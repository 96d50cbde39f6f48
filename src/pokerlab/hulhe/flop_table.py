"""Flop buckets of every combo on every flop, up to suit isomorphism, for play at table speed.

The card abstraction computes a flop's buckets from its small parameters (exact E[HS^2] of all
1,326 combos: tens of milliseconds a flop), which would make the flop the bot's slowest step.
A strategy file can carry the buckets of the 1,755 canonical flops
(:func:`pokerlab.abstraction.boards.board_classes`; ``uint8 (1755, 1326)``, 255 for combos
touching the board, about 1 MB compressed); a flop is then mapped to its class and suit
permutation and its row read permuted, as the abstraction's own deal tables are read.

Examples
--------
>>> import numpy as np
>>> table = np.full((1755, 1326), 7, dtype=np.uint8)
>>> table[0, :3] = TOUCHING                 # combos 0-2 touch flop class 0 (2c 2d 2h)
>>> row = flop_row(table, [0, 1, 2])
>>> row[:4].tolist(), row.shape
([-1, -1, -1, 7], (1326,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokerlab.abstraction.boards import COMBO_PERM, board_classes, colex_ranks

TOUCHING = 255
"""The table's entry for a combo that touches the flop."""


def build_flop_table(abstraction: Any, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """``uint8 (1755, 1326)``: ``abstraction.board_buckets`` of each canonical flop."""
    boards = board_classes(3).boards
    out = np.empty((len(boards), 1326), dtype=np.uint8)
    for k, board in enumerate(boards):
        row = np.asarray(abstraction.board_buckets(board))
        if row.max() >= TOUCHING:
            raise ValueError(f"flop table: {row.max() + 1} flop buckets do not fit a byte")
        out[k] = np.where(row < 0, TOUCHING, row)
        if progress is not None:
            progress(1)
    return out


def cached_flop_table(abstraction: Any, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """:func:`build_flop_table`, kept in pokerlab's cache folder by the abstraction's key (it
    depends on the abstraction alone, not on any strategy)."""
    import os

    from pokerlab._cache import cache_dir

    folder = cache_dir() / "hulhe"
    folder.mkdir(exist_ok=True)
    path = folder / f"flops-{abstraction.settings.key()}.npy"
    if path.exists():
        table = np.load(path, allow_pickle=False)
        if table.shape == (len(board_classes(3).boards), 1326) and table.dtype == np.uint8:
            return table
    table = build_flop_table(abstraction, progress)
    tmp = path.with_name(path.name + ".part.npy")
    np.save(tmp, table)
    os.replace(tmp, path)
    return table


def flop_row(table: np.ndarray, flop: Sequence[int]) -> np.ndarray:
    """``int32 (1326,)``: every combo's bucket on ``flop`` (three card codes), -1 touching it."""
    classes = board_classes(3)
    rank = int(colex_ranks(np.asarray([flop], dtype=np.int64))[0])
    row = table[classes.class_of[rank], COMBO_PERM[classes.perm_of[rank]]].astype(np.int32)
    row[row == TOUCHING] = -1
    return row
