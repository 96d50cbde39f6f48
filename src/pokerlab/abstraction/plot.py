"""A picture of a card abstraction: the share of all (board, combo) pairs in each bucket, per round,
and for percentile rounds where the E[HS^2] boundaries fall."""

from __future__ import annotations

from pathlib import Path

from pokerlab.abstraction.buckets import CardAbstraction


def plot_abstraction(abstraction: CardAbstraction, path: str | Path) -> None:
    """Write the bucket sizes (top row) and the E[HS^2] boundaries (bottom row) to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    shares = abstraction.bucket_shares()
    summary = abstraction.summary()
    rounds = ("flop", "turn", "river")
    fig, axes = plt.subplots(2, 3, figsize=(12, 6.5))
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
        else:
            bottom.text(0.5, 0.5, "k-means buckets:\nno E[HS^2] boundaries", ha="center", va="center",
                        transform=bottom.transAxes)
            bottom.set_axis_off()
    fig.suptitle(f"card abstraction {abstraction.settings.key()}", fontsize=11)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
