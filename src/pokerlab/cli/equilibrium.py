"""``pokerlab equilibrium``: solve Kuhn, Leduc (two or more players), Ferguson's endgame or a
discretised dividing-point game with CFR, CFR+, discounted CFR or (two players) the
sequence-form LP."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import typer

from pokerlab.cli.common import (
    Interrupted,
    console,
    fmt_gain,
    output_file,
    print_json,
    progress,
    reject_unused,
    table,
    user_errors,
)


def _number(text: str, option: str, positive: bool = False) -> Fraction:
    """A number written as ``3``, ``0.3`` or ``3/10``, kept exact."""
    from pokerlab.exact import exact_fraction

    return exact_fraction(text, option, positive=positive)


def _plot(trace: list[tuple[int, float]], title: str, path: Path) -> None:
    from pokerlab._plot import plot_file

    points = [(i, e) for i, e in trace if e > 0]
    if not points:
        raise ValueError("--plot: nothing to draw (no iterations with positive exploitability)")
    with plot_file(path, (6, 4), dpi=100) as (_, ax):
        ax.loglog([i for i, _ in points], [e for _, e in points], marker=".")
        ax.set_xlabel("iterations")
        ax.set_ylabel("exploitability (NashConv / 2)")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)


def register(app: typer.Typer) -> None:
    """Add the ``equilibrium`` command to ``app``."""

    @app.command("equilibrium")
    @user_errors
    def equilibrium(
        game: str = typer.Argument(
            ...,
            help="kuhn, leduc (kuhn3, leduc3: three players; kuhnN, leducN: N), endgame, or a "
            "dividing-point game (built-in name or TOML file) discretised with --levels.",
        ),
        algorithm: str = typer.Option(
            "cfr+", "--algorithm", "-a", help="cfr, cfr+, dcfr or lp (lp: two-player zero-sum games only)."
        ),
        iterations: int = typer.Option(1000, "--iterations", "-n", min=1, help="Iterations of CFR."),
        levels: int = typer.Option(
            100,
            "--levels",
            min=1,
            help="Hand levels of a dividing-point game (three players: levels^3 deals).",
        ),
        pot: str = typer.Option("2", "--pot", help="Pot (all antes) of a dividing-point game."),
        ante: str = typer.Option("1", "--ante", help="endgame: each player's ante a."),
        bets: str = typer.Option("2", "--bets", help="endgame: bet of each round, e.g. 2,6."),
        win_probability: str = typer.Option(
            "1/4", "--win-probability", help="endgame: probability P that player I wins (3/10, 0.3)."
        ),
        plot: Path | None = typer.Option(
            None, "--plot", help="Draw exploitability against iterations (log-log), PNG or SVG."
        ),
        continuous: bool = typer.Option(
            False,
            "--continuous",
            help="Dividing-point games: play the result on continuous hands (each hand mixes as its "
            "level does), certify it there by exact best responses and list where it mixes.",
        ),
        hands_plot: Path | None = typer.Option(
            None,
            "--hands-plot",
            help="With --continuous: draw every decision's action probabilities along the hand "
            "axis (PNG or SVG).",
        ),
        refine: int = typer.Option(
            0,
            "--refine",
            min=0,
            max=20,
            help="With --continuous: rounds of splitting the levels where the certificate finds "
            "gains, each solved again with --iterations (a tighter bound for fewer levels).",
        ),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Solve a game and report every player's value, NashConv and exploitability."""
        from pokerlab.equilibrium.run import checkpoints, load_game, solve, strategy_table

        endgame_options = {"ante": "--ante", "bets": "--bets", "win_probability": "--win-probability"}
        levels_options = {
            "levels": "--levels", "pot": "--pot", "continuous": "--continuous", "refine": "--refine",
            "hands_plot": "--hands-plot",
        }  # fmt: skip
        if re.fullmatch(r"(kuhn|leduc)[0-9]*", game):
            reject_unused({**levels_options, **endgame_options}, f"{game}'s rules are fixed")
        elif game == "endgame":
            reject_unused(levels_options, "used only by dividing-point games")
        else:
            reject_unused(endgame_options, "used only by the endgame game")
        if algorithm == "lp":
            reject_unused({"iterations": "--iterations"}, "the LP has no iterations")
        if refine and not continuous:
            raise ValueError(f"--refine {refine}: splits levels by the certificate; add --continuous")
        if hands_plot is not None and not continuous:
            raise ValueError(f"--hands-plot {hands_plot}: draws the continuous reading; add --continuous")
        if refine and algorithm == "lp":
            raise ValueError(f"--refine {refine}: solves each round with CFR; use cfr, cfr+ or dcfr")
        output_file(plot, "--plot", (".png", ".svg"))
        output_file(hands_plot, "--hands-plot", (".png", ".svg"))
        bet_sizes = [_number(b, "--bets", positive=True) for b in bets.replace(" ", "").split(",") if b]
        probability = _number(win_probability, "--win-probability")
        if not 0 <= probability <= 1:
            raise ValueError(f"--win-probability {win_probability}: must be between 0 and 1")
        g = load_game(
            game,
            levels=levels,
            pot=pot,
            ante=_number(ante, "--ante", positive=True),
            bets=bet_sizes,
            win_probability=probability,
        )
        if plot is not None and algorithm == "lp":
            raise ValueError("--plot: the LP has no iterations to plot; use cfr, cfr+ or dcfr")
        trace_points = checkpoints(iterations) if plot is not None else []
        total = 1 if algorithm == "lp" else iterations
        with progress(f"{algorithm} on {g.name}", total, enabled=not as_json) as advance:
            try:
                result = solve(g, algorithm, iterations, trace_points, on_progress=advance)
            except KeyboardInterrupt:
                raise Interrupted(f"stopped after {advance.done:,} of {total:,} iterations") from None
        if plot is not None:
            _plot(result.trace, f"{algorithm} on {g.name}", plot)
        report = {
            "game": result.game,
            "algorithm": result.algorithm,
            "iterations": result.iterations,
            "players": result.players,
            # Two players: player 0's value (player 1's is its negative); more: one per player.
            "value": result.value if result.players == 2 else result.values,
            "nash_conv": result.nash_conv,
            "gains": result.gains,
            "exploitability": result.exploitability,
            "seconds": result.seconds,
        }
        if result.value_fraction is not None:
            report["value_fraction"] = str(result.value_fraction)
        if result.certified_value is not None:
            report["value_exact"] = str(result.certified_value)
        if result.trace and plot is not None:
            report["trace"] = [{"iterations": i, "exploitability": e} for i, e in result.trace]
        if g.name == "kuhn3":
            from pokerlab.equilibrium.games.kuhn_family import distance_to_family, family_parameters

            params = family_parameters(result.strategy)
            report["szafron_family"] = {
                **{k: float(v) for k, v in vars(params).items()},
                "distance": distance_to_family(result.strategy),
                "violations": params.violations(tol=1e-3),
            }
        if continuous:
            from pokerlab.gamespec import load_game as load_betting_game
            from pokerlab.threshold.refining.continuous import continuous_certificate
            from pokerlab.threshold.refining.refine import refine as refine_levels

            betting_game = load_betting_game(game, pot=pot)
            strategy, edges, solved_levels = result.strategy, None, levels
            if refine:
                rounds = refine + 1
                with progress(f"refining the levels ({refine} rounds)", rounds, enabled=not as_json) as step:
                    try:
                        refined = refine_levels(
                            betting_game, refine, levels, iterations, result.strategy, algorithm,
                            on_round=lambda _: step(),
                        )  # fmt: skip
                    except KeyboardInterrupt:
                        raise Interrupted(f"stopped after {step.done} of {rounds} rounds") from None
                report["continuous"] = refined.report()
                strategy, edges, solved_levels = refined.strategy, refined.edges, len(refined.edges) - 1
            else:
                with progress("certifying in the continuous game", None, enabled=not as_json):
                    check = continuous_certificate(betting_game, result.strategy, levels)
                report["continuous"] = check.report()
            if hands_plot is not None:
                from pokerlab.threshold.reporting.plot_behaviour import plot_behaviour

                nash_conv = fmt_gain(report["continuous"]["nash_conv"], ".2g")
                bound = f"{solved_levels} levels, NashConv {nash_conv}"
                title = f"{betting_game.name}: actions by hand ({bound})"
                plot_behaviour(betting_game, strategy, solved_levels, hands_plot, title, edges)
        rows = strategy_table(result.strategy)
        if as_json:
            if rows is not None:
                report["strategy"] = rows
            print_json(report)
            return
        skip = ("trace", "value", "gains", "szafron_family", "continuous")
        gains = ("nash_conv", "exploitability")
        fields = [[k, fmt_gain(v) if k in gains else v] for k, v in report.items() if k not in skip]
        for p in range(result.players):
            fields.append([f"value, P{p + 1}", result.values[p]])
            fields.append([f"gain, P{p + 1}", fmt_gain(result.gains[p])])
        if "szafron_family" in report:
            family = report["szafron_family"]
            fields.append(["2013 family", ", ".join(f"{k} {family[k]:.4f}" for k in vars(params))])
            fields.append(["distance to it", family["distance"]])
        console.print(table("Equilibrium", ["field", "value"], fields))
        if continuous:
            c = report["continuous"]
            body = [[f"P{p + 1}", f"{c['value'][p]:+.6f}", fmt_gain(c["gains"][p], ".3g")]
                    for p in range(result.players)]
            body.append(["NashConv", "", fmt_gain(c["nash_conv"], ".3g")])
            if "rounds" in c:
                body_rounds = [[str(k), str(r["levels"]), fmt_gain(r["nash_conv"], ".3g"),
                                f"{r['seconds']:.1f}"] for k, r in enumerate(c["rounds"])]  # fmt: skip
                # a count of refinements (0: the levels as given), not a round number
                columns = ["refinements", "levels", "NashConv", "seconds"]
                console.print(table("Refining the levels", columns, body_rounds))
            title = f"On continuous hands ({c['levels']} levels, {c['seconds']:.1f} s)"
            console.print(table(title, ["", "value", "gain (exact best response)"], body))
            zones = [
                [f"P{z['player']}", z["after"] or "(opens)", f"{z['low']:.3f}-{z['high']:.3f}",
                 ", ".join(f"{a} {lo:.2f}-{hi:.2f}" for a, (lo, hi) in z["actions"].items())]
                for z in c["mixed"]
            ]  # fmt: skip
            if zones:
                console.print(table("Where it mixes", ["player", "after", "hands", "actions"], zones))
        if rows is not None:
            actions = sorted({a for r in rows for a in r["probabilities"]})
            body = [
                [r["history"], str(r["player"]), r["hand"],
                 *[f"{r['probabilities'][a]:.4f}" if a in r["probabilities"] else "" for a in actions]]
                for r in rows
            ]  # fmt: skip
            title = "Equilibrium strategy (LP)" if algorithm == "lp" else "Average strategy"
            console.print(table(title, ["history", "player", "hand", *actions], body))
        if plot is not None:
            console.print(f"plot written to {plot}")
        if hands_plot is not None:
            console.print(f"plot written to {hands_plot}")
