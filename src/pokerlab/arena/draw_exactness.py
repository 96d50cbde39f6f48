"""How exact is the ``draw-threshold`` bot's final round? Its exploitability on real hands.

The patent's solution is exact for hands uniform on [0, 1]; real five-card hands are 7,462
values with very unequal weights, mixed at the thresholds by the virtual hands. This measures
what that costs, with the equilibrium engine (:mod:`pokerlab.equilibrium`):

* **The game.** The heads-up final round of five-card draw at pot ``pot`` (in bets): the same
  one-round betting the bot solves (:func:`pokerlab.agents.draw.threshold.final_round_plan`:
  limit with two raises is patent game 3). Each player's hand is its value after drawing
  ``drew`` cards by the keep rules (:func:`pokerlab.agents.draw.ranges.opponent_range`; 5 is a
  uniform five-card hand), independently (card removal ignored). The 7,462 values are grouped
  into ``buckets`` runs of neighbouring values of about equal probability (a value with more
  weight than a bucket is a bucket of its own); a player knows its bucket, the better bucket
  wins, equal buckets split (the payoff between two different values of one bucket averages to
  a split, as the game is symmetric), so the fine discretisation's payoffs are exact.
* **The bot's strategy** in a bucket is the bot's play averaged over the bucket's values
  (:func:`pokerlab.agents.draw.threshold.interval_probabilities`), in both seats.
* **Reported:** its exploitability (OpenSpiel's: NashConv / 2, in bets per hand) beside that
  of the best strategy the engine finds for the same game (CFR+ after ``iterations``
  iterations, its average strategy), and each player's best-response gain.

Examples
--------
>>> r = final_round_exactness(drew=3, pot=3, buckets=40, iterations=300)
>>> r.buckets <= 40, r.bot_exploitability > r.cfr_exploitability
(True, True)
>>> round(r.bot_exploitability, 2) < 0.1
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from pokerlab.agents.draw.ranges import opponent_range, strengths
from pokerlab.agents.draw.threshold import MIXING_MODES, final_round_plan, interval_probabilities
from pokerlab.equilibrium import CFRSolver, discretised_game
from pokerlab.equilibrium.exploitability import measure
from pokerlab.equilibrium.flat import DECISION, FlatGame
from pokerlab.equilibrium.game import Game
from pokerlab.equilibrium.strategy import Strategy


@dataclass(frozen=True)
class Exactness:
    """The bot's and CFR+'s exploitability on one final-round game (in bets per hand)."""

    drew: int
    pot: float
    bet: str
    mixing: str
    buckets: int
    iterations: int
    bot_exploitability: float
    bot_gains: tuple[float, float]
    cfr_exploitability: float
    cfr_gains: tuple[float, float]
    bot_value_p1: float
    cfr_value_p1: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        return asdict(self)


def bucket_values(p: np.ndarray, buckets: int) -> np.ndarray:
    """Each hand value's bucket (``-1`` for values of no weight): runs of neighbouring values of
    about ``1 / buckets`` of the weight each, numbered from 0 upwards without gaps."""
    mid = strengths(p)
    raw = np.minimum((mid * buckets).astype(np.int64), buckets - 1)
    raw[p <= 0] = -1
    used = np.unique(raw[raw >= 0])
    renumber = np.full(buckets, -1, dtype=np.int64)
    renumber[used] = np.arange(len(used))
    return np.where(raw >= 0, renumber[np.maximum(raw, 0)], -1)


def final_round_exactness(drew: int = 3, pot: float = 3.0, bet: str = "limit", raise_cap: int = 2,
                          buckets: int = 200, iterations: int = 2000, mixing: str = "above") -> Exactness:
    """Build the game of the module's description and measure the bot's strategy and CFR+'s."""
    if mixing not in MIXING_MODES:
        raise ValueError(f"--mixing: one of {', '.join(MIXING_MODES)}, not {mixing!r}")
    if not 2 <= buckets <= 2000:
        raise ValueError(f"--buckets: 2 to 2000, not {buckets}")
    if not pot > 0:
        raise ValueError(f"--pot: must be greater than 0, not {pot}")
    if iterations < 1:
        raise ValueError(f"--iterations: at least 1, not {iterations}")
    p = opponent_range(drew, {})
    bucket = bucket_values(p, buckets)
    count = int(bucket.max()) + 1
    weight = np.bincount(bucket[bucket >= 0], weights=p[bucket >= 0], minlength=count)
    plan = final_round_plan(bet, raise_cap, None if (bet == "limit" and raise_cap == 2) else pot)
    discrete = discretised_game(plan.game, count, pot)
    game = Game(f"five-card draw final round, drew {drew}, pot {pot:g}", discrete.hands,
                np.outer(weight, weight) / weight.sum() ** 2, discrete.root,
                description="heads-up final round of five-card draw, bucketed hand values")
    flat = FlatGame.build(game)

    # The bot's play for every value, averaged within each bucket (weights p).
    s = strengths(p)
    live = np.flatnonzero(p > 0)
    x = s[live]
    below = np.concatenate(([np.nan], x[:-1]))
    above = np.concatenate((x[1:], [np.nan]))
    member = np.zeros((count, len(live)))
    member[bucket[live], np.arange(len(live))] = p[live]
    member /= member.sum(axis=1, keepdims=True)
    probs = flat.uniform_strategy()
    for node in range(flat.num_nodes):
        if flat.kind[node] != DECISION:
            continue
        history = flat.history(node)
        axis = plan.axis(int(flat.player[node]) + 1, history, pot)
        if axis is None:
            raise ValueError(f"the solution has no decision at {history!r}")
        cuts, actions = axis
        per_value = interval_probabilities(x, below, above, cuts, mixing)
        # A value plays the plan of each interval with these probabilities (once per hand): at
        # this decision only the plans that reach it count, weighted by value and reach.
        labels = list(flat.actions_of(node))
        by_label = np.zeros((len(live), len(labels)))
        for k, action in enumerate(actions):
            if action is not None:
                by_label[:, labels.index(action)] += per_value[:, k]
        weights = member @ by_label
        reach = weights.sum(axis=1, keepdims=True)
        start = flat.row_base[node]
        probs[start: start + count, : len(labels)] = np.where(
            reach > 0, weights / np.where(reach > 0, reach, 1.0), 1.0 / len(labels))
    bot = measure(Strategy(flat, probs))
    solver = CFRSolver(game, "cfr+")
    solver.run(iterations)
    best = measure(solver.average_strategy())
    return Exactness(
        drew=drew, pot=float(pot), bet=bet, mixing=mixing, buckets=count, iterations=iterations,
        bot_exploitability=bot.exploitability, bot_gains=tuple(float(g) for g in bot.gains),  # type: ignore[arg-type]
        cfr_exploitability=best.exploitability, cfr_gains=tuple(float(g) for g in best.gains),  # type: ignore[arg-type]
        bot_value_p1=float(bot.values[0]), cfr_value_p1=float(best.values[0]),
    )


