"""Pictures of a solution: the unit square by outcome (FIG. 8, 13) and the action axes (FIG. 12);
for three players, slices of the unit cube at fixed hands of P1.

Left: P1's hand on the x axis, P2's on the y axis; each region of :func:`picture
<pokerlab.threshold.picture.picture>` is shaded by P1's payoff there, the threshold lines are
labelled on their axis. Right: every branch axis with its intervals of action sequences,
named inside the bar, or above it with a line to it where the interval is too narrow.
The format follows the file suffix (``.png`` or ``.svg``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerlab.threshold.picture import axis_rows, picture
from pokerlab.threshold.solve import Solution

BAR = 0.5  # height of a branch axis's bar, rows one apart


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
    _label_axes(axes_ax, drawing["axes"])  # measured against the bars where the layout put them
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
    """The bars of every branch axis, one row each; :func:`_label_axes` names them once the
    figure's layout is final (it measures the labels against the bars)."""
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


def _label_axes(ax: Any, rows: list[dict[str, Any]]) -> None:
    """Name each segment of :func:`_draw_axes`'s bars and each cut between them, no two names
    on top of each other: a name that fits inside its segment is written there; the others
    go in a lane above the bar, pushed apart as little as needed, each with a line to its
    segment; the cuts' names go below the bar, a tier lower where a neighbour's is in the way."""
    renderer = ax.figure.canvas.get_renderer()
    px = ax.bbox.width  # pixels per unit of hand strength (the axis runs 0..1)
    to_points = 72 / ax.figure.dpi
    gap = 10 / px  # between two names in a row, so each reads as one
    bottom, top = ax.get_ylim()
    unit = ax.bbox.height / (top - bottom) * to_points  # points per row
    below = 0.0  # points the cuts' names of the row above take under its bar

    def width(name: str) -> float:
        probe = ax.text(0, 0, name, fontsize=7)
        wide = probe.get_window_extent(renderer).width / px
        probe.remove()
        return wide

    for r, row in enumerate(rows):
        y = len(rows) - 1 - r
        above: list[tuple[float, float, str]] = []  # centre, width, name
        for segment in row["segments"]:
            lo, hi, name = segment["from"], segment["to"], segment["sequence"]
            wide = width(name)
            if wide + gap <= hi - lo:
                ax.text((lo + hi) / 2, y, name, ha="center", va="center", fontsize=7)
            else:
                above.append(((lo + hi) / 2, wide, name))
        lanes = 1  # more lanes only if one cannot hold every name (no built-in game needs two)
        while lanes < len(above) and any(sum(w + gap for _, w, _ in above[k::lanes]) > 1
                                         for k in range(lanes)):
            lanes += 1
        # the lanes climb as high as the room up to the row above allows: steeper lines
        room = (top - y - BAR / 2) * unit if r == 0 else (1 - BAR) * unit - below
        lift = min(24.0, max(6.0, room - 10 * (lanes - 1) - 11))  # 11: a name's height and a margin
        for lane in range(lanes):
            members = above[lane::lanes]
            places = _spread([c for c, _, _ in members], [w for _, w, _ in members], gap)
            for (centre, _, name), place in zip(members, places, strict=True):
                ax.annotate(
                    name,
                    (centre, y + BAR / 2),
                    xytext=((place - centre) * px * to_points, lift + 10 * lane),
                    textcoords="offset points",
                    ha="center",
                    va="bottom",
                    fontsize=7,
                    # the line leaves the name's foot, so it passes under the others in its lane
                    arrowprops={"arrowstyle": "-", "lw": 0.5, "shrinkA": 0, "shrinkB": 0, "relpos": (0.5, 0)},
                )
        ends: list[float] = []  # the right end of the last name in each tier
        for cut in row["cuts"]:
            value, half = cut["value"], width(cut["name"]) / 2
            tier = next((k for k, end in enumerate(ends) if end + gap <= value - half), len(ends))
            if tier == len(ends):
                ends.append(0.0)
            ends[tier] = value + half
            ax.annotate(
                cut["name"],
                (value, y - BAR / 2),
                xytext=(0, -3 - 8 * tier),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=7,
            )
        below = 3 + 8 * len(ends) + 2 if ends else 0.0


def _spread(centres: list[float], widths: list[float], gap: float) -> list[float]:
    """Centres for labels of ``widths`` wanted at ``centres`` (in order) on ``[0, 1]``: as
    close to them as they go without overlapping (``gap`` apart), in the same order.

    Overlapping neighbours merge into a block placed where its members want on average.

    Examples
    --------
    >>> [round(x, 3) for x in _spread([0.5, 0.51, 0.9], [0.1, 0.1, 0.1], 0.0)]
    [0.455, 0.555, 0.9]
    >>> [round(x, 3) for x in _spread([0.0, 0.01], [0.2, 0.2], 0.0)]
    [0.1, 0.3]
    """
    blocks: list[list[int]] = []  # [first, last + 1] of each block of labels set side by side
    lefts: list[float] = []

    def place(first: int, stop: int) -> float:
        offsets, at = [], 0.0
        for k in range(first, stop):
            offsets.append(at + widths[k] / 2)
            at += widths[k] + gap
        wanted = sum(centres[k] - o for k, o in zip(range(first, stop), offsets, strict=True)) / len(offsets)
        return min(max(wanted, 0.0), max(1.0 - (at - gap), 0.0))

    def right(b: int) -> float:
        first, stop = blocks[b]
        return lefts[b] + sum(widths[first:stop]) + gap * (stop - first - 1)

    for k in range(len(centres)):
        blocks.append([k, k + 1])
        lefts.append(place(k, k + 1))
        while len(blocks) > 1 and right(-2) + gap > lefts[-1]:
            first = blocks[-2][0]
            stop = blocks.pop()[1]
            lefts.pop()
            blocks[-1] = [first, stop]
            lefts[-1] = place(first, stop)
    out = []
    for (first, stop), left in zip(blocks, lefts, strict=True):
        for k in range(first, stop):
            out.append(left + widths[k] / 2)
            left += widths[k] + gap
    return out


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
        layout="constrained",  # the axes' row names clear the slices beside them
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
        pad=0.1,
        label="payoff to P1 in the box",
    )
    rows = axis_rows(model.structure, dict(zip(names, values, strict=True)))
    _draw_axes(axes[-1], rows)
    fig.suptitle(f"{report['game']}, P = {report['pot']}: slices of the cube by P1's payoff")
    fig.draw_without_rendering()  # the layout, fixed before the names are measured against it
    fig.set_layout_engine("none")
    _label_axes(axes[-1], rows)
    fig.savefig(path)
    plt.close(fig)
    return path
