"""``pokerlab spot``: solve a hold'em spot range against range, and browse a saved solution."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

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

_OVERRIDES = ("board", "pot", "stack", "oop_range", "ip_range", "raise_cap", "allin_threshold",
              "rake_pct", "rake_cap", "preflop", "blueprint")


def _spot(path: Path | None, texassolver: Path | None, flags: dict[str, Any]) -> tuple[Any, Any]:
    """The spot from a TOML file, a TexasSolver input file or the flags (flags override), and
    the TexasSolver input read (:class:`~pokerlab.spot.texassolver.TexasSolverInput`, else None)."""
    from pokerlab.spot.spec import PREFLOP_SETS, Spot, SpotError, parse_sizes, read_spot_file

    if path is not None and texassolver is not None:
        raise SpotError("give a spot file or --texassolver FILE, not both")
    ts = None
    if texassolver is not None:
        from pokerlab.spot.texassolver import read_texassolver_input

        ts = read_texassolver_input(texassolver)
        base = ts.spot.to_dict()
    elif path is not None:
        raw = read_spot_file(path)
        spot = Spot.from_dict(raw)
        # a pre-flop line stays a line: the flags may change the board its ranges are dealt on
        base = raw if "preflop" in raw else spot.to_dict()
    else:
        base = {}
    given = {k: v for k, v in flags.items() if v is not None}
    if not base and not given:
        raise SpotError("give a spot file (SPOT.toml), --texassolver FILE, or --board, --pot, "
                        "--stack, --oop-range and --ip-range (or --preflop LINE for those four)")
    data = dict(base)
    if "preflop" in given:  # the line given replaces the file's pot, stack and ranges
        for k in PREFLOP_SETS:
            data.pop(k, None)
    elif "preflop" in data and any(k in given for k in PREFLOP_SETS):  # and typed ones its line
        data.pop("preflop")
        data.pop("blueprint", None)
    for k in _OVERRIDES:
        if k in given:
            data[k] = given[k]
    for k in ("bet", "raise", "donk"):
        if k in given:
            try:  # read here, so that a bad size names the option, not a street the spot copies it to
                parse_sizes(given[k])
            except SpotError as exc:
                raise SpotError(f"--{k} {given[k]!r}: {exc}") from None
            for street in ("flop", "turn", "river"):
                for pl in ("oop", "ip"):
                    data.setdefault(street, {}).setdefault(pl, {})[k] = given[k]
    for k in ("board",) if "preflop" in data else ("board", *PREFLOP_SETS):
        if k not in data:
            raise SpotError(f"--{k.replace('_', '-')}: missing (no spot file gives it)")
    try:
        return Spot.from_dict(data), ts
    except SpotError as exc:  # a field the flags gave: name the option
        field, sep, rest = str(exc).partition(":")
        name = field.split(" ")[0]
        if sep and name in _OVERRIDES and name in given:
            raise SpotError(f"--{name.replace('_', '-')}{field[len(name):]}:{rest}") from None
        raise


def _stopping(ts: Any, source: Path | None, target: float | None, max_iterations: int | None,
              check_every: int | None, threads: int | None, most: int) -> tuple[float, int, int, int | None]:
    """The solve's target, iteration cap, check interval and threads: an option given, else
    the TexasSolver file's command (set_accuracy, set_max_iteration, set_print_interval,
    set_thread_num: TexasSolver's defaults where it has none), else pokerlab's defaults. A
    file asking for more threads than the machine has gets them all, with a warning line."""
    if ts is None:
        return (0.3 if target is None else target, 1000 if max_iterations is None else max_iterations,
                10 if check_every is None else check_every, threads)
    if target is None:
        target = ts.accuracy_pct if ts.accuracy_pct is not None else 0.3
    if max_iterations is None:
        max_iterations = ts.max_iterations
    if check_every is None:
        check_every = ts.check_every
    if threads is None:
        threads = min(ts.threads, most)
        if ts.threads > most:
            err_console.print(f"warning: {source}: set_thread_num {ts.threads}: this machine runs "
                              f"{most} threads; solving on {most}",
                              highlight=False, markup=False, soft_wrap=True)
    return target, max_iterations, check_every, threads


def _dump(sol: Any, ts: Any, path: Path, source: Path | None) -> None:
    """Write a TexasSolver file's ``dump_result``: the solution (.npz) or the strategy dump (.json)."""
    if path.suffix.lower() == ".npz":
        with removed_unless_done(path):
            sol.save(path)
        return
    import json

    from pokerlab._json import jsonable
    from pokerlab.spot.browse import strategy_dump

    if ts.dump_rounds > 1:
        err_console.print(f"warning: {source}: set_dump_rounds {ts.dump_rounds}: the .json dump holds "
                          "the first street's decisions; dump_result to a .npz file keeps every street "
                          "(spot show browses it)", highlight=False, markup=False, soft_wrap=True)
    with removed_unless_done(path), open(path, "w", encoding="utf-8") as fh:
        json.dump(jsonable(strategy_dump(sol)), fh, indent=1)
        fh.write("\n")


