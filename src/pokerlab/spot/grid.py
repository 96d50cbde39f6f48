"""The 13x13 strategy grid of one decision, drawn as PioSOLVER and GTO+ draw it (PNG or SVG).

AA is top left, pairs run down the diagonal, suited hands lie above it and offsuit hands
below (:func:`pokerlab.spot.classes.display_cell`). Each cell is a stacked bar: the actions'
frequencies side by side, left to right in the order of the actions, the bar as tall as the
share of the class's possible combos that reach the decision (a class half in the range
fills half its cell). Cells of classes that do not reach the decision stay grey.

Colours follow the solvers' habit: fold blue, check and call green, bets and raises from
orange to dark red as they grow, all-in darkest.

Examples
--------
>>> action_colours(["f", "c", "r20"])
['#5b9bd5', '#70ad47', '#c00000']
>>> action_colours(["x", "b33", "b75", "b200"])[1:]
['#f4b183', '#c00000', '#660000']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._plot import plot_file
from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.spot.classes import CELL_CLASS, ClassStrategy

FOLD_COLOUR = "#5b9bd5"
PASSIVE_COLOUR = "#70ad47"
AGGRESSIVE_COLOURS = ("#f4b183", "#e06666", "#c00000", "#990000", "#660000")
EMPTY_COLOUR = "#eeeeee"


def _kind(action: str) -> str:
    a = action.strip().lower()
    if a in ("f", "fold") or a.startswith("fold"):
        return "fold"
    if a in ("x", "c", "check", "call") or a.startswith(("check", "call")):
        return "passive"
    return "aggressive"


def action_colours(actions: Sequence[str]) -> list[str]:
    """One colour per action: fold blue, check/call green, bets and raises warm, growing darker.

    Bets and raises take the palette's darker end as their number grows; a single one is red.
    """
    aggressive = [i for i, a in enumerate(actions) if _kind(a) == "aggressive"]
    palette = AGGRESSIVE_COLOURS
    n = len(aggressive)
    last = len(palette) - 1
    picks = [palette[2]] if n == 1 else [palette[round(k * last / max(n - 1, 1))] for k in range(n)]
    out = []
    for i, a in enumerate(actions):
        kind = _kind(a)
        if kind == "fold":
            out.append(FOLD_COLOUR)
        elif kind == "passive":
            out.append(PASSIVE_COLOUR)
        else:
            out.append(picks[aggressive.index(i)])
    return out


def cell_bars(table: ClassStrategy) -> list[dict]:
    """The drawing as data: for each of the 169 cells, its class, place, height and bars.

    Each entry is ``{"class", "row", "col", "height", "bars": [(x0, width, action), ...]}``
    with ``x0`` and ``width`` in fractions of the cell (the bars of a reaching class fill it
    from 0 to 1); ``height`` is the reaching combos over the possible ones (0 when none reach).
    """
    freq, weight = table.grid()
    out = []
    for r in range(13):
        for c in range(13):
            i = int(CELL_CLASS[r, c])
            possible = table.available[i]
            height = float(min(1.0, weight[r, c] / possible)) if possible > 0 else 0.0
            bars = []
            if weight[r, c] > 0:
                x = 0.0
                for a, f in enumerate(freq[r, c]):
                    if f > 0:
                        bars.append((x, float(f), table.actions[a]))
                        x += float(f)
            out.append({"class": PREFLOP_CLASSES[i], "row": r, "col": c, "height": height, "bars": bars})
    return out


def plot_grid(table: ClassStrategy, path: str | Path, title: str) -> Path:
    """Draw ``table`` as a 13x13 grid of stacked bars into ``path`` (``.png`` or ``.svg``).

    Raises
    ------
    ValueError
        If the suffix is neither ``.png`` nor ``.svg``.
    """
    with plot_file(path, (9, 9.6)) as (_, ax):
        _draw_grid(table, ax, title)
    return Path(path)


def _draw_grid(table: ClassStrategy, ax: Any, title: str) -> None:
    from matplotlib.patches import Patch, Rectangle

    colours = dict(zip(table.actions, action_colours(table.actions), strict=True))
    for cell in cell_bars(table):
        r, c = cell["row"], cell["col"]
        x0, y_top = c, r  # row 0 at the top (the y axis is inverted below)
        ax.add_patch(Rectangle((x0, y_top), 1, 1, facecolor=EMPTY_COLOUR, edgecolor="white", lw=1))
        h = cell["height"]
        for bx, bw, action in cell["bars"]:
            ax.add_patch(Rectangle((x0 + bx, y_top + 1 - h), bw, h, facecolor=colours[action], lw=0))
        ax.add_patch(Rectangle((x0, y_top), 1, 1, fill=False, edgecolor="white", lw=1))
        ax.text(x0 + 0.5, y_top + 0.5, cell["class"], ha="center", va="center", fontsize=8,
                color="black" if cell["bars"] else "#999999", fontweight="bold")  # fmt: skip
    ax.set_xlim(0, 13)
    ax.set_ylim(13, 0)
    ax.set_aspect("equal")
    ax.axis("off")
    total = table.total() if (table.weight > 0).any() else np.zeros(len(table.actions))
    shares = zip(table.actions, total, strict=True)
    handles = [Patch(facecolor=colours[a], label=f"{a}  {100 * t:.1f}%") for a, t in shares]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=min(len(handles), 5),
              frameon=False, fontsize=10, title="action  (share of the range at this decision)")  # fmt: skip
    ax.set_title(title, fontsize=11)
