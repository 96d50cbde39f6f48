"""``pokerlab equity``: showdown equity of two or more players, each cards or a range."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

import typer

from pokerlab.cli.cluster import cluster_option, progress_label
from pokerlab.cli.common import console, output_file, print_json, progress, table, typed, user_errors
from pokerlab.cli.errors import Interrupted

LONG_RUN_SAMPLES = 2_000_000
"""Monte Carlo runs at least this long (or with a standard-error target) show a progress bar."""


def register(app: typer.Typer) -> None:
    """Add the ``equity`` command to ``app``."""

    @app.command("equity")
    @user_errors
    def equity_command(
        players: list[str] = typer.Argument(
            ...,
            help='Two or more players, each two cards (AhKh) or a range ("QQ+, AKs", "15%": the '
            'top 15%, "KK:0.5": half weight, "random").',
        ),
        board: str = typer.Option(
            "", "--board", "-b", help="Board cards already dealt (0, 3, 4 or 5)."
        ),
        dead: str = typer.Option("", "--dead", "-d", help="Cards out of play."),
        exact: bool = typer.Option(
            False, "--exact", help="Enumerate every deal and board, however long."
        ),
        samples: int | None = typer.Option(
            None,
            "--samples",
            "-s",
            min=1,
            help="Monte Carlo with this many showdowns (default: exact when feasible).",
        ),
        stderr: float | None = typer.Option(
            None,
            "--stderr",
            help="Monte Carlo until every standard error is at most this (--samples: a cap).",
        ),
        seed: int | None = typer.Option(None, "--seed", min=0, help="Seed of the Monte Carlo generator."),
        workers: int | None = typer.Option(
            None, "--workers", "-w", min=1,
            help="Threads (default: all cores); the answer does not depend on it.",
        ),
        cluster: str | None = cluster_option(),
        grid: bool = typer.Option(
            False, "--grid", help="Also the first player's equity against each class of the second's range."
        ),
        plot: str = typer.Option(
            "", "--plot", help="Write that grid as a 13x13 heat map (.png or .svg)."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Equity (expected pot share) of each player at showdown: exact or Monte Carlo."""
        from pokerlab.cards import format_cards
        from pokerlab.strength.equity_report import equity_report

        if exact and (samples is not None or stderr is not None or seed is not None):
            raise ValueError("--exact excludes --samples, --stderr and --seed")
        # The cluster runs Monte Carlo; RAY_ADDRESS alone leaves exact work (and the default
        # choice between exact and Monte Carlo) here.
        on_cluster = bool(cluster) and not exact and (samples is not None or stderr is not None)
        if workers is not None and (on_cluster or typed("cluster")):
            raise ValueError(f"--workers {workers} sets this machine's threads; with --cluster every CPU "
                             "of the cluster works")
        if typed("cluster") and not on_cluster:
            raise ValueError(f"--cluster {cluster}: the cluster runs Monte Carlo; give --samples or --stderr")
        output_file(plot or None, "--plot", (".png", ".svg"))
        if (grid or plot) and len(players) != 2:
            raise ValueError(f"--grid and --plot need two players (a hand and a range), got {len(players)}")
        # exact, Monte Carlo, or (neither asked) exact when quick: the web page's question too
        method = True if exact else False if samples is not None or stderr is not None else None
        long_run = stderr is not None or (samples or 0) >= LONG_RUN_SAMPLES
        runner: Any = nullcontext(None)
        if on_cluster:  # executors bring multiprocessing and sockets: only for the cluster
            from pokerlab.executors import executor_for

            runner = executor_for(cluster=cluster)
        with runner as executor:
            where = _where(executor, workers)
            done = [0.0]
            try:
                with progress(progress_label("equity", where), samples if long_run else None,
                              enabled=long_run or exact) as advance:

                    def step(now: float, total: float) -> None:
                        advance(now - done[0])
                        done[0] = now

                    report = equity_report(players, board, dead, exact=method, samples=samples,
                                           stderr=stderr, seed=seed, workers=workers,
                                           grid=bool(grid or plot), progress=step, executor=executor)
            except KeyboardInterrupt:
                raise Interrupted(f"equity stopped after {done[0]:,.0f} of its steps, "
                                  "with no result") from None
        result, board_cards, chart = report.result, report.board, report.grid
        out = {**report.as_dict(), "executor": where}
        on = f" on {format_cards(board_cards, sep='')}" if board_cards else ""
        title = f"Equity of {players[0]} against each class of the range {players[1]}{on}"
        table_of_grid = chart.table(title) if chart is not None else None
        if plot:
            from pokerlab.strength.preflop_plot import plot_table

            plot_table(table_of_grid, plot, label=f"equity of {players[0]}")
        if as_json:
            print_json(out)
            return
        how = "exact" if result.exact else f"Monte Carlo, {result.trials:,} samples, seed {result.seed}"
        if where["backend"] != "in-process":
            how += "," + progress_label("", where)  # ", on ray (2 nodes, 16 CPUs)"
        rows = []
        for i, name in enumerate(players):
            eq = f"{result.equity[i] * 100:.3f}%"
            if not result.exact:
                eq += f" ± {result.stderr[i] * 100:.3f}"
            rows.append([name, eq, f"{result.win[i] * 100:.3f}%", f"{result.tie[i] * 100:.3f}%",
                         _num(result.wins[i]), _num(result.ties[i])])
        title = f"Equity ({how}; {_num(result.trials)} showdowns)"
        if board_cards:
            title += f" on {format_cards(board_cards)}"
        # As PokerStove and Equilab: equity, win % and tie % per player, then the counts.
        console.print(table(title, ["player", "equity", "win", "tie", "wins", "ties"], rows))
        if grid:
            from pokerlab.cli.preflop import DISPLAY_ORIENTATION, grid_table

            console.print(grid_table(table_of_grid))
            console.print(f"[dim]{DISPLAY_ORIENTATION}; blank: not in the range[/]")
        if plot:
            console.print(f"heat map written to {plot}")


def _where(executor: Any, workers: int | None) -> dict[str, Any]:
    """Where the work runs, for ``--json``: the executor's workers, or this process's threads."""
    if executor is not None:
        return executor.where()
    import numba

    return {"backend": "in-process", "address": None, "nodes": 1,
            "cpus": workers or numba.config.NUMBA_NUM_THREADS}


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"
