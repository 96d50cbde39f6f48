"""Sampled CFR training: our external-sampling MCCFR against OpenSpiel's C++
``pyspiel.ExternalSamplingMCCFRSolver`` on Leduc, same run, same machine; and our iterations/s
on heads-up limit hold'em's tree.

Measures
- Leduc, for each of ``--seeds`` seeds: iterations/s of both solvers over ``--iterations``
  iterations (one iteration = one traversal per player, as OpenSpiel's ``run_iteration``;
  ours includes drawing the deals; the numba kernels are loaded before the clock starts), and
  the exploitability of each average strategy after the same number of iterations: ours by
  pokerlab's exact best response (and by ``pyspiel.nash_conv`` on the same policy), OpenSpiel's
  by ``pyspiel.exploitability``. OpenSpiel averages by its ``SIMPLE`` rule, which is ours.
  ``ours`` plays OpenSpiel's information sets (``LeducDeals(suits=True)``: a private card and
  the board card with their suits); ``ours_lossless`` merges the suits, which never matter
  in Leduc (half the information sets, each sampled twice as often: lower exploitability
  after the same iterations, at the same speed). ``ratio`` = our iterations/s (``ours``)
  over OpenSpiel's (the target is 10 or more).
- HULHE: iterations/s of the same trainer on the full limit hold'em betting tree
  (:func:`hulhe_rate`, which takes any deal source). Without a card abstraction the line
  ``hulhe_random_buckets`` deals uniformly random buckets with the default bucket counts
  (169 pre-flop classes and ``--hulhe-buckets`` per later round) and random showdowns: the
  kernel's speed on the real tree, not the abstraction's lookups. The line ``hulhe`` trains on
  the default card abstraction through the HULHE deal source (:mod:`pokerlab.hulhe.deals`):
  what ``pokerlab hulhe train`` runs; ``deals_per_second`` times the deal source alone.

Usage: ``python benchmarks/cfr_training.py [--json] [--iterations 200000] [--seeds 3]``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel

from pokerlab.engine import GameSettings
from pokerlab.equilibrium.betting_tree import BettingTree
from pokerlab.equilibrium.leduc_deals import LeducDeals, leduc_exploitability, leduc_strategy
from pokerlab.equilibrium.mccfr import DealSource, MCCFRConfig, MCCFRTrainer
from pokerlab.equilibrium.openspiel import to_tabular_policy


def ours_leduc(seed: int, iterations: int, config: MCCFRConfig, suits: bool) -> dict[str, Any]:
    deals = LeducDeals(suits=suits)
    tree = BettingTree.leduc(deals.bucket_counts)
    warm = MCCFRTrainer(tree, deals, seed=seed + 10_000, config=config)
    warm.step(10)  # loads the compiled kernels
    trainer = MCCFRTrainer(tree, deals, seed=seed, config=config)
    start = time.perf_counter()
    trainer.step(iterations)
    seconds = time.perf_counter() - start
    strategy = trainer.average_strategy()
    game = pyspiel.load_game("leduc_poker")
    policy = to_tabular_policy(leduc_strategy(tree, strategy), game)
    return {
        "iterations": iterations,
        "seconds": seconds,
        "iterations_per_second": iterations / seconds,
        "exploitability": leduc_exploitability(tree, strategy),
        "exploitability_by_openspiel": pyspiel.nash_conv(game, policy.to_dict()) / 2,
    }


def openspiel_leduc(seed: int, iterations: int) -> dict[str, Any]:
    game = pyspiel.load_game("leduc_poker")
    solver = pyspiel.ExternalSamplingMCCFRSolver(game, seed, pyspiel.MCCFRAverageType.SIMPLE)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.run_iteration()
    seconds = time.perf_counter() - start
    return {
        "iterations": iterations,
        "seconds": seconds,
        "iterations_per_second": iterations / seconds,
        "exploitability": pyspiel.exploitability(game, solver.average_policy()),
    }


class RandomBuckets:
    """Uniformly random buckets and showdowns (the kernel's speed without an abstraction)."""

    def __init__(self, bucket_counts: tuple[int, ...]) -> None:
        self.bucket_counts = bucket_counts

    def sample(self, rng: np.random.Generator, m: int) -> tuple[np.ndarray, np.ndarray]:
        counts = np.array(self.bucket_counts)
        buckets = (rng.random((m, 2, len(counts))) * counts).astype(np.int32)
        return buckets, rng.integers(-1, 2, m).astype(np.int8)


def hulhe_rate(source: DealSource, seconds: float = 5.0, config: MCCFRConfig | None = None) -> dict[str, Any]:
    """Iterations/s of the trainer on heads-up limit hold'em's tree with deals from ``source``
    (kernels loaded first; ``seconds`` of training timed).

    Engineer C's HULHE line calls this with the default abstraction's deal source.
    """
    tree = BettingTree.from_settings(GameSettings.preset("limit"))
    trainer = MCCFRTrainer(tree, source, seed=1, config=config)
    trainer.step(10)
    done = trainer.iterations
    start = time.perf_counter()
    trainer.run(seconds=seconds)
    took = time.perf_counter() - start
    return {
        "bucket_counts": list(trainer.tree.bucket_counts),
        "rows": trainer.tree.num_rows,
        "iterations": trainer.iterations - done,
        "seconds": took,
        "iterations_per_second": (trainer.iterations - done) / took,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--iterations", type=int, default=200_000)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--hulhe-buckets", type=int, default=50)
    parser.add_argument("--hulhe-seconds", type=float, default=5.0)
    args = parser.parse_args()

    config = MCCFRConfig()
    ours = [ours_leduc(s, args.iterations, config, True) for s in range(1, args.seeds + 1)]
    lossless = [ours_leduc(s, args.iterations, config, False) for s in range(1, args.seeds + 1)]
    theirs = [openspiel_leduc(s, args.iterations) for s in range(1, args.seeds + 1)]

    def mean(rows: list[dict[str, Any]], key: str) -> float:
        return float(np.mean([r[key] for r in rows]))

    report: dict[str, Any] = {
        "benchmark": "cfr_training",
        "game": "leduc_poker",
        "iterations": args.iterations,
        "seeds": args.seeds,
        "ours_config": config.__dict__,
        "leduc": {"ours": ours, "ours_lossless": lossless, "openspiel": theirs},
        "ours_iterations_per_second": mean(ours, "iterations_per_second"),
        "ours_lossless_iterations_per_second": mean(lossless, "iterations_per_second"),
        "openspiel_iterations_per_second": mean(theirs, "iterations_per_second"),
        "ours_exploitability": mean(ours, "exploitability"),
        "ours_lossless_exploitability": mean(lossless, "exploitability"),
        "openspiel_exploitability": mean(theirs, "exploitability"),
    }
    report["ratio"] = report["ours_iterations_per_second"] / report["openspiel_iterations_per_second"]
    b = args.hulhe_buckets
    report["hulhe_random_buckets"] = hulhe_rate(RandomBuckets((169, b, b, b)), args.hulhe_seconds)
    # HULHE on the default abstraction (built or loaded from the cache): deals drawn, bucketed
    # by the abstraction's tables and shown down by the evaluator, then the kernel.
    from pokerlab.abstraction import AbstractionSettings, card_abstraction
    from pokerlab.hulhe.deals import HulheDeals

    hulhe_deals = HulheDeals(card_abstraction(AbstractionSettings()))
    report["hulhe"] = hulhe_rate(hulhe_deals, args.hulhe_seconds)
    report["hulhe"]["abstraction"] = AbstractionSettings().key()
    start = time.perf_counter()
    hulhe_deals.sample(np.random.default_rng(0), 100_000)
    report["hulhe"]["deals_per_second"] = 100_000 / (time.perf_counter() - start)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"Leduc, {args.iterations} iterations, {args.seeds} seeds (mean):")
    print(f"  ours ES-MCCFR ({config.algorithm}, {config.averaging}): "
          f"{report['ours_iterations_per_second']:,.0f} it/s, "
          f"exploitability {report['ours_exploitability']:.4f}")
    print(f"  ours, suits merged: {report['ours_lossless_iterations_per_second']:,.0f} it/s, "
          f"exploitability {report['ours_lossless_exploitability']:.4f}")
    print(f"  OpenSpiel ExternalSamplingMCCFRSolver: {report['openspiel_iterations_per_second']:,.0f} it/s, "
          f"exploitability {report['openspiel_exploitability']:.4f}")
    print(f"  ratio: {report['ratio']:.1f}x")
    h = report["hulhe_random_buckets"]
    print(f"HULHE tree, random buckets {h['bucket_counts']}: {h['iterations_per_second']:,.0f} it/s")
    h = report["hulhe"]
    print(f"HULHE, abstraction {h['abstraction']}: {h['iterations_per_second']:,.0f} it/s "
          f"(deals alone: {h['deals_per_second']:,.0f}/s, two per iteration)")


if __name__ == "__main__":
    main()
