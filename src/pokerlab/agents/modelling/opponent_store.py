"""Opponent models kept across matches: one SQLite row per (bot, opponent name).

A bot that models its opponents (Loki A/C/D, Waterloo Phase III, the threshold bot) loads the
model of each opponent it meets from the store when one is configured, and every
``save_every`` hands and when the interpreter exits *adds* what it learned since (a delta,
:meth:`OpponentModel.learned_since <pokerlab.agents.modelling.opponent_model.OpponentModel.learned_since>`)
to the stored row (:meth:`OpponentStore.merge_many`). Several writers share one row: the
worker processes of ``pokerlab match --workers N`` and two copies of one bot at a table are
all named alike, so replacing the row would keep only the last writer's model. Each merge is
one ``BEGIN IMMEDIATE`` transaction (read, add, write), so concurrent processes take turns.
Set the environment variable ``POKERLAB_OPPONENT_DB`` to a file to make the bots of a
``pokerlab match`` use it; the default is no store (a match then starts from nothing and is
reproducible).

Examples
--------
>>> from pokerlab.agents.modelling.opponent_model import OpponentModel
>>> store = OpponentStore(":memory:")
>>> m = OpponentModel("seat-1"); m.hands = 12; m.frequencies.observe(1, True, 2)
>>> [x.hands for x in store.merge_many("loki-a", [m, m])]   # two writers' deltas add up
[12, 24]
>>> store.load("loki-a", "seat-1").frequencies.observations(), store.names()
(2, ['seat-1'])
>>> store.replace("loki-a", m)                              # a tool that wants to overwrite
>>> [(owner, model.hands) for owner, model in store.models_of("seat-1")]
[('loki-a', 12)]

The models that learn (:mod:`pokerlab.agents.modelling.learned_models`: Davidson's network, the decision
tree, the network with the opponent's hand strength among its inputs) are kept in a second
table, one row per (owner, opponent, kind), each with its format version: a learned model is
not a sum of counts, so a save replaces the row (the last writer's model is kept).

>>> from pokerlab.agents.modelling.learned_models import NetworkModel
>>> store.save_learned("loki2-sim-network", "seat-1", NetworkModel(), decisions=300)
>>> found = store.load_learned("loki2-sim-network", "seat-1", "network")
>>> found.kind, [(r.owner, r.kind, r.decisions) for r in store.learned_of("seat-1")]
('network', [('loki2-sim-network', 'network', 300)])
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from pokerlab._sqlite import open_store
from pokerlab.agents.modelling.learned_models import model_from_dict
from pokerlab.agents.modelling.opponent_model import OpponentModel

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
);
CREATE TABLE IF NOT EXISTS learned_models (
    owner TEXT NOT NULL,
    opponent TEXT NOT NULL,
    kind TEXT NOT NULL,
    format INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    source TEXT NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (owner, opponent, kind)
)
"""

LEARNED_FORMAT = 1
"""Format version of a stored learned model (the ``format`` column of ``learned_models``): a
row of another version is refused, never guessed at."""

STORE_VERSION = 2
"""The opponent store's schema version (SQLite ``user_version``): 2 added ``learned_models``
(a version-1 store, with ``opponent_models`` only and ``user_version`` 0, is upgraded by
adding the table). A store of a later version is refused."""


@dataclass(frozen=True)
class LearnedRow:
    """One stored learned model: who trained it (``owner``), of whom, its kind, the decisions
    it was trained on, where they came from (``source``) and when it was saved."""

    owner: str
    opponent: str
    kind: str
    decisions: int
    source: str
    updated: str


P = ParamSpec("P")
R = TypeVar("R")


