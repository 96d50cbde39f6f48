"""The patent's reading of a river solution: dividing points on each player's strength axis.

The patent (US 6,129,631) plays a hand by where it falls on the player's hand-strength axis:
dividing points split the axis into intervals, one action sequence each, and a hand that falls
where no real hand lies is a *virtual hand* mixed from its two neighbours (FIG. 29). A solver
plays each combo on its own. This module reads a solver's river strategy the patent's way
and measures what the reading gives up.

At one decision, the acting player's combos are sorted by showdown strength on the board.
Each combo weighs its range weight times the probability that the player's own earlier
actions brought it here (its *reach*); the axis runs from 0 to 1 through that weight, weakest
first (the mid-rank view of :mod:`pokerlab.threshold.reporting.hands`, on the range that reaches the
decision). A threshold strategy cannot tell combos of equal strength apart: each strength
*level* plays its combos' reach-weighted mix. Laying each level's mix out along its stretch
of the axis (continuing the action the level below ended with, ending with the action the
level above starts with) gives *segments*, one action each; the points between them are the
dividing points, and a level a dividing point cuts through plays the two actions in the
proportion the point cuts it: the patent's virtual hand, or the solver's mixed band. Segments
thinner than ``min_segment`` of the axis (a solver's small mixing) are absorbed by their
neighbours, so the reading keeps the dividing points that carry weight.

Played back in the same spot (every combo playing its level's share of the segments, at every
decision), the reading is a strategy whose exploitability is measured like the solver's: its
*concession* is how much more a best response wins against it.

Examples
--------
Three levels, weakest first (half the weight on the weakest): the weakest bets a fifth of the
time, the middle checks, the top bets. The bluffs are the bottom tenth of the axis:

>>> import numpy as np
>>> probs = np.array([[0.8, 0.2], [1, 0], [0, 1]])
>>> r = read_decision(probs, np.array([2.0, 1.0, 1.0]), np.array([10, 20, 30]), ("x", "b"))
>>> [(s.action, round(s.lo, 3), s.hi) for s in r.segments]
[('b', 0.0, 0.1), ('x', 0.1, 0.75), ('b', 0.75, 1.0)]
>>> [(round(c.position, 3), c.level, c.share_above) for c in r.cuts]
[(0.1, 0, 0.8), (0.75, 2, 1.0)]
>>> bool(np.allclose(r.probs, probs))
True

With ``min_segment=0.2`` the bluffs (a tenth of the axis) are absorbed:

>>> r2 = read_decision(probs, np.array([2.0, 1.0, 1.0]), np.array([10, 20, 30]), ("x", "b"), 0.2)
>>> [(s.action, s.lo, s.hi) for s in r2.segments], r2.probs[0].tolist(), round(r2.absorbed, 3)
([('x', 0.0, 0.75), ('b', 0.75, 1.0)], [1.0, 0.0], 0.1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._plot import plot_file

History = tuple[str, ...]


@dataclass(frozen=True)
class Segment:
    """An interval ``[lo, hi)`` of the strength axis (0 weakest, 1 strongest) playing ``action``."""

    action: str
    lo: float
    hi: float


@dataclass(frozen=True)
class Cut:
    """A dividing point: ``position`` on the axis, between ``below`` and ``above``.

    ``level`` is the strength level it falls in; ``share_above`` is the share of that level
    that plays the upper action (the virtual hand's mix; 0 or 1 when it falls between levels).
    """

    position: float
    below: str
    above: str
    level: int
    share_above: float


@dataclass(frozen=True, eq=False)
class DecisionReading:
    """The dividing-point reading of one decision.

    Attributes
    ----------
    actions
        Action labels (columns of ``probs`` and ``pooled``).
    segments, cuts
        The reading along the axis.
    probs
        ``(combos, actions)``: the threshold strategy, each combo playing its level's share.
    pooled
        ``(combos, actions)``: each combo playing its level's reach-weighted mix (the reading
        before small segments are absorbed; the same when ``min_segment`` is 0).
    levels
        ``(combos,)``: each combo's level index (0 weakest).
    level_strength
        The strength of each level.
    absorbed
        The share of the axis whose action changed when small segments were absorbed.
    """

    actions: tuple[str, ...]
    segments: list[Segment]
    cuts: list[Cut]
    probs: np.ndarray
    pooled: np.ndarray
    levels: np.ndarray
    level_strength: np.ndarray
    absorbed: float

    def text(self) -> str:
        """The reading in one line, weakest hands first: actions with the dividing points
        between them (``"b75 .23 x .46 b75"``: bet below 0.23, check to 0.46, bet above).

        Examples
        --------
        >>> import numpy as np
        >>> read_decision(np.array([[1.0, 0.0], [0.0, 1.0]]), np.ones(2), np.arange(2), ("f", "c")).text()
        'f .50 c'
        """
        parts = [self.segments[0].action]
        for seg in self.segments[1:]:
            parts += [f"{seg.lo:.2f}".lstrip("0") or "0", seg.action]
        return " ".join(parts)


def _order(present: list[int], prev: int | None, nxt: np.ndarray | None) -> list[int]:
    """Order a level's actions: continue ``prev``, end with what the next level plays most."""
    first = [prev] if prev in present else []
    rest = [a for a in present if a not in first]
    if nxt is None:
        return first + rest
    outside = [a for a in rest if nxt[a] <= 0]
    inside = sorted((a for a in rest if nxt[a] > 0), key=lambda a: nxt[a])
    return first + outside + inside


