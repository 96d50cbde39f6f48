"""Pictures of a solution: the unit square by outcome (FIG. 8, 13) and the action axes (FIG. 12).

Left: P1's hand on the x axis, P2's on the y axis; each cell between thresholds is shaded by
P1's payoff there (the diagonal cells split into the two triangles), the threshold lines are
labelled on their axis. Right: every branch axis with its intervals of action sequences.
The format follows the file suffix (``.png`` or ``.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerlab.threshold.solve import Solution


def plot_solution(solution: Solution, path: str | Path) -> Path:
    """Write the square and axes figure of a numeric ``solution`` to ``path`` (PNG or SVG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import colors
    from matplotlib.patches import Polygon, Rectangle

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"plot: file name must end in .png or .svg, got {path.name!r}")
    if solution.symbolic:
        raise ValueError("plot: needs numbers; give a pot (e.g. --pot 3)")
    model = solution.model
    K = model.domain
    names = solution.names
    values = [float(solution.exact[n]) for n in names]
    edges = [0.0, *values, 1.0]
    n = len(names)
    payoffs: dict[tuple[int, int], tuple[float, float]] = {}
    for (i, j), (win, lose) in model.cells.items():
        payoffs[(i, j)] = (float(K.to_sympy(win)), float(K.to_sympy(lose)))
    extent = max(max(abs(w), abs(lo)) for w, lo in payoffs.values()) or 1.0
    norm = colors.TwoSlopeNorm(vmin=-extent, vcenter=0.0, vmax=extent)
    cmap = plt.get_cmap("RdBu")

    fig, (ax, axes_ax) = plt.subplots(1, 2, figsize=(14, 7), gridspec_kw={"width_ratios": [1, 1.1]})
    for i in range(n + 1):
        x0, x1 = edges[i], edges[i + 1]
        for j in range(n + 1):
            y0, y1 = edges[j], edges[j + 1]
            win, lose = payoffs[(i, j)]
            if i > j:
                ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, color=cmap(norm(win)), lw=0))
            elif i < j:
                ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, color=cmap(norm(lose)), lw=0))
            else:
                ax.add_patch(Polygon([(x0, y0), (x1, y0), (x1, y1)], color=cmap(norm(win)), lw=0))
                ax.add_patch(Polygon([(x0, y0), (x0, y1), (x1, y1)], color=cmap(norm(lose)), lw=0))
    ax.plot([0, 1], [0, 1], color="black", lw=0.8)
    last = {1: -1.0, 2: -1.0}
    tier = {1: 0, 2: 0}
    for t, value in zip(solution.structure.thresholds, values, strict=True):
        # stagger the labels of thresholds that sit close together on one axis
        tier[t.player] = tier[t.player] + 1 if value - last[t.player] < 0.03 else 0
        last[t.player] = value
        step = 9 * (tier[t.player] % 3)
        if t.player == 1:
            ax.axvline(value, color="black", lw=0.6, ls="--")
            ax.annotate(
                t.name,
                (value, 1.0),
                xytext=(0, 4 + step * 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=8,
                rotation=90,
            )
        else:
            ax.axhline(value, color="black", lw=0.6, ls=":")
            ax.annotate(
                t.name,
                (1.0, value),
                xytext=(4 + step * 3, 0),
                textcoords="offset points",
                ha="left",
                va="center",
                fontsize=8,
            )
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("P1 hand strength")
    ax.set_ylabel("P2 hand strength")
    pot = solution.game.pot
    ax.set_title(f"{solution.game.name}, P = {pot}: P1's payoff by region", pad=48)
    sm = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(sm, ax=ax, fraction=0.046, pad=0.16, label="payoff to P1")

    _draw_axes(axes_ax, solution, values)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def _draw_axes(ax: Any, solution: Solution, values: list[float]) -> None:
    structure = solution.structure
    value_of = dict(zip(solution.names, values, strict=True))
    palette = ["#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5"]
    rows = list(structure.axes)
    for r, branch in enumerate(rows):
        y = len(rows) - 1 - r
        names = [t.name for t in structure.thresholds if t.branch == branch]
        cuts = [0.0, *(value_of[nm] for nm in names), 1.0]
        plans = structure.axes[branch]
        colour_of: dict[str, str] = {}
        for k, plan in enumerate(plans):
            colour = colour_of.setdefault(plan.label, palette[len(colour_of) % len(palette)])
            ax.barh(
                y, cuts[k + 1] - cuts[k], left=cuts[k], height=0.5, color=colour, edgecolor="black", lw=0.5
            )
            mid = (cuts[k] + cuts[k + 1]) / 2
            lift = 0.12 * (k % 2) if cuts[k + 1] - cuts[k] < 0.05 else 0.0
            ax.text(mid, y + 0.3 + lift, plan.label, ha="center", va="bottom", fontsize=7, rotation=35)
        previous, tier_k = -1.0, 0
        for nm in names:
            tier_k = tier_k + 1 if value_of[nm] - previous < 0.03 else 0
            previous = value_of[nm]
            ax.annotate(
                nm,
                (value_of[nm], y - 0.25),
                xytext=(0, -3 - 8 * (tier_k % 3)),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=7,
            )
        label = f"P{branch.player}" + (f" after {branch.key}" if branch.key else "")
        ax.text(-0.02, y, label, ha="right", va="center", fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.8, len(rows) + 0.2)
    ax.set_yticks([])
    ax.set_xlabel("hand strength")
    ax.set_title("action sequences on each axis (FIG. 12)")
