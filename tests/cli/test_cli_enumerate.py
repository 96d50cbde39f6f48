"""The ``pokerlab enumerate`` command and the CLI frame (issue 2, item 5)."""

import json

from typer.testing import CliRunner

from pokerlab.cli.main import app

runner = CliRunner()


def test_enumerate_five_card_hands_json():
    result = runner.invoke(app, ["enumerate", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 2_598_960
    assert data["distinct_classes"] == 7462
    assert data["categories"]["Straight flush"] == 40
    assert data["categories"]["High card"] == 1_302_540


def test_enumerate_rejects_other_sizes_in_one_line():
    result = runner.invoke(app, ["enumerate", "6"])
    assert result.exit_code == 2
    assert "CARDS must be 5 or 7" in result.stderr
    assert "Traceback" not in result.output


def test_help_lists_the_commands():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in ("hand", "enumerate"):
        assert name in result.stdout
