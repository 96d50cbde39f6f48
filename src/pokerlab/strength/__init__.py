"""Hand strength, hand potential, effective hand strength, equity and pre-flop tables.

The hand evaluation of the Waterloo and Alberta ("Loki") Hold'em programs, computed by exact
enumeration in numba kernels over the evaluator's incremental ``(key, mask)`` hands:

- :func:`hand_strength`: ahead / tied / behind counts over every opponent holding, HS and
  HS_n = HS ** n, optionally weighted by a 1,326-entry table (``combo_index`` order);
- :func:`strength_table`: HS of all 1,326 holdings on a board in one call;
- :func:`hand_potential`: the 3x3 tables for two cards and one card to come, PPOT and NPOT;
- :func:`effective_hand_strength`, :func:`ehs`, :func:`pot_odds`;
- :func:`equity`: hand / range vs hand / range, multiway, board and dead cards, exact or
  Monte Carlo with standard errors;
- pre-flop: the shipped Waterloo tables and Loki's income-rate tables IR2 / IR4 / IR7
  (:func:`load_table`), simulated income-rate / win-rate tables (:func:`simulate_preflop`), and
  the comparison of a shipped income-rate table with a simulation
  (:func:`compare_income_rates`).

Examples
--------
>>> from pokerlab.cards import parse_hole_board
>>> hole, board = parse_hole_board("AdQc/3h4cJh")
>>> s = hand_strength(hole, board)
>>> (s.ahead, s.tied, s.behind), round(s.hs, 3)
((628, 9, 444), 0.585)
"""

from pokerlab.strength.effective import EffectiveHandStrength, effective_hand_strength, ehs, pot_odds
from pokerlab.strength.equity import EquityResult, equity, parse_player
from pokerlab.strength.hand_strength import HandStrength, hand_strength, strength_table
from pokerlab.strength.income_rate_check import IncomeRateComparison, compare_income_rates
from pokerlab.strength.potential import (
    HandPotential,
    PotentialTable,
    hand_potential,
    npot_of,
    ppot_of,
)
from pokerlab.strength.preflop_simulation import PreflopSimulation, simulate_preflop
from pokerlab.strength.preflop_tables import (
    LOKI_TABLES,
    SHIPPED_TABLES,
    WATERLOO_TABLES,
    PreflopTable,
    class_at,
    grid_cell,
    load_table,
    table_from_classes,
)

__all__ = [
    "LOKI_TABLES",
    "SHIPPED_TABLES",
    "WATERLOO_TABLES",
    "EffectiveHandStrength",
    "EquityResult",
    "HandPotential",
    "HandStrength",
    "IncomeRateComparison",
    "PotentialTable",
    "PreflopSimulation",
    "PreflopTable",
    "class_at",
    "compare_income_rates",
    "effective_hand_strength",
    "ehs",
    "equity",
    "grid_cell",
    "hand_potential",
    "hand_strength",
    "load_table",
    "npot_of",
    "parse_player",
    "pot_odds",
    "ppot_of",
    "simulate_preflop",
    "strength_table",
    "table_from_classes",
]
