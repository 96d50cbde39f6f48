"""Equilibrium engine against OpenSpiel's C++ CFR+ (pyspiel.CFRPlusSolver), same run, same machine.

Measures
- wall-clock seconds until Leduc exploitability (NashConv / 2) is at most ``--target``
  (default 1e-3), for our CFR+ and DCFR and for OpenSpiel's CFR+. Both sides check
  exploitability on the same schedule (every ``--check-every`` iterations) with their own
  best-response code; the headline seconds count the solver only (checks excluded on both
  sides), and the seconds including checks are reported too;
- iterations per second on Kuhn and Leduc for both;
- three players (``kuhn3_*``, ``leduc3_*``): seconds for 1,000 CFR+ iterations (solver only) and
  the NashConv of the average strategy after them, ours and OpenSpiel's CFR+ on
  ``kuhn_poker(players=3)`` / ``leduc_poker(players=3)``, each side's NashConv computed by
  ``pyspiel.nash_conv`` (ours by our own code too), and the ratio of the times. OpenSpiel's
  CFR+ walks the whole three-player Leduc tree on every iteration (4 to 7 s each here): it
  runs ``--openspiel-leduc3-iterations`` (20 by default; 1,000 would take over an hour) and
  the per-iteration ratio is reported.

Usage: ``python benchmarks/equilibrium.py [--json] [--target 1e-3] [--check-every 10]
[--three-player-iterations 1000] [--openspiel-leduc3-iterations 20]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel

from pokerlab.equilibrium import CFRSolver, exploitability, kuhn, leduc, nash_conv
from pokerlab.equilibrium.openspiel import to_tabular_policy


def ours_to_target(game: Any, algorithm: str, target: float, every: int, limit: int) -> dict[str, Any]:
    solver = CFRSolver(game, algorithm)
    solve = checks = 0.0
    expl = float("inf")
    while solver.iterations < limit:
        start = time.perf_counter()
        solver.run(every)
        solve += time.perf_counter() - start
        start = time.perf_counter()
        expl = exploitability(solver.average_strategy())
        checks += time.perf_counter() - start
        if expl <= target:
            break
    return {
        "iterations": solver.iterations,
        "exploitability": expl,
        "seconds": solve,
        "seconds_with_checks": solve + checks,
        "reached": expl <= target,
    }


def openspiel_to_target(name: str, target: float, every: int, limit: int) -> dict[str, Any]:
    game = pyspiel.load_game(name)
    solver = pyspiel.CFRPlusSolver(game)
    solve = checks = 0.0
    expl = float("inf")
    iterations = 0
    while iterations < limit:
        start = time.perf_counter()
        for _ in range(every):
            solver.evaluate_and_update_policy()
        solve += time.perf_counter() - start
        iterations += every
        start = time.perf_counter()
        expl = pyspiel.exploitability(game, solver.average_policy())
        checks += time.perf_counter() - start
        if expl <= target:
            break
    return {
        "iterations": iterations,
        "exploitability": expl,
        "seconds": solve,
        "seconds_with_checks": solve + checks,
        "reached": expl <= target,
    }


def ours_rate(game: Any, iterations: int) -> float:
    solver = CFRSolver(game, "cfr+")
    solver.run(1)  # loads the compiled kernels
    start = time.perf_counter()
    solver.run(iterations)
    return iterations / (time.perf_counter() - start)


def openspiel_rate(name: str, iterations: int) -> float:
    solver = pyspiel.CFRPlusSolver(pyspiel.load_game(name))
    solver.evaluate_and_update_policy()
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return iterations / (time.perf_counter() - start)


def three_players(name: str, ours_game: Any, iterations: int, openspiel_iterations: int) -> dict[str, Any]:
    """CFR+ for ``iterations`` on our game and on OpenSpiel's: seconds and NashConv each."""
    spiel = pyspiel.load_game(f"{name}(players=3)")
    solver = CFRSolver(ours_game, "cfr+")
    start = time.perf_counter()
    solver.run(iterations)
    ours_seconds = time.perf_counter() - start
    strategy = solver.average_strategy()
    theirs = pyspiel.CFRPlusSolver(spiel)
    start = time.perf_counter()
    for _ in range(openspiel_iterations):
        theirs.evaluate_and_update_policy()
    openspiel_seconds = time.perf_counter() - start
    return {
        "iterations": iterations,
        "ours_seconds": ours_seconds,
        "ours_nash_conv": nash_conv(strategy),
        "ours_nash_conv_by_openspiel": pyspiel.nash_conv(spiel, to_tabular_policy(strategy, spiel).to_dict()),
        "openspiel_iterations": openspiel_iterations,
        "openspiel_seconds": openspiel_seconds,
        "openspiel_nash_conv": pyspiel.nash_conv(spiel, theirs.average_policy()),
        "ratio": ours_seconds / openspiel_seconds if openspiel_iterations == iterations else None,
        "ratio_per_iteration": (ours_seconds / iterations) / (openspiel_seconds / openspiel_iterations),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--target", type=float, default=1e-3)
    parser.add_argument("--check-every", type=int, default=10)
    parser.add_argument("--limit", type=int, default=20000, help="give up after this many iterations")
    parser.add_argument("--three-player-iterations", type=int, default=1000)
    parser.add_argument("--openspiel-leduc3-iterations", type=int, default=20)
    args = parser.parse_args()

    start = time.perf_counter()
    warm = CFRSolver(kuhn(), "cfr+")
    warm.run(1)
    exploitability(warm.average_strategy())
    jit_load = time.perf_counter() - start

    lgame = leduc()
    ours = {
        alg: ours_to_target(lgame, alg, args.target, args.check_every, args.limit)
        for alg in ("cfr+", "dcfr")
    }
    theirs = openspiel_to_target("leduc_poker", args.target, args.check_every, args.limit)
    fastest = min(ours, key=lambda alg: ours[alg]["seconds"])
    rates = {
        "kuhn": {"ours": ours_rate(kuhn(), 20000), "openspiel": openspiel_rate("kuhn_poker", 2000)},
        "leduc": {"ours": ours_rate(lgame, 2000), "openspiel": openspiel_rate("leduc_poker", 100)},
    }
    report = {
        "benchmark": "equilibrium",
        "target_exploitability": args.target,
        "check_every": args.check_every,
        "leduc_to_target": {"ours": ours, "openspiel_cfr_plus": theirs},
        "ours_fastest": fastest,
        "ours_seconds": ours[fastest]["seconds"],
        "openspiel_seconds": theirs["seconds"],
        "ratio": ours[fastest]["seconds"] / theirs["seconds"],
        "ratio_with_checks": ours[fastest]["seconds_with_checks"] / theirs["seconds_with_checks"],
        "iterations_per_second": rates,
        "jit_load_seconds": jit_load,
    }
    n = args.three_player_iterations
    three = (("kuhn3", kuhn(players=3), n), ("leduc3", leduc(players=3), args.openspiel_leduc3_iterations))
    for key, game, theirs_n in three:
        result = three_players(key[:-1] + "_poker", game, n, theirs_n)
        report.update({f"{key}_{k}": v for k, v in result.items()})
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"Leduc to exploitability {args.target:g} (checks every {args.check_every} iterations):")
    for alg, r in ours.items():
        print(f"  ours {alg:5s}: {r['seconds']:.3f} s solve, {r['seconds_with_checks']:.3f} s with checks, "
              f"{r['iterations']} iterations")  # fmt: skip
    print(f"  OpenSpiel CFR+: {theirs['seconds']:.3f} s solve, {theirs['seconds_with_checks']:.3f} s with "
          f"checks, {theirs['iterations']} iterations")  # fmt: skip
    print(f"  ratio ours/OpenSpiel: {report['ratio']:.4f} (with checks {report['ratio_with_checks']:.4f})")
    for name, r in rates.items():
        print(f"{name}: {r['ours']:.0f} it/s ours, {r['openspiel']:.0f} it/s OpenSpiel")
    for key in ("kuhn3", "leduc3"):
        r = {k[len(key) + 1 :]: v for k, v in report.items() if k.startswith(key + "_")}
        print(f"{key}: ours {r['iterations']} CFR+ iterations in {r['ours_seconds']:.3f} s, NashConv "
              f"{r['ours_nash_conv']:.3g} (by OpenSpiel {r['ours_nash_conv_by_openspiel']:.3g}); OpenSpiel "
              f"{r['openspiel_iterations']} in {r['openspiel_seconds']:.3f} s, NashConv "
              f"{r['openspiel_nash_conv']:.3g}; time ratio per iteration "
              f"{r['ratio_per_iteration']:.4g}")  # fmt: skip


if __name__ == "__main__":
    main()
