"""A picture of a discretised equilibrium on continuous hands: every decision's action
probabilities along the hand axis, one row a decision.

Each level is a column as wide as its hands (unequal after ``--refine``), split from bottom to
top in proportion to the actions' probabilities there, in one colour an action. Where the
player's own earlier actions bring less than 1% of a level's hands to the decision, the
column is left blank: what the strategy says there is never played. Bands where a column
holds two colours are where the player mixes (:func:`~pokerlab.threshold.refining.continuous.mixed_zones`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokerlab._plot import plot_file
from pokerlab.gamespec import BettingGame
from pokerlab.gamespec.plans import history_key
from pokerlab.threshold.refining.continuous import MIXING, DecisionRow, decision_rows, level_edges

COLOURS = {
    "pass": "#bdbdbd",
    "fold": "#e0e0e0",
    "call": "#4a90d9",
    "bet": "#f5a623",
    "raise": "#d0021b",
    "reraise": "#7b0010",
}
"""One colour an action (the game file's names), the same in every row."""


def plot_behaviour(
    game: BettingGame,
    strategy: Any,
    levels: int,
    path: str | Path,
    title: str = "",
    edges: Sequence[Fraction] | None = None,
) -> Path:
    """Write the rows of every reached decision of ``strategy`` (a discretised equilibrium of
    ``game`` at ``levels`` levels, between ``edges`` if unequal) to ``path`` (PNG or SVG)."""
    bounds = [float(e) for e in level_edges(levels, edges)]
    rows = [r for r in decision_rows(game, strategy, levels) if (r.reach >= MIXING).any()]
    with plot_file(path, (10, 0.42 * len(rows) + 1.6), dpi=100) as (_, ax):
        _draw_rows(ax, game, rows, bounds, levels, title)
    return Path(path)


def _draw_rows(ax: Any, game: BettingGame, rows: list[DecisionRow], bounds: list[float], levels: int,
               title: str) -> None:
    from matplotlib.patches import Patch

    bars: dict[str, list[list[float]]] = {}  # action -> x, width, bottom, height of each piece
    for y, row in enumerate(reversed(rows)):
        for k in range(levels):
            if row.reach[k] < MIXING:
                continue
            bottom = y - 0.4
            for action, share in row.shares.items():
                height = 0.8 * float(share[k])
                if height > 0:
                    piece = (bounds[k], bounds[k + 1] - bounds[k], bottom, height)
                    for column, value in zip(bars.setdefault(action, [[], [], [], []]), piece, strict=True):
                        column.append(value)
                    bottom += height
    for action, (x, width, bottom, height) in bars.items():
        colour = COLOURS.get(action, "#9b9b9b")
        ax.bar(x, height, width=width, bottom=bottom, align="edge", color=colour, linewidth=0)
    labels = [f"P{r.player} " + (f"after {history_key(r.after)}" if r.after else "opens") for r in rows]
    ax.set_yticks(range(len(rows)), labels[::-1], fontsize=8)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlim(0, 1)
    ax.set_xlabel("hand (strength, 0 to 1)")
    ax.legend(
        handles=[Patch(color=COLOURS.get(a, "#9b9b9b"), label=a) for a in COLOURS if a in bars],
        loc="upper center", bbox_to_anchor=(0.5, -0.6 / (0.42 * len(rows) + 1.6)), ncol=len(bars),
        frameon=False,
    )  # fmt: skip
    ax.set_title(title or f"{game.name}: each decision's actions by hand ({levels} levels)")
