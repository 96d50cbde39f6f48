"""Spot solves of the Solver page, each in a process of its own.

A solve holds both cores for seconds to minutes, so each runs in a fresh process (``spawn``:
a threaded server must not fork) that calls :func:`pokerlab.spot.solution.solve`, the function
``pokerlab spot solve`` calls, sends its progress (iterations, exploitability when measured,
peak memory) up a pipe and saves the solution where the server keeps its solutions. A thread
here follows each process, so a page can show how far a solve is, stop it (the process is
ended at once) and, after a reload, find it again by its token (or in :meth:`SpotJobs.jobs`).
At most ``most`` solves run at once; more are refused with one line.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROGRESS_EVERY = 0.2
"""Seconds between a solve's progress messages (the exploitability checks are always sent)."""


def _peak_memory() -> int:
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _solve(connection: Any, spot: dict[str, Any], settings: dict[str, Any], path: str) -> None:
    """The solving process: solve, save to ``path``, send ``("done", summary)`` or ``("error", line)``."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server ends its solves itself
    from pokerlab._json import jsonable
    from pokerlab.errors import user_message
    from pokerlab.spot.solution import estimate_memory, solve
    from pokerlab.spot.spec import Spot

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
    finally:
        connection.close()


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
    exploitability_pct: float | None = None
    memory_bytes: int = 0
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


class SpotJobs:
    """The server's solves, started, watched and stopped by token."""

    def __init__(self, folder: str | Path, most: int = 2, keep: int = 50) -> None:
        self.folder = Path(folder)
        self.most = most
        self.keep = keep
        self.context = multiprocessing.get_context("spawn")
        self.lock = threading.Lock()
        self._jobs: dict[str, SpotJob] = {}
        self._serials = itertools.count(1)

    def submit(self, spot: dict[str, Any], settings: dict[str, Any]) -> SpotJob:
        """Start solving ``spot`` (a :meth:`Spot.to_dict`) with :func:`solve`'s ``settings``."""
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
        here, there = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_solve, args=(there, spot, settings, str(job.path)),
                                       daemon=True, name=f"pokerlab-spot-{token}")
        process.start()
        there.close()
        job.process = process
        threading.Thread(target=self._follow, args=(job, here), daemon=True,
                         name=f"pokerlab-spot-follow-{token}").start()
        return job

    def _follow(self, job: SpotJob, connection: Any) -> None:
        try:
            while True:
                kind, *data = connection.recv()
                with self.lock:
                    if job.over:
                        break
                    job.seconds = time.monotonic() - job.started
                    if kind == "estimate":
                        job.estimate_bytes = int(data[0])
                    elif kind == "progress":
                        job.iterations = int(data[0])
                        if data[1] is not None:
                            job.exploitability_pct = float(data[1])
                        job.memory_bytes = int(data[2])
                    elif kind == "done":
                        job.summary, job.memory_bytes = data[0], int(data[1])
                        job.iterations = int(job.summary["iterations"])
                        job.exploitability_pct = float(job.summary["exploitability_pct_pot"])
                        job.state = "finished"
                        break
                    else:
                        job.state, job.error = "failed", data[0]
                        break
        except (EOFError, OSError):  # the process ended: stopped, or it died
            with self.lock:
                if not job.over:
                    code = job.process.exitcode if job.process is not None else None
                    job.state, job.error = "failed", f"the solving process ended unexpectedly (status {code})"
        finally:
            connection.close()
            if job.process is not None:
                job.process.join(10)

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
                    "exploitability_pct": job.exploitability_pct, "memory_bytes": job.memory_bytes,
                    "estimate_bytes": job.estimate_bytes, "seconds": round(seconds, 3),
                    "settings": job.settings, "spot": job.spot, "summary": job.summary,
                    "error": job.error}

    def jobs(self) -> list[dict[str, Any]]:
        """Every solve the server remembers, the newest first."""
        with self.lock:
            known = sorted(self._jobs.values(), key=lambda j: -j.serial)
        return [self.view(job) for job in known]

    def stop(self, token: str) -> SpotJob:
        """Stop a running solve (its process is ended at once)."""
        job = self.get(token)
        with self.lock:
            if job.over:
                return job
            job.state, job.seconds = "stopped", time.monotonic() - job.started
        if job.process is not None and job.process.is_alive():
            job.process.terminate()
        return job

    def close(self) -> None:
        """Stop every solve (the server stops)."""
        with self.lock:
            tokens = [job.token for job in self._jobs.values() if not job.over]
        for token in tokens:
            self.stop(token)
