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


@pytest.mark.parametrize(
    ("game", "crowded"),
    [
        # game 3: five narrow segments meet on P1's axis near 0.07 and 0.89
        (("patent-check-raise",), {"pass-raise-fold", "bet-reraise", "pass-raise-call", "kr1", "C1RR"}),
        (("patent-raise",), {"bet-reraise", "raise-fold", "rr1", "C2RR"}),
        (("patent-no-raise-3p", "--method", "numeric"), {"bet", "s1", "S1"}),  # the cube's plot
    ],
)
def test_the_names_on_the_branch_axes_do_not_overlap(tmp_path, saved, game, crowded):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.path import Path
    from matplotlib.text import Annotation, Text

    _plot(tmp_path, "solve", *game, "--pot", "3")
    fig = saved[0]
    ax = next(a for a in fig.axes if a.get_title().startswith("action sequences"))
    renderer = FigureCanvasAgg(fig).get_renderer()
    names = [t.get_text() for t in ax.texts]
    assert crowded <= set(names) and len(names) > len(ax.patches)  # every segment and cut named
    boxes = [Text.get_window_extent(t, renderer) for t in ax.texts]  # the words, not the lines
    touching = [(names[i], names[j]) for i in range(len(boxes)) for j in range(i)
                if boxes[i].overlaps(boxes[j])]
    assert touching == []
    left, right = ax.bbox.x0, ax.bbox.x1
    assert all(left - 1 <= b.x0 and b.x1 <= right + 1 for b in boxes)
    for k, text in enumerate(ax.texts):  # a name moved aside has a line to its segment
        if isinstance(text, Annotation) and text.arrow_patch is not None:
            foot = ((boxes[k].x0 + boxes[k].x1) / 2, boxes[k].y0 - 0.5)
            line = Path([foot, ax.transData.transform(text.xy)])
            crossed = [names[j] for j, b in enumerate(boxes) if j != k and line.intersects_bbox(b)]
            assert crossed == [], names[k]


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
