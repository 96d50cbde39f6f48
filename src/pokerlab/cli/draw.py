"""``pokerlab draw``: five-card draw, the patent's own game (its worked example, the draw-threshold
bot's matches and the exactness of its final round)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import typer

from pokerlab.cli.common import (
    Interrupted,
    console,
    fmt_gain,
    output_file,
    print_json,
    progress,
    removed_unless_done,
    table,
    user_errors,
)


def _money(x: object) -> str:
    value = float(x)  # type: ignore[arg-type]
    return "0" if value == 0 else f"{value:+.2f}"


def _ticker(advance: Any) -> Any:
    """``progress(done, total)`` for a solver, advancing a progress bar by the difference."""
    last = [0]

    def tick(done: int, total: int) -> None:
        advance(done - last[0])
        last[0] = done

    return tick


def _first_round_json_or_tables(head: dict[str, Any], solution: Any, decisions: list[Any],
                                names: dict[Any, str], certificate: Any, plot: Path | None,
                                as_json: bool) -> bool:
    """``draw whole-hand``'s first round, heads-up or for three: the JSON object (``head``
    first; True: nothing more to print) or each decision's table of segments (False)."""
    from pokerlab.agents.draw.classes import CLASS_NAMES

    if as_json:
        print_json(head | {
            "classes": [{"name": n, "prior": float(p), "axis": float(a)} for n, p, a in
                        zip(CLASS_NAMES, solution.prior, solution.axis, strict=True)],
            "first_round": [d.to_dict() for d in decisions],
            "certificate": None if certificate is None else certificate.to_dict(),
            "plot": None if plot is None else str(plot)})
        return True
    for d in decisions:
        rows = [[a, f"{lo:.3f}", f"{hi:.3f}", ", ".join(c)] for (a, lo, hi), c in
                zip(d.segments, d.classes, strict=True)]
        console.print(table(f"{names.get(d.history, ' '.join(d.history))}: hands by value after "
                            "the best draw", ["action", "from", "to", "classes"], rows))
    return False


