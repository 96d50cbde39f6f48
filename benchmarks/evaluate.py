"""Hand evaluator speed against phevaluator, eval7 and treys, same run, same hands.

Measures
- ``pokerlab_random7_per_s``: ``evaluate_batch`` on a batch of ``--n`` (10M) random 7-card
  hands on one numba thread, best wall time of ``--repeat`` runs after a warm-up; input
  checks off (``check=False``: the kernel alone) and on (``pokerlab_random7_checked_per_s``).
  ``*_cpu_per_s`` give the same runs timed by process CPU time, which shared machines
  disturb less. Target: 350 M/s (OMPEval, C++, about 470 M/s on this kind of machine).
- ``enumerate_all7_s``: all 133,784,560 seven-card hands, one thread (target 0.25 s), plus
  the parallel version and all 2,598,960 five-card hands.
- Peers, each one Python call per hand on the first ``--peer-n`` of the same hands
  (``peer_hands`` says how many; treys, being slow, gets a tenth): ``phevaluator_per_s``,
  ``eval7_per_s``, ``treys_per_s``, and ``ratio_vs_*`` = ours / theirs. The card objects the
  peers need are built before timing. ``agree_*`` says whether the peer orders those hands
  exactly as we do.

Usage: ``python benchmarks/evaluate.py [--json] [--n N] [--peer-n N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from pokerlab.cards import RANKS, SUITS
from pokerlab.evaluate import evaluate_batch
from pokerlab.evaluate.enumerate import enumerate_all5, enumerate_all7
from pokerlab.evaluate.kernels import batch7_parallel
from pokerlab.evaluate.sampling import random_hands

CARD_TEXT = [r + s for r in RANKS for s in SUITS]


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds of ``repeat`` runs."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        run()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when ``theirs`` is a strictly increasing function of ``ours`` on these hands."""
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)
    return bool(
        np.unique(pairs[:, 0]).size == pairs.shape[0]
        and np.unique(pairs[:, 1]).size == pairs.shape[0]
        and (np.diff(pairs[:, 1]) > 0).all()
    )


def peer_phevaluator(hands: np.ndarray) -> tuple[float, np.ndarray]:
    from phevaluator import evaluate_cards

    rows = hands.tolist()
    start = time.perf_counter()
    ranks = [evaluate_cards(*row) for row in rows]
    seconds = time.perf_counter() - start
    return seconds, 7462 - np.array(ranks)


def peer_eval7(hands: np.ndarray) -> tuple[float, np.ndarray]:
    import eval7

    cards = [eval7.Card(t) for t in CARD_TEXT]
    prepared = [[cards[c] for c in row] for row in hands.tolist()]
    evaluate = eval7.evaluate
    start = time.perf_counter()
    values = [evaluate(h) for h in prepared]
    seconds = time.perf_counter() - start
    return seconds, np.array(values)


def peer_treys(hands: np.ndarray) -> tuple[float, np.ndarray]:
    import treys

    cards = [treys.Card.new(t) for t in CARD_TEXT]
    prepared = [([cards[r[0]], cards[r[1]]], [cards[c] for c in r[2:]]) for r in hands.tolist()]
    evaluate = treys.Evaluator().evaluate
    start = time.perf_counter()
    values = [evaluate(hole, board) for hole, board in prepared]
    seconds = time.perf_counter() - start
    return seconds, -np.array(values)


def run(n: int, peer_n: int, repeat: int) -> dict[str, Any]:
    threads = numba.get_num_threads()
    out: dict[str, Any] = {
        "machine": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
        "load_average_at_start": os.getloadavg()[0],
        "n": n,
        "repeat": repeat,
        "clock": "best wall time of `repeat` runs; *_cpu_* use process CPU time",
    }
    hands7 = random_hands(n, 7, seed=2024)
    hands5 = random_hands(n, 5, seed=2025)
    evaluate_batch(hands7[:1000])  # warm-up: tables loaded, kernels compiled or read from cache
    evaluate_batch(hands5[:1000])

    numba.set_num_threads(1)
    wall, cpu = best_time(lambda: evaluate_batch(hands7, check=False), repeat)
    out["pokerlab_random7_per_s"] = n / wall
    out["pokerlab_random7_cpu_per_s"] = n / cpu
    wall, cpu = best_time(lambda: evaluate_batch(hands7), repeat)
    out["pokerlab_random7_checked_per_s"] = n / wall
    out["pokerlab_random7_checked_cpu_per_s"] = n / cpu
    wall, cpu = best_time(lambda: evaluate_batch(hands5, check=False), repeat)
    out["pokerlab_random5_per_s"] = n / wall
    out["pokerlab_random5_cpu_per_s"] = n / cpu

    enumerate_all7()  # warm-up
    wall, cpu = best_time(enumerate_all7, repeat)
    out["enumerate_all7_s"] = wall
    out["enumerate_all7_cpu_s"] = cpu
    wall, _ = best_time(enumerate_all5, repeat)
    out["enumerate_all5_s"] = wall

    numba.set_num_threads(threads)
    values = np.empty(n, dtype=np.int32)
    batch7_parallel(hands7[:1000], values[:1000])
    wall, _ = best_time(lambda: batch7_parallel(hands7, values), repeat)
    out["threads"] = threads
    out["pokerlab_random7_parallel_per_s"] = n / wall
    enumerate_all7(parallel=True)
    wall, _ = best_time(lambda: enumerate_all7(parallel=True), repeat)
    out["enumerate_all7_parallel_s"] = wall

    sample = hands7[:peer_n]
    ours = evaluate_batch(sample)
    small = max(1, peer_n // 10)
    out["peer_hands"] = {"phevaluator": peer_n, "eval7": peer_n, "treys": small}
    for name, peer, hands in (
        ("phevaluator", peer_phevaluator, sample),
        ("eval7", peer_eval7, sample),
        ("treys", peer_treys, sample[:small]),
    ):
        seconds, theirs = peer(hands)
        per_s = hands.shape[0] / seconds
        out[f"{name}_per_s"] = per_s
        out[f"ratio_vs_{name}"] = out["pokerlab_random7_per_s"] / per_s
        if name == "phevaluator":
            out["agree_phevaluator"] = bool((theirs == ours).all())
        else:
            out[f"agree_{name}"] = same_order(ours[: hands.shape[0]], theirs)
    out["target_random7_per_s"] = 350e6
    out["target_enumerate_all7_s"] = 0.25
    out["random7_target_met"] = out["pokerlab_random7_per_s"] >= 350e6
    out["enumerate_all7_target_met"] = out["enumerate_all7_s"] <= 0.25
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--n", type=int, default=10_000_000, help="random hands per batch")
    parser.add_argument("--peer-n", type=int, default=1_000_000, help="hands timed for peers")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (best one counts)")
    args = parser.parse_args()
    result = run(args.n, min(args.peer_n, args.n), args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        if isinstance(value, float):
            value = f"{value:,.4g}" if value < 1e3 else f"{value:,.0f}"
        print(f"{key:36s} {value}")


if __name__ == "__main__":
    main()
