"""A worker process kept warm for the server, and the thread that feeds it.

The Equity and Push/fold pages' workers and the Solver page's solving processes are each one
spawned process (a threaded server must not fork) that loads pokerlab's kernels once and then
answers job after job over a pipe, fed by a daemon thread of the server. This is their common
part: starting the process, ending it, killing it at once; what a job is and how it is followed
is the subclass's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any


def messages(connection: Any) -> Iterator[Any]:
    """In a worker process: the messages the server sends, until ``None`` (stop) or the end of
    the pipe (the server is gone)."""
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        yield message


class WarmProcess:
    """One warm process and its feeding thread. Subclasses set ``self.jobs`` (whose ``context``
    is a multiprocessing context) before calling ``__init__``, and define :meth:`_feed` and
    :meth:`_target`."""

    name = "pokerlab-worker"

    def __init__(self, index: int) -> None:
        self.index = index
        self.process: Any = None
        self.connection: Any = None
        self.thread = threading.Thread(target=self._feed, daemon=True, name=f"{self.name}-{index}")
        self.thread.start()

    def _target(self) -> tuple[Callable[..., None], tuple[Any, ...]]:
        """The process's function and its arguments after the pipe's end."""
        raise NotImplementedError

    def _feed(self) -> None:
        raise NotImplementedError

    def _start_process(self) -> None:
        here, there = self.jobs.context.Pipe(duplex=True)  # type: ignore[attr-defined]
        target, args = self._target()
        self.process = self.jobs.context.Process(  # type: ignore[attr-defined]
            target=target, args=(there, *args), daemon=True, name=f"{self.name}-process-{self.index}")
        self.process.start()
        there.close()
        self.connection = here

    def _end_process(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.terminate()
            self.process.join(10)
        if self.connection is not None:
            self.connection.close()
        self.process = self.connection = None

    def kill(self) -> None:
        """End the process at once (its running job is lost); a fresh one takes its place."""
        process = self.process
        if process is not None and process.is_alive():
            process.terminate()
