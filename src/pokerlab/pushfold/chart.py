"""The heads-up push/fold chart: for each class, the largest stack at which it pushes or calls.

The heads-up game (equal stacks, chips) is solved exactly (:mod:`.headsup`) at every stack of a
grid (default 1 to 50 big blinds in steps of 0.1), and each class gets the largest stack of the
grid at which the small blind pushes it and the big blind calls it at least half the time (a
class mixing at the edge of a range counts where it mostly pushes, as HoldemResources' published
charts count it).
A class that pushes at the largest stack of the grid is shown as that stack with a ``+``; a
class that never does, as ``-``. Equilibria are not always monotone in the stack: a class that
pushes at a stack but never at some smaller one is listed in ``gaps`` (a class whose frequency
only wanders about one half near its edge is not: which side of it a stack falls can depend on
which of several equilibria the linear program's vertex is).

Examples
--------
>>> c = headsup_chart(max_stack=3, step=1.0)
>>> c.stacks
(1.0, 2.0, 3.0)
>>> c.push["AA"], c.label(c.push["AA"]), c.push["72o"] < 3
(3.0, '3+', True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.executors import Executor, InProcessExecutor
from pokerlab.pushfold.game import PushFoldError, PushFoldGame
from pokerlab.pushfold.headsup import solve_headsup
from pokerlab.pushfold.values import evaluate

PUSHES = 0.5
"""A class pushes (or calls) when its equilibrium probability is at least this."""

NEVER = 1e-9
"""A class never pushes (or calls) at a stack when its probability is at most this."""

BATCH = 25
"""Stacks solved per task."""


def _solve_stacks(stacks: tuple[float, ...], small_blind: float, big_blind: float,
                  ante: float) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """Push and call probabilities and the largest best-response gain at each stack."""
    out = []
    for s in stacks:
        game = PushFoldGame((s, s), small_blind, big_blind, ante)
        profile = solve_headsup(game)
        out.append((profile[0][:, 1], profile[1][:, 1], max(evaluate(game, profile).gains)))
    return out


@dataclass(frozen=True)
class HeadsUpChart:
    """The chart (see the module's docstring). ``push`` and ``call`` map each class to its
    largest pushing (calling) stack of the grid, or 0 when it never does."""

    stacks: tuple[float, ...]
    push: dict[str, float]
    call: dict[str, float]
    gaps: dict[str, tuple[str, ...]]
    worst_gain: float
    seconds: float
    push_grid: np.ndarray  # (stacks, 169)
    call_grid: np.ndarray

    def label(self, stack: float) -> str:
        """``"9.8"``, ``"50+"`` (pushes all the way) or ``"-"`` (never)."""
        if stack <= 0:
            return "-"
        if stack >= self.stacks[-1]:
            return f"{stack:g}+"
        return f"{stack:.1f}"

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` output."""
        return {"stacks": {"min": self.stacks[0], "max": self.stacks[-1], "count": len(self.stacks)},
                "push": self.push, "call": self.call, "gaps": self.gaps,
                "worst_gain": self.worst_gain, "seconds": self.seconds}


def _largest(grid: np.ndarray, stacks: tuple[float, ...]) -> tuple[dict[str, float], tuple[str, ...]]:
    out, gaps = {}, []
    for c, name in enumerate(PREFLOP_CLASSES):
        on = grid[:, c] >= PUSHES
        if not on.any():
            out[name] = 0.0
            continue
        last = int(np.flatnonzero(on)[-1])
        out[name] = stacks[last]
        if (grid[:last, c] <= NEVER).any():  # folds outright at a smaller stack
            gaps.append(name)
    return out, tuple(gaps)


def chart_stacks(max_stack: float = 50.0, step: float = 0.1, min_stack: float = 1.0,
                 small_blind: float = 0.5, big_blind: float = 1.0, ante: float = 0.0) -> tuple[float, ...]:
    """The stacks :func:`headsup_chart` solves, once every setting is checked
    (:class:`PushFoldError` naming the first bad one).

    Examples
    --------
    >>> chart_stacks(max_stack=2, step=0.5)
    (1.0, 1.5, 2.0)
    """
    if not step > 0:
        raise PushFoldError(f"step: {step:g} must be positive")
    if not 0 < min_stack <= max_stack:
        raise PushFoldError(f"stacks: from {min_stack:g} to {max_stack:g} is not a range of positive stacks")
    span = (max_stack - min_stack) / step
    count = round(span) + 1 if math.isfinite(span) else math.inf  # an infinite stack: too many
    if count > 10_000:
        raise PushFoldError(f"step: {count:,} stacks from {min_stack:g} to {max_stack:g}; at most 10,000")
    stacks = tuple(round(min_stack + i * step, 10) for i in range(count))
    PushFoldGame((stacks[0], stacks[0]), small_blind, big_blind, ante)
    return stacks


def headsup_chart(max_stack: float = 50.0, step: float = 0.1, min_stack: float = 1.0,
                  small_blind: float = 0.5, big_blind: float = 1.0, ante: float = 0.0,
                  executor: Executor | None = None,
                  progress: Callable[[int, int], None] | None = None) -> HeadsUpChart:
    """Solve every stack ``min_stack, min_stack + step, ..., max_stack`` and build the chart."""
    stacks = chart_stacks(max_stack, step, min_stack, small_blind, big_blind, ante)  # bad settings: first
    count = len(stacks)
    start = time.perf_counter()
    tasks = [(stacks[i:i + BATCH], small_blind, big_blind, ante) for i in range(0, count, BATCH)]
    results: list[tuple[np.ndarray, np.ndarray, float]] = []
    ex = executor or InProcessExecutor()
    for part in ex.map(_solve_stacks, tasks):
        results.extend(part)
        if progress is not None:
            progress(len(results), count)
    push_grid = np.array([r[0] for r in results])
    call_grid = np.array([r[1] for r in results])
    push, push_gaps = _largest(push_grid, stacks)
    call, call_gaps = _largest(call_grid, stacks)
    return HeadsUpChart(stacks, push, call, {"push": push_gaps, "call": call_gaps},
                        max(r[2] for r in results), time.perf_counter() - start, push_grid, call_grid)