def _absorb(segments: list[list], threshold: float) -> list[list]:
    """Absorb segments lighter than ``threshold`` into their neighbours (lightest first)."""
    segs = [list(s) for s in segments]
    while len(segs) > 1:
        k = min(range(len(segs)), key=lambda i: segs[i][1])
        if segs[k][1] >= threshold:
            break
        mass = segs[k][1]
        left = segs[k - 1] if k > 0 else None
        right = segs[k + 1] if k + 1 < len(segs) else None
        if left is not None and right is not None and left[0] == right[0]:
            left[1] += mass + right[1]
            del segs[k : k + 2]
            continue
        if left is None:
            right[1] += mass  # type: ignore[index]
        elif right is None:
            left[1] += mass
        else:
            left[1] += mass / 2
            right[1] += mass / 2
        del segs[k]
    return segs


def read_decision(
    probs: np.ndarray,
    reach: np.ndarray,
    strength: np.ndarray,
    actions: Sequence[str],
    min_segment: float = 0.0,
) -> DecisionReading:
    """Read one decision's per-combo strategy as dividing points on the strength axis.

    Parameters
    ----------
    probs
        ``(combos, actions)`` the solver's probabilities.
    reach
        ``(combos,)`` range weight times own reach to the decision (>= 0).
    strength
        ``(combos,)`` showdown strength (higher is stronger; equal values are one level).
    actions
        Action labels.
    min_segment
        Segments thinner than this share of the axis are absorbed (0 keeps all but numerical
        slivers, below 1e-9 of the axis).
    """
    probs = np.asarray(probs, dtype=float)
    reach = np.asarray(reach, dtype=float)
    strength = np.asarray(strength)
    n, k = probs.shape
    if reach.shape != (n,) or strength.shape != (n,) or len(actions) != k:
        raise ValueError(
            f"read_decision: probs {probs.shape}, reach {reach.shape}, strength {strength.shape} disagree"
        )
    level_strength, levels = np.unique(strength, return_inverse=True)
    nl = len(level_strength)
    mass = np.bincount(levels, weights=reach, minlength=nl)
    share = np.zeros((nl, k))
    for a in range(k):
        share[:, a] = np.bincount(levels, weights=reach * probs[:, a], minlength=nl)
    plain = np.zeros((nl, k))
    for a in range(k):
        plain[:, a] = np.bincount(levels, weights=probs[:, a], minlength=nl)
    counts = np.bincount(levels, minlength=nl)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(mass[:, None] > 0, share / mass[:, None], plain / np.maximum(counts, 1)[:, None])
    total = float(mass.sum())
    if total <= 0:
        raise ValueError("read_decision: no combo reaches the decision")

    # Lay out each level's mix along its stretch of the axis.
    pieces: list[list] = []  # [action, mass]
    prev: int | None = None
    for lv in range(nl):
        if mass[lv] <= 0:
            continue
        present = [a for a in range(k) if share[lv, a] > 0]
        nxt_lv = next((j for j in range(lv + 1, nl) if mass[j] > 0), None)
        order = _order(present, prev, share[nxt_lv] if nxt_lv is not None else None)
        for a in order:
            m = mass[lv] * share[lv, a]
            if pieces and pieces[-1][0] == a:
                pieces[-1][1] += m
            else:
                pieces.append([a, m])
        prev = order[-1]
    segs = _absorb(pieces, max(min_segment, 1e-9) * total)  # numerical slivers always go

    # Segment bounds on the mass axis; each level's overlap with them is its threshold mix.
    bounds = np.concatenate([[0.0], np.cumsum([m for _, m in segs])])
    bounds[-1] = total
    start = np.concatenate([[0.0], np.cumsum(mass)[:-1]])
    level_probs = np.zeros((nl, k))
    for lv in range(nl):
        lo, hi = start[lv], start[lv] + mass[lv]
        if hi <= lo:  # never reached: the segment at its place
            s = min(int(np.searchsorted(bounds, lo, side="right")) - 1, len(segs) - 1)
            level_probs[lv, segs[s][0]] = 1.0
            continue
        for s, (a, _) in enumerate(segs):
            overlap = min(hi, bounds[s + 1]) - max(lo, bounds[s])
            if overlap > 0:
                level_probs[lv, a] += overlap / (hi - lo)
    level_probs /= level_probs.sum(axis=1, keepdims=True)

    cuts = []
    for s in range(1, len(segs)):
        x = bounds[s]
        lv = min(int(np.searchsorted(start + mass, x, side="left")), nl - 1)
        inside = mass[lv] > 0 and start[lv] < x < start[lv] + mass[lv]
        above = (start[lv] + mass[lv] - x) / mass[lv] if inside else (1.0 if x <= start[lv] else 0.0)
        if not inside and x >= start[lv] + mass[lv] and lv + 1 < nl:
            lv, above = lv + 1, 1.0
        below, upper = actions[segs[s - 1][0]], actions[segs[s][0]]
        cuts.append(Cut(float(x / total), below, upper, int(lv), float(above)))
    segments = [Segment(actions[a], float(bounds[s] / total), float(bounds[s + 1] / total))
                for s, (a, _) in enumerate(segs)]  # fmt: skip
    changed = float(0.5 * (np.abs(level_probs - share).sum(axis=1) * mass).sum() / total)
    return DecisionReading(
        actions=tuple(actions),
        segments=segments,
        cuts=cuts,
        probs=level_probs[levels],
        pooled=share[levels],
        levels=levels,
        level_strength=level_strength,
        absorbed=changed,
    )


