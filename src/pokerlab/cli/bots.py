"""``pokerlab bots``: the registered bots, one line each, with the variants each plays."""

from __future__ import annotations

import typer

from pokerlab.cli.common import console, print_json, table, user_errors


def register(app: typer.Typer) -> None:
    """Add the ``bots`` command to ``app``."""

    @app.command("bots")
    @user_errors
    def bots(as_json: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
        """List the registered bots (the names --bot, match and play take) with what each does
        and the variants it plays (match, play and the web page seat a bot only at those). A bot
        shown as name[:ARG] also takes an argument: hulhe-cfr:STRATEGY plays a strategy file,
        nlhe-blueprint:BLUEPRINT a no-limit blueprint file. Settings listed under the table go
        after the ':' as key=value, commas between (nlhe-search:iterations=100,seconds=2)."""
        from pokerlab.agents.registry import argument_of, available, broken_modules, settings_of, variants_of

        bots = available()
        broken = broken_modules()
        plays = {name: list(variants_of(name)) for name in bots}
        arguments = {name: argument_of(name) for name in bots if argument_of(name)}
        settings = {name: list(settings_of(name)) for name in bots if settings_of(name)}
        if as_json:
            print_json({"bots": bots, "variants": plays, "arguments": arguments, "settings": settings,
                        "broken_modules": broken})
            return
        shown = {name: f"{name}[:{arguments[name].upper()}]" if name in arguments else name for name in bots}
        console.print(table(f"{len(bots)} registered bots", ["bot", "what it does", "plays (--variant)"],
                            [[shown[name], text, "\n".join(plays[name])] for name, text in bots.items()]))
        for name, keys in settings.items():
            console.print(f"{name} settings (name:key=value,...): {', '.join(keys)}", highlight=False)
        for module, error in broken.items():
            console.print(f"[red]{module} failed to load[/]: {error}", highlight=False)
