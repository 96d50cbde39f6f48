"""``make demo``: the main job end to end, as a person would type it.

Each step is a ``pokerlab`` command line run in this process (so compiled kernels load once),
printed with a heading so the output reads as a tour of the package.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from pokerlab.cli.errors import run as run_command_line
from pokerlab.cli.main import app

OUT = Path("out")

# (what it shows, the command line)
STEPS: list[tuple[str, str]] = [
    ("Evaluate and describe hands (issue 2)", "hand 'Ah Ad Ac 3s 3h 9d 2c'"),
    ("", "hand 'A♦-Q♣/3♥-4♣-J♥' --json"),
    ("Every 7-card hand, by category", "enumerate 7"),
    (
        "Dividing-point strategies, exact and certified (issue 3): game 1, P symbolic",
        "solve patent-no-raise",
    ),
    ("", "solve patent-raise --pot 3 --strength 0.83 --cards five-card-draw"),
    ("", "solve patent-check-raise --pot 3 --discover-order --plot out/game3.png"),
    (
        "Three players in the unit cube (issue 14): game 1 for three, its order found by CFR+, "
        "solved exactly and certified",
        "solve patent-no-raise-3p --pot 3 --discover-order --plot out/game1-3p.png",
    ),
    (
        "",
        "equilibrium patent-raise-3p --pot 3 --levels 20 --iterations 2000 --continuous --refine 2 "
        "--hands-plot out/game2-3p-hands.png",
    ),
    (
        "Classic solved models, each checked by an independent engine (issue 5)",
        "model von-neumann -p B=2",
    ),
    ("", "model two-round -p B=2 -p R=2 --plot out/two-round-limit.png"),
    ("", "model endgame-n-round -p a=10 -p P=1/4 -p stacks=260,330 -p n=3"),
    (
        "Hand strength and potential: the papers' A♦Q♣ on 3♥4♣J♥ (issue 6)",
        "strength AdQc 3h4cJh --opponents 5",
    ),
    ("Exact pre-flop equity", "equity AcAd KhKs"),
    ("", "equity AhKh 'QQ+, AKs' random --board Qh7h2c --samples 200000 --seed 1"),
    (
        "Equity by deal and board classes (issue 16): ranges exactly, Monte Carlo to a target, "
        "a hand against every holding",
        "equity '22+, A2s+, KTo+' 'QQ+, AK'",
    ),
    ("", "equity '22+, A2s+, KTo+' 'QQ+, AK' --stderr 0.001 --seed 1"),
    ("", "equity AhKh 'QQ+, AK, JTs' --board Qh7h2c --grid --plot out/equity-grid.png"),
    ("Waterloo pre-flop table, as shipped", "preflop table waterloo-expert-2p --plot out/waterloo-2p.png"),
    (
        "Equilibria of discrete games, certified (issue 4)",
        "equilibrium kuhn --algorithm lp",
    ),
    ("", "equilibrium leduc --algorithm cfr+ --iterations 1000 --plot out/leduc.png"),
    ("", "equilibrium patent-no-raise-pot-limit --levels 200 --algorithm lp"),
    (
        "Three players (issue 14): Kuhn poker for three, CFR+ placed in the published family of "
        "equilibria (Szafron, Gibson and Sturtevant 2013)",
        "equilibrium kuhn3",
    ),
    (
        "The patent's own game, five-card draw (issue 13): FIG. 2 and 3 replayed by the engine",
        "draw example",
    ),
    (
        "The draw-threshold bot (issue 13): the patent's solution after the draw, against the "
        "textbook rules and the raiser, heads-up and three-handed, duplicate",
        "draw matches --hands 1200 --opponent draw-rules --opponent raiser --seed 1 --no-progress",
    ),
    (
        "",
        "draw exactness --buckets 100 --iterations 1000",
    ),
    (
        "Matches between bots, duplicate deals, SQLite storage (issue 7)",
        "match raiser random calling-station --hands 3000 --duplicate --seed 4 "
        "--db out/demo-match.sqlite --plot out/bankroll.png",
    ),
    (
        "The seeds' bots (issue 8): the patent's river thresholds against Loki A, heads-up limit",
        "experiment threshold-vs-loki --hands 1000 --seed 1",
    ),
    (
        "Loki per Papp's thesis (issue 15): the income-rate table IR4 it reads for 3-4 players",
        "preflop table loki-ir4",
    ),
    (
        "The Alberta tournament of the thesis-level Loki versions, seated by Papp's Table 8.1 "
        "(a short run; the orderings need ~100,000 hands)",
        "experiment loki-variants --hands 1000 --seed 1 --plot out/loki.png",
    ),
    (
        "Waterloo freezeouts: Phase III's showdown model against Phase II "
        "(a short run; 600 trials separate them)",
        "experiment waterloo-phases --trials 40 --comparison trust --seed 1 --plot out/freezeout.png",
    ),
    (
        "Beyond one machine: the same duplicate match on a Ray cluster the demo starts here, "
        "2 CPUs (issue 17): the same hands, so the same table; then Monte Carlo equity to a "
        "target there, the same showdowns as above",
        "match raiser random calling-station --hands 3000 --duplicate --seed 4 "
        "--db out/demo-ray.sqlite --cluster {ray}",
    ),
    ("", "equity '22+, A2s+, KTo+' 'QQ+, AK' --stderr 0.001 --seed 1 --cluster {ray}"),
    (
        "The ACPC protocol: our dealer and two bots over TCP, checked against in-process (issue 9)",
        "acpc deal --game limit --hands 300 --seed 1 --bot raiser --bot calling-station --compare",
    ),
    ("", "acpc deal --game kuhn3 --hands 300 --seed 1 --bot equilibrium --bot equilibrium --bot equilibrium"),
    (
        "The web page (issue 18): `pokerlab serve` on a free port, every page used through its HTTP "
        "API, then stopped (`pokerlab serve --port 8000` keeps it running)",
        "serve --port 0 --check --db out/demo-web.sqlite",
    ),
]


def run(command: str, console: Console) -> tuple[int, float]:
    """Run one ``pokerlab`` command line in-process; return its exit status and wall-clock seconds."""
    console.print(f"[bold cyan]$ pokerlab {command}[/]", highlight=False)
    start = time.perf_counter()
    status = run_command_line(app, shlex.split(command))
    return status, time.perf_counter() - start


def local_ray_cluster() -> str:
    """Start a small Ray instance in this process (2 CPUs, no dashboard); its address."""
    import logging
    import os

    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024 * 1024,
                 log_to_driver=False, logging_level=logging.ERROR)
    return ray.get_runtime_context().gcs_address


def main(steps: list[tuple[str, str]] | None = None) -> int:
    """Run every demo step; stop at the first failure and return its exit status."""
    console = Console()
    OUT.mkdir(exist_ok=True)
    # Fresh match databases each time, so the demo plays its hands rather than finding them stored.
    for name in ("demo-match.sqlite", "demo-web.sqlite", "demo-ray.sqlite"):
        (OUT / name).unlink(missing_ok=True)
    total = 0.0
    for title, command in STEPS if steps is None else steps:
        if title:
            console.print(Rule(title))
        if "{ray}" in command:
            command = command.format(ray=local_ray_cluster())
        status, seconds = run(command, console)
        total += seconds
        if status != 0:
            console.print(f"[bold red]demo failed[/] (exit status {status}) at: pokerlab {command}",
                          highlight=False)
            return status
    console.print(Rule(f"demo finished in {total:.1f} s; pictures are in {OUT}/"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
