"""The dividing-point method of US patent 6,129,631: exact threshold strategies for one-round games.

Given a two-player betting game over independent uniform(0, 1) hand strengths, the engine
lists each player's action sequences and the outcome table (:mod:`~pokerlab.gamespec.plans`),
places dividing points in one relative order (:mod:`~pokerlab.gamespec.structure`), builds
P1's expected return over the regions of the unit square and solves the derivative equations
exactly (:mod:`~pokerlab.threshold.solve`), checks the order and certifies the result with
exact best responses (:mod:`~pokerlab.threshold.certify`), finds the order itself from a
discretised LP when none is given (:mod:`~pokerlab.threshold.discover`), plays the strategy
(:mod:`~pokerlab.threshold.strategy`), maps thresholds to real hands with the patent's virtual
hands (:mod:`~pokerlab.threshold.hands`) and draws the regions (:mod:`~pokerlab.threshold.plot`).

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
from pokerlab.threshold.certify import Certificate, certify
from pokerlab.threshold.discover import Discovery, discover
from pokerlab.threshold.solve import Solution, build_model, solve
from pokerlab.threshold.strategy import ThresholdStrategy

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
