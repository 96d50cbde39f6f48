"""``pokerlab bots`` lists every registered bot; ``pokerlab --version`` prints the version."""

from __future__ import annotations

import json
from importlib.metadata import version

from typer.testing import CliRunner

from pokerlab.agents.registry import available
from pokerlab.cli.main import app

runner = CliRunner()


def test_bots_lists_every_registered_bot_with_its_line():
    result = runner.invoke(app, ["bots", "--json"])
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["bots"] == available() and out["broken_modules"] == {}
    assert {"raiser", "loki-a", "threshold", "waterloo-phase1"} <= set(out["bots"])
    assert all(line for line in out["bots"].values())  # each has its one line
    assert set(out["variants"]) == set(out["bots"])
    assert out["variants"]["loki-a"] == ["texas-holdem"]
    assert out["variants"]["draw-rules"] == ["five-card-draw"]
    assert out["variants"]["random"] == ["texas-holdem", "five-card-draw"]
    assert out["settings"]["nlhe-search"][:2] == ["iterations", "seconds"]
    assert "raiser" not in out["settings"]


def test_bots_table_fits_80_columns():
    result = runner.invoke(app, ["bots"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0
    assert "calling-station" in result.stdout and "always checks or calls" in result.stdout
    assert "(--variant)" in result.stdout and "five-card-draw" in result.stdout
    assert max(map(len, result.stdout.splitlines())) <= 80


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout == f"pokerlab {version('pokerlab')}\n"
