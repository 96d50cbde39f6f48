"""The plots people read: every panel labelled, titles clear of the labels, curves from the
start (figures captured as the commands save them)."""

from __future__ import annotations

import contextlib
import io

import pytest
from matplotlib.figure import Figure

from pokerlab.cli.errors import run
from pokerlab.cli.main import app


@pytest.fixture
def saved(monkeypatch):
    """The figures the command saves, in order."""
    figures: list[Figure] = []
    original = Figure.savefig

    def keep(self, *args, **kwargs):
        figures.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    return figures


def _plot(tmp_path, *args: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert run(app, [*args, "--plot", str(tmp_path / "x.png")]) == 0


def test_game_3_title_clears_the_threshold_labels(tmp_path, saved):
    _plot(tmp_path, "solve", "patent-check-raise", "--pot", "1")
    fig = saved[0]
    square = fig.axes[0]
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    title = square.title.get_window_extent(renderer)
    labels = [t.get_window_extent(renderer) for t in square.texts]
    assert len(labels) >= 10
    assert not [b for b in labels if b.overlaps(title)]


def test_two_round_payoff_panels_are_labelled(tmp_path, saved):
    _plot(tmp_path, "model", "two-round")
    panels = saved[0].axes[1:]
    assert len(panels) == 3
    assert [ax.get_ylabel() for ax in panels] == ["payoff to I", "payoff to II", "payoff to II"]
    assert [ax.get_xlabel() for ax in panels] == ["I's hand", "II's hand", "II's hand"]


def test_endgame_bar_chart_has_its_axis_and_exact_values(tmp_path, saved):
    _plot(tmp_path, "model", "endgame")
    bars = saved[0].axes[0]
    assert bars.get_xlabel() == "probability"
    assert {t.get_text() for t in bars.texts} == {"1", "1/6", "1/2"}  # I bluffs 1/6, II calls 1/2


def test_freezeout_chip_curves_start_before_the_first_hand(tmp_path, saved):
    _plot(tmp_path, "experiment", "waterloo-phases", "--comparison", "trust", "--trials", "1",
          "--hands", "20")
    for ax in saved[0].axes:
        lines = ax.get_lines()
        assert lines and all(line.get_xdata()[0] == 0 for line in lines)
        assert len({float(line.get_ydata()[0]) for line in lines}) == 1  # everyone starts equal
