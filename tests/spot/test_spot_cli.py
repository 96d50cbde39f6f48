"""``pokerlab spot solve`` and ``spot show``: JSON keys, saving, browsing, locks, bad input."""

from __future__ import annotations

import json

import pytest

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.spot.spec import Spot, SpotError, parse_sizes
from pokerlab.spot.tree import build_tree

SPOT_TOML = """
board = "Qs Jh 2h 8d 3c"
pot = 10
stack = 20
oop_range = "AA,QQ,AK"
ip_range = "KK,JJ,AQs"
raise_cap = 2

[river]
bet = "50%,a"
raise = "a"
"""


def solve_json(capsys, argv):
    assert run(app, ["spot", "solve", *argv, "--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_solve_json_keys_save_and_show(tmp_path, capsys):
    path = tmp_path / "spot.toml"
    path.write_text(SPOT_TOML)
    saved = tmp_path / "sol.npz"
    out = solve_json(capsys, [str(path), "--target", "0.2", "--save", str(saved)])
    for key in ("exploitability_pct_pot", "iterations", "seconds", "ev", "memory_bytes"):
        assert key in out
    assert out["exploitability_pct_pot"] <= 0.2
    assert abs(sum(out["ev"]) - 10.0) < 1e-4 and out["memory_bytes"] > 0
    assert out["root"]["actions"] == ["x", "b5", "b20"]
    assert run(app, ["spot", "show", str(saved), "--line", "x b5", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["player"] == "oop" and shown["actions"] == ["f", "c", "r20"]
    assert abs(sum(shown["totals"].values()) - 1) < 1e-5
    qq = [r for r in shown["combos"] if r["combo"].startswith("Q")]
    assert qq and all(r["equity"] == pytest.approx(1.0) for r in qq)  # a set of queens: the nuts
    # The table fits 80 columns.
    assert run(app, ["spot", "show", str(saved), "--line", "x b5", "--combos"]) == 0
    text = capsys.readouterr().out
    assert "QdQc" in text and max(len(line) for line in text.splitlines()) <= 80


def test_flags_build_the_spot_and_a_lock_holds(capsys):
    base = ["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20", "--oop-range", "AA,QQ,AK",
            "--ip-range", "KK,JJ,AQs", "--bet", "50%", "--target", "0.5"]
    free = solve_json(capsys, base)
    locked = solve_json(capsys, [*base, "--lock", "=x:1"])
    # both reach the target (the slack below is only as small as the exploitabilities)
    assert free["converged"] and free["exploitability_pct_pot"] <= 0.5
    assert locked["converged"] and locked["exploitability_pct_pot"] <= 0.5
    assert locked["root"]["totals"]["x"] == pytest.approx(1.0)
    assert locked["locked_nodes"] == [0]
    slack = (free["exploitability_chips"] + locked["exploitability_chips"])
    assert locked["ev"][0] <= free["ev"][0] + slack


def test_a_turn_spot_with_cards_in_the_line(tmp_path, capsys):
    saved = tmp_path / "turn.npz"
    solve_json(capsys, ["--board", "Qs Jh 2h 8d", "--pot", "10", "--stack", "10", "--oop-range",
                        "AA,KQs", "--ip-range", "QJs,T9s", "--bet", "a", "--target", "1",
                        "--save", str(saved)])
    assert run(app, ["spot", "show", str(saved), "--line", "x x 7c", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["board"] == "Qs Jh 2h 8d 7c" and shown["player"] == "oop"
    assert all("7c" not in r["combo"] for r in shown["combos"])
    assert run(app, ["spot", "show", str(saved), "--line", "x x 8d"]) == 2
    assert "already on the board" in capsys.readouterr().err


@pytest.mark.parametrize("argv,needle", [
    (["--board", "Qs Jh", "--pot", "10", "--stack", "10", "--oop-range", "AA", "--ip-range", "KK"],
     "board"),
    (["--board", "Qs Jh 2h", "--pot", "10", "--stack", "10", "--oop-range", "AA", "--ip-range", "KK",
      "--bet", "fifty"], "bet size"),
    (["--board", "Qs Jh 2h", "--pot", "10"], "--stack"),
    (["--board", "Qs Jh 2h", "--pot", "-3", "--stack", "10", "--oop-range", "AA", "--ip-range", "KK"],
     "pot"),
    (["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "10", "--oop-range", "AA", "--ip-range",
      "KK", "--threads", "0"], "--threads"),
    (["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "10", "--oop-range", "AA", "--ip-range",
      "KK", "--lock", "=q:1"], "no action"),
    (["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "10", "--oop-range", "AA", "--ip-range",
      "KK", "--max-iterations", "0"], "--max-iterations"),
    (["missing.toml"], "missing.toml"),
])
def test_bad_input_is_one_line(argv, needle, capsys):
    assert run(app, ["spot", "solve", *argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1


def test_spec_errors_name_the_field():
    with pytest.raises(SpotError, match=r"^turn\.ip\.raise: unknown bet size"):
        Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 10, "oop_range": "AA",
                        "ip_range": "KK", "turn": {"ip": {"raise": "1x"}}})
    with pytest.raises(SpotError, match=r"^colour: unknown field"):
        Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 10, "oop_range": "AA",
                        "ip_range": "KK", "colour": 1})
    assert [str(s) for s in parse_sizes("33%,75,a,e,2e,20c")] == ["33%", "75%", "a", "e", "2e", "20c"]


def test_round_trip_through_to_dict():
    s = Spot.from_dict({"board": "Qs Jh 2h", "pot": 10, "stack": 95, "oop_range": "AA,KK:0.5",
                        "ip_range": "QQ", "bet": "50%,a", "raise": "60%", "raise_cap": 3,
                        "rake_pct": 5, "rake_cap": 3, "river": {"oop": {"donk": "33%"}}})
    t = Spot.from_dict(s.to_dict())
    assert (t.oop_range == s.oop_range).all() and t.tree == s.tree and t.raise_cap == 3
    assert t.rake(100) == 3.0 and s.rake(20) == 1.0


def test_tree_sizing_rules():
    def tree(**extra):
        d = {"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 100, "oop_range": "AA", "ip_range": "KK"}
        d.update(extra)
        return build_tree(Spot.from_dict(d))

    # Raise = 100% of the pot after the call: facing 10 into 20, call 10 -> pot 30, raise to 40.
    t = tree(bet="100%", **{"raise": "100%"})
    assert t.actions(t.child(0, "b10")) == ["f", "c", "r40"]
    # A raise cap of 1: no re-raise after the first raise.
    t = tree(bet="100%", raise_cap=1, **{"raise": "100%"})
    assert t.actions(t.child(t.child(0, "b10"), "r40")) == ["f", "c"]
    # The all-in threshold: a 90% bet with 100 behind puts in 9 of 100, not all-in; with 10 behind,
    # 9 of 10 is over the 0.67 threshold, so it is the all-in.
    assert tree(bet="90%", allin_threshold=0.67).actions(0) == ["x", "b9"]
    assert tree(bet="90%", stack=10, allin_threshold=0.67).actions(0) == ["x", "b10"]
    # Equal sizes merge; a bet over the stack is the all-in.
    assert tree(bet="150%,a", stack=12).actions(0) == ["x", "b12"]


def test_a_texassolver_input_file(tmp_path, capsys):
    from pokerlab.spot.texassolver import write_texassolver

    spot = Spot.from_dict({"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ,AK",
                           "ip_range": "KK,JJ,AQs", "bet": "50%,a", "raise": "a", "raise_cap": 3})
    path = tmp_path / "input.txt"
    path.write_text(write_texassolver(spot, accuracy_pct=0.3, max_iterations=100, threads=1))
    out = solve_json(capsys, ["--texassolver", str(path), "--target", "0.3"])
    direct = solve_json(capsys, ["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20",
                                 "--oop-range", "AA,QQ,AK", "--ip-range", "KK,JJ,AQs", "--bet", "50%,a",
                                 "--raise", "a", "--raise-cap", "3", "--target", "0.3"])
    assert out["converged"] and direct["converged"]  # else the EVs need not be near
    assert out["root"]["actions"] == direct["root"]["actions"]
    assert out["ev"][0] == pytest.approx(direct["ev"][0], abs=0.1)
