"""pokerlab.spot.browse: spots written as TOML and read back, what may follow each kind of node,
and a damaged solution file refused in one line."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app as cli
from pokerlab.spot.browse import node_report, read_spot_text, spot_toml
from pokerlab.spot.solution import solve
from pokerlab.spot.spec import Spot, SpotError


def test_spot_toml_reads_back_every_field() -> None:
    weights = np.zeros(1326)
    weights[:40] = 0.5
    spot = Spot.from_dict({
        "board": "Ks Qd Jh 4c", "pot": 12.5, "stack": 80, "oop_range": "AT:0.5, 65, KQ",
        "ip_range": [float(w) for w in weights], "raise_cap": 2, "allin_threshold": 0.8,
        "rake_pct": 5, "rake_cap": 3, "turn": {"oop": {"bet": "33%, e", "raise": "60%"}},
        "river": {"oop": {"donk": "20c"}, "ip": {"bet": "a"}}})
    again = read_spot_text(spot_toml(spot))["spot"]
    assert again == spot.to_dict()
    assert Spot.from_dict(again).ip_range.tolist() == spot.ip_range.tolist()


def test_read_spot_text_names_what_is_wrong() -> None:
    with pytest.raises(SpotError, match="spot TOML"):
        read_spot_text("pot = = 3")
    with pytest.raises(SpotError, match="board"):
        read_spot_text('board = "Ks"\npot = 1\nstack = 1\noop_range = "AA"\nip_range = "KK"')


def test_next_at_decisions_chance_nodes_and_terminals() -> None:
    spot = Spot.from_dict({"board": "Ks Qd Jh 4c", "pot": 10, "stack": 20, "oop_range": "AT, 65",
                           "ip_range": "77", "bet": "a"})
    sol = solve(spot, target_pct=5, max_iterations=20)
    assert node_report(sol, "")["next"] == ["x", "b20"]
    chance = node_report(sol, "x x", grid=True)
    assert chance["kind"] == "chance" and chance["grid"] is None
    assert len(chance["next"]) == 48 and not {"Ks", "Qd", "Jh", "4c"} & set(chance["next"])
    assert node_report(sol, "b20 f")["next"] == []
    river = node_report(sol, "x x 2c", grid=True)
    assert river["board"] == "Ks Qd Jh 4c 2c" and river["grid"]["totals"].keys() == {"x", "b20"}


def test_a_damaged_solution_file_is_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 not a zip")
    result = CliRunner().invoke(cli, ["spot", "show", str(bad)])
    assert result.exit_code == 2
    line = f"error: solution file '{bad}': not a pokerlab spot solution"
    assert result.output.strip().splitlines() == [line]
