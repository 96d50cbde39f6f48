"""Start-up (issue 16): commands load only what they need; ``--help`` still lists every command.

Timings live in ``benchmarks/equity.py`` (``cli_start_s``); these tests check the imports
behind them, which is what makes a command start quickly.
"""

import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from pokerlab.cli.main import COMMAND_MODULES, app

HEAVY = ("numba", "sympy", "scipy", "matplotlib", "pokerlab.strength")


def _modules_after(*argv: str, heavy: tuple[str, ...] = HEAVY) -> dict[str, object]:
    """Run ``pokerlab argv`` in a fresh interpreter; which heavy modules it imported, and its output."""
    code = (
        "import io, json, sys, contextlib\n"
        f"sys.argv = ['pokerlab', *{list(argv)!r}]\n"
        "from pokerlab.cli.main import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"heavy = {list(heavy)!r}\n"
        "print(json.dumps({'loaded': [m for m in heavy if m in sys.modules], 'out': out.getvalue()}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_help_lists_every_command():
    r = CliRunner().invoke(app, ["--help"])
    assert r.exit_code == 0
    for name in COMMAND_MODULES:
        assert f" {name} " in r.output


def test_help_and_hand_load_no_numba():
    for argv in (("--help",), ("hand", "As Ks Qs Js Ts"), ("equity", "--help")):
        result = _modules_after(*argv)
        assert result["loaded"] == [], (argv, result["loaded"])
    assert "Royal flush" in _modules_after("hand", "AsKsQsJsTs", "--json")["out"]


def test_a_command_without_a_database_loads_no_sqlite():
    # pokerlab.errors recognises sqlite3's errors once sqlite3 is loaded, without loading it
    # (1 MiB of a spot solve's memory).
    for argv in (("hand", "As Ks Qs Js Ts"), ("spot", "--help")):
        assert _modules_after(*argv, heavy=("sqlite3",))["loaded"] == [], argv


# What equity does not need: the rest of pokerlab.strength (the package loads its modules on
# first use) and the executors (process pools, sockets: only --cluster uses them).
NOT_FOR_EQUITY = (
    "pokerlab.strength.effective",
    "pokerlab.strength.potential",
    "pokerlab.strength.hand_strength",
    "pokerlab.strength._enumeration",
    "pokerlab.strength.income_rate_check",
    "pokerlab.strength.preflop_simulation",
    "pokerlab.strength.preflop_tables",
    "pokerlab.strength.equity_grid",
    "pokerlab.executors",
)


def test_equity_loads_its_kernels_and_nothing_else_heavy():
    # numba itself loads scipy.linalg (its BLAS bindings) when it first loads a kernel, nothing
    # more of scipy. Exact equity needs the board-class kernels, Monte Carlo the sampler's.
    heavy = ("numba", "pokerlab.strength._board_classes", "pokerlab.strength._monte_carlo", "sympy",
             "scipy.stats", "matplotlib", "pokerlab.arena", *NOT_FOR_EQUITY)
    exact = _modules_after("equity", "AcAd", "KhKs", "--json", heavy=heavy)
    assert exact["loaded"] == ["numba", "pokerlab.strength._board_classes"]
    assert '"equity"' in exact["out"]
    sampled = _modules_after("equity", "AcAd", "KhKs", "--samples", "2000", "--seed", "1", "--json",
                             heavy=heavy)
    assert sampled["loaded"] == ["numba", "pokerlab.strength._monte_carlo"]
    assert '"trials": 2000' in sampled["out"]


def test_the_command_shortens_the_idle_blas_spin_before_numpy_loads():
    # numpy's and scipy's OpenBLAS threads read the setting when numpy or scipy loads.
    code = ("import os, sys\nimport pokerlab.cli.main\n"
            "print(os.environ['OPENBLAS_THREAD_TIMEOUT'], 'numpy' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    for given, expected in ((None, "16 False"), ("8", "8 False")):
        run_env = env if given is None else {**env, "OPENBLAS_THREAD_TIMEOUT": given}
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                              env=run_env)
        assert done.stdout.strip() == expected
