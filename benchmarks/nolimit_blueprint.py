"""The heads-up no-limit blueprint: training speed beside OpenSpiel, and its LBR curve.

``speed`` (the default): iterations/s of pokerlab's external-sampling MCCFR (one iteration = one
traversal per player, deals drawn and bucketed included; kernels loaded before the clock) on

- ``default``: the shipped blueprint's game: the default betting abstraction
  (``nolimit/data/default.toml``, ACPC's 50/100 blinds, 200 big blinds) and the default card
  abstraction (169 classes, 50 E[HS^2] buckets a street): what ``pokerlab nolimit train`` runs;
- ``fcpa``: the betting of OpenSpiel's ``universal_poker`` ``fcpa`` abstraction (fold, call, a
  pot-sized raise, all-in at every decision) on the same card abstraction;

and of OpenSpiel's C++ ``pyspiel.ExternalSamplingMCCFRSolver`` on ``universal_poker`` with the
same game and ``bettingAbstraction=fcpa`` (its cards are not abstracted: it stores a table per
information set it meets, so each of its iterations also grows its tables). ``ratio`` = ours on
``fcpa`` over OpenSpiel's, same run. Memory: our regret and average tables (bytes).

``lbr-curve --run DIR``: the LBR figure of a training run's snapshots (``DIR/<iterations>/``
holding the run's ``mccfr.npz`` and ``run.json`` at that checkpoint): each snapshot's average
strategy is written as a blueprint file and measured by no-limit LBR (``--hands``, seed 0, the
same deals for every snapshot), with the run's training seconds and abstract exploitability.

Usage: ``python benchmarks/nolimit_blueprint.py [speed|lbr-curve] [--json] ...``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab.abstraction import AbstractionSettings, card_abstraction
from pokerlab.engine.hand import Hand
from pokerlab.equilibrium.betting_tree import BettingTree
from pokerlab.equilibrium.mccfr import MCCFRConfig, MCCFRTrainer
from pokerlab.hulhe.deals import HulheDeals
from pokerlab.nolimit.betting import BettingAbstraction

OPENSPIEL_GAME = ("universal_poker(betting=nolimit,numPlayers=2,numRounds=4,blind=100 50,"
                  "firstPlayer=2 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
                  "stack=20000 20000,bettingAbstraction=fcpa)")


def fcpa_menu(hand: Hand) -> list[int]:
    """OpenSpiel's fcpa raises: a pot-sized raise and all-in (the pot raise when legal)."""
    legal = hand.legal()
    if not legal.can_raise:
        return []
    pot_raise = hand.max_bet + hand.pot + legal.to_call
    out = {legal.max_raise_to}
    if legal.min_raise_to <= pot_raise < legal.max_raise_to:
        out.add(pot_raise)
    return sorted(out)


def ours(tree: BettingTree, deals: HulheDeals, seconds: float) -> dict[str, Any]:
    trainer = MCCFRTrainer(tree, deals, seed=1, config=MCCFRConfig(algorithm="cfr+", averaging="linear"))
    trainer.step(10)  # loads the compiled kernels
    done = trainer.iterations
    start = time.perf_counter()
    trainer.run(seconds=seconds)
    took = time.perf_counter() - start
    return {"nodes": tree.num_nodes, "decisions": tree.num_decisions, "rows": tree.num_rows,
            "columns": int(tree.child.shape[1]),
            "table_bytes": int(trainer.regrets.nbytes + trainer.avg.nbytes),
            "iterations": trainer.iterations - done, "seconds": took,
            "iterations_per_second": (trainer.iterations - done) / took}


def openspiel(seconds: float) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    solver = pyspiel.ExternalSamplingMCCFRSolver(game, 1, pyspiel.MCCFRAverageType.SIMPLE)
    solver.run_iteration()
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            solver.run_iteration()
        n += 100
    took = time.perf_counter() - start
    return {"game": OPENSPIEL_GAME, "iterations": n, "seconds": took, "iterations_per_second": n / took}


