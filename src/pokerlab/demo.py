"""``make demo``: the main job end to end, as a person would type it.

Each step is a ``pokerlab`` command line run in this process (so compiled kernels load once),
printed with a heading so the output reads as a tour of the package.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from pokerlab.cli.main import app

OUT = Path("out")

# (what it shows, the command line)
STEPS: list[tuple[str, str]] = [
    ("Evaluate and describe hands (issue 2)", "hand 'As Ks Qs Js Ts'"),
    ("", "hand 'A♦-Q♣/3♥-4♣-J♥'"),
    ("", "hand 'Ah Ad 3c 3s 3d 9h 2c' --json"),
    ("Enumerate every 7-card hand with category counts", "enumerate 7"),
]


def run(command: str, console: Console) -> float:
    """Run one ``pokerlab`` command line in-process; return its wall-clock seconds."""
    console.print(f"[bold cyan]$ pokerlab {command}[/]")
    start = time.perf_counter()
    try:
        app(shlex.split(command), prog_name="pokerlab", standalone_mode=False)
    except SystemExit as exc:  # typer.Exit inside commands
        if exc.code not in (0, None):
            raise
    return time.perf_counter() - start


def main() -> int:
    """Run every demo step; stop at the first failure with its exit status."""
    console = Console()
    OUT.mkdir(exist_ok=True)
    total = 0.0
    for title, command in STEPS:
        if title:
            console.print(Rule(title))
        total += run(command, console)
    console.print(Rule(f"demo finished in {total:.1f} s; pictures are in {OUT}/"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
