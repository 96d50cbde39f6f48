"""``pokerlab pushfold solve`` and ``chart``: JSON, tables that fit 80 columns, pictures, bad
input, and the README's chart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokerlab.cli.errors import run
from pokerlab.cli.main import app

README = Path(__file__).resolve().parents[2] / "README.md"


def test_solve_json_gives_frequencies_values_and_the_certificate(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["pushfold", "solve", "--stacks", "10,10", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["certified"] and out["method"] == "linear program"
    assert max(out["gains"].values()) < 1e-9
    sb, bb = out["nodes"]
    assert sb["line"] == "SB" and bb["line"] == "SB push, BB"
    assert sb["frequencies"]["K2o"] == [0.0, 1.0] and bb["frequencies"]["K2o"] == [1.0, 0.0]
    assert sb["share"]["push"] == pytest.approx(0.58284, abs=1e-5)
    assert out["value"]["SB"] == pytest.approx(-out["value"]["BB"], abs=1e-12)
    assert "Q6o" in sb["breakers"]


def test_solve_prints_tables_that_fit_80_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    picture = tmp_path / "grids.png"
    assert run(app, ["pushfold", "solve", "--stacks", "8,8", "--ante", "0.125", "--plot", str(picture)]) == 0
    text = capsys.readouterr().out
    assert "certified" in text and "SB: push" in text and "SB push, BB: call" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    assert picture.stat().st_size > 10_000


@pytest.mark.parametrize(("argv", "message"), [
    (["--stacks", "10,-1"], "stacks: -1 is not a positive number of big blinds"),
    (["--stacks", "10,x"], "--stacks: '10,x' is not a comma-separated list of numbers"),
    (["--stacks", ",".join(["10"] * 10)], "stacks: 10 players given; push/fold takes 2 to 9"),
    (["--stacks", "10,10,10", "--payouts", "30,50"], "payouts: 30,50 must not increase"),
    (["--stacks", "10,10", "--payouts", "50,30,20"], "payouts: 3 places paid but only 2 players"),
    (["--stacks", "3,3", "--blinds", "2,4"], "stacks: BB's stack 3 is smaller than the blind it posts (4)"),
    (["--stacks", "10,10,10", "--ante", "12"], "stacks: BTN's stack 10 is smaller than the ante"),
    (["--stacks", "10,10", "--line", "BB push"], "--line: no decision 'BB push'"),
    (["--stacks", "10,10", "--plot", "out.jpg"], "--plot"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                             message: str) -> None:
    assert run(app, ["pushfold", "solve", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_chart_json_and_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["pushfold", "chart", "--max-stack", "4", "--step", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["push"]["AA"] == 4.0 and out["call"]["72o"] < 4 and out["worst_gain"] < 1e-9
    assert run(app, ["pushfold", "chart", "--max-stack", "4", "--step", "1", "--markdown"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("| Push | A | K |") and "| **A** | 4+ |" in text


def _readme_chart() -> str:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"<!-- pushfold-chart -->\n(.*?)<!-- /pushfold-chart -->", text, re.S)
    assert block, "README.md has no push/fold chart block"
    return block.group(1).strip()


def test_the_readme_chart_s_edges_are_what_the_solver_gives() -> None:
    """A few cells of the README's chart, solved again at their stack and 0.1 above."""
    from pokerlab.cards import PREFLOP_CLASSES
    from pokerlab.cards.grid import GRID_RANKS
    from pokerlab.pushfold.chart import PUSHES
    from pokerlab.pushfold.game import PushFoldGame
    from pokerlab.pushfold.headsup import solve_headsup

    rows = [line for line in _readme_chart().splitlines() if line.startswith("| **")]
    push = {}
    for line in rows[:13]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        r = GRID_RANKS.index(cells[0].strip("*"))
        for c, value in enumerate(cells[1:]):
            i, j = r, c
            name = GRID_RANKS[i] * 2 if i == j else (GRID_RANKS[i] + GRID_RANKS[j] + "s" if j > i
                                                       else GRID_RANKS[j] + GRID_RANKS[i] + "o")
            push[name] = value
    for name in ("K2o", "Q5o", "J3s", "T6o", "96s", "64s", "A2o", "K9o"):
        value = push[name]
        if value.endswith("+"):
            continue
        stack = float(value)
        k = PREFLOP_CLASSES.index(name)
        assert solve_headsup(PushFoldGame((stack, stack)))[0][k, 1] >= PUSHES
        assert solve_headsup(PushFoldGame((stack + 0.1, stack + 0.1)))[0][k, 1] < PUSHES


@pytest.mark.slow
def test_the_readme_chart_is_the_command_s_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["pushfold", "chart", "--markdown", "--workers", "2"]) == 0
    assert capsys.readouterr().out.strip() == _readme_chart()


def test_ev_grid_and_lines_are_checked_before_the_solve(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert run(app, ["pushfold", "solve", "--stacks", "10,10", "--line", "SB", "--ev", "bb"]) == 0
    text = capsys.readouterr().out
    assert "BB: expected value per class (bb)" in text
    assert max(len(line) for line in text.splitlines()) <= 80
    import pokerlab.pushfold.solution as solution

    monkeypatch.setattr(solution, "solve", lambda *a, **k: pytest.fail("solved before checking"))
    assert run(app, ["pushfold", "solve", "--stacks", "10,10,10", "--line", "SB push"]) == 2
    assert "--line: no decision 'SB push'" in capsys.readouterr().err
    assert run(app, ["pushfold", "solve", "--stacks", "10,10", "--ev", "UTG"]) == 2
    assert capsys.readouterr().err.strip() == "error: --ev: no seat 'UTG' at this table (SB, BB)"


def test_ctrl_c_stops_a_solve_with_one_line() -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    from terminal import ctrl_c_as_in_a_terminal

    proc = subprocess.Popen([sys.executable, "-m", "pokerlab", "pushfold", "solve", "--stacks", "10,10,10,10",
                             "--max-allin", "2", "--target", "1e-9", "--max-iterations", "1000000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COLUMNS": "80"}, preexec_fn=ctrl_c_as_in_a_terminal)
    time.sleep(3)
    assert proc.poll() is None, "the solve ended before Ctrl-C"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert len(err.strip().splitlines()) == 1 and err.startswith("interrupted: stopped"), err


def test_an_opening_shows_a_grid_for_each_action_but_the_fold(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["pushfold", "solve", "--stacks", "12,12", "--open", "limp", "--line", "SB"]) == 0
    text = capsys.readouterr().out
    assert "SB: limp " in text and "SB: push " in text   # the limps were hidden before
