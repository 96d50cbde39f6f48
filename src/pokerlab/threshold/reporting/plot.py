"""Pictures of a solution: the unit square by outcome (FIG. 8, 13) and the action axes (FIG. 12);
for three players, slices of the unit cube at fixed hands of P1.

Left: P1's hand on the x axis, P2's on the y axis; each region of :func:`picture
<pokerlab.threshold.reporting.picture.picture>` is shaded by P1's payoff there, the threshold lines are
labelled on their axis. Right: every branch axis with its intervals of action sequences,
named inside the bar, or above it with a line to it where the interval is too narrow.
The format follows the file suffix (``.png`` or ``.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerlab._plot import figure_file
from pokerlab.bar_labels import BAR, label_bars, spread
from pokerlab.threshold.reporting.picture import axis_rows, picture
from pokerlab.threshold.solving.solve import Solution


def plot_solution(solution: Solution, path: str | Path) -> Path:
    """Write the square and axes figure of a numeric ``solution`` to ``path`` (PNG or SVG)."""
    if solution.symbolic:
        raise ValueError("plot: needs numbers; give a pot (e.g. --pot 3)")
    with figure_file(path, (14, 7), dpi=100) as fig:
        _draw_solution(solution, fig)
    return Path(path)


def _draw_solution(solution: Solution, fig: Any) -> None:
    import matplotlib.pyplot as plt
    from matplotlib import colors
    from matplotlib.patches import Polygon

    drawing = picture(solution)
    extent = drawing["extent"]
    norm = colors.TwoSlopeNorm(vmin=-extent, vcenter=0.0, vmax=extent)
    cmap = plt.get_cmap("RdBu")

    ax, axes_ax = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.1]})
    for region in drawing["regions"]:
        ax.add_patch(Polygon(region["points"], color=cmap(norm(region["payoff"])), lw=0))
    ax.plot([0, 1], [0, 1], color="black", lw=0.8)
    for t in drawing["thresholds"]:
        if t["player"] == 1:
            ax.axvline(t["value"], color="black", lw=0.6, ls="--")
        else:
            ax.axhline(t["value"], color="black", lw=0.6, ls=":")
    # the rotated names above the square: the title clears the longest
    top = 14 + 6.5 * max((len(t["name"]) for t in drawing["thresholds"] if t["player"] == 1), default=0)
    _unit_square(ax, "P1 hand strength", "P2 hand strength")
    ax.set_title(f"{drawing['game']}, P = {drawing['pot']}: P1's payoff by region", pad=top + 8)
    sm = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(sm, ax=ax, fraction=0.046, pad=0.12, label="payoff to P1")

    _draw_axes(axes_ax, drawing["axes"])
    fig.tight_layout()
    _label_thresholds(ax, drawing["thresholds"])  # measured where the layout put the square
    label_bars(axes_ax, drawing["axes"])  # measured against the bars where the layout put them


def _label_thresholds(ax: Any, thresholds: list[dict[str, Any]], fontsize: float = 8) -> None:
    """Name each dividing point at its line: P1's above the square (written upwards), P2's
    right of it, in one row each, pushed apart as little as needed (:func:`spread`) and tied
    to their lines, so close points keep readable names and none strays from its line."""
    to_points = 72 / ax.figure.dpi
    height = fontsize * 1.25 / to_points  # a name's height in pixels, with a little air
    for player, size, at in ((1, ax.bbox.width, "x"), (2, ax.bbox.height, "y")):
        mine = sorted((t for t in thresholds if t["player"] == player), key=lambda t: t["value"])
        if not mine:
            continue
        places = spread([t["value"] for t in mine], [height / size] * len(mine), 0.0)
        for t, place in zip(mine, places, strict=True):
            shift = (place - t["value"]) * size * to_points
            if at == "x":
                where, offset, align = (t["value"], 1.0), (shift, 12), {"ha": "center", "va": "bottom"}
            else:
                where, offset, align = (1.0, t["value"]), (12, shift), {"ha": "left", "va": "center"}
            ax.annotate(t["name"], where, xytext=offset, textcoords="offset points", fontsize=fontsize,
                        rotation=90 if at == "x" else 0, annotation_clip=False,
                        arrowprops={"arrowstyle": "-", "lw": 0.4, "shrinkA": 0, "shrinkB": 0},
                        **align)


def _unit_square(ax: Any, xlabel: str, ylabel: str) -> None:
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def _draw_axes(ax: Any, rows: list[dict[str, Any]]) -> None:
    """The bars of every branch axis, one row each; :func:`~pokerlab.bar_labels.label_bars`
    names them once the figure's layout is final (it measures the labels against the bars)."""
    for r, row in enumerate(rows):
        y = len(rows) - 1 - r
        for segment in row["segments"]:
            lo, hi = segment["from"], segment["to"]
            ax.barh(y, hi - lo, left=lo, height=BAR, color=segment["colour"], edgecolor="black", lw=0.5)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.7, len(rows) - 0.2)  # room for the cuts' names below and the lanes above
    ax.set_yticks(range(len(rows) - 1, -1, -1), [row["label"] for row in rows], fontsize=9)
    ax.tick_params(axis="y", length=0)
    ax.set_xlabel("hand strength")
    ax.set_title("action sequences on each axis (FIG. 12)")


