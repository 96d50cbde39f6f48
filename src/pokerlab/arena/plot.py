"""Bankroll curves of a match (each bot's cumulative winnings against hands played) and, for a
tournament, each bot's mean with its 95% interval."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerlab._plot import figure_file, plot_file
from pokerlab.arena.match import MatchResult


def plot_bankroll(result: MatchResult, path: str | Path) -> Path:
    """Draw the bankroll curves of ``result`` to ``path`` (PNG or SVG by suffix)."""
    with plot_file(path, (8, 4.5), dpi=100) as (_, ax):
        _draw_bankroll(result, ax)
    return Path(path)


def _draw_bankroll(result: MatchResult, ax: Any) -> None:
    unit = result.config.game.unit
    hands = range(1, len(result.bankroll) + 1)
    for k, r in enumerate(result.results):
        ax.plot(hands, result.bankroll[:, k], label=f"{r.bot} ({r.per_hand:+.3f} {unit}/hand)")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("hand")
    ax.set_ylabel("small bets won" if unit == "sb" else "milli-big-blinds won")
    kind = "duplicate " if result.config.duplicate else ""
    ax.set_title(f"{kind}{result.config.game.kind} match, seed {result.config.seed}")
    ax.legend(loc="best")


def plot_tournament(result: MatchResult, labels: dict[str, str], title: str,
                    path: str | Path) -> Path:
    """Bankroll curves (left) and each bot's mean per hand with its 95% interval (right) of a
    tournament; ``labels`` names the bots as the source does."""
    with figure_file(path, (11, 4.5), dpi=100) as fig:
        _draw_tournament(result, labels, title, fig)
    return Path(path)


def _draw_tournament(result: MatchResult, labels: dict[str, str], title: str, fig: Any) -> None:
    unit = result.config.game.unit
    left, right = fig.subplots(1, 2, width_ratios=(3, 2))
    hands = range(1, len(result.bankroll) + 1)
    for k, r in enumerate(result.results):
        left.plot(hands, result.bankroll[:, k], label=labels.get(r.bot, r.bot))
    left.axhline(0, color="grey", linewidth=0.8)
    left.set_xlabel("hand")
    left.set_ylabel(f"{unit} won (mean of the copies)")
    left.legend(loc="best", fontsize=8)
    ordered = sorted(result.results, key=lambda r: r.per_hand)
    ys = range(len(ordered))
    means = [r.per_hand for r in ordered]
    errors = [[r.per_hand - r.ci95[0] for r in ordered], [r.ci95[1] - r.per_hand for r in ordered]]
    right.errorbar(means, ys, xerr=errors, fmt="o", capsize=4)
    right.axvline(0, color="grey", linewidth=0.8)
    right.set_yticks(list(ys), [labels.get(r.bot, r.bot) for r in ordered], fontsize=8)
    right.set_xlabel(f"{unit} per hand, 95% interval")
    fig.suptitle(f"{title}: {result.hands_stored} hands, seed {result.config.seed}")
    fig.tight_layout()
