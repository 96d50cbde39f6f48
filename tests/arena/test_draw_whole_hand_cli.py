"""``pokerlab draw whole-hand``: the heads-up class game's first round as dividing points, and
its certificate; ``pokerlab draw matches`` with outside bots."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app

SUPPORT = str(Path(__file__).resolve().parents[1] / "support" / "draw_outsiders.py")


def invoke(*args: str):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "80"})


def test_whole_hand_json_table_and_certificate() -> None:
    small = ["draw", "whole-hand", "--levels", "2", "--iterations", "40"]
    data = json.loads(invoke(*small, "--json", "--certify").stdout)
    assert [d["history"] for d in data["first_round"]] == [[], ["check"], ["bet"], ["check", "bet"]]
    for d in data["first_round"]:
        segments = d["segments"]
        assert segments[0]["start"] == 0 and abs(segments[-1]["stop"] - 1) < 1e-6
        assert all(a["stop"] == b["start"] for a, b in itertools.pairwise(segments))
    c = data["certificate"]
    assert 0 <= c["engine_exploitability"] < 0.05 and 0 <= c["read_exploitability"] < 0.1
    assert len(data["classes"]) == 12 and abs(sum(k["prior"] for k in data["classes"]) - 1) < 1e-9
    text = invoke(*small)
    assert text.exit_code == 0 and "P1 opens (first to act)" in text.output
    assert max(len(line) for line in text.output.splitlines()) <= 80


def test_whole_hand_bad_input_is_one_line() -> None:
    for args, words in ((["--game", "stud"], "--game: limit, pot-limit or no-limit, not 'stud'"),
                        (["--levels", "0"], "levels: 1 to 12")):
        result = invoke("draw", "whole-hand", *args)
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_whole_hand_no_limit_is_the_pot_limit_game_as_its_help_says() -> None:
    small = ["draw", "whole-hand", "--levels", "2", "--iterations", "40"]
    no_limit = invoke(*small, "--game", "no-limit", "--json")
    assert no_limit.exit_code == 0, no_limit.output
    data = json.loads(no_limit.stdout)
    pot_limit = json.loads(invoke(*small, "--game", "pot-limit", "--json").stdout)
    assert data["game"] == "no-limit" and data["settings"]["bet"] == "pot-limit"
    assert data["first_round"] == pot_limit["first_round"]
    text = invoke(*small, "--game", "no-limit")
    assert "--game no-limit: solved as pot-limit" in " ".join(text.output.split())


@pytest.mark.usefixtures("registry_restored")
def test_draw_matches_take_outside_bots() -> None:
    result = invoke("draw", "matches", "--hands", "6", "--seats", "2", "--bot-module", SUPPORT,
                    "--json", "--no-progress")
    assert result.exit_code == 0, result.output
    opponents = [m["opponent"] for m in json.loads(result.stdout)["matches"]]
    assert {"outsider", "outsider-stealer", "draw-rules", "random"} <= set(opponents)
    bad = invoke("draw", "matches", "--seats", "7", "--hands", "2")
    assert bad.exit_code == 2 and "--seats: 2 to 6" in bad.output


def test_whole_hand_for_three() -> None:
    data = json.loads(invoke("draw", "whole-hand", "--players", "3", "--iterations", "200", "--certify",
                             "--json").stdout)
    assert data["players"] == 3 and len(data["first_round"]) == 5
    assert data["first_round"][2]["player"] == 2  # the button after two checks
    c = data["certificate"]
    assert c["engine_nash_conv"] < 0.01 and abs(sum(c["engine_values"])) < 1e-9
    text = invoke("draw", "whole-hand", "--players", "3", "--iterations", "200")
    assert text.exit_code == 0 and "P3, the button, after two checks" in text.output
    bad = invoke("draw", "whole-hand", "--players", "3", "--game", "pot-limit")
    assert bad.exit_code == 2 and "limit only" in bad.output
    assert invoke("draw", "whole-hand", "--players", "4").exit_code == 2


def test_whole_hand_plots(tmp_path) -> None:
    for players in ("2", "3"):
        path = tmp_path / f"points-{players}.svg"
        result = invoke("draw", "whole-hand", "--players", players, "--plot", str(path))
        assert result.exit_code == 0 and path.read_text().startswith("<?xml")
    bad = invoke("draw", "whole-hand", "--plot", str(tmp_path / "points.gif"))
    assert bad.exit_code == 2 and "--plot" in bad.output
