"""Spot solves of the Solver page, in warm solving processes of their own.

A solve holds the cores for seconds to minutes, so it never runs in the server's process. The
server keeps ``most`` solving processes (``spawn``: a threaded server must not fork), started
when the Solver page is first opened (:meth:`SpotJobs.warm`) or at the first solve; each
imports the solver and loads its compiled kernels once
(:func:`pokerlab.spot.solution.warm_kernels`: those of rivers and of trees with chance nodes),
then waits. A solve is handed to a free one, which calls :func:`pokerlab.spot.solution.solve`, the
function ``pokerlab spot solve`` calls, sends its progress (iterations, exploitability when
measured, the solve's peak memory) up a pipe and saves the solution where the server keeps its
solutions. So a solve starts iterating at once instead of after the seconds a fresh process
takes to import and load. On a cold kernel cache (the first run after installing) loading is
compiling, a minute or more: the process says so (``("compiling",)``, then ``("warm",)``), and
a solve waiting for it shows ``compiling`` instead of no iterations.

Once warm, the solving processes run at a lower priority (:data:`SOLVE_NICE`): a solve
uses every core the machine leaves it, but the server's own requests (the tables, browsing)
come first. A thread here feeds each process and follows its solve, so a page can show how
far a solve is, stop it (the process is ended at once, and a fresh one warms up for the next
solve) and, after a reload, find it again by its token (or in :meth:`SpotJobs.jobs`). At most
``most`` solves run at once; more are refused with one line.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerlab.web.warm_process import WarmProcess, messages

PROGRESS_EVERY = 0.2
"""Seconds between a solve's progress messages (the exploitability checks are always sent)."""

SOLVE_NICE = 10
"""How much lower than the server the solving processes run (``os.nice``): the server's
requests are answered first, the solves take the rest of the machine."""


def _reset_peak_memory() -> None:
    """Start measuring the peak resident memory afresh (Linux; elsewhere the process's peak)."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def _peak_memory() -> int:
    """The process's peak resident memory (since :func:`_reset_peak_memory`), in bytes."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for row in Path("/proc/self/status").read_text().splitlines():
            if row.startswith("VmHWM:"):
                return int(row.split()[1]) * 1024
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _solve_one(connection: Any, spot: dict[str, Any], settings: dict[str, Any], path: str) -> None:
    """Solve one spot in a solving process, save it to ``path`` and send its progress and
    answer; nothing of it is kept once this returns (the process waits light)."""
    from pokerlab._json import jsonable
    from pokerlab.errors import user_message
    from pokerlab.spot.solution import estimate_memory, solve
    from pokerlab.spot.spec import Spot

    _reset_peak_memory()
    try:
        s = Spot.from_dict(spot)
        connection.send(("estimate", estimate_memory(s)))
        last = [0.0]

        def progress(it: int, pct: float | None) -> None:
            now = time.monotonic()
            if pct is not None or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                connection.send(("progress", it, pct, _peak_memory()))

        sol = solve(s, progress=progress, **settings)
        sol.save(path)
        connection.send(("done", jsonable(sol.summary()), _peak_memory()))
    except Exception as exc:  # the job's answer: a user mistake's line, or the bug's name
        line = user_message(exc)
        connection.send(("error", " ".join(line.split()) if line is not None
                         else f"internal error ({type(exc).__name__}: {exc})"))