def _chips(x: float) -> str:
    text = f"{x:.2f}"
    return "0.00" if text == "-0.00" else text


def _fixed(x: float, digits: int) -> str:
    """``x`` to ``digits`` decimals, a rounding error below them printed as 0 (not -0.000: a
    converged locked solve measures gains of about -1e-7)."""
    return f"{round(x, digits) + 0.0:.{digits}f}"


def _mib(n: int) -> str:
    """Bytes as MiB, or KiB below one MiB (a river needs kilobytes)."""
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n / 2**10:.0f} KiB"


def _solve_ticker(advance: Any, target: float) -> Any:
    """A solve's ``progress`` callback: the bar advances one iteration at a time and, when the
    exploitability is measured, shows it against the target."""

    def tick(iterations: int, pct: float | None) -> None:
        advance(1)
        if pct is not None:
            advance.describe(f"solving: {pct:.3f}% of the pot, target {target:g}%")

    return tick


_CAPS = {"max_iterations": "--max-iterations", "max_seconds": "--max-seconds"}


def _missed(sol: Any, file_cap: str | None = None) -> str:
    """One line: which cap stopped a solve before its target, and how far it got;
    ``file_cap``: the iteration cap came from that TexasSolver file, not --max-iterations."""
    cap = _CAPS.get(sol.stopped_by or "", "a cap")
    if sol.stopped_by == "max_iterations" and file_cap is not None:
        cap = file_cap
    return (f"stopped by {cap} after {sol.iterations} iterations at {sol.exploitability_pct:.4f}% "
            f"of the pot, above the target {sol.target_pct:g}%")


def _view_title(view: Any) -> str:
    """One line saying what the node is: who acts (or folded), the pot and the board."""
    from pokerlab.cards import format_cards

    who, other = ("OOP", "IP")[view.player], ("OOP", "IP")[1 - view.player]
    line = " ".join(view.line) or "(root)"
    where = f"pot {view.pot:g}, board {format_cards(list(view.board))}"
    return {"decision": f"{line}: {who} to act, {where}",
            "fold": f"{line}: {who} folded, {other} takes the pot; {where}",
            "showdown": f"{line}: showdown, {where}; {who}'s range",
            "chance": f"{line}: a card comes, {where}; {who}'s range"}[view.kind]


def _sizes_line(view: Any) -> str:
    """The node's bets and raises in % of the pot, as sizes are given."""
    sizes = ", ".join(f"{a} {pct:.4g}%" + (" (all-in)" if a in view.allin else "")
                      for a, pct in view.size_pct.items())
    raises = any(a.startswith("r") for a in view.size_pct)
    return (f"sizes, % of the pot: {sizes}" + ("; a raise: what it adds beyond the call, of the "
                                                "pot after the call" if raises else ""))


