"""The Solver page names a cold kernel cache (issue 40): the first solve after installing waits a
minute or more while the solving process compiles the solver's kernels, and the page showed
"0 iterations" all along. The process now says when it compiles; the page shows "compiling
kernels (first run)" until the first iteration."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pokerlab.web.spot_jobs import SpotJob, SpotJobs, _Solver

RIVER = {"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ", "ip_range": "KK,JJ",
         "bet": "50%"}


class _Pipe:
    """A solving process's end of the pipe, as the feeding thread reads it: each message in turn,
    with what the page would have been shown just before it."""

    def __init__(self, jobs: SpotJobs, job: SpotJob, messages: list[tuple]) -> None:
        self.jobs, self.job, self.messages = jobs, job, list(messages)
        self.seen: list[dict] = []

    def send(self, message: object) -> None:
        pass

    def recv(self) -> tuple:
        self.seen.append(self.jobs.view(self.job))
        return self.messages.pop(0)


class _Alive:
    exitcode = None

    def is_alive(self) -> bool:
        return True


def test_a_solve_shows_compiling_while_its_process_compiles_and_no_iteration_is_done(tmp_path: Path):
    jobs = SpotJobs(tmp_path)  # no solving process is started: the test plays the process's part
    job = SpotJob("t", RIVER, {}, tmp_path / "t.npz")
    solver = _Solver.__new__(_Solver)
    solver.jobs, solver.process = jobs, _Alive()
    summary = {"iterations": 3, "exploitability_pct_pot": 0.2}
    pipe = solver.connection = _Pipe(jobs, job, [
        ("compiling",), ("warm",),          # the warm-up of a cold cache, read with the solve's messages
        ("compiling",), ("estimate", 1000),  # a kernel the warm-up did not load compiles for this solve
        ("progress", 1, None, 5000), ("done", summary, 6000)])
    solver._run(job)
    shown = [(v["compiling"], v["iterations"]) for v in pipe.seen[1:]] + [(jobs.view(job)["compiling"], 3)]
    assert shown == [(True, 0), (False, 0), (True, 0), (True, 0), (False, 1), (False, 3)]
    assert job.state == "finished" and job.error is None


def test_the_page_says_compiling_kernels_instead_of_0_iterations(server: str, page) -> None:
    running = {"job": "cold", "state": "running", "iterations": 0, "compiling": True,
               "exploitability_pct": None, "peak_memory_bytes": 0, "estimate_bytes": 0, "seconds": 4.2,
               "settings": {}, "spot": RIVER, "summary": None, "error": None}
    page.route("**/api/spot/solve", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(running)))
    page.route("**/api/spot/jobs/cold", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(running)))
    page.goto(server + "/solver")
    for k in (1, 2):
        page.wait_for_selector(f'#player-{k}[data-state="ready"]')
    page.click("#solve")
    page.wait_for_selector('#result[data-state="solving"]')
    text = page.inner_text("#progress")
    assert "compiling kernels (first run" in text and "iterations" not in text, text
    running.update(compiling=False, iterations=12, exploitability_pct=1.5)  # the first iterations
    page.wait_for_function("/12 iterations/.test(document.getElementById('progress').textContent)")
    page.unroute("**/api/spot/jobs/cold")


@pytest.mark.slow
def test_a_solving_process_on_a_cold_cache_reports_compiling(tmp_path: Path, monkeypatch) -> None:
    # A real solving process with an empty kernel cache: a minute or two of compiling.
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    jobs = SpotJobs(tmp_path / "solutions", most=1)
    try:
        job = jobs.submit(RIVER, {"target_pct": 1.0, "max_iterations": 50})
        views = []
        deadline = time.monotonic() + 900
        while not job.over and time.monotonic() < deadline:
            views.append(jobs.view(job))
            time.sleep(0.2)
        assert job.state == "finished", job.error
        assert any(v["compiling"] and v["iterations"] == 0 for v in views)
        assert not jobs.view(job)["compiling"]
    finally:
        jobs.close()
