"""Where parallel work runs: in this process, in local worker processes, or on a Ray cluster.

Every parallel command (matches, experiments, pre-flop simulations) cuts its work into
tasks that are pure functions of their arguments (a seed and a task number fix every random
choice), hands them to an :class:`Executor`, and reads the results back **in task order**,
as they stream in. So the backend changes where and how fast the work runs, never its result:
a task gives the same answer in this process, in a spawned local process or on any node of a
Ray cluster, and a task that Ray retries after its worker or node died gives the same answer
again (the driver sees exactly one result per task).

- :class:`InProcessExecutor`: runs the tasks one after another here (``--workers 1``).
- :class:`ProcessExecutor`: a pool of spawned local processes (``--workers N``).
- :class:`RayExecutor`: a Ray cluster (``--cluster auto``, ``--cluster ray://HOST:PORT``,
  ``--cluster HOST:PORT`` or ``RAY_ADDRESS``), one CPU per task, lost tasks retried. Ray is an
  optional extra: ``pip install 'pokerlab[ray]'``.

This module sits below every other package (it imports nothing from pokerlab), so the
strength tables as well as the arena can use it.

Examples
--------
>>> with executor_for(workers=1) as ex:
...     list(ex.map(pow, [(2, 10), (3, 2)])), ex.where()["backend"]
([1024, 9], 'in-process')
>>> parse_cluster_address("ray://head.example:10001")
('ray://head.example:10001', ('head.example', 10001))
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

R = TypeVar("R")

INSTALL_HINT = "--cluster needs Ray: pip install 'pokerlab[ray]'"
"""The one line a user without the extra gets."""

TASK_RETRIES = 5
"""How often Ray re-runs a task whose worker process or node died."""

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a cluster address to answer before giving up (Ray itself waits minutes)."""

FORWARDED_PREFIXES = ("POKERLAB_", "NUMBA_")
"""Environment variables with these prefixes (the opponent store, pokerlab's and numba's cache
folders) reach the Ray tasks, as they reach spawned local processes: on a cluster started
elsewhere the workers would otherwise compile every kernel again, into the package folder."""


class Executor:
    """Runs tasks and returns their results in task order; a context manager that frees its
    workers on exit.

    ``slots`` is how many tasks run at once; :meth:`where` tells where they run (``--json``).
    """

    backend = "in-process"
    slots = 1

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]]) -> Iterator[R]:
        """``fn(*task)`` for every task, yielded in task order as the results arrive."""
        raise NotImplementedError

    def where(self) -> dict[str, Any]:
        """``{"backend", "address", "nodes", "cpus"}`` of the workers."""
        return {"backend": self.backend, "address": None, "nodes": 1, "cpus": self.slots}

    def close(self) -> None:
        """Let the workers go."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcessExecutor(Executor):
    """Every task in this process, one after another."""

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]]) -> Iterator[R]:
        for task in tasks:
            yield fn(*task)


def _stream(submit: Callable[[tuple[Any, ...]], Any], result: Callable[[Any], R],
            tasks: Iterable[tuple[Any, ...]], window: int) -> Iterator[R]:
    """Keep ``window`` tasks in flight and yield their results in task order: the next task is
    submitted before a result is handed on, so the workers stay busy while the driver writes."""
    pending: deque[Any] = deque()
    todo = iter(tasks)
    for task in todo:
        pending.append(submit(task))
        if len(pending) >= window:
            break
    while pending:
        head = pending.popleft()
        out = result(head)
        for task in todo:
            pending.append(submit(task))
            break
        yield out


def _leave_ctrl_c_to_the_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group: the workers ignore it, so only the
    parent stops (with one line) instead of each worker printing a traceback. And a worker ends
    with its parent, however the parent ends (``kill``, a job scheduler's SIGTERM, SIGKILL):
    otherwise it ran on, orphaned, until its task was done, which for a training task can be
    many minutes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_the_parent()


def _die_with_the_parent() -> None:
    """Ask Linux to send this process SIGTERM when its parent ends (``prctl(PR_SET_PDEATHSIG)``);
    elsewhere nothing. A parent that ended before the call leaves the process to init, which is
    checked after the call (the request would never fire)."""
    import sys

    if not sys.platform.startswith("linux"):
        return
    import ctypes

    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # no usable libc (a static or unusual build): as before
        return
    if os.getppid() != parent:
        os._exit(1)


PR_SET_PDEATHSIG = 1
"""Linux's prctl option (linux/prctl.h)."""


class ProcessExecutor(Executor):
    """A pool of ``workers`` spawned local processes (spawn: a forked numba or SQLite state
    would be shared by accident)."""

    backend = "processes"

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        self.slots = workers
        self._pool: ProcessPoolExecutor | None = None

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]]) -> Iterator[R]:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.slots, mp_context=context,
                                             initializer=_leave_ctrl_c_to_the_parent)
        pool = self._pool

        def submit(task: tuple[Any, ...]) -> Future[R]:
            return pool.submit(fn, *task)

        return _stream(submit, Future.result, tasks, 2 * self.slots)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def parse_cluster_address(address: str) -> tuple[str, tuple[str, int] | None]:
    """Check a ``--cluster`` value; returns it with the ``(host, port)`` to probe (``None`` for
    ``auto``, a cluster started on this machine with ``ray start --head``).

    Examples
    --------
    >>> parse_cluster_address("auto"), parse_cluster_address("10.0.0.5:6379")[1]
    (('auto', None), ('10.0.0.5', 6379))
    >>> parse_cluster_address("ray://nowhere")
    Traceback (most recent call last):
    ...
    ValueError: --cluster ray://nowhere: give auto, ray://HOST:PORT or HOST:PORT
    """
    address = address.strip()
    if address == "auto":
        return address, None
    bare = address.removeprefix("ray://")
    host, _, port = bare.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--cluster {address}: give auto, ray://HOST:PORT or HOST:PORT")
    return address, (host.strip("[]"), int(port))