@dataclass(frozen=True, eq=False)
class Decision:
    """One decision of a solved river, as the reading takes it.

    ``player`` (0 OOP, 1 IP) chooses among ``actions``; ``probs`` is ``(player's combos,
    actions)``. The decision's place is its line (the actions before it), the dictionary key.
    """

    player: int
    actions: tuple[str, ...]
    probs: np.ndarray


@dataclass(frozen=True, eq=False)
class ThresholdReading:
    """The reading of every decision of a river solution; ``players[line]`` acts at ``line``."""

    decisions: dict[History, DecisionReading]
    players: dict[History, int] = field(default_factory=dict)

    def profile(self) -> dict[History, np.ndarray]:
        """The threshold strategy at every decision: ``(combos, actions)`` per line."""
        return {h: r.probs for h, r in self.decisions.items()}

    def as_dict(
        self,
        names: tuple[Sequence[str], Sequence[str]] | None = None,
        alone: Mapping[History, float] | None = None,
    ) -> dict[str, Any]:
        """A JSON-friendly view: per line, the actor, the segments and the dividing points.

        With ``names`` (each player's combo names, in the rows' order) each dividing point
        also names a combo of the strength level it falls in; ``alone`` (a
        :attr:`Concession.by_decision`) adds each decision's exploitability read alone.
        """
        out = {}
        for h, r in self.decisions.items():
            player = self.players.get(h, -1)
            cuts = []
            for c in r.cuts:
                cut: dict[str, Any] = {"at": c.position, "below": c.below, "above": c.above,
                                       "share_above": c.share_above}  # fmt: skip
                if names is not None and player >= 0:
                    cut["hand"] = names[player][int(np.flatnonzero(r.levels == c.level)[0])]
                cuts.append(cut)
            out[" ".join(h) or "(root)"] = {
                "player": player,
                "text": r.text(),
                "segments": [{"action": s.action, "from": s.lo, "to": s.hi} for s in r.segments],
                "cuts": cuts,
                "absorbed": r.absorbed,
            }
            if alone is not None and h in alone:
                out[" ".join(h) or "(root)"]["exploitability_pct_alone"] = alone[h]
        return out


def own_reach(
    decisions: Mapping[History, Decision], history: History, player: int, weights: np.ndarray
) -> np.ndarray:
    """Range weight times ``player``'s own action probabilities along ``history``."""
    reach = np.asarray(weights, dtype=float).copy()
    for i in range(len(history)):
        d = decisions.get(history[:i])
        if d is not None and d.player == player:
            reach *= d.probs[:, d.actions.index(history[i])]
    return reach


