"""Dividing-point engine speed on the patent's game 3 (check-raise), same run, one core.

Measures
- ``exact_certified_s``: game 3 at P = 3 built, solved exactly (rational arithmetic) and
  certified by exact best responses (target: 1 s or less);
- ``exact_symbolic_s``: the same solve with the pot P symbolic (rational functions of P);
- ``discover_order_s``: ``--discover-order`` on game 3 at P = 3: discrete LP, reading,
  exact solve and certificate (target: 30 s or less); ``discover_found_patent_order`` says
  whether it found the patent's order;
- peers: ``sympy_naive_s``, the same expected return differentiated and solved with plain
  sympy (``diff`` + ``linsolve``), and ``discrete_lp_200_s``, the sequence-form LP of
  ``pokerlab.equilibrium`` on 200 hand levels per player (only an approximation); the
  ratios are peer time over ours.

Usage: ``python benchmarks/threshold.py [--json] [--repeat 3]``; best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from typing import Any

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import sympy

from pokerlab.equilibrium import discretised_game, solve_lp
from pokerlab.gamespec import builtin_game
from pokerlab.threshold.certifying.certify import certify
from pokerlab.threshold.discovering.discover import discover
from pokerlab.threshold.solving.solve import build_model, solve

GAME = "patent-check-raise"
POT = 3


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best = float("inf")
    out = None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def exact_certified() -> Any:
    sol = solve(builtin_game(GAME, pot=POT))
    cert = certify(sol)
    assert cert.exploitability == 0 and sol.order_check.ok
    return sol


def sympy_naive() -> Any:
    model = build_model(builtin_game(GAME, pot=POT))
    e1 = model.expected_return()
    symbols = model.symbols()
    return sympy.linsolve([sympy.diff(e1, s) for s in symbols], symbols)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    exact_certified()  # warm imports and caches
    t_exact, sol = best_of(args.repeat, exact_certified)
    t_symbolic, _ = best_of(1, lambda: solve(builtin_game(GAME)))
    game = builtin_game(GAME, pot=POT)
    t_discover, found = best_of(1, lambda: discover(game))
    t_naive, naive = best_of(1, sympy_naive)
    (naive_solution,) = naive
    assert dict(zip(sol.names, naive_solution, strict=True)) == sol.exact
    t_lp, lp = best_of(1, lambda: solve_lp(discretised_game(game, 200)))
    result = {
        "game": GAME,
        "pot": POT,
        "exact_certified_s": round(t_exact, 4),
        "exact_symbolic_s": round(t_symbolic, 4),
        "discover_order_s": round(t_discover, 3),
        "discover_found_patent_order": found.structure is not None
        and found.structure.order_text() == game.declared.order,
        "discover_attempts": len(found.attempts),
        "sympy_naive_s": round(t_naive, 3),
        "discrete_lp_200_s": round(t_lp, 3),
        "ratio_sympy_naive_over_exact": round(t_naive / t_exact, 1),
        "ratio_discrete_lp_over_exact": round(t_lp / t_exact, 1),
        "value_exact": str(sol.value_exact),
        "value_discrete_lp_200": lp.value,
        "targets": {"exact_certified_s": 1.0, "discover_order_s": 30.0},
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for key, value in result.items():
            print(f"{key:32s} {value}")


if __name__ == "__main__":
    main()
