"""The ``pokerlab solve`` command (issue 3)."""

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pokerlab.cli import solve as solve_cli

app = typer.Typer(pretty_exceptions_enable=False)


@app.callback()
def _root() -> None:
    """Test root: keeps ``solve`` a sub-command."""


solve_cli.register(app)
runner = CliRunner()
DATA = Path(__file__).parent / "data"


def _json(*args):
    result = runner.invoke(app, ["solve", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_keys_and_patent_numbers():
    out = _json("patent-raise", "--pot", "3")
    assert {"game", "pot", "value", "value_exact", "thresholds", "order", "exploitability"} <= set(out)
    by = {t["name"]: t for t in out["thresholds"]}
    assert round(by["RR1"]["value"], 4) == 0.9511 and round(by["C1R"]["value"], 4) == 0.7398
    assert by["C1"]["below"] == "pass-fold" and by["C1"]["above"] == "pass-call"
    assert {"name", "player", "value", "exact", "below", "above"} <= set(by["C1"])
    assert out["exploitability"] == 0.0
    assert out["order"] == "r2 < b1 < rr1 < b2 < C2 <= C1 < B2 < B1 < C1R < R2 < C2RR < RR1"


def test_symbolic_pot():
    out = _json("patent-no-raise")
    assert out["value"] is None
    assert out["thresholds"][0]["exact"] == "P/((P + 2)*(2*P + 1))"
    assert out["order_check"]["valid_for"] == "0 < P"
    assert out["certificate"]["at_pot"] == 1


def test_discover_order_and_explain():
    out = _json("patent-check-raise", "--pot", "3", "--discover-order", "--explain")
    assert out["discovery"]["matches_declared"] is True
    assert out["discovery"]["attempts"][-1]["outcome"] == "ok"
    assert set(out["explain"]) >= {"sequences", "outcomes", "regions", "expected_return", "equations"}
    assert len(out["explain"]["equations"]) == 18


def test_explain_text():
    result = runner.invoke(app, ["solve", "patent-no-raise", "--explain"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "dE1/db1 = C2 + P*(C2 - b1) - 1 = 0" in result.output
    assert "b1 < C2 < B1" in result.output


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot(tmp_path, suffix):
    path = tmp_path / f"regions{suffix}"
    result = runner.invoke(app, ["solve", "patent-raise", "--pot", "3", "--plot", str(path)])
    assert result.exit_code == 0, result.output
    assert path.stat().st_size > 1000


def test_cards_five_card_draw():
    out = _json("patent-no-raise", "--pot", "1", "--cards", "five-card-draw")
    hands = out["hands"]
    assert hands["hands"] == 2598960 and "mid-rank" in hands["cdf_convention"]
    b1 = hands["thresholds"]["B1"]
    assert b1["below"]["strength"] <= 7 / 9 < b1["above"]["strength"]


def test_toml_file_and_param():
    out = _json(str(DATA / "von_neumann.toml"))
    assert out["value_exact"] == "1/9"
    # symbolic bet B: Ferguson-Gawargy (1.1); B = 2 gives the pot-limit numbers
    out = _json(str(DATA / "von_neumann_bet_b.toml"))
    assert out["thresholds"][0]["exact"] == "B/((B + 1)*(B + 4))"
    out = _json(str(DATA / "von_neumann_bet_b.toml"), "--param", "B=2")
    assert [t["exact"] for t in out["thresholds"]] == ["1/9", "5/9", "7/9"]
    assert out["exploitability"] == 0.0


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('name = "x"\n[rules]\nbet = "huge"\n', "rules.bet"),
        ('name = "x"\n[rules]\nbet = [1,,]\n', "line 3"),
        ('name = "x"\n[tree]\nplayer = 1\n[tree.a]\ncontributions = [1, 2]\n'
         '[tree.b]\ncontributions = [1, 1]\n', "tree.a.contributions"),
    ],
)  # fmt: skip
def test_bad_game_file_is_one_line_and_exit_2(tmp_path, content, needle):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    result = runner.invoke(app, ["solve", str(path)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0] and "bad.toml" in lines[0]
    assert "Traceback" not in result.output


def test_unknown_game_and_bad_pot():
    result = runner.invoke(app, ["solve", "no-such-game"])
    assert result.exit_code == 2 and "neither a built-in game" in result.output
    result = runner.invoke(app, ["solve", "patent-raise", "--pot", "-1"])
    assert result.exit_code == 2 and "pot" in result.output


def test_cards_holdem_river():
    out = _json("patent-no-raise", "--pot", "1", "--cards", "holdem", "--board", "As Kd 7h 2c 2d")
    assert out["hands"]["hands"] == 1081
    result = runner.invoke(app, ["solve", "patent-no-raise", "--pot", "1", "--cards", "holdem"])
    assert result.exit_code == 2 and "--board" in result.output


def test_strength_option_is_the_083_example():
    out = _json("patent-raise", "--pot", "3", "--strength", "0.83")
    assert out["play"]["P1"] == "bet-call"
    result = runner.invoke(app, ["solve", "patent-raise", "--pot", "3", "--strength", "1.5"])
    assert result.exit_code == 2 and "strength" in result.output


def test_shipped_von_neumann_game_by_name():
    # Ferguson-Gawargy (1.1): a = B/((1+B)(4+B)); (1.2) value the same
    out = _json("von-neumann")
    assert out["thresholds"][0]["name"] == "a"
    assert out["thresholds"][0]["exact"] == "B/((B + 1)*(B + 4))"
    assert out["value_exact"] == "B/((B + 1)*(B + 4))"
    assert "needs numbers for B" in out["certificate"]["note"]
    out = _json("von-neumann", "--param", "B=1")
    assert [t["exact"] for t in out["thresholds"]] == ["1/10", "2/5", "7/10"]  # c = 4/10, b = 7/10


def test_game_without_an_order_is_discovered_automatically():
    out = _json(str(DATA / "rules_no_raise.toml"), "--pot", "1")
    assert out["discovery"]["found"] is True
    assert out["order"] == "b1 < C2 < B1"
    assert [t["exact"] for t in out["thresholds"]] == ["1/9", "5/9", "7/9"]


def test_certificate_names_where_a_wrong_structure_loses():
    out = _json(str(DATA / "wrong_order.toml"))
    assert out["exploitability"] > 0
    (gain,) = out["certificate"]["gains"]
    assert gain["player"] == 1 and gain["better"] == "bet" and gain["from"] == 0.75 and gain["to"] == 1.0


def test_pot_of_a_fixed_pot_game_is_refused():
    result = runner.invoke(app, ["solve", "von-neumann", "--pot", "3"])
    assert result.exit_code == 2 and "fixed at 2" in result.output
