"""Match storage in SQLite: one row per match, one row per hand, written as hands are played.

Hands are inserted in small batches, each batch one transaction (all of it or none of it is
on disk after a crash), and ``(match, hand number)`` is the primary key, so a resumed match
can neither lose nor double a hand. The default file is ``pokerlab-match.sqlite`` in the
current directory.

Examples
--------
>>> store = MatchStore(":memory:")
>>> match_id = store.new_match('{"seed": 1}')
>>> store.add_hands(match_id, [(0, "[1, -1]", "{}"), (1, "[-2, 2]", "{}")])
>>> sorted(store.hand_numbers(match_id)), store.find_match('{"seed": 1}') == match_id
([0, 1], True)
>>> store.payoffs(match_id)
[[1, -1], [-2, 2]]
"""

from __future__ import annotations

import datetime
import json
import os
import socket
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pokerlab._sqlite import open_store

DEFAULT_DB = "pokerlab-match.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    config TEXT NOT NULL,
    created TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS hands (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    hand_no INTEGER NOT NULL,
    payoffs TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (match_id, hand_no)
);
CREATE TABLE IF NOT EXISTS players (
    match_id INTEGER PRIMARY KEY,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    since TEXT NOT NULL
);
"""


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class MatchStore:
    """A match database (created when missing)."""

    def __init__(self, path: str | Path, any_thread: bool = False) -> None:
        """Open ``path``; ``any_thread`` lets the threads of a server use the connection in
        turn (each table of the web page holds one, behind its own lock)."""
        self.path = str(path)
        self.conn = open_store(self.path, _SCHEMA, "--db", check_same_thread=not any_thread)

    def claim(self, match_id: int) -> None:
        """Record that this process plays match ``match_id``; refuse when another live process
        does (two ``--resume`` of one match at once would play the same hands twice)."""
        host, pid = socket.gethostname(), os.getpid()
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute("SELECT pid, host, since FROM players WHERE match_id = ?",
                               (match_id,)).fetchone()
            if row is not None and (row[0], row[1]) != (pid, host) and (row[1] != host or _alive(row[0])):
                raise ValueError(f"--db {self.path}: match {match_id} is being played by process {row[0]} "
                                 f"on {row[1]} since {row[2]}; wait for it to end (or stop it) and resume")
            now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
            conn.execute("INSERT OR REPLACE INTO players (match_id, pid, host, since) VALUES (?, ?, ?, ?)",
                         (match_id, pid, host, now))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def release(self, match_id: int) -> None:
        """This process no longer plays match ``match_id``."""
        self.conn.execute("DELETE FROM players WHERE match_id = ? AND pid = ? AND host = ?",
                          (match_id, os.getpid(), socket.gethostname()))

    def match_keys(self) -> list[tuple[int, str]]:
        """``(id, settings)`` of every stored match, newest first."""
        rows = self.conn.execute("SELECT id, config FROM matches ORDER BY id DESC")
        return [(int(i), str(c)) for i, c in rows]

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def new_match(self, config: str) -> int:
        """Start a match with canonical JSON ``config``; returns its id."""
        now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        cur = self.conn.execute("INSERT INTO matches (config, created) VALUES (?, ?)", (config, now))
        return int(cur.lastrowid or 0)

    def find_match(self, config: str) -> int | None:
        """The latest match with exactly this configuration, or ``None``."""
        row = self.conn.execute(
            "SELECT id FROM matches WHERE config = ? ORDER BY id DESC LIMIT 1", (config,)
        ).fetchone()
        return None if row is None else int(row[0])

    def matches(self) -> list[dict[str, Any]]:
        """Every stored match, newest first: id, config (JSON), created, finished, hands stored."""
        rows = self.conn.execute(
            "SELECT m.id, m.config, m.created, m.finished, "
            "(SELECT COUNT(*) FROM hands h WHERE h.match_id = m.id) FROM matches m ORDER BY m.id DESC"
        )
        return [{"id": int(i), "config": c, "created": t, "finished": bool(f), "hands": int(n)}
                for i, c, t, f, n in rows]

    def match(self, match_id: int) -> dict[str, Any] | None:
        """Match ``match_id`` as :meth:`matches` lists it, or ``None``."""
        row = self.conn.execute(
            "SELECT id, config, created, finished, (SELECT COUNT(*) FROM hands WHERE match_id = ?) "
            "FROM matches WHERE id = ?", (match_id, match_id)).fetchone()
        if row is None:
            return None
        return {"id": int(row[0]), "config": row[1], "created": row[2], "finished": bool(row[3]),
                "hands": int(row[4])}

    def mark_finished(self, match_id: int) -> None:
        """Record that every hand of the match was played."""
        self.conn.execute("UPDATE matches SET finished = 1 WHERE id = ?", (match_id,))

    def add_hands(self, match_id: int, rows: Iterable[tuple[int, str, str]]) -> None:
        """Insert ``(hand number, payoffs JSON, record JSON)`` rows in one transaction."""
        conn = self.conn
        conn.execute("BEGIN")
        try:
            conn.executemany(
                "INSERT INTO hands (match_id, hand_no, payoffs, record) VALUES (?, ?, ?, ?)",
                ((match_id, h, p, r) for h, p, r in rows),
            )
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def hand_numbers(self, match_id: int) -> set[int]:
        """Numbers of the stored hands."""
        rows = self.conn.execute("SELECT hand_no FROM hands WHERE match_id = ?", (match_id,))
        return {int(r[0]) for r in rows}

    def payoffs(self, match_id: int) -> list[list[int]]:
        """Chips won by each player in each stored hand, in hand order."""
        rows = self.conn.execute(
            "SELECT payoffs FROM hands WHERE match_id = ? ORDER BY hand_no", (match_id,)
        )
        return [json.loads(r[0]) for r in rows]

    def records(self, match_id: int, first: int = 0, count: int = -1
                ) -> Iterator[tuple[int, dict[str, Any]]]:
        """``(hand number, record)`` of the stored hands in order: ``count`` of them (all when
        negative) from the ``first``-th."""
        rows = self.conn.execute(
            "SELECT hand_no, record FROM hands WHERE match_id = ? ORDER BY hand_no LIMIT ? OFFSET ?",
            (match_id, count, first),
        )
        for h, record in rows:
            yield int(h), json.loads(record)

    def record(self, match_id: int, hand_no: int) -> dict[str, Any] | None:
        """The record of stored hand ``hand_no``, or ``None``."""
        row = self.conn.execute("SELECT record FROM hands WHERE match_id = ? AND hand_no = ?",
                                (match_id, hand_no)).fetchone()
        return None if row is None else json.loads(row[0])

    def last_record(self, match_id: int) -> tuple[int, dict[str, Any]] | None:
        """The stored hand with the highest number."""
        row = self.conn.execute(
            "SELECT hand_no, record FROM hands WHERE match_id = ? ORDER BY hand_no DESC LIMIT 1",
            (match_id,),
        ).fetchone()
        return None if row is None else (int(row[0]), json.loads(row[1]))
