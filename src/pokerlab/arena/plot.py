"""Bankroll curves of a match: each bot's cumulative winnings against hands played."""

from __future__ import annotations

from pathlib import Path

from pokerlab.arena.match import MatchResult


def plot_bankroll(result: MatchResult, path: str | Path) -> Path:
    """Draw the bankroll curves of ``result`` to ``path`` (PNG or SVG by suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    unit = result.config.game.unit
    fig, ax = plt.subplots(figsize=(8, 4.5))
    hands = range(1, len(result.bankroll) + 1)
    for k, r in enumerate(result.results):
        ax.plot(hands, result.bankroll[:, k], label=f"{r.bot} ({r.per_hand:+.3f} {unit}/hand)")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("hand")
    ax.set_ylabel("small bets won" if unit == "sb" else "milli-big-blinds won")
    kind = "duplicate " if result.config.duplicate else ""
    ax.set_title(f"{kind}{result.config.game.kind} match, seed {result.config.seed}")
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
