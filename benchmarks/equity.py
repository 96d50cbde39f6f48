"""Equity against OMPEval's six problems (issue 16), with eval7 and, when given, OMPEval in the same run.

Problems (OMPEval's figures on this machine are in the issue; pass ``--ompeval DRIVER`` to
measure them again in this run):

1. ``heads_up_exact``: AcAd vs KhKs, exact.
2. ``range_flop_exact``: QQ+,AKs vs random on Qh7h2c, exact.
3. ``three_way_exact``: AA vs KK vs QQ pre-flop, exact.
4. ``range_vs_range_exact``: 22+,A2s+,KTo+ vs QQ+,AK pre-flop, exact.
5. ``range_vs_range_mc``: the same by Monte Carlo to a standard error of 1e-4.
6. ``mc_vs_random``: AcAd vs 1..5 random hands, Monte Carlo, nanoseconds per showdown.

Each problem reports ``pokerlab_ms`` on one thread (wall and CPU time, best of ``--repeat``)
and on all threads (wall), ``eval7_ms`` where eval7 can answer it (problems 1 and 2: a
Python loop over eval7's exact hand-against-range equity on every completed board; problem 6
with one opponent: eval7's Monte Carlo), and ``agree`` (exact: the same equity as eval7 to
its float32 precision and as OMPEval's driver; Monte Carlo: within three standard errors of
the exact answer). Targets: exact rows at OMPEval's one-thread figure or better (ratio <=
1.0), Monte Carlo cost per showdown within 1.2x. ``ratio_cpu`` compares CPU times, which a
busy machine disturbs less than wall times. ``cli_start_s`` times whole commands, next to
``numba_floor`` (Python, numba and one cached kernel); ``--start-up`` times only those.

``--ompeval DRIVER``: an OMPEval build (not part of pokerlab; see the issue) run here: a
program that takes a repeat count and prints one JSON object with, per problem and
``_t1`` (one thread) / ``_t0`` (all threads), ``cpu_min_ms``, ``min_ms`` and ``equity``, and
``mc_vs_<k>_random_t1`` with ``cpu_ns_per_sample`` and ``ns_per_sample``.

Usage: ``python benchmarks/equity.py [--json] [--repeat 5] [--ompeval DRIVER] [--start-up]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version as _version
from math import comb
from pathlib import Path
from typing import Any

import eval7
import numba

from pokerlab.cards import format_card, parse_cards, parse_range
from pokerlab.cli.main import OPENBLAS_THREAD_TIMEOUT
from pokerlab.strength import equity

EXACT = {
    "heads_up_exact": (["AcAd", "KhKs"], ""),
    "range_flop_exact": (["QQ+,AKs", "random"], "Qh7h2c"),
    "three_way_exact": (["AA", "KK", "QQ"], ""),
    "range_vs_range_exact": (["22+,A2s+,KTo+", "QQ+,AK"], ""),
}
MC_STDERR = 1e-4
MC_SAMPLES = 1 << 22  # showdowns per timing of problem 6
EVAL7_RANDOM = "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"  # every hand, in eval7's range text


def timed(func: Any, repeat: int) -> tuple[float, float, Any]:
    """Best wall and best CPU milliseconds of ``func()`` over ``repeat`` runs, and its last result."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        out = func()
        walls.append((time.perf_counter() - wall) * 1e3)
        cpus.append((time.process_time() - cpu) * 1e3)
    return min(walls), min(cpus), out


def e7(codes: list[int]) -> list[Any]:
    return [eval7.Card(format_card(c)) for c in codes]


def eval7_exact(players: list[str], board: str) -> tuple[float, float] | None:
    """(milliseconds, equity of player 1) from eval7, where it applies.

    eval7's exact hand-against-range equity needs a complete board, so a Python loop runs it
    on every completion for every hand of player 1 and averages. That is the exact answer
    when every (hand, board) pair faces the same number of villain hands: a single villain
    hand (problem 1) or the random range (problem 2). Other problems return ``None``.
    """
    known = parse_cards(board)
    if len(players) != 2 or not (players[1] == "random" or len(parse_range(players[1]).without(known)) == 1):
        return None
    hero = parse_range(players[0]).without(known)
    if len(hero) * comb(45, 5 - len(known)) > 2_000_000:  # an hour of Python
        return None
    villain = eval7.HandRange(players[1].replace("random", EVAL7_RANDOM))
    # A single villain hand is known cards: no board holds them (else eval7 has no hand to face).
    held = set() if players[1] == "random" else set(parse_range(players[1]).without(known).combos()[0])
    cards = {c: eval7.Card(format_card(c)) for c in range(52)}
    start = time.perf_counter()
    total, count = 0.0, 0
    for combo in hero.combos():
        rest = [c for c in range(52) if c not in known and c not in combo and c not in held]
        hand = [cards[c] for c in combo]
        for extra in itertools.combinations(rest, 5 - len(known)):
            full = [cards[c] for c in (*known, *extra)]
            total += eval7.py_hand_vs_range_exact(hand, villain, full)
            count += 1
    return (time.perf_counter() - start) * 1e3, total / count


