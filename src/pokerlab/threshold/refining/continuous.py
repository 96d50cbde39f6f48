"""A discretised equilibrium played on continuous hands, and its certificate there.

When no certified dividing-point structure is known (three-player game 2), the best we can say
about the continuous game comes from its discretisation: the engine's CFR+ solves the game
with ``L`` equally likely hand levels per player. Read that strategy on continuous hands: a
hand in ``[k/L, (k+1)/L)`` plays what level ``k`` plays. Two readings:

* the *behaviour* reading (:func:`behaviour`, what ``--continuous`` certifies): the hand
  mixes its plans with the level's probabilities. Payoffs are those of the discrete game
  exactly (hands of one level meet an opponent's hand of the same level above or below it
  half the time each, as the discrete game splits the tie), so the profile loses nothing of
  the discrete equilibrium;
* the *staircase* (:func:`staircase`): the level is cut among its plans in proportion, so
  every hand plays one plan and the profile is a dividing-point strategy, with hundreds of
  points.

Either is certified like any threshold strategy, by every player's exact best response over
continuous hands (:func:`~pokerlab.threshold.certifying.response.best_response_to`, which takes mixes).
The NashConv is an upper bound on what any player could gain against the profile in the
continuous game: an epsilon-equilibrium with that epsilon, a statement about the real game
rather than its discretisation. It falls roughly as ``1/L``; the behaviour reading's is about
half the staircase's (game 2 for three at P = 3: 0.0033 against 0.0044 at 20 levels, 0.00065
against 0.0014 at 40). :func:`mixed_zones` lists where the discrete equilibrium mixes.

Levels may have unequal widths (``edges``: a game solved with ``widths``), as
:mod:`~pokerlab.threshold.refining.refine` makes them where the certificate finds gains.

Examples
--------
>>> from pokerlab.equilibrium import CFRSolver, discretised_game
>>> from pokerlab.gamespec import builtin_game
>>> game = builtin_game("patent-no-raise-3p", pot=3)
>>> solver = CFRSolver(discretised_game(game, 10), "cfr+")
>>> solver.run(500)
>>> check = continuous_certificate(game, solver.average_strategy(), 10)
>>> check.nash_conv < 0.02, [round(v, 2) for v in check.values]  # exact: 0.0776, -0.0433, -0.0343
(True, [0.08, -0.04, -0.04])
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

import mpmath
import numpy as np

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.plans import BranchPlan, History, branches, history_key
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.certifying.response import (
    AxisStrategy,
    Mix,
    Response,
    axis_strategy,
    best_response_to,
)
from pokerlab.threshold.discovering.discover import (
    _branch_masses,
    _structure_from_runs,
    read_runs,
    require_numbers,
    true_runs,
)

DIGITS = 30
"""Working precision of the certificate (the strategy's probabilities are binary floats, read as is)."""

LEFTOVER = 1e-7
"""Plans a level plays with a smaller probability are left out (CFR+'s leftovers)."""

MIXING = 0.01
"""A decision mixes at a level when two of its actions each have at least this probability."""

Reading = Literal["behaviour", "staircase"]


def staircase(game: BettingGame, strategy: Any, levels: int) -> tuple[Structure, dict[str, float]]:
    """The dividing points that play ``strategy`` (a discretised equilibrium of ``game`` at
    ``levels`` hand levels) on continuous hands: each level split in proportion.

    Within a level the plan of the run below comes first and the one continuing above last, so
    a level that does not mix adds no point. Plans with probability below :data:`LEFTOVER`
    at a level are left out.
    """
    require_numbers(game)
    runs = {}
    for player in range(1, game.players + 1):
        for branch in branches(game, player):
            plans, masses = _branch_masses(strategy, game, branch, levels)
            runs[branch] = read_runs(plans, masses, eps=LEFTOVER)
    return _structure_from_runs(game, runs)


def _level_mix(plans: list[BranchPlan], masses: np.ndarray, leftover: float) -> Mix:
    """One level's plans with their probabilities (leftovers dropped, the rest renormalised)."""
    kept = [(plan, float(m)) for plan, m in zip(plans, masses, strict=True) if m > leftover]
    total = sum(m for _, m in kept)
    return tuple((plan, mpmath.mpf(m) / total) for plan, m in kept)


def level_edges(levels: int, edges: Sequence[Fraction] | None = None) -> list[Fraction]:
    """The hands each level stands for: level ``k`` is ``[edges[k], edges[k + 1])``
    (``k / levels`` unless ``edges`` are given, as for a game of unequal levels).

    >>> level_edges(4)
    [Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1)]
    >>> level_edges(2, [0, Fraction(1, 3), 1])
    [Fraction(0, 1), Fraction(1, 3), Fraction(1, 1)]
    """
    if edges is None:
        return [Fraction(k, levels) for k in range(levels + 1)]
    edges = [Fraction(e) for e in edges]
    if len(edges) != levels + 1 or edges[0] != 0 or edges[-1] != 1 or any(
        b <= a for a, b in itertools.pairwise(edges)
    ):
        raise ValueError(f"edges: {levels + 1} increasing numbers from 0 to 1")
    return edges


def behaviour(
    game: BettingGame,
    strategy: Any,
    levels: int,
    leftover: float = LEFTOVER,
    edges: Sequence[Fraction] | None = None,
) -> list[AxisStrategy]:
    """Each player's strategy on continuous hands that plays, on ``[k/L, (k+1)/L)``, the mix
    ``strategy`` (a discretised equilibrium of ``game`` at ``L = levels``) plays at level ``k``.

    With ``edges`` (a game of unequal levels) level ``k`` is ``[edges[k], edges[k + 1])``.
    Neighbouring levels that play the same become one segment. Plans played with probability
    ``leftover`` or less are left out. Numbers are mpmath floats at the working precision in
    force.
    """
    require_numbers(game)
    bounds = level_edges(levels, edges)
    out = []
    for player in range(1, game.players + 1):
        per_branch = [_branch_masses(strategy, game, b, levels) for b in branches(game, player)]
        cuts: list[Any] = []
        plans: list[tuple[Mix, ...]] = []
        for k in range(levels):
            mixes = tuple(_level_mix(bp, masses[k], leftover) for bp, masses in per_branch)
            if plans and plans[-1] == mixes:
                continue
            if plans:
                cuts.append(mpmath.mpf(bounds[k].numerator) / bounds[k].denominator)
            plans.append(mixes)
        out.append(AxisStrategy(cuts, plans))
    return out


@dataclass(frozen=True)
class MixedZone:
    """Hands ``[low, high)`` where a player mixes at one decision (``after``: the betting
    before it), with each action's lowest and highest probability across the zone."""

    player: int
    after: History
    low: float
    high: float
    actions: dict[str, tuple[float, float]]

    def report(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "player": self.player,
            "after": history_key(self.after),
            "low": self.low,
            "high": self.high,
            "actions": {a: list(r) for a, r in self.actions.items()},
        }


@dataclass(frozen=True)
class DecisionRow:
    """One decision of one player across the hand levels: how likely the player's own earlier
    actions bring each level there (``reach``), and each action's probability there."""

    player: int
    after: History
    reach: np.ndarray
    shares: dict[str, np.ndarray]


def decision_rows(game: BettingGame, strategy: Any, levels: int) -> list[DecisionRow]:
    """Every decision of every player, level by level (players in order, each branch's
    decisions by depth)."""
    rows = []
    for player in range(1, game.players + 1):
        for branch in branches(game, player):
            plans, masses = _branch_masses(strategy, game, branch, levels)
            for history in sorted({h for plan in plans for h, _ in plan.actions}, key=lambda h: (len(h), h)):
                rows.append(_row(player, history, plans, masses))
    return rows


def _row(player: int, history: History, plans: list[BranchPlan], masses: np.ndarray) -> DecisionRow:
    actions = sorted({a for plan in plans if (a := plan.action_at(history)) is not None})
    taking = {}
    for action in actions:
        columns = [k for k, plan in enumerate(plans) if plan.action_at(history) == action]
        taking[action] = masses[:, columns].sum(axis=1)
    reach = sum(taking.values())
    shares = {a: np.where(reach > 0, t / np.maximum(reach, 1e-300), 0.0) for a, t in taking.items()}
    return DecisionRow(player, history, reach, shares)


def mixed_zones(
    game: BettingGame,
    strategy: Any,
    levels: int,
    at_least: float = MIXING,
    edges: Sequence[Fraction] | None = None,
) -> list[MixedZone]:
    """Where ``strategy`` mixes: for each decision, the runs of levels that reach it with
    probability ``at_least`` (by their own earlier actions) and play two actions with at least
    that probability each. ``edges`` as in :func:`behaviour`.

    >>> from pokerlab.equilibrium import CFRSolver, discretised_game
    >>> from pokerlab.gamespec import builtin_game
    >>> game = builtin_game("patent-no-raise", pot=2)
    >>> solver = CFRSolver(discretised_game(game, 10), "cfr+")
    >>> solver.run(300)
    >>> # P2 facing a bet, with hands between P1's bluffs (below 0.1) and value bets (above 0.7):
    >>> # calling pays the same anywhere there, and the discrete equilibrium mixes
    >>> [(z.player, z.after, z.low, z.high) for z in mixed_zones(game, solver.average_strategy(), 10)]
    [(2, ('bet',), 0.2, 0.6)]
    """
    bounds = level_edges(levels, edges)
    zones = []
    for row in decision_rows(game, strategy, levels):
        mixing = (row.reach >= at_least) & (sum(s >= at_least for s in row.shares.values()) >= 2)
        for k, end in true_runs(mixing):
            stretch = slice(k, end + 1)
            ranges = {a: (float(s[stretch].min()), float(s[stretch].max())) for a, s in row.shares.items()}
            zones.append(MixedZone(row.player, row.after, float(bounds[k]), float(bounds[end + 1]), ranges))
    return zones


@dataclass
class ContinuousCheck:
    """A discretised equilibrium read on continuous hands, certified in the continuous game.

    ``values``: each player's expected return with the profile; ``gains``: what each gains
    by best responding over continuous hands; ``nash_conv``: their sum (the epsilon).
    ``segments``: pieces of the hand axes with one plan or mix each, all players together.
    """

    levels: int
    reading: Reading
    segments: int
    responses: list[Response]
    seconds: float
    zones: list[MixedZone] = field(default_factory=list)

    @property
    def values(self) -> list[float]:
        """Each player's expected return (units of the game, per game)."""
        return [float(r.value) for r in self.responses]

    @property
    def gains(self) -> list[float]:
        """Each player's gain from its exact best response."""
        return [float(r.gain) for r in self.responses]

    @property
    def nash_conv(self) -> float:
        """The sum of the gains: the profile is an epsilon-equilibrium with this epsilon."""
        return sum(self.gains)

    def report(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "levels": self.levels,
            "reading": self.reading,
            "segments": self.segments,
            "value": self.values,
            "gains": self.gains,
            "nash_conv": self.nash_conv,
            "certificate": f"exact best responses over continuous hands, mpmath at {DIGITS} digits",
            "mixed": [z.report() for z in self.zones],
            "seconds": round(self.seconds, 3),
        }


def continuous_certificate(
    game: BettingGame,
    strategy: Any,
    levels: int,
    reading: Reading = "behaviour",
    edges: Sequence[Fraction] | None = None,
) -> ContinuousCheck:
    """Read ``strategy`` on continuous hands (:func:`behaviour` or :func:`staircase`) and
    certify it by every player's exact best response in the continuous ``game``.

    ``edges``: the hands of each level of a game of unequal levels (behaviour reading only).
    """
    start = time.perf_counter()
    with mpmath.workdps(DIGITS):
        if reading == "behaviour":
            profile = behaviour(game, strategy, levels, edges=edges)
        elif edges is not None:
            raise ValueError("edges: the staircase reads equal levels only")
        elif reading == "staircase":
            structure, points = staircase(game, strategy, levels)
            values = {n: mpmath.mpf(v) for n, v in points.items()}
            profile = [axis_strategy(structure, p, values) for p in range(1, game.players + 1)]
        else:
            raise ValueError(f"reading: 'behaviour' or 'staircase', not {reading!r}")
        responses = [best_response_to(game, profile, p) for p in range(1, game.players + 1)]
    segments = sum(len(s.plans) for s in profile)
    zones = mixed_zones(game, strategy, levels, edges=edges)
    return ContinuousCheck(levels, reading, segments, responses, time.perf_counter() - start, zones)
