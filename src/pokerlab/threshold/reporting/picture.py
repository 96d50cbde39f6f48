"""The picture of a numeric solution as plain geometry, for any drawing tool.

The unit square by outcome (the patent's FIG. 8 and 13): P1's hand on the x axis, P2's on the
y axis, split at every threshold into cells; a cell whose P1 interval lies above its P2 interval
is one region where P1's hand is higher (the diagonal cells split into two triangles). Each
region carries the betting line both hands follow there and P1's payoff. And each branch axis
(FIG. 12): the intervals of action sequences between that branch's thresholds.
:mod:`pokerlab.threshold.reporting.plot` draws it with matplotlib, the web page with SVG.

Examples
--------
>>> from pokerlab.gamespec import builtin_game
>>> from pokerlab.threshold.solving.solve import solve
>>> p = picture(solve(builtin_game("patent-no-raise", pot=1)))
>>> [(t["name"], t["player"], round(t["value"], 4)) for t in p["thresholds"]]
[('b1', 1, 0.1111), ('C2', 2, 0.5556), ('B1', 1, 0.7778)]
>>> r = p["regions"][0]
>>> r["points"], r["betting"], r["higher"], r["payoff"]
([(0.0, 0.0), (0.1111111111111111, 0.0), (0.1111111111111111, 0.1111111111111111)], 'bet-fold', 1, 0.5)
>>> round(sum(_area(r["points"]) for r in p["regions"]), 12)
1.0
>>> [(s["from"], round(s["to"], 4), s["sequence"]) for s in p["axes"][0]["segments"]][:2]
[(0.0, 0.1111, 'bet'), (0.1111111111111111, 0.7778, 'pass')]
"""

from __future__ import annotations

from typing import Any

from pokerlab.gamespec.plans import play_history
from pokerlab.threshold.solving.solve import Solution

PALETTE = ("#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5")
"""Colours of the action sequences on the axes, in order of first appearance."""


def picture(solution: Solution) -> dict[str, Any]:
    """The square's regions, the threshold lines and the branch axes of a numeric ``solution``.

    Returns ``{"game", "pot", "thresholds": [{name, player, branch, value}], "regions":
    [{points, payoff, betting, higher, folded}], "extent": largest |payoff|, "axes": [{label,
    player, branch, segments: [{from, to, sequence, colour}], cuts: [{name, value}]}]}``;
    ``points`` are ``(P1 hand, P2 hand)`` corners, ``higher`` the player whose hand is higher
    in the region, ``folded`` the player who folded (0 at a showdown).
    """
    if solution.symbolic:
        raise ValueError("picture: needs numbers; give a pot (e.g. --pot 3)")
    model = solution.model
    domain = model.domain
    structure = solution.structure
    game = solution.game
    value_of = {name: float(solution.exact[name]) for name in solution.names}
    edges = [0.0, *(value_of[name] for name in solution.names), 1.0]
    plans1 = structure.segment_plans(1)
    plans2 = structure.segment_plans(2)
    regions = []
    for (i, j), (win, lose) in model.cells.items():
        x0, x1, y0, y1 = edges[i], edges[i + 1], edges[j], edges[j + 1]
        history, terminal = play_history(game, plans1[i], plans2[j])
        common = {"betting": "-".join(history), "folded": int(terminal.folded)}
        win_f, lose_f = float(domain.to_sympy(win)), float(domain.to_sympy(lose))
        if i > j:
            shapes = [([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], win_f, 1)]
        elif i < j:
            shapes = [([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], lose_f, 2)]
        else:
            shapes = [([(x0, y0), (x1, y0), (x1, y1)], win_f, 1), ([(x0, y0), (x0, y1), (x1, y1)], lose_f, 2)]
        for points, payoff, higher in shapes:
            regions.append({"points": points, "payoff": payoff, "higher": higher, **common})
    axes = axis_rows(structure, value_of)
    return {
        "game": game.name,
        "pot": str(game.pot),
        "thresholds": [{"name": t.name, "player": t.player, "branch": t.branch.key, "value": value_of[t.name]}
                       for t in structure.thresholds],
        "regions": regions,
        "extent": max((abs(r["payoff"]) for r in regions), default=0.0) or 1.0,
        "axes": axes,
    }


def _area(points: list[tuple[float, float]]) -> float:
    """Area of a polygon (shoelace formula)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        total += x0 * y1 - x1 * y0
    return abs(total) / 2


def axis_rows(structure: Any, value_of: dict[str, float]) -> list[dict[str, Any]]:
    """Every branch axis as ``{label, player, branch, segments, cuts}`` (see :func:`picture`),
    for any number of players."""
    axes = []
    for branch, plans in structure.axes.items():
        names = [t.name for t in structure.thresholds if t.branch == branch]
        cuts = [0.0, *(value_of[name] for name in names), 1.0]
        colour_of: dict[str, str] = {}
        segments = []
        for k, plan in enumerate(plans):
            colour = colour_of.setdefault(plan.label, PALETTE[len(colour_of) % len(PALETTE)])
            segments.append({"from": cuts[k], "to": cuts[k + 1], "sequence": plan.label, "colour": colour})
        axes.append(
            {
                "label": f"P{branch.player}" + (f" after {branch.key}" if branch.key else ""),
                "player": branch.player,
                "branch": branch.key,
                "segments": segments,
                "cuts": [{"name": name, "value": value_of[name]} for name in names],
            }
        )
    return axes
