"""Matches started from the page: each played by :func:`~pokerlab.arena.run_match` in a process of
its own (so the server stays quick), into the server's match store, where the page watches the
hands arrive as the command line would store them.

At most ``most`` matches run at once (a machine has few cores); a match that fails sends its
one-line reason back; stopping the server stops its matches, whose stored hands stay (a
resumed ``pokerlab match --resume`` with the same settings, or the page, continues them).
"""

from __future__ import annotations

import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any

from pokerlab.arena.match import MatchConfig, run_match
from pokerlab.arena.storage import MatchStore


def _play(db: str, key: str, match_id: int, report: Any) -> None:
    """The match process: play the stored match ``match_id`` and report ``None`` or the reason
    it failed."""
    from pokerlab.errors import user_message

    try:
        store = MatchStore(db)
        try:
            run_match(MatchConfig.from_key(key), store, match_id=match_id)
        finally:
            store.close()
        report.send(None)
    except Exception as exc:
        report.send(user_message(exc) or f"{type(exc).__name__}: {exc}")


@dataclass
class _Run:
    process: Any
    pipe: Any
    error: str | None = None
    stopped: bool = False

    def state(self) -> str:
        if self.process.is_alive():
            return "running"
        if self.error is None and self.pipe.poll():
            try:
                self.error = self.pipe.recv()
            except EOFError:  # the process ended without a word (killed)
                self.error = None
        if self.stopped:
            return "stopped"
        if self.error is not None or self.process.exitcode not in (0, None):
            self.error = self.error or f"the match process ended with status {self.process.exitcode}"
            return "failed"
        return "finished"


class Runs:
    """The matches this server started, by match id."""

    def __init__(self, db: str, most: int = 2) -> None:
        self.db = db
        self.most = most
        self._runs: dict[int, _Run] = {}
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")  # a threaded server must not fork

    def start(self, config: MatchConfig) -> int:
        """Store match ``config`` and start playing it; returns its id."""
        if config.person is not None:
            raise ValueError("a table with a person is played on the Play page")
        with self._lock:
            running = sum(1 for run in self._runs.values() if run.process.is_alive())
            if running >= self.most:
                raise ValueError(f"{running} matches are running, the most this server plays at once; "
                                 "wait for one to finish")
            store = MatchStore(self.db)
            try:
                match_id = store.new_match(config.key())
            finally:
                store.close()
            receive, send = self._context.Pipe(duplex=False)
            process = self._context.Process(target=_play, args=(self.db, config.key(), match_id, send),
                                            daemon=True, name=f"pokerlab-match-{match_id}")
            process.start()
            send.close()
            self._runs[match_id] = _Run(process, receive)
        return match_id

    def state(self, match_id: int) -> tuple[str | None, str | None]:
        """``(state, error)``: running, finished, stopped or failed; ``(None, None)`` for a
        match this server did not start."""
        with self._lock:
            run = self._runs.get(match_id)
            if run is None:
                return None, None
            return run.state(), run.error

    def stop(self, match_id: int) -> None:
        """Stop a running match (its stored hands stay)."""
        with self._lock:
            run = self._runs.get(match_id)
        if run is None or not run.process.is_alive():
            raise ValueError(f"match {match_id} is not running")
        run.stopped = True
        run.process.terminate()
        run.process.join(10)

    def stop_all(self) -> None:
        """Stop every running match (the server stops)."""
        with self._lock:
            runs = list(self._runs.values())
        for run in runs:
            if run.process.is_alive():
                run.stopped = True
                run.process.terminate()
        for run in runs:
            run.process.join(10)
