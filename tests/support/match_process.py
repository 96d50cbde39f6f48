"""A ``pokerlab match`` process killed partway, for the tests of ``--resume`` (local and Ray)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path


def stored_hands(db: Path) -> int:
    """Hands stored in the match database ``db`` (0 before it exists)."""
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def kill_match_after(args: list[str], db: Path, hands: int, seconds: float) -> int:
    """Run ``pokerlab match ARGS``, SIGKILL it once ``db`` holds ``hands`` hands (a failure if it
    exits first or stores fewer within ``seconds``) and return how many hands it stored."""
    process = subprocess.Popen([sys.executable, "-m", "pokerlab", "match", *args, "--no-progress"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + seconds
    try:
        while stored_hands(db) < hands:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, f"the match stored under {hands} hands in {seconds} s"
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    return stored_hands(db)
