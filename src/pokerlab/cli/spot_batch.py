"""``pokerlab spot batch``: one spot template solved over many flops, reported by flop and texture."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import typer

from pokerlab._plot import figure_file
from pokerlab.cli.cluster import cluster_option, progress_label
from pokerlab.cli.common import (
    console,
    err_console,
    output_file,
    print_json,
    progress,
    removed_unless_done,
    table,
    user_errors,
)
from pokerlab.errors import Interrupted


def _template(path: Path, overrides: dict[str, Any]) -> dict[str, Any]:
    """The spot template: a spot TOML without a board (the batch deals the flops; a board given
    is refused rather than silently replaced)."""
    from pokerlab.spot.spec import Spot, SpotError, read_toml

    data = read_toml(path, "template")
    if "board" in data:
        raise SpotError(f"template {str(path)!r}: board {data['board']!r}: a batch solves the template "
                        "on the flops --flops chooses; leave board out (spot solve solves one board)")
    data.update({k: v for k, v in overrides.items() if v is not None})
    spot = Spot.from_dict(dict(data, board="2c 3d 4h"))  # checked once on some flop
    out = spot.to_dict()
    del out["board"]
    return out


def _plot(rep: dict[str, Any], path: Path, title: str) -> None:
    with figure_file(path, (11, 8)) as fig:
        _draw(rep, fig, title)


def _draw(rep: dict[str, Any], fig: Any, title: str) -> None:
    flops = rep["flops"]
    groups = [(k, v) for k, v in rep["by_texture"].items()]
    top, bottom = fig.subplots(2, 1)
    top.bar(range(len(flops)), [100 * r["bet"] for r in flops], color="#c00000")
    top.set_xticks(range(len(flops)), [r["flop"] for r in flops], rotation=90, fontsize=6)
    top.set_ylabel("bets and raises, % of the range")
    top.set_title(title, fontsize=10)
    bottom.bar(range(len(groups)), [100 * v["bet"] for _, v in groups], color="#e06666")
    bottom.set_xticks(range(len(groups)), [f"{k}\n({v['flops']})" for k, v in groups], fontsize=7)
    bottom.set_ylabel("mean bet %, by texture (flops)")
    fig.tight_layout()


def register(group: typer.Typer) -> None:
    """Add ``batch`` to the ``spot`` command group."""

    @group.command("batch")
    @user_errors
    def batch_command(
        template: Path = typer.Argument(..., help="The spot as TOML, no board (ranges, sizes, pot, stack)."),
        flops: int = typer.Option(
            49, "--flops", help="Flops: 1755 for every strategically different flop, fewer for a "
            "subset sampled in proportion to how often each flop occurs."),
        db: Path = typer.Option(..., "--db", help="SQLite file of the results per flop."),
        resume: bool = typer.Option(False, "--resume", help="Continue the batch stored in --db."),
        line: str = typer.Option(
            "", "--line", help='Report the decision after these flop actions ("x": IP after a check).'),
        target: float = typer.Option(0.5, "--target", help="Each flop's target exploitability, % pot."),
        max_iterations: int = typer.Option(200, "--max-iterations", help="Most iterations per flop."),
        workers: int = typer.Option(1, "--workers", help="Local processes solving flops at once."),
        cluster: str | None = cluster_option(),
        csv_path: Path | None = typer.Option(None, "--csv", help="Write the per-flop results as CSV."),
        plot: Path | None = typer.Option(None, "--plot", help="Bets by flop and texture (.png/.svg)."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Solve one spot template on many flops; OOP's root bet frequency and EV per flop and by
        texture. Each flop is stored as it is solved; a killed batch continues with --resume."""
        from pokerlab.executors import executor_for
        from pokerlab.spot.batch import BatchStore, flop_subset, report, run_batch

        if not target >= 0:
            raise ValueError(f"--target {target}: must be >= 0")
        if max_iterations < 1:
            raise ValueError(f"--max-iterations {max_iterations}: must be at least 1")
        if workers < 1:
            raise ValueError(f"--workers {workers}: must be at least 1")
        output_file(csv_path, "--csv", (".csv",))
        output_file(plot, "--plot", (".png", ".svg"))
        output_file(db, "--db")
        spot = _template(template, {})
        chosen = flop_subset(flops)
        settings = {"target_pct": target, "max_iterations": max_iterations,
                    "threads": 1 if workers > 1 or cluster else None}
        store = None
        with removed_unless_done(db):
            store = BatchStore(db)
            executor = executor_for(workers, cluster)
            try:
                done = len(store.done()) if resume else 0
                label = progress_label("flops", executor.where())
                with progress(label, total=len(chosen), enabled=not (no_progress or as_json)) as advance:
                    advance(done)
                    results = run_batch(spot, chosen, settings, store, executor, resume=resume,
                                        progress=lambda r: advance(1), line=line)
            except KeyboardInterrupt:
                raise Interrupted(f"{len(store.done())} of {len(chosen)} flops are stored in {db}; "
                                  "the same command with --resume continues") from None
            finally:
                store.close()
                executor.close()
        rep = report(results)
        if csv_path is not None:
            with removed_unless_done(csv_path), open(csv_path, "w", newline="") as fh:
                w = csv.writer(fh)
                w.writerow(["flop", "textures", "bet", "ev_oop", "ev_ip", "exploitability_pct", "iterations",
                            "converged"])
                for r in rep["flops"]:
                    w.writerow([r["flop"], " ".join(r["textures"]), f"{r['bet']:.6f}", f"{r['ev'][0]:.6f}",
                                f"{r['ev'][1]:.6f}", f"{r['exploitability_pct']:.6f}", r["iterations"],
                                {True: "yes", False: "no"}.get(r.get("converged"), "")])
        if plot is not None:
            with removed_unless_done(plot):
                _plot(rep, plot, f"{len(chosen)} flops: bets and raises " + (f"after {line}" if line else
                                                                              "of OOP at the root"))
        if as_json:
            print_json(rep | {"db": str(db)} | ({"csv": str(csv_path)} if csv_path else {})
                       | ({"plot": str(plot)} if plot else {}))
            return
        rows = [[name, str(v["flops"]), f"{100 * v['bet']:.1f}", f"{v['ev_oop']:.3f}"]
                for name, v in rep["by_texture"].items()]
        where = f"after {line}" if line else "OOP at the root"
        console.print(table(f"{len(chosen)} flops, {where}", ["texture", "flops", "bet %", "EV OOP"],
                            rows, width=80))
        if rep["not_converged"]:  # a result all the same, but not at the target's accuracy
            missed = rep["not_converged"]
            err_console.print(f"warning: {len(missed)} of {len(chosen)} flops stopped above the target "
                              f"{settings['target_pct']:g}% of the pot (NOT CONVERGED: "
                              f"{', '.join(missed[:5])}{', ...' if len(missed) > 5 else ''}); "
                              f"--max-iterations {max_iterations} stopped them",
                              highlight=False, markup=False, soft_wrap=True)
