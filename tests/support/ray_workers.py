"""Ray workers of this process's own Ray instance, found and SIGKILLed while they run a task, for
the tests that a dead worker loses nothing (matches on Ray, a flop batch on Ray)."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path


def _parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2:].split()[1])


def ray_task_processes(name: str) -> list[int]:
    """This process's descendants that Ray titled ``ray::name`` (a worker executing that task;
    another xdist worker's Ray instance is not ours to kill)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
            if not title.startswith(f"ray::{name}"):
                continue
            pid = int(entry.name)
            while pid > 1 and pid != os.getpid():
                pid = _parent(pid)
        except (OSError, ValueError):
            continue
        if pid == os.getpid():
            found.append(int(entry.name))
    return found


@contextlib.contextmanager
def killing_one_worker(task: str) -> Iterator[list[int]]:
    """While the block runs, SIGKILL the first of this process's Ray workers seen running
    ``task``; yields the list of the killed pid (empty if none was caught)."""
    killed: list[int] = []
    stop = threading.Event()

    def kill_one() -> None:
        while not stop.is_set() and not killed:
            for pid in ray_task_processes(task):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break
            time.sleep(0.005)

    killer = threading.Thread(target=kill_one, name=f"kill-one-{task}")
    killer.start()
    try:
        yield killed
    finally:
        stop.set()
        killer.join()
