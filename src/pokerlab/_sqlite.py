"""SQLite connections for the stores that several processes share (matches, opponent models).

Examples
--------
>>> conn = connect(":memory:")
>>> conn.execute("CREATE TABLE t (x)").fetchall(), conn.isolation_level is None
([], True)
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path


def connect(path: str | Path, timeout: float = 30.0, check_same_thread: bool = True) -> sqlite3.Connection:
    """An autocommit connection to ``path`` in write-ahead-log mode (readers and one writer at
    a time across processes; ``timeout`` seconds of waiting for a lock; ``check_same_thread``
    as in :func:`sqlite3.connect`).

    Switching a new file to WAL needs a lock that SQLite does not wait for: several processes
    opening one new file at once get "database is locked" there. The mode is stored in the
    file, so a connection that finds it already set skips the switch, and a failed switch is
    retried until ``timeout``.
    """
    conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None,
                           check_same_thread=check_same_thread)
    if str(path) == ":memory:":
        return conn
    deadline = time.monotonic() + timeout
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                conn.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.Error as exc:
            locked = isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)
            if not locked or time.monotonic() > deadline:
                conn.close()
                raise
            time.sleep(0.01)
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn
