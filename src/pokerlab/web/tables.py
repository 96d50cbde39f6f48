"""The tables open on a server: one :class:`~pokerlab.arena.session.Session` per table, each
behind its own lock, found by a random id (so one person cannot land on another's table).

Every table has its own connection to the server's match store, and stores each finished hand
at once: a closed tab, or a stopped server, loses no finished hand. A table nobody touched for
``idle_seconds`` is closed (its bots let go); its hands stay stored and
:meth:`Tables.reopen` continues it.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from pokerlab.arena.match import MatchConfig
from pokerlab.arena.session import Session
from pokerlab.arena.storage import MatchStore


@dataclass
class _Table:
    session: Session
    lock: threading.Lock = field(default_factory=threading.Lock)
    touched: float = field(default_factory=time.monotonic)


class Tables:
    """The open tables of one server, storing their hands in ``db``."""

    def __init__(self, db: str, idle_seconds: float = 3600.0, most: int = 500) -> None:
        self.db = db
        self.idle_seconds = idle_seconds
        self.most = most
        self._tables: dict[str, _Table] = {}
        self._lock = threading.Lock()

    def _add(self, session: Session) -> str:
        self.close_idle()
        with self._lock:
            if len(self._tables) >= self.most:
                session.close()
                session.store.close()
                raise ValueError(f"the server has {self.most} open tables, its limit; try again later")
            token = secrets.token_urlsafe(9)
            self._tables[token] = _Table(session)
        return token

    def open(self, config: MatchConfig) -> str:
        """Open a table for ``config`` (a person's seat and bots) and deal its first hand; returns
        the table's id."""
        store = MatchStore(self.db, any_thread=True)
        try:
            session = Session(config, store)
            session.deal()
        except BaseException:
            store.close()
            raise
        return self._add(session)

    def reopen(self, match_id: int) -> str:
        """Open the stored table ``match_id`` again, with its next hand dealt."""
        store = MatchStore(self.db, any_thread=True)
        try:
            session = Session.resume(store, match_id)
            session.deal()
        except BaseException:
            store.close()
            raise
        return self._add(session)

    @contextmanager
    def use(self, token: str) -> Iterator[Session]:
        """The session of table ``token``, locked for one request."""
        with self._lock:
            table = self._tables.get(token)
        if table is None:
            raise ValueError(f"table {token!r}: no such open table (closed, or the server restarted; "
                             "its finished hands are stored, and the Matches page reopens it)")
        with table.lock:
            table.touched = time.monotonic()
            yield table.session

    def close(self, token: str) -> None:
        """Close table ``token`` (its hands stay stored)."""
        with self._lock:
            table = self._tables.pop(token, None)
        if table is not None:
            with table.lock:
                table.session.close()
                table.session.store.close()

    def close_idle(self) -> None:
        """Close the tables nobody used for ``idle_seconds``."""
        now = time.monotonic()
        with self._lock:
            idle = [token for token, t in self._tables.items() if now - t.touched > self.idle_seconds]
        for token in idle:
            self.close(token)

    def close_all(self) -> None:
        """Close every table (the server stops)."""
        with self._lock:
            tokens = list(self._tables)
        for token in tokens:
            self.close(token)

    def __len__(self) -> int:
        return len(self._tables)
