"""What every command shares: the console, JSON output, user-error handling, progress bars."""

from __future__ import annotations

import functools
import json
import math
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

console = Console()
err_console = Console(stderr=True)

P = ParamSpec("P")
R = TypeVar("R")


class UserError(ValueError):
    """Bad input from the person at the keyboard: printed as one line, exit status 2."""


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, Fraction):
        return float(obj)
    if hasattr(obj, "tolist"):  # numpy arrays and scalars (a 0-d value gives a plain scalar)
        return _jsonable(obj.tolist())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def print_json(data: Any) -> None:
    """Print ``data`` as one JSON object on standard output (numpy values converted)."""
    sys.stdout.write(json.dumps(_jsonable(data), indent=2, default=str) + "\n")


def fail(message: str) -> typer.Exit:
    """Print one error line to standard error and return the exit to raise (status 2)."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def user_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn ``ValueError`` (and friends) raised on bad input into one line and exit status 2.

    Library code raises ``ValueError`` naming what is wrong; commands wrap themselves with
    this decorator so that a user error never shows a traceback.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except (ValueError, KeyError, FileNotFoundError, IsADirectoryError, PermissionError) as exc:
            message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
            raise fail(str(message)) from None

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
