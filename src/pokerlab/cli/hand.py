"""``pokerlab hand``: value, category and description of one 5- to 7-card hand."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``hand`` command to ``app``."""

    @app.command("hand")
    @user_errors
    def hand(
        cards: list[str] = typer.Argument(
            ..., help='5 to 7 cards, e.g. "As Ks Qs Js Ts" or AsKsQsJsTs or "A♦-Q♣/3♥-4♣-J♥".'
        ),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Evaluate a hand: its value (0..7461, higher is stronger), category and description."""
        from pokerlab.cards import format_cards, parse_cards
        from pokerlab.evaluate import best_five, category_name, describe, evaluate

        codes = parse_cards(" ".join(cards))
        if not 5 <= len(codes) <= 7:
            raise ValueError(f"a hand has 5 to 7 cards, got {len(codes)}")
        value = evaluate(codes)
        result = {
            "cards": format_cards(codes),
            "value": value,
            "category": category_name(value),
            "description": describe(codes),
            "best_five": format_cards(best_five(codes)),
        }
        if as_json:
            print_json(result)
            return
        rows = [[key.replace("_", " "), str(val)] for key, val in result.items()]
        console.print(table("Hand", ["field", "value"], rows))
