"""``pokerlab nolimit ranges``: JSON equal to the library's, tables that fit 80 columns, the
picture, and bad input in one line naming the option."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hulhe_small import write_small_blueprint, write_small_strategy

from pokerlab.cli.errors import run
from pokerlab.cli.main import app
from pokerlab.nolimit.blueprint import DEFAULT_BLUEPRINT, Blueprint
from pokerlab.nolimit.ranges import preflop_ranges


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_small_blueprint(tmp_path_factory.mktemp("bp") / "small.npz", seed=3)


def test_json_is_the_library_s_ranges(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["nolimit", "ranges", "--line", "r250", "--blueprint", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = preflop_ranges(Blueprint.load(path), "r250")
    assert out == json.loads(json.dumps(expected.as_dict() | {"blueprint": str(path)}))
    assert out["who"] == "big blind" and out["pot_bb"] == 3.5 and out["to_call_bb"] == 1.5
    assert out["actions"] == ["fold", "call", "raise 7.5bb", "all-in 20bb"]
    assert sum(out["sizes_pct"].values()) == pytest.approx(out["range_pct"]) == 100.0
    assert set(out["frequencies"]["AKs"]) == set(out["actions"])
    assert sum(out["frequencies"]["72o"].values()) == pytest.approx(1.0)


def test_the_default_is_the_shipped_blueprint_s_first_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(app, ["nolimit", "ranges", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["line"] == "" and out["who"] == "button" and out["blueprint"] == str(DEFAULT_BLUEPRINT)
    assert out["actions"] == ["fold", "call", "raise 2.5bb", "all-in 200bb"]


def test_the_grids_fit_80_columns_and_the_picture_is_written(path: Path, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    picture = tmp_path / "grids.png"
    assert run(app, ["nolimit", "ranges", "--line", "r250r750", "--blueprint", str(path),
                     "--plot", str(picture)]) == 0
    text = capsys.readouterr().out
    assert max(len(line) for line in text.splitlines()) <= 80
    assert text.startswith("r250r750: the button acts after BTN raise 2.5bb, BB raise 7.5bb; pot 10bb")
    # the range reaching it, then one grid per action (the small tree's raise cap leaves two),
    # each with the ranks on top
    assert text.count("    A   K   Q   J   T   9   8   7   6   5   4   3   2") == 3
    for title in ("range reaching it: reach per class, ", "fold: frequency per class, ",
                  "call: frequency per class, "):
        assert title in text
    assert f"heat maps written to {picture}" in text.replace("\n", "")
    assert picture.stat().st_size > 10_000


@pytest.mark.parametrize(("argv", "message"), [
    (["--line", "r300"], "--line 'r300': 'r300' is not in the tree after '' (it holds r250, r2000)"),
    (["--line", "r250c"], "--line 'r250c': a post-flop decision"),
    (["--line", "r250c/c"], "--line 'r250c/c': a post-flop decision"),
    (["--line", "f"], "--line 'f': the hand is over there"),
    (["--plot", "grids.jpg"], "--plot grids.jpg: use a file name ending in .png or .svg"),
    (["--blueprint", "{dir}/none.npz"], "--blueprint {dir}/none.npz: no such file"),
    (["--blueprint", "{dir}/notes.txt"], "not a pokerlab strategy file"),
    (["--blueprint", "{dir}/limit.npz"], "a limit strategy file, not a no-limit blueprint"),
])
def test_bad_input_is_one_line_and_status_2(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str], message: str) -> None:
    (tmp_path / "notes.txt").write_text("not a blueprint\n")
    write_small_strategy(tmp_path / "limit.npz")
    args = [a.replace("{dir}", str(tmp_path)) for a in argv]
    if "--blueprint" not in args:
        args += ["--blueprint", str(path)]
    assert run(app, ["nolimit", "ranges", *args]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert message.replace("{dir}", str(tmp_path)) in err, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err and captured.out == ""
