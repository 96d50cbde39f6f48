"""``pokerlab acpc`` as a person runs it: real processes, real sockets on 127.0.0.1, one-line
errors with exit status 2 and no traceback, and the hands finished so far in the log."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time

import pytest

ENV = {**os.environ, "COLUMNS": "200"}


def pokerlab(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pokerlab", *args], capture_output=True, text=True,
                          timeout=timeout, env=ENV)


def pokerlab_in_process(*args: str):
    """Run the command in this process (fast); returns (exit code, stdout, stderr)."""
    from typer.testing import CliRunner

    from pokerlab.cli.main import app

    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_deal_between_two_bots_equals_the_in_process_match():
    code, stdout, stderr = pokerlab_in_process(
        "acpc", "deal", "--game", "nolimit", "--hands", "60", "--seed", "4",
        "--bot", "random", "--bot", "raiser", "--compare", "--json")
    assert code == 0, stderr
    out = json.loads(stdout)
    assert out["hands"] == 60 and out["cards"] == "arena"
    assert out["in_process"]["equal"] is True
    assert [r["total"] for r in out["results"]] == out["in_process"]["chips"]
    assert out["results"][0]["unit"] == "mbb"


def test_outside_client_plays_our_dealer(tmp_path):
    log = tmp_path / "client.jsonl"
    dealer = subprocess.Popen(
        [sys.executable, "-m", "pokerlab", "acpc", "deal", "--game", "limit", "--hands", "25", "--seed", "8",
         "--bot", "raiser", "--port", "0", "--port", "0", "--json", "--log", str(tmp_path / "dealer.log"),
         "--timeout", "120"],  # the client starts a Python process under the test suite's load
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        # The dealer names the port it opened for the outside seat on standard error.
        announced = dealer.stderr.readline()
        assert "waiting on 127.0.0.1 for seat 2 port" in announced, announced
        port = announced.split()[-1]
        client = pokerlab("acpc", "play", "127.0.0.1", port, "--game", "limit", "--bot", "calling-station",
                          "--log", str(log), "--json")
        out, err = dealer.communicate(timeout=60)
    finally:
        dealer.kill()
    assert client.returncode == 0, client.stderr
    assert dealer.returncode == 0, err
    summary = json.loads(client.stdout)
    dealt = json.loads(out)
    assert summary["hands"] == 25 and dealt["results"][1]["total"] == summary["chips"]
    hands = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(hands) == 25 and sum(h["value"] for h in hands) == summary["chips"]
    acpc_log = [x for x in (tmp_path / "dealer.log").read_text().splitlines() if not x.startswith("#")]
    assert len(acpc_log) == 26 and acpc_log[-1].startswith("SCORE:")


def _scripted_dealer(lines: list[str], *, then_silent: float = 0.0) -> int:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def run():
        server.settimeout(60)
        conn, _ = server.accept()
        conn.makefile("rb").readline()
        for line in lines:
            conn.sendall(line.encode() + b"\r\n")
            time.sleep(0.05)
        time.sleep(then_silent)
        conn.close()
        server.close()

    threading.Thread(target=run, daemon=True).start()
    return port


FOLDED_HAND = ["MATCHSTATE:0:0::TdAs|", "MATCHSTATE:0:0:f:TdAs|"]


@pytest.mark.parametrize(
    ("extra", "silent", "message"),
    [
        (["MATCHSTATE:0:1:x:TdAs|"], 0.0, "unknown action 'x'"),
        (["MATCHSTATE:0:1::TdAs|", "MATCHSTATE:0:0:f:TdAs|"], 0.0, "hand 0 began before hand 1 was over"),
        (["MATCHSTATE:0:1::TdAs|"], 0.0, "closed the connection during hand 1"),
        (["MATCHSTATE:0:1::TdAs|"], 5.0, "sent nothing for 0.5 s"),
    ],
)
def test_play_fails_cleanly_and_keeps_finished_hands(extra, silent, message, tmp_path):
    port = _scripted_dealer(FOLDED_HAND + extra, then_silent=silent)
    log = tmp_path / "hands.jsonl"
    # Only the silent dealer tests the timeout; the others get one no load can reach. No
    # wall-clock bound: the messages tell a timeout (0.5 s) from the dealer closing (after 5 s).
    timeout = "0.5" if silent else "120"
    run = pokerlab("acpc", "play", "127.0.0.1", str(port), "--game", "limit", "--bot", "calling-station",
                   "--log", str(log), "--timeout", timeout)
    assert run.returncode == 2
    assert message in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert f"finished hands are in {log}" in run.stderr.replace("\n", "")
    # The big blind's first hand: the small blind folded, we won 5.
    assert [json.loads(x)["value"] for x in log.read_text().splitlines()] == [5]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["acpc", "state", "MATCHSTATE:0:0:rrrrr:AsKs|", "--game", "limit"], "at most 3 raises"),
        (["acpc", "game", "missing.game"], "'missing.game' not found"),
        (["acpc", "deal", "--game", "limit", "--hands", "5", "--bot", "nobody", "--bot", "random"],
         "unknown bot 'nobody'"),
        (["acpc", "play", "127.0.0.1", "1", "--game", "limit", "--bot", "random", "--timeout", "0"],
         "--timeout must be positive"),
    ],
)
def test_user_errors_are_one_line(args, message):
    code, _, err = pokerlab_in_process(*args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_state_and_game_json():
    code, out, _ = pokerlab_in_process("acpc", "state", "MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c", "--json")
    assert code == 0
    info = json.loads(out)
    # Position 0 (P1) bet 250 on the flop: P2 may fold, call or raise to 400 .. 20000.
    assert info["spent"] == [250, 100] and info["to_act"] == "P2" and info["our_turn"] is False
    assert info["legal"] == ["f", "c", "r"] and info["raise_to"] == [400, 20000]
    code, out, _ = pokerlab_in_process("acpc", "game", "nolimit", "--json")
    assert code == 0
    game = json.loads(out)
    assert game["engine"]["kind"] == "no-limit" and game["gamedef"].startswith("GAMEDEF\nnolimit\n")


def test_state_numbers_players_and_rounds_from_one():
    # Issue 28: players are P1, P2, ... and rounds 1, 2, ... (docs/getting-started.md, "Numbering");
    # the line's own position field (0-based in the protocol) is given as such, never as a player number.
    line = "MATCHSTATE:1:3:r:|Qs|"
    code, out, _ = pokerlab_in_process("acpc", "state", line, "--game", "kuhn3", "--json")
    assert code == 0
    info = json.loads(out)
    assert info["position"] == "P2" and info["line_position"] == 1 and info["to_act"] == "P2"
    assert info["round"] == 1 and info["rounds"] == 1 and info["hole_cards"] == ["", "Qs", ""]
    code, out, _ = pokerlab_in_process("acpc", "state", line, "--game", "kuhn3")
    assert code == 0
    rows = {r.split("│")[1].strip(): r.split("│")[2].strip() for r in out.splitlines() if r.count("│") == 3}
    assert rows["position"] == "P2 (position 1 in the line)" and rows["to act"] == "P2"
    assert rows["hole cards"] == "P1: ??  P2: Qs  P3: ??" and rows["round"] == "1 of 1"
    assert rows["spent"] == "P1: 2  P2: 1  P3: 1" and rows["folded"] == "none"