def register(app: typer.Typer) -> None:
    """Add the ``draw`` command group to ``app``."""
    group = typer.Typer(help="Five-card draw, the patent's game: its worked example, the "
                        "draw-threshold bot's matches and final-round exactness.",
                        no_args_is_help=True)
    app.add_typer(group, name="draw")

    @group.command("example")
    @user_errors
    def example(
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Replay the patent's example (FIG. 2 and 3) in the engine and print Tables 3 to 7.

        Three players ante $1 in all; bets are $1 (limit) or the pot (pot limit). Every pot,
        investment and return is computed by the rules engine from the actions.
        """
        from pokerlab.engine.patent_example import patent_example

        ex = patent_example()
        if as_json:
            print_json(ex.to_dict())
            return
        console.print(table("FIG. 2 and 3: the hands (A deals; B acts first)",
                            ["player", "dealt", "after the draw"],
                            [[p, d, a] for p, (d, a) in ex.hands.items()]))
        for number, rnd, title in ((3, 0, "first round (FIG. 2)"), (4, 1, "second round (FIG. 3)")):
            limit, pot = ex.rounds["limit"][rnd], ex.rounds["pot-limit"][rnd]
            rows = [[k, a.words, f"${float(a.pot):g}", f"${float(b.pot):g}"]
                    for k, (a, b) in enumerate(zip(limit, pot, strict=True))]
            console.print(table(f"Table {number}: the pot, {title}",
                                ["step", "action", "$1 limit", "pot limit"], rows))
        steps = ex.rounds["limit"][0] + ex.rounds["limit"][1][1:]
        rows = [[s.words, *(_money(-x) for x in s.paid), f"{float(s.pot):g}"] for s in steps]
        rows.append(["Total bet", *(_money(-x) for x in ex.invested), ""])
        rows.append(["Showdown", *(_money(x) for x in ex.won), ""])
        rows.append(["Net return", *(_money(x) for x in ex.net), ""])
        console.print(table("Table 5: overall returns, $1 limit, antes $1/3 each",
                            ["action", "A", "B", "C", "total pot"], rows))
        second = ex.rounds["limit"][1]
        rows = [[s.words, *(_money(-x) for x in s.paid[:2]), f"{float(s.pot):g}"] for s in second]
        rows.append(["Total bet", *(_money(-x) for x in ex.second_round_invested), ""])
        rows.append(["Showdown", *(_money(x) for x in ex.won[:2]), ""])
        rows.append(["Net return", *(_money(x) for x in ex.second_round_net), ""])
        console.print(table("Table 6: second round only, first-round investments left out",
                            ["action", "A", "B", "total pot"], rows))
        console.print(table("Table 7: A's second-round return per action sequence",
                            ["A's sequence", "return"],
                            [[s.sequence, _money(s.return_)] for s in ex.sequences]))

    @group.command("matches")
    @user_errors
    def matches(
        hands: int = typer.Option(2000, "--hands", min=1, help="Hands per match (rounded up to the seats)."),
        game: str = typer.Option("limit", "--game", help="limit (bets of 2), pot-limit or no-limit."),
        opponent: list[str] = typer.Option(
            [], "--opponent", help="Opponents (default: every other bot that plays five-card draw)."),
        seats: list[int] = typer.Option([], "--seats", help="Table sizes, 2 to 6 (default: 2 and 3)."),
        seed: int = typer.Option(0, "--seed", min=0, help="Seed of the deals and the bots' randomness."),
        db: Path | None = typer.Option(None, "--db", help="SQLite file of the hands (default: memory)."),
        workers: int = typer.Option(1, "--workers", min=1, help="Processes sharing each match's hands."),
        bot_module: list[str] = typer.Option(
            [], "--bot-module", help="Load bots from a Python file or module (repeatable); "
            "its draw bots join the opponents."),
        no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The draw-threshold bot against each opponent at five-card draw: heads-up and
        three-handed (two copies of the opponent), duplicate, with 95% intervals."""
        from pokerlab.agents.registry import check_bots
        from pokerlab.arena import MatchStore
        from pokerlab.arena.draw_matches import draw_match_configs, draw_matches, draw_opponents
        from pokerlab.cli.match import bot_modules_option
        from pokerlab.engine.settings import KINDS
        from pokerlab.executors import executor_for

        if game not in KINDS:
            raise ValueError(f"--game: unknown game kind {game!r}; use one of {', '.join(KINDS)}")
        modules = bot_modules_option(bot_module)
        check_bots(opponent, "five-card-draw", "--opponent")
        for n in seats:
            if not 2 <= n <= 6:
                raise ValueError(f"--seats: 2 to 6 players at five-card draw, not {n}")
        output_file(db, "--db")
        opponents = tuple(opponent) or draw_opponents(modules)
        tables = tuple(seats) or (2, 3)
        total = sum(c.hands for _, c in draw_match_configs(hands, seed, game, opponents, tables))
        with removed_unless_done(db):
            store = MatchStore(db if db is not None else ":memory:")
            executor = executor_for(workers)
            try:
                with progress("hands", total=total, enabled=not (no_progress or as_json)) as advance:
                    rows = draw_matches(hands, seed, game, opponents, store, executor=executor,
                                        progress=advance, tables=tables, bot_modules=modules)
            except KeyboardInterrupt:
                raise Interrupted("stopped; the finished matches' hands are stored"
                                  + (f" in {db}" if db is not None else " in memory (give --db)")) from None
            finally:
                store.close()
                executor.close()
        data = [r.to_dict() for r in rows]
        if as_json:
            print_json({"game": game, "variant": "five-card-draw", "seed": seed, "matches": data})
            return
        unit = rows[0].result.config.game.unit
        console.print(table(f"draw-threshold at five-card draw ({game}), duplicate",
                            ["opponent", "seats", f"{unit}/hand", "95% CI", "hands"],
                            [[d["opponent"], d["seats"], f"{d['per_hand']:+.3f}",
                              f"[{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]", d["hands"]] for d in data]))

    @group.command("whole-hand")
    @user_errors
    def whole_hand(
        game: str = typer.Option("limit", "--game", help="limit, pot-limit, or no-limit (solved as "
                                 "pot-limit: the draw bots play no-limit so)."),
        levels: int = typer.Option(6, "--levels", help="Post-draw slices per class and draw (1 to 12)."),
        iterations: int | None = typer.Option(
            None, "--iterations", min=1,
            help="Solver iterations (DCFR 1,000 heads-up; CFR+ 2,000 for three)."),
        certify: bool = typer.Option(False, "--certify",
                                     help="Measure the solution and its reading (solves the game again)."),
        players: int = typer.Option(2, "--players", help="2: the whole hand; 3: the first round for three "
                                    "(limit)."),
        plot: Path | None = typer.Option(None, "--plot", help="The dividing points drawn (PNG or SVG)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Heads-up five-card draw solved on hand classes by the equilibrium engine, and its
        first round read as the patent's dividing points (cached per settings); --players 3:
        the first round for three."""
        from dataclasses import replace

        from pokerlab.agents.draw.game import (
            ClassGameSettings,
            first_round_segments,
            settings_for,
            solve,
            solve_game,
            stored_solution,
        )
        from pokerlab.arena.draw_exactness import whole_hand_exactness

        if game not in ("limit", "pot-limit", "no-limit"):
            raise ValueError(f"--game: limit, pot-limit or no-limit, not {game!r}")
        if players not in (2, 3):
            raise ValueError(f"--players: 2 or 3, not {players}")
        if not 1 <= levels <= 12:
            raise ValueError(f"--levels: 1 to 12, not {levels}")
        output_file(plot, "--plot", (".png", ".svg"))
        if players == 3:
            _whole_hand_three(game, iterations, certify, as_json, plot)
            return
        bet = settings_for(game, None).bet  # no-limit is served by the pot-limit game
        settings = replace(ClassGameSettings(), bet=bet, levels=levels,
                           iterations=iterations or ClassGameSettings().iterations)
        quiet = as_json
        if stored_solution(settings) is None:
            with progress("solving", total=settings.iterations, enabled=not quiet) as advance:
                solution = solve(settings, progress=_ticker(advance))
        solution = solve(settings)
        decisions = first_round_segments(solution)
        names = {(): "P1 opens (first to act)", ("check",): "P2 after a check",
                 ("bet",): "P2 facing a bet", ("check", "bet"): "P1 checked, facing a bet"}
        if plot is not None:
            from pokerlab.arena.draw_plot import plot_segments

            plot_segments(decisions, names, f"heads-up {bet} five-card draw: the first round", plot)
        certificate = None
        if certify:
            with progress("certifying: solving again", total=settings.iterations,
                          enabled=not quiet) as advance:
                certificate = whole_hand_exactness(solve_game(settings, _ticker(advance)))
        if _first_round_json_or_tables({"game": game, "settings": solution.to_json()["settings"]}, solution,
                                       decisions, names, certificate, plot, as_json):
            return
        if bet != game:
            console.print(f"--game {game}: solved as {bet} (bets and raises the size of the pot), as the "
                          f"draw bots play {game}")
        if certificate is not None:
            c = certificate
            console.print(table("certificate (small bets per hand)", ["strategy", "exploitability",
                                                                      "concedes P1", "concedes P2"],
                                [["solver (DCFR)", f"{c.engine_exploitability:.5f}", "0", "0"],
                                 ["dividing points", f"{c.read_exploitability:.5f}",
                                  f"{c.read_concedes[0]:+.5f}", f"{c.read_concedes[1]:+.5f}"],
                                 ["points before the draw", f"{c.pre_draw_read_exploitability:.5f}",
                                  f"{c.pre_draw_read_concedes[0]:+.5f}",
                                  f"{c.pre_draw_read_concedes[1]:+.5f}"]]))
            console.print(f"value of the game to P1: {c.engine_value_p0:+.4f} sb/hand "
                          f"({c.states} states per player, {c.nodes:,} nodes)")
        if plot is not None:
            console.print(f"dividing points: {plot}")

    def _whole_hand_three(game: str, iterations: int | None, certify: bool, as_json: bool,
                          plot: Path | None) -> None:
        from pokerlab.agents.draw.game import first_round_segments
        from pokerlab.agents.draw.game3 import FIRST_ROUND_DECISIONS3, ThreeSettings, solve3, solve_game3
        from pokerlab.arena.draw_exactness import three_handed_exactness

        if game != "limit":
            raise ValueError("--players 3: the first round for three is solved at limit only")
        settings = ThreeSettings(iterations=iterations or ThreeSettings().iterations)
        with progress("solving", total=settings.iterations, enabled=not as_json) as advance:
            solution = solve3(settings, _ticker(advance))
        decisions = first_round_segments(solution, FIRST_ROUND_DECISIONS3)
        certificate = None
        if certify:
            with progress("certifying: solving again", total=settings.iterations,
                          enabled=not as_json) as advance:
                certificate = three_handed_exactness(solve_game3(settings, _ticker(advance)))
        names = {(): "P1 opens (first to act)", ("check",): "P2 after a check",
                 ("check", "check"): "P3, the button, after two checks", ("bet",): "P2 facing P1's bet",
                 ("check", "check", "bet"): "P1 facing the button's bet"}
        if plot is not None:
            from pokerlab.arena.draw_plot import plot_segments

            plot_segments(decisions, names, "three-handed limit five-card draw: the first round", plot)
        from dataclasses import asdict

        if _first_round_json_or_tables({"players": 3, "settings": asdict(solution.settings)}, solution,
                                       decisions, names, certificate, plot, as_json):
            return
        if certificate is not None:
            c = certificate
            console.print(table("certificate (small bets per hand)",
                                ["strategy", "NashConv", "P1", "P2", "P3"],
                                [["solver (CFR+)", f"{c.engine_nash_conv:.5f}",
                                  *(f"{v:+.4f}" for v in c.engine_values)],
                                 ["dividing points", f"{c.read_nash_conv:.5f}",
                                  *(f"{v:+.4f}" for v in c.read_values)]]))
        if plot is not None:
            console.print(f"dividing points: {plot}")

    @group.command("exactness")
    @user_errors
    def exactness(
        drew: int = typer.Option(3, "--drew", min=0, max=5,
                                 help="Cards each player drew by the keep rules (5: a random hand)."),
        pot: float = typer.Option(3.0, "--pot", help="The pot at the final round, in bets."),
        game: str = typer.Option("limit", "--game", help="limit (patent game 3) or pot-limit."),
        buckets: int = typer.Option(200, "--buckets", help="Groups of hand values (2 to 2000)."),
        iterations: int = typer.Option(2000, "--iterations", min=1, help="CFR+ iterations."),
        mixing: str = typer.Option("above", "--mixing", help="Virtual hands: below, above or both."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The draw-threshold bot's final round measured by the equilibrium engine: its
        exploitability on real five-card hands beside the best CFR+ finds for the same game."""
        from pokerlab.arena.draw_exactness import final_round_exactness

        if game not in ("limit", "pot-limit"):
            raise ValueError(f"--game: limit or pot-limit, not {game!r}")
        if not math.isfinite(pot):
            raise ValueError(f"--pot: must be a finite number, not {pot}")
        r = final_round_exactness(drew=drew, pot=pot, bet=game, buckets=buckets,
                                  iterations=iterations, mixing=mixing)
        if as_json:
            print_json(r.to_dict())
            return
        console.print(table(
            f"final round, both drew {drew}, pot {pot:g} bets, {game}, {r.buckets} buckets",
            ["strategy", "exploitability", "P1 gain", "P2 gain", "P1 value"],
            [[f"draw-threshold ({mixing})", fmt_gain(r.bot_exploitability, ".6f"),
              fmt_gain(r.bot_gains[0], ".6f"), fmt_gain(r.bot_gains[1], ".6f"), f"{r.bot_value_p1:+.6f}"],
             [f"CFR+ ({iterations} it.)", fmt_gain(r.cfr_exploitability, ".6f"),
              fmt_gain(r.cfr_gains[0], ".6f"), fmt_gain(r.cfr_gains[1], ".6f"), f"{r.cfr_value_p1:+.6f}"]]))
        console.print("bets per hand; exploitability = (P1 gain + P2 gain) / 2")
