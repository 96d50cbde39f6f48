"""``pokerlab hulhe``: train a heads-up limit hold'em strategy by MCCFR on a card abstraction
(``train``), and read a strategy file (``show``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pokerlab.cli.cluster import cluster_option, progress_label
from pokerlab.cli.common import (
    Interrupted,
    console,
    output_dir,
    output_file,
    print_json,
    progress,
    table,
    user_errors,
)

# The training options ``pokerlab hulhe train`` and ``pokerlab nolimit train`` share, declared once.
ITERATIONS = typer.Option(None, "--iterations", min=1,
                          help="Iterations to train (per run; more on --resume).")
SECONDS = typer.Option(None, "--seconds", min=0.001, help="Train this long.")
RESUME = typer.Option(False, "--resume", help="Continue the run in --checkpoint-dir.")
WORKERS = typer.Option(1, "--workers", min=1, help="Independent sampled runs, averaged (local processes).")
FLOP = typer.Option(50, "--flop", help="Flop buckets.")
TURN = typer.Option(50, "--turn", help="Turn buckets.")
RIVER = typer.Option(50, "--river", help="River buckets.")
KIND = typer.Option("ehs2", "--kind", help="ehs2 or potential (flop and turn).")
ALGORITHM = typer.Option("cfr+", "--algorithm", help="cfr, cfr+ or dcfr.")
SEED = typer.Option(0, "--seed", min=0, help="Seed of the training runs.")
EVAL_DEALS = typer.Option(100_000, "--eval-deals", min=1,
                          help="Deals of the abstract game measured at checkpoints.")
EVAL_SEED = typer.Option(27, "--eval-seed", min=0, help="Seed of those deals.")
PLOT = typer.Option(None, "--plot", help="The exploitability curve (PNG or SVG).")
NO_PROGRESS = typer.Option(False, "--no-progress", help="No progress bar.")
AS_JSON = typer.Option(False, "--json", help="Print one JSON object.")


def checkpoint_dir_option(default: str) -> Any:
    """``--checkpoint-dir``, defaulting to ``default``."""
    return typer.Option(Path(default), "--checkpoint-dir", help="Folder of the run's checkpoints and curve.")


def checkpoint_every_option(default: int) -> Any:
    """``--checkpoint-every``, defaulting to ``default`` iterations."""
    return typer.Option(default, "--checkpoint-every", min=1,
                        help="Iterations (per run) between checkpoints.")


def _summary(meta: dict[str, Any], path: Path | None = None) -> dict[str, Any]:
    tree = meta["tree"]
    training = meta.get("training", {})
    betting = training.get("betting")
    out = {
        "game": meta.get("game", "limit"),
        "betting": None if betting is None else betting.get("name"),
        "abstraction": meta["abstraction"],
        "bucket_counts": tree["bucket_counts"],
        "rows": tree["rows"],
        "decision_nodes": tree["decisions"],
        "iterations": training.get("iterations"),
        "workers": training.get("workers"),
        "training_seconds": training.get("seconds"),
        "algorithm": training.get("mccfr", {}).get("algorithm"),
        "eval_deals": training.get("eval_deals"),
        "eval_seed": training.get("eval_seed"),
        "exploitability_mbb": meta["stored_exploitability"][0],
        "exploitability_perfect_recall_mbb": meta["stored_exploitability"][1],
        "curve": [{"iterations": int(i), "seconds": s, "exploitability_mbb": e, "perfect_recall_mbb": f}
                  for i, s, e, f in meta["curve"]],
    }
    if path is not None:
        out["file"] = str(path)
        out["file_bytes"] = path.stat().st_size
    return out


def _print_summary(data: dict[str, Any], title: str) -> None:
    rows = [
        ["game", data["game"] + (f" (betting {data['betting']})" if data["betting"] else "")],
        ["abstraction", data["abstraction"]],
        ["buckets per round", " ".join(str(c) for c in data["bucket_counts"])],
        ["strategy rows", f"{data['rows']:,} ({data['decision_nodes']:,} betting nodes)"],
        ["training", f"{data['iterations']:,} iterations x {data['workers']} runs, "
                     f"{data['algorithm']}, {data['training_seconds']:.0f} s"],
        ["abstract game", f"{data['eval_deals']:,} deals, seed {data['eval_seed']}"],
        ["exploitability", f"{data['exploitability_mbb']:.1f} mbb/g (best response with the bot's "
                           f"information), {data['exploitability_perfect_recall_mbb']:.1f} (perfect recall)"],
    ]
    if "file_bytes" in data:
        rows.append(["file", f"{Path(data['file']).name} ({data['file_bytes'] / 1e6:.2f} MB)"])
    console.print(table(title if len(title) <= 76 else f"...{title[-73:]}", ["", "value"], rows))
    curve = data["curve"]
    shown = curve if len(curve) <= 12 else [curve[round(k * (len(curve) - 1) / 11)] for k in range(12)]
    console.print(table("abstract exploitability at the checkpoints (mbb/g)",
                        ["iterations", "seconds", "bot's information", "perfect recall"],
                        [[f"{c['iterations']:,}", f"{c['seconds']:.0f}", f"{c['exploitability_mbb']:.1f}",
                          f"{c['perfect_recall_mbb']:.1f}"] for c in shown]))


def register(app: typer.Typer) -> None:
    """Add the ``hulhe`` command group to ``app``."""
    group = typer.Typer(help="Heads-up limit hold'em by card abstraction and MCCFR: train, show.",
                        no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="hulhe")

    @group.command("train")
    @user_errors
    def train(
        iterations: int | None = ITERATIONS,
        seconds: float | None = SECONDS,
        checkpoint_dir: Path = checkpoint_dir_option("hulhe-run"),
        resume: bool = RESUME,
        workers: int = WORKERS,
        cluster: str | None = cluster_option(),
        flop: int = FLOP,
        turn: int = TURN,
        river: int = RIVER,
        kind: str = KIND,
        algorithm: str = ALGORITHM,
        seed: int = SEED,
        checkpoint_every: int = checkpoint_every_option(200_000),
        eval_deals: int = EVAL_DEALS,
        eval_seed: int = EVAL_SEED,
        out: Path | None = typer.Option(None, "--out",
                                        help="Strategy file (.npz; default: strategy.npz in the folder)."),
        plot: Path | None = PLOT,
        no_progress: bool = NO_PROGRESS,
        as_json: bool = AS_JSON,
    ) -> None:
        """Train a heads-up limit hold'em strategy by external-sampling MCCFR on a card
        abstraction; measure it in the abstract game at each checkpoint; write the strategy file.

        A killed run continues with --resume (the settings are the run's own); for a fixed seed
        it ends as the run never stopped would. With --cluster the --workers runs go to Ray.
        """
        run_training(iterations=iterations, seconds=seconds, checkpoint_dir=checkpoint_dir, resume=resume,
                     workers=workers, cluster=cluster, settings_args=(flop, turn, river, kind),
                     algorithm=algorithm, seed=seed, checkpoint_every=checkpoint_every,
                     eval_deals=eval_deals, eval_seed=eval_seed, out=out, plot=plot,
                     no_progress=no_progress, as_json=as_json, betting=None)

    @group.command("show")
    @user_errors
    def show(
        file: Path | None = typer.Argument(None, help="A strategy file written by pokerlab hulhe "
                                           "train (default: the one hulhe-cfr plays, shipped)."),
        plot: Path | None = typer.Option(None, "--plot", help="The exploitability curve (PNG or SVG)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The settings, size and abstract exploitability curve of a strategy file."""
        if file is None:
            from pokerlab.agents.hulhe_cfr import DEFAULT_STRATEGY

            file = DEFAULT_STRATEGY
        show_strategy(file, plot, as_json, "hulhe-cfr")


def show_strategy(file: Path, plot: Path | None, as_json: bool, bot: str) -> None:
    """``pokerlab hulhe show`` and ``pokerlab nolimit show``: a strategy file's summary (``bot``
    names the curve's picture)."""
    from pokerlab.hulhe.strategy_file import load_strategy

    output_file(plot, "--plot", (".png", ".svg"))
    loaded = load_strategy(file)
    data = _summary(loaded.meta, file)
    if plot is not None:
        from pokerlab.hulhe.plot import plot_curve

        plot_curve(loaded.curve, f"{bot} {data['abstraction']}", plot)
        data["plot"] = str(plot)
    if as_json:
        print_json(data)
        return
    _print_summary(data, str(file))
    if plot is not None:
        console.print(f"plot written to {plot}")


def run_training(*, iterations: int | None, seconds: float | None, checkpoint_dir: Path, resume: bool,
                 workers: int, cluster: str | None, settings_args: tuple[int, int, int, str],
                 algorithm: str, seed: int, checkpoint_every: int, eval_deals: int, eval_seed: int,
                 out: Path | None, plot: Path | None, no_progress: bool, as_json: bool,
                 betting: dict[str, Any] | None) -> None:
    """``pokerlab hulhe train`` and ``pokerlab nolimit train`` (``betting``: a no-limit spec's
    dict): one training command, the tree told apart by the run's settings."""
    from pokerlab.abstraction import build_units, card_abstraction
    from pokerlab.abstraction.settings import AbstractionSettings
    from pokerlab.equilibrium.mccfr import ALGORITHMS, MCCFRConfig
    from pokerlab.executors import executor_for
    from pokerlab.hulhe.training import RUN_FILE, Training, TrainingConfig, check_run_folder

    if iterations is None and seconds is None:
        raise ValueError("--iterations or --seconds: give how long to train")
    if algorithm not in ALGORITHMS:
        raise ValueError(f"--algorithm {algorithm!r}: use one of {', '.join(ALGORITHMS)}")
    settings = AbstractionSettings(*settings_args)
    output_dir(checkpoint_dir, "--checkpoint-dir", reuse=True)
    check_run_folder(checkpoint_dir, resume)  # before the abstraction is built (minutes, 200 MB)
    out = output_file(out, "--out", (".npz",)) or checkpoint_dir / "strategy.npz"
    output_file(plot, "--plot", (".png", ".svg"))
    config = TrainingConfig(settings, seed=seed, workers=workers, checkpoint_every=checkpoint_every,
                            eval_deals=eval_deals, eval_seed=eval_seed,
                            mccfr=MCCFRConfig(algorithm=algorithm,
                                              averaging="uniform" if algorithm == "cfr" else "linear"),
                            betting=betting)
    if resume:
        import json

        config = TrainingConfig.from_dict(json.loads((checkpoint_dir / RUN_FILE).read_text())["config"])
        settings = config.abstraction
    executor = executor_for(1, cluster) if cluster else executor_for(config.workers)
    show = not (no_progress or as_json)
    run: Any = None
    try:
        with progress(f"abstraction {settings.key()}", build_units(settings), enabled=show) as advance:
            abstraction = card_abstraction(settings, advance)
        run = Training(config, abstraction, checkpoint_dir, resume=resume, executor=executor)
        label = progress_label("iterations", executor.where())
        start = run.iterations
        goal_total = None if iterations is None else iterations
        with progress(label, goal_total, enabled=show) as bar:
            def tick(done: int, goal: int | None, rate: float, last: float | None) -> None:
                bar(done - start - bar.done)
                text = f"{label} {rate:,.0f}/s"
                if last is not None:
                    text += f", {last:.0f} mbb/g"
                bar.describe(text)

            run.run(iterations, seconds, tick)
    except KeyboardInterrupt:
        if run is None or not run.curve:
            raise Interrupted("stopped before the first checkpoint") from None
        raise Interrupted(f"stopped after {run.iterations:,} iterations; the checkpoint of "
                          f"{int(run.curve[-1][0]):,} is in {checkpoint_dir} (--resume continues)"
                          ) from None
    finally:
        executor.close()
    from pokerlab.hulhe.strategy_file import load_strategy
    from pokerlab.hulhe.training import save_run_strategy

    with progress("flop table", 1755, enabled=show) as advance:
        save_run_strategy(run, out, advance)
    if plot is not None:
        from pokerlab.hulhe.plot import plot_curve

        plot_curve(run.curve, f"{'hulhe-cfr' if config.betting is None else 'nlhe-blueprint'} "
                              f"{settings.key()}", plot)
    data = _summary(load_strategy(out).meta, out)
    if plot is not None:
        data["plot"] = str(plot)
    if as_json:
        print_json(data)
        return
    _print_summary(data, f"trained {out}")
    if plot is not None:
        console.print(f"plot written to {plot}")
