"""Views of a solved spot: a decision by hand class, and the threshold reading of a river.

:func:`view_classes` aggregates the decision a line leads to
(:class:`~pokerlab.spot.solution.NodeView`) by the 169 hand classes
(:mod:`pokerlab.spot.classes`), for the 13x13 grid (:mod:`pokerlab.spot.grid`).
:func:`read_solved` hands a river's decisions to :mod:`pokerlab.spot.threshold_reading` as
per-combo strategies with each combo's showdown strength on the board, plays the reading back
in the same tree and measures both with the spot's exact best response
(:func:`pokerlab.spot.bestresponse.evaluate`).

Examples
--------
>>> from pokerlab.spot.spec import Spot
>>> from pokerlab.spot.solver import Solver
>>> s = Spot.from_dict({"board": "Ks Qd Jh 4c 2s", "pot": 10, "stack": 100,
...                     "oop_range": "AT, 65", "ip_range": "77", "river": {"oop": {"bet": "100%"}}})
>>> solver = Solver(s)
>>> solver.run(300)
>>> r = read_solved(solver.tree, solver.deal, solver.layout, solver.average_strategy())
>>> [(seg.action, round(seg.lo, 2), round(seg.hi, 2)) for seg in r.reading.decisions[("b10",)].segments]
[('f', 0.0, 0.5), ('c', 0.5, 1.0)]
>>> r.concession.reading_pct < 0.5
True
>>> from pokerlab.spot.solution import view_line
>>> table = view_classes(view_line(solver.tree, solver.deal, solver.layout, solver.average_strategy(), ""))
>>> table.actions, [round(float(x), 2) for x in table.frequency("ATo")], table.weight_of("ATo")
(('x', 'b10'), [0.0, 1.0], 12.0)
>>> round(float(table.frequency("65o")[1]), 1), table.weight_of("AKo")  # bluffs; AKo not in range
(0.5, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerlab.cards import ALL_COMBOS, combo_index, format_cards
from pokerlab.evaluate import evaluate_batch
from pokerlab.spot.bestresponse import evaluate
from pokerlab.spot.classes import ClassStrategy, class_strategy
from pokerlab.spot.deal import Deal
from pokerlab.spot.layout import Layout
from pokerlab.spot.solution import NodeView, Solution
from pokerlab.spot.threshold_reading import (
    Concession,
    Decision,
    History,
    ThresholdReading,
    axis_ticks,
    concession,
    plot_square,
    read_solution,
    square,
)
from pokerlab.spot.tree import DECISION, Tree


def view_classes(view: NodeView) -> ClassStrategy:
    """The decision a :class:`~pokerlab.spot.solution.NodeView` shows, by hand class.

    The view holds the actor's combos in actual cards (a line through a dealt card is turned
    back from the solver's suit-isomorphic frame), their reach (range weight times the
    player's own actions on the way) and their strategy; combos holding a board card are left
    out.
    """
    if view.kind != "decision":
        raise ValueError(f"line {' '.join(view.line) or '(root)'}: not a decision ({view.kind})")
    combos = np.array([combo_index(int(a), int(b)) for a, b in view.combos], dtype=np.int64)
    probs = np.asarray(view.strategy, dtype=float).T
    return class_strategy(combos, probs, view.reach, view.actions, view.board)


def river_strength(deal: Deal, board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each player's hands' showdown values on the five-card ``board`` (higher is stronger)."""
    out = []
    for p in (0, 1):
        seven = np.empty((len(deal.hands[p]), 7), dtype=np.uint8)
        seven[:, :2] = deal.cards[p]
        seven[:, 2:] = board
        out.append(evaluate_batch(seven).astype(np.int64))
    return out[0], out[1]


def solved_decisions(tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray) -> dict[History, Decision]:
    """Every decision of a river tree with the solver's per-combo probabilities, by line."""
    if tree.spot.street != "river":
        raise ValueError(f"the threshold reading reads river spots, not a {tree.spot.street}")
    out = {}
    for node in np.flatnonzero(tree.kind == DECISION):
        node = int(node)
        player = int(tree.player[node])
        na = int(tree.num_children[node])
        block = np.asarray(strategy[layout.block(node, 0)], dtype=float).reshape(na, -1)
        out[tuple(tree.line(node))] = Decision(player, tuple(tree.actions(node)), block.T.copy())
    return out


def layout_strategy(
    profile: dict[History, np.ndarray], tree: Tree, layout: Layout, like: np.ndarray
) -> np.ndarray:
    """The solver-layout array that plays ``profile`` (per line, ``(hands, actions)``)."""
    out = np.array(like, dtype=np.float32, copy=True)
    for node in np.flatnonzero(tree.kind == DECISION):
        node = int(node)
        block = np.asarray(profile[tuple(tree.line(node))], dtype=np.float32)
        out[layout.block(node, 0)] = block.T.ravel()
    return out


@dataclass(frozen=True, eq=False)
class SolvedReading:
    """The reading of a solved river, what it concedes, and what draws its square."""

    decisions: dict[History, Decision]
    reading: ThresholdReading
    concession: Concession
    weights: tuple[np.ndarray, np.ndarray]
    strength: tuple[np.ndarray, np.ndarray]
    names: tuple[list[str], list[str]]

    def plot(self, path: str, title: str) -> None:
        """Draw the unit square of the reading (OOP's hands on x, IP's on y) into ``path``."""
        sq = square(self.decisions, self.reading.profile(), self.weights, self.strength)
        ticks = (
            axis_ticks(self.weights[0], self.strength[0], self.names[0]),
            axis_ticks(self.weights[1], self.strength[1], self.names[1]),
        )
        plot_square(sq, path, title, ticks)


def read_saved(solution: Solution, min_segment: float = 0.0) -> SolvedReading:
    """:func:`read_solved` of a solution (solved or loaded from a file)."""
    return read_solved(solution.tree, solution.deal, solution.layout, solution.strategy, min_segment)


def read_solved(
    tree: Tree, deal: Deal, layout: Layout, strategy: np.ndarray, min_segment: float = 0.0
) -> SolvedReading:
    """Read a solved river by dividing points and measure what the reading concedes.

    Raises
    ------
    ValueError
        If the spot is not a river, or ``min_segment`` is outside ``[0, 0.5]``.
    """
    if not 0 <= min_segment <= 0.5:
        raise ValueError(f"--min-segment {min_segment}: must be in [0, 0.5]")
    decisions = solved_decisions(tree, deal, layout, strategy)
    strength = river_strength(deal, tree.spot.board)
    weights = (np.asarray(deal.weights[0], dtype=float), np.asarray(deal.weights[1], dtype=float))
    reading = read_solution(decisions, weights, strength, min_segment)

    def measure(profile: dict[History, np.ndarray]) -> float:
        played = layout_strategy(profile, tree, layout, strategy)
        return evaluate(tree, deal, layout, played).exploitability_pct

    names = tuple([format_cards(ALL_COMBOS[i][::-1], sep="") for i in deal.hands[p]] for p in (0, 1))
    return SolvedReading(decisions, reading, concession(decisions, reading, measure), weights, strength,
                         (names[0], names[1]))  # fmt: skip
