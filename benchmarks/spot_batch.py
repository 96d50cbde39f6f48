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

``--subset-error`` measures instead what the weighted subsets cost: a smaller tree
(:data:`TINY`: a flop all-in or check, three pairs against two pairs and AK) is solved on all
1,755 flops by local processes (stored in ``--db``, so a killed run resumes), and the
aggregates (OOP's root bet frequency and EV, overall and by suit texture) of the 49-, 95- and
184-flop subsets are compared with those of all flops, each flop counted by the flops it
stands for.

Usage: ``python benchmarks/spot_batch.py [--json] [--flops 16] [--cluster ADDRESS]
[--subset-error [--db FILE]]``.
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
TINY: dict[str, Any] = {"pot": 10, "stack": 10, "oop_range": "AA, KK, QQ", "ip_range": "JJ, TT, AK",
                        "flop": {"bet": "a"}}
TINY_SETTINGS: dict[str, Any] = {"target_pct": 0.5, "max_iterations": 60, "threads": 1}


def subset_error(db: Path) -> dict[str, Any]:
    """The weighted subsets' aggregates against all 1,755 flops' on the :data:`TINY` tree."""
    from pokerlab.spot.batch import canonical_flops, report

    every = [f for f, _ in canonical_flops()]
    store = BatchStore(db)
    start = time.perf_counter()
    with ProcessExecutor(os.cpu_count() or 1) as ex:
        results = run_batch(TINY, every, TINY_SETTINGS, store, ex, resume=True)
    seconds = time.perf_counter() - start
    store.close()
    by_flop = {r["flop"]: r for r in results}
    keys = ("all", "monotone", "two-tone", "rainbow", "paired")
    full = report(results)["by_texture"]
    out: dict[str, Any] = {"tree": TINY, "settings": TINY_SETTINGS, "seconds_all_flops": round(seconds, 1),
                           "all_1755": {k: full[k] for k in keys}}
    for n in (49, 95, 184):
        sub = report([by_flop[f] for f in flop_subset(n)])["by_texture"]
        out[f"subset_{n}"] = {k: {"bet": sub[k]["bet"], "ev_oop": sub[k]["ev_oop"],
                                  "bet_error": sub[k]["bet"] - full[k]["bet"],
                                  "ev_oop_error": sub[k]["ev_oop"] - full[k]["ev_oop"]}
                              for k in keys if k in sub}
    return out


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
    parser.add_argument("--subset-error", action="store_true", help="the subsets against all 1,755 flops")
    parser.add_argument("--db", type=Path, default=None, help="--subset-error's SQLite file (resumable)")
    args = parser.parse_args()
    if args.subset_error:
        with tempfile.TemporaryDirectory() as folder:
            out = subset_error(args.db or Path(folder) / "all.sqlite")
        print(json.dumps(out, indent=2) if args.json else out)
        return
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
