"""``pokerlab solve``: optimal dividing-point strategies of a one-round game, exact and certified."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, fmt_gain, output_file, print_json, table, user_errors
from pokerlab.cli.errors import print_error


def register(app: typer.Typer) -> None:
    """Add the ``solve`` command to ``app``."""

    @app.command("solve")
    @user_errors
    def solve(
        game: str = typer.Argument(
            ...,
            # Every name of pokerlab.gamespec.available_games() (a test checks; listed here so
            # that --help does not load sympy).
            help="A built-in game (patent-no-raise, patent-no-raise-pot-limit, patent-raise, "
            "patent-check-raise, von-neumann; patent-no-raise-3p and patent-raise-3p for three "
            "players) or a TOML game file.",
        ),
        pot: str | None = typer.Option(
            None, "--pot", help="The pot P (antes in total); symbolic if omitted."
        ),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        explain: bool = typer.Option(False, "--explain", help="Print every step of the derivation."),
        discover_order: bool = typer.Option(
            False,
            "--discover-order",
            help="Find the threshold order from a discretised equilibrium (LP; CFR+ beyond two players).",
        ),
        plot: str | None = typer.Option(
            None, "--plot", help="Write the regions and axes to FILE (.png/.svg)."
        ),
        cards: str | None = typer.Option(
            None, "--cards", help="Map thresholds to real hands: five-card-draw or holdem (with --board)."
        ),
        board: str | None = typer.Option(
            None, "--board", help='River board for --cards holdem, e.g. "As Kd 7h 2c 2d".'
        ),
        strength: str | None = typer.Option(
            None, "--strength", help="A hand strength in [0, 1]: the action sequence each player follows."
        ),
        method: str = typer.Option(
            "auto",
            "--method",
            help="Three or more players: solve the polynomial conditions exactly (Groebner bases), "
            "numerically (mpmath, 50 digits) or auto (exact up to 12 thresholds).",
        ),
        param: list[str] = typer.Option(
            [], "--param", help="A number for another symbol of the game, NAME=VALUE (repeatable)."
        ),
    ) -> None:
        """Derive both players' threshold strategies exactly (US patent 6,129,631) and certify them."""
        from pokerlab.cards import parse_cards
        from pokerlab.exact import exact_fraction
        from pokerlab.threshold.reporting.report import solve_report

        params = {}
        for item in param:
            if "=" not in item:
                raise ValueError(f"--param {item}: write NAME=VALUE, e.g. B=2")
            name, value = item.split("=", 1)
            if name.strip() in params:
                raise ValueError(f"--param {item}: {name.strip()} is given twice")
            params[name.strip()] = value.strip()
        if cards is not None and cards not in ("five-card-draw", "holdem"):
            raise ValueError(f"--cards {cards}: choose five-card-draw or holdem")
        if board and cards != "holdem":
            raise ValueError(f"--board {board}: used only with --cards holdem")
        if cards == "holdem" and not board:
            raise ValueError("--cards holdem needs --board with five cards")
        if strength is not None and not 0 <= exact_fraction(strength, "--strength") <= 1:
            raise ValueError(f"--strength {strength}: a hand strength lies between 0 and 1")
        output_file(plot, "--plot", (".png", ".svg"))
        codes = parse_cards(board) if board else None
        report = solve_report(
            game,
            pot=pot,
            discover_order=discover_order,
            cards=cards,
            board=codes,
            params=params,
            with_explain=explain,
            strength=strength,
            method=method,
        )
        if "_conditions" in report:  # three or more players
            conditions = report.pop("_conditions")
            if plot:
                from pokerlab.threshold.reporting.plot import plot_many

                plot_many(conditions, report, plot)
                report["plot"] = plot
            if as_json:
                print_json(report)
                return
            _print_many(report)
            return
        solution = report.pop("_solution")
        if plot:
            from pokerlab.threshold.reporting.plot import plot_solution

            numeric = solution if not solution.symbolic else None
            if numeric is None:
                raise ValueError("--plot needs numbers: give a pot (e.g. --pot 3)")
            plot_solution(numeric, plot)
            report["plot"] = plot
        if as_json:
            print_json(report)
        else:
            _print(report)
        check = report["order_check"]
        if not check["ok"] and not check.get("valid_for"):
            broken = ", ".join(check["violations"])
            print_error(f"the threshold order fails at P = {report['pot']} ({broken}), so these thresholds "
                        "are not the solution; --discover-order finds an order that holds")
            raise typer.Exit(code=1)


def _print_discovery(report: dict) -> None:
    if "discovery" in report:
        d = report["discovery"]
        rows = [[str(a["levels"]), a["order"], a["outcome"]] for a in d["attempts"]]
        console.print(
            table(
                f"Order discovery at P = {d['at_pot']} ({d['seconds']} s)",
                ["levels", "order", "outcome"],
                rows,
            )
        )


