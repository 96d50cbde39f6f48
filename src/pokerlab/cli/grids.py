"""The 13x13 class grid as a rich table (push/fold's grids, the blueprint's pre-flop ranges)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.table import Table


def frequency_cell(p: float) -> str:
    """A frequency in at most 3 characters: 1, .58, blank for 0.

    Examples
    --------
    >>> frequency_cell(0.999), frequency_cell(0.58), frequency_cell(0.001)
    ('1', '.58', '')
    """
    if p >= 0.995:
        return "1"
    if p < 0.005:
        return ""
    return f"{p:.2f}"[1:]


def class_table(title: str, values: Mapping[str, float], text: Callable[[float], str]) -> Table:
    """A value per class on the standard 13x13 grid, each written by ``text``, one space between
    columns (a cell of up to 5 characters keeps the grid within 80 columns)."""
    from pokerlab.cards.grid import GRID_RANKS, class_grid

    grid = class_grid(values)
    out = Table(title=title, box=None, padding=(0, 0, 0, 1), pad_edge=False)
    out.add_column("", style="bold", no_wrap=True)
    for rank in GRID_RANKS:
        out.add_column(rank, justify="right", no_wrap=True, min_width=3)
    for r in range(13):
        out.add_row(GRID_RANKS[r], *[text(float(v)) for v in grid[r]])
    return out
