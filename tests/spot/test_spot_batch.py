"""pokerlab spot batch: the flops and their weights, the weighted subset, textures, the same
results in this process and in local processes, a killed batch resumed, and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app as cli
from pokerlab.executors import InProcessExecutor, ProcessExecutor
from pokerlab.spot.batch import (
    BatchStore,
    canonical_flops,
    flop_subset,
    flop_weights,
    report,
    run_batch,
    textures,
)

TEMPLATE = {"pot": 10, "stack": 10, "oop_range": "AA, KK, QQ", "ip_range": "JJ, TT, AK",
            "flop": {"bet": "a"}}
SETTINGS = {"target_pct": 0.5, "max_iterations": 60, "threads": 1}


def _share(flops: list[tuple[str, int]], label: str) -> float:
    return sum(w for f, w in flops if label in textures(f)) / sum(w for _, w in flops)


def test_flop_classes_weights_and_the_subset() -> None:
    flops = canonical_flops()
    assert len(flops) == 1755 and sum(w for _, w in flops) == 22100
    assert sorted({w for _, w in flops}) == [4, 12, 24]  # monotone/trips, two-tone/pairs, rainbow
    # exact shares of all 22,100 flops: monotone 4*C(13,3), paired 13*6*48 + 13*4 (trips)
    assert _share(flops, "monotone") == pytest.approx(1144 / 22100)
    assert _share(flops, "paired") == pytest.approx(3796 / 22100)
    for n in (49, 95, 184):
        sub = flop_subset(n)
        assert len(sub) == len(set(sub)) == n
        equal = [(f, 1) for f in sub]  # each flop of the subset stands for an equal share
        for label, full in (("monotone", 1144 / 22100), ("paired", 3796 / 22100),
                            ("rainbow", _share(flops, "rainbow"))):
            assert abs(_share(equal, label) - full) < 0.04, (n, label)  # systematic sampling: 2-3 flops off
    assert flop_subset(1755) == [f for f, _ in flops]
    with pytest.raises(ValueError, match="--flops 0"):
        flop_subset(0)


class _Killed(InProcessExecutor):
    """Stops the driver (as a SIGKILL or Ctrl-C would) after ``after`` results."""

    def __init__(self, after: int) -> None:
        self.after = after

    def map(self, fn, tasks):  # type: ignore[no-untyped-def]
        for k, result in enumerate(super().map(fn, tasks)):
            if k == self.after:
                raise KeyboardInterrupt
            yield result


def _strip(results: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]


def test_local_processes_agree_and_a_killed_batch_resumes(tmp_path: Path) -> None:
    flops = flop_subset(3)
    whole = BatchStore(tmp_path / "whole.sqlite")
    here = run_batch(TEMPLATE, flops, SETTINGS, whole, InProcessExecutor())
    whole.close()
    store = BatchStore(tmp_path / "procs.sqlite")
    with ProcessExecutor(2) as ex:
        there = run_batch(TEMPLATE, flops, SETTINGS, store, ex)
    store.close()
    assert _strip(there) == _strip(here)
    killed = BatchStore(tmp_path / "killed.sqlite")
    with pytest.raises(KeyboardInterrupt):
        run_batch(TEMPLATE, flops, SETTINGS, killed, _Killed(after=1))
    assert len(killed.done()) == 1
    with pytest.raises(ValueError, match="--resume"):
        run_batch(TEMPLATE, flops, SETTINGS, killed, InProcessExecutor())
    solved = []
    again = run_batch(TEMPLATE, flops, SETTINGS, killed, InProcessExecutor(), resume=True,
                      progress=solved.append)
    killed.close()
    assert len(solved) == 2 and _strip(again) == _strip(here)
    rep = report(here)
    assert rep["by_texture"]["all"]["flops"] == 3
    assert rep["by_texture"]["all"]["bet"] == pytest.approx(sum(r["bet"] for r in here) / 3)


def test_the_command(tmp_path: Path) -> None:
    template = tmp_path / "t.toml"
    template.write_text('pot = 10\nstack = 10\noop_range = "AA, KK, QQ"\nip_range = "JJ, TT, AK"\n'
                        '[flop]\nbet = "a"\n')
    db, out, plot = tmp_path / "b.sqlite", tmp_path / "b.csv", tmp_path / "b.png"
    args = ["spot", "batch", str(template), "--flops", "2", "--db", str(db), "--max-iterations", "40"]
    result = CliRunner().invoke(cli, [*args, "--csv", str(out), "--plot", str(plot), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["flop"] for r in data["flops"]] == flop_subset(2)
    assert out.read_text().count("\n") == 3 and plot.stat().st_size > 0
    again = CliRunner().invoke(cli, args)
    assert again.exit_code == 2 and "--resume" in again.output
    resumed = CliRunner().invoke(cli, [*args, "--resume", "--json"])
    assert resumed.exit_code == 0 and json.loads(resumed.stdout)["flops"] == data["flops"]
    template.write_text('pot = 10\nstack = 10\noop_range = "ZZ"\nip_range = "JJ"\n')
    bad = CliRunner().invoke(cli, ["spot", "batch", str(template), "--db", str(tmp_path / "new.sqlite")])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1 and "oop_range" in bad.output
    assert not (tmp_path / "new.sqlite").exists()


def test_flops_stopped_above_the_target_are_flagged(tmp_path: Path) -> None:
    # Issue 40: a batch's results did not say which flops missed the target.
    template = tmp_path / "t.toml"
    template.write_text('pot = 10\nstack = 10\noop_range = "AA, KK, QQ"\nip_range = "JJ, TT, AK"\n'
                        '[flop]\nbet = "a"\n')
    capped = ["spot", "batch", str(template), "--flops", "2", "--max-iterations", "1", "--target", "0"]
    result = CliRunner().invoke(cli, [*capped, "--db", str(tmp_path / "a.sqlite"), "--json"])
    data = json.loads(result.stdout)
    assert data["not_converged"] == flop_subset(2)
    assert all(r["converged"] is False and r["stopped_by"] == "max_iterations" for r in data["flops"])
    table = CliRunner().invoke(cli, [*capped, "--db", str(tmp_path / "b.sqlite"),
                                     "--csv", str(tmp_path / "b.csv"), "--no-progress"])
    assert table.exit_code == 0 and "2 of 2 flops stopped above the target 0% of the pot" in table.output
    assert [line.split(",")[-1] for line in (tmp_path / "b.csv").read_text().splitlines()] == [
        "converged", "no", "no"]
    reached = CliRunner().invoke(cli, ["spot", "batch", str(template), "--flops", "2", "--target", "100",
                                       "--db", str(tmp_path / "c.sqlite"), "--json"])
    data = json.loads(reached.stdout)
    assert data["not_converged"] == [] and all(r["converged"] for r in data["flops"])


@pytest.mark.slow
def test_49_flops_on_a_local_ray_instance_equal_local_processes(tmp_path: Path) -> None:
    # a Ray worker SIGKILLed while it solves a flop loses nothing: Ray runs the task again
    import logging
    import os

    import ray
    from ray_workers import killing_one_worker

    from pokerlab.executors import RayExecutor

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024,
                 log_to_driver=False, logging_level=logging.WARNING)
    try:
        flops = flop_subset(49)
        local = BatchStore(tmp_path / "local.sqlite")
        with ProcessExecutor(2) as ex:
            here = run_batch(TEMPLATE, flops, SETTINGS, local, ex)
        store = BatchStore(tmp_path / "ray.sqlite")
        with killing_one_worker("solve_flop") as killed, RayExecutor() as ex:
            assert ex.where()["backend"] == "ray"
            there = run_batch(TEMPLATE, flops, SETTINGS, store, ex)
        assert killed, "no Ray worker was caught solving a flop"
        assert _strip(there) == _strip(here) and len(store.done()) == 49
    finally:
        if started:
            ray.shutdown()


@pytest.mark.slow
def test_a_sigkilled_driver_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    import signal
    import sqlite3
    import subprocess
    import sys
    import time

    template = tmp_path / "t.toml"
    template.write_text('pot = 10\nstack = 10\noop_range = "AA, KK, QQ"\nip_range = "JJ, TT, AK"\n'
                        '[flop]\nbet = "a"\n')
    db = tmp_path / "killed.sqlite"
    common = ["spot", "batch", str(template), "--flops", "6", "--max-iterations", "60", "--no-progress"]
    args = [*common, "--db", str(db)]
    driver = subprocess.Popen([sys.executable, "-m", "pokerlab", *args], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    stored = 0
    end = time.monotonic() + 120
    while stored < 2 and time.monotonic() < end and driver.poll() is None:
        time.sleep(0.1)
        if db.exists():
            try:
                with sqlite3.connect(db) as conn:
                    stored = conn.execute("SELECT COUNT(*) FROM flops").fetchone()[0]
            except sqlite3.OperationalError:  # the table is not there yet
                stored = 0
    driver.send_signal(signal.SIGKILL)
    driver.wait(30)
    assert 2 <= stored < 6, stored
    resumed = CliRunner().invoke(cli, [*args, "--resume", "--json"])
    assert resumed.exit_code == 0, resumed.output
    whole = CliRunner().invoke(cli, [*common, "--db", str(tmp_path / "whole.sqlite"), "--json"])
    assert whole.exit_code == 0, whole.output
    assert _strip(json.loads(resumed.stdout)["flops"]) == _strip(json.loads(whole.stdout)["flops"])


def test_a_line_reports_the_decision_it_leads_to(tmp_path: Path) -> None:
    flops = flop_subset(2)
    store = BatchStore(tmp_path / "line.sqlite")
    after = run_batch(TEMPLATE, flops, SETTINGS, store, InProcessExecutor(), line="x")
    store.close()
    assert {r["player"] for r in after} == {"ip"} and all(r["line"] == "x" for r in after)
    assert all(r["actions"] == ["x", "b10"] for r in after)
    assert all(r["bet"] == pytest.approx(r["frequencies"]["b10"]) for r in after)
    with pytest.raises(ValueError, match="not a decision"):
        run_batch(TEMPLATE, flops, SETTINGS, BatchStore(tmp_path / "bad.sqlite"), InProcessExecutor(),
                  line="b10 c")


def test_all_flops_count_by_the_flops_they_stand_for() -> None:
    flops = [f for f, _ in canonical_flops()]
    assert sum(flop_weights(flops)) == 22100 and set(flop_weights(flop_subset(49))) == {1.0}
    # a bet frequency of 1 on the monotone flops only: the mean is the monotone share of all flops
    fake = [{"flop": f, "bet": float("monotone" in textures(f)), "ev": [0.0, 0.0]} for f in flops]
    assert report(fake)["by_texture"]["all"]["bet"] == pytest.approx(1144 / 22100)


def test_a_template_with_a_board_is_refused_and_resume_needs_a_batch(tmp_path: Path) -> None:
    template = tmp_path / "t.toml"
    template.write_text('board = "Qs Jh 2h"\npot = 10\nstack = 10\noop_range = "AA"\nip_range = "KK"\n'
                        '[flop]\nbet = "a"\n')
    db = tmp_path / "b.sqlite"
    args = ["spot", "batch", str(template), "--flops", "1", "--db", str(db), "--max-iterations", "20"]
    given = CliRunner().invoke(cli, args)
    assert given.exit_code == 2 and not db.exists()
    assert given.output.strip().splitlines() == [
        f"error: template '{template}': board 'Qs Jh 2h': a batch solves the template on the flops "
        "--flops chooses; leave board out (spot solve solves one board)"]
    template.write_text('pot = 10\nstack = 10\noop_range = "AA"\nip_range = "KK"\n[flop]\nbet = "a"\n')
    empty = CliRunner().invoke(cli, [*args, "--resume"])
    assert empty.exit_code == 2 and not db.exists()
    assert empty.output.strip().splitlines() == [
        f"error: --resume: {db} holds no batch to resume; start one without --resume"]


def test_resuming_with_other_settings_names_each_setting_with_both_values(tmp_path: Path) -> None:
    store = BatchStore(tmp_path / "b.sqlite")
    run_batch(TEMPLATE, flop_subset(1), SETTINGS, store, InProcessExecutor())
    other = dict(TEMPLATE, pot=12)
    with pytest.raises(ValueError) as info:
        run_batch(other, flop_subset(2), dict(SETTINGS, target_pct=1.0), store, InProcessExecutor(),
                  resume=True)
    store.close()
    assert str(info.value) == (f"--resume: {tmp_path / 'b.sqlite'} holds a batch of other settings: "
                               "template pot (10 there, 12 here); --flops (1 flops there, 2 flops here); "
                               "--target (0.5 there, 1.0 here)")
