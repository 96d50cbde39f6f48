"""The match and play commands."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.engine import GameSettings


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


def test_play_menu_names_the_largest_raise_all_in_only_when_it_is() -> None:
    """Pot-limit with stacks of 200: the largest raise is the pot (to 6), not all-in, and
    "allin" is refused; in no-limit it is the whole stack."""
    pot = invoke("play", "--bot", "calling-station", "--hands", "1", "--game", "pot-limit",
                 "--seed", "3", input="allin\nq\n")
    assert pot.exit_code == 0, pot.output
    assert "a = pot raise to 6" in pot.output and "all-in to" not in pot.output
    assert "the largest raise is the pot, to 6, not all-in: type a for it" in pot.output
    no_limit = invoke("play", "--bot", "calling-station", "--hands", "1", "--game", "no-limit",
                      "--seed", "3", input="q\n")
    assert no_limit.exit_code == 0, no_limit.output
    assert "a = all-in to 200" in no_limit.output and "pot raise" not in no_limit.output


def test_play_coach_and_json_summary() -> None:
    keys = "c\n" * 20
    result = invoke("play", "--bot", "raiser", "--hands", "1", "--coach", "--json", input=keys)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[result.stdout.index("{"):])
    assert summary["hands"] == 1 and summary["unit"] == "sb"
    assert "pot odds" in result.output and "EHS" in result.output
    assert "income rate" in result.output and "on average" in result.output  # the plain words


def _roles(output: str) -> list[str]:
    return re.findall(r"you are (.+?); your cards", output)


@pytest.mark.parametrize(("variant", "keys", "roles"), [
    ("texas-holdem", "f\nc\n", ["the button (small blind)", "the big blind"]),
    ("five-card-draw", "c\np\n", ["the button (last to act)", "first to act"]),  # antes, no blinds
])
def test_play_names_your_seat_as_the_engine_does(variant, keys, roles, monkeypatch) -> None:
    """The heads-up seats in words; the button moves each hand. The words are the engine's
    (GameSettings.seat_name): with it answering otherwise, the terminal says what it says."""
    args = ("play", "--variant", variant, "--bot", "calling-station", "--hands", "2", "--seed", "3")
    result = invoke(*args, input=keys * 30)
    assert result.exit_code == 0, result.output
    assert _roles(result.output) == roles
    engine = GameSettings.seat_name
    assert [engine(GameSettings.preset("limit", variant), p, 2) for p in (1, 0)] == roles
    monkeypatch.setattr(GameSettings, "seat_name",
                        lambda self, position, players: f"position {position} of {players}")
    told = invoke(*args, input=keys * 30)
    assert _roles(told.output) == ["position 1 of 2", "position 0 of 2"]


def test_play_prints_each_street_and_its_board_before_the_actions_on_it() -> None:
    # Issue 28: the raiser's flop bet printed before the flop itself. The board comes first.
    result = invoke("play", "--bot", "raiser", "--hands", "1", "--seed", "0", input="c\n" * 12)
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    for street, cards in (("flop", 3), ("turn", 4), ("river", 5)):
        header = next(k for k, line in enumerate(lines) if line.startswith(f"{street} · board"))
        assert len(lines[header].split("board ")[1].split()) == cards
        first = next(k for k, line in enumerate(lines) if line.startswith(f"{street}: "))
        assert header < first, (street, lines[header - 1:first + 1])
    assert "Hand 1 · Texas hold'em, limit · 2 players" in result.output
    assert "\n1 hand, you won" in result.output and "1 hands" not in result.output


def test_play_menu_offers_a_in_limit_where_it_works() -> None:
    result = invoke("play", "--bot", "calling-station", "--hands", "1", "--seed", "3", input="a\nq\n")
    assert result.exit_code == 0, result.output
    assert "r or a = raise to 20" in result.output and "raises to 20" not in result.output
    assert "you raise to 20" in result.output  # a is taken: the one raise size


def test_play_json_is_one_line_on_standard_output() -> None:
    result = CliRunner().invoke(app, ["play", "--bot", "raiser", "--hands", "2", "--json"],
                                input="c\n" * 30, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["hands"] == 2


@pytest.mark.parametrize("players", [3, 6])
def test_play_seats_two_to_six_players(players) -> None:
    result = invoke("play", "--bot", "raiser", "--players", str(players), "--hands", "1", "--json",
                    input="c\n" * 80)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["players"] == players and summary["hands"] == 1
    names = {"raiser", *(f"raiser#{k}" for k in range(2, players))}
    assert all(name in result.output for name in names)
    refused = invoke("play", "--players", "7")
    assert refused.exit_code == 2 and "--players" in refused.output
