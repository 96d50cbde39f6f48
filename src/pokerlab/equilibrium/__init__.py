"""Discrete equilibrium engine: games of two or more players with chance and private
information, CFR/CFR+/DCFR for any number of players, a sequence-form linear program for two
players, best responses, NashConv with each player's gain, and exploitability.

Examples
--------
>>> from pokerlab.equilibrium import CFRSolver, exploitability, kuhn
>>> solver = CFRSolver(kuhn(), "cfr+")
>>> solver.run(500)
>>> exploitability(solver.average_strategy()) < 1e-3
True
>>> three = CFRSolver(kuhn(players=3), "cfr+")
>>> three.run(1000)
>>> nash_conv(three.average_strategy()) < 1e-4
True
"""

from pokerlab.equilibrium.best_response import BestResponse, best_response
from pokerlab.equilibrium.cfr import ALGORITHMS, CFRSolver
from pokerlab.equilibrium.exploitability import exploitability, gains, nash_conv
from pokerlab.equilibrium.flat import FlatGame
from pokerlab.equilibrium.game import Chance, Decision, Game, Terminal
from pokerlab.equilibrium.games import discretised_game, endgame, kuhn, leduc
from pokerlab.equilibrium.lp import LPSolution, solve_lp
from pokerlab.equilibrium.strategy import Strategy
from pokerlab.equilibrium.value import expected_value, expected_values

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
    "expected_values",
    "exploitability",
    "gains",
    "kuhn",
    "leduc",
    "nash_conv",
    "solve_lp",
]
