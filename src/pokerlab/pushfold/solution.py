"""Solve a push/fold game and describe the answer: strategies, values, certificate, reading.

Heads-up games are solved exactly by the linear program (:mod:`.headsup`); three or more players
by DCFR (:mod:`.cfr`) to a best-response gain of at most ``target`` big blinds per player
(with prizes, ``target`` big blinds' worth at the average value of a chip: total prizes over
total chips). Either way the answer is measured by :func:`~pokerlab.pushfold.values.evaluate`:
each player's gain from a best response, and their sum, the NashConv.

Examples
--------
>>> from pokerlab.pushfold.game import PushFoldGame
>>> s = solve(PushFoldGame(stacks=(10, 10)))
>>> s.method, s.certified, round(s.share(0), 4), round(s.share(1), 4)
('linear program', True, 0.5828, 0.3738)
>>> s.frequency(0)["K2o"], s.frequency(1)["K2o"]       # SB pushes K2o, BB folds it
(1.0, 0.0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.pushfold.cfr import solve_cfr
from pokerlab.pushfold.equities import class_sizes
from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.headsup import solve_headsup
from pokerlab.pushfold.reading import ThresholdReading, equity_vs_random, read_threshold
from pokerlab.pushfold.triples import SAMPLES, TripleTable
from pokerlab.pushfold.values import PRIOR, Evaluation, evaluate

CERTIFIED_GAIN = 1e-9
"""A heads-up answer is certified when no player gains more than this (big blinds) by deviating."""

DEFAULT_TARGET = 0.01
"""Big blinds a player may gain by a best response in a three-or-more player answer."""

Progress = Callable[[int, float | None], None]


@dataclass(frozen=True)
class PushFoldSolution:
    """A solved push/fold game.

    Attributes
    ----------
    game
        What was solved.
    profile
        Per decision node (``game.tree().nodes``), ``(169, actions)`` action probabilities.
    evaluation
        The profile's values and each player's best-response gain (payoff units).
    method
        ``"linear program"`` or ``"DCFR"`` (``"DCFR, warm-started ..."`` when three-way showdowns
        are in the game: the answer of the game with at most two all-in is played first).
    iterations
        DCFR iterations, both games' (0 for the linear program).
    target
        The gain target in payoff units (0 for the linear program, which is exact).
    seconds
        Time to solve and measure.
    samples
        Monte Carlo deals per class triple behind three-way showdowns (0: none in the game).
    three_way_error
        The Monte Carlo error of the players' values (payoff units): the largest, over players,
        of half the change in a player's value between the table's two independent halves (the
        standard error of the whole table's value, estimated from one pair of draws).
    """

    game: PushFoldGame
    profile: list[np.ndarray]
    evaluation: Evaluation
    method: str
    iterations: int
    target: float
    seconds: float
    samples: int = 0
    readings: list[ThresholdReading] = field(default_factory=list, repr=False)
    three_way_error: float = 0.0

    @property
    def certified(self) -> bool:
        """Whether no player gains more than :data:`CERTIFIED_GAIN` big blinds by deviating."""
        return max(self.evaluation.gains) <= CERTIFIED_GAIN * self.game.chip_value

    @property
    def reached(self) -> bool:
        """Whether every player's gain is within the target."""
        return self.method == "linear program" or max(self.evaluation.gains) <= self.target

    def node_of(self, player: int) -> int:
        """The player's first decision (their push or their first answer)."""
        return next(k for k, n in enumerate(self.game.tree().nodes) if n.actor == player)

    def weight(self, node: int) -> np.ndarray:
        """``(169,)`` combos times the actor's own chance of reaching ``node``."""
        return reach_weight(self.evaluation, node)

    def frequency(self, node: int, action: int = -1) -> dict[str, float]:
        """Each class's probability of ``action`` (default the last: push or call) at ``node``."""
        return {name: float(round(p, 12)) for name, p in zip(PREFLOP_CLASSES, self.profile[node][:, action],
                                                              strict=True)}

    def share(self, node: int, action: int = -1) -> float:
        """Share of the hands reaching ``node`` that take ``action``."""
        w = self.weight(node)
        return float(self.profile[node][:, action] @ w / w.sum()) if w.sum() > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        """Everything as plain data (the ``--json`` output)."""
        g = self.game
        nodes = []
        for k, node in enumerate(g.tree().nodes):
            reading = self.readings[k] if self.readings else None
            nodes.append({
                "line": node.line,
                "player": g.positions[node.actor],
                "actions": list(node.actions),
                "share": {a: self.share(k, i) for i, a in enumerate(node.actions)},
                "frequencies": {name: [float(round(x, 12)) for x in self.profile[k][c]]
                                for c, name in enumerate(PREFLOP_CLASSES)},
                **({"dividing_point": reading.point, "breakers": list(reading.breakers)}
                   if reading is not None else {}),
            })
        ev = self.evaluation
        return {
            "game": {"players": g.players, "positions": list(g.positions), "stacks": list(g.stacks),
                     "small_blind": g.small_blind, "big_blind": g.big_blind, "ante": g.ante,
                     "payouts": list(g.payouts), "payoff": "icm" if g.icm else "chips",
                     "opening": g.opening, "max_allin": g.max_allin},
            "method": self.method,
            "certified": self.certified,
            "converged": self.reached,
            "iterations": self.iterations,
            "seconds": self.seconds,
            "value": dict(zip(g.positions, ev.value, strict=True)),
            "gains": dict(zip(g.positions, ev.gains, strict=True)),
            "nash_conv": ev.nash_conv,
            "target": self.target,
            "units": "prize" if g.icm else "big blinds",
            "three_way_samples": self.samples,
            "three_way_error": self.three_way_error,
            "ev": {pos: {name: float(v) for name, v in zip(PREFLOP_CLASSES, ev.class_value[i], strict=True)}
                   for i, pos in enumerate(g.positions)},
            "nodes": nodes,
        }


def reach_weight(ev: Evaluation, node: int) -> np.ndarray:
    """``(169,)`` combos times the actor's own chance of reaching ``node`` under ``ev``'s profile."""
    return class_sizes() * ev.own_reach[node]


def _readings(game: PushFoldGame, profile: list[np.ndarray], ev: Evaluation) -> list[ThresholdReading]:
    strength = equity_vs_random()
    out = []
    for k in range(len(game.tree().nodes)):
        w = reach_weight(ev, k)
        if w.sum() <= 0:
            w = class_sizes().astype(float)
        aggressive = 1.0 - profile[k][:, 0]  # anything but the fold (or the check)
        out.append(read_threshold(aggressive, w, strength, PREFLOP_CLASSES))
    return out


def check_settings(target: float, max_iterations: int) -> None:
    """``ValueError`` naming ``target`` or ``max iterations`` if :func:`solve` cannot take it
    (to refuse a solve before starting it)."""
    if not target > 0:
        raise ValueError(f"target: {target!r} must be a positive number of big blinds")
    if max_iterations < 1:
        raise ValueError(f"max iterations: {max_iterations} must be at least 1")


def solve(game: PushFoldGame, target: float = DEFAULT_TARGET, max_iterations: int = 20_000,
          progress: Progress | None = None, table: TripleTable | None = None) -> PushFoldSolution:
    """Solve ``game``: exactly heads-up, else by DCFR to a gain of ``target`` big blinds."""
    check_settings(target, max_iterations)
    start = time.perf_counter()
    units = game.chip_value
    three_way = any(len(t.showdown) == 3 for t in game.tree().terminals)
    if three_way and table is None:
        from pokerlab.pushfold.triples import triple_table

        table = triple_table()
    if game.players == 2:
        profile = solve_headsup(game)
        ev = evaluate(game, profile)
        method, iterations, goal = "linear program", 0, 0.0
    else:
        warm, before = None, 0
        method = "DCFR"
        if three_way:  # start from the answer with at most two all-in: cheap, and close to it
            two = replace(game, max_allin=2)
            first = solve_cfr(two, target * units, max_iterations=max_iterations, progress=progress)
            warm = {n.line: p for n, p in zip(two.tree().nodes, first.profile, strict=True)}
            before = first.iterations
            method = "DCFR, warm-started from the two-all-in game"

        def shifted(done: int, gain: float | None) -> None:
            if progress is not None:
                progress(before + done, gain)

        run = solve_cfr(game, target * units, max_iterations=max_iterations, progress=shifted, table=table,
                        warm=warm)
        profile, ev, iterations, goal = run.profile, run.evaluation, before + run.iterations, run.target
    error, samples = 0.0, 0
    if three_way and table is not None:  # the same answer valued by each half of the table
        a, b = (evaluate(game, profile, table.half(k)).value for k in (0, 1))
        error, samples = max(abs(x - y) / 2 for x, y in zip(a, b, strict=True)), table.samples
    return PushFoldSolution(game, profile, ev, method, iterations, goal, time.perf_counter() - start,
                            samples, _readings(game, profile, ev), error)


def named_nodes(game: PushFoldGame, lines: Sequence[str], setting: str = "line") -> list[int]:
    """The decisions whose lines are ``lines``, or a ``ValueError`` naming ``setting`` and the first
    line with no decision (checked before a solve: the tree is known without one).

    Examples
    --------
    >>> named_nodes(PushFoldGame(stacks=(10, 10)), ["SB push, BB"])
    [1]
    """
    nodes = game.tree().nodes
    by_line = {n.line: k for k, n in enumerate(nodes)}
    out = []
    for text in lines:
        if text not in by_line:
            known = "; ".join(n.line for n in nodes[:6])
            raise ValueError(f"{setting}: no decision {text!r} (lines look like: {known}...)")
        out.append(by_line[text])
    return out


def shown_nodes(solution: PushFoldSolution, lines: Sequence[str] = (), setting: str = "line") -> list[int]:
    """The decisions to show: those whose line is in ``lines`` (:func:`named_nodes`), else each
    player's first-in decision (everyone before folded) and, heads-up, every decision.

    Examples
    --------
    >>> s = solve(PushFoldGame(stacks=(10, 10, 10), max_allin=2))
    >>> [s.game.tree().nodes[k].line for k in shown_nodes(s)]
    ['BTN', 'BTN fold, SB']
    >>> shown_nodes(s, ["BTN push, SB"])
    [3]
    """
    nodes = solution.game.tree().nodes
    if lines:
        return named_nodes(solution.game, lines, setting)
    if solution.game.players == 2:
        return list(range(len(nodes)))
    return [k for k, n in enumerate(nodes) if all(part.endswith("fold") for part in n.line.split(", ")[:-1])]


def threshold_profile(solution: PushFoldSolution) -> list[np.ndarray]:
    """Every decision played by its dividing-point reading (to measure what it concedes). The
    reading splits the fold (or check) from the rest; where the rest is two actions (a heads-up
    opening), a class plays them in the equilibrium's proportion for that class, or the
    decision's overall proportion where the equilibrium folds it."""
    out = []
    for k, reading in enumerate(solution.readings):
        sigma = solution.profile[k]
        rest = sigma[:, 1:]
        overall = rest.T @ solution.weight(k)
        overall = overall / overall.sum() if overall.sum() > 0 else np.full(rest.shape[1], 1 / rest.shape[1])
        total = rest.sum(axis=1, keepdims=True)
        split = np.where(total > 1e-12, rest / np.where(total > 1e-12, total, 1.0), overall)
        p = np.empty_like(sigma)
        p[:, 0] = 1.0 - reading.probs
        p[:, 1:] = reading.probs[:, None] * split
        out.append(p)
    return out


__all__ = ["CERTIFIED_GAIN", "DEFAULT_TARGET", "PRIOR", "SAMPLES", "PushFoldSolution", "check_settings",
           "shown_nodes", "solve", "threshold_profile"]
