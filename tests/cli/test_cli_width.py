"""Every table fits 80 columns (rich folds the cells of a narrower terminal)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize("args", [
    ["solve", "patent-no-raise"],
    ["solve", "patent-raise", "--pot", "3"],
    ["model", "--list"],
    ["model", "two-round"],
    ["equilibrium", "kuhn3", "-n", "50"],
    ["acpc", "game", "limit"],
    ["enumerate", "5"],
    ["preflop", "table", "loki-ir7"],
    ["bots"],
], ids=" ".join)
def test_tables_fit_80_columns(args):
    result = runner.invoke(app, args, terminal_width=80, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) > 3 and max(map(len, lines)) <= 80