def _locked(method: Callable[P, R]) -> Callable[P, R]:
    """Run ``method`` holding its store's lock: one thread at a time on the connection."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with args[0]._lock:  # type: ignore[attr-defined]
            return method(*args, **kwargs)

    return run


def default_store_path() -> str | None:
    """The store named by ``POKERLAB_OPPONENT_DB``, or ``None``."""
    return os.environ.get(ENV_VAR) or None


class OpponentStore:
    """SQLite store of :class:`OpponentModel` per (owner bot, opponent name)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # Autocommit mode: the writes below open their own BEGIN IMMEDIATE transactions; WAL,
        # as several processes may save at once. Any thread may use the connection (a bot's
        # calls run on a match's table threads, its last save at exit on the main thread), one
        # at a time: every method holds the store's lock.
        self._lock = threading.RLock()
        self._db = open_store(self.path, _SCHEMA, "opponent store", check_same_thread=False)
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > STORE_VERSION:
            self._db.close()
            raise ValueError(f"opponent store {self.path}: schema version {version} is newer than "
                             f"this pokerlab's ({STORE_VERSION})")
        if version < STORE_VERSION:
            self._db.execute(f"PRAGMA user_version = {STORE_VERSION}")

    @_locked
    def close(self) -> None:
        """Close the database."""
        self._db.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction, taking the write lock at once (another process that is
        merging finishes first: its rows are read after it committed)."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _write(self, owner: str, model: OpponentModel) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO opponent_models (owner, opponent, hands, data, updated) "
            "VALUES (?, ?, ?, ?, datetime('now'))",
            (owner, model.name, model.hands, json.dumps(model.to_dict(), separators=(",", ":"))),
        )

    @_locked
    def merge(self, owner: str, delta: OpponentModel) -> OpponentModel:
        """Add ``delta`` to ``owner``'s stored model of ``delta.name``; the merged model."""
        return self.merge_many(owner, [delta])[0]

    @_locked
    def merge_many(self, owner: str, deltas: Sequence[OpponentModel]) -> list[OpponentModel]:
        """Add each delta (what ``owner`` learned about an opponent since it last loaded or
        merged that model) to the stored model, in one write transaction; returns the merged
        models in the order given. A new opponent's row starts as its delta (with its priors);
        an empty delta writes nothing (its result is the stored model, as others left it)."""
        merged = []
        with self._writing():
            for delta in deltas:
                row = self.load(owner, delta.name)
                if delta.is_empty():
                    merged.append(row if row is not None else delta.copy())
                    continue
                if row is None:
                    row = delta.copy()
                else:
                    row.merge(delta)
                self._write(owner, row)
                merged.append(row)
        return merged

    def replace(self, owner: str, model: OpponentModel) -> None:
        """Insert or replace ``owner``'s model of ``model.name`` (overwrites what others
        saved: the bots use :meth:`merge_many`)."""
        self.replace_many(owner, [model])

    @_locked
    def replace_many(self, owner: str, models: Sequence[OpponentModel]) -> None:
        """Insert or replace several of ``owner``'s models in one transaction."""
        with self._writing():
            for m in models:
                self._write(owner, m)

    @_locked
    def load(self, owner: str, opponent: str) -> OpponentModel | None:
        """``owner``'s model of ``opponent``, or ``None``."""
        row = self._db.execute(
            "SELECT data FROM opponent_models WHERE owner = ? AND opponent = ?", (owner, opponent)
        ).fetchone()
        return OpponentModel.from_dict(json.loads(row[0])) if row else None

    @_locked
    def names(self) -> list[str]:
        """Every opponent with a stored model (counted or learned), sorted."""
        return [r[0] for r in self._db.execute(
            "SELECT opponent FROM opponent_models UNION SELECT opponent FROM learned_models "
            "ORDER BY opponent")]

    @_locked
    def models_of(self, opponent: str) -> list[tuple[str, OpponentModel]]:
        """``(owner, model)`` for every bot that has modelled ``opponent``."""
        rows = self._db.execute(
            "SELECT owner, data FROM opponent_models WHERE opponent = ? ORDER BY owner", (opponent,)
        ).fetchall()
        return [(owner, OpponentModel.from_dict(json.loads(data))) for owner, data in rows]

    # -- learned models ----------------------------------------------------------------------
    @_locked
    def save_learned(self, owner: str, opponent: str, model: Any, decisions: int,
                     source: str = "") -> None:
        """Insert or replace ``owner``'s learned model (``model.kind``) of ``opponent``."""
        data = json.dumps(model.to_dict(), separators=(",", ":"))
        with self._writing():
            self._db.execute(
                "INSERT OR REPLACE INTO learned_models (owner, opponent, kind, format, decisions, "
                "source, data, updated) VALUES (?, ?, ?, ?, ?, ?, ?, datetime('now'))",
                (owner, opponent, model.kind, LEARNED_FORMAT, int(decisions), source, data))

    @_locked
    def load_learned(self, owner: str | None, opponent: str, kind: str) -> Any:
        """``owner``'s learned model of ``opponent`` of ``kind`` (``owner`` ``None``: the most
        recently saved one of any owner), or ``None``.

        Raises
        ------
        ValueError
            When the row is of another format version or does not decode to a model (a
            damaged row): one line naming the store, the opponent and the kind.
        """
        if owner is None:
            row = self._db.execute(
                "SELECT owner, format, data FROM learned_models WHERE opponent = ? AND kind = ? "
                "ORDER BY updated DESC, owner LIMIT 1", (opponent, kind)).fetchone()
        else:
            row = self._db.execute(
                "SELECT owner, format, data FROM learned_models WHERE owner = ? AND opponent = ? "
                "AND kind = ?", (owner, opponent, kind)).fetchone()
        if row is None:
            return None
        return self._decode(row[0], opponent, kind, row[1], row[2])

    def _decode(self, owner: str, opponent: str, kind: str, version: Any, data: Any) -> Any:
        where = f"opponent store {self.path}: {owner}'s {kind} model of {opponent}"
        if version != LEARNED_FORMAT:
            raise ValueError(f"{where} has format {version!r}, this pokerlab reads {LEARNED_FORMAT}")
        try:
            model = model_from_dict(json.loads(data))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ValueError(f"{where} is damaged ({exc})") from None
        if model.kind != kind:
            raise ValueError(f"{where} is damaged (it holds a {model.kind} model)")
        return model

    @_locked
    def learned_of(self, opponent: str) -> list[LearnedRow]:
        """Every stored learned model of ``opponent`` (what it is, not the model)."""
        rows = self._db.execute(
            "SELECT owner, opponent, kind, decisions, source, updated FROM learned_models "
            "WHERE opponent = ? ORDER BY owner, kind", (opponent,)).fetchall()
        return [LearnedRow(*r) for r in rows]

    @_locked
    def learned_names(self) -> list[str]:
        """Every opponent with a stored learned model, sorted."""
        return [r[0] for r in self._db.execute(
            "SELECT DISTINCT opponent FROM learned_models ORDER BY opponent")]
