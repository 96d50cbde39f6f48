"""Parallel MCCFR on a local Ray instance equals local processes and this process (slow: Ray
takes seconds to start). The instance is started as tests/test_executors.py starts its own."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlab.equilibrium.betting_tree import BettingTree
from pokerlab.equilibrium.leduc_deals import LeducDeals
from pokerlab.equilibrium.mccfr import MCCFRConfig, ParallelMCCFR
from pokerlab.executors import InProcessExecutor, ProcessExecutor, RayExecutor

pytestmark = pytest.mark.slow


def test_parallel_mccfr_on_ray_equals_local_processes(ray_address, tmp_path) -> None:
    tree = BettingTree.leduc()
    config = MCCFRConfig("cfr+", "linear", interval=100, batch=500)
    runs = {}
    for name, make in (("ray", lambda: RayExecutor(ray_address)), ("processes", lambda: ProcessExecutor(2)),
                       ("here", InProcessExecutor)):
        par = ParallelMCCFR(tree, LeducDeals(), seed=9, config=config, workers=3)
        with make() as ex:
            par.run(2_000, round_iterations=800, executor=ex)
            if name == "ray":
                assert ex.where()["backend"] == "ray"
        runs[name] = par
    for name in ("processes", "here"):
        for a, b in zip(runs["ray"].states, runs[name].states, strict=True):
            assert np.array_equal(a["regrets"], b["regrets"]) and np.array_equal(a["average"], b["average"])
    assert runs["ray"].iterations == (2_000,) * 3
    assert np.array_equal(runs["ray"].average_strategy(), runs["here"].average_strategy())
