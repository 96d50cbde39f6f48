"""The pictures' names are readable (issue 28): none on top of another, none floating away from
what it names, every interval named (the bluff on [0, a] was not), text at a readable size.

Each plot is drawn by its command; ``plt.close`` is caught so that the figure can be measured.
"""

from __future__ import annotations

import itertools

import matplotlib.pyplot as plt
import pytest
from matplotlib.text import Text
from typer.testing import CliRunner

from pokerlab.cli.main import app


@pytest.fixture
def figures(monkeypatch):
    caught = []
    close = plt.close
    monkeypatch.setattr(plt, "close", caught.append)
    yield caught
    for fig in caught:
        close(fig)


def _draw(figures, tmp_path, *args):
    result = CliRunner().invoke(app, [*args, "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 0, result.output
    (fig,) = figures
    fig.canvas.draw()
    return fig


def _boxes(fig, axes=None):
    renderer = fig.canvas.get_renderer()
    out = []
    for ax in axes or fig.axes:
        for t in ax.texts:
            if t.get_text().strip() and t.get_visible():
                # the name itself (an annotation's extent takes in its line too)
                out.append((t.get_text(), Text.get_window_extent(t, renderer)))
    return out


def _assert_apart(boxes):
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        overlap = min(ba.x1, bb.x1) - max(ba.x0, bb.x0), min(ba.y1, bb.y1) - max(ba.y0, bb.y0)
        assert min(overlap) <= 1.0, f"{a!r} and {b!r} overlap"


def test_two_round_names_every_interval_and_no_names_overlap(figures, tmp_path):
    from pokerlab.models import get
    from pokerlab.models.plot import number_lines

    fig = _draw(figures, tmp_path, "model", "two-round", "-p", "B=2", "-p", "R=2")
    lines_ax = fig.axes[0]
    boxes = _boxes(fig, [lines_ax])
    _assert_apart(boxes)
    names = [name for name, _ in boxes]
    wanted = [s["action"] for line in number_lines(get("two-round").run(["B=2", "R=2"]))
              for s in line["segments"]]
    assert "bet-fold (bluff)" in wanted
    for action in wanted:
        assert action in names, action  # each interval named, however narrow
    square = lines_ax.get_window_extent()
    for _, box in boxes:  # inside the axes: nothing floats in the margin
        assert square.x0 - 40 <= box.x0 and box.x1 <= square.x1 + 40


def test_game_three_threshold_names_sit_at_their_lines(figures, tmp_path):
    fig = _draw(figures, tmp_path, "solve", "patent-check-raise", "--pot", "3")
    square_ax = fig.axes[0]
    square = square_ax.get_window_extent()
    boxes = _boxes(fig)
    _assert_apart(boxes)
    right = [(n, b) for n, b in _boxes(fig, [square_ax]) if b.x0 > square.x1]
    top = [(n, b) for n, b in _boxes(fig, [square_ax]) if b.y0 > square.y1]
    assert {"C2RR", "rr2", "RR2", "b2"} <= {n for n, _ in right}
    for name, box in right:  # one column next to the square, not a second one in the margin
        assert box.x0 - square.x1 < 25, name
    for name, box in top:
        assert box.y0 - square.y1 < 25, name


def test_the_cube_picture_is_page_shaped_with_readable_text(figures, tmp_path):
    fig = _draw(figures, tmp_path, "solve", "patent-no-raise-3p", "--pot", "3", "--method", "numeric")
    width, height = fig.get_size_inches() * fig.dpi
    assert width / height < 2.2 and width <= 2000  # it was 2600 x 520
    boxes = _boxes(fig)
    _assert_apart(boxes)
    assert min(t.get_fontsize() for ax in fig.axes for t in ax.texts) >= 7