def plot_many(conditions: Any, report: dict[str, Any], path: str | Path) -> Path:
    """Slices of the unit cube and every branch axis of a three-player solution (PNG or SVG).

    Each slice fixes P1's hand (at the middle of one of P1's intervals) and shades the square
    of P2's (x) and P3's (y) hands by P1's payoff in that box; the right panel shows each
    player's axes of action sequences.
    """
    import matplotlib
    from matplotlib import colors
    from matplotlib.patches import Rectangle

    model = conditions.model
    if model.players != 3 or not conditions.solutions:
        raise ValueError("--plot: draws one solution of a three-player game")
    point = conditions.solutions[0]
    names = model.names
    values = [float(point.values[n]) for n in names]
    edges = [0.0, *values, 1.0]
    own = [k for k, t in enumerate(model.structure.thresholds) if t.player == 1]
    cuts = [0.0, *(values[k] for k in own), 1.0]
    picks = [(cuts[k] + cuts[k + 1]) / 2 for k in range(len(cuts) - 1)]
    K = model.domain
    payoff = {box: float(K.to_sympy(o.payoffs[0])) for box, o in model.boxes.items()}
    extent = max(abs(v) for v in payoff.values()) or 1.0
    norm = colors.TwoSlopeNorm(vmin=-extent, vcenter=0.0, vmax=extent)
    cmap = matplotlib.colormaps["RdBu"]
    rows = axis_rows(model.structure, dict(zip(names, values, strict=True)))
    # the slices in a row, the axes of action sequences under them across the whole width:
    # a page-shaped figure whose text reads at its own size (one row of both was 2600x520)
    figsize = (max(3.1 * len(picks), 11.0), 3.6 + 1.1 * len(rows))
    with figure_file(path, figsize, dpi=100, layout="constrained") as fig:
        grid = fig.add_gridspec(2, len(picks), height_ratios=(3.0, 0.45 + 0.75 * len(rows)))
        slices = [fig.add_subplot(grid[0, k]) for k in range(len(picks))]
        bars_ax = fig.add_subplot(grid[1, :])
        for ax, x in zip(slices, picks, strict=True):
            i = next(k for k in range(len(edges) - 1) if edges[k] <= x <= edges[k + 1])
            for j in range(len(edges) - 1):
                for k in range(len(edges) - 1):
                    ax.add_patch(
                        Rectangle(
                            (edges[j], edges[k]),
                            edges[j + 1] - edges[j],
                            edges[k + 1] - edges[k],
                            color=cmap(norm(payoff[(i, j, k)])),
                            lw=0,
                        )
                    )
            for t, v in zip(model.structure.thresholds, values, strict=True):
                if t.player == 2:
                    ax.axvline(v, color="black", lw=0.5, ls="--")
                elif t.player == 3:
                    ax.axhline(v, color="black", lw=0.5, ls=":")
            _unit_square(ax, "P2 hand", "P3 hand" if ax is slices[0] else "")
            ax.set_title(f"P1 holds {x:.3f}", fontsize=10)
        fig.colorbar(
            matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap),
            ax=slices,
            orientation="vertical",
            fraction=0.03,
            label="payoff to P1 in the box",
        )
        _draw_axes(bars_ax, rows)
        fig.suptitle(f"{report['game']}, P = {report['pot']}: slices of the cube by P1's payoff")
        fig.draw_without_rendering()  # the layout, fixed before the names are measured against it
        fig.set_layout_engine("none")
        label_bars(bars_ax, rows, fontsize=8)
    return Path(path)