def bench_exact(name: str, repeat: int, ompeval: dict[str, Any]) -> dict[str, Any]:
    players, board = EXACT[name]
    b = parse_cards(board)
    equity(players, board=b)  # load the kernels
    wall1, cpu1, one = timed(lambda: equity(players, board=b, workers=1), repeat)
    wall_all, _, every = timed(lambda: equity(players, board=b), repeat)
    out: dict[str, Any] = {
        "players": players,
        "board": board,
        "pokerlab_ms": {"one_thread": wall1, "one_thread_cpu": cpu1, "all_threads": wall_all},
        "equity": list(one.equity),
        "deal_classes": one.deal_classes,
        "same_for_any_thread_count": one == every,
    }
    peer = eval7_exact(players, board)
    if peer is not None:
        out["eval7_ms"] = peer[0]
        out["agree"] = abs(peer[1] - one.equity[0]) < 1e-6
    _add_ompeval(out, name, ompeval, one.equity)
    return out


def bench_mc_stderr(repeat: int, ompeval: dict[str, Any]) -> dict[str, Any]:
    players, _ = EXACT["range_vs_range_exact"]
    exact = equity(players)
    def run(workers: int | None) -> Any:
        return equity(players, exact=False, samples=None, stderr=MC_STDERR, seed=1, workers=workers)

    run(1)
    wall1, cpu1, one = timed(lambda: run(1), repeat)
    wall_all, _, every = timed(lambda: run(None), repeat)
    out: dict[str, Any] = {
        "players": players,
        "stderr_target": MC_STDERR,
        "pokerlab_ms": {"one_thread": wall1, "one_thread_cpu": cpu1, "all_threads": wall_all},
        "showdowns": one.trials,
        "ns_per_showdown_cpu": cpu1 * 1e6 / one.trials,
        "equity": list(one.equity),
        "stderr": list(one.stderr),
        "same_for_any_thread_count": one == every,
        "agree": all(
            abs(e - m) <= 3 * s for e, m, s in zip(exact.equity, one.equity, one.stderr, strict=True)
        ),
    }
    _add_ompeval(out, "range_vs_range_mc", ompeval, None)
    peer = ompeval.get("range_vs_range_mc_t1")
    if peer:
        out["ompeval"]["ns_per_showdown_cpu"] = peer["cpu_min_ms"] * 1e6 / peer["hands"]
        out["ratio_per_showdown_cpu"] = out["ns_per_showdown_cpu"] / out["ompeval"]["ns_per_showdown_cpu"]
    return out


