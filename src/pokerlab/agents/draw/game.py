"""Heads-up five-card draw as a class game: the whole hand solved, read as dividing points.

The patent (US 6,129,631) solves one betting round between hands uniform on [0, 1]. Here the
whole hand of heads-up five-card draw (antes, a betting round, the draw, a betting round) is
a discrete extensive-form game for the equilibrium engine (:mod:`pokerlab.equilibrium`),
solved by CFR+ or discounted CFR, and its solution is read back the patent's way: each
seat's hands on an axis, each decision's actions as segments between dividing points.

**What is abstracted, and why.**

* *Pre-draw hands are classes* (the 12 of :mod:`pokerlab.agents.draw.classes`: nothing,
  ace-high, small and middle pairs, four-card draws, jacks to aces, two pair low and high,
  trips, pat hands). 2,598,960 hands cannot be CFR's private states; the classes are what
  the textbook rules and the outside bots decide by. Inside a class the hands play alike.
* *The draw is a number of cards*, 0 to 4 (public, as at the table), each class keeping the
  cards :func:`pokerlab.agents.draw.classes.keep_masks` keeps for that number: the rules' own
  draw, a snow (stand pat on nothing), a kicker kept, a hand broken.
* *The post-draw hand is a rank slice.* Each player's private state is dealt whole at the
  start, ``(class c, level q)``: ``q`` is uniform over :attr:`ClassGameSettings.levels`
  equal-probability slices of the final-hand distribution of class ``c`` after drawing ``k``
  (``q`` = the quantile of the draw's outcome). Before the draw the player sees only ``c``
  (the first round's and the draw's decisions group the states by class:
  :class:`pokerlab.equilibrium.Decision` ``info``); after it, it sees its slice. The showdown
  between two slices is exact: the probability that one slice's final values beat the
  other's, ties split, over the 7,462 five-card values (simulated transitions,
  :func:`pokerlab.agents.draw.classes.transitions`).
* *Card removal* between the two pre-draw hands is kept (the joint class distribution of two
  hands from one deck); the draws are taken independently (a few cards among 47).
* *Betting* is the table's: antes of 1, a bet of 2 in both rounds, a bet and two raises
  (limit), player 0 (left of the button) first in both rounds and first to draw; pot limit
  bets the pot and raises the call plus the pot after calling, with the same cap. Stacks are
  deep enough not to bind (200 chips; a pot-limit hand capped in both rounds puts in 156).
  No-limit plays the pot-limit solution with pot-sized bets; other sizes leave the tree.

**The reading** (:func:`read_strategy`): at each decision the actor's states are laid on an
axis, each with the width of its probability of reaching the decision: pre-draw classes in
order of their value after their best draw (:func:`class_axis`: the class's best equity,
over the draws, against the final hands of players who draw by the textbook rules),
post-draw slices in order of that equity. Each state's interval is split among its actions
in the order the actions lie on the axis (their mean position), runs of one action are
merged into segments, and segments narrower than :attr:`ClassGameSettings.min_width` of the
axis are given to their neighbours: what is left is a few segments between dividing points
per decision, the patent's picture. The read strategy is certified in the same game
(:func:`pokerlab.arena.draw_exactness.whole_hand_exactness`).

**The solution** (:func:`solve`) of the default settings ships with the package
(:data:`SHIPPED`, written by ``python -m pokerlab.agents.draw.game3``); other settings are
solved on first use (under a minute on one core) and cached under the cache folder, keyed by
every setting.

Examples
--------
>>> s = ClassGameSettings(levels=2, iterations=20)
>>> game = build_game(s)
>>> game.num_hands, len(game.hands[0]) == 12 * 2
((24, 24), True)
>>> solution = solve(s, cache=False)
>>> root = solution.decision(())
>>> root.actions, root.probs.shape   # player 0, per class
(('check', 'bet'), (12, 2))
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from pokerlab._cache import cache_dir
from pokerlab.agents.draw.classes import (
    CLASS_NAMES,
    MAX_DRAW,
    NUM_DRAW_CLASSES,
    SAMPLES,
    SEED,
    transitions,
)
from pokerlab.agents.draw.ranges import ordered_products
from pokerlab.equilibrium import CFRSolver, Decision, FlatGame, Game, Strategy, Terminal
from pokerlab.equilibrium.flat import DECISION

BETS = ("limit", "pot-limit")
DRAW_LABELS = tuple(f"draw {k}" for k in range(MAX_DRAW + 1))
CACHE_VERSION = 1


@dataclass(frozen=True)
class ClassGameSettings:
    """The class game's rules and the solver's settings (they key the cached solution).

    Attributes
    ----------
    bet
        ``"limit"`` or ``"pot-limit"``.
    levels
        Post-draw slices per class and draw (the private states are 12 x ``levels``).
    raise_cap
        Raises after the bet in a round (the table's limit game: 2).
    ante, bet_size
        Chips: the ante of each player and the limit bet (both rounds).
    algorithm, iterations
        The solver: ``cfr+`` or ``dcfr`` and its iterations.
    min_width
        The reading drops segments narrower than this share of a decision's axis.
    samples, seed
        The simulated transitions (:func:`pokerlab.agents.draw.classes.transitions`).
    """

    bet: str = "limit"
    levels: int = 6
    raise_cap: int = 2
    ante: int = 1
    bet_size: int = 2
    algorithm: str = "dcfr"
    iterations: int = 1000
    min_width: float = 0.0025
    samples: int = SAMPLES
    seed: int = SEED

    def __post_init__(self) -> None:
        if self.bet not in BETS:
            raise ValueError(f"bet: one of {', '.join(BETS)}, not {self.bet!r}")
        if not 1 <= self.levels <= 12:
            raise ValueError(f"levels: 1 to 12, not {self.levels}")
        if not 0 <= self.raise_cap <= 3:
            raise ValueError(f"raise_cap: 0 to 3, not {self.raise_cap}")
        if self.iterations < 1:
            raise ValueError(f"iterations: at least 1, not {self.iterations}")

    def key(self) -> str:
        """A file-name-safe key of every setting."""
        return "-".join(f"{v}" for v in asdict(self).values()).replace("+", "p")


def class_axis(samples: int = SAMPLES, seed: int = SEED) -> np.ndarray:
    """Each class's value after its best draw: its best equity, over the draws, against the
    final hands of players who draw by the textbook rules (see the module)."""
    from pokerlab.agents.draw.ranges import rules_ranges, strengths

    counts, _ = transitions(samples, seed)
    rules_counts, _ = rules_ranges()
    population = rules_counts.sum(axis=0) / rules_counts.sum()
    s = strengths(population)
    p = counts / np.maximum(counts.sum(axis=2, keepdims=True), 1)
    equity = ordered_products(p.reshape(-1, p.shape[-1]), s).reshape(p.shape[:2])
    return equity.max(axis=1)  # type: ignore[no-any-return]


def slices(counts: np.ndarray, levels: int) -> np.ndarray:
    """``out[c, k, q, v]``: the final-value distribution of slice ``q`` (of ``levels`` equal
    probability, weakest first) of class ``c`` drawing ``k``."""
    p = counts / np.maximum(counts.sum(axis=2, keepdims=True), 1)
    upper = np.cumsum(p, axis=2)
    lower = upper - p
    q = np.arange(levels)[None, None, :, None]
    lo, hi = q / levels, (q + 1) / levels
    mass = np.clip(np.minimum(upper[:, :, None, :], hi) - np.maximum(lower[:, :, None, :], lo), 0, None)
    return mass * levels  # type: ignore[no-any-return]


def slice_equity(sl: np.ndarray) -> np.ndarray:
    """``E[a, b]``: the probability that slice ``a``'s final hand beats slice ``b``'s, ties
    half (slices flattened ``(c, k, q)``; summed in value order, the same bits on every
    machine: :func:`pokerlab.agents.draw.ranges.ordered_products`)."""
    flat = sl.reshape(-1, sl.shape[-1])
    below = np.cumsum(flat, axis=1) - flat / 2
    return ordered_products(flat, below)


def _round(first: int, put: list[int], cap: int, bet: str, bet_size: int, info: Any,
           then: Callable[[list[int]], Any], fold: Callable[[int, list[int]], Any]) -> Any:
    """One heads-up betting round from ``put`` (chips in so far): ``then(put)`` when it ends
    called or checked round, ``fold(folder, put)`` when someone folds."""

    def size(me: int, put: list[int]) -> int:
        to_call = max(put) - put[me]
        if bet == "limit":
            return to_call + bet_size
        return to_call + sum(put) + to_call  # the call, then the pot after calling

    def node(actor: int, put: list[int], bets: int, checks: int) -> Any:
        other = 1 - actor
        facing = put[other] > put[actor]
        children: dict[str, Any] = {}
        if not facing:
            children["check"] = (then(put) if checks == 1 else node(other, put, bets, checks + 1))
            more = put.copy()
            more[actor] += size(actor, put)
            children["bet"] = node(other, more, 1, checks)
        else:
            children["fold"] = fold(actor, put)
            called = put.copy()
            called[actor] = put[other]
            children["call"] = then(called)
            if bets <= cap:
                more = put.copy()
                more[actor] += size(actor, put)
                children["raise"] = node(other, more, bets + 1, checks)
        return Decision(actor, children, info=None if info is None else info[actor])

    return node(first, put, 0, 0)


def build_game(settings: ClassGameSettings | None = None) -> Game:
    """The class game of the module's description."""
    s = settings or ClassGameSettings()
    counts, joint = transitions(s.samples, s.seed)
    q = s.levels
    sl = slices(counts, q)
    equity = slice_equity(sl).reshape(NUM_DRAW_CLASSES, MAX_DRAW + 1, q, NUM_DRAW_CLASSES, MAX_DRAW + 1, q)
    n = NUM_DRAW_CLASSES * q
    cls = np.repeat(np.arange(NUM_DRAW_CLASSES), q)
    labels = tuple(f"{CLASS_NAMES[c]} {lvl + 1}/{q}" for c in range(NUM_DRAW_CLASSES) for lvl in range(q))
    prior = np.kron(joint / joint.sum(), np.full((q, q), 1.0 / q**2))
    grouped = (cls, cls)

    def showdown(k0: int, k1: int) -> Callable[[list[int]], Terminal]:
        e = equity[:, k0, :, :, k1, :].reshape(n, n)
        return lambda put: Terminal(put[0] * (2.0 * e - 1.0))

    def fold(folder: int, put: list[int]) -> Terminal:
        return Terminal(float(-put[0] if folder == 0 else put[1]))

    def draws(put: list[int]) -> Decision:
        return Decision(0, {a: Decision(1, {b: _round(0, put, s.raise_cap, s.bet, s.bet_size, None,
                                                      showdown(k0, k1), fold)
                                            for k1, b in enumerate(DRAW_LABELS)}, info=cls)
                            for k0, a in enumerate(DRAW_LABELS)}, info=cls)

    root = _round(0, [s.ante, s.ante], s.raise_cap, s.bet, s.bet_size, grouped, draws, fold)
    return Game(f"heads-up {s.bet} five-card draw on classes", (labels, labels), prior, root,
                description="the whole hand of heads-up five-card draw on pre-draw classes, "
                            "draws of 0-4 cards and post-draw rank slices")


@dataclass(frozen=True)
class ClassDecision:
    """One pre-draw decision of the solution: ``history`` (the game's labels), the ``player``
    (0 acts first), its ``actions`` and ``probs[c, a]`` per pre-draw class."""

    history: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    probs: np.ndarray


def class_reach(table: dict[tuple[str, ...], ClassDecision], history: tuple[str, ...],
                player: int) -> np.ndarray:
    """``player``'s own probability per class of playing its actions along ``history``, by the
    decisions of ``table`` (history -> decision; the heads-up and the three-handed games)."""
    out = np.ones(NUM_DRAW_CLASSES)
    for i in range(len(history)):
        d = table.get(tuple(history[:i]))
        if d is not None and d.player == player:
            out = out * d.probs[:, d.actions.index(history[i])]
    return out


@dataclass(frozen=True)
class ClassSolution:
    """The pre-draw part of a solved class game (what the bot plays), for both readings.

    ``engine`` holds the solver's average strategy, ``read`` the dividing-point reading;
    ``axis`` each class's value after its best draw, ``prior`` each class's probability.
    """

    settings: ClassGameSettings
    axis: np.ndarray
    prior: np.ndarray
    engine: dict[tuple[str, ...], ClassDecision]
    read: dict[tuple[str, ...], ClassDecision]

    def decision(self, history: tuple[str, ...], reading: str = "read") -> ClassDecision:
        """The decision after ``history`` (``reading`` ``"read"`` or ``"engine"``); ``KeyError``
        off the pre-draw tree."""
        return (self.read if reading == "read" else self.engine)[tuple(history)]

    def reach(self, history: tuple[str, ...], player: int, reading: str = "read") -> np.ndarray:
        """``player``'s own probability per class of playing its actions along ``history``
        (the first round and the draws)."""
        return class_reach(self.read if reading == "read" else self.engine, history, player)

    def to_json(self) -> dict[str, Any]:
        """JSON-friendly view (the cache file's content)."""
        def table(t: dict[tuple[str, ...], ClassDecision]) -> list[dict[str, Any]]:
            return [{"history": list(d.history), "player": d.player, "actions": list(d.actions),
                     "probs": d.probs.round(6).tolist()} for d in t.values()]
        return {"settings": asdict(self.settings), "axis": self.axis.tolist(),
                "prior": self.prior.tolist(), "engine": table(self.engine), "read": table(self.read)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ClassSolution:
        """The inverse of :meth:`to_json`."""
        def table(rows: list[dict[str, Any]]) -> dict[tuple[str, ...], ClassDecision]:
            return {tuple(r["history"]): ClassDecision(tuple(r["history"]), int(r["player"]),
                                                       tuple(r["actions"]), np.array(r["probs"]))
                    for r in rows}
        return ClassSolution(ClassGameSettings(**data["settings"]), np.array(data["axis"]),
                             np.array(data["prior"]), table(data["engine"]), table(data["read"]))


def state_axis(flat: FlatGame, settings: ClassGameSettings) -> tuple[np.ndarray, np.ndarray]:
    """The axis keys of the private states before the draw (their class's :func:`class_axis`)
    and after it, per draw: ``(pre[h], post[k, h])``, post-draw keys being each slice's equity
    against the rules' final hands (see the module)."""
    from pokerlab.agents.draw.ranges import rules_ranges, strengths

    counts, _ = transitions(settings.samples, settings.seed)
    q = settings.levels
    pre = np.repeat(class_axis(settings.samples, settings.seed), q)
    rules_counts, _ = rules_ranges()
    s = strengths(rules_counts.sum(axis=0) / rules_counts.sum())
    sl = slices(counts, q)
    post = ordered_products(sl.reshape(-1, sl.shape[-1]), s).reshape(sl.shape[:3])
    post = post.transpose(1, 0, 2).reshape(MAX_DRAW + 1, -1)
    return pre, post


def _draw_of(flat: FlatGame, node: int, player: int) -> int:
    """The number of cards ``player`` drew on the way to ``node``."""
    history = flat.history(node)
    draws = [h for h in history if h in DRAW_LABELS]
    return DRAW_LABELS.index(draws[player])


def read_strategy(strategy: Strategy, settings: ClassGameSettings) -> Strategy:
    """The dividing-point reading of ``strategy`` (see the module): at every decision, the
    actor's states on the axis, split into segments of one action, the narrow ones merged."""
    f = strategy.flat
    pre, post = state_axis(f, settings)
    prior = np.asarray(f.game.prior, dtype=float)
    marginal = [prior.sum(axis=1), prior.sum(axis=0)]
    own = {p: _own_reach(strategy, p) for p in (0, 1)}
    probs = strategy.probs.copy()
    for node in f.decision_nodes():
        p = int(f.player[node])
        history = f.history(node)
        before = sum(h in DRAW_LABELS for h in history) < 2
        key = pre if before else post[_draw_of(f, node, p)]
        block = strategy.node_block(int(node))
        width = marginal[p] * own[p][node]
        if width.sum() <= 0:
            continue
        rows = f.row_group[f.row_base[node]: f.row_base[node] + len(width)] - f.row_base[node]
        read = read_decision(key, width, block, settings.min_width, rows)
        probs[f.row_base[node]: f.row_base[node] + len(width), : block.shape[1]] = read
    return Strategy(f, probs)


def _own_reach(strategy: Strategy, player: int) -> np.ndarray:
    f = strategy.flat
    own = np.ones((f.num_nodes, f.num_hands[player]))
    for node in range(1, f.num_nodes):
        parent = f.parent[node]
        own[node] = own[parent]
        if f.kind[parent] == DECISION and f.player[parent] == player:
            a = int(np.flatnonzero(f.children_of(parent) == node)[0])
            own[node] = own[parent] * strategy.node_block(int(parent))[:, a]
    return own


def _action_order(key: np.ndarray, width: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """The actions in the order of their mean position on the axis."""
    mass = width[:, None] * probs
    return np.argsort((mass * key[:, None]).sum(axis=0) / np.maximum(mass.sum(axis=0), 1e-300),
                      kind="stable")


def read_decision(key: np.ndarray, width: np.ndarray, block: np.ndarray, min_width: float,
                  groups: np.ndarray | None = None) -> np.ndarray:
    """One decision read as segments on an axis: states ordered by ``key`` (ties by index),
    each an interval of ``width``; ``block[h, a]`` the action probabilities. Returns the read
    probabilities (same shape), states of one group (``groups``) reading alike.

    >>> read_decision(np.array([0., 1., 2.]), np.ones(3), np.array([[.99, .01], [.5, .5], [0., 1.]]), 0.05)
    array([[1. , 0. ],
           [0.5, 0.5],
           [0. , 1. ]])
    """
    n, k = block.shape
    groups = np.arange(n) if groups is None else groups
    # Merge a group's states into one interval (they play alike).
    rep = np.unique(groups)
    w = np.array([width[groups == g].sum() for g in rep])
    kk = np.array([key[g] for g in rep])
    pb = np.array([block[g] for g in rep])
    total = w.sum()
    order = np.lexsort((rep, kk))
    action_order = _action_order(kk, w, pb)
    pieces: list[list[float]] = []  # [action, width]
    for i in order:
        for a in action_order:
            m = w[i] * pb[i, a]
            if m <= 0:
                continue
            if pieces and pieces[-1][0] == a:
                pieces[-1][1] += m
            else:
                pieces.append([float(a), m])
    # Narrow segments go to their neighbours (the wider one), until none is left.
    while len(pieces) > 1:
        narrow = min(range(len(pieces)), key=lambda j: pieces[j][1])
        if pieces[narrow][1] >= min_width * total:
            break
        left = pieces[narrow - 1] if narrow > 0 else None
        right = pieces[narrow + 1] if narrow + 1 < len(pieces) else None
        target = left if right is None or (left is not None and left[1] >= right[1]) else right
        target[1] += pieces[narrow][1]
        del pieces[narrow]
        j = 0
        while j + 1 < len(pieces):  # neighbours of one action join
            if pieces[j][0] == pieces[j + 1][0]:
                pieces[j][1] += pieces[j + 1][1]
                del pieces[j + 1]
            else:
                j += 1
    # Each state's interval takes the segments it overlaps.
    cuts = np.cumsum([pc[1] for pc in pieces])
    acts = [int(pc[0]) for pc in pieces]
    read_rep = np.zeros((len(rep), k))
    start = 0.0
    for i in order:
        stop = start + w[i]
        if w[i] <= 0:
            read_rep[i] = pb[i]
            continue
        lo = 0.0
        for cut, a in zip(cuts, acts, strict=True):
            overlap = min(stop, cut) - max(start, lo)
            if overlap > 0:
                read_rep[i, a] += overlap / w[i]
            lo = cut
        start = stop
    out = np.zeros_like(block)
    for j, g in enumerate(rep):
        out[groups == g] = read_rep[j]
    return out


def dividing_points(key: np.ndarray, width: np.ndarray, block: np.ndarray, actions: tuple[str, ...],
                    min_width: float) -> list[tuple[str, float, float]]:
    """The segments of one decision read on its axis: ``(action, start, stop)`` with the axis
    scaled to [0, 1] (the dividing points are the stops). Same reading as :func:`read_decision`."""
    read = read_decision(key, width, block, min_width)
    order = np.lexsort((np.arange(len(key)), key))
    total = width.sum()
    out: list[list[Any]] = []
    pos = 0.0
    action_order = _action_order(key, width, read)
    for i in order:
        for a in action_order:
            m = width[i] * read[i, a] / total
            if m <= 1e-12:
                continue
            if out and out[-1][0] == actions[a]:
                out[-1][2] += m
            else:
                out.append([actions[a], pos, pos + m])
            pos += m
    return [(a, float(lo), float(hi)) for a, lo, hi in out]


@dataclass(frozen=True)
class Solved:
    """A solved class game: the flat game, the solver's average strategy and its reading."""

    settings: ClassGameSettings
    flat: FlatGame
    engine: Strategy
    read: Strategy


def solve_game(settings: ClassGameSettings | None = None,
               progress: Callable[[int, int], None] | None = None) -> Solved:
    """Build and solve the class game (no cache), and read the solution."""
    s = settings or ClassGameSettings()
    flat = FlatGame.build(build_game(s))
    solver = CFRSolver(flat, s.algorithm)
    step = max(1, min(50, s.iterations // 20))  # a report at least every 50 iterations (Ctrl-C)
    done = 0
    while done < s.iterations:
        now = min(step, s.iterations - done)
        solver.run(now)
        done += now
        if progress is not None:
            progress(done, s.iterations)
    engine = solver.average_strategy()
    return Solved(s, flat, engine, read_strategy(engine, s))


def pre_draw_table(strategy: Strategy, levels: int) -> dict[tuple[str, ...], ClassDecision]:
    """The first round's and the draws' decisions of ``strategy`` per class."""
    f = strategy.flat
    out: dict[tuple[str, ...], ClassDecision] = {}
    for node in f.decision_nodes():
        history = f.history(int(node))
        if sum(h in DRAW_LABELS for h in history) >= 2:
            continue
        block = strategy.node_block(int(node))[::levels]  # a class's rows are alike
        out[history] = ClassDecision(history, int(f.player[node]), f.actions_of(int(node)), block.copy())
    return out


def solution_of(solved: Solved) -> ClassSolution:
    """The pre-draw tables of a solved game."""
    s = solved.settings
    prior = np.asarray(solved.flat.game.prior, dtype=float).sum(axis=1)[:: s.levels] * s.levels
    return ClassSolution(s, class_axis(s.samples, s.seed), prior,
                         pre_draw_table(solved.engine, s.levels), pre_draw_table(solved.read, s.levels))


SHIPPED = Path(__file__).parent / "data"
"""The solutions of the default settings that ship with the package (written by
``python -m pokerlab.agents.draw.game3``)."""


def solution_file(settings: ClassGameSettings) -> str:
    """The file name of a solution, keyed by every setting."""
    return f"draw-class-game-v{CACHE_VERSION}-{settings.key()}.json"


_SOLVED: dict[ClassGameSettings, ClassSolution] = {}


def stored_solution(settings: ClassGameSettings) -> ClassSolution | None:
    """The solution of ``settings`` shipped with the package or in the cache folder, or
    ``None`` when it has not been solved."""
    if settings in _SOLVED:
        return _SOLVED[settings]
    for path in (SHIPPED / solution_file(settings), cache_dir() / solution_file(settings)):
        try:
            solution = ClassSolution.from_json(json.loads(path.read_text()))
        except Exception:  # missing or damaged: the next place
            continue
        _SOLVED[settings] = solution
        return solution
    return None


def solve(settings: ClassGameSettings | None = None, cache: bool = True,
          progress: Callable[[int, int], None] | None = None) -> ClassSolution:
    """The solution's pre-draw tables for ``settings``: shipped with the package or in the
    cache folder, else solved (``progress(done, total)`` as the iterations go) and stored in
    the cache folder (``cache=False``: solved now, nothing stored)."""
    s = settings or ClassGameSettings()
    if not cache:
        return solution_of(solve_game(s, progress))
    solution = stored_solution(s)
    if solution is not None:
        return solution
    solution = solution_of(solve_game(s, progress))
    path = cache_dir() / solution_file(s)
    try:  # a temporary file renamed, so a concurrent reader never sees half a file
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".json")
        with os.fdopen(fd, "w") as handle:
            json.dump(solution.to_json(), handle)
        os.replace(tmp, path)
    except OSError:
        pass
    _SOLVED[s] = solution
    return solution


def settings_for(bet: str, raise_cap: int | None) -> ClassGameSettings | None:
    """The class game that serves a table: limit or pot-limit (no-limit plays pot-limit) with
    the table's raise cap (2 when it has none); ``None`` when the cap is beyond the solved
    trees (more than 3)."""
    cap = 2 if raise_cap is None else raise_cap
    if cap > 3:
        return None
    return replace(ClassGameSettings(), bet="limit" if bet == "limit" else "pot-limit", raise_cap=cap)


FIRST_ROUND_DECISIONS = ((), ("check",), ("bet",), ("check", "bet"))
"""The first round's decisions shown as dividing points: the first player's opening, the
second's after a check and facing a bet, the first's facing a bet after checking."""


@dataclass(frozen=True)
class Segments:
    """One decision read on its axis: ``(action, start, stop)`` segments of the seat's hands
    reaching it (the axis scaled to [0, 1], hands in order of value after the best draw) and
    the classes each segment covers."""

    history: tuple[str, ...]
    player: int
    segments: list[tuple[str, float, float]]
    classes: list[list[str]]

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        return {"history": list(self.history), "player": self.player,
                "segments": [{"action": a, "start": lo, "stop": hi, "classes": c}
                             for (a, lo, hi), c in zip(self.segments, self.classes, strict=True)]}


def first_round_segments(solution: Any,
                         histories: tuple[tuple[str, ...], ...] = FIRST_ROUND_DECISIONS) -> list[Segments]:
    """The dividing points of the first round's decisions (each seat's hands that reach the
    decision, by the solver's strategy, read as in :func:`read_decision`); ``solution`` a
    :class:`ClassSolution` or the first round for three
    (:class:`pokerlab.agents.draw.game3.ThreeSolution`).

    >>> s = solve(ClassGameSettings(levels=2, iterations=30), cache=False)
    >>> opening = first_round_segments(s)[0]
    >>> opening.player, round(opening.segments[-1][2], 9)
    (0, 1.0)
    """
    out = []
    for history in histories:
        d = solution.decision(history, "engine")
        width = solution.prior * solution.reach(history, d.player, "engine")
        segs = dividing_points(solution.axis, width, d.probs, d.actions, solution.settings.min_width)
        order = np.argsort(solution.axis, kind="stable")
        edges = np.concatenate(([0.0], np.cumsum(width[order]) / width.sum()))
        covered = [[CLASS_NAMES[order[i]] for i in range(len(order))
                    if min(hi, edges[i + 1]) - max(lo, edges[i]) > 1e-9]
                   for _, lo, hi in segs]
        out.append(Segments(history, d.player, segs, covered))
    return out
