"""Entry point of the ``pokerlab`` command.

Each command group lives in its own module ``pokerlab.cli.<name>`` and exposes
``register(app)``, which adds the command (or sub-group) called ``<name>``. The modules are
imported only when their command runs (or when ``--help`` lists them all), so a command
starts without loading the others' dependencies.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import typer
from typer.core import TyperGroup

from pokerlab.cli.helptext import HelpContext, polish

OPENBLAS_THREAD_TIMEOUT = "16"
"""Idle OpenBLAS threads spin 2**16 cycles before they sleep (OpenBLAS's default: 2**28).

numpy and scipy each load an OpenBLAS that starts a thread per core; a command's start-up gives
them no work, and their default spin (about 0.1 s) cost 0.1 to 0.2 s of CPU at every command on
this machine (issue 16). BLAS stays multi-threaded. Set before any command imports numpy; a
value in the environment wins.
"""
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", OPENBLAS_THREAD_TIMEOUT)

# Command-group modules under pokerlab.cli, each with a register(app) function adding the
# command of the same name.
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
    "spot",
    "lbr",
    "counterfactual",
    "abstraction",
    "hulhe",
    "pushfold",
    "nolimit",
)


class LazyCommands(TyperGroup):
    """A command group that imports a command's module the first time the command is asked for
    (and gives it the help conventions of :mod:`pokerlab.cli.helptext`)."""

    context_class = HelpContext

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMAND_MODULES)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMAND_MODULES:
            return None
        if cmd_name not in self.commands:
            holder = typer.Typer(rich_markup_mode=None)
            importlib.import_module(f"pokerlab.cli.{cmd_name}").register(holder)
            group = typer.main.get_group(holder)
            self.commands[cmd_name] = polish(group.commands[cmd_name])
        return self.commands[cmd_name]


app = typer.Typer(
    name="pokerlab",
    cls=LazyCommands,
    help="Game-theoretic poker: dividing-point strategies, classic solved models, Texas Hold'em.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help text is plain: brackets such as "r [amount]" stay
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


def announce_first_compile() -> None:
    """Have the first kernel compiled in this process announced in one line on standard error
    (:data:`pokerlab._kernel_cache.COMPILE_NOTICE`): a cold cache makes a command's first run
    take 20 s to a minute, which otherwise passes without a word. Standard output, where
    ``--json`` writes, is left alone."""
    import sys

    from pokerlab._cache import numba_cache_dir
    from pokerlab._kernel_cache import COMPILE_NOTICE, on_first_compile

    def notice() -> None:
        sys.stderr.write(COMPILE_NOTICE.format(folder=numba_cache_dir()) + "\n")
        sys.stderr.flush()

    on_first_compile(notice)


def main() -> None:
    """Run the command line; user mistakes and Ctrl-C end in one line (see ``cli.errors``)."""
    from pokerlab.cli.errors import run

    announce_first_compile()
    raise SystemExit(run(app))


if __name__ == "__main__":
    main()