def bench_mc_random(repeat: int, ompeval: dict[str, Any]) -> dict[str, Any]:
    rows = {}
    for opponents in range(1, 6):
        players = ["AcAd"] + ["random"] * opponents
        def run(workers: int | None, p: list[str] = players) -> Any:
            return equity(p, exact=False, samples=MC_SAMPLES, seed=2, workers=workers)

        run(1)
        wall1, cpu1, one = timed(lambda r=run: r(1), repeat)
        wall_all, _, _ = timed(lambda r=run: r(None), repeat)
        row: dict[str, Any] = {
            "pokerlab_ns_per_showdown": {
                "one_thread": wall1 * 1e6 / MC_SAMPLES,
                "one_thread_cpu": cpu1 * 1e6 / MC_SAMPLES,
                "all_threads": wall_all * 1e6 / MC_SAMPLES,
            },
            "equity": one.equity[0],
            "stderr": one.stderr[0],
        }
        if opponents == 1:
            villain = eval7.HandRange(EVAL7_RANDOM)
            start = time.perf_counter()
            peer = eval7.py_hand_vs_range_monte_carlo(e7(parse_cards("AcAd")), villain, [], MC_SAMPLES // 4)
            row["eval7_ns_per_showdown"] = (time.perf_counter() - start) * 1e9 / (MC_SAMPLES // 4)
            row["agree"] = abs(peer - one.equity[0]) < 3 * (one.stderr[0] + 0.5 / (MC_SAMPLES // 4) ** 0.5)
        peer_row = ompeval.get(f"mc_vs_{opponents}_random_t1")
        if peer_row:
            row["ompeval_ns_per_showdown"] = {
                "one_thread": peer_row["ns_per_sample"],
                "one_thread_cpu": peer_row["cpu_ns_per_sample"],
            }
            ours = row["pokerlab_ns_per_showdown"]
            row["ratio_cpu"] = ours["one_thread_cpu"] / peer_row["cpu_ns_per_sample"]
            row["ratio_wall"] = ours["one_thread"] / peer_row["ns_per_sample"]
        rows[f"opponents_{opponents}"] = row
    return rows


def _add_ompeval(out: dict[str, Any], name: str, ompeval: dict[str, Any], ours: Any) -> None:
    one, every = ompeval.get(f"{name}_t1"), ompeval.get(f"{name}_t0")
    if not one:
        return
    out["ompeval"] = {"one_thread_ms": one["min_ms"], "one_thread_cpu_ms": one["cpu_min_ms"]}
    if every:
        out["ompeval"]["all_threads_ms"] = every["min_ms"]
    out["ratio_cpu"] = out["pokerlab_ms"]["one_thread_cpu"] / one["cpu_min_ms"]
    out["ratio_wall"] = out["pokerlab_ms"]["one_thread"] / one["min_ms"]
    if ours is not None:
        agree = all(abs(a - b) < 1e-8 for a, b in zip(ours, one["equity"], strict=True))
        out["agree"] = out.get("agree", True) and agree


NUMBA_FLOOR = """\
from numba import njit


@njit(cache=True)
def one(x):
    return x + 1
"""
"""A module of one cached kernel: Python, numba and a first kernel load, what any numba command pays."""


def cli_start(repeat: int) -> dict[str, dict[str, float]]:
    """Best wall and CPU (user + system) seconds of whole ``pokerlab`` commands, start to exit.

    On a busy machine the wall time waits for a core; the CPU time is what the command costs.
    ``numba_floor`` is the same for a bare Python process that imports numba and runs one
    trivial kernel from numba's cache (warmed first): the floor under ``equity``.
    """
    commands = {
        "help": ["-m", "pokerlab", "--help"],
        "hand": ["-m", "pokerlab", "hand", "AsKsQsJsTs"],
        "equity_help": ["-m", "pokerlab", "equity", "--help"],
        "equity": ["-m", "pokerlab", "equity", "AcAd", "KhKs"],
        "numba_floor": ["-c", "import floor; floor.one(1)"],
    }
    out = {}
    with tempfile.TemporaryDirectory() as floor_dir:
        Path(floor_dir, "floor.py").write_text(NUMBA_FLOOR)
        # The OpenBLAS setting of the pokerlab command, so that both pay the same for numpy.
        floor_env = {"OPENBLAS_THREAD_TIMEOUT": OPENBLAS_THREAD_TIMEOUT, **os.environ,
                     "PYTHONPATH": floor_dir, "NUMBA_CACHE_DIR": floor_dir}
        subprocess.run([sys.executable, *commands["numba_floor"]], check=True, env=floor_env)
        for name, argv in commands.items():
            env = floor_env if name == "numba_floor" else None
            wall, cpu = float("inf"), float("inf")
            for _ in range(repeat):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([sys.executable, *argv], check=True, capture_output=True, env=env)
                wall = min(wall, time.perf_counter() - start)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = min(cpu, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            out[name] = {"wall": wall, "cpu": cpu}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each call")
    parser.add_argument("--ompeval", default="", help="an OMPEval driver to run in the same session")
    parser.add_argument("--start-up", action="store_true", help="time only the commands' start-up")
    args = parser.parse_args()
    ompeval: dict[str, Any] = {}
    if args.ompeval:
        done = subprocess.run([args.ompeval, str(args.repeat)], check=True, capture_output=True, text=True)
        ompeval = json.loads(done.stdout)
    result: dict[str, Any] = {
        "benchmark": "equity",
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "threads": numba.config.NUMBA_NUM_THREADS,
            "load_average": os.getloadavg(),
            "eval7": _version("eval7"),
            "ompeval": bool(ompeval),
        },
    }
    if not args.start_up:
        for name in EXACT:
            result[name] = bench_exact(name, args.repeat, ompeval)
        result["range_vs_range_mc"] = bench_mc_stderr(max(1, args.repeat // 2), ompeval)
        result["mc_vs_random"] = bench_mc_random(args.repeat, ompeval)
    result["cli_start_s"] = cli_start(args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for name in () if args.start_up else (*EXACT, "range_vs_range_mc"):
        r = result[name]
        ms = r["pokerlab_ms"]
        line = f"{name:22s} one thread {ms['one_thread']:9.2f} ms (cpu {ms['one_thread_cpu']:9.2f}), " \
               f"all {ms['all_threads']:9.2f} ms"
        if "ompeval" in r:
            line += f", OMPEval cpu {r['ompeval']['one_thread_cpu_ms']:9.2f} ms, x{r['ratio_cpu']:.2f}"
        print(line)
    for name, r in result.get("mc_vs_random", {}).items():
        ns = r["pokerlab_ns_per_showdown"]
        line = f"mc {name:14s} {ns['one_thread_cpu']:6.1f} ns/showdown (cpu)"
        if "ratio_cpu" in r:
            line += f", OMPEval {r['ompeval_ns_per_showdown']['one_thread_cpu']:6.1f}, x{r['ratio_cpu']:.2f}"
        print(line)
    print("start-up (s):", result["cli_start_s"])


if __name__ == "__main__":
    main()
