"""Heat map of a pre-flop table on the papers' 13x13 grid (PNG or SVG by file suffix).

Rows and columns run 2..A as in the Waterloo tables: pairs on the diagonal, suited hands
below it, offsuit hands above it. Each cell shows its class name and value (a class without
a value, NaN, is left blank).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pokerlab.cards import RANKS
from pokerlab.strength.preflop_tables import PreflopTable, class_at


def plot_table(table: PreflopTable, path: str | Path, title: str | None = None) -> Path:
    """Draw ``table`` as a heat map into ``path`` (``.png`` or ``.svg``) and return the path.

    Raises
    ------
    ValueError
        If the suffix is neither ``.png`` nor ``.svg``.
    """
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"plot file {str(path)!r}: the name must end in .png or .svg")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    grid = np.asarray(table.grid)
    fig, ax = plt.subplots(figsize=(9, 8))
    image = ax.imshow(grid, cmap="viridis")
    ax.set_xticks(range(13), list(RANKS))
    ax.set_yticks(range(13), list(RANKS))
    ax.set_xlabel("column rank (upper triangle: offsuit)")
    ax.set_ylabel("row rank (lower triangle: suited)")
    lo, hi = float(np.nanmin(grid)), float(np.nanmax(grid))
    mid = (lo + hi) / 2
    for r in range(13):
        for c in range(13):
            value = grid[r, c]
            colour = "black" if value > mid or value != value else "white"
            ax.text(
                c,
                r,
                class_at(r, c) if value != value else f"{class_at(r, c)}\n{value:.3g}",
                ha="center",
                va="center",
                fontsize=6,
                color=colour,
            )
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    ax.set_title(title or table.title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
