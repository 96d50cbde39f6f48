"""``pokerlab nolimit``: heads-up no-limit hold'em's blueprint; ``train`` trains one by MCCFR
(the training command of ``pokerlab hulhe train``, on a betting abstraction's tree), ``show``
reads a blueprint file, ``ranges`` shows a pre-flop decision's ranges as 13x13 grids,
``continuation`` builds (or finds) the continuation values the pre-flop search reads at the
flop."""

from __future__ import annotations

import math
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
    """Add the ``nolimit`` command group to ``app``."""
    group = typer.Typer(help="Heads-up no-limit hold'em: train a blueprint, show it, its pre-flop "
                        "ranges, its continuation values.",
                        no_args_is_help=True, rich_markup_mode=None)
    app.add_typer(group, name="nolimit")
    _train_commands(group)
    _ranges_command(group)
    _continuation_command(group)


def _train_commands(group: typer.Typer) -> None:
    from pokerlab.cli import hulhe as h
    from pokerlab.cli.cluster import cluster_option

    @group.command("train")
    @user_errors
    def train(
        iterations: int | None = h.ITERATIONS,
        seconds: float | None = h.SECONDS,
        checkpoint_dir: Path = h.checkpoint_dir_option("nolimit-run"),
        resume: bool = h.RESUME,
        betting: Path | None = typer.Option(None, "--betting", metavar="FILE",
                                            help="Betting abstraction (TOML; default: the shipped "
                                            "default.toml, the ACPC game)."),
        stack: float | None = typer.Option(None, "--stack", help="Stacks in big blinds (default: the "
                                           "betting file's; 100 for the 100-big-blind game)."),
        workers: int = h.WORKERS,
        cluster: str | None = cluster_option(),
        flop: int = h.FLOP,
        turn: int = h.TURN,
        river: int = h.RIVER,
        kind: str = h.KIND,
        algorithm: str = h.ALGORITHM,
        seed: int = h.SEED,
        checkpoint_every: int = h.checkpoint_every_option(1_000_000),
        eval_deals: int = h.EVAL_DEALS,
        eval_seed: int = h.EVAL_SEED,
        out: Path | None = typer.Option(None, "--out",
                                        help="Blueprint file (.npz; default: strategy.npz in the folder)."),
        plot: Path | None = h.PLOT,
        no_progress: bool = h.NO_PROGRESS,
        as_json: bool = h.AS_JSON,
    ) -> None:
        """Train a heads-up no-limit blueprint by external-sampling MCCFR on a betting abstraction
        (sizes per street and raise level) and a card abstraction; measure it in the abstract
        game at each checkpoint; write the blueprint file (nlhe-blueprint:FILE plays it).

        Ctrl-C keeps the last checkpoint; --resume continues it (the settings are the run's
        own), and for a fixed seed ends as the run never stopped would.
        """
        from pokerlab.cli.hulhe import run_training
        from pokerlab.nolimit.betting import BettingAbstraction, BettingError

        spec = BettingAbstraction.default() if betting is None else BettingAbstraction.load(betting)
        if stack is not None:
            if not (math.isfinite(stack) and round(stack * spec.big_blind) > spec.big_blind):
                raise BettingError(f"--stack {stack:g}: stacks must be above one big blind")
            spec = spec.with_stack(stack)
        run_training(iterations=iterations, seconds=seconds, checkpoint_dir=checkpoint_dir, resume=resume,
                     workers=workers, cluster=cluster, settings_args=(flop, turn, river, kind),
                     algorithm=algorithm, seed=seed, checkpoint_every=checkpoint_every,
                     eval_deals=eval_deals, eval_seed=eval_seed, out=out, plot=plot,
                     no_progress=no_progress, as_json=as_json, betting=spec.to_dict())

    @group.command("show")
    @user_errors
    def show(
        file: Path | None = typer.Argument(None, help="A blueprint file of pokerlab nolimit train "
                                           "(default: the shipped one nlhe-blueprint plays)."),
        plot: Path | None = typer.Option(None, "--plot", help="The exploitability curve (PNG or SVG)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The betting, abstraction, size and abstract exploitability curve of a blueprint."""
        from pokerlab.cli.hulhe import show_strategy
        from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT, Blueprint

        file = file or DEFAULT_BLUEPRINT
        Blueprint.load(file, option="FILE")  # a limit file or another tree: one line
        show_strategy(file, plot, as_json, "nlhe-blueprint")


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


def _continuation_command(group: typer.Typer) -> None:
    @group.command("continuation")
    @user_errors
    def continuation(
        file: Path | None = typer.Argument(None, help="A blueprint file (default: the shipped one "
                                           "nlhe-blueprint plays)."),
        out: Path | None = typer.Option(None, "--out", help="Write the table here (.npz) instead of "
                                        "the cache folder the bots read."),
        deals_per_pair: int = typer.Option(48, "--deals-per-pair", min=1, max=1000,
                                           help="Deals sampled for each pair of starting-hand classes "
                                           "(other than 48: with --out only)."),
        boards: int = typer.Option(2000, "--boards", min=100, max=1_000_000,
                                   help="The pool of boards the deals draw from (other than 2000: "
                                   "with --out only)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals (other than 0: with "
                                 "--out only)."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The blueprint's continuation values at the flop, which the pre-flop search
        (nlhe-search:streets=preflop+river) reads at its leaves: found (shipped beside a shipped
        blueprint, or in the cache folder) or computed now (about five minutes on two cores)
        and kept where the bots find it; with --out, computed with these settings and written
        there. Prints each line's average values.
        """
        from pokerlab.cli.common import Interrupted, err_console, progress
        from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT, Blueprint
        from pokerlab.nolimit.continuation import (
            BOARDS,
            DEALS_PER_PAIR,
            build_continuation,
            continuation_for,
            line_count,
            table_source,
        )

        output_file(out, "--out", (".npz",))
        changed = [f"{name} {value}" for name, value, default in (
            ("--deals-per-pair", deals_per_pair, DEALS_PER_PAIR), ("--boards", boards, BOARDS),
            ("--seed", seed, 0)) if value != default]
        if out is None and changed:
            raise ValueError(f"{', '.join(changed)}: the bots read the table of the defaults; give "
                             "--out to write another")
        bp = Blueprint.load(file, option="FILE")
        source, path = ("computed", out) if out is not None else table_source(bp)
        total = 1 + line_count(bp)
        bar = (not (no_progress or as_json) and source in ("computed", "missing")
               and err_console.is_terminal)
        with progress("continuation values", total=total, enabled=bar) as advance:
            def step(done: int, _total: int) -> None:
                advance(done - advance.done)

            try:
                if out is not None:
                    found = build_continuation(bp, deals_per_pair, boards, seed, progress=step)
                    found.save(out)
                else:  # without a bar, a table computed now says so in one line
                    found = continuation_for(bp, progress=step if bar else None)
            except KeyboardInterrupt:
                raise Interrupted(f"{advance.done} of {total} steps done; nothing is kept") from None
        source = "computed" if source == "missing" else source
        rows = found.summary()
        data = {"blueprint": str(file or DEFAULT_BLUEPRINT), "table": str(path), "source": source,
                "deals_per_pair": found.deals, "lines": rows}
        if as_json:
            print_json(data)
            return
        where = f"shipped beside the blueprint: {path.name}" if source == "shipped" else f"{source}: {path}"
        console.print(where, highlight=False, soft_wrap=True)
        cells = [[r["line"], f"{r['put_bb']:g}", *(f"{r[k]:+.2f}" for k in (
            "button_searches_blueprint_bb", "button_searches_choice_bb", "big_blind_searches_blueprint_bb",
            "big_blind_searches_choice_bb"))] for r in rows]
        console.print(table("The button's net (bb), all pairs of classes as dealt; the searcher "
                            "purified, the opponent the blueprint or its choice",
                            ["line", "in bb", "BTN searches", "BB's choice", "BB searches",
                             "BTN's choice"], cells, width=80))
