"""Find the threshold structure of a game of three or more players (``--discover-order``).

The two-player search (:mod:`~pokerlab.threshold.discovering.discover`) reads an LP; beyond two players
there is no LP, so:

1. Solve the game discretised to ``L`` equally likely hand levels per player with the
   engine's N-player CFR+ (:mod:`pokerlab.equilibrium`).
2. Read each branch axis off the average strategy: at every level the probability of each
   branch plan, less what it plays with probability below ``noise`` (left over from early
   iterations). Where a player mixes over consecutive levels (a zone of indifference: the
   amounts matter, not the arrangement) each plan is laid out in one block: the plan played
   just below the zone first, the one played just above it last.
3. The runs of equal plans give the axes and, by their ends, the interleaving of all
   players' dividing points (named as the game declares them when the axes agree).
4. Solve the polynomial first-order conditions numerically from the dividing points read
   (:func:`~pokerlab.threshold.solving.polynomial.solve_conditions`), keep the solutions in the
   order, and certify each by every player's exact best response: NashConv below
   :data:`~pokerlab.threshold.certifying.response.NUMERIC_BOUND`. When the order fails, re-sort by
   the values found; when nothing is certified, drop some of the shortest runs (fewest
   first); then more levels. Every attempt is reported.

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> found = discover_many(builtin_game("patent-no-raise-3p", pot=3), levels=(40,))
>>> found.structure.order_text(), found.attempts[-1].outcome
('b1 < C3 < s1 < S1 < C2 < B1 < C3C', 'ok')
>>> round(found.values["s1"], 4), round(found.values["S1"], 4)
(0.6414, 0.6508)
"""

from __future__ import annotations

import time
from typing import Any

import mpmath
import numpy as np

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.plans import branches
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.certifying.response import NUMERIC_BOUND, best_responses
from pokerlab.threshold.discovering.discover import (
    Attempt,
    Discovery,
    _branch_masses,
    _declared_or_none,
    _resorted,
    _structure_from_runs,
    candidate_runs,
    read_runs,
    require_numbers,
    true_runs,
)
from pokerlab.threshold.solving.polynomial import solve_conditions


def block_layout(masses: np.ndarray, noise: float) -> np.ndarray:
    """The masses (levels x plans) with noise removed and every mixed zone laid out in blocks.

    Examples
    --------
    >>> m = np.array([[1, 0], [0.6, 0.4], [0.2, 0.8], [0.7, 0.3], [0, 1]])
    >>> block_layout(m, 0.05).round(2).tolist()  # 1.5 levels of plan 0, then plan 1
    [[1.0, 0.0], [1.0, 0.0], [0.5, 0.5], [0.0, 1.0], [0.0, 1.0]]
    """
    kept = np.where(masses > noise, masses, 0.0)
    kept = kept / kept.sum(axis=1, keepdims=True)
    n, plans = kept.shape
    mixed = (kept > 0).sum(axis=1) > 1
    out = kept.copy()
    for i, j in true_runs(mixed):
        below = int(kept[i - 1].argmax()) if i > 0 else None
        above = int(kept[j + 1].argmax()) if j + 1 < n else None
        total = kept[i : j + 1].sum(axis=0)
        order = sorted(range(plans), key=lambda q: (q != below, q == above, -total[q]))
        out[i : j + 1] = 0.0
        level, room = i, 1.0
        for q in order:
            left = float(total[q])
            while left > 1e-12 and level <= j:
                take = min(left, room)
                out[level, q] += take
                left -= take
                room -= take
                if room <= 1e-12:
                    level, room = level + 1, 1.0
    return out


MAX_DIVIDING_POINTS = 16
"""Dividing points a reading may have for the numeric solve in the discovery loop (each
Newton step of ``k`` points evaluates ``k * k`` polynomials at 65 digits)."""


def _certified(game: BettingGame, structure: Structure, values: dict[str, Any]) -> float:
    """NashConv of the threshold strategies at ``values`` (every player's exact best response)."""
    with mpmath.workdps(60):
        return float(sum(r.gain for r in best_responses(game, structure, values)))


