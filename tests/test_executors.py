"""Executors: in-process, local processes and a Ray cluster give the same results.

The Ray tests share one local Ray instance per xdist worker (2 CPUs, no dashboard, a small
object store), started by the module's fixture in the worker's own process: Ray's workers are
that process's descendants, which is how the kill test finds its own. (``--dist loadgroup``
would keep them on one worker, but pytest 9.2 broke its grouping: pytest-xdist issue 1386.)
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from match_process import kill_match_after
from ray_workers import killing_one_worker
from typer.testing import CliRunner

from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.arena import match as arena_match
from pokerlab.arena.experiments import (
    FREEZEOUTS,
    _summarise_trials,
    freezeout_comparison,
    freezeout_trial,
    loki_variants,
)
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings
from pokerlab.executors import (
    InProcessExecutor,
    ProcessExecutor,
    RayExecutor,
    executor_for,
    parse_cluster_address,
)
from pokerlab.strength import equity
from pokerlab.strength.preflop_simulation import simulate_preflop


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


def _hands(store: MatchStore, match_id: int) -> list[tuple[int, str, str]]:
    rows = store.conn.execute(
        "SELECT hand_no, payoffs, record FROM hands WHERE match_id = ? ORDER BY hand_no", (match_id,))
    return [tuple(r) for r in rows]


# -- without Ray ----------------------------------------------------------------------------

def test_executors_yield_results_in_task_order() -> None:
    tasks = [(n, 3) for n in range(7)]
    assert list(InProcessExecutor().map(pow, tasks)) == [n**3 for n in range(7)]
    with ProcessExecutor(2) as ex:
        assert list(ex.map(pow, tasks)) == [n**3 for n in range(7)]
        assert ex.where() == {"backend": "processes", "address": None, "nodes": 1, "cpus": 2}


def test_executor_options_are_checked() -> None:
    with pytest.raises(ValueError, match="--workers must be at least 1, not 0"):
        executor_for(0)
    with pytest.raises(ValueError, match="--workers 3 counts local processes"):
        executor_for(3, "auto")
    for bad in ("ray://", "head", "head:port", "ray://head:0", "ray://head:70000"):
        with pytest.raises(ValueError, match=f"--cluster {bad}: give auto"):
            parse_cluster_address(bad)
    assert parse_cluster_address(" ray://[::1]:10001 ") == ("ray://[::1]:10001", ("::1", 10001))


def test_cluster_that_does_not_answer_is_one_line_and_exit_2(tmp_path) -> None:
    # The address is probed first, so the answer comes in seconds, not after Ray's minutes of
    # retries, and before anything is written.
    port = _closed_port()
    for command in (["match", "random", "raiser", "--hands", "10", "--db", str(tmp_path / "m.sqlite")],
                    ["preflop", "simulate", "--trials", "10"],
                    ["experiment", "waterloo-phases", "--trials", "1"],
                    ["equity", "AcAd", "random", "--samples", "1000"]):
        started = time.monotonic()
        result = CliRunner().invoke(app, [*command, "--cluster", f"ray://127.0.0.1:{port}"])
        assert result.exit_code == 2, result.output
        assert result.output.splitlines() == [f"error: --cluster ray://127.0.0.1:{port}: no Ray cluster "
                                              f"answers at 127.0.0.1:{port} (Connection refused)"]
        assert time.monotonic() - started < 30
    assert not (tmp_path / "m.sqlite").exists()  # nothing was started


def test_cluster_without_ray_installed_says_how_to_install(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as when it is not installed
    result = CliRunner().invoke(app, ["preflop", "simulate", "--trials", "10", "--cluster", "auto"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: --cluster needs Ray: pip install 'pokerlab[ray]'"
    result = CliRunner().invoke(app, ["match", "random", "raiser", "--cluster", "nowhere",
                                      "--db", str(tmp_path / "m.sqlite")])
    assert result.exit_code == 2 and "pokerlab[ray]" in result.output


# -- on a local Ray instance ----------------------------------------------------------------

def test_duplicate_limit_match_on_ray_equals_the_local_run(ray_address, monkeypatch) -> None:
    monkeypatch.setattr(arena_match, "BATCH", 50)  # tasks of 200 hands: five of them
    config = MatchConfig(bots=("random", "raiser"), hands=1000, game=GameSettings.preset("limit"),
                         duplicate=True, seed=11)
    local, cluster = MatchStore(":memory:"), MatchStore(":memory:")
    here = run_match(config, local)
    with RayExecutor() as ex:
        ticks: list[int] = []
        there = run_match(config, cluster, executor=ex, progress=ticks.append)
    assert ticks == [200] * 5  # the bar advances task by task
    assert there.where == {"backend": "ray", "address": ray_address, "nodes": 1, "cpus": 2}
    assert here.where["backend"] == "in-process"
    assert _hands(cluster, there.match_id) == _hands(local, here.match_id)  # hand by hand
    assert [r.to_dict() for r in there.results] == [r.to_dict() for r in here.results]


def test_bot_loaded_from_a_file_plays_on_ray(ray_address, monkeypatch) -> None:
    # The Ray workers know the bot only from the file: each loads it before seating the bots.
    from pokerlab.agents import registry

    monkeypatch.setattr(arena_match, "BATCH", 25)  # tasks of 100 hands: two of them
    example = str(Path(__file__).resolve().parents[1] / "examples" / "draw_bot.py")
    config = MatchConfig(bots=("example-draw", "draw-rules"), hands=200, duplicate=True, seed=4,
                         game=GameSettings.preset("limit", "five-card-draw"), bot_modules=(example,))
    try:
        local, cluster = MatchStore(":memory:"), MatchStore(":memory:")
        here = run_match(config, local)
        with RayExecutor() as ex:
            there = run_match(config, cluster, executor=ex)
        assert there.where["backend"] == "ray"
        assert _hands(cluster, there.match_id) == _hands(local, here.match_id)
    finally:
        registry.unregister_bot("example-draw")
        registry._LOADED.pop(example, None)


def test_loki_experiment_on_ray_equals_its_tasks_played_here(ray_address, monkeypatch) -> None:
    # Loki A, C and D learn: like a local worker process, every Ray task starts with fresh bots,
    # so each task gives the hands that the same task played in this process gives (the slow
    # test below checks against real local processes).
    monkeypatch.setattr(arena_match, "BATCH", 10)  # two tasks of 40 hands
    store = MatchStore(":memory:")
    with RayExecutor() as ex:
        cluster = loki_variants(hands=80, seed=5, store=store, executor=ex)
    key = cluster.config.key()
    here = [row[:3] for task in arena_match.match_tasks(range(80))
            for row in arena_match._play_task(key, task, False)]
    assert cluster.where["backend"] == "ray" and cluster.hands_stored == 80
    assert _hands(store, cluster.match_id) == here


@pytest.mark.slow
def test_loki_experiment_on_ray_equals_local_processes(ray_address, monkeypatch) -> None:
    monkeypatch.setattr(arena_match, "BATCH", 20)  # two tasks of 80 hands
    with ProcessExecutor(2) as ex:
        local = loki_variants(hands=160, seed=5, executor=ex)
    with RayExecutor() as ex:
        cluster = loki_variants(hands=160, seed=5, executor=ex)
    assert cluster.where["backend"] == "ray" and local.where["backend"] == "processes"
    assert [r.to_dict() for r in cluster.results] == [r.to_dict() for r in local.results]
    assert np.array_equal(cluster.bankroll, local.bankroll)


def test_freezeout_trials_on_ray_are_the_trial_tasks(ray_address) -> None:
    game = GameSettings.preset("no-limit")
    bots = FREEZEOUTS["trust"]
    with RayExecutor() as ex:
        result = freezeout_comparison("trust", trials=2, max_hands=30, seed=3, executor=ex)
    trials = [freezeout_trial(bots, 30, game, 6, 3000 + trial) for trial in range(2)]
    assert len(result.chip_curves) == 1 and np.array_equal(result.chip_curves[0], trials[0])  # the plot's
    expected, _ = _summarise_trials(trials, bots, 6, game)
    assert [(s.bot, s.places, s.survival, s.final_chips) for s in result.summaries] == [
        (s.bot, s.places, s.survival, s.final_chips) for s in sorted(
            expected.values(), key=lambda s: (s.mean_place, -s.mean_survival))]


def test_preflop_table_on_ray_is_bit_for_bit_the_local_one(ray_address) -> None:
    here = simulate_preflop(opponents=2, trials=5000, seed=4, cache=False)  # three blocks
    with RayExecutor() as ex:
        there = simulate_preflop(opponents=2, trials=5000, seed=4, cache=False, executor=ex)
    assert np.array_equal(here.share, there.share)
    assert np.array_equal(here.share_stderr, there.share_stderr)
    assert np.array_equal(here.win_fraction, there.win_fraction)
    result = CliRunner().invoke(app, ["preflop", "simulate", "--trials", "5000", "-k", "2", "--seed", "4",
                                      "--no-cache", "--json", "--cluster", ray_address])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["executor"]["backend"] == "ray" and data["executor"]["cpus"] == 2
    assert data["classes"]["AA"] == pytest.approx(3 * here.share[0] - 1, abs=1e-12)



def test_equity_monte_carlo_on_ray_counts_exactly_the_local_run(ray_address) -> None:
    players = ["AcAd", "QQ+, AKs", "random"]
    here = equity(players, exact=False, samples=200_000, seed=7, workers=1)
    target = {"samples": None, "stderr": 1.5e-3, "seed": 5}
    here_target = equity(players, exact=False, workers=1, **target)
    with RayExecutor() as ex:
        assert equity(players, exact=False, samples=200_000, seed=7, executor=ex) == here
        assert equity(players, exact=False, executor=ex, **target) == here_target
    result = CliRunner().invoke(app, ["equity", *players, "--samples", "200000", "--seed", "7", "--json",
                                      "--cluster", ray_address])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["executor"]["backend"] == "ray" and data["executor"]["cpus"] == 2
    assert [data["wins"], data["ties"], data["stderr"]] == [list(here.wins), list(here.ties),
                                                            list(here.stderr)]


@pytest.mark.slow  # about 17 s; the fast suite keeps the Ray match equal to the local one
def test_ray_worker_killed_mid_match_loses_and_doubles_no_hand(ray_address) -> None:
    config = MatchConfig(bots=("random", "raiser"), hands=5000, game=GameSettings.preset("limit"),
                         duplicate=True, seed=21)
    store = MatchStore(":memory:")
    with killing_one_worker("_play_task") as killed, RayExecutor() as ex:
        result = run_match(config, store, executor=ex)
    assert killed, "no Ray worker was caught playing a task"
    reference = MatchStore(":memory:")
    expected = run_match(config, reference)
    assert result.hands_stored == 5000 and store.hand_numbers(result.match_id) == set(range(5000))
    assert _hands(store, result.match_id) == _hands(reference, expected.match_id)


@pytest.mark.slow  # 20 s; the fast suite resumes a killed local match (tests/arena/test_arena_resume.py)
def test_driver_killed_and_resumed_completes_the_match_on_ray(ray_address, tmp_path) -> None:
    # Eight 1,000-hand tasks, twice the four the driver keeps in flight on 2 CPUs: it sends
    # tasks 5 to 7 only after storing the first (one as each of tasks 1 to 3 comes back), so the
    # kill after the first task has at least two tasks' play to land before the match is
    # complete. With four tasks (all in flight at once) it once stored all four before the kill
    # landed; kill_match_after runs the match again should that happen.
    hands = 8000
    db = tmp_path / "m.sqlite"
    args = ["random", "raiser", "--hands", str(hands), "--duplicate", "--seed", "8", "--db", str(db),
            "--cluster", ray_address]
    before = kill_match_after(args, db, 1000, 180)
    assert 0 < before < hands and before % 1000 == 0  # whole tasks, each one transaction

    result = CliRunner().invoke(app, ["match", *args, "--resume", "--json"])
    assert result.exit_code == 0, result.output
    resumed = json.loads(result.output)
    assert resumed["hands_stored"] == hands and resumed["hands_played_now"] == hands - before
    assert resumed["finished"] and resumed["match_id"] == 1 and resumed["executor"]["backend"] == "ray"
    config = MatchConfig(bots=("random", "raiser"), hands=hands, game=GameSettings.preset("limit"),
                         duplicate=True, seed=8)
    reference = MatchStore(":memory:")
    expected = run_match(config, reference)
    assert _hands(MatchStore(db), 1) == _hands(reference, expected.match_id)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_workers_end_with_a_parent_killed_by_sigterm(tmp_path) -> None:
    # a parent running two long tasks in spawned workers writes the workers' pids, then is
    # killed by SIGTERM (a job scheduler's stop): the workers must not run on, orphaned
    script = tmp_path / "parent.py"
    pids = tmp_path / "pids"
    script.write_text(
        "import os, sys, time\n"
        "from pokerlab.executors import executor_for\n"
        "def task(path):\n"
        "    with open(path, 'a') as f:\n"
        "        f.write(f'{os.getpid()}\\n')\n"
        "    time.sleep(120)\n"
        "if __name__ == '__main__':\n"
        "    with executor_for(workers=2) as ex:\n"
        f"        list(ex.map(task, [({str(pids)!r},), ({str(pids)!r},)]))\n")
    parent = subprocess.Popen([sys.executable, str(script)])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_lines(pids)) < 2:
            time.sleep(0.1)
        workers = [int(p) for p in _lines(pids)]
        assert len(workers) == 2
        parent.send_signal(signal.SIGTERM)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(p) for p in workers):
            time.sleep(0.1)
        assert not any(_alive(p) for p in workers)
    finally:
        parent.kill()


def _lines(path) -> list[str]:
    return path.read_text().split() if path.exists() else []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped by init) is not running
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False
