"""``pokerlab abstraction build|show``: JSON, an 80-column table, the plot, bad input, Ctrl-C."""

from __future__ import annotations

import json

import pytest

from pokerlab.abstraction import AbstractionSettings, build
from pokerlab.abstraction import buckets as ca
from pokerlab.cli import common
from pokerlab.cli.errors import run
from pokerlab.cli.main import app

SMALL = ["--flop", "4", "--turn", "5", "--river", "6"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A cache folder holding a (sampled, hence quick) abstraction for the settings ``SMALL``."""
    folder = tmp_path_factory.mktemp("cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("POKERLAB_CACHE_DIR", str(folder))
    small = build(AbstractionSettings(4, 5, 6), turn_sample=97, flop_sample=176)
    small.build_seconds = 12.5
    ca._write_cache(small)
    yield folder
    mp.undo()


def test_show_json_and_plot(cache, tmp_path, capsys):
    plot = tmp_path / "buckets.png"
    assert run(app, ["abstraction", "show", *SMALL, "--json", "--plot", str(plot)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["key"] == "ehs2-f4-t5-r6-v1" and out["bucket_counts"] == [169, 4, 5, 6]
    assert out["build_seconds"] == 12.5 and out["bytes_on_disk"] > 20_000_000  # int8 tables
    assert len(out["rounds"]["river"]["boundaries_ehs2"]) == 5
    assert 0.15 < out["rounds"]["river"]["smallest_share"] <= out["rounds"]["river"]["largest_share"] < 0.19
    assert "largest_share" not in out["rounds"]["turn"]  # a sampled build: the tables are not full
    assert plot.stat().st_size > 10_000


def test_build_finds_the_cache_and_prints_80_columns(cache, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert run(app, ["abstraction", "build", *SMALL]) == 0
    out = capsys.readouterr().out
    assert "(cached)" in out and "12.5 s" in out and "MiB on disk" in out
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("args,message", [
    (["build", "--flop", "0"], "--flop 0: bucket counts must be 1..1000"),
    (["build", "--river", "100000"], "--river 100000: bucket counts must be 1..1000"),
    (["show", "--kind", "emd"], "--kind 'emd': unknown kind"),
    (["show", "--turn", "3"], "not built yet; run pokerlab abstraction build"),
    (["show", *SMALL, "--plot", "x.txt"], "--plot x.txt: use a file name ending in .png or .svg"),
])
def test_bad_input_is_one_line(cache, args, message, capsys):
    assert run(app, ["abstraction", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


def test_ctrl_c_stops_the_build_and_keeps_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("POKERLAB_CACHE_DIR", str(tmp_path))

    def interrupt(self, n=1):
        raise KeyboardInterrupt

    monkeypatch.setattr(common.Advance, "__call__", interrupt)
    assert run(app, ["abstraction", "build", "--flop", "3", "--no-progress"]) == 130
    err = capsys.readouterr().err
    assert err.startswith("interrupted: ") and err.count("\n") == 1 and "nothing is kept" in err
    assert not list(tmp_path.rglob("*.npz*"))
