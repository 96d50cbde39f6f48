"""Pictures of push/fold answers: 13x13 heat maps of push and call frequencies, and the chart."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pokerlab.cards import PREFLOP_CLASSES
from pokerlab.pushfold.chart import HeadsUpChart
from pokerlab.pushfold.solution import PushFoldSolution
from pokerlab.strength.preflop_plot import plot_panels
from pokerlab.strength.preflop_tables import PreflopTable, table_from_classes


def frequency_table(solution: PushFoldSolution, node: int, action: int = -1) -> PreflopTable:
    """One decision's frequency of ``action`` (default the last: push or call) per class, titled
    with its line and share."""
    n = solution.game.tree().nodes[node]
    title = f"{n.line}: {n.actions[action]} {100 * solution.share(node, action):.1f}% of hands"
    return table_from_classes(f"node-{node}-{action}", title, solution.frequency(node, action))


def plot_solution(solution: PushFoldSolution, nodes: Sequence[int], path: str | Path) -> Path:
    """Heat maps of the decisions ``nodes`` into ``path`` (``.png`` or ``.svg``)."""
    tree = solution.game.tree()
    tables = [(frequency_table(solution, k, a), "frequency") for k in nodes
              for a in range(1, len(tree.nodes[k].actions))]  # every action but the fold
    return plot_panels(path, tables)


def plot_chart(chart: HeadsUpChart, path: str | Path) -> Path:
    """The chart's two grids (largest pushing and calling stacks) into ``path``."""
    top = chart.stacks[-1]
    tables = [(table_from_classes(f"chart-{what}", f"Heads-up Nash {what}: largest stack (bb) "
                                  f"up to {top:g}", {c: values[c] for c in PREFLOP_CLASSES}), "big blinds")
              for what, values in (("push", chart.push), ("call", chart.call))]
    return plot_panels(path, tables)
