"""Push/fold equilibria (issue 39): the tables, the solves and the heads-up chart, and a peer, same run.

Each item runs in a fresh Python process (``--item NAME``), so its first figures are those of
a cold start: ``import_s`` is importing what the item needs, and the first solve loads the
numba kernels from numba's on-disk cache and reads the shipped (or cached) tables; ``warm_s``
repeats the work in the same process. ``process_s`` is the whole process, ``process_cpu_s``
its CPU seconds and those of the processes it started (a shared machine disturbs them less),
``load_average_1min`` the machine's load before and after it.

- ``headsup_table``: :func:`pokerlab.pushfold.equities.build_headsup_table`, the exact table of
  all-in showdowns between the 169 classes (14,365 class pairs, each enumerated exactly), on
  one numba thread (``kernel_load_s``: one exact equity first, to load the kernels); the table
  built must equal the shipped :func:`~pokerlab.pushfold.equities.headsup_table` array for
  array (a reproducibility check: the benchmark fails otherwise). Skipped by ``--quick``.
- ``triple_table``: :func:`pokerlab.pushfold.triples.build_triple_table`, the three-way Monte
  Carlo table (818,805 class triples, 512 deals each; ``--quick``: 64), on every core;
  ``warmup_s`` is a 1-deal build first (kernels loaded, joint counts). At the default
  settings the table must equal the one in the cache folder, if there is one (the table is
  the same for any number of threads).
- ``headsup_spot``: ``PushFoldGame((10, 10))`` solved by :func:`pokerlab.pushfold.solution.solve`
  (the exact linear program); ``command_s`` is ``pokerlab pushfold solve --stacks 10,10 --json``
  from start to answer.
- ``chart``: :func:`pokerlab.pushfold.chart.headsup_chart` from 1 to 50 big blinds in steps of
  0.1 (``--quick``: to 20), in this process (``executor_for(workers=1)``) and in 2 local
  processes (``workers=2``, spawning and importing included, as the command pays); both
  charts must be the same.
- ``three_handed``: ``PushFoldGame((12, 8, 20), ante=0.1, payouts=(50, 30, 20))`` (ICM) solved
  at the default target (0.01 big blinds' worth of prize a player) and at 0.001;
  ``table_load_s``: reading the three-way table from the cache folder (built when absent).
- ``nine_handed``: ``PushFoldGame((10,) * 9)`` in chips at the default target (``--quick``:
  six-handed).

Gains and NashConv are what a best response gains (``_bb`` in big blinds; ``_prize`` in the
prize units of an ICM game, whose ``chip_value`` is prize per big blind).

Peer (``peer``): rt500/Heads-Up-Push-or-Fold (``headsup_nash``, C++20, MIT licence; Monte
Carlo regret matching over the 169 classes with the Two Plus Two evaluator), built outside the
repository, its blinds 1/2 and stack 20 chips being the same heads-up 10 big blind spot. It
runs as its own process for each of ``--peer-iterations`` (each iteration deals two hands)
next to its ``handranks.dat`` (``load_s``: a 1-iteration run, the 130 MB table's load), and
prints the small blind's push and the big blind's call frequency of each class to two
decimals. Those are compared with ours (combo-weighted mean and largest difference, classes
on the other side of one half) and measured by our exact evaluation: what a best response
gains against them (``nash_conv_bb``; its two decimals add to it). It seeds itself from the
system's random device, so its runs differ. ``ratio_*``: our time (``solve``: the warm
``headsup_spot`` solve; ``command``: its ``command_s``) over the peer's process, and
``ratio_command_over_best_peer`` against the peer's run of least NashConv. The open
calculators tried that could not run here are listed with the reason (``tried_not_run``).

Usage: ``python benchmarks/pushfold.py [--json] [--quick] [--items a,b]
[--headsup-nash BIN --handranks FILE] [--peer-iterations 1000000,10000000,100000000]``; the
peer's paths may also come from the environment: ``HEADSUP_NASH``, ``HANDRANKS``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "16")  # as the pokerlab command sets it

ITEMS = ("headsup_table", "triple_table", "headsup_spot", "chart", "three_handed", "nine_handed")
QUICK_SKIPS = ("headsup_table",)
PEER = "rt500/Heads-Up-Push-or-Fold"
NOT_RUN = {
    "sweeterthancandy/CandyPoker": (
        "not built: at its newest commit the build has the solver commented out (it builds the "
        "equity evaluator only); its 2019 solver commits need Boost (log, serialization, "
        "program_options) and the googletest and benchmark submodules, absent from the snapshot, "
        "and its three-player solve reads a class-equity cache from Assets/PushFoldEquity.json, "
        "a file over 4 MiB that the snapshot lacks, or creates it by exact enumeration of every "
        "three-way class deal (about 5e13 showdowns: hours on this 2-core machine)"),
    "instigatorofawe/game-theory-rs": (
        "not built: its push-fold binary needs the rust_poker and ndarray 0.16 crates, which "
        "this machine cannot fetch (crates.io is out of reach, and Debian packages neither)"),
    "PyPI": "no push/fold or ICM Nash calculator among its packages (searched by name and summary)",
}
PEER_ITERATIONS = (1_000_000, 10_000_000, 100_000_000)
QUICK_PEER_ITERATIONS = (1_000_000, 10_000_000)
RANKS = "AKQJT98765432"


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def best_of(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    runs = [timed(fn) for _ in range(repeat)]
    return min(r[0] for r in runs), runs[-1][1]


# ---- items: each runs in its own process and returns plain data --------------------------------


def item_headsup_table(quick: bool) -> dict[str, Any]:
    import numpy as np

    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.equities"))
    from pokerlab.pushfold.equities import build_headsup_table, headsup_table
    from pokerlab.strength.equity import equity

    t_kernels, _ = timed(lambda: equity(["AA", "KK"], exact=True))
    t_build, built = timed(build_headsup_table)
    shipped = headsup_table()
    same = {name: bool(np.array_equal(getattr(built, name), getattr(shipped, name)))
            for name in ("wins", "ties", "pairs")}
    assert all(same.values()), f"the built table differs from the shipped one: {same}"
    pairs = built.wins.shape[0] * (built.wins.shape[0] + 1) // 2
    return {"import_s": t_import, "kernel_load_s": t_kernels, "build_s": t_build,
            "class_pairs": pairs, "showdowns": int(built.showdowns.sum()) // 2,
            "equals_shipped": same, "numba_threads": _numba_threads()}


def item_triple_table(quick: bool) -> dict[str, Any]:
    import numpy as np

    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.triples"))
    from pokerlab.pushfold.triples import SAMPLES, SEED, TRIPLES, build_triple_table, cache_path

    samples = 64 if quick else SAMPLES
    t_warm, _ = timed(lambda: build_triple_table(samples=1))
    t_build, table = timed(lambda: build_triple_table(samples=samples))
    dealt = int((table.joint > 0).sum())
    out: dict[str, Any] = {"import_s": t_import, "warmup_s": t_warm, "build_s": t_build,
                           "samples": samples, "seed": SEED, "triples": TRIPLES,
                           "triples_dealt": dealt, "deals": dealt * samples,
                           "deals_per_s": dealt * samples / t_build, "numba_threads": _numba_threads()}
    path = cache_path(samples, SEED)
    if samples != SAMPLES:
        out["equals_cached"] = None
        out["equals_cached_note"] = f"not compared: the cached table has {SAMPLES} samples"
    elif not path.exists():
        out["equals_cached"] = None
        out["equals_cached_note"] = f"not compared: no cached table at {path}"
    else:
        with np.load(path, allow_pickle=False) as data:
            same = {"joint": bool(np.array_equal(data["joint"], table.joint)),
                    "counts": bool(np.array_equal(data["counts"], table.counts))}
        assert all(same.values()), f"the built three-way table differs from the cached one: {same}"
        out["equals_cached"] = same
    return out


def item_headsup_spot(quick: bool) -> dict[str, Any]:
    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.solution"))
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import solve

    game = PushFoldGame((10, 10))
    t_first, sol = timed(lambda: solve(game))
    t_warm, sol = best_of(5, lambda: solve(game))
    ev = sol.evaluation
    return {"spot": "heads-up, 10 bb each, blinds 0.5/1, chips", "import_s": t_import,
            "first_s": t_first, "warm_s": t_warm, "method": sol.method, "certified": sol.certified,
            "max_gain_bb": max(ev.gains), "nash_conv_bb": ev.nash_conv,
            "value_bb": dict(zip(game.positions, ev.value, strict=True)),
            "sb_push_share": sol.share(0), "bb_call_share": sol.share(1)}


def item_chart(quick: bool) -> dict[str, Any]:
    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.chart"))
    from pokerlab.executors import executor_for
    from pokerlab.pushfold.chart import headsup_chart

    largest = 20.0 if quick else 50.0
    out: dict[str, Any] = {"import_s": t_import, "stacks_bb": f"1 to {largest:g} in steps of 0.1"}
    charts = {}
    for workers in (1, 2):
        with executor_for(workers=workers) as ex:
            seconds, chart = timed(lambda ex=ex: headsup_chart(max_stack=largest, step=0.1, executor=ex))
        charts[workers] = chart
        out[f"workers_{workers}"] = {"seconds": seconds, "stacks": len(chart.stacks),
                                     "ms_per_stack": 1000 * seconds / len(chart.stacks),
                                     "worst_gain_bb": chart.worst_gain}
    a, b = charts[1], charts[2]
    same = a.push == b.push and a.call == b.call
    assert same, "the chart of 2 workers differs from the chart of 1"
    out["same_chart"] = same
    out["speed_up_2_workers"] = out["workers_1"]["seconds"] / out["workers_2"]["seconds"]
    out["gaps"] = {k: list(v) for k, v in a.gaps.items()}
    return out


def _solve_report(sol: Any, seconds: float) -> dict[str, Any]:
    ev = sol.evaluation
    unit = sol.chip_value
    return {"seconds": seconds, "iterations": sol.iterations, "method": sol.method,
            "reached": sol.reached, "target_bb": sol.target / unit,
            "max_gain_bb": max(ev.gains) / unit, "nash_conv_bb": ev.nash_conv / unit,
            **({"max_gain_prize": max(ev.gains), "nash_conv_prize": ev.nash_conv} if sol.game.icm else {})}


def _table() -> tuple[float, bool, Any]:
    from pokerlab.pushfold.triples import cache_path, triple_table

    cached = cache_path().exists()
    seconds, table = timed(triple_table)
    return seconds, cached, table


def item_three_handed(quick: bool) -> dict[str, Any]:
    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.solution"))
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import DEFAULT_TARGET, solve

    t_table, cached, table = _table()
    game = PushFoldGame((12, 8, 20), ante=0.1, payouts=(50, 30, 20))
    t_first, first = timed(lambda: solve(game, table=table))
    t_warm, warm = timed(lambda: solve(game, table=table))
    t_fine, fine = timed(lambda: solve(game, target=0.001, table=table))
    return {"spot": "BTN 12, SB 8, BB 20 bb, blinds 0.5/1, ante 0.1, ICM prizes 50/30/20",
            "import_s": t_import, "table_load_s": t_table, "table_from_cache": cached,
            "chip_value_prize_per_bb": first.chip_value, "default_target_bb": DEFAULT_TARGET,
            "first": _solve_report(first, t_first), "warm": _solve_report(warm, t_warm),
            "target_0.001": _solve_report(fine, t_fine),
            "value_prize": dict(zip(game.positions, fine.evaluation.value, strict=True))}


def item_nine_handed(quick: bool) -> dict[str, Any]:
    t_import, _ = timed(lambda: __import__("pokerlab.pushfold.solution"))
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import solve

    players = 6 if quick else 9
    t_table, cached, table = _table()
    game = PushFoldGame((10.0,) * players)
    t_solve, sol = timed(lambda: solve(game, table=table))
    return {"spot": f"{players}-handed, 10 bb each, blinds 0.5/1, chips", "players": players,
            "import_s": t_import, "table_load_s": t_table, "table_from_cache": cached,
            "tree": game.tree().describe(), **_solve_report(sol, t_solve)}


def _numba_threads() -> int:
    import numba

    return int(numba.get_num_threads())


ITEM_FUNCTIONS: dict[str, Callable[[bool], dict[str, Any]]] = {
    "headsup_table": item_headsup_table, "triple_table": item_triple_table,
    "headsup_spot": item_headsup_spot, "chart": item_chart, "three_handed": item_three_handed,
    "nine_handed": item_nine_handed,
}


def run_item(name: str, quick: bool) -> dict[str, Any]:
    """Run one item in a fresh process; its figures, or ``{"error": ...}``."""
    env = dict(os.environ)
    if name == "headsup_table":
        env["NUMBA_NUM_THREADS"] = "1"  # the table's figure is one core's
    cmd = [sys.executable, __file__, "--item", name] + (["--quick"] if quick else [])
    load = os.getloadavg()[0]
    cpu = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    figures = {"process_s": wall, "process_cpu_s": _children_cpu() - cpu,
               "load_average_1min": [load, os.getloadavg()[0]]}
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.strip().splitlines() if ln.strip()]
        return {"error": lines[-1] if lines else f"exit {proc.returncode}", **figures}
    return {**json.loads(proc.stdout), **figures}


def _commit() -> str | None:
    """The working tree's commit, with ``+`` when the push/fold package has uncommitted changes."""
    here = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, check=True,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "src/pokerlab/pushfold"], cwd=here,
                               check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+" if dirty else "")


