"""``pokerlab experiment``: the papers' comparisons (the Loki tournaments, Waterloo phases,
threshold bot)."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerlab._plot import figure_file
from pokerlab.cli.cluster import cluster_option, progress_label
from pokerlab.cli.common import (
    Interrupted,
    console,
    fmt_ci,
    output_file,
    print_json,
    progress,
    removed_unless_done,
    table,
    user_errors,
)


def _check_outputs(plot: Path | None, db: Path | None = None) -> None:
    output_file(plot, "--plot", (".png", ".svg"))
    output_file(db, "--db")


def _stopped(hands: int, db: Path | None) -> Interrupted:
    where = f"they are stored in {db}" if db is not None else "give --db to keep the hands of a long run"
    return Interrupted(f"stopped after {hands:,} hands; {where}")


def _print_match(result, db: Path | None, plot: Path | None, as_json: bool, title: str) -> None:
    if plot is not None:
        from pokerlab.arena.plot import plot_bankroll

        plot_bankroll(result, plot)
    data = result.to_dict()
    data["db"] = str(db) if db is not None else None
    if plot is not None:
        data["plot"] = str(plot)
    if as_json:
        print_json(data)
        return
    unit = result.config.game.unit
    rows = [[r.bot, f"{r.per_hand:+.3f}", fmt_ci(r.ci95), r.hands, r.illegal_actions]
            for r in sorted(result.results, key=lambda r: -r.per_hand)]
    console.print(table(f"{title}: {result.hands_stored} hands", ["bot", f"{unit}/hand", "95% CI",
                                                                   "hands", "illegal actions"], rows))
    if result.where["backend"] != "in-process":
        console.print(progress_label("played", result.where))
    if plot is not None:
        console.print(f"bankroll curves: {plot}")


def register(app: typer.Typer) -> None:
    """Add the ``experiment`` command group to ``app``."""
    group = typer.Typer(help="Reproduce the papers' bot comparisons.", no_args_is_help=True)
    app.add_typer(group, name="experiment")

    from pokerlab.arena.tournaments import TOURNAMENTS

    for name in TOURNAMENTS:  # Papp's three, then Peña's Loki-2 experiments
        _tournament_command(group, name)

    @group.command("threshold-vs-loki")
    @user_errors
    def threshold_vs_loki(
        hands: int = typer.Option(10_000, "--hands", min=2, help="Hands (even: deals are played twice)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals."),
        opponent: str = typer.Option("loki-a", "--opponent", help="The other bot."),
        workers: int = typer.Option(
            1, "--workers", min=1,
            help="Processes sharing the hands (learning bots restart every 1,000 hands)."),
        cluster: str | None = cluster_option(),
        db: Path | None = typer.Option(None, "--db", help="SQLite file for the hands (default: memory)."),
        plot: Path | None = typer.Option(None, "--plot", help="Bankroll curves (PNG or SVG)."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object (as pokerlab match)."),
    ) -> None:
        """Heads-up limit, duplicate: the threshold bot against Loki A."""
        from pokerlab.agents.registry import check_bots
        from pokerlab.arena import MatchStore
        from pokerlab.arena.experiments import threshold_vs_loki as run
        from pokerlab.executors import executor_for

        _check_outputs(plot, db)
        check_bots([opponent], "texas-holdem", "--opponent")
        if hands < 2:
            raise ValueError(f"--hands must be at least 2, not {hands}")
        with removed_unless_done(db), executor_for(workers, cluster) as executor:
            store = MatchStore(db if db is not None else ":memory:")
            try:
                with progress(progress_label("hands", executor.where()), total=hands + hands % 2,
                              enabled=not (no_progress or as_json)) as tick:
                    result = run(hands, seed, store, progress=tick, opponent=opponent, executor=executor)
            except KeyboardInterrupt:
                raise _stopped(tick.done, db) from None
            finally:
                store.close()
        _print_match(result, db, plot, as_json, f"threshold vs {opponent}, heads-up limit, duplicate")

    @group.command("waterloo-phases")
    @user_errors
    def waterloo_phases(
        trials: int = typer.Option(10, "--trials", min=1,
                                   help="Freezeouts per comparison (different deals)."),
        hands: int = typer.Option(2000, "--hands", min=1, help="Hand cap of each freezeout."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals."),
        comparison: list[str] = typer.Option(
            ["phases", "bluffing", "trust"], "--comparison", help="phases, bluffing and/or trust."),
        plot: Path | None = typer.Option(None, "--plot", help="Chips of each bot in trial 1 (PNG or SVG)."),
        workers: int = typer.Option(
            1, "--workers", min=1,
            help="Processes playing trials at once (then each trial's bots start afresh)."),
        cluster: str | None = cluster_option(),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The Waterloo freezeouts (no-limit 1/2, two copies of each bot): who survives how long.

        In one process the bots keep their opponent models from trial to trial; with --workers
        or --cluster the trials run at once and every trial's bots start with no models."""
        from pokerlab.arena.experiments import FREEZEOUTS, freezeout_comparison
        from pokerlab.executors import executor_for

        _check_outputs(plot)
        for name in comparison:
            if name not in FREEZEOUTS:
                raise ValueError(f"--comparison: unknown {name!r}; choose from {', '.join(FREEZEOUTS)}")
        results = []
        with executor_for(workers, cluster) as executor:
            where = executor.where()
            with progress(progress_label("hands", where), total=None,
                          enabled=not (no_progress or as_json)) as tick:
                try:
                    for name in comparison:
                        results.append(freezeout_comparison(name, trials, hands, seed, progress=tick,
                                                            executor=executor))
                except KeyboardInterrupt:
                    done = ", ".join(r.name for r in results) or "none"
                    raise Interrupted(f"stopped after {tick.done:,} hands, during the {name} comparison "
                                      f"(comparisons finished: {done})") from None
        if plot is not None:
            _plot_freezeouts(results, plot)
        if as_json:
            print_json({"comparisons": [r.to_dict() for r in results], "seed": seed,
                        "plot": str(plot) if plot else None, "executor": where})
            return
        for r in results:
            rows = [[s.bot, f"{s.mean_place:.2f} ± {1.96 * s.place_se:.2f}", f"{s.mean_survival:.1f}", s.wins,
                     f"{sum(s.final_chips) / len(s.final_chips):.0f}"] for s in r.summaries]
            console.print(table(f"{r.name}: {r.trials} freezeouts of at most {r.max_hands} hands",
                                ["bot", "mean place (95% CI)", "mean hands survived", "trials won",
                                 "mean final chips"], rows))
        if plot is not None:
            console.print(f"chip curves: {plot}")
        if where["backend"] != "in-process":
            console.print(progress_label("played", where))


