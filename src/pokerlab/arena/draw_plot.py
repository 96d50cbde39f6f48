"""The first round of five-card draw's class games as the patent draws it: each decision an
axis of the seat's hands, in order of value after the best draw, cut into segments of one
action by the dividing points (:func:`pokerlab.agents.draw.game.first_round_segments`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokerlab._plot import plot_file
from pokerlab.agents.draw.game import Segments

COLOURS = {"check": "#9ecae1", "bet": "#fd8d3c", "fold": "#d9d9d9", "call": "#74c476", "raise": "#de2d26"}


def plot_segments(decisions: Sequence[Segments], names: dict[tuple[str, ...], str], title: str,
                  path: str | Path) -> Path:
    """One horizontal bar per decision, its segments coloured by action, to ``path`` (PNG or
    SVG by suffix); ``names`` labels the decisions by history."""
    with plot_file(path, (9, 0.7 * len(decisions) + 1.6), dpi=100) as (_, ax):
        _draw_segments(decisions, names, title, ax)
    return Path(path)


def _draw_segments(decisions: Sequence[Segments], names: dict[tuple[str, ...], str], title: str,
                   ax: Any) -> None:
    seen: set[str] = set()
    for row, d in enumerate(decisions):
        y = len(decisions) - 1 - row
        for action, lo, hi in d.segments:
            ax.barh(y, hi - lo, left=lo, color=COLOURS.get(action, "grey"), edgecolor="white",
                    label=None if action in seen else action)
            seen.add(action)
    ax.set_yticks(range(len(decisions)))
    ax.set_yticklabels([names.get(d.history, " ".join(d.history)) for d in reversed(decisions)])
    ax.set_xlim(0, 1)
    ax.set_xlabel("the seat's hands reaching the decision, by value after the best draw")
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35), ncol=len(seen), frameon=False)