def read_solution(
    decisions: Mapping[History, Decision],
    weights: tuple[np.ndarray, np.ndarray],
    strength: tuple[np.ndarray, np.ndarray],
    min_segment: float = 0.0,
) -> ThresholdReading:
    """Read every decision of a river solution.

    Parameters
    ----------
    decisions
        Per line (the actions before the decision), the :class:`Decision`.
    weights
        Per player, the range weight of each combo (in the order of the decisions' rows).
    strength
        Per player, each combo's showdown strength on the board.
    """
    out = {}
    for h, d in decisions.items():
        reach = own_reach(decisions, h, d.player, weights[d.player])
        if reach.sum() <= 0:  # a line the solver never plays: keep its strategy as read by level
            reach = np.asarray(weights[d.player], dtype=float)
        out[h] = read_decision(d.probs, reach, strength[d.player], d.actions, min_segment)
    return ThresholdReading(out, {h: d.player for h, d in decisions.items()})


@dataclass(frozen=True)
class Concession:
    """What the reading gives up: both exploitabilities in % of the pot, and the difference.

    ``by_decision[line]`` is the exploitability when only the decision at ``line`` is read
    (every other decision keeps the solver's strategy): where the reading costs.
    """

    solver_pct: float
    reading_pct: float
    by_decision: dict[History, float] = field(default_factory=dict)

    @property
    def concession_pct(self) -> float:
        """How much more exploitable the reading is than the solver's own strategy."""
        return self.reading_pct - self.solver_pct


def concession(
    decisions: Mapping[History, Decision],
    reading: ThresholdReading,
    exploitability_pct: Callable[[Mapping[History, np.ndarray]], float],
    by_decision: bool = True,
) -> Concession:
    """Measure the solver's strategy and the reading with the same best response (and, with
    ``by_decision``, the reading of each decision alone)."""
    solver = {h: d.probs for h, d in decisions.items()}
    profile = reading.profile()
    each = {}
    if by_decision:
        for h in decisions:
            each[h] = float(exploitability_pct({**solver, h: profile[h]}))
    return Concession(float(exploitability_pct(solver)), float(exploitability_pct(profile)), each)


# ---------------------------------------------------------------- the unit square


def terminal_lines(decisions: Mapping[History, Decision]) -> list[History]:
    """Every line that ends the hand (a fold or a showdown), in tree order."""
    out = []
    stack: list[History] = [()]
    while stack:
        h = stack.pop()
        d = decisions[h]
        for a in reversed(d.actions):
            child = (*h, a)
            if child in decisions:
                stack.append(child)
            else:
                out.append(child)
    return sorted(out, key=lambda h: [decisions[h[:i]].actions.index(h[i]) for i in range(len(h))])


def square(
    decisions: Mapping[History, Decision],
    profile: Mapping[History, np.ndarray],
    weights: tuple[np.ndarray, np.ndarray],
    strength: tuple[np.ndarray, np.ndarray],
) -> dict[str, Any]:
    """The unit square of the patent with real hands: OOP's strength on x, IP's on y.

    Each axis runs through the player's whole range (range weights, weakest first), one cell
    per pair of strength levels; in each cell, the probability of every terminal line when both
    hands play the threshold strategy ``profile`` (combos of a level play alike), and which
    hand is stronger.

    Returns ``{"edges": (x edges, y edges), "levels": (x strengths, y strengths), "lines":
    [line, ...], "prob": (lines, x levels, y levels), "winner": (x levels, y levels) with 1 where
    OOP's hand is stronger, -1 weaker, 0 equal}``.
    """
    lv, edges, first = [], [], []
    for p in (0, 1):
        w = np.asarray(weights[p], dtype=float)
        values, inv = np.unique(np.asarray(strength[p]), return_inverse=True)
        m = np.bincount(inv, weights=w, minlength=len(values))
        keep = m > 0
        values, m = values[keep], m[keep]
        lv.append(values)
        edges.append(np.concatenate([[0.0], np.cumsum(m) / m.sum()]))
        # One representative combo per level (the threshold strategy is the same within it).
        index = {v: i for i, v in enumerate(np.asarray(strength[p]).tolist()) if w[i] > 0}
        first.append(np.array([index[v] for v in values.tolist()]))
    lines = terminal_lines(decisions)
    prob = np.ones((len(lines), len(lv[0]), len(lv[1])))
    for t, line in enumerate(lines):
        for i in range(len(line)):
            d = decisions[line[:i]]
            col = profile[line[:i]][first[d.player], d.actions.index(line[i])]
            prob[t] *= col[:, None] if d.player == 0 else col[None, :]
    winner = np.sign(lv[0][:, None] - lv[1][None, :]).astype(int)
    return {"edges": tuple(edges), "levels": tuple(lv), "lines": lines, "prob": prob, "winner": winner}


