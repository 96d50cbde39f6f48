"""The ``pokerlab equilibrium`` command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app

runner = CliRunner()


def _json(args: list[str]) -> dict:
    result = runner.invoke(app, ["equilibrium", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_kuhn_lp_json() -> None:
    out = _json(["kuhn", "--algorithm", "lp"])
    assert {"game", "algorithm", "iterations", "value", "exploitability", "seconds"} <= set(out)
    assert out["value_fraction"] == "-1/18"
    assert abs(out["value"] + 1 / 18) < 1e-9
    assert len(out["strategy"]) == 12


def test_leduc_cfr_plus_with_plot(tmp_path) -> None:
    png = tmp_path / "leduc.png"
    out = _json(["leduc", "--iterations", "300", "--plot", str(png)])
    assert out["algorithm"] == "cfr+" and out["iterations"] == 300
    assert out["exploitability"] < 0.02
    trace = out["trace"]
    assert trace[0]["iterations"] == 1 and trace[-1]["iterations"] == 300
    assert trace[-1]["exploitability"] < trace[0]["exploitability"]
    assert png.stat().st_size > 1000


def test_dividing_point_game_and_endgame() -> None:
    out = _json(["patent-no-raise-pot-limit", "--levels", "30", "--algorithm", "lp"])
    assert out["game"] == "patent-no-raise-pot-limit/30"
    assert abs(out["value"] - 1 / 9) < 0.02
    out = _json(["endgame", "--bets", "2,6", "--win-probability", "3/10", "-a", "lp"])
    assert out["value_exact"] == "7/20"  # (9P - 2) a / 2, proved in rational arithmetic


def test_table_output() -> None:
    result = runner.invoke(app, ["equilibrium", "kuhn", "-n", "50"])
    assert result.exit_code == 0
    assert "exploitability" in result.stdout and "Average strategy" in result.stdout


def test_user_errors_exit_2() -> None:
    for args in (["nope"], ["kuhn", "--algorithm", "magic"], ["kuhn", "-a", "lp", "--plot", "x.png"],
                 ["endgame", "--bets", "x"], ["kuhn", "--plot", "x.pdf"],
                 ["endgame", "--win-probability", "2"]):  # fmt: skip
        result = runner.invoke(app, ["equilibrium", *args])
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output


def test_kuhn3_json_has_each_players_value_and_nash_conv() -> None:
    out = _json(["kuhn3"])
    assert out["players"] == 3 and len(out["value"]) == 3 and len(out["gains"]) == 3
    assert out["nash_conv"] < 1e-4 and abs(sum(out["gains"]) - out["nash_conv"]) < 1e-15
    assert abs(sum(out["value"])) < 1e-12
    assert out["szafron_family"]["violations"] == [] and out["szafron_family"]["distance"] < 1e-3
    assert len(out["strategy"]) == 48  # 12 decisions x 4 cards


def test_lp_refuses_three_players_in_one_line() -> None:
    result = runner.invoke(app, ["equilibrium", "kuhn3", "--algorithm", "lp"])
    assert result.exit_code == 2
    assert "two-player zero-sum games only" in result.output and "Traceback" not in result.output
    for name in ("kuhn1", "leduc11"):
        result = runner.invoke(app, ["equilibrium", name])
        assert result.exit_code == 2 and "2 to 10 players" in result.output


def test_kuhn3_exploitability_is_openspiels_nash_conv_over_three() -> None:
    # Issue 28: NashConv / 2 in place of / N passed every test (all exploitabilities checked
    # were of two-player games). Away from equilibrium (7 iterations), against OpenSpiel.
    import pyspiel

    from pokerlab.equilibrium import CFRSolver, kuhn
    from pokerlab.equilibrium.exploitability import exploitability
    from pokerlab.equilibrium.openspiel import to_tabular_policy

    out = _json(["kuhn3", "--iterations", "7"])
    solver = CFRSolver(kuhn(players=3), out["algorithm"])
    solver.run(7)
    game = pyspiel.load_game("kuhn_poker(players=3)")
    theirs = pyspiel.nash_conv(game, to_tabular_policy(solver.average_strategy(), game).to_dict())
    assert theirs > 0.1  # far from equilibrium: a wrong divisor shows
    assert out["nash_conv"] == pytest.approx(theirs, abs=1e-9)
    assert out["exploitability"] == pytest.approx(theirs / 3, abs=1e-9)
    assert exploitability(solver.average_strategy()) == pytest.approx(theirs / 3, abs=1e-9)
