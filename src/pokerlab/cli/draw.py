"""``pokerlab draw``: five-card draw, the patent's own game (its worked example, post-draw ranges)."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def _money(x: object) -> str:
    value = float(x)  # type: ignore[arg-type]
    return "0" if value == 0 else f"{value:+.2f}"


def register(app: typer.Typer) -> None:
    """Add the ``draw`` command group to ``app``."""
    group = typer.Typer(help="Five-card draw, the patent's game: its worked example, post-draw ranges.",
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
