"""``pokerlab strength``: hand strength, the potential tables, PPOT/NPOT and EHS of a hand on a board."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``strength`` command to ``app``."""

    @app.command("strength")
    @user_errors
    def strength(
        hole: str = typer.Argument(
            ..., help='Our two cards, e.g. AdQc (or "AdQc/3h4cJh" with the board).'
        ),
        board: str = typer.Argument("", help="3, 4 or 5 board cards, e.g. 3h4cJh."),
        opponents: int = typer.Option(1, "--opponents", "-n", min=1, max=9,
            help="Opponents n in HS_n = HS^n."),
        opponent_range: str = typer.Option(
            "",
            "--range",
            help='Weight opponent holdings by a range, e.g. "22+, A2s+, KTo+" (default: all).',
        ),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Hand strength (ahead / tied / behind), HS_n, the potential tables, PPOT/NPOT and EHS."""
        from pokerlab.cards import format_cards, parse_cards, parse_hole_board, parse_range
        from pokerlab.strength import ehs, hand_potential

        if "/" in hole:
            if board:
                raise ValueError(
                    "give the board either after '/' or as the second argument, not both"
                )
            hole_cards, board_cards = parse_hole_board(hole)
        else:
            hole_cards, board_cards = parse_cards(hole), parse_cards(board)
        weights = parse_range(opponent_range).weights if opponent_range else None
        pot = hand_potential(hole_cards, board_cards, opponents=opponents, weights=weights)
        s = pot.strength
        ppot = pot.ppot2 if pot.two_cards is not None else pot.ppot1
        npot = pot.npot2 if pot.two_cards is not None else pot.npot1
        result = {
            "hole": format_cards(hole_cards),
            "board": format_cards(board_cards),
            "opponents": opponents,
            "weighted": weights is not None,
            "ahead": s.ahead,
            "tied": s.tied,
            "behind": s.behind,
            "hs": s.hs,
            "hs_n": s.hs_n,
            "ppot2": pot.ppot2 if pot.two_cards is not None else None,
            "npot2": pot.npot2 if pot.two_cards is not None else None,
            "ppot1": pot.ppot1 if pot.one_card is not None else None,
            "npot1": pot.npot1 if pot.one_card is not None else None,
            "ehs": ehs(s.hs_n, ppot),
            "ehs_with_npot": ehs(s.hs_n, ppot, npot),
            "potential_table": pot.two_cards.as_dict() if pot.two_cards is not None else None,
            "potential_table_one_card": pot.one_card.as_dict()
            if pot.one_card is not None
            else None,
        }
        if as_json:
            print_json(result)
            return
        title = f"{result['hole']} on {result['board']}" + (
            " (weighted)" if weights is not None else ""
        )
        rows = [
            ["ahead / tied / behind", f"{_num(s.ahead)} / {_num(s.tied)} / {_num(s.behind)}"],
            ["HS", f"{s.hs:.4f}"],
            [f"HS_{opponents}", f"{s.hs_n:.4f}"],
        ]
        for key, label in (
            ("ppot2", "PPOT (2 cards)"),
            ("npot2", "NPOT (2 cards)"),
            ("ppot1", "PPOT (1 card)"),
            ("npot1", "NPOT (1 card)"),
        ):
            if result[key] is not None:
                rows.append([label, f"{result[key]:.4f}"])
        rows.append(["EHS = HS_n + (1-HS_n) PPOT", f"{result['ehs']:.4f}"])
        rows.append(["EHS with NPOT", f"{result['ehs_with_npot']:.4f}"])
        console.print(table(f"Hand strength: {title}", ["quantity", "value"], rows))
        for tab, k in ((pot.two_cards, 2), (pot.one_card, 1)):
            if tab is None:
                continue
            d = tab.as_dict()
            cells = [
                [row, *(_num(d[row][c]) for c in ("ahead", "tied", "behind", "sum"))]
                for row in ("ahead", "tied", "behind", "sum")
            ]
            label = "two cards" if k == 2 else "one card"
            console.print(
                table(
                    f"Potential, {label} to come (rows: now, columns: after)",
                    ["now \\ after", "ahead", "tied", "behind", "sum"],
                    cells,
                )
            )


def _num(x: float) -> str:
    """Whole numbers with thousands separators, weighted sums with three decimals."""
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.3f}"
