"""The match and play commands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerlab.cli.main import app


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "200"})


def test_match_json_and_table(tmp_path) -> None:
    db = str(tmp_path / "m.sqlite")
    result = invoke("match", "raiser", "calling-station", "--hands", "200", "--duplicate",
                    "--db", db, "--json", "--plot", str(tmp_path / "bank.svg"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["bot"] for r in data["results"]] == ["raiser", "calling-station"]
    for r in data["results"]:
        assert r["unit"] == "sb" and r["hands"] == 200
        assert r["ci95"][0] <= r["per_hand"] <= r["ci95"][1]
    assert (tmp_path / "bank.svg").read_text().startswith("<?xml")
    table = invoke("match", "random", "raiser", "--hands", "100", "--game", "no-limit", "--db", db,
                   "--no-progress")
    assert table.exit_code == 0 and "mbb/hand" in table.output and "raiser" in table.output


def test_match_user_errors_are_one_line() -> None:
    for args, words in (
        (["match", "random", "nobody"], "unknown bot 'nobody'"),
        (["match", "random", "raiser", "--game", "stud"], "unknown game kind 'stud'"),
        (["match", "random", "raiser", "--duplicate", "--freezeout"], "do not combine"),
        (["match", "random", "raiser", "--seats", "11"], "--seats must be between 2 and 10"),
    ):
        result = invoke(*args, "--db", ":memory:")
        assert result.exit_code == 2, result.output
        assert words in result.output and "Traceback" not in result.output


def test_play_against_a_bot_with_bad_input_reprompting() -> None:
    # Hand 1: we are the button. "x" and "r 2" are refused with a reason, then we call along.
    keys = "x\nr 2\nc\n" + "c\n" * 12 + "q\n"
    result = invoke("play", "--bot", "calling-station", "--hands", "2", "--game", "no-limit",
                    "--seed", "3", input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "unknown command 'x'" in out
    assert "raise to 2 is below the minimum 4" in out
    assert "Hand 1" in out and "your cards" in out and "to call 1" in out
    assert "f = fold, c = call 1" in out
    assert "show" in out  # a calling station shows down


def test_play_coach_and_json_summary() -> None:
    keys = "c\n" * 20
    result = invoke("play", "--bot", "raiser", "--hands", "1", "--coach", "--json", input=keys)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert summary["hands"] == 1 and summary["unit"] == "sb"
    assert "pot odds" in result.output and "EHS" in result.output
    assert "income rate" in result.output and "on average" in result.output  # the plain words
