"""``pokerlab enumerate``: every 5- or 7-card hand, counted by category and class."""

from __future__ import annotations

import time

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``enumerate`` command to ``app``."""

    @app.command("enumerate")
    @user_errors
    def enumerate_hands(
        cards: int = typer.Argument(7, help="Hand size: 5 (2,598,960 hands) or 7 (133,784,560)."),
        parallel: bool = typer.Option(False, "--parallel", help="Use every core (7 cards only)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Evaluate every hand of CARDS cards and count hands per category and distinct classes."""
        if cards not in (5, 7):
            raise ValueError(f"CARDS must be 5 or 7, got {cards}")
        from pokerlab.evaluate.enumerate import enumerate_all5, enumerate_all7

        start = time.perf_counter()
        result = enumerate_all5() if cards == 5 else enumerate_all7(parallel=parallel)
        seconds = time.perf_counter() - start
        data = {"cards": cards, **result.as_dict(), "seconds": seconds}
        if as_json:
            print_json(data)
            return
        categories = data["categories"]
        rows = [[name, f"{count:,}", f"{count / result.hands:.4%}"] for name, count in categories.items()]
        rows.append(["all hands", f"{result.hands:,}", "100%"])
        console.print(table(f"All {cards}-card hands", ["category", "hands", "share"], rows))
        console.print(
            f"{result.distinct_classes:,} distinct classes reached; {seconds:.3f} s "
            "(first run includes compiling the kernel)"
        )