def _view_table(view: Any, combos: bool, limit: int) -> None:
    from pokerlab.spot.solution import NEGLIGIBLE

    acts = view.actions
    equity = view.kind != "fold"  # no showdown after a fold: the pot goes to the other player
    listed = view.combo_rows() if combos else view.classes()
    weight, what = ("weight", "combos") if combos else ("combos", "classes")
    rows = [[r["combo" if combos else "class"], f"{r[weight]:.2f}",
             *(f"{100 * r[a]:.0f}" for a in acts), _chips(r["ev"]),
             *([f"{100 * r['equity']:.0f}"] if equity else [])] for r in listed[:limit]]
    console.print(_view_title(view), highlight=False)  # above the table: a narrow table would wrap it
    console.print(table("", ["combo" if combos else "class", weight, *(f"{a} %" for a in acts), "EV",
                             *(["eq %"] if equity else [])], rows, width=80))
    notes = []
    if len(listed) > limit:
        notes.append(f"showing {limit} of {len(listed)} {what}; --rows {len(listed)} shows all")
    faint = sum(r[weight] < NEGLIGIBLE for r in listed)
    if faint:
        one = {"classes": "class", "combos": "combo"}[what] if faint == 1 else what
        notes.append(f"{faint} {one} of under {NEGLIGIBLE:g} weighted combos here (shown as 0.00) "
                     f"{'is' if faint == 1 else 'are'} listed last")
    for note in notes:
        console.print(note, highlight=False)
    if view.size_pct:
        console.print(_sizes_line(view), highlight=False)
    if acts:
        tot = view.totals()
        console.print("whole range: " + ", ".join(f"{a} {100 * tot[a]:.1f}%" for a in acts))
    console.print("ranges here (weighted combos): " + "; ".join(
        f"{('OOP', 'IP')[r.player]} {float(r.reach.sum()):.1f} combos, EV {_chips(r.total_ev)}"
        for r in view.ranges), highlight=False)


def _board(sol: Any) -> str:
    from pokerlab.cards import format_cards

    return format_cards(list(sol.spot.board))


def _write_grid(view: Any, path: Path) -> None:
    """The decision ``view`` shows, as a 13x13 grid by hand class."""
    from pokerlab.cards import format_cards
    from pokerlab.spot.grid import plot_grid
    from pokerlab.spot.solved import view_classes

    who = ("OOP", "IP")[view.player]
    title = (f"{who} after {' '.join(view.line)}" if view.line else f"{who} at the root") + (
        f": board {format_cards(list(view.board))}, pot {view.pot:g}")
    with removed_unless_done(path):
        plot_grid(view_classes(view), path, title)


