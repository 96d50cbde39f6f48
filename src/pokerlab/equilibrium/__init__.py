"""Discrete equilibrium engine: games with chance and private information, CFR/CFR+/DCFR,
a sequence-form linear program, best response and exploitability.

Examples
--------
>>> from pokerlab.equilibrium import CFRSolver, exploitability, kuhn
>>> solver = CFRSolver(kuhn(), "cfr+")
>>> solver.run(500)
>>> exploitability(solver.average_strategy()) < 1e-3
True
"""

from pokerlab.equilibrium.best_response import BestResponse, best_response
from pokerlab.equilibrium.cfr import ALGORITHMS, CFRSolver
from pokerlab.equilibrium.exploitability import exploitability, nash_conv
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.game import Chance, Decision, Game, Terminal
from pokerlab.equilibrium.games import discretised_game, endgame, kuhn, leduc
from pokerlab.equilibrium.lp import LPSolution, solve_lp
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.equilibrium.value import expected_value

__all__ = [
    "ALGORITHMS",
    "BestResponse",
    "CFRSolver",
    "Chance",
    "Decision",
    "FlatGame",
    "Game",
    "LPSolution",
    "Strategy",
    "Terminal",
    "best_response",
    "discretised_game",
    "endgame",
    "expected_value",
    "exploitability",
    "kuhn",
    "leduc",
    "nash_conv",
    "solve_lp",
]