def _probe(address: str, host: str, port: int) -> None:
    """Fail in a few seconds, in one line, when nothing answers at ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"--cluster {address}: no Ray cluster answers at {host}:{port} ({reason})") from None


def ray_token_auth(env: dict[str, str] | None = None, home: str | None = None) -> bool:
    """Whether a driver connecting to a running cluster should send Ray's authentication token:
    ``RAY_AUTH_MODE`` when set, else whether a token is at hand (``RAY_AUTH_TOKEN``,
    ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token``).

    That is the rule ``ray start --head`` follows (Ray 2.59 and later): with a token in
    ``~/.ray/auth_token`` (which any ``ray.init()`` of a local cluster writes, the demo's
    included) the cluster requires it, and a driver that left the mode unset was refused with
    ``InvalidAuthToken``. A cluster without token authentication accepts a driver that sends one.

    Examples
    --------
    >>> ray_token_auth({"RAY_AUTH_MODE": "disabled", "RAY_AUTH_TOKEN": "x"})
    False
    >>> ray_token_auth({"RAY_AUTH_TOKEN": "x"}), ray_token_auth({}, home="/nonexistent")
    (True, False)
    """
    env = dict(os.environ) if env is None else env
    mode = env.get("RAY_AUTH_MODE")
    if mode is not None:
        return mode.lower() == "token"
    if env.get("RAY_AUTH_TOKEN"):
        return True
    path = env.get("RAY_AUTH_TOKEN_PATH") or os.path.join(
        home if home is not None else os.path.expanduser("~"), ".ray", "auth_token")
    return os.path.isfile(path)


class RayExecutor(Executor):
    """Tasks on a Ray cluster, one CPU each; a task whose worker or node died is run again
    (Ray's task retries), and its result still reaches the driver once.

    ``address`` is ``auto`` (the cluster ``ray start --head`` started on this machine),
    ``ray://HOST:PORT`` (Ray Client) or ``HOST:PORT`` (the head's GCS); an address is checked
    to answer first. When this process is already connected to Ray (``ray.init`` was called, as
    the tests and the demo do), that connection is used.
    """

    backend = "ray"

    def __init__(self, address: str | None = None) -> None:
        if "RAY_AUTH_MODE" not in os.environ and ray_token_auth():
            # As `ray start --head` decided for the head; before Ray loads (it reads the mode then).
            os.environ["RAY_AUTH_MODE"] = "token"
        try:
            import ray
        except ImportError:
            raise ValueError(INSTALL_HINT) from None
        self._ray = ray
        self._owned = False
        if address is not None:
            address, target = parse_cluster_address(address)
            if target is not None:
                _probe(address, *target)
        if not ray.is_initialized():
            if address is None:
                raise ValueError("--cluster: give auto, ray://HOST:PORT or HOST:PORT (or set RAY_ADDRESS)")
            forwarded = {k: v for k, v in os.environ.items() if k.startswith(FORWARDED_PREFIXES)}
            try:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR,
                         runtime_env={"env_vars": forwarded} if forwarded else None)
            except ConnectionError as exc:
                if address == "auto":
                    raise ValueError("--cluster auto: no Ray cluster runs on this machine "
                                     "(start one with: ray start --head)") from None
                raise ValueError(f"--cluster {address}: {str(exc).splitlines()[0]}") from None
            self._owned = True
        if address is None or address == "auto":
            address = ray.get_runtime_context().gcs_address
        self.address = address
        self.slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._remote: dict[Callable[..., Any], Any] = {}

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]]) -> Iterator[R]:
        ray = self._ray
        remote = self._remote.get(fn)
        if remote is None:
            remote = ray.remote(num_cpus=1, max_retries=TASK_RETRIES)(fn)
            self._remote[fn] = remote

        def submit(task: tuple[Any, ...]) -> Any:
            return remote.remote(*task)

        def result(ref: Any) -> R:
            try:
                return ray.get(ref)
            except ray.exceptions.RayTaskError as exc:  # the task's own exception, as locally
                cause = exc.as_instanceof_cause()
                if isinstance(exc.cause, ModuleNotFoundError) and "pokerlab" in str(exc.cause):
                    raise ValueError("the Ray workers cannot import pokerlab: "
                                     "pip install 'pokerlab[ray]' on every node") from None
                raise cause from None

        return _stream(submit, result, tasks, 2 * self.slots)

    def where(self) -> dict[str, Any]:
        nodes = [n for n in self._ray.nodes() if n.get("Alive")]
        return {"backend": self.backend, "address": self.address, "nodes": len(nodes),
                "cpus": self.slots}

    def close(self) -> None:
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()
            self._owned = False


def executor_for(workers: int = 1, cluster: str | None = None) -> Executor:
    """The executor a command's ``--workers`` and ``--cluster`` ask for: Ray when ``cluster``
    is given, local processes for ``workers`` > 1, else this process.

    Raises
    ------
    ValueError
        For ``workers`` < 1, both options at once, a malformed or silent cluster address, or
        Ray not installed.
    """
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if cluster:
        if workers != 1:
            raise ValueError(f"--workers {workers} counts local processes; with --cluster every CPU "
                             "of the cluster works")
        return RayExecutor(cluster)
    return ProcessExecutor(workers) if workers > 1 else InProcessExecutor()
