"""Opponent models kept across matches: one SQLite row per (bot, opponent name).

A bot that models its opponents (Loki A/C/D, Waterloo Phase III, the threshold bot) loads the
model of each opponent it meets from the store when one is configured, and writes it back
every ``save_every`` hands and when the interpreter exits. Set the environment variable
``POKERLAB_OPPONENT_DB`` to a file to make the bots of a ``pokerlab match`` use it; the
default is no store (a match then starts from nothing and is reproducible).

Examples
--------
>>> from pokerlab.agents.opponent_model import OpponentModel
>>> store = OpponentStore(":memory:")
>>> m = OpponentModel("seat-1"); m.hands = 12; m.frequencies.observe(1, True, 2)
>>> store.save("loki-a", m)
>>> store.load("loki-a", "seat-1").frequencies.observations(), store.names()
(1, ['seat-1'])
>>> [(owner, model.hands) for owner, model in store.models_of("seat-1")]
[('loki-a', 12)]
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from pokerlab.agents.opponent_model import OpponentModel

ENV_VAR = "POKERLAB_OPPONENT_DB"
"""Environment variable naming the store the bots use by default (unset: none)."""

DEFAULT_DB = "pokerlab-opponents.sqlite"
"""Default file of the ``pokerlab opponents`` command."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS opponent_models (
    owner TEXT NOT NULL,
    opponent TEXT NOT NULL,
    hands INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (owner, opponent)
)
"""


def default_store_path() -> str | None:
    """The store named by ``POKERLAB_OPPONENT_DB``, or ``None``."""
    return os.environ.get(ENV_VAR) or None


class OpponentStore:
    """SQLite store of :class:`OpponentModel` per (owner bot, opponent name)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, timeout=30.0)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")  # several processes may save at once
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)
        self._db.commit()

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def save(self, owner: str, model: OpponentModel) -> None:
        """Insert or replace ``owner``'s model of ``model.name``."""
        self.save_many(owner, [model])

    def save_many(self, owner: str, models: list[OpponentModel]) -> None:
        """Insert or replace several of ``owner``'s models in one transaction."""
        self._db.executemany(
            "INSERT OR REPLACE INTO opponent_models (owner, opponent, hands, data) VALUES (?, ?, ?, ?)",
            [(owner, m.name, m.hands, json.dumps(m.to_dict(), separators=(",", ":"))) for m in models],
        )
        self._db.commit()

    def load(self, owner: str, opponent: str) -> OpponentModel | None:
        """``owner``'s model of ``opponent``, or ``None``."""
        row = self._db.execute(
            "SELECT data FROM opponent_models WHERE owner = ? AND opponent = ?", (owner, opponent)
        ).fetchone()
        return OpponentModel.from_dict(json.loads(row[0])) if row else None

    def names(self) -> list[str]:
        """Every opponent with a stored model, sorted."""
        return [r[0] for r in self._db.execute(
            "SELECT DISTINCT opponent FROM opponent_models ORDER BY opponent")]

    def models_of(self, opponent: str) -> list[tuple[str, OpponentModel]]:
        """``(owner, model)`` for every bot that has modelled ``opponent``."""
        rows = self._db.execute(
            "SELECT owner, data FROM opponent_models WHERE opponent = ? ORDER BY owner", (opponent,)
        ).fetchall()
        return [(owner, OpponentModel.from_dict(json.loads(data))) for owner, data in rows]
