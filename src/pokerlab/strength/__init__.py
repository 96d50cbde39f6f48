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
>>> from pokerlab.strength import hand_strength
>>> hole, board = parse_hole_board("AdQc/3h4cJh")
>>> s = hand_strength(hole, board)
>>> (s.ahead, s.tied, s.behind), round(s.hs, 3)
((628, 9, 444), 0.585)
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokerlab.strength.effective import EffectiveHandStrength, effective_hand_strength, ehs, pot_odds
    from pokerlab.strength.equity import EquityResult, equity, parse_player
    from pokerlab.strength.hand_strength import HandStrength, hand_strength, strength_table
    from pokerlab.strength.income_rate_check import IncomeRateComparison, compare_income_rates
    from pokerlab.strength.potential import HandPotential, PotentialTable, hand_potential, npot_of, ppot_of
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

# Each public name loads its module on first use, so ``pokerlab equity`` does not import hand
# potential, the pre-flop simulation and their kernels (issue 16, start-up).
_HOME = {
    name: module
    for module, names in {
        "effective": ("EffectiveHandStrength", "effective_hand_strength", "ehs", "pot_odds"),
        "equity": ("EquityResult", "equity", "parse_player"),
        "hand_strength": ("HandStrength", "hand_strength", "strength_table"),
        "income_rate_check": ("IncomeRateComparison", "compare_income_rates"),
        "potential": ("HandPotential", "PotentialTable", "hand_potential", "npot_of", "ppot_of"),
        "preflop_simulation": ("PreflopSimulation", "simulate_preflop"),
        "preflop_tables": ("LOKI_TABLES", "SHIPPED_TABLES", "WATERLOO_TABLES", "PreflopTable",
                           "class_at", "grid_cell", "load_table", "table_from_classes"),
    }.items()
    for name in names
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


class _Package(types.ModuleType):
    """The package module: ``equity`` and ``hand_strength`` stay functions, as when loaded eagerly.

    The import system binds each submodule it loads on its package (``setattr``); two
    submodules share their name with the function they define, which must win.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, types.ModuleType) and _HOME.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

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
