"""``pokerlab spot batch`` on local processes and on a Ray cluster, same run, same flops.

Measures flops solved per hour for a small turn-and-river tree (no flop bets; a 75% bet on the
turn and on the river; stack 4 pots; a few classes a side; each flop to 0.5% of the pot or 200
iterations, one numba thread per task) over ``--flops`` flops of the weighted subset, solved
by local processes (:class:`~pokerlab.executors.ProcessExecutor`, one per core) and by a local
Ray cluster (:class:`~pokerlab.executors.RayExecutor`, one CPU per task); the driver stores
every flop in SQLite in both. Both timings include what a command pays each time (spawning
and importing the local processes; starting Ray's worker processes); Ray's own start is
reported apart (``ray_start_s``). Both sides must give the same per-flop results (checked).
Target: Ray within 1.25x of local processes (``ratio_ray_vs_local``, time over time).

Usage: ``python benchmarks/spot_batch.py [--json] [--flops 16] [--cluster ADDRESS]``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerlab.executors import Executor, ProcessExecutor, RayExecutor
from pokerlab.spot.batch import BatchStore, flop_subset, run_batch

TEMPLATE: dict[str, Any] = {"pot": 10, "stack": 40, "oop_range": "QQ+, AKs, JTs",
                            "ip_range": "JJ-99, AQs+, KQs", "turn": {"bet": "75%"},
                            "river": {"bet": "75%"}}
SETTINGS: dict[str, Any] = {"target_pct": 0.5, "max_iterations": 200, "threads": 1}


def timed(executor: Executor, flops: list[str], path: Path) -> tuple[float, list[dict[str, Any]]]:
    """Seconds to solve and store ``flops`` on ``executor``, and the results (without times)."""
    store = BatchStore(path)
    start = time.perf_counter()
    results = run_batch(TEMPLATE, flops, SETTINGS, store, executor)
    seconds = time.perf_counter() - start
    store.close()
    return seconds, [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--flops", type=int, default=16, help="flops of the weighted subset")
    parser.add_argument("--cluster", default=None, help="a running Ray cluster (default: start one)")
    args = parser.parse_args()
    flops = flop_subset(args.flops)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as folder:
        with ProcessExecutor(cores) as ex:
            local_s, local = timed(ex, flops, Path(folder) / "local.sqlite")
        import ray

        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        start = time.perf_counter()
        if args.cluster:
            ray.init(address=args.cluster, log_to_driver=False, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING)
        ray_start = time.perf_counter() - start
        try:
            with RayExecutor() as ex:
                ray_s, there = timed(ex, flops, Path(folder) / "ray.sqlite")
        finally:
            ray.shutdown()
    out = {
        "benchmark": f"spot batch, {len(flops)} flops, small turn-and-river tree",
        "template": TEMPLATE, "settings": SETTINGS, "cores": cores,
        "local": {"seconds": round(local_s, 2), "flops_per_hour": round(3600 * len(flops) / local_s)},
        "ray": {"seconds": round(ray_s, 2), "flops_per_hour": round(3600 * len(flops) / ray_s),
                "ray_start_s": round(ray_start, 2)},
        "ratio_ray_vs_local": round(ray_s / local_s, 3),
        "same_results": there == local,
        "target": "ratio_ray_vs_local <= 1.25",
    }
    out["meets_target"] = out["ratio_ray_vs_local"] <= 1.25 and out["same_results"]
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")


if __name__ == "__main__":
    main()
