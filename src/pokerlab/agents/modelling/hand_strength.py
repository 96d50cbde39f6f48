"""A hand's strength and potential on the board against opponents' weight tables.

The knowledge-based bots (:mod:`pokerlab.agents.modelling.agent` and the bots built on it) and
the context features of the learned opponent models read their hands through these functions:

- :func:`board_data`: every holding's class value on the board (and on the board plus each
  next card) and its HS against one random holding, computed once per board and shared by
  every bot in the process;
- :func:`evaluate_hand`: weighted HS per opponent, HS_n, one-card PPOT / NPOT, one kernel call;
- :func:`evaluate_holdings` / :func:`holding_values`: the same for every holding against one
  table.

Examples
--------
>>> from pokerlab.cards import parse_hole_board
>>> hole, board = parse_hole_board("AdQc/3h4cJh")
>>> e = evaluate_hand(hole, board, [np.ones(1326)])
>>> round(e.hs, 3), round(e.ppot1, 3), round(e.npot1, 3)
(0.585, 0.108, 0.145)
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from pokerlab.agents.modelling._board_kernels import (
    board_ranks,
    holding_strengths,
    strength_potential,
    strength_potential_many,
)

_BOARDS: OrderedDict[tuple[int, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = OrderedDict()
_BOARD_CACHE_SIZE = 64


def board_data(board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(now, nxt, values)`` of a board: every holding's class value on it, on it plus each
    next card, and its HS against one random holding (cached for the last 64 boards)."""
    found = _BOARDS.get(board)
    if found is not None:
        _BOARDS.move_to_end(board)
        return found
    arr = np.array(board, dtype=np.uint8)
    now, nxt = board_ranks(arr)
    values = holding_strengths(now)
    found = (now, nxt, values)
    _BOARDS[board] = found
    if len(_BOARDS) > _BOARD_CACHE_SIZE:
        _BOARDS.popitem(last=False)
    return found


@dataclass(frozen=True)
class HandEvaluation:
    """Our hand on the current board against the live opponents' weight tables.

    ``hs`` is against one opponent (the first table), ``hs_n`` the product of the per-opponent
    strengths (HS ** n when the tables are equal); ``ppot1`` / ``npot1`` use one card of
    look-ahead against the opponents' tables pooled (each normalised); 0 on the river.
    """

    hs: float
    hs_n: float
    ppot1: float
    npot1: float


def evaluate_hand(hole: list[int] | tuple[int, ...], board: list[int] | tuple[int, ...],
                  tables: list[np.ndarray]) -> HandEvaluation:
    """Weighted hand strength and one-card potential against each table (one kernel call; a
    table listed several times, such as the uniform one, is enumerated once)."""
    now, nxt, _ = board_data(tuple(board))
    arr = np.array(board, dtype=np.uint8)
    distinct: dict[int, int] = {}
    rows = []
    for w in tables:
        if id(w) not in distinct:
            distinct[id(w)] = len(rows)
            rows.append(w)
    out_rows = strength_potential(int(hole[0]), int(hole[1]), arr, now, nxt, np.stack(rows))
    hs_n = 1.0
    first = None
    pooled = np.zeros(9)
    for w in tables:
        out = out_rows[distinct[id(w)]]
        total = out[0] + out[1] + out[2]
        hs = (out[0] + out[1] / 2.0) / total if total > 0 else 0.5
        if first is None:
            first = hs
        hs_n *= hs
        if total > 0:
            pooled += out[3:] / total
    one = pooled.reshape(3, 3)
    sums = one.sum(axis=1)
    den_p = sums[2] + sums[1] / 2.0
    den_n = sums[0] + sums[1] / 2.0
    ppot = (one[2, 0] + one[2, 1] / 2.0 + one[1, 0] / 2.0) / den_p if den_p > 0 else 0.0
    npot = (one[0, 2] + one[0, 1] / 2.0 + one[1, 2] / 2.0) / den_n if den_n > 0 else 0.0
    return HandEvaluation(float(first) if first is not None else 0.5, float(hs_n), float(ppot),
                          float(npot))


def evaluate_holdings(holes: np.ndarray, board: list[int] | tuple[int, ...],
                      table: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(hs, ppot1, npot1)`` of each hand of ``holes`` (m, 2) against one ``table``: what
    :func:`evaluate_hand` gives each with ``[table]``, by the same sums in one kernel call
    (the bots' policies over every holding).

    >>> from pokerlab.cards import parse_hole_board
    >>> hole, board = parse_hole_board("AdQc/3h4cJh")
    >>> hs, ppot, npot = evaluate_holdings(np.array([hole]), board, np.ones(1326))
    >>> e = evaluate_hand(hole, board, [np.ones(1326)])
    >>> (hs[0], ppot[0], npot[0]) == (e.hs, e.ppot1, e.npot1)
    True
    """
    now, nxt, _ = board_data(tuple(board))
    arr = np.array(board, dtype=np.uint8)
    out = strength_potential_many(np.asarray(holes, dtype=np.int64), arr, now, nxt,
                                  np.ascontiguousarray(table, dtype=np.float64)[None, :])[:, 0, :]
    m = out.shape[0]
    hs = np.full(m, 0.5)
    ppot = np.zeros(m)
    npot = np.zeros(m)
    for i in range(m):  # the scalar arithmetic of evaluate_hand, so thresholds cut alike
        row = out[i]
        total = row[0] + row[1] + row[2]
        if total > 0:
            hs[i] = (row[0] + row[1] / 2.0) / total
            one = (np.zeros(9) + row[3:] / total).reshape(3, 3)
            sums = one.sum(axis=1)
            den_p = sums[2] + sums[1] / 2.0
            den_n = sums[0] + sums[1] / 2.0
            ppot[i] = (one[2, 0] + one[2, 1] / 2.0 + one[1, 0] / 2.0) / den_p if den_p > 0 else 0.0
            npot[i] = (one[0, 2] + one[0, 1] / 2.0 + one[1, 2] / 2.0) / den_n if den_n > 0 else 0.0
    return hs, ppot, npot


_VALUES: OrderedDict[tuple[tuple[int, ...], bytes], tuple[np.ndarray, np.ndarray, np.ndarray]] = OrderedDict()


def holding_values(board: tuple[int, ...], field: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(hs, ppot1, npot1)`` of every holding (``combo_index`` order, NaN where it touches the
    board) against the table ``field`` (:func:`evaluate_holdings`; the last 32 boards and
    tables kept: a decision's values serve the later decisions that replay it)."""
    key = (board, hashlib.blake2b(np.ascontiguousarray(field, dtype=np.float64).tobytes(),
                                  digest_size=16).digest())
    found = _VALUES.get(key)
    if found is not None:
        _VALUES.move_to_end(key)
        return found
    from pokerlab.cards import ALL_COMBOS

    valid = np.array([int(a) not in board and int(b) not in board for a, b in ALL_COMBOS])
    values = tuple(np.full(1326, np.nan) for _ in range(3))
    for out, got in zip(values, evaluate_holdings(ALL_COMBOS[valid].astype(np.int64), board, field),
                        strict=True):
        out[valid] = got
        out.setflags(write=False)
    _VALUES[key] = values  # type: ignore[assignment]
    if len(_VALUES) > 32:
        _VALUES.popitem(last=False)
    return values  # type: ignore[return-value]
