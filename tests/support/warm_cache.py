"""Compile the kernels most tests share once, before the test workers start.

On a cold cache (a fresh clone, as CI runs) both xdist workers, and the processes the tests
start (documentation examples, spot batches, web servers, Ray workers), would each compile the
same numba kernels at the same moment: the spot solver's alone take a minute of CPU. Two
processes, one per core, compile them here first; everything after loads them from the cache.
On a warm cache this costs about 6 seconds (the commands' own work).

``python tests/support/warm_cache.py GROUP`` compiles one group; :func:`warm` runs the groups
side by side and waits for both.
"""

from __future__ import annotations

import subprocess
import sys

# Two groups of about equal compile time (cold, on this project's 2-core machine class: about
# a minute each): the spot solver's kernels (pokerlab.spot.solution.warm_kernels: a river and a
# turn), and the command-line runs below. Adding the draw and Loki-B matches (20 and 28 s cold)
# made a fresh clone's make test slower, not faster.
GROUPS = ("spot", "commands")
COMMANDS: list[list[str]] = [
    ["equity", "AcAd", "KhKs", "--json"],
    ["equity", "AcAd", "QQ+", "random", "--samples", "20000", "--seed", "1", "--json"],
    ["strength", "AdQc", "3h4cJh", "--opponents", "5", "--json"],
    ["equilibrium", "leduc", "--iterations", "10", "--json"],
    ["draw", "exactness", "--json"],
    ["solve", "patent-raise", "--pot", "3", "--cards", "five-card-draw", "--json"],
]


def _compile(group: str) -> None:
    if group == "spot":
        from pokerlab.spot.solution import warm_kernels

        warm_kernels()
        return
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    for args in COMMANDS:  # in this one process: on a warm cache each module loads once
        CliRunner().invoke(app, args)


def warm() -> None:
    """Compile every group, one process per group, and wait for them (a failure is left to the
    tests that use those kernels to report)."""
    running = [subprocess.Popen([sys.executable, __file__, group], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
               for group in GROUPS]
    try:
        for process in running:
            process.wait()
    except KeyboardInterrupt:  # Ctrl-C: leave no compiling process behind
        for process in running:
            process.kill()
        raise


if __name__ == "__main__":
    _compile(sys.argv[1])
