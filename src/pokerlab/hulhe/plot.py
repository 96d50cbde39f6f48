"""The abstract exploitability curve of a training run, as a picture (log-log)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pokerlab._plot import plot_file


def plot_curve(curve: Sequence[Sequence[float]], title: str, path: str | Path) -> Path:
    """Draw ``curve`` (``[iterations, seconds, mbb/g, mbb/g with perfect recall]`` per checkpoint)
    to ``path`` (PNG or SVG by suffix): exploitability in the abstract game against iterations,
    both axes logarithmic, against the best response with the bot's information and with
    perfect recall of the buckets."""
    path = Path(path)
    points = [(int(c[0]), float(c[2]), float(c[3])) for c in curve if c[0] > 0 and c[2] > 0]
    if not points:
        raise ValueError(f"--plot {path}: nothing to draw (no checkpoint measured yet)")
    with plot_file(path, (6, 4), dpi=100) as (_, ax):
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o",
                label="best response with the bot's information")
        ax.plot([p[0] for p in points], [p[2] for p in points], marker="s", linestyle="--",
                label="best response with perfect recall")
        ax.legend(loc="best", fontsize=8)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("iterations (per run)")
        ax.set_ylabel("abstract exploitability (mbb/g)")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
    return path
