"""Computations of a page, run in worker processes of their own: the Equity page's equities,
the Push/fold page's solves and charts.

A kernel holds the interpreter for as long as it runs (seconds for a big exact equity, minutes
for a push/fold solve of many players), so the computations run in ``workers`` long-lived
processes (started on first use or by :meth:`WorkerJobs.warm`, kept warm: the kernels load
once), never in the server's own. Each worker process has a feeder thread here that hands it
one job at a time from a queue and records its progress messages, so a page can show how far a
job is and stop it (the worker process is ended at once and a fresh one started for the next
job). At most ``most_waiting`` jobs wait; the finished ones are kept for ``keep`` jobs more, so
a page that asks late still gets its answer.

What a pool computes is its :class:`Task`: a job is a call ``task.run(progress=..., **question)``
(for the Equity page :func:`~pokerlab.strength.equity_report.equity_report`'s); its answer is
the call's plain data, or the one line of a user mistake (as the command line would print it).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import multiprocessing
import queue
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from pokerlab.web.common import answer
from pokerlab.web.warm_process import WarmProcess, messages

PROGRESS_EVERY = 0.1
"""Seconds between a worker's progress messages."""

FIRST_WAIT = 0.5
"""Seconds a request to compute waits for the answer before answering with the job's progress."""


Progress = Callable[..., None]
"""What a job reports: ``progress(done, total)`` or ``progress(done, total, detail)``, ``detail``
a short plain value shown with the count (a solve's latest gain); it stays until replaced."""


@dataclass(frozen=True)
class Task:
    """What a pool of worker processes computes (module-level functions: a spawned process
    imports them by name).

    Attributes
    ----------
    run
        ``run(progress=..., **question)``: one job's plain data (the page's answer).
    kind
        What messages call the jobs: "no equity computation ...", "the push/fold worker ...".
    name
        The processes' and threads' name, ``pokerlab-<name>-...``.
    warm
        Run once by each worker process before its first job (loads what the jobs need).
    """

    run: Callable[..., Any]
    kind: str
    name: str
    warm: Callable[[], None] | None = None


def _serve(connection: Any, task: Task) -> None:
    """A worker process: answer ``(serial, question)`` messages until ``None`` or the end of the pipe."""
    import signal

    # Ctrl-C at a terminal reaches the whole process group: the server stops the workers itself
    # (a worker's own KeyboardInterrupt would print a traceback)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from pokerlab._json import jsonable
    from pokerlab.errors import user_message

    if task.warm is not None:
        with contextlib.suppress(Exception):  # a failure here shows again, in one line, on a real job
            task.warm()
    for serial, question in messages(connection):
        last = [0.0]
        latest: list[Any] = [0.0, 0.0]  # the last count and total (and detail) reported, sent or not

        def progress(done: float, total: float, detail: Any = None, serial: int = serial,
                     last: list[float] = last, latest: list[Any] = latest) -> None:
            latest[:2] = float(done), float(total)
            if detail is not None:
                latest[2:] = [jsonable(detail)]
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                connection.send(("progress", serial, *latest))

        try:
            result = task.run(progress=progress, **question)
            # the final count (the messages are a tenth of a second apart: the last one sent
            # may be short of the end)
            connection.send(("progress", serial, *latest))
            connection.send(("done", serial, jsonable(result)))
        except Exception as exc:  # the job's answer: a user mistake's line, or the bug's name
            line = user_message(exc)
            connection.send(("error", serial, " ".join(line.split()) if line is not None
                             else f"internal error ({type(exc).__name__}: {exc})"))


