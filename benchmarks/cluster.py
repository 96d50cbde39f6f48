"""What a Ray cluster costs against local processes on one machine, same run, same work.

Measures
- **match**: a 100,000-hand duplicate limit match (``random`` against ``raiser``: bots without
  memory, so every backend stores the same hands) played by local processes
  (:class:`~pokerlab.executors.ProcessExecutor`, one per core) and by a local Ray cluster
  (:class:`~pokerlab.executors.RayExecutor`, one task per CPU); the driver stores every hand
  in SQLite in both. Hands per second for each and the ratio Ray time / local time.
  Target: Ray within 1.25x of local processes.
- **income_rate**: an income-rate table (169 classes x ``--trials`` games against one
  opponent) made here, on numba's threads over every core (the local default), and on the Ray
  cluster as one-CPU tasks of blocks, both with the simulation kernel already loaded. Games
  per second and the same ratio.
- **equity**: Monte Carlo equity of 22+,A2s+,KTo+ against QQ+,AK (``--samples`` showdowns)
  here on numba's threads and on the cluster as one-CPU tasks of chunks; showdowns per second,
  the ratio, and whether both counted exactly the same showdowns (same seed).

The Ray cluster is started by this script (``ray.init`` with one CPU per core, no dashboard)
unless ``--cluster ADDRESS`` names a running one; its start-up is reported on its own
(``ray_start_s``), since a cluster is started once for many runs. Each timing includes what a
command pays every time: spawning and importing the local processes, starting and importing
Ray's worker processes (a new driver gets new workers). Both sides must produce the same
results (checked; the JSON says so).

Usage: ``python benchmarks/cluster.py [--json] [--hands 100000] [--trials 100000]
[--samples 100000000] [--cluster ADDRESS]``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import tempfile
import time
from importlib.metadata import version as _version
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.engine import GameSettings
from pokerlab.executors import Executor, InProcessExecutor, ProcessExecutor, RayExecutor
from pokerlab.strength import EquityResult, equity
from pokerlab.strength.preflop_simulation import simulate_preflop

EQUITY_PLAYERS = ["22+,A2s+,KTo+", "QQ+,AK"]


def timed_match(config: MatchConfig, executor: Executor, folder: Path, name: str) -> tuple[float, Any]:
    """Seconds to play and store ``config`` on ``executor``, and the stored payoffs."""
    store = MatchStore(folder / f"{name}.sqlite")
    start = time.perf_counter()
    result = run_match(config, store, executor=executor)
    seconds = time.perf_counter() - start
    payoffs = store.payoffs(result.match_id)
    store.close()
    return seconds, payoffs


def timed_table(trials: int, executor: Executor) -> tuple[float, np.ndarray]:
    """Seconds to simulate an income-rate table on ``executor`` (no cache), and its values."""
    start = time.perf_counter()
    sim = simulate_preflop(opponents=1, trials=trials, seed=0, cache=False, executor=executor)
    return time.perf_counter() - start, sim.values("income-rate")


def timed_equity(samples: int, executor: Executor) -> tuple[float, EquityResult]:
    """Seconds of a seeded Monte Carlo equity run of ``samples`` showdowns on ``executor``."""
    start = time.perf_counter()
    result = equity(EQUITY_PLAYERS, exact=False, samples=samples, seed=1, executor=executor)
    return time.perf_counter() - start, result


def side(seconds: float, work: int, unit: str) -> dict[str, float]:
    return {"seconds": round(seconds, 3), f"{unit}_per_s": round(work / seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hands", type=int, default=100_000, help="hands of the duplicate match")
    parser.add_argument("--trials", type=int, default=100_000, help="games per class of the table")
    parser.add_argument("--samples", type=int, default=100_000_000, help="showdowns of the equity run")
    parser.add_argument("--cluster", default=None, help="a running Ray cluster (default: start one)")
    args = parser.parse_args()
    cores = os.cpu_count() or 1

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not args.cluster:
        # The cluster started here uses token authentication, Ray's default for a local cluster
        # since 2.59, which warns at every start unless RAY_AUTH_MODE says so; Ray reads the
        # variable when it is imported.
        os.environ.setdefault("RAY_AUTH_MODE", "token")
    import ray

    start = time.perf_counter()
    if args.cluster:
        cluster = RayExecutor(args.cluster)
    else:
        ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING)
        cluster = RayExecutor()
    ray_start = time.perf_counter() - start

    config = MatchConfig(bots=("random", "raiser"), hands=args.hands, game=GameSettings.preset("limit"),
                         duplicate=True, seed=1)
    with tempfile.TemporaryDirectory() as folder, ProcessExecutor(cores) as local:
        local_s, local_payoffs = timed_match(config, local, Path(folder), "local")
        ray_s, ray_payoffs = timed_match(config, cluster, Path(folder), "ray")
    for executor in (InProcessExecutor(), cluster):  # load the cached kernel on both sides first
        simulate_preflop(opponents=1, trials=2, seed=1, cache=False, executor=executor)
    here_s, here_values = timed_table(args.trials, InProcessExecutor())
    table_ray_s, ray_values = timed_table(args.trials, cluster)
    for executor in (InProcessExecutor(), cluster):  # load the Monte Carlo kernel on both sides
        timed_equity(1 << 18, executor)
    equity_here_s, equity_here = timed_equity(args.samples, InProcessExecutor())
    equity_ray_s, equity_ray = timed_equity(args.samples, cluster)
    where = cluster.where()
    cluster.close()
    if not args.cluster:
        ray.shutdown()

    games = 169 * args.trials
    out = {
        "machine": {"cores": cores, "python": platform.python_version(), "ray": _version("ray"),
                    "load_average_1min": round(os.getloadavg()[0], 2)},
        "cluster": where,
        "ray_start_s": round(ray_start, 2),
        "match": {
            "hands": args.hands, "bots": list(config.bots), "duplicate": True,
            "local_processes": side(local_s, args.hands, "hands"),
            "ray": side(ray_s, args.hands, "hands"),
            "ratio": round(ray_s / local_s, 3),
            "target_ratio": 1.25,
            "same_hands": ray_payoffs == local_payoffs,
        },
        "income_rate": {
            "games_per_class": args.trials, "opponents": 1,
            "local_threads": side(here_s, games, "games"),
            "ray": side(table_ray_s, games, "games"),
            "ratio": round(table_ray_s / here_s, 3),
            "target_ratio": 1.25,
            "same_table": bool(np.array_equal(here_values, ray_values)),
        },
        "equity": {
            "players": EQUITY_PLAYERS, "samples": args.samples,
            "local_threads": side(equity_here_s, args.samples, "showdowns"),
            "ray": side(equity_ray_s, args.samples, "showdowns"),
            "ratio": round(equity_ray_s / equity_here_s, 3),
            "target_ratio": 1.25,
            "same_counts": equity_ray == equity_here,
        },
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    m, t, e = out["match"], out["income_rate"], out["equity"]
    print(f"Ray cluster: {where['nodes']} node(s), {where['cpus']} CPUs; started in {out['ray_start_s']} s")
    print(f"match, {args.hands:,} duplicate hands: local processes "
          f"{m['local_processes']['hands_per_s']:,} hands/s, Ray {m['ray']['hands_per_s']:,} hands/s, "
          f"ratio {m['ratio']} (same hands: {m['same_hands']})")
    print(f"income-rate table, {args.trials:,} games per class: here "
          f"{t['local_threads']['games_per_s']:,} games/s, Ray {t['ray']['games_per_s']:,} games/s, "
          f"ratio {t['ratio']} (same: {t['same_table']})")
    print(f"equity, {args.samples:,} Monte Carlo showdowns: here "
          f"{e['local_threads']['showdowns_per_s']:,} showdowns/s, Ray {e['ray']['showdowns_per_s']:,} "
          f"showdowns/s, ratio {e['ratio']} (same counts: {e['same_counts']})")


if __name__ == "__main__":
    main()
