"""A discretised equilibrium as dividing points of the continuous game, and its certificate there.

When no certified dividing-point structure is known (three-player game 2), the best we can say
about the continuous game comes from its discretisation: the engine's CFR+ solves the game
with ``L`` equally likely hand levels per player. Read that strategy as dividing points of the
continuous hands (the *staircase*): the level ``[k/L, (k+1)/L)`` is split among the plans the
strategy mixes there, in proportion to their probabilities, so a hand plays in the continuous
game what its level plays in the discrete one. Then certify the staircase like any threshold
strategy: every player's exact best response over continuous hands
(:func:`~pokerlab.threshold.response.best_responses`). Its NashConv is an upper bound on what
any player could gain against the staircase: the profile is an epsilon-equilibrium of the
continuous game with that epsilon, a statement about the real game rather than about its
discretisation. It falls roughly as ``1/L`` (hands of one level tie in the discrete game and
are ordered in the continuous one).

Examples
--------
>>> from pokerlab.equilibrium import CFRSolver, discretised_game
>>> from pokerlab.threshold.game import builtin_game
>>> game = builtin_game("patent-no-raise-3p", pot=3)
>>> solver = CFRSolver(discretised_game(game, 10), "cfr+")
>>> solver.run(500)
>>> check = continuous_certificate(game, solver.average_strategy(), 10)
>>> check.nash_conv < 0.02, [round(v, 2) for v in check.values]  # exact: 0.0776, -0.0433, -0.0343
(True, [0.08, -0.04, -0.04])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import mpmath

from pokerlab.threshold.discover import _branch_masses, _structure_from_runs, read_runs, require_numbers
from pokerlab.threshold.game import BettingGame
from pokerlab.threshold.plans import branches
from pokerlab.threshold.response import Response, best_responses
from pokerlab.threshold.structure import Structure

DIGITS = 30
"""Working precision of the certificate (the staircase's points are binary floats, read as is)."""


def staircase(game: BettingGame, strategy: Any, levels: int) -> tuple[Structure, dict[str, float]]:
    """The dividing points that play ``strategy`` (a discretised equilibrium of ``game`` at
    ``levels`` hand levels) on continuous hands: each level split in proportion.

    Within a level the plan of the run below comes first and the one continuing above last, so
    a level that does not mix adds no point. Plans with probability below 1e-7 at a level are
    left out (CFR+'s leftovers).
    """
    require_numbers(game)
    runs = {}
    for player in range(1, game.players + 1):
        for branch in branches(game, player):
            plans, masses = _branch_masses(strategy, game, branch, levels)
            runs[branch] = read_runs(plans, masses)
    return _structure_from_runs(game, runs)


@dataclass
class ContinuousCheck:
    """The staircase of a discretised equilibrium, certified in the continuous game.

    ``values``: each player's expected return with the staircase; ``gains``: what each gains
    by best responding over continuous hands; ``nash_conv``: their sum (the epsilon).
    """

    levels: int
    structure: Structure
    points: dict[str, float]
    responses: list[Response]
    seconds: float

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
        """The sum of the gains: the staircase is an epsilon-equilibrium with this epsilon."""
        return sum(self.gains)

    def report(self) -> dict[str, Any]:
        """Plain data for ``--json``."""
        return {
            "levels": self.levels,
            "dividing_points": len(self.points),
            "value": self.values,
            "gains": self.gains,
            "nash_conv": self.nash_conv,
            "certificate": f"exact best responses over continuous hands, mpmath at {DIGITS} digits",
            "seconds": round(self.seconds, 3),
        }


def continuous_certificate(game: BettingGame, strategy: Any, levels: int) -> ContinuousCheck:
    """Read ``strategy`` as a :func:`staircase` and certify it by every player's exact best
    response in the continuous ``game``."""
    start = time.perf_counter()
    structure, points = staircase(game, strategy, levels)
    with mpmath.workdps(DIGITS):
        responses = best_responses(game, structure, {n: mpmath.mpf(v) for n, v in points.items()})
    return ContinuousCheck(levels, structure, points, responses, time.perf_counter() - start)
