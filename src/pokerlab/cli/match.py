"""``pokerlab match``: bots play a match; results per bot with 95% confidence intervals."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from pokerlab.cli.cluster import cluster_option, progress_label
from pokerlab.cli.common import (
    Interrupted,
    console,
    fmt_ci,
    output_dir,
    output_file,
    print_error,
    print_json,
    progress,
    removed_unless_done,
    table,
    user_errors,
    variant_option,
)


def bot_modules_option(specs: list[str]) -> tuple[str, ...]:
    """Load the ``--bot-module`` files and modules here (a bad one: one line, exit 2) and
    return them as every worker will load them (files by absolute path)."""
    from pokerlab.agents.registry import load_bot_module

    out = []
    for spec in specs:
        path = Path(spec)
        if spec.endswith(".py") or "/" in spec or path.is_file():
            spec = str(path.resolve()) if path.is_file() else spec
        load_bot_module(spec, "--bot-module")
        out.append(spec)
    return tuple(out)


def report_errors(results: list, time_limit: float | None = None) -> None:
    """Under a result table: each bot that raised, with its first traceback, and each bot that
    did not answer within ``time_limit`` seconds."""
    limit = f"the {time_limit:g} s" if time_limit else "the"
    for r in results:
        if r.timeouts:
            console.print(f"[bold red]{r.bot}[/] missed {limit} time limit at {r.timeouts:,} "
                          "turns (played as check or fold)", highlight=False)
        if r.errors:
            console.print(f"[bold red]{r.bot}[/] raised an exception at {r.errors:,} actions (played as "
                          "check or fold); its first traceback:", highlight=False)
            console.print(r.first_error.rstrip(), markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    """Add the ``match`` command to ``app``."""

    @app.command("match")
    @user_errors
    def match(
        bots: list[str] = typer.Argument(..., help="Bot names (two or more), e.g. random raiser; "
                                         "hulhe-cfr:STRATEGY plays a strategy file of pokerlab hulhe train, "
                                         "nlhe-blueprint:BLUEPRINT a no-limit blueprint file."),
        hands: int = typer.Option(1000, "--hands", min=1, help="Hands to play (freezeout: at most)."),
        game: str = typer.Option(
            "limit", "--game", help="limit (Alberta $10/$20), pot-limit or no-limit (1/2)."
        ),
        variant: str = typer.Option(
            "texas-holdem", "--variant",
            help="texas-holdem or five-card-draw (the patent's game: antes 1, bets 2)."),
        seats: int = typer.Option(0, "--seats", help="Seats (default: one per bot; bots repeat)."),
        duplicate: bool = typer.Option(False, "--duplicate", help="Replay deals with players rotated."),
        freezeout: bool = typer.Option(False, "--freezeout", help="Stacks carry over until one has all."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals and the bots' randomness."),
        db: Path = typer.Option(Path("pokerlab-match.sqlite"), "--db", help="SQLite file of the hands."),
        resume: bool = typer.Option(False, "--resume", help="Continue the stored match with these settings "
                                    "(bots that learn start again from their saved opponent models, so the "
                                    "result can differ from an uninterrupted match)."),
        workers: int = typer.Option(
            1, "--workers", min=1,
            help="Processes sharing the hands (learning bots restart every 1,000 hands)."),
        cluster: str | None = cluster_option(),
        hand_history: Path | None = typer.Option(None, "--hand-history", help="Write each hand as PHH here."),
        plot: Path | None = typer.Option(None, "--plot", help="Bankroll curves (PNG or SVG)."),
        stack: int | None = typer.Option(None, "--stack", min=1,
            help="Starting stack in chips (default per game)."),
        bot_module: list[str] = typer.Option(
            [], "--bot-module", help="Load bots from a Python file or module (repeatable; every "
            "worker loads it). Installed packages can name theirs in the pokerlab.bots entry points."),
        strict: bool = typer.Option(False, "--strict",
                                    help="Stop the match when a bot raises an exception."),
        time_limit: float | None = typer.Option(
            None, "--time-limit", min=0.0, show_default=False,
            help="Seconds a bot may take per action (default 60); a late turn is played as check or "
            "fold and counted as a timeout, and the match goes on (0: no limit)."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Play a match between bots and report small bets (limit) or milli-big-blinds per hand.

        Every hand is stored in the SQLite file as it is played; a match killed at any point
        continues with --resume (same settings) without losing or doubling a hand.
        """
        from pokerlab.agents.registry import check_bots
        from pokerlab.arena import MatchConfig, MatchStore, run_match
        from pokerlab.arena.match import BotFailed
        from pokerlab.arena.time_limit import DEFAULT_SECONDS
        from pokerlab.engine import GameSettings
        from pokerlab.executors import executor_for

        modules = bot_modules_option(bot_module)
        check_bots(bots, variant_option(variant), "BOTS")
        limit = DEFAULT_SECONDS if time_limit is None else time_limit
        changes = {} if stack is None else {"starting_stack": stack}
        settings = GameSettings.preset(game, variant, **changes)
        config = MatchConfig(bots=tuple(bots), hands=hands, game=settings, seats=seats,
                             duplicate=duplicate, freezeout=freezeout, seed=seed, bot_modules=modules)
        output_file(plot, "--plot", (".png", ".svg"))
        output_dir(hand_history, "--hand-history", reuse=resume, pattern="hand-*.phh")
        output_file(db, "--db")
        with removed_unless_done(db):  # a refusal (nothing to resume, a bad store) leaves no file
            executor = executor_for(workers, cluster)
            store = MatchStore(db)
            try:
                label = progress_label("hands", executor.where())
                with progress(label, total=config.hands, enabled=not (no_progress or as_json)) as advance:
                    result = run_match(config, store, resume=resume, executor=executor,
                                       hand_history=hand_history, progress=advance,
                                       on_start=lambda done, total: advance(done), strict=strict,
                                       time_limit=limit)
            except BotFailed as exc:
                match_id = store.find_match(config.key())
                stored = len(store.hand_numbers(match_id)) if match_id is not None else 0
                head, _, trace = str(exc).partition("\n")
                sys.stderr.write(trace.rstrip() + "\n")
                print_error(f"{head.rstrip(':')}; its traceback is above; {stored:,} of {config.hands:,} "
                            f"hands are stored in {db} (match {match_id})")
                raise typer.Exit(code=1) from None
            except KeyboardInterrupt:
                match_id = store.find_match(config.key())
                stored = len(store.hand_numbers(match_id)) if match_id is not None else 0
                raise Interrupted(f"{stored:,} of {config.hands:,} hands are stored in {db} "
                                  f"(match {match_id}); the same command with --resume continues") from None
            finally:
                store.close()
                executor.close()
        if plot is not None:
            from pokerlab.arena.plot import plot_bankroll

            plot_bankroll(result, plot)
        data = result.to_dict()
        data["db"] = str(db)
        data["time_limit"] = limit or None
        if plot is not None:
            data["plot"] = str(plot)
        if as_json:
            print_json(data)
            return
        unit = settings.unit
        rows = []
        for r in result.results:
            row = [r.bot, f"{r.per_hand:+.3f}", fmt_ci(r.ci95), r.hands, r.illegal_actions]
            if freezeout:
                row.append("-" if r.knocked_out is None else r.knocked_out)
            rows.append(row)
        columns = ["bot", f"{unit}/hand", "95% CI", "hands", "illegal actions"]
        if freezeout:
            columns.append("knocked out (hand)")
        kind = "duplicate " if duplicate else ("freezeout " if freezeout else "")
        if settings.rules.draws:
            kind += f"{settings.rules.title} "
        title = (f"{kind}{game} match, {result.hands_stored} hands stored "
                 f"({result.hands_played} played now), match {result.match_id} in {db}")
        console.print(table(title, columns, rows))
        report_errors(result.results, limit)
        if result.where["backend"] != "in-process":
            console.print(progress_label("played", result.where))
        if plot is not None:
            console.print(f"bankroll curves: {plot}")
