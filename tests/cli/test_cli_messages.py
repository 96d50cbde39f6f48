"""Messages a new user met (issue 40): each names what the user typed, reads as one sentence,
and a refused command leaves nothing behind."""

from __future__ import annotations

import socket
import textwrap

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})


def test_opponents_train_names_its_player_argument(tmp_path) -> None:
    db = tmp_path / "m.sqlite"
    played = invoke("match", "raiser", "random", "--hands", "4", "--db", str(db), "--no-progress")
    assert played.exit_code == 0, played.output
    result = invoke("opponents", "train", "nobody", "--db", str(db), "--out", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert result.output.strip() == "error: PLAYER 'nobody': not in match 1 (players: raiser, random)"
    # evaluate has a --player option, and its messages keep naming it
    result = invoke("opponents", "evaluate", "--db", str(db), "--player", "nobody")
    assert result.exit_code == 2 and "error: --player 'nobody': not in match 1" in result.output


@pytest.mark.usefixtures("registry_restored")
def test_strict_says_what_stopped_the_match_in_one_sentence(tmp_path) -> None:
    bot = tmp_path / "crashing.py"
    bot.write_text(textwrap.dedent('''
        from pokerlab.agents import Agent

        class Crashing(Agent):
            name = "test-crashing-now"

            def act(self, observation):
                raise RuntimeError("no answer here")
    '''))
    result = invoke("match", "test-crashing-now", "raiser", "--hands", "4", "--bot-module", str(bot),
                    "--db", str(tmp_path / "m.sqlite"), "--strict", "--no-progress")
    assert result.exit_code == 1
    last = result.output.strip().splitlines()[-1]
    assert last == ("error: bot test-crashing-now raised an exception in hand 1 (--strict stops the match); "
                    f"its traceback is above; 0 of 4 hands are stored in {tmp_path / 'm.sqlite'} (match 1)")
    assert "RuntimeError: no answer here" in result.output


@pytest.mark.parametrize("check", [False, True])
def test_serve_on_a_taken_port_leaves_no_database(tmp_path, check: bool) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    db = tmp_path / "web.sqlite"
    try:
        result = invoke("serve", "--port", str(port), "--db", str(db), *(["--check"] if check else []))
    finally:
        taken.close()
    assert result.exit_code == 2
    assert result.output.strip().startswith(f"error: --port {port}: cannot listen on 127.0.0.1:{port}")
    assert not db.exists()