def _try(
    game: BettingGame,
    structure: Structure,
    read: dict[str, float],
    n: int,
    attempts: list[Attempt],
    declared: Structure | None,
    deadline: float = float("inf"),
) -> tuple[Structure, dict[str, float]] | None:
    """Solve from the points read, re-sort a few times; the certified structure or None.
    No new solve starts after ``deadline`` (a ``time.perf_counter()`` value)."""
    seen: set[str] = set()
    for _ in range(6):
        if time.perf_counter() > deadline:
            attempts.append(Attempt(n, structure.order_text(), "time limit reached"))
            return None
        text = structure.order_text()
        if text in seen:
            return None
        seen.add(text)
        if len(structure.names) > MAX_DIVIDING_POINTS:
            attempts.append(
                Attempt(n, text, f"{len(structure.names)} dividing points: more than {MAX_DIVIDING_POINTS}")
            )
            return None
        found = solve_conditions(game, structure, method="numeric", starts=4, hints=[read])
        gains = [(_certified(game, structure, p.values), p) for p in found.solutions]
        good = [(g, p) for g, p in gains if g < NUMERIC_BOUND]
        if good:
            attempts.append(Attempt(n, text, "ok"))
            return structure, good[0][1].floats()
        if gains:
            attempts.append(Attempt(n, text, f"nash_conv {min(g for g, _ in gains):.3g}"))
            return None
        inside = [
            p for p in found.outside if all(0 <= v <= 1 for v in p.floats().values())
        ]  # only the order broken: the values say which order to try
        if not inside:
            attempts.append(Attempt(n, text, "no solution of the conditions near the points read"))
            return None
        nearest = min(inside, key=lambda p: sum(abs(v - read[k]) for k, v in p.floats().items()))
        attempts.append(Attempt(n, text, "order violated: " + ", ".join(nearest.violations[:3])))
        resorted = _resorted(structure, nearest.floats(), declared)
        if resorted is None:
            return None
        structure, read = resorted, nearest.floats()
    return None


def discover_many(
    game: BettingGame,
    levels: tuple[int, ...] = (40, 80),
    iterations: int = 2000,
    max_drops: int = 4,
    time_limit: float = 120.0,
    noise: float = 0.03,
) -> Discovery:
    """Find a threshold structure of an n-player ``game`` whose solution is certified.

    ``game`` must be numeric (substitute the pot first). The result's ``values`` are the
    dividing points of the certified solution (floats; solve again for more).
    """
    start = time.perf_counter()
    require_numbers(game)
    from pokerlab.equilibrium import CFRSolver, discretised_game

    declared = _declared_or_none(game)
    attempts: list[Attempt] = []
    every = [b for p in range(1, game.players + 1) for b in branches(game, p)]
    last: tuple[int, float] | None = None  # levels and seconds of the last CFR+ run
    for n in levels:
        elapsed = time.perf_counter() - start
        if last is not None and elapsed + last[1] * (n / last[0]) ** game.players > time_limit:
            break  # the next discretisation would not finish in time (its cost grows as n**players)
        try:
            discrete = discretised_game(game, n)
        except ValueError:  # too many players for dense tables
            raise ValueError(
                f"--discover-order: {game.name!r} ({game.players} players) is too large to discretise "
                f"at {n} levels; declare its order ([order] in the game file)"
            ) from None
        began = time.perf_counter()
        solver = CFRSolver(discrete, "cfr+")
        solver.run(iterations)
        strategy = solver.average_strategy()
        last = (n, time.perf_counter() - began)
        runs = {}
        for branch in every:
            plans, masses = _branch_masses(strategy, game, branch, n)
            runs[branch] = read_runs(plans, block_layout(masses, noise))
        for candidate in candidate_runs(runs, n, max_drops):
            structure, read = _structure_from_runs(game, candidate)
            found = _try(game, structure, read, n, attempts, declared, start + time_limit)
            if found is not None:
                return Discovery(found[0], None, attempts, time.perf_counter() - start, found[1])
            if time.perf_counter() - start > time_limit:
                return Discovery(None, None, attempts, time.perf_counter() - start)
    return Discovery(None, None, attempts, time.perf_counter() - start)
