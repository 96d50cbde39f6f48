"""``pokerlab model``: JSON keys, the list, plots, and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app

runner = CliRunner()


def _json(*args: str) -> dict:
    result = runner.invoke(app, ["model", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_list_names_every_model():
    data = _json("--list")
    names = [m["name"] for m in data["models"]]
    assert names == ["von-neumann", "newman", "bet-after-check", "raise", "two-round", "endgame",
                     "endgame-two-round", "endgame-n-round", "endgame-continuum", "endgame-hidden-info",
                     "endgame-imprecise"]


def test_uniform_model_json_keys_and_check():
    data = _json("two-round", "--param", "B=2", "--param", "R=2")
    assert data["model"] == "two-round" and data["params"] == {"B": 2.0, "R": 2.0}
    assert data["thresholds_exact"]["j"] == "15/19"
    assert data["value_exact"] == "-88/1083"
    assert data["case"] == "limit order (j < d)"
    check = data["check"]
    assert check["agrees"] and check["max_diff"] == 0.0
    assert set(check) >= {"engine", "value", "thresholds", "max_diff"}
    assert check["thresholds"]["j"] == pytest.approx(15 / 19)


def test_endgame_model_json_has_strategy():
    data = _json("endgame-n-round", "-p", "stacks=260,330", "-p", "n=3", "-p", "a=10", "-p", "P=1/4")
    assert data["strategy_exact"]["I bluffs in round 1"] == "19/24"
    assert data["params"]["bets"] == [20.0, 60.0, 180.0]
    assert data["check"]["agrees"] and "strategy" in data["check"]


def test_no_check_and_readable_table():
    result = runner.invoke(app, ["model", "von-neumann", "--no-check"])
    assert result.exit_code == 0
    assert "1/9" in result.stdout and "7/9" in result.stdout


@pytest.mark.parametrize("name,suffix", [
    ("bet-after-check", ".svg"), ("two-round", ".png"), ("newman", ".png"), ("endgame-continuum", ".png"),
    ("endgame", ".svg"), ("endgame-n-round", ".png"),
])
def test_plot_is_written(tmp_path, name, suffix):
    path = tmp_path / f"m{suffix}"
    result = runner.invoke(app, ["model", name, "--no-check", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.stat().st_size > 1000


@pytest.mark.parametrize("args,needle", [
    (["raise", "-p", "B=-1"], "parameter B"),
    (["raise", "-p", "R=0"], "parameter R"),
    (["endgame", "-p", "P=2"], "parameter P"),
    (["endgame", "-p", "Q=2"], "parameter Q"),
    (["endgame", "-p", "P"], "KEY=VALUE"),
    (["endgame", "-p", "a=x"], "parameter a"),
    (["endgame-hidden-info", "-p", "Y=normal"], "parameter Y"),
    (["nope"], "model nope"),
])
def test_bad_input_is_one_line_and_exit_2(args, needle):
    result = runner.invoke(app, ["model", *args, "--no-check"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0], result.output
    assert "Traceback" not in result.output
