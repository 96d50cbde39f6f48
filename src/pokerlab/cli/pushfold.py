"""``pokerlab pushfold``: pre-flop all-in-or-fold equilibria (``solve``) and the heads-up chart
(``chart``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.table import Table

from pokerlab.cli.common import Interrupted, console, output_file, print_json, progress, user_errors
from pokerlab.cli.grids import class_table, frequency_cell

if TYPE_CHECKING:
    from pokerlab.pushfold.chart import HeadsUpChart
    from pokerlab.pushfold.solution import PushFoldSolution


def frequency_grid(solution: PushFoldSolution, node: int, action: int = -1) -> Table:
    """One decision's frequencies of ``action`` (default the last: push or call) on the grid."""
    n = solution.game.tree().nodes[node]
    title = f"{n.line}: {n.actions[action]} {100 * solution.share(node, action):.1f}% of hands"
    return class_table(title, solution.frequency(node, action), frequency_cell)


def _seat(positions: tuple[str, ...], name: str) -> int:
    """A seat named as the game names it (``--ev BB``), or a ``ValueError`` naming ``--ev``."""
    if name.upper() not in positions:
        raise ValueError(f"--ev: no seat {name!r} at this table ({', '.join(positions)})")
    return positions.index(name.upper())


def ev_grid(solution: PushFoldSolution, seat: int) -> Table:
    """A seat's expected payoff per class on the grid (two decimals below 1, else one)."""
    from pokerlab.cards import PREFLOP_CLASSES

    g = solution.game
    units = "prize" if g.icm else "bb"
    values = dict(zip(PREFLOP_CLASSES, solution.evaluation.class_value[seat], strict=True))
    return class_table(f"{g.positions[seat]}: expected value per class ({units})", values,
                       lambda v: f"{v:.2f}".replace("0.", ".", 1) if abs(v) < 1 else f"{v:.1f}")


def _print_solution(s: PushFoldSolution, nodes: list[int]) -> None:
    g = s.game
    units = "prize" if g.icm else "bb"
    pay = f"ICM, payouts {','.join(f'{p:g}' for p in g.payouts)}" if g.icm else "chip EV"
    console.print(f"{g.players} players, blinds {g.small_blind:g}/{g.big_blind:g}, ante {g.ante:g}, {pay}"
                  + (f", small blind may {g.opening}" if g.opening else ""))
    if s.method == "linear program":
        verdict = "certified" if s.certified else "NOT certified"
        console.print(f"linear program, {s.seconds:.2f} s: {verdict}; largest "
                      f"best-response gain {max(s.evaluation.gains):.1e} {units}")
    else:
        state = "converged" if s.reached else "NOT CONVERGED"
        console.print(f"{s.method}: {s.iterations} iterations in {s.seconds:.1f} s, {state}; "
                      f"NashConv {s.evaluation.nash_conv:.2g} {units} (target {s.target:.2g} a player)")
        if s.samples:
            console.print(f"three-way showdowns: Monte Carlo, {s.samples} deals a class triple; values "
                          f"within about {s.three_way_error:.0e} {units}".replace("0e+00", "0"))
    players = Table(title="Players", box=None)
    for col in ("seat", "stack", f"value ({units})", f"gain ({units})"):
        players.add_column(col, justify="right" if col != "seat" else "left")
    for i, pos in enumerate(g.positions):
        players.add_row(pos, f"{g.stacks[i]:g}", f"{s.evaluation.value[i]:+.4f}",
                        f"{s.evaluation.gains[i]:.1e}")
    console.print(players)
    decisions = Table(title="Decisions (dividing point: share of hands below the threshold)", box=None)
    for col in ("decision", "share", "point", "breakers"):
        decisions.add_column(col, overflow="fold")
    for k in nodes:
        n = g.tree().nodes[k]
        reading = s.readings[k]
        shares = " ".join(f"{a} {100 * s.share(k, i):.1f}%" for i, a in enumerate(n.actions) if a != "fold")
        breakers = ", ".join(reading.breakers[:4]) + (" ..." if len(reading.breakers) > 4 else "")
        decisions.add_row(n.line, shares, f"{reading.point:.3f}", breakers or "none")
    console.print(decisions)
    for k in nodes:  # a grid for each action but the fold (heads-up openings have two)
        for action in range(1, len(g.tree().nodes[k].actions)):
            console.print(frequency_grid(s, k, action))


def _print_chart(c: HeadsUpChart) -> None:
    for what, values in (("Push (small blind)", c.push), ("Call (big blind)", c.call)):
        console.print(class_table(f"{what}: largest stack in big blinds", values, c.label))
    console.print(f"{len(c.stacks)} stacks solved in {c.seconds:.1f} s; largest best-response gain "
                  f"{c.worst_gain:.1e} bb; AA top left, suited above the diagonal")


