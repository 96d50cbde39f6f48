"""The command reference: every command's ``--help`` page, as the documentation prints it.

The documentation's Commands page (``docs/commands.md``) is built from this at ``make docs``
(``docs/_hooks.py``), so the page and the program cannot disagree.

Examples
--------
>>> ("spot", "solve") in command_paths()
True
>>> help_page(("hand",)).splitlines()[0]
'Usage: pokerlab hand [OPTIONS] CARDS...'
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from typing import Any

WIDTH = 80
"""The width the help pages are written for (the tables' width too)."""


def _group() -> Any:
    from typer.main import get_command

    from pokerlab.cli.main import app

    return get_command(app)


def command_paths() -> list[tuple[str, ...]]:
    """Every command and sub-command, as the words that name it (``("spot", "solve")``), in the
    order ``pokerlab --help`` lists them, each group before its sub-commands."""
    from pokerlab.cli.helptext import Context  # the click typer builds on (its own copy, or click)

    def walk(group: Any, ctx: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            yield (*path, name)
            if hasattr(command, "list_commands"):  # a group: its sub-commands follow it
                yield from walk(command, Context(command, parent=ctx, info_name=name), (*path, name))

    root = _group()
    return list(walk(root, Context(root, info_name="pokerlab"), ()))


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old


def help_page(path: tuple[str, ...], width: int = WIDTH) -> str:
    """``pokerlab PATH --help``, as printed in a terminal ``width`` columns wide."""
    from pokerlab.cli.errors import run
    from pokerlab.cli.main import app

    out = io.StringIO()
    with _columns(width), contextlib.redirect_stdout(out):
        status = run(app, [*path, "--help"])
    if status != 0:
        raise RuntimeError(f"pokerlab {' '.join(path)} --help exited with status {status}")
    return out.getvalue().rstrip() + "\n"


def markdown(width: int = WIDTH) -> str:
    """Every command's help page as Markdown: a heading per command (sub-commands one level
    down) and its help in a code block."""
    parts = ["## pokerlab\n", "```text\n" + help_page((), width) + "```\n"]
    for path in command_paths():
        parts.append(f"{'#' * (len(path) + 1)} pokerlab {' '.join(path)}\n")
        parts.append("```text\n" + help_page(path, width) + "```\n")
    return "\n".join(parts)