def speed(seconds: float) -> dict[str, Any]:
    settings = AbstractionSettings()
    deals = HulheDeals(card_abstraction(settings))
    spec = BettingAbstraction.default()
    default_tree = BettingTree.from_settings(spec.game(), deals.bucket_counts, menu=spec.menu)
    fcpa_tree = BettingTree.from_settings(spec.game(), deals.bucket_counts, menu=fcpa_menu)
    report: dict[str, Any] = {"benchmark": "nolimit_blueprint", "abstraction": settings.key(),
                              "seconds_each": seconds}
    report["default"] = ours(default_tree, deals, seconds)
    report["fcpa"] = ours(fcpa_tree, deals, seconds)
    report["openspiel_fcpa"] = openspiel(seconds)
    report["ratio"] = (report["fcpa"]["iterations_per_second"]
                       / report["openspiel_fcpa"]["iterations_per_second"])
    return report


def lbr_curve(run: Path, hands: int, workers: int) -> dict[str, Any]:
    from pokerlab.arena.lbr import LBRConfig, run_lbr
    from pokerlab.hulhe.training import Training, save_run_strategy

    abstraction = None
    points = []
    folders = sorted((p for p in run.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))
    for folder in folders:
        if abstraction is None:
            from pokerlab.hulhe.training import RUN_FILE, TrainingConfig

            config = TrainingConfig.from_dict(json.loads((folder / RUN_FILE).read_text())["config"])
            abstraction = card_abstraction(config.abstraction)
        training = Training(None, abstraction, folder, resume=True)  # type: ignore[arg-type]
        curve = training.curve[-1]
        with tempfile.TemporaryDirectory() as tmp:
            path = save_run_strategy(training, Path(tmp) / "blueprint.npz")
            result = run_lbr(LBRConfig(f"nlhe-blueprint:{path}", hands=hands, seed=0, game="no-limit"),
                             workers=workers)
        points.append({"iterations": int(curve[0]), "training_seconds": curve[1],
                       "abstract_exploitability_mbb": curve[2], "lbr_mbb_per_game": result.mbb_per_game,
                       "lbr_ci95": list(result.ci95), "lbr_seconds": result.seconds})
    return {"benchmark": "nolimit_blueprint_lbr_curve", "run": str(run), "hands": hands, "curve": points}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", default="speed", choices=("speed", "lbr-curve"))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=20.0, help="training seconds per line")
    parser.add_argument("--run", type=Path, help="lbr-curve: the folder of a run's snapshots")
    parser.add_argument("--hands", type=int, default=2000, help="lbr-curve: LBR hands per snapshot")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    if args.what == "lbr-curve":
        if args.run is None:
            parser.error("lbr-curve needs --run")
        report = lbr_curve(args.run, args.hands, args.workers)
        if args.json:
            print(json.dumps(report, indent=2))
            return
        for p in report["curve"]:
            low, high = p["lbr_ci95"]
            print(f"{p['iterations']:>12,} it {p['training_seconds']:>7.0f} s  abstract "
                  f"{p['abstract_exploitability_mbb']:7.1f}  LBR {p['lbr_mbb_per_game']:+8.0f} "
                  f"[{low:+.0f}, {high:+.0f}] mbb/g")
        return
    report = speed(args.seconds)
    if args.json:
        print(json.dumps(report, indent=2, default=lambda x: x.item() if isinstance(x, np.generic) else x))
        return
    for key in ("default", "fcpa"):
        r = report[key]
        print(f"ours, {key} betting: {r['nodes']:,} nodes, {r['rows']:,} rows, "
              f"{r['iterations_per_second']:,.0f} it/s, tables {r['table_bytes'] / 2**20:.0f} MiB")
    print(f"OpenSpiel ES-MCCFR, universal_poker fcpa: "
          f"{report['openspiel_fcpa']['iterations_per_second']:,.0f} it/s")
    print(f"ratio (ours fcpa / OpenSpiel): {report['ratio']:.1f}x")


if __name__ == "__main__":
    main()
