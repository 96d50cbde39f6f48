"""The ``pokerlab hand`` command (issue 2, item 5).

The command group is mounted on a fresh Typer app so that this test depends only on
``pokerlab.cli.hand``.
"""

import json

import pytest
import typer
from typer.testing import CliRunner

from pokerlab.cli import hand

app = typer.Typer(pretty_exceptions_enable=False)


@app.callback()
def _root() -> None:
    """Test root: keeps ``hand`` a sub-command."""


hand.register(app)
runner = CliRunner()


def test_hand_json():
    result = runner.invoke(app, ["hand", "As Ks Qs Js Ts", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert {"value", "category", "description", "cards"} <= set(out)
    assert out["value"] == 7461
    assert out["category"] == "Straight flush"
    assert out["description"] == "Royal flush"
    assert out["cards"] == "As Ks Qs Js Ts"


@pytest.mark.parametrize(
    ("args", "value", "description"),
    [
        (["Ah", "Ad", "Ac", "3s", "3h", "9d", "2c"], 7285, "Full house, aces over threes"),
        (["AhAdAc3s3h9d"], 7285, "Full house, aces over threes"),
        (["A♦-Q♣/3♥-4♣-J♥"], 1079, "High card, ace"),
        (["10h, 9h, 8h, 7h, 6h"], 7457, "Straight flush, ten high"),
    ],
)
def test_hand_accepts_card_notations(args, value, description):
    result = runner.invoke(app, ["hand", *args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["value"], out["description"]) == (value, description)


def test_hand_table():
    result = runner.invoke(app, ["hand", "Ks Kd 9h 9c 2s"])
    assert result.exit_code == 0, result.output
    assert "Two pair, kings and nines" in result.stdout
    assert "Two pair" in result.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["As Ks Qs Js Xs"], "Xs"),
        (["As Ks Qs Js As"], "duplicate card 'As'"),
        (["As Ks"], "5 to 7 cards"),
        (["2c 3c 4c 5c 6c 7c 8c 9c"], "5 to 7 cards"),
    ],
)
def test_hand_user_errors_are_one_line_exit_2(args, needle):
    result = runner.invoke(app, ["hand", *args])
    assert result.exit_code == 2
    assert needle in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
