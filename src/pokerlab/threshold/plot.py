"""Pictures of a solution: the unit square by outcome (FIG. 8, 13) and the action axes (FIG. 12);
for three players, slices of the unit cube at fixed hands of P1.

Left: P1's hand on the x axis, P2's on the y axis; each region of :func:`picture
<pokerlab.threshold.picture.picture>` is shaded by P1's payoff there, the threshold lines are
labelled on their axis. Right: every branch axis with its intervals of action sequences.
The format follows the file suffix (``.png`` or ``.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerlab.threshold.picture import axis_rows, picture
from pokerlab.threshold.solve import Solution


def plot_solution(solution: Solution, path: str | Path) -> Path:
    """Write the square and axes figure of a numeric ``solution`` to ``path`` (PNG or SVG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import colors
    from matplotlib.patches import Polygon

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"plot: file name must end in .png or .svg, got {path.name!r}")
    if solution.symbolic:
        raise ValueError("plot: needs numbers; give a pot (e.g. --pot 3)")
    drawing = picture(solution)
    extent = drawing["extent"]
    norm = colors.TwoSlopeNorm(vmin=-extent, vcenter=0.0, vmax=extent)
    cmap = plt.get_cmap("RdBu")

    fig, (ax, axes_ax) = plt.subplots(1, 2, figsize=(14, 7), gridspec_kw={"width_ratios": [1, 1.1]})
    for region in drawing["regions"]:
        ax.add_patch(Polygon(region["points"], color=cmap(norm(region["payoff"])), lw=0))
    ax.plot([0, 1], [0, 1], color="black", lw=0.8)
    last = {1: -1.0, 2: -1.0}
    tier = {1: 0, 2: 0}
    top = 0.0  # points the rotated labels above the square reach, so the title clears them
    for t in drawing["thresholds"]:
        value, player = t["value"], t["player"]
        # stagger the labels of thresholds that sit close together on one axis
        tier[player] = tier[player] + 1 if value - last[player] < 0.03 else 0
        last[player] = value
        step = 9 * (tier[player] % 3)
        if player == 1:
            top = max(top, 4 + step * 2 + 6.5 * len(t["name"]))
            ax.axvline(value, color="black", lw=0.6, ls="--")
            ax.annotate(
                t["name"],
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
                t["name"],
                (1.0, value),
                xytext=(4 + step * 3, 0),
                textcoords="offset points",
                ha="left",
                va="center",
                fontsize=8,
            )
    _unit_square(ax, "P1 hand strength", "P2 hand strength")
    ax.set_title(f"{drawing['game']}, P = {drawing['pot']}: P1's payoff by region", pad=top + 8)
    sm = plt.cm.ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(sm, ax=ax, fraction=0.046, pad=0.16, label="payoff to P1")

    _draw_axes(axes_ax, drawing["axes"])
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def _unit_square(ax: Any, xlabel: str, ylabel: str) -> None:
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)


def _draw_axes(ax: Any, rows: list[dict[str, Any]]) -> None:
    for r, row in enumerate(rows):
        y = len(rows) - 1 - r
        narrow_run = 0  # consecutive narrow segments climb in three tiers so their labels part
        for segment in row["segments"]:
            lo, hi = segment["from"], segment["to"]
            ax.barh(y, hi - lo, left=lo, height=0.5, color=segment["colour"], edgecolor="black", lw=0.5)
            narrow_run = narrow_run + 1 if hi - lo < 0.05 else 0
            lift = 0.1 * ((narrow_run - 1) % 3) if narrow_run else 0.0
            ax.text(
                (lo + hi) / 2,
                y + 0.3 + lift,
                segment["sequence"],
                ha="center",
                va="bottom",
                fontsize=7,
                rotation=35,
            )
        previous, tier_k = -1.0, 0
        for cut in row["cuts"]:
            tier_k = tier_k + 1 if cut["value"] - previous < 0.03 else 0
            previous = cut["value"]
            ax.annotate(
                cut["name"],
                (cut["value"], y - 0.25),
                xytext=(0, -3 - 8 * (tier_k % 3)),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=7,
            )
        ax.text(-0.02, y, row["label"], ha="right", va="center", fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.8, len(rows) + 0.2)
    ax.set_yticks([])
    ax.set_xlabel("hand strength")
    ax.set_title("action sequences on each axis (FIG. 12)")


def plot_many(conditions: Any, report: dict[str, Any], path: str | Path) -> Path:
    """Slices of the unit cube and every branch axis of a three-player solution (PNG or SVG).

    Each slice fixes P1's hand (at the middle of one of P1's intervals) and shades the square
    of P2's (x) and P3's (y) hands by P1's payoff in that box; the right panel shows each
    player's axes of action sequences.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import colors
    from matplotlib.patches import Rectangle

    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise ValueError(f"--plot: file name must end in .png or .svg, got {path.name!r}")
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
    cmap = plt.get_cmap("RdBu")
    fig, axes = plt.subplots(
        1,
        len(picks) + 1,
        figsize=(3.6 * len(picks) + 8, 5.2),
        gridspec_kw={"width_ratios": [1] * len(picks) + [2.2]},
    )
    for ax, x in zip(axes[:-1], picks, strict=True):
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
        _unit_square(ax, "P2 hand", "P3 hand")
        ax.set_title(f"P1 holds {x:.3f}", fontsize=9)
    fig.colorbar(
        plt.cm.ScalarMappable(norm=norm, cmap=cmap),
        ax=axes[:-1],
        orientation="horizontal",
        fraction=0.06,
        pad=0.2,
        label="payoff to P1 in the box",
    )
    _draw_axes(axes[-1], axis_rows(model.structure, dict(zip(names, values, strict=True))))
    fig.suptitle(f"{report['game']}, P = {report['pot']}: slices of the cube by P1's payoff")
    fig.savefig(path)
    plt.close(fig)
    return path