def chart_markdown(c: HeadsUpChart) -> str:
    """The two grids as Markdown tables (the README's chart)."""
    from pokerlab.cards.grid import GRID_RANKS, class_grid

    lines = []
    for what, values in (("Push", c.push), ("Call", c.call)):
        grid = class_grid(values)
        lines += [f"| {what} | " + " | ".join(GRID_RANKS) + " |", "|---" * 14 + "|"]
        for r in range(13):
            lines.append(f"| **{GRID_RANKS[r]}** | " + " | ".join(c.label(float(v)) for v in grid[r]) + " |")
        lines.append("")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the ``pushfold`` command group (``solve``, ``chart``) to ``app``."""
    group = typer.Typer(help="Pre-flop push/fold equilibria, 2 to 9 players, chips or ICM.",
                        no_args_is_help=True)
    app.add_typer(group, name="pushfold")

    @group.command("solve")
    @user_errors
    def solve_command(
        stacks: str = typer.Option(..., "--stacks", help="Stacks in big blinds in the order players act "
                                   "(heads-up: SB,BB; else first to act ... BTN,SB,BB), e.g. 10,10."),
        blinds: str = typer.Option("0.5,1", "--blinds", help="Small and big blind."),
        ante: float = typer.Option(0.0, "--ante", help="Ante every player posts."),
        payouts: str = typer.Option("", "--payouts", help="Prizes of 1st, 2nd, ... for the ICM "
                                    "(e.g. 50,30,20); chip EV without it."),
        opening: str = typer.Option("", "--open", help="Heads-up: give the small blind a limp or a "
                                    "min-raise as a third action (limp, min-raise)."),
        max_allin: int = typer.Option(3, "--max-allin", help="At most this many players all-in (2 or 3)."),
        target: float = typer.Option(0.01, "--target", help="3+ players: stop when no player gains more "
                                     "than this many big blinds by deviating."),
        max_iterations: int = typer.Option(20_000, "--max-iterations",
                                           help="3+ players: DCFR iterations at most."),
        line: list[str] = typer.Option([], "--line", help="Show this decision's grid, e.g. 'BTN push, SB' "
                                       "(repeatable; default: every first-in decision)."),
        ev: list[str] = typer.Option([], "--ev", help="Show this seat's expected value per class as a "
                                     "grid, e.g. BB (repeatable)."),
        plot: str = typer.Option("", "--plot", help="Write the shown grids as heat maps (.png or .svg)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Solve a push/fold spot: push and call frequencies per class, values, NashConv."""
        from pokerlab.pushfold.game import PushFoldGame, read_blinds, read_numbers
        from pokerlab.pushfold.solution import named_nodes, shown_nodes, solve

        output_file(plot or None, "--plot", (".png", ".svg"))
        sb, bb = read_blinds("--blinds", blinds)
        game = PushFoldGame(read_numbers("--stacks", stacks), sb, bb, ante,
                            read_numbers("--payouts", payouts), opening or None, max_allin)
        named_nodes(game, line, "--line")  # a line with no decision is said before the solve
        seats = [_seat(game.positions, name) for name in ev]
        bar = not as_json and game.players > 2
        with progress("DCFR iterations", None, enabled=bar, eta=False) as advance:
            def report(done: int, gain: float | None) -> None:
                advance(1)
                if gain is not None:
                    advance.describe(f"largest gain {gain:.3g}")
            try:
                solution = solve(game, target, max_iterations, progress=report)
            except KeyboardInterrupt:
                raise Interrupted(f"stopped after {advance.done} iterations") from None
        nodes = shown_nodes(solution, line, "--line")
        if plot:
            from pokerlab.pushfold.plot import plot_solution

            plot_solution(solution, nodes, plot)
        if as_json:
            print_json(solution.as_dict())
            return
        _print_solution(solution, nodes)
        for seat in seats:
            console.print(ev_grid(solution, seat))
        if plot:
            console.print(f"heat maps written to {plot}")

    @group.command("chart")
    @user_errors
    def chart_command(
        max_stack: float = typer.Option(50.0, "--max-stack", help="Largest stack of the grid (bb)."),
        min_stack: float = typer.Option(1.0, "--min-stack", help="Smallest stack of the grid (bb)."),
        step: float = typer.Option(0.1, "--step", help="Distance between the stacks solved (bb)."),
        blinds: str = typer.Option("0.5,1", "--blinds", help="Small and big blind."),
        ante: float = typer.Option(0.0, "--ante", help="Ante each player posts."),
        workers: int = typer.Option(1, "--workers", help="Local processes solving stacks at once."),
        markdown: bool = typer.Option(False, "--markdown", help="Print the grids as Markdown tables."),
        plot: str = typer.Option("", "--plot", help="Write the two grids as heat maps (.png or .svg)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The heads-up chart: for each class the largest stack at which it pushes, and calls."""
        from pokerlab.executors import executor_for
        from pokerlab.pushfold.chart import headsup_chart
        from pokerlab.pushfold.game import read_blinds

        output_file(plot or None, "--plot", (".png", ".svg"))
        sb, bb = read_blinds("--blinds", blinds)
        with (executor_for(workers=workers) as ex,
              progress("stacks", None, enabled=not (as_json or markdown)) as advance):
            def report(done: int, total: int) -> None:
                advance(done - advance.done)
            try:
                chart = headsup_chart(max_stack, step, min_stack, sb, bb, ante, ex, report)
            except KeyboardInterrupt:
                raise Interrupted(f"stopped after {advance.done} stacks") from None
        if plot:
            from pokerlab.pushfold.plot import plot_chart

            plot_chart(chart, plot)
        if as_json:
            print_json(chart.as_dict())
        elif markdown:
            console.print(chart_markdown(chart), markup=False, highlight=False, soft_wrap=True)
        else:
            _print_chart(chart)
            if plot:
                console.print(f"heat maps written to {plot}")
