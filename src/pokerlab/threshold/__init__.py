"""The dividing-point method of US patent 6,129,631: exact threshold strategies for one-round games.

Given a two-player betting game over independent uniform(0, 1) hand strengths, the game's
action sequences, outcome table and declared order come from :mod:`pokerlab.gamespec`; this
package solves it in five layers, each importing only the ones before it (checked by
``tests/test_layers.py``):

1. :mod:`~pokerlab.threshold.solving` builds P1's expected return over the regions of the unit
   square and solves the derivative equations exactly (``solve``; ``cube``, ``polynomial`` and
   ``algebraic`` for three or more players), and plays the solution (``strategy``).
2. :mod:`~pokerlab.threshold.certifying` checks the result with exact best responses
   (``certify``, ``response``) and revises an order by them (``revise``).
3. :mod:`~pokerlab.threshold.discovering` finds the order itself from a discretised equilibrium
   when none is given (``discover``, ``discover_many``, ``discrete``).
4. :mod:`~pokerlab.threshold.refining` plays a discretised equilibrium on continuous hands,
   certifies it there and refines its levels (``continuous``, ``refine``).
5. :mod:`~pokerlab.threshold.reporting` turns all of it into what ``pokerlab solve`` prints and
   draws (``report``, ``report_many``, ``hands``, ``picture``, ``plot``, ``plot_behaviour``).

Examples
--------
>>> from pokerlab.threshold import ThresholdStrategy, builtin_game, certify, solve
>>> sol = solve(builtin_game("patent-raise", pot=3))
>>> round(float(sol.exact["RR1"]), 4), certify(sol).exploitability
(0.9511, Fraction(0, 1))
>>> ThresholdStrategy(sol).sequence(1, 0.83)
'bet-call'
"""

from pokerlab.gamespec import (
    BUILTIN_GAMES,
    BettingGame,
    Decision,
    DeclaredOrder,
    P,
    Terminal,
    builtin_game,
    game_from_toml,
    load_game,
    rules_game,
)
from pokerlab.gamespec.plans import branch_plans, branches, outcome_table
from pokerlab.gamespec.structure import Structure, declared_structure, parse_structure
from pokerlab.threshold.certifying.certify import Certificate, certify
from pokerlab.threshold.discovering.discover import Discovery, discover
from pokerlab.threshold.solving.solve import Solution, build_model, solve
from pokerlab.threshold.solving.strategy import ThresholdStrategy

__all__ = [
    "BUILTIN_GAMES",
    "BettingGame",
    "Certificate",
    "Decision",
    "DeclaredOrder",
    "Discovery",
    "P",
    "Solution",
    "Structure",
    "Terminal",
    "ThresholdStrategy",
    "branch_plans",
    "branches",
    "build_model",
    "builtin_game",
    "certify",
    "declared_structure",
    "discover",
    "game_from_toml",
    "load_game",
    "outcome_table",
    "parse_structure",
    "rules_game",
    "solve",
]
