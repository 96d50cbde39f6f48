"""``pokerlab equity``: showdown equity of two or more players, each cards or a range."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``equity`` command to ``app``."""

    @app.command("equity")
    @user_errors
    def equity_command(
        players: list[str] = typer.Argument(
            ...,
            help='Two or more players, each two cards (AhKh) or a range ("QQ+, AKs", "random").',
        ),
        board: str = typer.Option(
            "", "--board", "-b", help="Board cards already dealt (0, 3, 4 or 5)."
        ),
        dead: str = typer.Option("", "--dead", "-d", help="Cards out of play."),
        exact: bool = typer.Option(
            False, "--exact", help="Enumerate every deal and board, however long."
        ),
        samples: int | None = typer.Option(
            None,
            "--samples",
            "-s",
            help="Monte Carlo with this many showdowns (default: exact when feasible).",
        ),
        seed: int | None = typer.Option(None, "--seed", help="Seed of the Monte Carlo generator."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Equity (expected pot share) of each player at showdown: exact or Monte Carlo."""
        from pokerlab.cards import format_cards, parse_cards
        from pokerlab.strength import equity, parse_player

        if exact and samples is not None:
            raise ValueError("--exact and --samples exclude each other")
        board_cards = parse_cards(board)
        dead_cards = parse_cards(dead)
        resolved = [parse_player(p) for p in players]
        kwargs: dict[str, object] = {}
        if exact:
            kwargs["exact"] = True
        elif samples is not None:
            kwargs["exact"] = False
            kwargs["samples"] = samples
        result = equity(resolved, board=board_cards, dead=dead_cards, seed=seed, **kwargs)
        out = {
            "players": list(players),
            "board": format_cards(board_cards),
            "dead": format_cards(dead_cards),
            **result.as_dict(),
        }
        if as_json:
            print_json(out)
            return
        how = "exact" if result.exact else f"Monte Carlo, {result.trials:,} samples"
        rows = []
        for i, name in enumerate(players):
            err = "" if result.exact else f"± {result.stderr[i] * 100:.2f}"
            rows.append(
                [
                    name,
                    f"{result.equity[i] * 100:.3f}%",
                    err,
                    _num(result.wins[i]),
                    _num(result.ties[i]),
                ]
            )
        title = f"Equity ({how}; {_num(result.trials)} showdowns)"
        if board_cards:
            title += f" on {format_cards(board_cards)}"
        console.print(table(title, ["player", "equity", "stderr", "wins", "ties"], rows))


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"
