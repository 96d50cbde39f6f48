"""Pictures of the blueprint's pre-flop ranges: a decision's 13x13 grids in one file."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from pokerlab.nolimit.ranges import PreflopRanges
from pokerlab.strength.preflop_plot import plot_panels
from pokerlab.strength.preflop_tables import table_from_classes


def plot_preflop_ranges(r: PreflopRanges, path: str | Path) -> Path:
    """The decision's grids into ``path`` (``.png`` or ``.svg``): the range reaching it (each
    class's reach; left out at a player's first decision, where it is 1 everywhere), then each
    action's frequency per class, titled with its share of all holdings."""
    where = f"{r.line or '(root)'}, {r.who}"
    tables = []
    if not np.all(r.reach == 1.0):
        tables.append((table_from_classes("reach", f"{where}: the range reaching it, {r.range_pct:.1f}% "
                                          "of holdings", r.reaches()), "reach"))
    for a, action in enumerate(r.actions):
        tables.append((table_from_classes(f"action-{a}", f"{where}: {action}, {r.action_pct[a]:.1f}% of "
                                          "holdings", r.frequencies(a)), "frequency"))
    return plot_panels(path, tables)
