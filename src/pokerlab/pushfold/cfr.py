"""Discounted CFR on the push/fold game, one strategy per class at every node.

Each iteration plays the current strategies (regret matching) through
:func:`~pokerlab.pushfold.values.evaluate`, adds every class's regret of every action, and
averages the strategies weighted by each class's own chance of reaching the node. Discounts
are Brown and Sandholm's DCFR (alpha 1.5, beta 0, gamma 2). A class with no positive regret
folds (regret matching may play anything there; uniform play would put every class in every
showdown, and the three-way terms cost grows with the square of the players' supports). The
average profile, with probabilities below :data:`NEGLIGIBLE` dropped, is measured every
``check_every`` iterations, and the run stops when no player can gain more than ``target`` by
a best response; the profile returned is the one measured. Each iteration measures its current
strategies too (the walk that gives the regrets gives their best responses): when they are within
the target, they are the answer (regret matching's iterates are close to pure, the average mixes
every iteration's choice).

Examples
--------
>>> from pokerlab.pushfold.game import PushFoldGame
>>> run = solve_cfr(PushFoldGame(stacks=(10, 10)), target=0.01)
>>> run.reached and max(run.evaluation.gains) <= 0.01
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pokerlab.pushfold.game import PushFoldGame
from pokerlab.pushfold.triples import TripleTable
from pokerlab.pushfold.values import CLASSES, Evaluation, evaluate

ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0

NEGLIGIBLE = 1e-3
"""Average probabilities below this are dropped from the profile a run returns and measures."""

Progress = Callable[[int, float | None], None]
"""Called with (iterations done, the latest largest gain or ``None``)."""


@dataclass(frozen=True)
class CfrRun:
    """A finished run: the average ``profile``, its ``evaluation``, and how it stopped."""

    profile: list[np.ndarray]
    evaluation: Evaluation
    iterations: int
    target: float
    reached: bool


def regret_matching(regret: np.ndarray) -> np.ndarray:
    """Strategy from cumulative regrets ``(169, actions)``: positive parts, normalised; the
    first action (fold, or check) where no action has positive regret."""
    pos = np.maximum(regret, 0.0)
    total = pos.sum(axis=1, keepdims=True)
    passive = np.zeros_like(regret)
    passive[:, 0] = 1.0
    return np.where(total > 0, pos / np.where(total > 0, total, 1.0), passive)


WARM_REGRET = 1e-6
"""Regret (payoff units) that makes a warm start's strategy the first one played: small enough
that the first iteration's real regrets outweigh it."""


def solve_cfr(game: PushFoldGame, target: float, max_iterations: int = 100_000,
              check_every: int = 10, progress: Progress | None = None,
              table: TripleTable | None = None,
              warm: dict[str, np.ndarray] | None = None) -> CfrRun:
    """Run DCFR until every player's best-response gain is at most ``target`` (payoff units)
    or ``max_iterations`` have run. ``warm`` maps decision lines to a first strategy to play
    there (``(169, actions)``), e.g. the answer of a smaller game."""
    if not target > 0:
        raise ValueError(f"target: {target!r} must be positive")
    nodes = game.tree().nodes
    regrets = [np.zeros((CLASSES, len(n.actions))) for n in nodes]
    for k, node in enumerate(nodes):
        if warm is not None and node.line in warm:
            regrets[k] = WARM_REGRET * warm[node.line]
    sums = [np.zeros((CLASSES, len(n.actions))) for n in nodes]
    evaluation: Evaluation | None = None
    profile: list[np.ndarray] = []
    t = 0
    while t < max_iterations:
        t += 1
        current = [regret_matching(r) for r in regrets]
        ev = evaluate(game, current, table)
        if max(ev.gains) <= target:  # the iterate itself is good enough (and crisper)
            if progress is not None:
                progress(t, max(ev.gains))
            return CfrRun(current, ev, t, target, True)
        pos, neg = t**ALPHA / (t**ALPHA + 1.0), t**BETA / (t**BETA + 1.0)  # DCFR's discounts
        keep = (t / (t + 1.0)) ** GAMMA
        for k in range(len(nodes)):
            values = ev.action_values[k].T  # (169, actions)
            expected = (current[k] * values).sum(axis=1, keepdims=True)
            r = regrets[k] + values - expected
            regrets[k] = np.where(r > 0, r * pos, r * neg)
            sums[k] = sums[k] * keep + ev.own_reach[k][:, None] * current[k]
        if t % check_every == 0 or t == max_iterations:
            profile = average(sums)
            evaluation = evaluate(game, profile, table)
            gain = max(evaluation.gains)
            if progress is not None:
                progress(t, gain)
            if gain <= target:
                return CfrRun(profile, evaluation, t, target, True)
        elif progress is not None:
            progress(t, None)
    assert evaluation is not None
    return CfrRun(profile, evaluation, t, target, False)


def average(sums: list[np.ndarray]) -> list[np.ndarray]:
    """The average strategy from accumulated sums, probabilities below :data:`NEGLIGIBLE`
    dropped (uniform where a class never reached)."""
    out = []
    for s in sums:
        total = s.sum(axis=1, keepdims=True)
        p = np.where(total > 0, s / np.where(total > 0, total, 1.0), 1.0 / s.shape[1])
        p = np.where(p < NEGLIGIBLE, 0.0, p)
        out.append(p / p.sum(axis=1, keepdims=True))
    return out