def _plot_freezeouts(results, path: Path) -> None:
    with figure_file(path, (11, 3.4 * len(results)), dpi=100) as fig:
        _draw_freezeouts(results, fig)


def _draw_freezeouts(results, fig) -> None:
    import numpy as np

    axes = fig.subplots(len(results), 1, squeeze=False)
    for ax, r in zip(axes[:, 0], results, strict=True):
        after = r.chip_curves[0]  # stacks after each hand; every seat starts with an equal share
        start = np.full((1, after.shape[1]), after[0].sum() / after.shape[1])
        stacks = np.vstack([start, after])
        for seat in range(stacks.shape[1]):
            ax.plot(range(len(stacks)), stacks[:, seat],
                    label=f"{r.bots[seat % len(r.bots)]} (seat {seat + 1})")  # seats from 1 (docs: Numbering)
        ax.set_xlim(0, len(stacks) - 1)
        ax.set_title(f"{r.name}: trial 1")
        ax.set_xlabel("hands played")
        ax.set_ylabel("chips")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    fig.tight_layout()


def _tournament_command(group: typer.Typer, name: str) -> None:
    """Add ``pokerlab experiment NAME`` for the Loki tournament ``name``."""
    from pokerlab.arena.tournaments import TOURNAMENTS

    tournament = TOURNAMENTS[name]

    @group.command(name, help=f"{tournament.title}: ten seats of limit $10/$20, duplicate deals "
                              "seated by Papp's Table 8.1; small bets per hand with 95% intervals, "
                              "and whether each ordering the source reports is reproduced.")
    @user_errors
    def command(
        hands: int = typer.Option(tournament.default_hands, "--hands",
                                  help="Hands (rounded up to whole deals of ten)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals."),
        workers: int = typer.Option(
            1, "--workers", min=1,
            help="Processes sharing the hands (learning bots restart every 1,000 hands)."),
        cluster: str | None = cluster_option(),
        db: Path | None = typer.Option(None, "--db", help="SQLite file for the hands (default: memory)."),
        resume: bool = typer.Option(False, "--resume", help="Continue the match stored in --db (learning "
                                    "bots start again from their saved opponent models, so the result can "
                                    "differ from an uninterrupted run)."),
        plot: Path | None = typer.Option(None, "--plot", help="Bankroll curves and intervals (PNG or SVG)."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        from pokerlab.arena import MatchStore
        from pokerlab.arena.tournaments import judge, play_tournament
        from pokerlab.executors import executor_for

        _check_outputs(plot, db)
        if hands < 10:
            raise ValueError(f"--hands must be at least 10, not {hands}")
        if resume and db is None:
            raise ValueError("--resume needs --db (the file the match was stored in)")
        with removed_unless_done(db), executor_for(workers, cluster) as executor:
            store = MatchStore(db if db is not None else ":memory:")
            try:
                total = tournament.config(hands, seed).hands
                with progress(progress_label("hands", executor.where()), total=total,
                              enabled=not (no_progress or as_json)) as tick:
                    result = play_tournament(name, hands, seed, store, progress=tick,
                                             resume=resume, executor=executor)
            except KeyboardInterrupt:
                raise _stopped(tick.done, db) from None
            finally:
                store.close()
        labels = dict(zip(tournament.bots, tournament.labels, strict=True))
        claims = judge(tournament, result)
        if plot is not None:
            from pokerlab.arena.plot import plot_tournament

            plot_tournament(result, labels, tournament.title, plot)
        if as_json:
            data = result.to_dict()
            data.update({"tournament": name, "title": tournament.title, "source": tournament.source,
                         "labels": labels, "claims": claims, "db": str(db) if db else None,
                         "plot": str(plot) if plot else None})
            print_json(data)
            return
        rows = [[labels[r.bot], f"{r.per_hand:+.3f}", fmt_ci(r.ci95), r.hands]
                for r in sorted(result.results, key=lambda r: -r.per_hand)]
        console.print(table(f"{tournament.title}: {result.hands_stored} hands, seed {seed}",
                            ["bot", "sb/hand", "95% CI", "hands"], rows))
        said = {"reproduced": "yes", "contradicted": "no: the other way", "cannot tell": "cannot tell"}
        if claims:
            console.print(table("What the source reports", ["ordering", "reproduced?"],
                                [[c["claim"], said[c["verdict"]]] for c in claims]))
        else:
            console.print("The source reports no ordering for this field: it is measured only.")
        unsure = sum(c["verdict"] == "cannot tell" for c in claims)
        if unsure:
            narrower = (tournament.default_hands / max(result.hands_stored, 1)) ** 0.5
            more = (f" (the default, --hands {tournament.default_hands:,}, makes them {narrower:.0f} "
                    "times narrower)" if narrower >= 2 else "")
            console.print(f"{result.hands_stored:,} hands cannot tell {unsure} of these {len(claims)} "
                          "orderings: their 95% intervals overlap. The intervals narrow as "
                          f"1/\u221ahands{more}.", highlight=False)
        if result.where["backend"] != "in-process":
            console.print(progress_label("played", result.where))
        if plot is not None:
            console.print(f"plot: {plot}")
