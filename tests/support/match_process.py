"""A ``pokerlab match`` process killed partway, for the tests of ``--resume`` (local and Ray)."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ATTEMPTS = 3
"""Runs of the match before giving up on a kill that lands partway (see :func:`kill_match_after`)."""


def stored_hands(db: Path) -> int:
    """Hands stored in the match database ``db`` (0 before it exists)."""
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def match_hands(db: Path) -> int:
    """The ``--hands`` of the (one) match stored in ``db``: how many hands complete it."""
    with sqlite3.connect(db) as conn:
        (config,) = conn.execute("SELECT config FROM matches").fetchone()
    return json.loads(config)["hands"]


def kill_match_after(args: list[str], db: Path, hands: int, seconds: float) -> int:
    """Run ``pokerlab match ARGS``, SIGKILL it once ``db`` holds ``hands`` hands (a failure if it
    exits first or stores fewer within ``seconds``) and return how many hands it stored: at
    least ``hands`` and fewer than the whole match.

    The kill follows a poll of the database, so a driver that stores several finished tasks at
    once (Ray on a busy machine) can complete the match before the kill lands; then there is
    nothing to resume, so the run is repeated on a fresh database, up to ``ATTEMPTS`` runs."""
    for _ in range(ATTEMPTS):
        stored = _kill_after(args, db, hands, seconds)
        total = match_hands(db)
        if stored < total:
            return stored
        for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            path.unlink(missing_ok=True)
    raise AssertionError(f"the match stored all its {total} hands before the kill, {ATTEMPTS} times")


def _kill_after(args: list[str], db: Path, hands: int, seconds: float) -> int:
    process = subprocess.Popen([sys.executable, "-m", "pokerlab", "match", *args, "--no-progress"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + seconds
    try:
        while stored_hands(db) < hands:
            if process.poll() is not None:  # ended: a failure unless it stored them after the look
                assert stored_hands(db) >= hands, process.stderr.read().decode()
                break
            assert time.monotonic() < deadline, f"the match stored under {hands} hands in {seconds} s"
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
        process.stderr.close()
    return stored_hands(db)