@dataclass(frozen=True)
class WholeHandExactness:
    """The whole-hand class game's solution and its dividing-point reading, measured in the
    same game (:mod:`pokerlab.agents.draw.game`); figures in small bets per hand.

    ``*_exploitability``: NashConv / 2; ``read_concedes[p]``: what seat ``p`` (0 acts first)
    loses by playing the reading instead of the solution when the other seat plays the
    solution; ``pre_draw_read_*``: the reading on the first round and the draw only (the
    solution after the draw), which is what the ``draw-threshold`` bot plays before the draw.
    """

    settings: dict[str, Any]
    states: int
    nodes: int
    engine_exploitability: float
    engine_value_p0: float
    read_exploitability: float
    read_concedes: tuple[float, float]
    pre_draw_read_exploitability: float
    pre_draw_read_concedes: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        return asdict(self)


def whole_hand_exactness(solved: Any) -> WholeHandExactness:
    """Measure a solved class game (:func:`pokerlab.agents.draw.game.solve_game`): the
    solver's strategy, its reading, and the reading before the draw only."""
    from pokerlab.agents.draw.game import DRAW_LABELS
    from pokerlab.equilibrium.value import expected_values

    flat, engine, read = solved.flat, solved.engine, solved.read
    sb = float(solved.settings.bet_size)
    pre_rows = np.zeros(flat.num_rows, dtype=bool)
    for node in flat.decision_nodes():
        if sum(h in DRAW_LABELS for h in flat.history(int(node))) < 2:
            base = flat.row_base[node]
            pre_rows[base: base + flat.num_hands[flat.player[node]]] = True
    pre = engine.probs.copy()
    pre[pre_rows] = read.probs[pre_rows]
    pre_read = Strategy(flat, pre)
    base_values = expected_values(engine)

    def concedes(strategy: Strategy) -> tuple[float, float]:
        out = []
        for p in (0, 1):
            mixed = engine.probs.copy()
            rows = flat.row_player == p
            mixed[rows] = strategy.probs[rows]
            out.append(float(base_values[p] - expected_values(Strategy(flat, mixed))[p]) / sb)
        return out[0], out[1]

    return WholeHandExactness(
        settings=asdict(solved.settings), states=flat.num_hands[0], nodes=flat.num_nodes,
        engine_exploitability=measure(engine).exploitability / sb,
        engine_value_p0=float(base_values[0]) / sb,
        read_exploitability=measure(read).exploitability / sb,
        read_concedes=concedes(read),
        pre_draw_read_exploitability=measure(pre_read).exploitability / sb,
        pre_draw_read_concedes=concedes(pre_read),
    )


@dataclass(frozen=True)
class ThreeHandedExactness:
    """The first round for three (:mod:`pokerlab.agents.draw.game3`): NashConv of the solver's
    strategy and of its dividing-point reading, in small bets per hand, and each player's value."""

    settings: dict[str, Any]
    nodes: int
    engine_nash_conv: float
    engine_values: tuple[float, float, float]
    read_nash_conv: float
    read_values: tuple[float, float, float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly view."""
        return asdict(self)


def three_handed_exactness(solved: Any) -> ThreeHandedExactness:
    """Measure a solved first round for three (:func:`pokerlab.agents.draw.game3.solve_game3`)."""
    sb = float(solved.settings.bet_size)
    engine, read = measure(solved.engine), measure(solved.read)
    return ThreeHandedExactness(
        settings=asdict(solved.settings), nodes=solved.flat.num_nodes,
        engine_nash_conv=engine.nash_conv / sb,
        engine_values=tuple(float(v) / sb for v in engine.values),  # type: ignore[arg-type]
        read_nash_conv=read.nash_conv / sb,
        read_values=tuple(float(v) / sb for v in read.values),  # type: ignore[arg-type]
    )