def register(app: typer.Typer) -> None:
    """Add the ``spot`` command group to ``app``."""
    group = typer.Typer(help="Range-against-range equilibria of hold'em spots (river, turn, flop).",
                        no_args_is_help=True)
    app.add_typer(group, name="spot")
    from pokerlab.cli import spot_batch

    spot_batch.register(group)

    @group.command("solve")
    @user_errors
    def solve_command(
        spot_file: Path | None = typer.Argument(None, help="The spot as TOML (docs/spots.md)."),
        texassolver: Path | None = typer.Option(
            None, "--texassolver", help="Read the spot from a TexasSolver console input file."),
        board: str | None = typer.Option(None, "--board", help='Board, 3 to 5 cards ("Qs Jh 2h").'),
        pot: float | None = typer.Option(None, "--pot", help="Starting pot in chips."),
        stack: float | None = typer.Option(None, "--stack", help="Effective stack in chips."),
        oop_range: str | None = typer.Option(None, "--oop-range", help='OOP range ("AA,KK:0.5,AKs").'),
        ip_range: str | None = typer.Option(None, "--ip-range", help="IP range."),
        preflop: str | None = typer.Option(
            None, "--preflop", metavar="LINE", help="Pot, stack and both ranges from the no-limit "
            "blueprint's pre-flop LINE (ACPC letters: r250c, the button opens 2.5bb and the big "
            "blind, OOP, calls), in big blinds, on a flop."),
        blueprint: Path | None = typer.Option(
            None, "--blueprint", metavar="FILE", help="The blueprint of --preflop (default: the "
            "shipped one)."),
        bet: str | None = typer.Option(None, "--bet", help='Bet sizes, every street ("33%,75%,a").'),
        raise_: str | None = typer.Option(
            None, "--raise", help="Raise sizes, % of the pot after the call, every street."),
        donk: str | None = typer.Option(None, "--donk", help="OOP's donk-bet sizes (turn, river)."),
        raise_cap: int | None = typer.Option(None, "--raise-cap", help="Most raises per street."),
        allin_threshold: float | None = typer.Option(
            None, "--allin-threshold", help="A bet putting in this share of the stack is all-in."),
        rake_pct: float | None = typer.Option(None, "--rake-pct", help="Rake in % of the pot."),
        rake_cap: float | None = typer.Option(None, "--rake-cap", help="Rake cap in chips (0: none)."),
        target: float | None = typer.Option(
            None, "--target", help="Stop at this exploitability, % of the pot (default 0.3, or the "
            "--texassolver file's set_accuracy)."),
        max_iterations: int | None = typer.Option(
            None, "--max-iterations", help="Stop after this many iterations (default 1000, or the "
            "--texassolver file's set_max_iteration, TexasSolver's default 100)."),
        max_seconds: float | None = typer.Option(None, "--max-seconds", help="Stop after this many seconds."),
        threads: int | None = typer.Option(
            None, "--threads", help="Threads (default: all cores, or the --texassolver file's "
            "set_thread_num)."),
        check_every: int | None = typer.Option(
            None, "--check-every", help="Measure the exploitability every this many iterations "
            "(default 10, or the --texassolver file's set_print_interval)."),
        cfr_plus: bool = typer.Option(False, "--cfr-plus", help="CFR+ instead of discounted CFR."),
        schedule: str = typer.Option(
            "fast", "--schedule", help="DCFR discounting: fast (postflop-solver's: negative "
            "regrets halved, averages restarted at 4^k) or dcfr (alpha 1.5, beta 0.5, gamma 3)."),
        lock: list[str] = typer.Option(
            [], "--lock", help='Lock a node: "LINE=ACTION:PROB,...[@HANDS]", the probabilities '
            'adding to 1 (repeatable; "=x:1": OOP checks at the root).'),
        locks_file: Path | None = typer.Option(None, "--locks", help="Node locks from a TOML file."),
        compress: bool = typer.Option(
            False, "--compress", help="16-bit regrets and strategy sums: half the memory."),
        no_isomorphism: bool = typer.Option(
            False, "--no-isomorphism", help="Solve every dealt card, even suit-isomorphic ones."),
        save: Path | None = typer.Option(None, "--save", help="Write the solution here (.npz)."),
        rows: int = typer.Option(20, "--rows", help="Hand classes shown in the root table."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Solve a spot with discounted CFR to a target exploitability (% of the pot).

        The bar shows the exploitability against the target as it is measured. A solve that
        stops at --max-iterations or --max-seconds before the target still exits 0 (a missed
        target is a result), but says so: a warning line, the table's "stopped" row, and in
        --json "converged": false with "stopped_by". With locks the exploitability is measured
        with them held (as PioSOLVER and GTO+ do); "gain" is what each player wins by
        deviating.
        """
        import numba

        from pokerlab.spot.locks import parse_lock, read_locks
        from pokerlab.spot.solution import estimate_memory, solve

        for name, value, low in (("--target", target, 0.0), ("--max-seconds", max_seconds, 0.0)):
            if value is not None and not value >= low:
                raise ValueError(f"{name} {value}: must be >= {low:g}")
        if max_iterations is not None and max_iterations < 1:
            raise ValueError(f"--max-iterations {max_iterations}: must be at least 1")
        if check_every is not None and check_every < 1:
            raise ValueError(f"--check-every {check_every}: must be at least 1")
        most = numba.config.NUMBA_NUM_THREADS
        if threads is not None and not 1 <= threads <= most:
            raise ValueError(f"--threads {threads}: must be 1..{most}")
        if rows < 1:
            raise ValueError(f"--rows {rows}: must be at least 1")
        if schedule not in ("fast", "dcfr"):
            raise ValueError(f"--schedule {schedule}: use fast or dcfr")
        output_file(save, "--save", (".npz",))
        spot, ts = _spot(spot_file, texassolver, {
            "board": board, "pot": pot, "stack": stack, "oop_range": oop_range,
            "ip_range": ip_range, "preflop": preflop, "blueprint": blueprint and str(blueprint),
            "bet": bet, "raise": raise_, "donk": donk,
            "raise_cap": raise_cap, "allin_threshold": allin_threshold, "rake_pct": rake_pct,
            "rake_cap": rake_cap})
        # a missed target names its cap: a TexasSolver file's when no --max-iterations was given
        file_cap = (f"{texassolver}'s iteration cap (set_max_iteration; TexasSolver's default 100 "
                    "without it)" if ts is not None and max_iterations is None else None)
        target, max_iterations, check_every, threads = _stopping(
            ts, texassolver, target, max_iterations, check_every, threads, most)
        dump = None
        if ts is not None and ts.dump_result is not None:
            from pokerlab.spot.texassolver import DUMP_SUFFIXES

            dump = output_file(ts.dump_result, f"{texassolver}: dump_result", DUMP_SUFFIXES)
        locks = [parse_lock(t) for t in lock]
        if locks_file is not None:
            locks += read_locks(locks_file)
        if locks:  # checked before any work
            from pokerlab.spot.deal import build_deal
            from pokerlab.spot.locks import build_locks
            from pokerlab.spot.tree import build_tree

            build_locks(build_tree(spot), build_deal(spot), locks)
        need = estimate_memory(spot, isomorphism=not no_isomorphism, compressed=compress)
        err_console.print(f"memory needed: {_mib(need)}", highlight=False)
        with progress("solving", max_iterations, enabled=not no_progress, eta=False) as advance:
            sol = solve(spot, target_pct=target, max_iterations=max_iterations,
                        max_seconds=max_seconds, threads=threads, check_every=check_every,
                        cfr_plus=cfr_plus, schedule=schedule, locks=locks or None,
                        isomorphism=not no_isomorphism, compressed=compress,
                        progress=_solve_ticker(advance, target))
        if not sol.converged:
            err_console.print(f"warning: {_missed(sol, file_cap)}", highlight=False, markup=False,
                              soft_wrap=True)
        if save is not None:
            with removed_unless_done(save):
                sol.save(save)
        if dump is not None:
            _dump(sol, ts, dump, texassolver)
        view = sol.view("")
        if as_json:
            out = sol.summary()
            out["root"] = {"player": "oop", "actions": view.actions, "totals": view.totals(),
                           "classes": view.classes()}
            if save is not None:
                out["saved"] = str(save)
            if dump is not None:
                out["dumped"] = str(dump)
            print_json(out)
            return
        s = sol.summary()
        gain, gain_pct = sol.evaluation.gain, sol.evaluation.gain_pct
        console.print(table("spot solved", ["", "value"], [
            ["board", s["board"]], ["pot / stack", f"{spot.pot:g} / {spot.stack:g}"],
            ["weighted combos OOP / IP", f"{s['combos'][0]:.1f} / {s['combos'][1]:.1f}"],
            ["iterations", str(sol.iterations)], ["seconds", f"{sol.seconds:.2f}"],
            ["exploitability", f"{_fixed(sol.exploitability_pct, 4)}% of the pot (target {target:g}%)"
             + (", locks held" if sol.locks else "")],
            ["stopped", "target reached" if sol.converged else f"NOT CONVERGED: {_missed(sol, file_cap)}"],
            ["gain OOP / IP", f"{_fixed(gain[0], 3)} / {_fixed(gain[1], 3)} chips "
             f"({_fixed(gain_pct[0], 3)}% / {_fixed(gain_pct[1], 3)}% of the pot)"],
            ["EV OOP / IP", f"{sol.ev[0]:.3f} / {sol.ev[1]:.3f} chips"],
            ["memory", _mib(sol.memory_bytes)],
        ] + ([["saved", str(save)]] if save is not None else [])
          + ([["dumped", str(dump)]] if dump is not None else []), width=80))
        _view_table(view, False, rows)

    @group.command("show")
    @user_errors
    def show_command(
        solution: Path = typer.Argument(..., help="A solution written by spot solve --save."),
        line: str = typer.Option(
            "", "--line", help='Actions from the root, cards where dealt ("x b5 c Th x").'),
        combos: bool = typer.Option(False, "--combos", help="One row per combo, not per hand class."),
        rows: int = typer.Option(30, "--rows", help="Rows shown (the table; JSON has all)."),
        grid: Path | None = typer.Option(
            None, "--grid", help="Write the decision as a 13x13 strategy grid (.png or .svg)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Browse a saved solution: the strategy, EV and equity at the end of a line."""
        from pokerlab.spot.solution import Solution

        if rows < 1:
            raise ValueError(f"--rows {rows}: must be at least 1")
        output_file(grid, "--grid", (".png", ".svg"))
        sol = Solution.load(solution)
        view = sol.view(line)
        if grid is not None:
            _write_grid(view, grid)
        if as_json:
            from pokerlab.spot.browse import node_report

            print_json(node_report(sol, line) | ({"grid": str(grid)} if grid is not None else {}))
            return
        _view_table(view, combos, rows)
        if grid is not None:
            console.print(f"grid written to {grid}", highlight=False)

    @group.command("threshold")
    @user_errors
    def threshold_command(
        solution: Path = typer.Argument(..., help="A river solution written by spot solve --save."),
        min_segment: float = typer.Option(
            0.0, "--min-segment", help="Absorb segments thinner than this share of the axis (0..0.5)."),
        square: Path | None = typer.Option(
            None, "--square", help="Draw the unit square with real hands on its axes (.png/.svg)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The patent's reading of a river solution: each decision as dividing points on the
        strength axis, played back and measured by a best response (what it concedes)."""
        from pokerlab.spot.solution import Solution
        from pokerlab.spot.solved import read_saved

        if not 0 <= min_segment <= 0.5:
            raise ValueError(f"--min-segment {min_segment}: must be in [0, 0.5]")
        output_file(square, "--square", (".png", ".svg"))
        sol = Solution.load(solution)
        if sol.spot.street != "river":
            raise ValueError(f"{solution}: the threshold reading reads river spots, not a {sol.spot.street}")
        r = read_saved(sol, min_segment)
        if square is not None:
            with removed_unless_done(square):
                r.plot(str(square), f"Threshold reading, river {_board(sol)}, pot {sol.spot.pot:g}: "
                       "the line each pair of hands plays")
        c = r.concession
        if as_json:
            from pokerlab.spot.browse import threshold_report

            print_json(threshold_report(sol, min_segment, r)
                       | ({"square": str(square)} if square is not None else {}))
            return
        view = r.reading.as_dict(r.names, c.by_decision)
        body = [[line, ("OOP", "IP")[d["player"]], d["text"], f"{d['exploitability_pct_alone']:.3f}"]
                for line, d in view.items()]
        console.print(table(f"threshold reading, river {_board(sol)} (weakest hands first, "
                            "dividing points between actions; alone: exploitability % with only "
                            "this decision read)", ["line", "who", "reading", "alone"], body,
                            width=80))
        console.print(f"exploitability: solver {c.solver_pct:.4f}%, reading {c.reading_pct:.4f}% of "
                      f"the pot; the reading concedes {c.concession_pct:.4f}%", highlight=False)
        if square is not None:
            console.print(f"square written to {square}", highlight=False)
