"""Ctrl-C during CFR (issue 28): Python waits for a running numba kernel, so one kernel call for
all the iterations could not be stopped (15.8 s after Ctrl-C on ``solve patent-raise-3p --pot 3``).
:meth:`CFRSolver.run` calls the kernel in slices of about 0.1 s, each starting where the last
ended, so the result is the same as one call's."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from terminal import ctrl_c_as_in_a_terminal

from pokerlab.equilibrium import cfr
from pokerlab.equilibrium.games.kuhn import kuhn


def test_slices_give_the_same_strategy_as_one_run():
    whole = cfr.CFRSolver(kuhn(), "dcfr")
    whole.run(300)
    pieces = cfr.CFRSolver(kuhn(), "dcfr")
    for n in (1, 2, 97, 200):
        pieces.run(n)
    assert pieces.iterations == whole.iterations == 300
    np.testing.assert_array_equal(pieces.average_strategy().probs, whole.average_strategy().probs)


def test_a_slow_kernel_is_called_in_short_slices(monkeypatch):
    calls: list[int] = []
    real = cfr._iterate

    def slow(iterations, *args):  # a kernel taking 1 ms per iteration
        calls.append(iterations)
        time.sleep(iterations / 1000)
        return real(iterations, *args)

    monkeypatch.setattr(cfr, "_iterate", slow)
    solver = cfr.CFRSolver(kuhn(), "cfr+")
    solver.run(1500)
    assert sum(calls) == solver.iterations == 1500
    assert len(calls) > 5 and max(calls) <= 400, calls  # slices of about 0.1 s, not one of 1.5 s


@pytest.mark.slow
def test_ctrl_c_stops_a_three_player_solve_within_seconds():
    proc = subprocess.Popen([sys.executable, "-m", "pokerlab", "solve", "patent-raise-3p", "--pot", "3"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COLUMNS": "80"}, preexec_fn=ctrl_c_as_in_a_terminal)
    time.sleep(10)  # into the CFR runs of the order discovery
    if proc.poll() is not None:
        pytest.skip("the solve finished before Ctrl-C")
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    ready, _, _ = select.select([proc.stderr], [], [], 30)
    said = time.monotonic() - sent
    _, err = proc.communicate(timeout=60)
    assert ready and proc.returncode == 130 and err == "interrupted: stopped by Ctrl-C\n", err
    assert said < 5, said  # one kernel call took 15.8 s before (about 0.1 s on an idle machine now)
