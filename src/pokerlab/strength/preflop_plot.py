"""Heat map of a pre-flop table on the standard 13x13 grid (PNG or SVG by file suffix).

The layout is :mod:`pokerlab.cards.grid`'s, as PokerStove and Equilab draw it: AA top left,
pairs on the diagonal, suited hands above it, offsuit below. Each cell shows its class name
and value in a size that reads at print scale, in black or white by the cell's brightness; a
class without a value (NaN) is left light grey. The colour bar is labelled with what the
values are, and the title says what was computed (for an equity grid: the hand and the range).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._plot import figure_file, plot_file
from pokerlab.cards.grid import GRID_CLASSES, GRID_RANKS, ORIENTATION, class_grid
from pokerlab.strength.preflop_tables import PreflopTable


def _cell_text(value: float, whole: bool) -> str:
    if value != value:
        return ""
    if whole:  # Loki's tables: income rate x 1000
        return f"{value:.0f}"
    return f"{value:.3f}".replace("0.", ".", 1) if abs(value) < 1 else f"{value:.2f}"


def plot_table(table: PreflopTable, path: str | Path, title: str | None = None,
               label: str | None = None) -> Path:
    """Draw ``table`` as a heat map into ``path`` (``.png`` or ``.svg``) and return the path.

    ``title`` defaults to the table's title, ``label`` (the colour bar's) to the part of the
    title that says what the values are.

    Raises
    ------
    ValueError
        If the suffix is neither ``.png`` nor ``.svg``.
    """
    with plot_file(path, (10, 9)) as (fig, ax):
        draw_table(table, fig, ax, title, label)
    return Path(path)


def plot_panels(path: str | Path, tables: Sequence[tuple[PreflopTable, str]]) -> Path:
    """Several grids in one picture, two to a row: each ``(table, colour bar label)`` drawn by
    :func:`draw_table` under its own title, into ``path`` (``.png`` or ``.svg``)."""
    cols = min(2, len(tables))
    rows = math.ceil(len(tables) / cols)
    with figure_file(path, (9 * cols, 8 * rows)) as fig:
        axes = fig.subplots(rows, cols, squeeze=False)
        for ax, (table, label) in zip(axes.ravel(), tables, strict=False):
            draw_table(table, fig, ax, None, label)
        for ax in axes.ravel()[len(tables):]:
            ax.set_visible(False)
        fig.tight_layout()
    return Path(path)


def draw_table(table: PreflopTable, fig: Any, ax: Any, title: str | None, label: str | None) -> None:
    import matplotlib

    grid = class_grid(table.by_class())
    cmap = matplotlib.colormaps["viridis"].with_extremes(bad="#eeeeee")  # classes with no value
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap)
    ax.set_xticks(range(13), list(GRID_RANKS))
    ax.set_yticks(range(13), list(GRID_RANKS))
    ax.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False, length=0)
    ax.set_xlabel(ORIENTATION, fontsize=10)
    norm = image.norm
    finite = grid[np.isfinite(grid)]
    whole = bool(len(finite)) and bool((finite == finite.round()).all())
    for r in range(13):
        for c in range(13):
            value = grid[r, c]
            bright = value != value or cmap(norm(value))[:3] @ np.array([0.299, 0.587, 0.114]) > 0.5
            text = GRID_CLASSES[r][c] + ("" if value != value else "\n" + _cell_text(value, whole))
            ax.text(c, r, text, ha="center", va="center", fontsize=8,
                    color="black" if bright else "white")
    bar = fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label(label or _value_label(table.title), fontsize=11)
    ax.set_title("\n".join(textwrap.wrap(title or table.title, 90)), fontsize=12, pad=12)  # long ranges


def _value_label(title: str) -> str:
    """What the values are, from a title such as ``"Loki IR7: income rate x 1000, 7 hands"``."""
    head, _, rest = title.partition(":")
    return (rest or head).split(",")[0].strip() or "value"
