"""Dividing points read off a discretised equilibrium, to compare with the exact ones.

On ``L`` equally likely hand levels (level ``i`` is the hands ``[i/L, (i+1)/L)``) a discrete
strategy gives, at every level, the probability of each plan of a branch. A dividing point
``t`` between plans ``A`` (below) and ``B`` (above) is read as the start of the stretch of
levels between its neighbouring dividing points plus the mass of ``A`` played in it: where
the strategy mixes over a zone of indifference only the amount counts, not the arrangement,
so a discrete equilibrium near the exact one gives every dividing point to within a few
``1/L`` (the discrete game's own equilibrium moves by that much: game 1 on 30 levels puts b1
at 0.150 against 1/9; three-player game 1 on 40 levels is within 0.9/40 everywhere).

Examples
--------
>>> from pokerlab.equilibrium import CFRSolver, discretised_game
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.gamespec.structure import declared_structure
>>> game = builtin_game("patent-no-raise", pot=1)
>>> solver = CFRSolver(discretised_game(game, 30), "cfr+")
>>> solver.run(300)
>>> exact = {"b1": 1 / 9, "C2": 5 / 9, "B1": 7 / 9}
>>> read = read_dividing_points(game, declared_structure(game), solver.average_strategy(), 30, exact)
>>> all(abs(read[n] - exact[n]) < 2 / 30 for n in exact)  # b1: 0.150 against 1/9
True
"""

from __future__ import annotations

import math
from typing import Any

from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.structure import Structure
from pokerlab.threshold.discovering.discover import _branch_masses


def read_dividing_points(
    game: BettingGame, structure: Structure, strategy: Any, levels: int, near: dict[str, float]
) -> dict[str, float]:
    """Each dividing point of ``structure`` read off a discrete ``strategy`` on ``levels`` levels.

    ``near`` gives the dividing points to compare with (the exact solution): they fix the
    stretch of levels each one is read in.
    """
    out: dict[str, float] = {}
    for branch, axis in structure.axes.items():
        names = [t.name for t in structure.thresholds if t.branch == branch]
        if not names:
            continue
        plans, masses = _branch_masses(strategy, game, branch, levels)
        for k, name in enumerate(names):
            low = near[names[k - 1]] if k > 0 else 0.0
            high = near[names[k + 1]] if k + 1 < len(names) else 1.0
            a = math.floor(low * levels)
            b = min(levels, math.ceil(high * levels))
            below = float(masses[a:b, plans.index(axis[k])].sum())
            out[name] = a / levels + below / levels
    return out
