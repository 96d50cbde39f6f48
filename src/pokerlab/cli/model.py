"""``pokerlab model``: the classic solved models, in closed form and checked by the engines."""

from __future__ import annotations

from pathlib import Path

import typer

from pokerlab.cli.common import console, output_file, print_json, table, user_errors

EXACT_WIDTH = 40
"""Exact forms longer than this print as their float (``--json`` keeps every exact form)."""


def shown(value: object) -> str:
    """An exact value as printed: its exact form when short, else its float to six figures
    (``3**(3/16)``-style radicals nest into hundreds of characters from n = 16 rounds); a long
    list shows its first three and last two items.

    Examples
    --------
    >>> import sympy as sp
    >>> shown(sp.Rational(19, 24)), shown((2 * sp.Integer(3) ** sp.Rational(3, 25) / 7) ** 40)
    ('19/24', '≈3.36868e-20')
    >>> shown(list(range(10)))
    '[0, 1, 2, …, 8, 9] (10 items)'
    """
    if isinstance(value, list | tuple):
        items = [shown(v) for v in value]
        if len(items) > 6:
            return f"[{', '.join(items[:3])}, …, {', '.join(items[-2:])}] ({len(items)} items)"
        return f"[{', '.join(items)}]"
    text = str(value)
    if len(text) <= EXACT_WIDTH:
        return text
    try:
        return f"≈{float(value):.6g}"  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return text


def register(app: typer.Typer) -> None:
    """Add the ``model`` command to ``app``."""

    @app.command("model")
    @user_errors
    def model(
        name: str = typer.Argument(None, help="Model name (see --list)."),
        param: list[str] = typer.Option([], "--param", "-p", help="KEY=VALUE, e.g. B=2 or P=1/4 (repeat)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        plot: Path = typer.Option(None, "--plot", help="Write a picture (.png or .svg)."),
        list_models: bool = typer.Option(False, "--list", help="List the models and their parameters."),
        check: bool = typer.Option(True, "--check/--no-check", help="Recompute with the independent engine."),
    ) -> None:
        """Solve a classic poker model exactly and check it with an independent engine."""
        from pokerlab.models.report import catalogue, model_report

        if list_models or not name:
            rows = [[name, m["title"], m["source"],
                     ", ".join(f"{p['name']}={p['default']}" if p["default"] else p["name"]
                               for p in m["params"]) or "-"]
                    for name, m in catalogue().items()]
            if as_json:
                print_json({"models": [dict(zip(["name", "title", "source", "params"], r, strict=True))
                                       for r in rows]})
            else:
                console.print(table("Classic models", ["model", "what", "source", "parameters"], rows))
            return
        output_file(plot, "--plot", (".png", ".svg"))
        data, solution, result = model_report(name, param, check)
        if plot is not None:
            from pokerlab.models.plot import draw

            data["plot"] = str(draw(solution, plot))
        if as_json:
            print_json(data)
            return
        exact = solution.thresholds or solution.strategy
        engine = result.numbers if result else {}
        def exact_text(v: object) -> str:
            text = shown(v)
            return "(long: see --json)" if text.startswith("≈") else text

        rows = [[k, exact_text(v), f"{float(v):.6g}", f"{engine[k]:.6g}" if k in engine else ""]
                for k, v in exact.items()]
        rows.append(["value", exact_text(solution.value), f"{float(solution.value):.6g}",
                     f"{result.value:.6g}" if result else ""])
        title = f"{name}: {catalogue()[name]['title']} ({data['source']})"
        console.print(table(title, ["", "exact", "float", "engine"], rows))
        params = ", ".join(f"{k}={shown(v)}" for k, v in solution.params.items())
        case = f"; case: {solution.case}" if solution.case else ""
        console.print(f"parameters: {params or 'none'}{case}")
        for order in solution.order:
            console.print(f"checked: {order}")
        for k, v in solution.extras.items():
            console.print(f"{k}: {shown(v)}", highlight=False)
        if result:
            verdict = "[green]agrees[/]" if result.agrees else "[red]DISAGREES[/]"
            console.print(f"check ({result.engine}; {result.method}): max difference {result.max_diff:.3g} "
                          f"(tolerance {result.tolerance:g}) {verdict}")
            for note in result.notes:
                console.print(f"  {note}", highlight=False)
        if plot is not None:
            console.print(f"plot written to {plot}")