def _children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes and theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_seconds(repeat: int = 3) -> float:
    """Best wall seconds of ``pokerlab pushfold solve --stacks 10,10 --json``, start to answer."""
    exe = Path(sys.executable).with_name("pokerlab")
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([str(exe), "pushfold", "solve", "--stacks", "10,10", "--json"],
                       check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


# ---- the peer ---------------------------------------------------------------------------------


def parse_peer_grids(text: str) -> tuple[dict[str, float], dict[str, float]]:
    """The peer's two printed 13x13 grids (button's push, big blind's call) by class name: row
    and column ranks A..2, suited above the diagonal, offsuit below."""
    grids: list[dict[str, float]] = []
    current: dict[str, float] | None = None
    for line in text.splitlines():
        if line.endswith("Strategy:"):
            current = {}
            grids.append(current)
            continue
        m = re.match(r"^([AKQJT98765432]) \|(.*)\|$", line)
        if current is None or not m:
            continue
        r = RANKS.index(m.group(1))
        values = [float(v) for v in m.group(2).split("|")]
        if len(values) != 13:
            raise ValueError(f"peer output: a grid row of {len(values)} values: {line!r}")
        for c, v in enumerate(values):
            if r == c:
                name = RANKS[r] * 2
            elif r < c:
                name = RANKS[r] + RANKS[c] + "s"
            else:
                name = RANKS[c] + RANKS[r] + "o"
            current[name] = v
    if len(grids) != 2 or any(len(g) != 169 for g in grids):
        raise ValueError("peer output: expected two 13x13 strategy grids")
    return grids[0], grids[1]


def run_peer(binary: str, iterations: int, work: Path) -> tuple[float, str]:
    """Run the peer for ``iterations`` in ``work`` (where its ``handranks.dat`` is): wall seconds
    and what it printed."""
    start = time.perf_counter()
    proc = subprocess.run([binary, str(iterations)], cwd=work, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{binary} exited {proc.returncode}: {proc.stderr.strip()[-200:]}")
    return wall, proc.stdout


def bench_peer(binary: str, handranks: str, iterations: tuple[int, ...], ours_warm_s: float | None,
               ours_command_s: float | None) -> dict[str, Any]:
    import numpy as np

    from pokerlab.cards import PREFLOP_CLASSES
    from pokerlab.pushfold.equities import class_sizes
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.solution import solve
    from pokerlab.pushfold.values import evaluate

    game = PushFoldGame((10, 10))
    ours = solve(game)
    weight = class_sizes() / 1326.0
    out: dict[str, Any] = {
        "name": PEER, "binary": binary,
        "method": "Monte Carlo regret matching over the 169 classes (Two Plus Two evaluator)",
        "spot": "blinds 1/2 chips, stacks 20 chips: heads-up 10 bb", "runs": []}
    with tempfile.TemporaryDirectory(prefix="pushfold-peer-") as tmp:
        work = Path(tmp)
        (work / "handranks.dat").symlink_to(Path(handranks).resolve())
        load_s, _ = run_peer(binary, 1, work)
        out["load_s"] = load_s
        for n in iterations:
            wall, text = run_peer(binary, n, work)
            push, call = parse_peer_grids(text)
            theirs = [np.array([grid[c] for c in PREFLOP_CLASSES]) for grid in (push, call)]
            profile = [np.stack([1.0 - p, p], axis=1) for p in theirs]
            ev = evaluate(game, profile)
            run: dict[str, Any] = {"iterations": n, "hands": 2 * n, "seconds": wall,
                                   "seconds_less_load": wall - load_s,
                                   "gains_bb": dict(zip(game.positions, ev.gains, strict=True)),
                                   "nash_conv_bb": ev.nash_conv,
                                   "value_sb_bb": ev.value[0]}
            for node, label in ((0, "sb_push"), (1, "bb_call")):
                mine = ours.profile[node][:, 1]
                diff = np.abs(theirs[node] - mine)
                side = [c for c, a, b in zip(PREFLOP_CLASSES, mine, theirs[node], strict=True)
                        if (a >= 0.5) != (b >= 0.5)]
                run[label] = {"mean_abs_diff": float(diff @ weight), "max_abs_diff": float(diff.max()),
                              "share_ours": float(mine @ weight), "share_peer": float(theirs[node] @ weight),
                              "other_side_of_half": side}
            if ours_warm_s is not None:
                run["ratio_solve_over_peer"] = ours_warm_s / wall
            if ours_command_s is not None:
                run["ratio_command_over_peer"] = ours_command_s / wall
            out["runs"].append(run)
    out["ours"] = {"nash_conv_bb": ours.evaluation.nash_conv, "value_sb_bb": ours.evaluation.value[0],
                   "method": ours.method}
    best = min(out["runs"], key=lambda r: r["nash_conv_bb"])
    if ours_command_s is not None:
        out["ratio_command_over_best_peer"] = ours_command_s / best["seconds"]
        out["best_peer_iterations"] = best["iterations"]
    return out


# ---- main ------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true",
                        help="no heads-up table, a 64-deal three-way table, chart to 20 bb, six-handed")
    parser.add_argument("--items", default="", help=f"comma list of {', '.join(ITEMS)}")
    parser.add_argument("--headsup-nash", default=os.environ.get("HEADSUP_NASH", ""),
                        help=f"the peer's headsup_nash binary ({PEER})")
    parser.add_argument("--handranks", default=os.environ.get("HANDRANKS", ""),
                        help="its handranks.dat (the Two Plus Two evaluator's table)")
    parser.add_argument("--peer-iterations", default="",
                        help="the peer's iteration counts (default 1e6,1e7,1e8; --quick 1e6,1e7)")
    parser.add_argument("--item", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.item:
        print(json.dumps(ITEM_FUNCTIONS[args.item](args.quick)))
        return
    items = [s for s in args.items.split(",") if s] or [i for i in ITEMS
                                                       if not (args.quick and i in QUICK_SKIPS)]
    for s in items:
        if s not in ITEMS:
            parser.error(f"--items: unknown item {s!r} ({', '.join(ITEMS)})")
    try:
        counts = tuple(int(float(s)) for s in args.peer_iterations.split(",") if s.strip()) or (
            QUICK_PEER_ITERATIONS if args.quick else PEER_ITERATIONS)
    except ValueError:
        parser.error(f"--peer-iterations: {args.peer_iterations!r} is not a comma list of numbers")
    if args.headsup_nash and not os.access(args.headsup_nash, os.X_OK):
        parser.error(f"--headsup-nash: {args.headsup_nash!r} is not an executable file")
    if args.headsup_nash and not Path(args.handranks or "/nonexistent").is_file():
        parser.error(f"--handranks: {args.handranks!r} is not a file (the peer needs handranks.dat)")

    result: dict[str, Any] = {
        "benchmark": "pushfold",
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_start": os.getloadavg()},
        "quick": args.quick,
        "commit": _commit(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "units": "seconds (_s, seconds), big blinds (_bb), prize units (_prize)",
    }
    failed = False
    try:
        for name in items:
            result[name] = run_item(name, args.quick)
            failed = failed or "error" in result[name]
            if not args.json:
                print(f"{name}: {json.dumps(result[name])}", flush=True)
        spot = result.get("headsup_spot", {})
        ours_warm = spot.get("warm_s")
        ours_command = None
        if "headsup_spot" in items and "error" not in spot:
            ours_command = command_seconds()
            spot["command_s"] = ours_command
        peer: dict[str, Any] = {"tried_not_run": NOT_RUN}
        if args.headsup_nash:
            try:
                peer.update(bench_peer(args.headsup_nash, args.handranks, counts, ours_warm, ours_command))
            except (RuntimeError, ValueError, OSError) as exc:
                peer["error"] = str(exc)
                failed = True
        else:
            peer["headsup_nash"] = (f"not run: give --headsup-nash and --handranks (or HEADSUP_NASH "
                                    f"and HANDRANKS): {PEER}, built outside the repository")
        result["peer"] = peer
        if not args.json:
            print(f"peer: {json.dumps(peer)}")
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    result["machine"]["load_average_end"] = os.getloadavg()
    if args.json:
        print(json.dumps(result, indent=2))
    if failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