@dataclass
class Job:
    """One computation and what is known of it."""

    serial: int
    token: str
    question: dict[str, Any]
    state: str = "waiting"  # waiting, running, finished, failed, stopped
    done: float = 0.0
    total: float = 0.0
    detail: Any = None
    result: dict[str, Any] | None = None
    error: str | None = None
    started: float = 0.0
    seconds: float = 0.0
    worker: _Worker | None = field(default=None, repr=False)
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False)

    @property
    def over(self) -> bool:
        """Whether the job has its answer (or will never have one)."""
        return self.state in ("finished", "failed", "stopped")

    def notify(self) -> None:
        """Tell whoever listens that the job is over (each listener once)."""
        listeners, self.listeners = self.listeners, []
        for listener in listeners:
            with contextlib.suppress(Exception):  # a listener gone (its request timed out) is fine
                listener()


class _Worker(WarmProcess):
    """One worker process and the thread that feeds it jobs."""

    def __init__(self, jobs: WorkerJobs, index: int) -> None:
        self.jobs = jobs
        self.name = f"pokerlab-{jobs.task.name}"
        super().__init__(index)

    def _target(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        return _serve, (self.jobs.task,)

    def _feed(self) -> None:
        try:
            self._start_process()  # warm before the first job comes (the kernels take a moment to load)
        except Exception:  # the first job tries again and reports why it cannot
            self._end_process()
        while True:
            job = self.jobs.waiting.get()
            if job is None:
                return
            with self.jobs.lock:
                if job.state != "waiting":  # stopped while waiting
                    continue
                job.state, job.worker, job.started = "running", self, time.monotonic()
            try:
                self._run(job)
            except Exception as exc:  # the process would not start: the job fails, the feeder goes on
                with self.jobs.lock:
                    job.state = "failed"
                    job.error = (f"the {self.jobs.task.kind} worker could not start "
                                 f"({type(exc).__name__}: {exc})")
                self._end_process()
            finally:
                job.worker = None
                job.notify()

    def _run(self, job: Job) -> None:
        if self.process is None or not self.process.is_alive():
            self._start_process()
        try:
            self.connection.send((job.serial, job.question))
            while True:
                kind, serial, *data = self.connection.recv()
                if serial != job.serial:
                    continue
                with self.jobs.lock:
                    if kind == "progress":
                        job.done, job.total = data[:2]
                        if len(data) > 2:
                            job.detail = data[2]
                        continue
                    if job.state == "running":  # a job stopped meanwhile stays stopped
                        job.seconds = time.monotonic() - job.started
                        if kind == "done":
                            job.state, job.result = "finished", data[0]
                        else:
                            job.state, job.error = "failed", data[0]
                    return
        except (EOFError, OSError, BrokenPipeError):  # the process ended: stopped, or it died
            with self.jobs.lock:
                if job.state != "stopped":
                    code = self.process.exitcode if self.process is not None else None
                    job.state, job.error = "failed", (f"the {self.jobs.task.kind} worker ended unexpectedly "
                                                      f"(status {code})")
            self._end_process()


class WorkerJobs:
    """The server's computations of one :class:`Task`: submitted, watched and stopped by token."""

    def __init__(self, task: Task, workers: int = 2, most_waiting: int = 32, keep: int = 500) -> None:
        self.task = task
        self.context = multiprocessing.get_context("spawn")  # a threaded server must not fork
        self.lock = threading.Lock()
        self.waiting: queue.Queue[Job | None] = queue.Queue()
        self.most_waiting = most_waiting
        self.keep = keep
        self.count = workers
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._serials = itertools.count(1)
        self._workers: list[_Worker] = []
        self.closed = False

    def warm(self) -> None:
        """Start the worker processes if they are not running yet (they load what the jobs need)."""
        with self.lock:
            if not self._workers and self.count > 0 and not self.closed:
                self._workers = [_Worker(self, k) for k in range(self.count)]

    def submit(self, question: dict[str, Any]) -> Job:
        """Queue a computation (the task's keyword arguments); returns its job."""
        kind = self.task.kind
        if self.count < 1:
            raise ValueError(f"this server runs no {kind} computations (it was started with no "
                             f"{kind} workers)")
        if self.closed:
            raise ValueError(f"the server is stopping: it starts no more {kind} computations")
        self.warm()
        with self.lock:
            queued = sum(1 for job in self._jobs.values() if job.state == "waiting")
            if queued >= self.most_waiting:
                raise ValueError(f"{queued} {kind} computations are waiting, the most this server queues; "
                                 "try again in a moment")
            job = Job(next(self._serials), secrets.token_urlsafe(9), question)
            self._jobs[job.token] = job
            self._forget_old()
        self.waiting.put(job)
        return job

    def _forget_old(self) -> None:
        over = [token for token, job in self._jobs.items() if job.over]
        for token in over[: max(0, len(over) - self.keep)]:
            del self._jobs[token]

    def get(self, token: str) -> Job:
        """The job of ``token`` (``ValueError`` if there is none)."""
        with self.lock:
            job = self._jobs.get(token)
        if job is None:
            raise ValueError(f"no {self.task.kind} computation {token!r} on this server "
                             "(it may have been forgotten)")
        return job

    def view(self, job: Job) -> dict[str, Any]:
        """What a page shows of a job: its state, progress and answer."""
        with self.lock:
            ahead = sum(1 for other in self._jobs.values()
                        if other.state == "waiting" and other.serial < job.serial)
            # a running job's seconds so far; an ended one's its time from start to end
            seconds = time.monotonic() - job.started if job.state == "running" else job.seconds
            return {"job": job.token, "state": job.state, "done": job.done, "total": job.total,
                    "detail": job.detail, "waiting_before": ahead if job.state == "waiting" else 0,
                    "seconds": round(seconds, 3), "result": job.result, "error": job.error}

    def stop(self, token: str) -> Job:
        """Stop a waiting or running job (a running one's worker process is ended)."""
        job = self.get(token)
        with self.lock:
            if job.over:
                return job
            running, job.state = job.state == "running", "stopped"
            worker = job.worker
        if running and worker is not None:
            worker.kill()
        job.notify()
        return job

    def listen(self, job: Job, listener: Callable[[], None]) -> None:
        """Call ``listener()`` (from another thread) when ``job`` is over; at once if it is."""
        with self.lock:
            if not job.over:
                job.listeners.append(listener)
                return
        listener()

    def close(self) -> None:
        """Stop every job and worker (the server stops)."""
        with self.lock:
            self.closed = True
            workers, self._workers = self._workers, []
            ended = [job for job in self._jobs.values() if not job.over]
            for job in ended:
                job.state = "stopped"
        for job in ended:
            job.notify()
        for _ in workers:
            self.waiting.put(None)
        for worker in workers:
            worker.kill()
        for worker in workers:
            worker.thread.join(10)
            process = worker.process
            if process is not None:
                process.join(10)


async def submit_and_wait(jobs: WorkerJobs, question: dict[str, Any],
                          wait: float = FIRST_WAIT) -> dict[str, Any]:
    """Queue ``question`` and wait up to ``wait`` seconds for its answer: the job's view, finished
    (a quick job answers at once) or with its progress so far (the page follows it)."""
    job = jobs.submit(question)
    loop = asyncio.get_running_loop()
    over = asyncio.Event()
    jobs.listen(job, lambda: loop.call_soon_threadsafe(over.set))
    with contextlib.suppress(TimeoutError):  # not over yet: the page follows its progress
        await asyncio.wait_for(over.wait(), wait)
    return jobs.view(job)


def job_routes(prefix: str, pool: str) -> list[Route]:
    """``GET <prefix>/{token}`` (a job's view) and ``POST <prefix>/{token}/stop`` for the jobs of
    ``app.state.<pool>``."""

    async def api_job(request: Request) -> Response:
        jobs = getattr(request.app.state, pool)
        return answer(jobs.view(jobs.get(request.path_params["token"])))

    async def api_stop(request: Request) -> Response:
        jobs = getattr(request.app.state, pool)
        return answer(jobs.view(jobs.stop(request.path_params["token"])))

    return [Route(prefix + "/{token}", api_job), Route(prefix + "/{token}/stop", api_stop, methods=["POST"])]
