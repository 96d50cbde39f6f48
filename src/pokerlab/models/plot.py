"""Pictures of a model's solution: the papers' number-line diagrams and payoff functions.

Uniform models: one bar per player/situation over the hand axis [0, 1], coloured by action
and labelled with the thresholds, and every pure plan's payoff against the opponent's strategy
(the papers' Fig. 2.2-2.4, 3.2-3.3, 4.2-4.4);
Newman's bet size by hand and calling threshold by bet. Endgame models: the strategy
probabilities, F and G for the continuum model, and Cutler's calling band for the basic
endgame. PNG or SVG by the file suffix (matplotlib, Agg backend).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import sympy as sp

from pokerlab._plot import figure_file
from pokerlab.bar_labels import BAR, label_bars
from pokerlab.models.base import Solution

_COLOURS = {"bet": "#d62728", "raise": "#9467bd", "call": "#2ca02c", "check": "#1f77b4",
            "pass": "#1f77b4", "fold": "#7f7f7f"}


def _colour(action: str) -> str:
    head = action.split(" ")[0]
    if head in ("check-raise",):
        return "#9467bd"
    for key, colour in _COLOURS.items():
        if head.startswith(key) or head.endswith(key):
            return colour
    return "#bcbd22"


def number_lines(solution: Solution) -> list[dict[str, Any]]:
    """The papers' number-line diagrams of a uniform model as plain geometry: for each player
    or situation, the intervals of the hand axis [0, 1] with their action, the threshold that
    ends each one, a colour and whether the action is a bluff or sandbag (hatched).

    Examples
    --------
    >>> from pokerlab.models import get
    >>> lines = number_lines(get("von-neumann").run(["B=2"]))
    >>> [(s["action"], round(s["to"], 4), s["upto"]) for s in lines[0]["segments"]]
    [('bet (bluff)', 0.1111, 'a'), ('check', 0.7778, 'b'), ('bet (value)', 1.0, '1')]
    """
    named = solution.thresholds | solution.points
    out = []
    for title, regions in solution.lines:
        lo = 0.0
        segments = []
        for region in regions:
            hi = 1.0 if region.upto == "1" else float(named[region.upto])
            segments.append({"from": lo, "to": hi, "action": region.action, "upto": region.upto,
                             "colour": _colour(region.action),
                             "hatched": "bluff" in region.action or "sandbag" in region.action})
            lo = hi
        out.append({"title": title, "segments": segments})
    return out


def _number_lines(ax: Any, solution: Solution) -> list[dict[str, Any]]:
    """Draw the bars of :func:`number_lines` on ``ax``; returns the rows for
    :func:`~pokerlab.bar_labels.label_bars`, which names every interval (a narrow one, such as
    a bluff on ``[0, a]``, above its bar with a line to it) and threshold once the layout is final."""
    lines = number_lines(solution)
    rows = []
    for row, line in enumerate(lines):
        yy = len(lines) - 1 - row
        for s in line["segments"]:
            lo, hi = s["from"], s["to"]
            ax.barh(yy, hi - lo, left=lo, height=BAR, color=s["colour"], alpha=0.75,
                    edgecolor="black", hatch="//" if s["hatched"] else None)
        rows.append({"segments": [{"from": s["from"], "to": s["to"], "sequence": s["action"]}
                                  for s in line["segments"]],
                     "cuts": [{"value": s["to"], "name": f"{s['upto']}={s['to']:.3f}"}
                              for s in line["segments"] if s["upto"] != "1"]})
    ax.set_ylim(-0.75, len(lines) - 0.2)  # room for the thresholds below and the names above
    ax.set_yticks(range(len(lines)))
    ax.set_yticklabels([line["title"] for line in reversed(lines)], fontsize=8)
    ax.tick_params(axis="y", length=0)
    ax.set_xlim(0, 1)
    ax.set_xlabel("hand")
    ax.set_title(f"{solution.model}: value {float(solution.value):.6g}")
    return rows


def draw(solution: Solution, path: str | Path) -> Path:
    """Write the picture of ``solution`` to ``path`` (PNG or SVG)."""
    with figure_file(path, (9, 4), dpi=100) as fig:  # each kind of picture sets its own size
        _draw(solution, fig)
    return Path(path)


def _draw(solution: Solution, fig: Any) -> None:
    model = solution.model
    if model in ("von-neumann", "bet-after-check", "raise", "two-round"):
        from pokerlab.models.payoffs import PLANS, first_player_payoff, profile_game, second_player_payoff

        plans_i, plans_ii = PLANS[model]
        fig.set_size_inches(9, 4.5 + 3 * (1 + len(plans_ii)))
        axes = fig.subplots(2 + len(plans_ii), 1, height_ratios=(1.4, *[1] * (1 + len(plans_ii))))
        labelled = [(axes[0], _number_lines(axes[0], solution))]
        grid = np.linspace(0.0, 1.0, 401)
        game = profile_game(solution, numeric=True)
        for plan in plans_i:
            curve = [first_player_payoff(solution, plan, v, game=game) for v in grid]
            axes[1].plot(grid, curve, label=plan)
        axes[1].set_title("I's payoffs against II's strategy (antes a pot owned by neither)", fontsize=9)
        for ax, (situation, actions) in zip(axes[2:], plans_ii.items(), strict=True):
            for action in actions:
                curve = [second_player_payoff(solution, situation, action, v, game=game) for v in grid]
                ax.plot(grid, curve, label=action)
            ax.set_title(f"II's payoffs against I's strategy when I {situation}s", fontsize=9)
        for k, ax in enumerate(axes[1:]):
            who = "I" if k == 0 else "II"
            ax.legend(fontsize=7)
            ax.set_xlabel(f"{who}'s hand")
            ax.set_ylabel(f"payoff to {who}")
    elif model == "newman":
        from pokerlab.models.newman import BLUFF_HAND, CALL_THRESHOLD, VALUE_HAND, B

        fig.set_size_inches(9, 6)
        axes = fig.subplots(2, 1, height_ratios=(1, 3))
        labelled = [(axes[0], _number_lines(axes[0], solution))]
        bets = np.linspace(0.0, 10.0, 400)
        for expr, label in ((VALUE_HAND, "value hand betting B"), (BLUFF_HAND, "bluff hand betting B"),
                            (CALL_THRESHOLD, "II calls above")):
            axes[1].plot(bets, sp.lambdify(B, expr, "numpy")(bets), label=label)
        axes[1].set_xlabel("bet B")
        axes[1].set_ylabel("hand")
        axes[1].legend(fontsize=8)
    elif solution.lines:
        fig.set_size_inches(9, 1.6 + 1.0 * len(solution.lines))
        ax = fig.subplots()
        labelled = [(ax, _number_lines(ax, solution))]
    else:
        labelled = []
        extra = model in ("endgame-continuum", "endgame")
        fig.set_size_inches(9, 7 if extra else 4)
        axes = fig.subplots(2 if extra else 1, 1, squeeze=False)
        ax = axes[0][0]
        names = list(solution.strategy)
        values = [float(solution.strategy[n]) for n in names]
        bars = ax.barh(range(len(names)), values, color="#1f77b4")
        ax.bar_label(bars, labels=[str(solution.strategy[n]) for n in names], padding=3, fontsize=8)
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels(names, fontsize=7)
        ax.set_xlim(0, max([1.0, *values]) * 1.15)  # room for the exact values beside the bars
        ax.set_xlabel("probability")
        ax.set_title(f"{model} ({solution.case}): value {float(solution.value):.6g}", fontsize=9)
        if model == "endgame-continuum":
            ax2 = axes[1][0]
            Bv = float(solution.params["B"])
            t = np.linspace(0.0, Bv, 400)
            for key, sym in (("F(x)", "x"), ("G(y)", "y")):
                f = sp.lambdify(sp.Symbol(sym, nonnegative=True), solution.extras[key], "numpy")
                ax2.plot(t, np.minimum(np.broadcast_to(f(t), t.shape), 1.0), label=key)
            ax2.set_xlabel("time (amount bet)")
            ax2.legend()
        elif model == "endgame":
            ax2 = axes[1][0]
            b = float(solution.params["b"])
            a = float(solution.params["a"])
            beta = np.linspace(b / 50, b, 300)
            if solution.case != "saddle point":
                upper = np.minimum(1, 2 * a * b / ((2 * a + b) * beta))
                ax2.fill_between(beta, 2 * a / (2 * a + beta), upper, alpha=0.4,
                                 label="II's optimal call probabilities (Cutler)")
            ax2.set_xlabel("bet size")
            ax2.set_ylabel("call probability")
            ax2.legend(fontsize=8)
    fig.tight_layout()
    for ax_bars, rows in labelled:  # named once the layout is final: the names are measured
        label_bars(ax_bars, rows)
