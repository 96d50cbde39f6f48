"""``pokerlab bots``: the registered bots, one line each."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``bots`` command to ``app``."""

    @app.command("bots")
    @user_errors
    def bots(as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
        """List the registered bots (the names --bot, match and play take) with what each does."""
        from pokerlab.agents.registry import available, broken_modules

        bots = available()
        broken = broken_modules()
        if as_json:
            print_json({"bots": bots, "broken_modules": broken})
            return
        console.print(table(f"{len(bots)} registered bots", ["bot", "what it does"],
                            [[name, text] for name, text in bots.items()]))
        for module, error in broken.items():
            console.print(f"[red]{module} failed to load[/]: {error}", highlight=False)
