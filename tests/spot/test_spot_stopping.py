"""How a solve stops and says so: the exploitability against the target on the progress bar,
and a missed target (a cap reached first) flagged in the library result, the saved file, the
table, ``--json`` and a warning line, with exit status 0 (a missed target is a result)."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.spot.solution import Solution, solve
from pokerlab.spot.spec import Spot

SPOT = {"board": "Qs Jh 2h 8d 3c", "pot": 10, "stack": 20, "oop_range": "AA,QQ,AK",
        "ip_range": "KK,JJ,AQs", "bet": "50%"}
FLAGS = ["--board", "Qs Jh 2h 8d 3c", "--pot", "10", "--stack", "20", "--oop-range", "AA,QQ,AK",
         "--ip-range", "KK,JJ,AQs", "--bet", "50%"]


def test_the_solution_says_why_it_stopped(tmp_path):
    spot = Spot.from_dict(SPOT)
    reached = solve(spot, target_pct=0.3, max_iterations=200)
    assert reached.converged is True and reached.stopped_by == "target"
    assert reached.exploitability_pct <= 0.3
    capped = solve(spot, target_pct=0.3, max_iterations=3, check_every=1)
    assert capped.converged is False and capped.stopped_by == "max_iterations"
    assert capped.iterations == 3 and capped.exploitability_pct > 0.3
    timed = solve(spot, target_pct=0.0, max_iterations=1000, max_seconds=0.0)
    assert timed.converged is False and timed.stopped_by == "max_seconds" and timed.iterations == 1
    summary = capped.summary()
    assert (summary["converged"], summary["stopped_by"], summary["target_pct_pot"]) == (
        False, "max_iterations", 0.3)
    assert summary["gain_chips"] == list(capped.evaluation.gain)
    assert summary["gain_pct_pot"] == pytest.approx([100 * g / 10 for g in capped.evaluation.gain])
    back = Solution.load(capped.save(tmp_path / "capped.npz"))
    assert (back.converged, back.stopped_by, back.target_pct) == (False, "max_iterations", 0.3)
    assert back.evaluation.gain == capped.evaluation.gain


def test_a_missed_target_is_flagged_in_json_the_table_and_a_warning(capsys):
    argv = ["spot", "solve", *FLAGS, "--max-iterations", "3", "--check-every", "1", "--no-progress"]
    assert run(app, [*argv, "--json"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["converged"] is False and out["stopped_by"] == "max_iterations"
    assert out["iterations"] == 3 and out["exploitability_pct_pot"] > out["target_pct_pot"] == 0.3
    warning = [line for line in captured.err.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "--max-iterations" in warning[0] and "target 0.3%" in warning[0]
    assert run(app, argv) == 0
    captured = capsys.readouterr()
    assert "NOT CONVERGED: stopped by --max-iterations" in captured.out
    assert max(len(line) for line in captured.out.splitlines()) <= 80
    assert run(app, ["spot", "solve", *FLAGS, "--max-seconds", "0", "--target", "0", "--json",
                     "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["converged"] is False and out["stopped_by"] == "max_seconds"


def test_a_texassolver_file_s_cap_is_named_as_the_file_s(tmp_path, capsys):
    # Issue 40: the cap of set_max_iteration was reported as --max-iterations, never typed.
    source = tmp_path / "input.txt"
    source.write_text("set_pot 10\nset_effective_stack 20\nset_board Qs,Jh,2h,8d,3c\n"
                      "set_range_oop AA,QQ,AK\nset_range_ip KK,JJ,AQs\n"
                      "set_bet_sizes oop,river,bet,50\nset_bet_sizes ip,river,bet,50\nbuild_tree\n"
                      "set_accuracy 0.3\nset_max_iteration 3\nset_print_interval 1\nstart_solve\n")
    assert run(app, ["spot", "solve", "--texassolver", str(source), "--no-progress", "--json"]) == 0
    err = capsys.readouterr().err
    assert f"stopped by {source}'s iteration cap (set_max_iteration" in err and "--max-iterations" not in err
    assert run(app, ["spot", "solve", "--texassolver", str(source), "--max-iterations", "2",
                     "--no-progress", "--json"]) == 0
    assert "stopped by --max-iterations after 2 iterations" in capsys.readouterr().err


def test_a_reached_target_and_each_player_s_gain_are_shown(capsys):
    assert run(app, ["spot", "solve", *FLAGS, "--lock", "=x:1", "--json", "--no-progress"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["converged"] is True and out["stopped_by"] == "target"
    assert out["exploitability_pct_pot"] <= 0.3 and "warning" not in captured.err
    gains = out["gain_pct_pot"]
    assert sum(gains) / 2 == pytest.approx(out["exploitability_pct_pot"])
    assert all(-1e-6 <= g <= 0.6 for g in gains)
    assert run(app, ["spot", "solve", *FLAGS, "--lock", "=x:1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "target reached" in text and "gain OOP / IP" in text and "locks held" in text


def test_the_progress_bar_shows_the_exploitability_against_the_target(monkeypatch, capsys):
    import pokerlab.cli.common as common

    screen = io.StringIO()
    monkeypatch.setattr(common, "err_console",
                        Console(file=screen, force_terminal=True, width=100, color_system=None))
    assert run(app, ["spot", "solve", *FLAGS, "--target", "0", "--max-iterations", "40",
                     "--check-every", "10", "--json"]) == 0
    shown = screen.getvalue()
    out = json.loads(capsys.readouterr().out)
    assert f"solving: {out['exploitability_pct_pot']:.3f}% of the pot, target 0%" in shown
    assert "-:--:--" not in shown  # no time left to the iteration cap: the time elapsed
