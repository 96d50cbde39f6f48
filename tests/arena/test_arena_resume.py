"""A real match process killed with SIGKILL partway resumes without losing or doubling a hand."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys

import pytest
from match_process import kill_match_after
from typer.testing import CliRunner

from pokerlab.arena import MatchConfig, MatchStore, run_match
from pokerlab.cli.main import app
from pokerlab.engine import GameSettings

HANDS = 12000
ARGS = ["random", "raiser", "--hands", str(HANDS), "--game", "limit", "--seed", "7"]


def test_killed_match_resumes_to_the_uninterrupted_result(tmp_path) -> None:
    db = tmp_path / "killed.sqlite"
    before = kill_match_after([*ARGS, "--db", str(db)], db, 500, 120)
    assert 0 < before < HANDS, "the kill did not land partway through the match"

    result = CliRunner().invoke(app, ["match", *ARGS, "--db", str(db), "--resume", "--json"])
    assert result.exit_code == 0, result.output
    resumed = json.loads(result.output)
    assert resumed["hands_stored"] == HANDS and resumed["hands_played_now"] == HANDS - before
    assert resumed["finished"] and resumed["match_id"] == 1

    config = MatchConfig(bots=("random", "raiser"), hands=HANDS, game=GameSettings.preset("limit"), seed=7)
    fresh_store = MatchStore(tmp_path / "fresh.sqlite")
    fresh = run_match(config, fresh_store)
    killed_store = MatchStore(db)
    assert killed_store.hand_numbers(1) == set(range(HANDS))  # complete, nothing doubled (key)
    assert killed_store.payoffs(1) == fresh_store.payoffs(fresh.match_id)
    assert list(killed_store.records(1)) == list(fresh_store.records(fresh.match_id))
    assert [r["per_hand"] for r in resumed["results"]] == [r.per_hand for r in fresh.results]
    assert [r["ci95"] for r in resumed["results"]] == [list(r.ci95) for r in fresh.results]


def test_two_resumes_of_one_match_at_once_are_refused(tmp_path) -> None:
    db = tmp_path / "m.sqlite"
    config = MatchConfig(bots=("random", "raiser"), hands=40, game=GameSettings.preset("limit"), seed=3)
    store = MatchStore(db)
    first = run_match(config, MatchStore(db))
    # Another live process on this machine is playing match 1 (what a second --resume would see).
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with sqlite3.connect(db) as conn:
            conn.execute("INSERT INTO players VALUES (?, ?, ?, ?)",
                         (first.match_id, other.pid, socket.gethostname(), "2024-01-01T00:00:00"))
        with pytest.raises(ValueError, match=f"match 1 is being played by process {other.pid}"):
            run_match(config, store, resume=True)
    finally:
        other.kill()
        other.wait()
    # Once that process is gone (killed, say) the match resumes, and its claim is released after.
    again = run_match(config, store, resume=True)
    assert again.hands_stored == 40
    assert store.conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0
