"""Entry point of the ``pokerlab`` command.

Each command group lives in its own module and exposes ``register(app)``; this file only
lists them.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="pokerlab",
    help="Game-theoretic poker: dividing-point strategies, classic solved models, Texas Hold'em.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help text is plain: brackets such as "r [amount]" stay
)

# Command-group modules under pokerlab.cli, each with a register(app) function.
COMMAND_MODULES: tuple[str, ...] = (
    "hand",
    "solve",
    "match",
    "play",
    "draw",
    "enumerate",
    "equilibrium",
    "strength",
    "equity",
    "preflop",
    "acpc",
    "model",
    "opponents",
    "experiment",
    "serve",
    "bots",
)



def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"pokerlab {version('pokerlab')}")  # the installed distribution's version
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                 help="Print pokerlab's version and exit."),
) -> None:
    """Game-theoretic poker: dividing-point strategies, classic solved models, Texas Hold'em."""


for _name in COMMAND_MODULES:
    importlib.import_module(f"pokerlab.cli.{_name}").register(app)


def main() -> None:
    """Run the command line; user mistakes and Ctrl-C end in one line (see ``cli.errors``)."""
    from pokerlab.cli.errors import run

    raise SystemExit(run(app))


if __name__ == "__main__":
    main()