def plot_square(
    sq: dict[str, Any],
    path: str | Path,
    title: str,
    tick_labels: tuple[list[tuple[float, str]], list[tuple[float, str]]] = ([], []),
) -> Path:
    """Draw :func:`square` into ``path`` (``.png`` or ``.svg``): each cell coloured by its most
    likely line, paler where the line is mixed, hatched where OOP's hand is the stronger.

    ``tick_labels`` gives, per axis, ``(position, text)`` pairs (real hands along the axes).
    """
    with plot_file(path, (10, 8.5), tight_bbox=True) as (_, ax):
        _draw_square(sq, ax, title, tick_labels)
    return Path(path)


def _draw_square(sq: dict[str, Any], ax: Any, title: str,
                 tick_labels: tuple[list[tuple[float, str]], list[tuple[float, str]]]) -> None:
    import matplotlib
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Patch

    from pokerlab.threshold.reporting.picture import PALETTE

    # The picture's Set3 colours, then the rest of Set3, then tab20: enough for every line.
    extra = ("#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f")
    tab = [matplotlib.colors.to_hex(c) for c in matplotlib.colormaps["tab20"].colors]
    colours = [*PALETTE, *extra, *tab]
    xe, ye = sq["edges"]
    prob = sq["prob"]
    best = prob.argmax(axis=0)
    strength_of = prob.max(axis=0)
    palette = [to_rgb(colours[i % len(colours)]) for i in range(len(sq["lines"]))]
    rgb = np.array(palette)[best]  # (x, y, 3)
    rgb = 1 - (1 - rgb) * (0.35 + 0.65 * strength_of[..., None])
    ax.pcolormesh(xe, ye, np.transpose(rgb, (1, 0, 2)), shading="flat")
    # OOP's hand is the stronger below a staircase: IP's levels weaker than each OOP level.
    x_levels, y_levels = sq["levels"]
    below = ye[np.searchsorted(y_levels, x_levels, side="left")]
    xs, ys = np.repeat(xe, 2)[1:-1], np.repeat(below, 2)
    ax.fill_between(xs, 0, ys, facecolor="none", edgecolor="#333333", hatch="...", linewidth=0)
    ax.plot(xs, ys, color="black", linewidth=0.8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    xt, yt = tick_labels
    if xt:
        ax.set_xticks([p for p, _ in xt], [t for _, t in xt], rotation=90, fontsize=7)
    if yt:
        ax.set_yticks([p for p, _ in yt], [t for _, t in yt], fontsize=7)
    ax.set_xlabel("OOP's hand: strength within its range (weakest 0, strongest 1)")
    ax.set_ylabel("IP's hand: strength within its range")
    used = sorted(set(best.ravel().tolist()))
    handles = [Patch(facecolor=palette[t], label=" ".join(sq["lines"][t])) for t in used]
    handles.append(Patch(facecolor="white", edgecolor="black", hatch="...", label="OOP's hand stronger"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8, title="line")
    ax.set_title(title, fontsize=10)


def axis_ticks(
    weights: np.ndarray, strength: np.ndarray, names: Sequence[str], count: int = 12
) -> list[tuple[float, str]]:
    """Real hands along an axis: at ``count`` evenly spread places of the range (by weight,
    weakest first), the combo there and its hand category (``strength`` as hand values of
    :mod:`pokerlab.evaluate`)."""
    from pokerlab.evaluate import category_name

    w = np.asarray(weights, dtype=float)
    order = np.argsort(np.asarray(strength), kind="stable")
    order = order[w[order] > 0]
    cdf = np.cumsum(w[order]) / w[order].sum()
    mid = cdf - w[order] / w[order].sum() / 2
    out = []
    for q in (np.arange(count) + 0.5) / count:
        i = int(np.argmin(np.abs(mid - q)))
        label = f"{names[order[i]]} {category_name(int(strength[order[i]])).lower()}"
        if not out or out[-1][1] != label:
            out.append((float(mid[i]), label))
    return out
