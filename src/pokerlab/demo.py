"""``make demo``: the main job end to end, as a person would type it.

Each :class:`Step` runs ``pokerlab`` command lines in this process (so compiled kernels load
once), under a heading and a sentence saying what they show, so the output reads as a tour of
the package for a newcomer. The last line says where the pictures are.
"""

from __future__ import annotations

import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from pokerlab.cli.errors import run as run_command_line
from pokerlab.cli.main import announce_first_compile, app

OUT = Path("out")


@dataclass(frozen=True)
class Step:
    """One stop of the tour: a heading, a sentence saying what it shows (optional), and the
    ``pokerlab`` command lines it runs (``{ray}`` stands for the address of the demo's Ray)."""

    title: str
    commands: tuple[str, ...]
    note: str = ""


# The tour, in order. To add a stop, add a Step: a heading of at most 60 characters (it is
# printed in a rule across an 80-column terminal), a note in plain words, the command lines.
STEPS: list[Step] = [
    Step("Hands: evaluate and describe them",
         ("hand 'Ah Ad Ac 3s 3h 9d 2c'", "hand 'A♦-Q♣/3♥-4♣-J♥' --json")),
    Step("Every 7-card hand, by category", ("enumerate 7",)),
    Step("Dividing points: the patent's games, solved exactly",
         ("solve patent-no-raise",
          "solve patent-raise --pot 3 --strength 0.83 --cards five-card-draw",
          "solve patent-check-raise --pot 3 --discover-order --plot out/game3.png"),
         "Game 1 with the pot P kept symbolic; game 2 played on five-card-draw hands; game 3 "
         "with the order of its dividing points found first. Each solution is certified."),
    Step("Three players: the patent's games in the unit cube",
         ("solve patent-no-raise-3p --pot 3 --discover-order --plot out/game1-3p.png",
          "equilibrium patent-raise-3p --pot 3 --levels 20 --iterations 2000 --continuous "
          "--refine 2 --hands-plot out/game2-3p-hands.png"),
         "Game 1 for three, its order found by CFR+, solved exactly and certified; then game 2 "
         "on 20 levels of hands, refined and checked on continuous hands."),
    Step("Classic solved models, each checked by another engine",
         ("model von-neumann -p B=2",
          "model two-round -p B=2 -p R=2 --plot out/two-round-limit.png",
          "model endgame-n-round -p a=10 -p P=1/4 -p stacks=260,330 -p n=3"),
         "Von Neumann's model, a two-round model and an n-round endgame (Ferguson and "
         "Ferguson), their closed forms compared with a discrete solver."),
    Step("Hand strength and potential: A♦Q♣ on 3♥4♣J♥",
         ("strength AdQc 3h4cJh --opponents 5",),
         "The example of the Waterloo and Alberta papers, against five opponents."),
    Step("Equity: exact, and by Monte Carlo",
         ("equity AcAd KhKs",
          "equity AhKh 'QQ+, AKs' random --board Qh7h2c --samples 200000 --seed 1")),
    Step("Equity of ranges, by deal and board classes",
         ("equity '22+, A2s+, KTo+' 'QQ+, AK'",
          "equity '22+, A2s+, KTo+' 'QQ+, AK' --stderr 0.001 --seed 1",
          "equity AhKh 'QQ+, AK, JTs' --board Qh7h2c --grid --plot out/equity-grid.png"),
         "Ranges exactly, then Monte Carlo to a target standard error, then one hand against "
         "every holding of a range."),
    Step("The Waterloo pre-flop table, as shipped",
         ("preflop table waterloo-expert-2p --plot out/waterloo-2p.png",)),
    Step("Equilibria of discrete games, certified",
         ("equilibrium kuhn --algorithm lp",
          "equilibrium leduc --algorithm cfr+ --iterations 1000 --plot out/leduc.png",
          "equilibrium patent-no-raise-pot-limit --levels 200 --algorithm lp"),
         "Kuhn poker by linear programming (value -1/18), Leduc by CFR+, and the patent's "
         "first game on 200 levels of hands."),
    Step("Three-player Kuhn poker and its family of equilibria",
         ("equilibrium kuhn3",),
         "CFR+ placed in the published family of equilibria (Szafron, Gibson and Sturtevant "
         "2013)."),
    Step("Hold'em spots: a river, range against range",
         ("spot solve --board 'Qs Jh 2h 8d 3c' --pot 100 --stack 200 "
          "--oop-range 'AA,KK,QQ,AQs,AJs,KQs,T9s,98s,A5s,A4s,33,22,K9s,QTs' "
          "--ip-range 'QQ-TT,AQ,KQ,QJs,JT,99-44' --bet 75% --raise 60% --raise-cap 1 "
          "--target 0.05 --rows 10 --no-progress --save out/river.npz",
          "spot show out/river.npz --line b75 --rows 8 --grid out/river-ip-grid.png",
          "spot threshold out/river.npz --min-segment 0.02 --square out/river-square.png"),
         "A river solved by discounted CFR to 0.05% of the pot, OOP's strategy by hand class; "
         "IP facing the bet, also as a 13x13 grid; then the patent's reading: each decision as "
         "dividing points on the strength axis, and what that reading concedes."),
    Step("Hold'em spots over many flops",
         ("spot batch examples/spot-batch.toml --flops 4 --max-iterations 100 --db out/batch.sqlite "
          "--no-progress --plot out/batch.png",),
         "One spot template solved on 4 flops of the weighted subset (each flop a task on the "
         "executors, stored in SQLite as it comes: --resume continues a killed batch): OOP's "
         "root bet frequency and EV by texture."),
    Step("Five-card draw, the patent's own game",
         ("draw example",),
         "The patent's FIG. 2 and 3 replayed by the rules engine."),
    Step("Five-card draw: the whole hand, solved on classes",
         ("draw whole-hand --plot out/draw-first-round.png",),
         "Heads-up draw as a discrete game on 12 hand classes (the draw a public number of "
         "cards), solved by the equilibrium engine; its first round read as the patent's "
         "dividing points, seat by seat."),
    Step("The draw-threshold bot",
         ("draw matches --hands 1200 --opponent draw-rules --opponent raiser --seed 1 --no-progress",
          "draw exactness --buckets 100 --iterations 1000"),
         "The patent's method for the whole hand (the first round and the draw from the class "
         "games, the final round from the patent's solution) against the textbook rules and the "
         "raiser, heads-up and three-handed, on duplicate deals; then how far its final round is "
         "from an equilibrium, beside CFR+."),
    Step("Matches between bots: duplicate deals, stored in SQLite",
         ("match raiser random calling-station --hands 3000 --duplicate --seed 4 "
          "--db out/demo-match.sqlite --plot out/bankroll.png",)),
    Step("The patent's river thresholds against Loki A",
         ("experiment threshold-vs-loki --hands 1000 --seed 1",),
         "Heads-up limit hold'em, the bots of the seed documents."),
    Step("Heads-up limit hold'em: MCCFR on a card abstraction",
         ("hulhe show",
          "match hulhe-cfr loki-a --hands 3000 --duplicate --seed 1 --db out/demo-hulhe.sqlite"),
         "The shipped strategy of hulhe-cfr (external-sampling MCCFR on 169 pre-flop classes and "
         "50 E[HS^2] buckets a round after): its training and its exploitability in the abstract "
         "game, as the file records them; then a short duplicate match against Loki A."),
    Step("Heads-up no-limit hold'em: a blueprint from the first card",
         ("nolimit show",
          "nolimit ranges --plot out/nolimit-open.png",
          "nolimit ranges --line r250",
          "match nlhe-blueprint nl-rules --game no-limit --stack 400 --hands 2000 --duplicate --seed 1 "
          "--db out/demo-nolimit.sqlite",
          "lbr nlhe-blueprint --compare nlhe-search:mixed=yes --game no-limit --hands 300 --seed 1",
          "match nlhe-search nlhe-blueprint --game no-limit --stack 400 --hands 400 --duplicate --seed 1 "
          "--db out/demo-search.sqlite",
          "counterfactual --db out/demo-search.sqlite --player nlhe-search --stand-in nlhe-blueprint",
          "match nlhe-search:streets=preflop+river nlhe-blueprint --game no-limit --stack 400 --hands 400 "
          "--duplicate --seed 1 --db out/demo-search-preflop.sqlite",
          "match nlhe-search:streets=flop+river nlhe-blueprint --game no-limit --stack 400 --hands 40 "
          "--duplicate --seed 1 --db out/demo-search-flop.sqlite",
          "match nlhe-search:threshold=0.1,model=purified,gadget=none,exploit=0.5 nlhe-blueprint "
          "--game no-limit --stack 400 --hands 400 --duplicate --seed 1 --db out/demo-exploit.sqlite"),
         "The shipped blueprint (MCCFR on the ACPC game's tree in a betting abstraction: 2.5 big "
         "blind opens, 3-bets, pot fractions after the flop, all-in): the button's opening ranges "
         "and the big blind's answer as 13x13 grids; a duplicate match against the textbook rule "
         "bot at 200 big blinds; no-limit local best response against it and, on the same deals, "
         "against the mixed blueprint searching the river (the difference paired by deal); the bot "
         "that searches the river at the table (safe re-solving with the spot solver) against the "
         "blueprint, and what its river play changed, each hand replayed with the blueprint in its "
         "place; the same bot re-solving its pre-flop decisions too, with the blueprint's "
         "continuation values at the flop (a setting: LBR does not measure it better); the bot "
         "searching the flop too, depth-limited (the subgame ends at the turn, its leaves the "
         "blueprint's continuation values; a few hands, about a second each); and the "
         "searching bot that exploits a model of its opponent on the river (a data-biased "
         "response, the model the opponent's real play) against the same blueprint."),
    Step("Push/fold: dividing points at a tournament's end",
         ("pushfold solve --stacks 10,10 --plot out/pushfold-10bb.png",
          "pushfold solve --stacks 12,8,20 --ante 0.1 --payouts 50,30,20 --line BTN",
          "pushfold chart --max-stack 20 --workers 2 --plot out/pushfold-chart.png"),
         "Heads-up at 10 big blinds solved exactly (certified), read as one dividing point per "
         "decision; a three-handed bubble by the ICM (the first run builds the three-way table); "
         "the heads-up chart to 20 big blinds, as the published Nash charts print it."),
    Step("Loki per Papp's thesis: the income-rate table IR4",
         ("preflop table loki-ir4",),
         "The table Loki reads before the flop with 3 or 4 players."),
    Step("The Alberta tournament of the Loki versions",
         ("experiment loki-variants --hands 1000 --seed 1 --plot out/loki.png",),
         "Ten seats, seated by Papp's Table 8.1. A short run: 1,000 hands cannot tell the "
         "versions apart; the paper's orderings need about 100,000."),
    Step("Loki-2: probability triples and simulation",
         ("match loki2-sim loki-a --hands 200 --duplicate --seed 1 --db out/demo-loki2.sqlite",
          "opponents evaluate --db out/demo-loki2.sqlite"),
         "Peña's Loki-2 (500 simulated trials a decision) against Loki A; then how well Loki's "
         "frequencies, Davidson's network and a decision tree predict each player's next "
         "action on the held-out hands (200 hands: wide intervals)."),
    Step("Waterloo freezeouts: Phase III against Phase II",
         ("experiment waterloo-phases --trials 40 --comparison trust --seed 1 --plot out/freezeout.png",),
         "Phase III's showdown model against Phase II. A short run: about 600 trials separate "
         "them."),
    Step("Beyond one machine: a Ray cluster",
         ("match raiser random calling-station --hands 3000 --duplicate --seed 4 "
          "--db out/demo-ray.sqlite --cluster {ray}",
          "equity '22+, A2s+, KTo+' 'QQ+, AK' --stderr 0.001 --seed 1 --cluster {ray}"),
         "The same duplicate match on a 2-CPU Ray instance the demo starts here: the same hands, "
         "so the same table. Then Monte Carlo equity to a target there: the same showdowns."),
    Step("The ACPC protocol: our dealer and bots over TCP",
         ("acpc deal --game limit --hands 300 --seed 1 --bot raiser --bot calling-station --compare",
          "acpc deal --game kuhn3 --hands 300 --seed 1 --bot equilibrium --bot equilibrium "
          "--bot equilibrium"),
         "The computer poker competition's protocol, checked against the same match played "
         "in-process."),
    Step("The web application",
         ("serve --port 0 --check --db out/demo-web.sqlite",),
         "`pokerlab serve` on a free port, every page used through its HTTP API, then stopped "
         "(`pokerlab serve --port 8000` keeps it running)."),
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
        # address="local": a new instance even when `ray start --head` runs a cluster here
        ray.init(address="local", num_cpus=2, include_dashboard=False,
                 object_store_memory=100 * 1024 * 1024, log_to_driver=False, logging_level=logging.ERROR)
    return ray.get_runtime_context().gcs_address


def stop_ray() -> None:
    """Stop the demo's Ray instance, if it started one (quietly, before the last lines)."""
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        ray.shutdown()


def main(steps: list[Step] | None = None) -> int:
    """Run every demo step; stop at the first failure and return its exit status."""
    console = Console()
    announce_first_compile()  # a fresh clone's demo compiles the kernels: say so once
    OUT.mkdir(exist_ok=True)
    # Fresh match databases each time, so the demo plays its hands rather than finding them stored.
    for name in ("demo-match.sqlite", "demo-web.sqlite", "demo-ray.sqlite", "batch.sqlite",
                 "demo-hulhe.sqlite", "demo-nolimit.sqlite"):
        (OUT / name).unlink(missing_ok=True)
    total = 0.0
    try:
        for step in STEPS if steps is None else steps:
            console.print(Rule(step.title))
            if step.note:
                console.print(step.note, style="dim", highlight=False)
            for command in step.commands:
                if "{ray}" in command:
                    command = command.format(ray=local_ray_cluster())
                status, seconds = run(command, console)
                total += seconds
                if status != 0:
                    console.print(f"[bold red]demo failed[/] (exit status {status}) at: pokerlab {command}",
                                  highlight=False)
                    return status
    finally:
        stop_ray()
    pictures = sorted(p.name for p in OUT.iterdir() if p.suffix in (".png", ".svg"))
    console.print(Rule(f"demo finished in {total:.0f} s"))
    # The last line: where to look (printed whole, never wrapped, so a path can be copied).
    print(f"The {len(pictures)} pictures are in {OUT.resolve()}/" if pictures
          else "The demo wrote no pictures this time.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
