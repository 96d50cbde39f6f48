"""A cold kernel cache is announced (issue 40): a brand-new user's first ``pokerlab equity`` took
20 to 60 s with no word; now one line on standard error says the kernels are compiling, once.

Each run starts pokerlab in a fresh process with an empty ``POKERLAB_CACHE_DIR`` (and no
``NUMBA_CACHE_DIR``), as a first run after installing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlab._kernel_cache import COMPILE_NOTICE

BIN = Path(sys.executable).parent
NOTICE_START = COMPILE_NOTICE.split("{")[0]

PROBE = """
import sys
from pokerlab import _kernel_cache
_kernel_cache.on_first_compile(lambda: print("FIRST COMPILE", file=sys.stderr))
sys.path.insert(0, sys.argv[1])
import users_kernel                      # a kernel of the user's own, cached by numba too
users_kernel.double(2)
print("user's kernel done", file=sys.stderr)
from pokerlab.evaluate.sampling import random_hands
random_hands(2, 5)
random_hands(3, 7)                       # the same signature: no second notice
"""

USERS_KERNEL = """
from numba import njit


@njit(cache=True)
def double(x):
    return 2 * x
"""


def _first_run_env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "POKERLAB_CACHE_DIR")}
    env["POKERLAB_CACHE_DIR"] = str(cache)
    return env


def _probe(cache: Path, folder: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(folder)], env=_first_run_env(cache),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stderr.splitlines()


def test_the_first_pokerlab_kernel_compiled_is_announced_once_and_only_when_cold(tmp_path):
    (tmp_path / "users_kernel.py").write_text(USERS_KERNEL)
    cache = tmp_path / "cache"
    # A user's kernel compiles without a word (not pokerlab's); pokerlab's first one announces.
    assert _probe(cache, tmp_path) == ["user's kernel done", "FIRST COMPILE"]
    assert list((cache / "numba").rglob("sampling.*.nbi"))  # where pokerlab says it keeps them
    assert _probe(cache, tmp_path) == ["user's kernel done"]  # loaded from the cache: silent


def _pokerlab(args: list[str], cache: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "pokerlab"), *args], env=_first_run_env(cache),
                          capture_output=True, text=True, timeout=600)


def _check_first_and_second_run(args: list[str], cache: Path) -> None:
    first = _pokerlab(args, cache)
    assert first.returncode == 0, first.stderr[-2000:]
    json.loads(first.stdout)  # --json's standard output stays one JSON object
    notices = [line for line in first.stderr.splitlines() if line.startswith(NOTICE_START)]
    assert notices == [COMPILE_NOTICE.format(folder=cache / "numba")], first.stderr
    second = _pokerlab(args, cache)
    assert second.returncode == 0 and NOTICE_START not in second.stderr, second.stderr
    answers = [{k: v for k, v in json.loads(run.stdout).items() if k != "seconds"} for run in (first, second)]
    assert answers[0] == answers[1]


def test_a_command_on_a_cold_cache_says_it_compiles_on_standard_error_only(tmp_path):
    # Kuhn's CFR kernels: about 6 s to compile, the quickest command that compiles any.
    _check_first_and_second_run(["equilibrium", "kuhn", "--iterations", "10", "--json"], tmp_path)


@pytest.mark.slow
def test_a_new_users_first_equity_says_it_compiles(tmp_path):
    # The case: 20 s of CPU (a minute of wall time on a busy machine) the first time.
    _check_first_and_second_run(["equity", "AcAd", "KhKs", "--json"], tmp_path)