def _print(report: dict) -> None:
    explain = report.get("explain")
    console.print(f"[bold]{report['game']}[/]: {report['description']}  (pot P = {report['pot']})")
    _print_discovery(report)
    if explain:
        for who, seqs in explain["sequences"].items():
            console.print(f"[bold]{who}[/] action sequences: {', '.join(seqs)}")
        console.print(
            table(
                "Outcomes (Table 10)",
                ["P1 sequence", "P2 sequence", "by", "outcome"],
                [[o["p1"], o["p2"], o["kind"], o["outcome"]] for o in explain["outcomes"]],
            )
        )
        for who, axis in explain["axes"].items():
            console.print(f"[bold]{who}[/] axis: {axis}")
    console.print(f"[bold]order:[/] 0 < {report['order']} < 1")
    if explain:
        console.print(
            table(
                "Regions (grouped by resolution)",
                ["betting", "resolved", "return to P1", "area"],
                [[r["history"], r["resolved"], r["return_to_p1"], r["area"]] for r in explain["regions"]],
            )
        )
        console.print(f"[bold]E1[/] = {explain['expected_return']}")
        for name, eq in explain["equations"].items():
            console.print(f"  dE1/d{name} = {eq} = 0")
    rows = [
        [
            t["name"],
            f"P{t['player']}",
            t["below"],
            t["above"],
            t["exact"],
            "" if t["value"] is None else f"{t['value']:.4f}",
        ]
        for t in report["thresholds"]
    ]
    console.print(table("Thresholds", ["name", "player", "below", "above", "exact", "value"], rows))
    value = report["value"]
    console.print(
        f"[bold]P1's expected return[/] E1 = {report['value_exact']}"
        + ("" if value is None else f" = {value:.6f}")
    )
    check = report["order_check"]
    if check.get("valid_for"):
        status = f"holds for {check['valid_for']}"
        if not check["ok"]:
            status += "; fails for other pots (" + ", ".join(check["violations"]) + ")"
    else:
        status = "holds" if check["ok"] else "FAILS: " + ", ".join(check["violations"])
    console.print(f"[bold]order check[/]: {status}")
    cert = report["certificate"]
    if "exploitability" in cert:
        where = f" at P = {cert['at_pot']}" if cert.get("at_pot") is not None else ""
        console.print(
            f"[bold]certificate{where}[/]: exploitability {cert['exploitability_exact']} "
            f"(P1 could gain {fmt_gain(cert['p1_gain'], '.3g')}, P2 {fmt_gain(cert['p2_gain'], '.3g')})"
        )
        for gain in cert.get("gains", []):
            console.print(
                f"  P{gain['player']} gains {fmt_gain(gain['gain'], '.3g')} playing {gain['better']!r}"
                + (f" after {gain['branch']}" if gain["branch"] else "")
                + f" with hands in [{gain['from']:.4f}, {gain['to']:.4f}]"
            )
    else:
        console.print(f"[bold]certificate[/]: {cert.get('note')}")
    if "hands" in report:
        h = report["hands"]
        rows = []
        for name, m in h["thresholds"].items():
            lo, hi = m["below"], m["above"]
            mix = m.get("virtual_hand") or {}
            both = mix.get("both") if mix else None
            rows.append(
                [
                    name,
                    f"{lo['description']} ({lo['example']}, {lo['strength']:.4f})" if lo else "-",
                    f"{hi['description']} ({hi['example']}, {hi['strength']:.4f})" if hi else "-",
                    f"{both['below_plays_upper']:.3f} / {both['above_plays_lower']:.3f}" if both else "-",
                ]
            )
        console.print(
            table(
                f"Real hands: {h['scale']} ({h['hands']} hands; {h['cdf_convention']})",
                [
                    "threshold",
                    "nearest below",
                    "nearest above",
                    "virtual hand: below plays upper / above plays lower",
                ],
                rows,
            )
        )
    if "play" in report:
        play = report["play"]
        console.print(
            f"[bold]a hand of strength {play['strength']:g}[/]: P1 plays {play['P1']}; P2 plays {play['P2']}"
        )
    if "plot" in report:
        console.print(f"plot written to {report['plot']}")


def _print_many(report: dict) -> None:
    """The readable report of a game of three or more players."""
    console.print(f"[bold]{report['game']}[/]: {report['description']}  (pot P = {report['pot']})")
    _print_discovery(report)
    console.print(f"[bold]order:[/] 0 < {report['order']} < 1")
    console.print(f"[bold]first-order conditions[/]: {report['method']} ({report['method_note']})")
    console.print(
        f"  {len(report['solutions'])} solution(s) in the order; {report['outside_order']} real ones"
        f" outside it; {report['complex']} complex; {len(report['families'])} continuum(s)"
    )
    for k, sol in enumerate(report["solutions"], start=1):
        rows = [
            [
                t["name"],
                f"P{t['player']}",
                t["branch"] or "start",
                t["below"],
                t["above"],
                f"{t['value']:.6f}",
            ]
            for t in sol["thresholds"]
        ]
        console.print(
            table(f"Solution {k}: thresholds", ["name", "player", "branch", "below", "above", "value"], rows)
        )
        values = ", ".join(f"P{p} {v:+.6f}" for p, v in enumerate(sol["value"], start=1))
        console.print(f"[bold]expected returns[/]: {values}")
        gains = ", ".join(f"P{p} {fmt_gain(g, '.3g')}" for p, g in enumerate(sol["gains"], start=1))
        verdict = "an equilibrium" if sol["equilibrium"] else "NOT an equilibrium"
        exact = sol["nash_conv_exact"]
        console.print(
            f"[bold]certificate[/] ({sol['certificate']}): gains {gains}; "
            f"NashConv {exact if exact is not None else fmt_gain(sol['nash_conv'], '.3g')}: {verdict}"
        )
        for imp in sol["improvements"]:
            console.print(
                f"  P{imp['player']} gains {fmt_gain(imp['gain'], '.3g')} playing {imp['better']!r}"
                + (f" after {imp['branch']}" if imp["branch"] else "")
                + f" with hands in [{imp['from']:.4f}, {imp['to']:.4f}]"
            )
    for family in report["families"]:
        console.print(f"  continuum: {'; '.join(family)}")
    if "plot" in report:
        console.print(f"plot written to {report['plot']}")
