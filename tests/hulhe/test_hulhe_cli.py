"""``pokerlab hulhe show`` on a strategy file: the JSON summary and the curve plot."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hulhe_small import write_small_strategy

from pokerlab.cli.errors import run
from pokerlab.cli.main import app


def test_show_prints_the_settings_and_curve_and_plots_it(tmp_path: Path) -> None:
    path = write_small_strategy(tmp_path / "s.npz")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["hulhe", "show", str(path), "--json", "--plot", str(tmp_path / "c.png")]) == 0
    data = json.loads(out.getvalue())
    assert data["abstraction"] == "ehs2-f5-t5-r5-v1" and data["bucket_counts"] == [169, 5, 5, 5]
    assert data["exploitability_mbb"] == 800.0 and data["exploitability_perfect_recall_mbb"] == 1100.0
    assert [c["iterations"] for c in data["curve"]] == [100, 200]
    assert (tmp_path / "c.png").stat().st_size > 1000
    table = io.StringIO()
    with contextlib.redirect_stdout(table):
        assert run(app, ["hulhe", "show", str(path)]) == 0
    assert "800.0" in table.getvalue() and "perfect recall" in table.getvalue()


@pytest.mark.slow
def test_train_resume_and_show_on_the_default_abstraction(tmp_path: Path) -> None:
    # The default abstraction (built on first use, then cached), a short run stopped and resumed.
    folder = tmp_path / "run"
    common = ["--checkpoint-every", "1500", "--eval-deals", "3000", "--checkpoint-dir", str(folder)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["hulhe", "train", "--iterations", "1500", *common, "--json"]) == 0
    first = json.loads(out.getvalue())
    assert first["iterations"] == 1500 and len(first["curve"]) == 1
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(app, ["hulhe", "train", "--iterations", "1500", "--resume", *common, "--json",
                         "--plot", str(tmp_path / "c.svg")]) == 0
    second = json.loads(out.getvalue())
    assert second["iterations"] == 3000 and [c["iterations"] for c in second["curve"]] == [1500, 3000]
    assert second["curve"][0] == first["curve"][0]
    assert (tmp_path / "c.svg").exists() and (folder / "strategy.npz").exists()
    from pokerlab.agents.hulhe_cfr import HulheCfrBot

    assert HulheCfrBot(folder / "strategy.npz").strategy_file.meta["training"]["iterations"] == 3000


def test_train_refuses_a_folder_holding_a_run_before_building_anything(tmp_path: Path, monkeypatch) -> None:
    import pokerlab.abstraction as abstraction
    from pokerlab.hulhe.training import RUN_FILE, STATE_FILE

    built = []
    monkeypatch.setattr(abstraction, "card_abstraction", lambda *a, **k: built.append(a))
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / STATE_FILE).write_bytes(b"a run's checkpoint")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert run(app, ["hulhe", "train", "--iterations", "10", "--checkpoint-dir", str(folder)]) == 2
    assert err.getvalue().strip().splitlines() == [
        f"error: --checkpoint-dir {folder}: holds a run already; add --resume or give another folder"]
    with contextlib.redirect_stderr(err := io.StringIO()):
        assert run(app, ["hulhe", "train", "--iterations", "10", "--resume",
                         "--checkpoint-dir", str(tmp_path / "empty")]) == 2
    assert f"no {RUN_FILE}" in err.getvalue() and len(err.getvalue().strip().splitlines()) == 1
    assert built == []
