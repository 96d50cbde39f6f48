"""SQLite connections for the stores that several processes share (matches, opponent models).

Examples
--------
>>> conn = connect(":memory:")
>>> conn.execute("CREATE TABLE t (x)").fetchall(), conn.isolation_level is None
([], True)
>>> open_store(".", "CREATE TABLE IF NOT EXISTS t (x)", "--db")
Traceback (most recent call last):
...
ValueError: --db .: is a folder, not a database file
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


def open_store(path: str | Path, schema: str, label: str,
               check_same_thread: bool = True) -> sqlite3.Connection:
    """A connection to the store at ``path`` with ``schema`` created, checked before use.

    A folder, a file that is not an SQLite database, a damaged database or one that cannot
    be written raises ``ValueError`` naming ``label`` (how the person gave the path) and the
    path, so that no work starts on a store that would fail later.
    """
    where = f"{label} {path}"
    if str(path) != ":memory:" and Path(path).is_dir():
        raise ValueError(f"{where}: is a folder, not a database file")
    try:
        conn = connect(path, check_same_thread=check_same_thread)
    except sqlite3.Error as exc:
        raise ValueError(f"{where}: cannot open it as a database ({exc})") from None
    try:
        conn.executescript(schema)
        damaged = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.Error as exc:
        conn.close()
        raise ValueError(f"{where}: not a pokerlab database, or damaged ({exc})") from None
    if damaged != "ok":
        conn.close()
        raise ValueError(f"{where}: the database is damaged ({damaged})")
    return conn
