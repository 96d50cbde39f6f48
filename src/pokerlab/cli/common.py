"""What every command shares: the console, JSON output, user-error handling, progress bars."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from pokerlab._json import jsonable
from pokerlab.cli.errors import INTERRUPTED_STATUS, Interrupted, UserError, print_error, user_message

console = Console()
err_console = Console(stderr=True)

P = ParamSpec("P")
R = TypeVar("R")


__all__ = ["Interrupted", "UserError", "console", "err_console", "fail", "print_json", "progress",
           "table", "user_errors"]


def print_json(data: Any) -> None:
    """Print ``data`` as one JSON object on standard output (numpy values converted)."""
    sys.stdout.write(json.dumps(jsonable(data), indent=2, default=str) + "\n")


def fail(message: str) -> typer.Exit:
    """Print one error line to standard error and return the exit to raise (status 2)."""
    print_error(message)
    return typer.Exit(code=2)


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn a user mistake raised by ``func`` into one line and exit status 2.

    The same judgement as the command line's handler (:func:`pokerlab.cli.errors.user_message`),
    applied inside the command, so a command called directly (tests, the demo) behaves as on
    the command line. Bugs propagate with their traceback.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (Interrupted, KeyboardInterrupt) as exc:
            print_error(str(exc) or "stopped by Ctrl-C", prefix="interrupted")
            raise typer.Exit(code=INTERRUPTED_STATUS) from None
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            raise fail(message) from None

    return wrapper


def table(title: str, columns: list[str], rows: list[list[Any]]) -> Table:
    """A rich table with ``columns`` and ``rows`` (values turned to text)."""
    out = Table(title=title, show_lines=False)
    for name in columns:
        out.add_column(name, overflow="fold")
    for row in rows:
        out.add_row(*[v if isinstance(v, str) else _fmt(v) for v in row])
    return out


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


@contextmanager
def progress(
    description: str, total: float | None, enabled: bool = True
) -> Iterator[Callable[[float], None]]:
    """A progress bar on standard error; yields ``advance(n)``. Silent when ``enabled`` is false."""
    if not enabled:
        yield lambda n=1: None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    )
    with bar:
        task = bar.add_task(description, total=total)
        yield lambda n=1: bar.advance(task, n)
