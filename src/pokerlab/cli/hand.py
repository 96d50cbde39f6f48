"""``pokerlab hand`` (one 5- to 7-card hand) and ``pokerlab enumerate`` (every 5- or 7-card hand)."""

from __future__ import annotations

import time

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``hand`` and ``enumerate`` commands to ``app``."""

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

    @app.command("enumerate")
    @user_errors
    def enumerate_hands(
        cards: int = typer.Option(7, "--cards", help="Hand size: 5 (2,598,960 hands) or 7 (133,784,560)."),
        parallel: bool = typer.Option(False, "--parallel", help="Use all numba threads (7 cards)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Evaluate every 5- or 7-card hand: hands and distinct values per category."""
        import numpy as np

        from pokerlab.evaluate import CATEGORY_FLOOR, CATEGORY_NAMES
        from pokerlab.evaluate.enumerate import enumerate_all5, enumerate_all7

        if cards not in (5, 7):
            raise ValueError(f"--cards must be 5 or 7, got {cards}")
        start = time.perf_counter()
        result = enumerate_all5() if cards == 5 else enumerate_all7(parallel=parallel)
        seconds = time.perf_counter() - start
        present = np.add.reduceat(result.class_counts > 0, CATEGORY_FLOOR)
        summary = {"cards": cards, **result.as_dict(), "seconds": seconds}
        summary["classes_per_category"] = dict(zip(CATEGORY_NAMES, present.tolist(), strict=True))
        if as_json:
            print_json(summary)
            return
        rows = [
            [name, f"{count:,}", f"{count / result.hands:.4%}", f"{int(classes):,}"]
            for name, count, classes in zip(
                CATEGORY_NAMES, result.category_counts, present, strict=True
            )
        ]
        rows.append(["All", f"{result.hands:,}", "100%", f"{result.distinct_classes:,}"])
        title = f"All {cards}-card hands ({seconds:.3f} s, including any compilation)"
        console.print(table(title, ["category", "hands", "share", "distinct values"], rows))
