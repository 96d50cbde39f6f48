"""``pokerlab nolimit``: heads-up no-limit hold'em's blueprint; ``ranges`` shows a pre-flop
decision's ranges as 13x13 grids."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pokerlab.cli.common import console, output_file, print_json, table, user_errors
from pokerlab.cli.grids import class_table, frequency_cell

if TYPE_CHECKING:
    from pokerlab.nolimit.ranges import PreflopRanges


def _print_ranges(r: PreflopRanges, blueprint: str) -> None:
    from pokerlab.cards.grid import ORIENTATION

    after = f" after {', '.join(r.steps)}" if r.steps else ", the first decision"
    to_call = f", {r.to_call_bb:g}bb to call" if r.to_call_bb else ""
    console.print(f"{r.line or '(root)'}: the {r.who} acts{after}; pot {r.pot_bb:g}bb{to_call}",
                  highlight=False)
    other = "button" if r.who == "big blind" else "big blind"
    rows = [[f"the {r.who}'s range", f"{r.range_pct:.1f}", "100.0"]]
    rows += [[a, f"{p:.1f}", f"{100 * p / r.range_pct:.1f}" if r.range_pct else "-"]
             for a, p in zip(r.actions, r.action_pct, strict=True)]
    rows.append([f"(the {other}'s range)", f"{r.opponent_pct:.1f}", ""])
    columns = ["", "% of holdings", "% of the range"]
    console.print(table("sizes: holdings weighted by the player's own reach", columns, rows, width=80))
    if r.range_pct < 100.0:
        console.print(class_table(f"range reaching it: reach per class, {r.range_pct:.1f}% of holdings",
                                  r.reaches(), frequency_cell))
    for a, action in enumerate(r.actions):
        console.print(class_table(f"{action}: frequency per class, {r.action_pct[a]:.1f}% of holdings",
                                  r.frequencies(a), frequency_cell))
    console.print(f"{ORIENTATION}; 1 always, blank never; blueprint {Path(blueprint).name}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add the ``nolimit`` command group to ``app`` (its commands: ``ranges``; more may join)."""
    group = typer.Typer(help="Heads-up no-limit hold'em: the blueprint's pre-flop ranges.",
                        no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="nolimit")
    _ranges_command(group)


def _ranges_command(group: typer.Typer) -> None:
    @group.command("ranges")
    @user_errors
    def ranges(
        line: str = typer.Option("", "--line", help="The pre-flop decision, in ACPC no-limit letters: "
                                 "'' the button's first, 'r250' the big blind facing a 2.5bb open."),
        blueprint: Path | None = typer.Option(None, "--blueprint", metavar="FILE",
                                              help="A blueprint file (default: the shipped one)."),
        plot: str = typer.Option("", "--plot", help="Write the grids as heat maps (.png or .svg)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """A pre-flop decision's ranges: a 13x13 grid per action and the sizes.

        Each grid holds every class's frequency of the action. The range's size is the share
        of the 1,326 holdings reaching the decision, each weighted by the player's own earlier
        actions with it; an action's size is that times the action's frequency.
        """
        from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT, Blueprint
        from pokerlab.nolimit.ranges import preflop_ranges

        output_file(plot or None, "--plot", (".png", ".svg"))
        bp = Blueprint.load(blueprint, option="--blueprint")
        r = preflop_ranges(bp, line, "--line")
        if plot:
            from pokerlab.nolimit.plot import plot_preflop_ranges

            plot_preflop_ranges(r, plot)
        source = str(blueprint or DEFAULT_BLUEPRINT)
        if as_json:
            print_json(r.as_dict() | {"blueprint": source} | ({"plot": plot} if plot else {}))
            return
        _print_ranges(r, source)
        if plot:
            console.print(f"heat maps written to {plot}", highlight=False)
