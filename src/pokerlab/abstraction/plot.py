"""A picture of a card abstraction: the share of all (board, combo) pairs in each bucket, per round,
and for percentile rounds where the E[HS^2] boundaries fall."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pokerlab._plot import figure_file
from pokerlab.abstraction.buckets import CardAbstraction


def plot_abstraction(abstraction: CardAbstraction, path: str | Path) -> None:
    """Write the bucket sizes (top row) and, below, the E[HS^2] boundaries of percentile rounds or
    the mean next-round strength of each k-means centre (river HS for the turn, turn E[HS^2] for
    the flop) to ``path``."""
    shares = abstraction.bucket_shares()
    summary = abstraction.summary()
    rounds = ("flop", "turn", "river")
    with figure_file(path, (12, 6.5), dpi=100) as fig:
        axes = fig.subplots(2, 3)
        for col, name in enumerate(rounds):
            top, bottom = axes[0, col], axes[1, col]
            if name in shares:
                s = shares[name]
                top.bar(range(len(s)), 100 * s, color="#4472c4", width=1.0)
                top.axhline(100 / len(s), color="#c00000", lw=0.8, ls="--", label="equal shares")
                top.legend(fontsize=7)
            top.set_title(f"{name}: {getattr(abstraction.settings, name)} buckets", fontsize=10)
            top.set_xlabel("bucket")
            top.set_ylabel("% of (board, combo) pairs")
            entry = summary["rounds"][name]  # type: ignore[index]
            bounds = entry.get("boundaries_ehs2")
            if bounds:
                bottom.plot(range(1, len(bounds) + 1), bounds, "o-", ms=3, color="#404040")
                bottom.set_xlabel("boundary (bucket b starts at boundary b)")
                bottom.set_ylabel("E[HS^2]")
                bottom.set_ylim(0, 1)
            else:  # k-means: each centre's mean next-round strength (bin midpoints under its histogram)
                cdf = abstraction.parameters()[f"{name}_centroids"]
                pdf = np.diff(cdf, axis=1, prepend=0.0)
                mids = (np.arange(cdf.shape[1]) + 0.5) / cdf.shape[1]
                bottom.plot(range(len(cdf)), pdf @ mids, "o-", ms=3, color="#404040")
                bottom.set_xlabel("bucket (k-means centre)")
                bottom.set_ylabel("mean river HS" if name == "turn" else "mean turn E[HS^2]")
                bottom.set_ylim(0, 1)
        fig.suptitle(f"card abstraction {abstraction.settings.key()}", fontsize=11)
        fig.tight_layout()
