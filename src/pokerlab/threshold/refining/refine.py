"""Hand levels split where the continuous certificate finds gains: a tighter bound for fewer levels.

A discretised game whose levels have unequal widths (each level's probability is its width,
:func:`~pokerlab.equilibrium.discretised_game` with ``widths``) is the continuous game
restricted to strategies that mix alike across each level: the payoffs agree exactly
(:func:`~pokerlab.threshold.refining.continuous.behaviour`). Its equilibrium, played on continuous
hands, concedes where a player's best plan changes inside a level (a dividing point, or the
edge of a band where it mixes); elsewhere it concedes nothing. The exact best responses say
where: each interval on which a player gains shares its gain among the levels it covers.
Splitting the few levels that carry most of it (at the 40 equal levels of game 2 for three,
four levels carry 84%) and solving again lowers the bound far more than splitting every
level: the work of CFR grows as the levels to the power of the players.

This module only chooses the levels; solving is the engine's CFR+ and measuring is the
certificate (:func:`~pokerlab.threshold.refining.continuous.continuous_certificate`).

Examples
--------
>>> from fractions import Fraction as F
>>> split_levels([F(0), F(1, 2), F(1)], [0.1, 0.9])
[Fraction(0, 1), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1)]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from pokerlab.gamespec import BettingGame
from pokerlab.threshold.refining.continuous import ContinuousCheck, continuous_certificate, level_edges

SHARE = 0.8
"""Each round splits the fewest levels that carry this share of the certificate's gains."""


def level_gains(check: ContinuousCheck, edges: Sequence[Fraction]) -> np.ndarray:
    """The certificate's gains shared among the levels (all players together): each interval
    of a best response's improvement gives each level it covers a part in proportion to the
    overlap."""
    bounds = np.array([float(e) for e in edges])
    out = np.zeros(len(bounds) - 1)
    for response in check.responses:
        for _, lo, hi, _, gain in response.improvements:
            lo, hi, gain = float(lo), float(hi), float(gain)
            if hi <= lo:
                continue
            overlap = np.clip(np.minimum(bounds[1:], hi) - np.maximum(bounds[:-1], lo), 0.0, None)
            out += gain * overlap / (hi - lo)
    return out


def split_levels(edges: Sequence[Fraction], gains: Sequence[float], share: float = SHARE) -> list[Fraction]:
    """``edges`` with the fewest levels that carry ``share`` of ``gains`` cut in half (at most
    half of the levels, at least one)."""
    gains = np.asarray(gains, dtype=float)
    order = np.argsort(-gains, kind="stable")
    total = float(gains.sum())
    chosen: set[int] = set()
    carried = 0.0
    for k in order[: max(1, len(gains) // 2)]:
        if chosen and carried >= share * total:
            break
        chosen.add(int(k))
        carried += float(gains[k])
    out = [Fraction(edges[0])]
    for k in range(len(edges) - 1):
        if k in chosen:
            out.append((Fraction(edges[k]) + Fraction(edges[k + 1])) / 2)
        out.append(Fraction(edges[k + 1]))
    return out


@dataclass
class Round:
    """One round: the levels solved and the certified bound of their equilibrium."""

    levels: int
    nash_conv: float
    seconds: float


@dataclass
class Refinement:
    """The best round's levels, strategy and certificate, and every round's figures."""

    edges: list[Fraction]
    strategy: Any
    check: ContinuousCheck
    rounds: list[Round] = field(default_factory=list)

    def report(self) -> dict[str, Any]:
        """Plain data for ``--json``: the best certificate, its levels' edges and the rounds."""
        return {
            **self.check.report(),
            "edges": [str(e) for e in self.edges],
            "rounds": [vars(r) for r in self.rounds],
        }


def solve_levels(
    game: BettingGame, edges: Sequence[Fraction], iterations: int, algorithm: str = "cfr+"
) -> Any:
    """The engine's average strategy after ``iterations`` on the levels between ``edges``."""
    from pokerlab.equilibrium import CFRSolver, discretised_game

    widths = [b - a for a, b in itertools.pairwise(edges)]
    solver = CFRSolver(discretised_game(game, len(widths), widths=widths), algorithm)
    solver.run(iterations)
    return solver.average_strategy()


def refine(
    game: BettingGame,
    rounds: int,
    levels: int = 20,
    iterations: int = 2000,
    strategy: Any = None,
    algorithm: str = "cfr+",
    share: float = SHARE,
    on_round: Callable[[Round], None] | None = None,
) -> Refinement:
    """Solve ``game`` on ``levels`` equal levels (or take ``strategy``, already solved there),
    certify it on continuous hands, then ``rounds`` times split the levels carrying ``share``
    of the gains, solve with ``iterations`` of ``algorithm`` (cfr, cfr+ or dcfr) and certify
    again. Returns the round with the smallest bound.

    >>> from pokerlab.gamespec import builtin_game
    >>> refined = refine(builtin_game("patent-no-raise-3p", pot=3), 2, levels=10, iterations=1000)
    >>> [r.levels for r in refined.rounds], refined.check.nash_conv < refined.rounds[0].nash_conv
    ([10, 12, 14], True)
    """
    if rounds < 0:
        raise ValueError(f"--refine {rounds}: a whole number of rounds, 0 or more")
    edges = level_edges(levels)
    best: Refinement | None = None
    history: list[Round] = []
    for r in range(rounds + 1):
        start = time.perf_counter()
        if strategy is None:
            strategy = solve_levels(game, edges, iterations, algorithm)
        check = continuous_certificate(game, strategy, len(edges) - 1, edges=edges)
        history.append(Round(len(edges) - 1, check.nash_conv, time.perf_counter() - start))
        if on_round is not None:
            on_round(history[-1])
        if best is None or check.nash_conv < best.check.nash_conv:
            best = Refinement(list(edges), strategy, check)
        if r < rounds:
            edges = split_levels(edges, level_gains(check, edges), share)
            strategy = None
    assert best is not None
    best.rounds = history
    return best