def _serve(connection: Any, nice: int) -> None:
    """A solving process: warm up, lower its priority by ``nice``, then answer ``(spot,
    settings, path)`` messages (:func:`_solve_one`: progress, then ``("done", summary,
    memory)`` or ``("error", line)``) until ``None`` or the end of the pipe.

    Whenever numba finds a kernel missing from its cache (a cold cache, or a kind of solve not
    warmed, such as 16-bit storage) the process sends ``("compiling",)`` before compiling it,
    and ``("warm",)`` once warm (those of the warm-up are read with the first solve's messages).
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server ends its solves itself
    from pokerlab._kernel_cache import on_first_compile
    from pokerlab.spot.solution import warm_kernels

    def compiling() -> None:
        with contextlib.suppress(OSError, ValueError):
            connection.send(("compiling",))
        on_first_compile(compiling)  # the next kernel missing from the cache says so again

    on_first_compile(compiling)
    with contextlib.suppress(Exception):  # a failure here shows again, in one line, on a real solve
        warm_kernels()  # both kinds of tree: a solve loads only its own kind's
    connection.send(("warm",))
    # Warm at the server's priority (once, seconds: starved by a busy machine it would take
    # minutes), solve below it.
    with contextlib.suppress(OSError):
        os.nice(nice)
    for message in messages(connection):
        _solve_one(connection, *message)


@dataclass
class SpotJob:
    """One solve and what is known of it."""

    token: str
    spot: dict[str, Any]
    settings: dict[str, Any]
    path: Path
    serial: int = 0
    state: str = "running"  # running, finished, failed, stopped
    iterations: int = 0
    compiling: bool = False  # its solving process is compiling kernels (a cold cache)
    exploitability_pct: float | None = None
    peak_memory_bytes: int = 0  # the solving process's peak resident memory (the summary's
    # memory_bytes is the solver's arrays)
    estimate_bytes: int = 0
    started: float = field(default_factory=time.monotonic)
    seconds: float = 0.0
    summary: dict[str, Any] | None = None
    error: str | None = None
    process: Any = field(default=None, repr=False)

    @property
    def over(self) -> bool:
        """Whether the solve has ended (finished, failed or stopped)."""
        return self.state != "running"


class _Solver(WarmProcess):
    """One solving process, kept warm, and the thread that feeds it solves and follows them."""

    name = "pokerlab-spot"

    def __init__(self, jobs: SpotJobs, index: int) -> None:
        self.jobs = jobs
        super().__init__(index)

    def _target(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        return _serve, (self.jobs.nice,)

    def _feed(self) -> None:
        while True:
            if not self.jobs.closed and (self.process is None or not self.process.is_alive()):
                self._end_process()
                try:
                    self._start_process()  # warm before the next solve comes
                except Exception:  # the next solve tries again and reports why it cannot
                    self._end_process()
            job = self.jobs.waiting.get()
            if job is None:
                self._end_process()
                return
            with self.jobs.lock:
                if job.over:  # stopped while waiting
                    continue
                job.process = self.process
            try:
                self._run(job)
            except Exception as exc:  # the process would not start: the solve fails, the feeder goes on
                with self.jobs.lock:
                    if not job.over:
                        job.state = "failed"
                        job.error = f"the solving process could not start ({type(exc).__name__}: {exc})"
                self._end_process()

    def _run(self, job: SpotJob) -> None:
        if self.process is None:
            self._start_process()
            with self.jobs.lock:
                job.process = self.process
        try:
            self.connection.send((job.spot, job.settings, str(job.path)))
            while True:
                kind, *data = self.connection.recv()
                with self.jobs.lock:
                    if job.over:  # stopped: its process is being ended
                        raise EOFError
                    job.seconds = time.monotonic() - job.started
                    if kind in ("compiling", "warm"):
                        job.compiling = kind == "compiling"
                    elif kind == "estimate":
                        job.estimate_bytes = int(data[0])
                    elif kind == "progress":
                        job.compiling = False
                        job.iterations = int(data[0])
                        if data[1] is not None:
                            job.exploitability_pct = float(data[1])
                        job.peak_memory_bytes = int(data[2])
                    elif kind == "done":
                        job.compiling = False
                        job.summary, job.peak_memory_bytes = data[0], int(data[1])
                        job.iterations = int(job.summary["iterations"])
                        job.exploitability_pct = float(job.summary["exploitability_pct_pot"])
                        job.state = "finished"
                        return
                    else:
                        job.state, job.error = "failed", data[0]
                        return
        except (EOFError, OSError):  # the process ended: stopped, or it died
            with self.jobs.lock:
                if not job.over:
                    code = self.process.exitcode if self.process is not None else None
                    job.state, job.error = "failed", f"the solving process ended unexpectedly (status {code})"
            self._end_process()


class SpotJobs:
    """The server's solves, started, watched and stopped by token, in ``most`` warm processes
    running ``nice`` levels below the server."""

    def __init__(self, folder: str | Path, most: int = 2, keep: int = 50, nice: int = SOLVE_NICE) -> None:
        self.folder = Path(folder)
        self.most = most
        self.keep = keep
        self.nice = nice
        self.context = multiprocessing.get_context("spawn")
        self.lock = threading.Lock()
        self.waiting: queue.Queue[SpotJob | None] = queue.Queue()
        self._jobs: dict[str, SpotJob] = {}
        self._serials = itertools.count(1)
        self._solvers: list[_Solver] = []
        self.closed = False

    def warm(self) -> None:
        """Start the solving processes if they are not running yet (they load the solver)."""
        with self.lock:
            if not self._solvers and not self.closed:
                self._solvers = [_Solver(self, k) for k in range(self.most)]

    def submit(self, spot: dict[str, Any], settings: dict[str, Any]) -> SpotJob:
        """Start solving ``spot`` (a :meth:`Spot.to_dict`) with :func:`solve`'s ``settings``."""
        if self.most < 1:
            raise ValueError("this server solves no spots (it was started with no solving processes)")
        if self.closed:
            raise ValueError("the server is stopping: it starts no more solves")
        self.warm()
        with self.lock:
            running = sum(1 for job in self._jobs.values() if not job.over)
            if running >= self.most:
                raise ValueError(f"{running} solves are running, the most this server runs at once; "
                                 "stop one or wait")
            token = secrets.token_urlsafe(9)
            self.folder.mkdir(parents=True, exist_ok=True)
            job = SpotJob(token, spot, settings, self.folder / f"{token}.npz", next(self._serials))
            self._jobs[token] = job
            self._forget_old()
        self.waiting.put(job)
        return job

    def _forget_old(self) -> None:
        over = [job for job in self._jobs.values() if job.over]
        for job in over[: max(0, len(over) - self.keep)]:
            del self._jobs[job.token]
            with contextlib.suppress(OSError):
                job.path.unlink()

    def get(self, token: str) -> SpotJob:
        """The solve of ``token`` (``ValueError`` if there is none)."""
        with self.lock:
            job = self._jobs.get(token)
        if job is None:
            raise ValueError(f"no solve {token!r} on this server (it may have been forgotten)")
        return job

    def view(self, job: SpotJob) -> dict[str, Any]:
        """What a page shows of a solve: state, progress, settings and summary."""
        with self.lock:
            seconds = job.seconds if job.over else time.monotonic() - job.started
            return {"job": job.token, "state": job.state, "iterations": job.iterations,
                    "compiling": job.compiling and not job.over,
                    "exploitability_pct": job.exploitability_pct,
                    "peak_memory_bytes": job.peak_memory_bytes,
                    "estimate_bytes": job.estimate_bytes, "seconds": round(seconds, 3),
                    "settings": job.settings, "spot": job.spot, "summary": job.summary,
                    "error": job.error}

    def jobs(self) -> list[dict[str, Any]]:
        """Every solve the server remembers, the newest first."""
        with self.lock:
            known = sorted(self._jobs.values(), key=lambda j: -j.serial)
        return [self.view(job) for job in known]

    def stop(self, token: str) -> SpotJob:
        """Stop a running solve (its process is ended at once; a fresh one warms up)."""
        job = self.get(token)
        with self.lock:
            if job.over:
                return job
            job.state, job.seconds = "stopped", time.monotonic() - job.started
            process = job.process
        if process is not None and process.is_alive():
            process.terminate()
        return job

    def close(self) -> None:
        """Stop every solve and solving process (the server stops)."""
        with self.lock:
            self.closed = True
            solvers, self._solvers = self._solvers, []
            for job in self._jobs.values():
                if not job.over:
                    job.state = "stopped"
        for _ in solvers:
            self.waiting.put(None)
        for solver in solvers:
            solver.kill()
        for solver in solvers:  # each feeder ends its process
            solver.thread.join(15)
