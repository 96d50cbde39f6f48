"""Spot solving against TexasSolver and postflop-solver (issue 25): same spots, same run, two threads.

Three spots, each described once (a :class:`pokerlab.spot.spec.Spot` dict below) and written
into each solver's own input format: pokerlab's TOML, TexasSolver's console commands
(:func:`pokerlab.spot.texassolver.write_texassolver`) and the ``key=value`` file of the
``pfs-bench`` driver over postflop-solver's library (the peers' build notes of issue 25):

- ``river``: Qs Jh 2h 8d 3c, pot 80, stack 240, bets 25/50/100% and all-in, raises 50/100%
  and all-in; target 0.1% of the pot;
- ``turn``: Qs Jh 2h 8d, pot 40, stack 100, bets 50/100% and all-in, raise 50% and all-in on
  both streets (OOP's river lead after calling the turn: the same sizes); target 0.1%;
- ``flop``: TexasSolver's own README benchmark (its benchmark/benchmark_texassolver.txt):
  Qs Jh 2h, pot 10, stack 95, its ranges, bet 100% and raise 50% on every street, all-in
  except IP's on the turn, OOP's leads of 100% on the turn and river, all-in threshold 1.0;
  target 0.3% (the README's 0.275% run).

All three spots use TexasSolver's README ranges. The trees are the same in the three solvers:
every bet and raise of these spots is a whole number of chips (both peers round sizes to
whole chips), no size lands where TexasSolver's all-in threshold (it counts the starting
pot's half: ``pokerlab.spot.texassolver``) or its console's limit of a bet and three
raises (``raise_cap = 3``) acts, and no raise is cut by postflop-solver's min-raise rule; the
betting lines of both peers' builders were enumerated from their sources and compared.

Each solver runs as its own process under GNU time (its peak resident memory and CPU
seconds), checks its exploitability every 10 iterations with its own best response and stops at the target:
``seconds`` is the solver's own solve time (TexasSolver's "time used", which leaves out its
4 s rank-table load; postflop-solver's ``solve_time_s``; pokerlab's ``seconds``), ``wall_s``
the whole process, ``peak_rss_bytes`` its peak memory. Game values ``ev_oop``/``ev_ip`` are
each player's share of the pot in chips (they sum to the pot): TexasSolver prints no EV, only
each player's best-response value, so its ``ev_oop`` is the middle of the interval those give
(``ev_oop_interval``), within its exploitability of the truth. ``agree``: the two solvers' OOP
values differ by at most 2 x (exploitability of one + of the other), the most two profiles of
those exploitabilities can differ; ``ev_diff_pct_pot`` says by how much they do.
TexasSolver weights each card of a chance node by 1 / (cards left after the board and one
hand) instead of both hands (upstream issue bupticybee/TexasSolver#95): after a turn or river
card its values are scaled by 44/46 (45/47), so on the turn and the flop it solves a slightly
different game and its values may miss the others' by more than the exploitabilities; its
times still compare (same tree, same work). ``ratio_time``/``ratio_memory``: pokerlab over
the peer (targets: time at most 1.0 x TexasSolver's and 1.5 x postflop-solver's, memory at
most postflop-solver's). ``memory_bytes``: the solver's own count of its arrays (pokerlab's
``memory_bytes``; postflop-solver's ``memory_usage``, which its driver prints to a tenth of a
MiB), and ``ratio_arrays`` pokerlab's over postflop-solver's: the peak of a Python process
holds some 170 MiB of interpreter and numba besides (the river's and the turn's peaks are
nearly all that).

Usage: ``python benchmarks/spot.py [--json] [--quick] [--spots river,turn,flop]
[--solvers pokerlab,texassolver,postflop-solver] [--texassolver BIN --texassolver-resources DIR]
[--postflop-solver BIN] [--threads 2]``. The peers' paths may also come from the environment:
``TEXASSOLVER``, ``TEXASSOLVER_RESOURCES``, ``POSTFLOP_SOLVER``. ``--quick``: the river and the
turn only, with the narrower ranges of ``QUICK_RANGES`` (seconds in all three solvers).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerlab.cards.codes import format_card
from pokerlab.spot.spec import STREETS, Size, Spot
from pokerlab.spot.texassolver import texassolver_range, write_texassolver

# TexasSolver's README benchmark ranges (benchmark/benchmark_texassolver.txt): OOP, IP.
TS_OOP = ("AA,KK,QQ,JJ,TT,99:0.75,88:0.75,77:0.5,66:0.25,55:0.25,AK,AQs,AQo:0.75,AJs,AJo:0.5,"
          "ATs:0.75,A6s:0.25,A5s:0.75,A4s:0.75,A3s:0.5,A2s:0.5,KQs,KQo:0.5,KJs,KTs:0.75,K5s:0.25,"
          "K4s:0.25,QJs:0.75,QTs:0.75,Q9s:0.5,JTs:0.75,J9s:0.75,J8s:0.75,T9s:0.75,T8s:0.75,"
          "T7s:0.75,98s:0.75,97s:0.75,96s:0.5,87s:0.75,86s:0.5,85s:0.5,76s:0.75,75s:0.5,65s:0.75,"
          "64s:0.5,54s:0.75,53s:0.5,43s:0.5")
TS_IP = ("QQ:0.5,JJ:0.75,TT,99,88,77,66,55,44,33,22,AKo:0.25,AQs,AQo:0.75,AJs,AJo:0.75,ATs,"
         "ATo:0.75,A9s,A8s,A7s,A6s,A5s,A4s,A3s,A2s,KQ,KJ,KTs,KTo:0.5,K9s,K8s,K7s,K6s,K5s,K4s:0.5,"
         "K3s:0.5,K2s:0.5,QJ,QTs,Q9s,Q8s,Q7s,JTs,JTo:0.5,J9s,J8s,T9s,T8s,T7s,98s,97s,96s,87s,86s,"
         "76s,75s,65s,64s,54s,53s,43s")
QUICK_RANGES = ("AA,KK,QQ,JJ,TT,99,AK,AQs,AJs,KQs,QJs,JTs,T9s,98s,87s",
                "QQ,JJ,TT,99,88,77,AQ,AJ,KQ,KJ,QJ,JT,T9s,98s,76s,65s")

SPOTS: dict[str, dict[str, Any]] = {
    "river": {
        "target_pct": 0.1, "max_iterations": 1000,
        "spot": {"board": "Qs Jh 2h 8d 3c", "pot": 80, "stack": 240, "raise_cap": 3,
                 "oop_range": TS_OOP, "ip_range": TS_IP,
                 "bet": "25%,50%,100%,a", "raise": "50%,100%,a"},
    },
    "turn": {
        "target_pct": 0.1, "max_iterations": 1000,
        "spot": {"board": "Qs Jh 2h 8d", "pot": 40, "stack": 100, "raise_cap": 3,
                 "oop_range": TS_OOP, "ip_range": TS_IP,
                 "bet": "50%,100%,a", "raise": "50%,a",
                 "river": {"oop": {"donk": "50%,100%,a"}}},
    },
    "flop": {
        "target_pct": 0.3, "max_iterations": 500,
        "spot": {"board": "Qs Jh 2h", "pot": 10, "stack": 95, "raise_cap": 3,
                 "oop_range": TS_OOP, "ip_range": TS_IP,
                 "bet": "100%,a", "raise": "50%,a",
                 "turn": {"oop": {"donk": "100%,a"}, "ip": {"bet": "100%", "raise": "50%"}},
                 "river": {"oop": {"donk": "100%,a"}}},
    },
}
SOLVERS = ("pokerlab", "texassolver", "postflop-solver")
CHECK_EVERY = 10


class Failed(RuntimeError):
    """A solver process failed; the message is one line."""


def spot_of(name: str, quick: bool) -> Spot:
    d = dict(SPOTS[name]["spot"])
    if quick:
        d["oop_range"], d["ip_range"] = QUICK_RANGES
    return Spot.from_dict(d)


TIME = "/usr/bin/time"
"""GNU time: peak resident memory and CPU seconds of one process. (``os.wait4`` would count the
forked Python's pages before the exec.)"""


def run_measured(argv: list[str], *, cwd: Path, env: dict[str, str] | None = None
                 ) -> tuple[str, dict[str, float]]:
    """Run ``argv``; its stdout and ``wall_s``, ``cpu_s`` (user + system), ``peak_rss_bytes``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([TIME, "-f", "TIME %M %U %S", *argv], stdout=out, stderr=err,
                                cwd=cwd, env=env)
        try:
            proc.wait()
        except KeyboardInterrupt:
            proc.kill()
            proc.wait()
            raise
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        text = out.read().decode(errors="replace")
        lines = err.read().decode(errors="replace").strip().splitlines() or ["no message"]
        if proc.returncode != 0:
            tail = [x for x in lines if not x.startswith(("TIME ", "Command exited"))] or lines
            raise Failed(f"{Path(argv[0]).name} exited with {proc.returncode}: {tail[-1]}")
    kib, user, system = lines[-1].split()[1:]
    return text, {"wall_s": wall, "cpu_s": float(user) + float(system),
                  "peak_rss_bytes": int(kib) * 1024}


# ---------------------------------------------------------------------------- postflop-solver
def _pfs_sizes(sizes: tuple[Size, ...], where: str) -> str:
    out = []
    for s in sizes:
        if s.kind == "pct":
            out.append(f"{s.value:g}%")
        elif s.kind == "allin":
            out.append("a")
        elif s.kind == "chips":
            out.append(f"{s.value:g}c")
        elif s.kind == "geo":
            out.append("e" if s.value == 0 else f"{s.value:g}e")
        else:  # pragma: no cover - spec.py knows no other kind
            raise ValueError(f"{where}: size {s}")
    return ",".join(out)


def pfs_config(spot: Spot, target_pct: float, max_iterations: int) -> str:
    """The ``pfs-bench`` spot file for ``spot`` (postflop-solver's size syntax)."""
    if spot.raise_cap is not None and spot.raise_cap < 3:
        raise ValueError("postflop-solver has no raise cap")
    if spot.allin_threshold < 1:
        raise ValueError("postflop-solver has no all-in threshold of TexasSolver's kind")
    lines = [
        "board=" + " ".join(format_card(c) for c in spot.board),
        f"pot={spot.pot:g}", f"stack={spot.stack:g}",
        f"oop_range={_pfs_range(spot, 0)}", f"ip_range={_pfs_range(spot, 1)}",
    ]
    for street in STREETS:
        for p, pname in enumerate(("oop", "ip")):
            ss = spot.sizes(street, p)
            lines.append(f"{street}_{pname}_bet={_pfs_sizes(ss.bet, street)}")
            lines.append(f"{street}_{pname}_raise={_pfs_sizes(ss.raise_, street)}")
        donk = spot.sizes(street, 0).donk
        if street != "flop" and donk is not None:
            lines.append(f"{street}_donk={_pfs_sizes(donk, street)}")
    if spot.rake_pct > 0:
        # postflop-solver: rake_rate is a fraction and a cap of 0 means no rake at all.
        cap = spot.rake_cap if spot.rake_cap > 0 else spot.pot + 2 * spot.stack
        lines += [f"rake_rate={spot.rake_pct / 100:g}", f"rake_cap={cap:g}"]
    lines += [f"add_allin_threshold={spot.add_allin_threshold:g}",
              f"force_allin_threshold={spot.force_allin_threshold:g}",
              f"target_pct={target_pct:g}", f"max_iter={max_iterations}",
              f"interval={CHECK_EVERY}", "show_depth=0"]
    return "\n".join(lines) + "\n"


def _pfs_range(spot: Spot, player: int) -> str:
    # TexasSolver's class-and-weight text is postflop-solver's syntax too.
    return texassolver_range(spot, player)


PFS_MEMORY = re.compile(r"memory_usage estimate: f32 ([\d.]+) MiB")
RESULT = re.compile(r"RESULT iterations=(\d+) solve_time_s=([\d.]+) exploitability_pct_pot=([\d.eE+-]+)"
                    r" ev_oop=([\d.eE+-]+) ev_ip=([\d.eE+-]+)")


def run_postflop_solver(binary: str, spot: Spot, target_pct: float, max_iterations: int,
                        threads: int, work: Path) -> dict[str, Any]:
    cfg = work / "spot.cfg"
    cfg.write_text(pfs_config(spot, target_pct, max_iterations))
    env = {**os.environ, "RAYON_NUM_THREADS": str(threads)}
    text, measured = run_measured([binary, str(cfg)], cwd=work, env=env)
    m = RESULT.search(text)
    if not m:
        raise Failed("postflop-solver printed no RESULT line")
    expl = float(m.group(3))
    ev_oop, ev_ip = float(m.group(4)), float(m.group(5))
    arrays = PFS_MEMORY.search(text)
    return {"seconds": float(m.group(2)), "iterations": int(m.group(1)),
            "exploitability_pct_pot": expl, "reached": expl <= target_pct,
            "ev_oop": ev_oop, "ev_ip": ev_ip, **measured,
            **({"memory_bytes": round(float(arrays.group(1)) * 2**20)} if arrays else {})}


# ---------------------------------------------------------------------------- TexasSolver
TS_ITER = re.compile(r"Iter: (\d+)\nplayer 0 exploitability ([-\d.eE+]+)\n"
                     r"player 1 exploitability ([-\d.eE+]+)\nTotal exploitability ([-\d.eE+]+) precent"
                     r"(?:\ntime used: ([\d.]+))?")


def run_texassolver(binary: str, resources: str, spot: Spot, target_pct: float,
                    max_iterations: int, threads: int, work: Path) -> dict[str, Any]:
    inp = work / "input.txt"
    inp.write_text(write_texassolver(spot, accuracy_pct=target_pct, max_iterations=max_iterations,
                                     threads=threads, print_interval=CHECK_EVERY))
    # TexasSolver writes its log (tmp_log.txt) into the working folder: a scratch one.
    text, measured = run_measured([binary, "-i", str(inp), "-r", resources], cwd=work)
    checks = TS_ITER.findall(text)
    if not checks or not checks[-1][4]:
        raise Failed("TexasSolver printed no exploitability after an iteration")
    it, br_ip, br_oop, expl, used = checks[-1]
    # Best-response values in chips net of each player's half of the pot (player 0 is IP):
    # the game value for OOP lies in [-br_ip, br_oop].
    lo, hi = -float(br_ip), float(br_oop)
    half = spot.pot / 2
    return {"seconds": float(used), "iterations": int(it),
            "exploitability_pct_pot": float(expl), "reached": float(expl) <= target_pct,
            "ev_oop": half + (lo + hi) / 2, "ev_ip": half - (lo + hi) / 2,
            "ev_oop_interval": [half + lo, half + hi], **measured}


# ---------------------------------------------------------------------------- pokerlab
def spot_toml(spot: Spot) -> str:
    """The spot as pokerlab's TOML (:meth:`Spot.to_dict` written out)."""
    def value(v: Any) -> str:
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return repr(v)

    d = spot.to_dict()
    lines = [f"{k} = {value(v)}" for k, v in d.items() if not isinstance(v, dict)]
    for street in STREETS:
        for pname, table in d[street].items():
            lines.append(f"[{street}.{pname}]")
            lines += [f"{k} = {value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


_COMPILED: list[bool] = []


def compile_kernels() -> None:
    """Compile pokerlab's kernels into numba's cache in a process of their own, unmeasured, once:
    the measured process then loads them, as the peers are measured as built binaries. (A
    process that compiles them holds more at its peak, 80 MiB more on the flop, and takes
    longer: the kernels' sources change while pokerlab is worked on.) A failure here shows in
    the measured run."""
    if not _COMPILED:
        code = "from pokerlab.spot.solution import warm_kernels; warm_kernels()"
        subprocess.run([sys.executable, "-c", code], check=False, capture_output=True)
        _COMPILED.append(True)


def run_pokerlab(spot: Spot, target_pct: float, max_iterations: int, threads: int,
                 work: Path) -> dict[str, Any]:
    """pokerlab's :func:`~pokerlab.spot.solution.solve` in a process of its own (this script)."""
    compile_kernels()
    path = work / "spot.toml"
    path.write_text(spot_toml(spot))
    argv = [sys.executable, str(Path(__file__).resolve()), "--solve-one", str(path),
            "--target", f"{target_pct:g}", "--max-iterations", str(max_iterations),
            "--threads", str(threads)]
    text, measured = run_measured(argv, cwd=work)
    out = json.loads(text)
    expl = float(out["exploitability_pct_pot"])
    return {"seconds": float(out["seconds"]), "iterations": int(out["iterations"]),
            "exploitability_pct_pot": expl, "reached": expl <= target_pct,
            "ev_oop": float(out["ev"][0]), "ev_ip": float(out["ev"][1]),
            "memory_bytes": int(out["memory_bytes"]), "nodes": out.get("nodes"), **measured}


def solve_one(path: str, target_pct: float, max_iterations: int, threads: int) -> None:
    """The child process of :func:`run_pokerlab`: solve and print the summary as JSON."""
    from pokerlab.spot.solution import solve

    sol = solve(Spot.from_toml(path), target_pct=target_pct, max_iterations=max_iterations,
                threads=threads, check_every=CHECK_EVERY)
    print(json.dumps(sol.summary()))


# ---------------------------------------------------------------------------- comparison
def compare(spot: Spot, ours: dict[str, Any], peer: dict[str, Any]) -> dict[str, Any]:
    """Agreement of the game values and pokerlab/peer ratios of one spot."""
    diff = abs(ours["ev_oop"] - peer["ev_oop"])
    bound = 2 * (ours["exploitability_pct_pot"] + peer["exploitability_pct_pot"]) * spot.pot / 100
    return {
        "ev_diff_pct_pot": 100 * diff / spot.pot,
        "agree": diff <= bound,
        "ratio_time": ours["seconds"] / peer["seconds"] if peer["seconds"] > 0 else None,
        "ratio_iterations": ours["iterations"] / peer["iterations"] if peer["iterations"] else None,
        "ratio_memory": ours["peak_rss_bytes"] / peer["peak_rss_bytes"],
        "ratio_arrays": ours["memory_bytes"] / peer["memory_bytes"]
        if ours.get("memory_bytes") and peer.get("memory_bytes") else None,
        "ratio_cpu": ours["cpu_s"] / peer["cpu_s"] if peer["cpu_s"] > 0 else None,
    }


def bench_spot(name: str, args: argparse.Namespace) -> dict[str, Any]:
    cfg = SPOTS[name]
    spot = spot_of(name, args.quick)
    target, cap = cfg["target_pct"], cfg["max_iterations"]
    row: dict[str, Any] = {"board": " ".join(format_card(c) for c in spot.board),
                           "pot": spot.pot, "stack": spot.stack, "target_pct_pot": target,
                           "combos": [int((w > 0).sum()) for w in spot.ranges]}
    runs: dict[str, Any] = {}
    for solver in args.solvers:
        with tempfile.TemporaryDirectory(prefix=f"spot-{solver}-") as tmp:
            work = Path(tmp)
            try:
                if solver == "pokerlab":
                    runs[solver] = run_pokerlab(spot, target, cap, args.threads, work)
                elif solver == "texassolver" and args.texassolver:
                    runs[solver] = run_texassolver(args.texassolver, args.texassolver_resources,
                                                   spot, target, cap, args.threads, work)
                elif solver == "postflop-solver" and args.postflop_solver:
                    runs[solver] = run_postflop_solver(args.postflop_solver, spot, target, cap,
                                                       args.threads, work)
            except Failed as exc:
                runs[solver] = {"error": str(exc)}
    row.update(runs)
    ours = runs.get("pokerlab")
    good = {k: v for k, v in runs.items() if "error" not in v}
    for peer in ("texassolver", "postflop-solver"):
        if ours and "error" not in ours and peer in good:
            row[f"vs_{peer}"] = compare(spot, ours, good[peer])
    if "texassolver" in good and "postflop-solver" in good:
        a, b = good["texassolver"], good["postflop-solver"]
        row["peers_agree"] = compare(spot, a, b)["agree"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="river and turn, narrow ranges")
    parser.add_argument("--spots", default="", help="comma list of river, turn, flop")
    parser.add_argument("--solvers", default=",".join(SOLVERS), help="comma list of solvers")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--texassolver", default=os.environ.get("TEXASSOLVER", ""),
                        help="TexasSolver's console_solver")
    parser.add_argument("--texassolver-resources", default=os.environ.get("TEXASSOLVER_RESOURCES", ""),
                        help="its resources folder (with compairer/card5_dic_sorted.txt)")
    parser.add_argument("--postflop-solver", default=os.environ.get("POSTFLOP_SOLVER", ""),
                        help="the pfs-bench driver over postflop-solver")
    parser.add_argument("--solve-one", default="", help=argparse.SUPPRESS)
    parser.add_argument("--target", type=float, default=0.1, help=argparse.SUPPRESS)
    parser.add_argument("--max-iterations", type=int, default=1000, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_one:
        solve_one(args.solve_one, args.target, args.max_iterations, args.threads)
        return
    spots = [s for s in args.spots.split(",") if s] or (["river", "turn"] if args.quick
                                                          else list(SPOTS))
    args.solvers = [s for s in args.solvers.split(",") if s]
    for s in spots:
        if s not in SPOTS:
            parser.error(f"--spots: unknown spot {s!r} (river, turn, flop)")
    for s in args.solvers:
        if s not in SOLVERS:
            parser.error(f"--solvers: unknown solver {s!r} ({', '.join(SOLVERS)})")
    if args.texassolver and not args.texassolver_resources:
        args.texassolver_resources = str(Path(args.texassolver).resolve().parent.parent / "resources")
    for opt, path in (("--texassolver", args.texassolver), ("--postflop-solver", args.postflop_solver)):
        if path and not os.access(path, os.X_OK):
            parser.error(f"{opt}: {path!r} is not an executable file")
    if not os.access(TIME, os.X_OK):
        parser.error(f"{TIME} (GNU time) is missing: apt-get install time")
    if args.texassolver and not Path(args.texassolver_resources, "compairer").is_dir():
        parser.error(f"--texassolver-resources: {args.texassolver_resources!r} has no compairer folder")
    result: dict[str, Any] = {
        "benchmark": "spot",
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "threads": args.threads, "load_average": os.getloadavg()},
        "quick": args.quick,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    try:
        for name in spots:
            result[name] = bench_spot(name, args)
            if not args.json:
                print_row(name, result[name])
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    if args.json:
        print(json.dumps(result, indent=2))


def print_row(name: str, row: dict[str, Any]) -> None:
    print(f"{name}: {row['board']}, pot {row['pot']:g}, stack {row['stack']:g}, "
          f"target {row['target_pct_pot']:g}% of the pot, combos {row['combos']}")
    for solver in SOLVERS:
        r = row.get(solver)
        if r is None:
            continue
        if "error" in r:
            print(f"  {solver:16s} {r['error']}")
            continue
        print(f"  {solver:16s} {r['seconds']:9.3f} s {r['iterations']:5d} it "
              f"expl {r['exploitability_pct_pot']:.4f}%  EV {r['ev_oop']:.4f}/{r['ev_ip']:.4f}  "
              f"{r['peak_rss_bytes'] / 2**20:8.1f} MiB")
    for peer in ("texassolver", "postflop-solver"):
        c = row.get(f"vs_{peer}")
        if c:
            arrays = f", arrays x{c['ratio_arrays']:.2f}" if c.get("ratio_arrays") else ""
            print(f"  pokerlab/{peer}: time x{c['ratio_time']:.2f}, memory x{c['ratio_memory']:.2f}"
                  f"{arrays}, EV diff {c['ev_diff_pct_pot']:.4f}% of the pot, agree {c['agree']}")


if __name__ == "__main__":
    main()
