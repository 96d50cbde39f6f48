"""Names on bars along a [0, 1] axis, none on top of another: the patent's FIG. 12 axes of
action sequences and the papers' number lines of the classic models draw them this way.

A row is ``{"segments": [{"from", "to", "sequence"}], "cuts": [{"value", "name"}]}``, drawn
as a horizontal bar of height :data:`BAR` at ``y = len(rows) - 1 - r``. :func:`label_bars`
writes a segment's name inside it when it fits, otherwise in a lane above the bar with a line
down to the segment (names pushed apart as little as needed, :func:`spread`); the cuts' names
go below the bar, a tier lower where a neighbour's is in the way. Call it once the figure's
layout is final: it measures the names against the bars.
"""

from __future__ import annotations

from typing import Any

BAR = 0.5
"""Height of a bar; rows are one apart."""


def label_bars(ax: Any, rows: list[dict[str, Any]], fontsize: float = 7) -> None:
    """Name each segment of the bars of ``rows`` and each cut between them, no two names
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
    tier_step = fontsize + 1.0  # points between two tiers of cut names (8 at 7-point names)
    lane_step = fontsize + 3.0  # points between two lanes of names above a bar (10 at 7 points)

    def width(name: str) -> float:
        probe = ax.text(0, 0, name, fontsize=fontsize)
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
                ax.text((lo + hi) / 2, y, name, ha="center", va="center", fontsize=fontsize)
            else:
                above.append(((lo + hi) / 2, wide, name))
        lanes = 1  # more lanes only if one cannot hold every name (no built-in game needs two)
        while lanes < len(above) and any(sum(w + gap for _, w, _ in above[k::lanes]) > 1
                                         for k in range(lanes)):
            lanes += 1
        # the lanes climb as high as the room up to the row above allows: steeper lines
        room = (top - y - BAR / 2) * unit if r == 0 else (1 - BAR) * unit - below
        lift = min(24.0, max(6.0, room - lane_step * (lanes - 1) - lane_step - 1))  # a name and a margin
        for lane in range(lanes):
            members = above[lane::lanes]
            places = spread([c for c, _, _ in members], [w for _, w, _ in members], gap)
            for (centre, _, name), place in zip(members, places, strict=True):
                ax.annotate(
                    name,
                    (centre, y + BAR / 2),
                    xytext=((place - centre) * px * to_points, lift + lane_step * lane),
                    textcoords="offset points",
                    ha="center",
                    va="bottom",
                    fontsize=fontsize,
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
                xytext=(0, -3 - tier_step * tier),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=fontsize,
            )
        below = 3 + tier_step * len(ends) + 2 if ends else 0.0


def spread(centres: list[float], widths: list[float], gap: float) -> list[float]:
    """Centres for labels of ``widths`` wanted at ``centres`` (in order) on ``[0, 1]``: as
    close to them as they go without overlapping (``gap`` apart), in the same order.

    Overlapping neighbours merge into a block placed where its members want on average.

    Examples
    --------
    >>> [round(x, 3) for x in spread([0.5, 0.51, 0.9], [0.1, 0.1, 0.1], 0.0)]
    [0.455, 0.555, 0.9]
    >>> [round(x, 3) for x in spread([0.0, 0.01], [0.2, 0.2], 0.0)]
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
